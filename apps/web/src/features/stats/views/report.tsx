import { useEffect, useMemo, useState } from 'react';
import {
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Row,
  Segmented,
  Skeleton,
  Space,
  Statistic,
  Table,
  Typography,
  theme,
  type TableColumnsType,
} from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import {
  PERMS,
  STATS_FINANCE_FIGURES,
  STATS_REPORT_MONEY,
  labels,
  labelOf,
  statsReportLabels as L,
  type StatsReport,
  type StatsReportHeadline,
  type StatsReportOutlet,
  type StatsReportQuery,
} from '@cbo/contract';
import { Chart } from '@/shared/chart/chart';
import { EmptyState } from '@/shared/empty-state';
import { useLang } from '@/shared/form';
import { callKey, useIsMobile } from '@/shared/list-page';
import { useMoney } from '@/shared/money';
import { useButtons } from '@/shared/permission';
import { downloadFile, request } from '@/shared/request';
import { ScopePicker, scopeParams, SCOPE_KINDS, type Scope, type ScopeKind } from '../components/scope-picker';
import { viewerZone } from '../components/stats-window';
import './report.css';

const MAX_DAYS = 366;
const PRESETS = ['lastWeek', 'lastMonth', 'custom'] as const;
type Preset = (typeof PRESETS)[number];

/** The days of a preset in the viewer's zone: last week is Monday to Sunday before this one, last month the calendar month before this one. */
export function presetRange(p: Exclude<Preset, 'custom'>, today = dayjs()): [Dayjs, Dayjs] {
  if (p === 'lastMonth') {
    const first = today.startOf('month').subtract(1, 'month');
    return [first, first.endOf('month')];
  }
  const monday = today.startOf('day').subtract((today.day() + 6) % 7, 'day');
  return [monday.subtract(7, 'day'), monday.subtract(1, 'day').endOf('day')];
}

const parseDay = (v: string | null) =>
  v && dayjs(v, 'YYYY-MM-DD', true).isValid() ? dayjs(v, 'YYYY-MM-DD', true) : null;

/**
 * Statistics → Operation report (menu url stats/report): a period's report of the whole business,
 * a region, an agent or an outlet that an operator sends on. One server call (stats/report) answers
 * every number on the screen, in the workbook it downloads (stats/report/xlsx) and on paper (the
 * print button; report.css lays the sections on A4 and hides the console around them). The scope
 * and the period live in the address, so a link opens the same report.
 */
