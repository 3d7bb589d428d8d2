import { useMemo, useState } from 'react';
import {
  Card,
  Col,
  Empty,
  Flex,
  Row,
  Segmented,
  Skeleton,
  Statistic,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  labels,
  labelOf,
  STATS_FINANCE_FIGURES,
  STATS_FINANCE_SCOPES,
  PERMS,
  type StatsFinanceBreakdownRow,
  type StatsFinanceRow,
  type StatsFinanceScope,
} from '@cbo/contract';
import { Chart } from '@/shared/chart/chart';
import { useLang } from '@/shared/form';
import { callKey, ExportButton, useIsMobile } from '@/shared/list-page';
import { useMoney } from '@/shared/money';
import { useButtons } from '@/shared/permission';
import { request } from '@/shared/request';
import { useChartStyle } from '../components/chart-style';
import { periodName, StatsFilterBar, useStatsWindow } from '../components/stats-window';

/** An amount in a table: digits of one width, never broken over two lines (a column too narrow for it widens, and the table scrolls in its card). */
const MONEY_STYLE = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * Statistics → Financial data (menu url stats/financial): the money of a window by day, week or
 * month, summed by the server from the ledger (stats/finance): income, refunds, net, what each
 * account kind of the profit chain earned, the platform's revenue, taxes and fees. Every figure is
 * a sum of fund-flow entries (the fund-flow screens list them); the total row is the window's.
 * A scope (one region, agent or outlet: their orders' money) narrows every figure; the breakdown
 * table gives the window's figures per outlet, agent or region of the scope, its rows adding up to
 * the total. Both tables go to the export centre as they are shown.
 */
export default function FinancialDataView() {
  const { t } = useTranslation('stats');
  const lang = useLang();
  const { money } = useMoney();
  const isMobile = useIsMobile();
  const buttons = useButtons();
  const w = useStatsWindow();
  const [by, setBy] = useState<StatsFinanceScope>('outlet');
  const query = useMemo(() => ({ ...w.query, by }), [w.query, by]);
  const q = useQuery({
    queryKey: [...callKey('statsFinance'), query],
    queryFn: ({ signal }) => request('statsFinance', { query }, { signal }),
  });
  const d = q.data;
  const figure = useMemo(
    () => (f: (typeof STATS_FINANCE_FIGURES)[number]) => labelOf(labels.stats.figure, f, lang),
    [lang],
  );

  const style = useChartStyle();
  const option = useMemo(
    () =>
      d && {
        grid: { left: 64, right: 24, top: 36, bottom: 28 },
        tooltip: { trigger: 'axis', valueFormatter: (v: number) => money(v) },
        legend: style.legend,
        xAxis: style.category(d.list.map((r) => periodName(r.start, d.period).slice(0, 10))),
        yAxis: style.value({ formatter: (v: number) => money(v) }),
        series: [
          style.series(
            figure('income'),
            'bar',
            d.list.map((r) => r.income),
            style.token.colorPrimary,
          ),
          style.series(
            figure('refunds'),
            'bar',
            d.list.map((r) => r.refunds),
            style.token.colorWarning,
          ),
          style.series(
            figure('net'),
            'line',
            d.list.map((r) => r.net),
            style.token.colorSuccess,
          ),
        ],
      },
    [d, style, money, figure],
  );

  /**
   * The figures' columns, the same in the period table and the breakdown: eleven of them and the
   * period (or name) column fit a 1440 px card at 91 px each (docs/decisions/ledger-and-money.md, "The operator's
   * share"); below that the table scrolls inside its card.
   */
  const figureColumns = STATS_FINANCE_FIGURES.map((f) => ({
    title: figure(f),
    dataIndex: f,
    key: f,
    width: 91,
    align: 'right' as const,
    render: (v: number) => <span style={MONEY_STYLE}>{money(v)}</span>,
  }));
  /** The window's total as a table's last row (both tables end with it). */
  const totalRow = (testId?: string) =>
    d ? (
      <Table.Summary fixed>
        <Table.Summary.Row data-testid={testId}>
          <Table.Summary.Cell index={0}>
            <Typography.Text strong>{t('financial.total')}</Typography.Text>
          </Table.Summary.Cell>
          {STATS_FINANCE_FIGURES.map((f, i) => (
            <Table.Summary.Cell key={f} index={i + 1} align="right">
              <Typography.Text strong style={MONEY_STYLE} data-figure={f} data-cents={d.total[f]}>
                {money(d.total[f])}
              </Typography.Text>
            </Table.Summary.Cell>
          ))}
        </Table.Summary.Row>
      </Table.Summary>
    ) : null;
  const columns: TableColumnsType<StatsFinanceRow> = [
    {
      title: t('financial.period'),
      dataIndex: 'start',
      key: 'start',
      width: 150,
      fixed: isMobile ? undefined : 'left',
      render: (v: string) => (d ? periodName(v, d.period) : v),
    },
    ...figureColumns,
  ];
  const empty = d && d.list.every((r) => STATS_FINANCE_FIGURES.every((f) => r[f] === 0));
  const scopeName = (k: StatsFinanceScope) => labelOf(labels.stats.scope, k, lang);
  const breakdownColumns: TableColumnsType<StatsFinanceBreakdownRow> = [
    {
      title: scopeName(by),
      dataIndex: 'name',
      key: 'name',
      width: 150,
      fixed: isMobile ? undefined : 'left',
      ellipsis: true,
    },
    ...figureColumns,
  ];

  return (
    <Flex vertical gap={16}>
      <StatsFilterBar
        window={w}
        known={d?.scope}
        testId="financial"
        exportCall="statsFinanceExport"
        exportPermission={PERMS.statsFinanceExport}
        getFilters={() => query}
        hint={
          <>
            {t('financial.hint', { zone: query.timeZone })}
            {d?.scope &&
              ` ${t('financial.scoped', { kind: scopeName(d.scope.kind).toLowerCase(), name: d.scope.name })}`}
          </>
        }
      />
      <Row gutter={[16, 16]}>
        {(['income', 'refunds', 'net', 'platform'] as const).map((f) => (
          <Col key={f} xs={12} md={6}>
            <Card size="small">
              {d ? (
                // A phone's half-width card holds "CN¥123,456.78" at 18 px, not at the default 24.
                <Statistic
                  title={figure(f)}
                  value={money(d.total[f])}
                  valueStyle={{ fontVariantNumeric: 'tabular-nums', fontSize: isMobile ? 18 : undefined }}
                />
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
        {!d ? (
          <Skeleton.Node active style={{ width: '100%', height: 260 }} />
        ) : empty ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('financial.empty')} />
        ) : (
          <Chart option={option!} height={260} label={t('financial.chart')} />
        )}
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
          summary={() => totalRow()}
        />
      </Card>
      <Card
        size="small"
        title={t('financial.breakdown')}
        extra={
          <Flex gap={8} align="center" wrap>
            <Segmented
              value={by}
              onChange={(v) => setBy(v as StatsFinanceScope)}
              options={STATS_FINANCE_SCOPES.slice()
                .reverse()
                .map((k) => ({ value: k, label: t('financial.by', { what: scopeName(k).toLowerCase() }) }))}
              data-testid="financial-by"
              size="small"
            />
            {buttons.has(PERMS.statsFinanceExport) && (
              <span data-testid="financial-breakdown-export">
                <ExportButton call="statsFinanceBreakdownExport" getFilters={() => query} />
              </span>
            )}
          </Flex>
        }
      >
        <Table<StatsFinanceBreakdownRow>
          size="small"
          rowKey="id"
          loading={q.isFetching}
          columns={breakdownColumns}
          dataSource={d?.breakdown ?? []}
          pagination={false}
          scroll={{ x: 'max-content', y: 480 }}
          data-testid="financial-breakdown"
          summary={() => totalRow('financial-breakdown-total')}
        />
      </Card>
    </Flex>
  );
}
