import { useMemo, type ReactNode } from 'react';
import { Card, Col, Row, Skeleton, Statistic, Table, Typography, type TableColumnsType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  STATS_FINANCE_FIGURES,
  STATS_REPORT_MONEY,
  labels,
  labelOf,
  statsReportLabels as L,
  type StatsReport,
  type StatsReportHeadline,
  type StatsReportOutlet,
} from '@cbo/contract';
import { Chart } from '@/shared/chart/chart';
import { EmptyState } from '@/shared/empty-state';
import { useLang } from '@/shared/form';
import { useIsMobile } from '@/shared/list-page';
import { useMoney } from '@/shared/money';
import { useChartStyle } from './chart-style';

/*
 * The sections of the operation report (views/report.tsx), each given the report or undefined
 * while it loads. report.css lays them on A4 for printing.
 */

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="report-section">
      <Typography.Title level={5}>{title}</Typography.Title>
      {children}
    </section>
  );
}

/** The headline figures, each with the previous period's value and the change in per cent. */
export function HeadlineSection({ r }: { r: StatsReport | undefined }) {
  const { t } = useTranslation('report');
  const lang = useLang();
  const { token } = useChartStyle();
  const { money } = useMoney();
  const isMobile = useIsMobile();
  const value = (h: StatsReportHeadline, v: number) =>
    STATS_REPORT_MONEY.includes(h.key) ? money(v) : h.key === 'avgRentalMinutes' ? v.toFixed(1) : String(v);
  return (
    <Section title={L.section.headline[lang]}>
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
    </Section>
  );
}

/** Each day's amount paid and refunded (bars, money axis) and orders (line, right axis). */
export function DailySection({ r }: { r: StatsReport | undefined }) {
  const { t } = useTranslation('report');
  const lang = useLang();
  const { money } = useMoney();
  const style = useChartStyle();
  const empty = r && r.headline.every((h) => h.current === 0) && r.daily.every((d) => d.orderCount === 0);
  const chart = useMemo(() => {
    if (!r) return undefined;
    const moneyTip = { barMaxWidth: 36, tooltip: { valueFormatter: (v: number) => money(v) } };
    return {
      animation: false,
      grid: { left: 64, right: 48, top: 36, bottom: 28 },
      tooltip: { trigger: 'axis' },
      legend: style.legend,
      xAxis: style.category(r.daily.map((d) => dayjs(d.day).format('MM-DD'))),
      yAxis: [
        style.value({ minInterval: 100, formatter: (v: number) => money(v) }),
        {
          type: 'value',
          minInterval: 1,
          splitLine: { show: false },
          axisLabel: { color: style.token.colorTextSecondary },
        },
      ],
      series: [
        style.series(
          L.figure.paidAmount[lang],
          'bar',
          r.daily.map((d) => d.paidAmount),
          style.token.colorPrimary,
          moneyTip,
        ),
        style.series(
          L.figure.refundAmount[lang],
          'bar',
          r.daily.map((d) => d.refundAmount),
          style.token.colorWarning,
          moneyTip,
        ),
        style.series(
          L.figure.orderCount[lang],
          'line',
          r.daily.map((d) => d.orderCount),
          style.token.colorSuccess,
          { yAxisIndex: 1 },
        ),
      ],
    };
  }, [r, style, money, lang]);
  return (
    <Section title={L.section.daily[lang]}>
      <Card size="small" className="report-chart">
        {!chart ? (
          <Skeleton.Node active style={{ width: '100%', height: 280 }} />
        ) : empty ? (
          <EmptyState description={t('empty')} />
        ) : (
          <Chart option={chart} height={280} label={L.section.daily[lang]} />
        )}
      </Card>
    </Section>
  );
}

/** The outlets that took the most, with their share of the scope's amount paid. */
export function OutletsSection({ r, loading }: { r: StatsReport | undefined; loading: boolean }) {
  const { t } = useTranslation('report');
  const lang = useLang();
  const { money } = useMoney();
  const isMobile = useIsMobile();
  const columns: TableColumnsType<StatsReportOutlet> = [
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
    <Section title={L.section.outlets[lang]}>
      <Table<StatsReportOutlet>
        size="small"
        rowKey="outletId"
        loading={loading}
        columns={columns}
        dataSource={r?.topOutlets ?? []}
        pagination={false}
        scroll={isMobile ? { x: 520 } : undefined}
        locale={{ emptyText: <EmptyState description={t('empty')} /> }}
        data-testid="report-outlets"
      />
    </Section>
  );
}

/** The period's money, the financial data's figures; a scope the report has no money for says so. */
export function MoneySection({ r }: { r: StatsReport | undefined }) {
  const lang = useLang();
  const { money } = useMoney();
  return (
    <Section title={L.section.money[lang]}>
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
    </Section>
  );
}