export default function OperationReportView() {
  const { t } = useTranslation('report');
  const lang = useLang();
  const { token } = theme.useToken();
  const { money } = useMoney();
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const buttons = useButtons();
  const [params, setParams] = useSearchParams();

  const scopeKind = (SCOPE_KINDS as readonly string[]).includes(params.get('scope') ?? '')
    ? (params.get('scope') as ScopeKind)
    : 'all';
  const scope: Scope = { kind: scopeKind, id: scopeKind === 'all' ? null : Number(params.get('id')) || null };
  const preset: Preset = (PRESETS as readonly string[]).includes(params.get('preset') ?? '')
    ? (params.get('preset') as Preset)
    : 'lastWeek';
  const custom: [Dayjs, Dayjs] | null = useMemo(() => {
    const b = parseDay(params.get('begin'));
    const e = parseDay(params.get('end'));
    return b && e && !b.isAfter(e) ? [b, e] : null;
  }, [params]);
  const range: [Dayjs, Dayjs] = preset === 'custom' ? (custom ?? presetRange('lastWeek')) : presetRange(preset);
  const set = (next: Record<string, string | null>) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        for (const [k, v] of Object.entries(next))
          if (v === null) q.delete(k);
          else q.set(k, v);
        return q;
      },
      { replace: true },
    );

  const query = useMemo<StatsReportQuery | null>(() => {
    if (scope.kind !== 'all' && !scope.id) return null;
    return {
      beginTime: range[0].startOf('day').toISOString(),
      endTime: range[1].endOf('day').toISOString(),
      timeZone: viewerZone(),
      ...scopeParams(scope),
    };
  }, [scope.kind, scope.id, range[0].valueOf(), range[1].valueOf()]);
  const q = useQuery({
    queryKey: [...callKey('statsReport'), query],
    queryFn: ({ signal }) => request('statsReport', { query: query! }, { signal }),
    enabled: query !== null,
  });
  const r = query ? q.data : undefined;

  // While this screen is the one shown, printing lays out the report alone (report.css).
  useEffect(() => {
    document.documentElement.classList.add('report-printable');
    return () => document.documentElement.classList.remove('report-printable');
  }, []);

  const [downloading, setDownloading] = useState(false);
  const onDownload = async () => {
    if (!query) return;
    setDownloading(true);
    try {
      const name = await downloadFile('statsReportExport', query, 'report.xlsx', { silent: true });
      void message.success(t('downloaded', { name }));
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setDownloading(false);
    }
  };

  const scopeTitle = r
    ? r.scope.kind === 'all'
      ? L.wholeBusiness[lang]
      : `${L.scope[r.scope.kind][lang]}: ${r.scope.name ?? r.scope.id}`
    : '';
  const days = (from: string, to: string) => `${dayjs(from).format('YYYY-MM-DD')} ~ ${dayjs(to).format('YYYY-MM-DD')}`;
  const empty = r && r.headline.every((h) => h.current === 0) && r.daily.every((d) => d.orderCount === 0);

  const chart = useMemo(
    () =>
      r && {
        animation: false,
        grid: { left: 64, right: 48, top: 36, bottom: 28 },
        tooltip: { trigger: 'axis' },
        legend: { top: 0, textStyle: { color: token.colorTextSecondary } },
        xAxis: {
          type: 'category',
          data: r.daily.map((d) => dayjs(d.day).format('MM-DD')),
          axisLabel: { color: token.colorTextSecondary },
        },
        yAxis: [
          {
            type: 'value',
            minInterval: 100,
            splitLine: { lineStyle: { color: token.colorSplit } },
            axisLabel: { color: token.colorTextSecondary, formatter: (v: number) => money(v) },
          },
          { type: 'value', minInterval: 1, splitLine: { show: false }, axisLabel: { color: token.colorTextSecondary } },
        ],
        series: [
          {
            name: L.figure.paidAmount[lang],
            type: 'bar',
            barMaxWidth: 36,
            data: r.daily.map((d) => d.paidAmount),
            itemStyle: { color: token.colorPrimary },
            tooltip: { valueFormatter: (v: number) => money(v) },
          },
          {
            name: L.figure.refundAmount[lang],
            type: 'bar',
            barMaxWidth: 36,
            data: r.daily.map((d) => d.refundAmount),
            itemStyle: { color: token.colorWarning },
            tooltip: { valueFormatter: (v: number) => money(v) },
          },
          {
            name: L.figure.orderCount[lang],
            type: 'line',
            yAxisIndex: 1,
            data: r.daily.map((d) => d.orderCount),
            itemStyle: { color: token.colorSuccess },
          },
        ],
      },
    [r, token, money, lang, t],
  );

  const value = (h: StatsReportHeadline, v: number) =>
    STATS_REPORT_MONEY.includes(h.key) ? money(v) : h.key === 'avgRentalMinutes' ? v.toFixed(1) : String(v);
  const outletColumns: TableColumnsType<StatsReportOutlet> = [
    {
      title: L.column.rank[lang],
      key: 'rank',
      width: 64,
      render: (_: unknown, __: StatsReportOutlet, i: number) => i + 1,
    },
    {
      title: L.column.outlet[lang],
      dataIndex: 'outletName',
      key: 'outletName',
      ellipsis: true,
      render: (v: string | null, o) => v ?? `#${o.outletId}`,
    },
    { title: L.figure.orderCount[lang], dataIndex: 'orderCount', key: 'orderCount', width: 100, align: 'right' },
    {
      title: L.figure.paidAmount[lang],
      dataIndex: 'paidAmount',
      key: 'paidAmount',
      width: 140,
      align: 'right',
      render: (v: number) => money(v),
    },
    {
      title: L.column.share[lang],
      dataIndex: 'share',
      key: 'share',
      width: 90,
      align: 'right',
      render: (v: number) => `${v.toFixed(1)}%`,
    },
  ];

  return (
    <Flex vertical gap={16} className="stats-report" data-testid="report">
      <Card size="small" className="report-controls">
        <Flex wrap gap={12} align="center" justify="space-between">
          <Flex wrap gap={12} align="center">
            {/* The report's answer names its scope: a shared link shows the picked one by name. */}
            <ScopePicker
              value={scope}
              onChange={(next) =>
                set({ scope: next.kind === 'all' ? null : next.kind, id: next.id ? String(next.id) : null })
              }
              known={r?.scope}
              testId="report-scope"
            />
            <Segmented
              value={preset}
              onChange={(v) => {
                const p = v as Preset;
                if (p !== 'custom') return set({ preset: p === 'lastWeek' ? null : p, begin: null, end: null });
                set({ preset: 'custom', begin: range[0].format('YYYY-MM-DD'), end: range[1].format('YYYY-MM-DD') });
              }}
              options={PRESETS.map((p) => ({ value: p, label: t(`preset.${p}`) }))}
              data-testid="report-preset"
            />
            {preset === 'custom' && (
              <DatePicker.RangePicker
                value={range}
                allowClear={false}
                onChange={(v) => {
                  if (!v?.[0] || !v[1]) return;
                  if (v[1].diff(v[0], 'day') >= MAX_DAYS) return void message.warning(t('tooLong'));
                  set({ begin: v[0].format('YYYY-MM-DD'), end: v[1].format('YYYY-MM-DD') });
                }}
                disabledDate={(day, info) =>
                  day.isAfter(dayjs().endOf('day')) ||
                  Boolean(info.from && Math.abs(day.diff(info.from, 'day')) >= MAX_DAYS)
                }
                data-testid="report-range"
              />
            )}
          </Flex>
          <Space wrap>
            <Button icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!r} data-testid="report-print">
              {t('print')}
            </Button>
            {buttons.has(PERMS.statsReportExport) && (
              <Button
                type="primary"
                icon={<DownloadOutlined />}
                onClick={() => void onDownload()}
                loading={downloading}
                disabled={!r}
                data-testid="report-download"
              >
                {t('download')}
              </Button>
            )}
          </Space>
        </Flex>
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
          {t('hint', { zone: viewerZone() })}
        </Typography.Text>
      </Card>

      {!query ? (
        <Card size="small">
          <EmptyState description={t('pickFirst', { kind: L.scope[scopeKind][lang] })} />
        </Card>
      ) : q.isError && !r ? (
        <Card size="small" data-testid="report-error">
          <EmptyState description={q.error instanceof Error ? q.error.message : String(q.error)} />
        </Card>
      ) : (
        <div className="report-paper">
          <header className="report-title">
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="report-title">
              {L.title[lang]}
              {r ? ` · ${scopeTitle}` : ''}
            </Typography.Title>
            {r ? (
              <Typography.Text type="secondary">
                {L.period[lang]}: {days(r.beginTime, r.endTime)} · {L.previousPeriod[lang]}:{' '}
                {days(r.previous.beginTime, r.previous.endTime)}
                {r.scope.outlets !== null ? ` · ${t('outlets', { count: r.scope.outlets })}` : ''}
              </Typography.Text>
            ) : (
              <Skeleton active paragraph={false} />
            )}
          </header>

          <section className="report-section">
            <Typography.Title level={5}>{L.section.headline[lang]}</Typography.Title>
            <Row gutter={[12, 12]}>
              {(r?.headline ?? Array.from({ length: 6 }, () => null)).map((h, i) => (
                <Col key={h?.key ?? i} xs={12} md={8} xl={4}>
                  <Card size="small" className="report-figure" data-testid={h ? `report-figure-${h.key}` : undefined}>
                    {h ? (
                      <>
                        <Statistic
                          title={L.figure[h.key][lang]}
                          value={value(h, h.current)}
                          valueStyle={{ fontVariantNumeric: 'tabular-nums', fontSize: isMobile ? 18 : 22 }}
                        />
                        <span data-testid={`report-value-${h.key}`} hidden>
                          {h.current}
                        </span>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {t('vsPrevious', { value: value(h, h.previous) })}{' '}
                          {h.change === null ? (
                            <span>· {t('noChange')}</span>
                          ) : (
                            <span
                              style={{
                                color: h.change > 0 ? token.colorSuccess : h.change < 0 ? token.colorError : undefined,
                              }}
                            >
                              {h.change > 0 ? <ArrowUpOutlined /> : h.change < 0 ? <ArrowDownOutlined /> : null}{' '}
                              {Math.abs(h.change).toFixed(1)}%
                            </span>
                          )}
                        </Typography.Text>
                      </>
                    ) : (
                      <Skeleton active paragraph={{ rows: 1 }} title={false} />
                    )}
                  </Card>
                </Col>
              ))}
            </Row>
          </section>

          <section className="report-section">
            <Typography.Title level={5}>{L.section.daily[lang]}</Typography.Title>
            <Card size="small" className="report-chart">
              {!r ? (
                <Skeleton.Node active style={{ width: '100%', height: 280 }} />
              ) : empty ? (
                <EmptyState description={t('empty')} />
              ) : (
                <Chart option={chart!} height={280} label={L.section.daily[lang]} />
              )}
            </Card>
          </section>

          <Row gutter={[16, 16]}>
            <Col xs={24} xl={14}>
              <section className="report-section">
                <Typography.Title level={5}>{L.section.outlets[lang]}</Typography.Title>
                <Table<StatsReportOutlet>
                  size="small"
                  rowKey="outletId"
                  loading={q.isFetching && !r}
                  columns={outletColumns}
                  dataSource={r?.topOutlets ?? []}
                  pagination={false}
                  scroll={isMobile ? { x: 520 } : undefined}
                  locale={{ emptyText: <EmptyState description={t('empty')} /> }}
                  data-testid="report-outlets"
                />
              </section>
            </Col>
            <Col xs={24} xl={10}>
              <section className="report-section">
                <Typography.Title level={5}>{L.section.money[lang]}</Typography.Title>
                <Card size="small" data-testid="report-money">
                  {!r ? (
                    <Skeleton active />
                  ) : r.money ? (
                    <table className="report-money">
                      <tbody>
                        {STATS_FINANCE_FIGURES.map((f) => (
                          <tr key={f} className={f === 'net' ? 'is-total' : undefined}>
                            <th>{labelOf(labels.stats.figure, f, lang)}</th>
                            <td data-testid={`report-money-${f}`}>{money(r.money![f])}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  ) : (
                    <EmptyState description={L.moneyUnscoped[lang]} />
                  )}
                </Card>
              </section>
            </Col>
          </Row>
        </div>
      )}
    </Flex>
  );
}

export type { StatsReport };
