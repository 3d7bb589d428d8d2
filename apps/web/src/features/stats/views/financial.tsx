import { useMemo, useState } from 'react';
import { Card, Col, DatePicker, Empty, Flex, Row, Segmented, Skeleton, Statistic, Table, Typography, theme, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { labels, labelOf, STATS_FINANCE_FIGURES, STATS_PERIODS, PERMS, type StatsFinanceRow, type StatsPeriod } from '@cbo/contract';
import { Chart } from '@/shared/chart/chart';
import { useLang } from '@/shared/form';
import { callKey, ExportButton, useIsMobile } from '@/shared/list-page';
import { useMoney } from '@/shared/money';
import { useButtons } from '@/shared/permission';
import { request } from '@/shared/request';

/** The viewer's IANA time zone: the periods are their days, weeks and months. */
const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A period's name as the viewer reads it: a day, the week's Monday, or the month. */
export function periodName(start: string, period: StatsPeriod): string {
  const d = dayjs(start);
  return period === 'month' ? d.format('YYYY-MM') : period === 'week' ? `${d.format('YYYY-MM-DD')} ~ ${d.add(6, 'day').format('MM-DD')}` : d.format('YYYY-MM-DD');
}

/**
 * Statistics → Financial data (menu url stats/financial): the money of a window by day, week or
 * month, summed by the server from the ledger (stats/finance): income, refunds, net, what each
 * account kind of the profit chain earned, the platform's revenue, taxes and fees. Every figure is
 * a sum of fund-flow entries (the fund-flow screens list them); the total row is the window's.
 * The table goes to the export centre as it is shown.
 */
export default function FinancialDataView() {
  const { t } = useTranslation('stats');
  const lang = useLang();
  const { token } = theme.useToken();
  const { money } = useMoney();
  const isMobile = useIsMobile();
  const buttons = useButtons();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf('day').subtract(29, 'day'), dayjs().endOf('day')]);
  const [period, setPeriod] = useState<StatsPeriod>('day');
  const query = useMemo(
    () => ({ beginTime: range[0].startOf('day').toISOString(), endTime: range[1].endOf('day').toISOString(), period, timeZone: viewerZone() }),
    [range, period],
  );
  const q = useQuery({
    queryKey: [...callKey('statsFinance'), query],
    queryFn: ({ signal }) => request('statsFinance', { query }, { signal }),
  });
  const d = q.data;
  const figure = useMemo(() => (f: (typeof STATS_FINANCE_FIGURES)[number]) => labelOf(labels.stats.figure, f, lang), [lang]);

  const option = useMemo(
    () =>
      d && {
        grid: { left: 64, right: 24, top: 36, bottom: 28 },
        tooltip: { trigger: 'axis', valueFormatter: (v: number) => money(v) },
        legend: { top: 0, textStyle: { color: token.colorTextSecondary } },
        xAxis: { type: 'category', data: d.list.map((r) => periodName(r.start, d.period).slice(0, 10)), axisLabel: { color: token.colorTextSecondary } },
        yAxis: { type: 'value', splitLine: { lineStyle: { color: token.colorSplit } }, axisLabel: { color: token.colorTextSecondary, formatter: (v: number) => money(v) } },
        series: [
          { name: figure('income'), type: 'bar', data: d.list.map((r) => r.income), itemStyle: { color: token.colorPrimary } },
          { name: figure('refunds'), type: 'bar', data: d.list.map((r) => r.refunds), itemStyle: { color: token.colorWarning } },
          { name: figure('net'), type: 'line', smooth: true, data: d.list.map((r) => r.net), itemStyle: { color: token.colorSuccess } },
        ],
      },
    [d, token, money, figure],
  );

  const columns: TableColumnsType<StatsFinanceRow> = [
    { title: t('financial.period'), dataIndex: 'start', key: 'start', width: 150, fixed: isMobile ? undefined : 'left', render: (v: string) => (d ? periodName(v, d.period) : v) },
    ...STATS_FINANCE_FIGURES.map((f) => ({
      title: figure(f),
      dataIndex: f,
      key: f,
      width: 100,
      align: 'right' as const,
      render: (v: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{money(v)}</span>,
    })),
  ];
  const empty = d && d.list.every((r) => STATS_FINANCE_FIGURES.every((f) => r[f] === 0));

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex wrap gap={12} align="center" justify="space-between">
          <Flex wrap gap={12} align="center">
            <DatePicker.RangePicker
              value={range}
              allowClear={false}
              onChange={(v) => v && v[0] && v[1] && setRange([v[0], v[1]])}
              disabledDate={(day) => day.isAfter(dayjs().endOf('day'))}
              data-testid="financial-range"
            />
            <Segmented value={period} onChange={(v) => setPeriod(v as StatsPeriod)} options={STATS_PERIODS.map((p) => ({ value: p, label: labelOf(labels.stats.period, p, lang) }))} data-testid="financial-period" />
          </Flex>
          {buttons.has(PERMS.statsFinanceExport) && <ExportButton call="statsFinanceExport" getFilters={() => query} />}
        </Flex>
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
          {t('financial.hint', { zone: query.timeZone })}
        </Typography.Text>
      </Card>
      <Row gutter={[16, 16]}>
        {(['income', 'refunds', 'net', 'platform'] as const).map((f) => (
          <Col key={f} xs={12} md={6}>
            <Card size="small">
              {d ? (
                <Statistic title={figure(f)} value={money(d.total[f])} valueStyle={{ fontVariantNumeric: 'tabular-nums' }} />
              ) : (
                <Skeleton active paragraph={false} />
              )}
              <span data-testid={`financial-total-${f}`} style={{ display: 'none' }}>
                {d?.total[f]}
              </span>
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title={t('financial.chart')}>
        {!d ? <Skeleton.Node active style={{ width: '100%', height: 260 }} /> : empty ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('financial.empty')} /> : <Chart option={option!} height={260} label={t('financial.chart')} />}
      </Card>
      <Card size="small" title={t('financial.table')}>
        <Table<StatsFinanceRow>
          size="small"
          rowKey="start"
          loading={q.isFetching}
          columns={columns}
          dataSource={d?.list ?? []}
          pagination={false}
          scroll={{ x: 'max-content', y: 480 }}
          data-testid="financial-table"
          summary={() =>
            d ? (
              <Table.Summary fixed>
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>
                    <Typography.Text strong>{t('financial.total')}</Typography.Text>
                  </Table.Summary.Cell>
                  {STATS_FINANCE_FIGURES.map((f, i) => (
                    <Table.Summary.Cell key={f} index={i + 1} align="right">
                      <Typography.Text strong style={{ fontVariantNumeric: 'tabular-nums' }}>
                        {money(d.total[f])}
                      </Typography.Text>
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            ) : null
          }
        />
      </Card>
    </Flex>
  );
}
