import { useMemo, useState } from 'react';
import {
  Card,
  Col,
  Flex,
  Row,
  Segmented,
  Skeleton,
  Statistic,
  Table,
  Tabs,
  Typography,
  theme,
  type TableColumnsType,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  labels,
  labelOf,
  PERMS,
  type StatsCabinetUse,
  type StatsOperationalQuery,
  type StatsOperationalRow,
  type StatsOutletUse,
} from '@cbo/contract';
import { Chart } from '@/shared/chart/chart';
import { EmptyState } from '@/shared/empty-state';
import { useLang } from '@/shared/form';
import { callKey, useIsMobile } from '@/shared/list-page';
import { request } from '@/shared/request';
import { periodName, StatsFilterBar, useStatsWindow } from '../components/stats-window';

type Figure = Exclude<keyof StatsOperationalRow, 'start'>;
const FIGURES: Figure[] = [
  'created',
  'finished',
  'newUsers',
  'returningUsers',
  'failedEjects',
  'forcedEjects',
  'repairTickets',
];

const num = (v: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{v.toLocaleString()}</span>;

/**
 * Statistics → Operational data (menu url stats/operational): for a window and a scope
 * (everything, a region, an agent or an outlet), the orders per period, rental durations, returns
 * by hour of the day, new and returning customers, device faults, and each outlet's and cabinet's
 * use with the idle ones, all computed by the server (stats/operational) from the order rollups
 * and the rows they stand for. The periods go to the export centre as the table shows them.
 */
export default function OperationalDataView() {
  const { t } = useTranslation('stats');
  const lang = useLang();
  const { token } = theme.useToken();
  const isMobile = useIsMobile();
  const w = useStatsWindow();
  const [busiestFirst, setBusiestFirst] = useState(true);
  const query: StatsOperationalQuery = w.query;
  const q = useQuery({
    queryKey: [...callKey('statsOperational'), query],
    queryFn: ({ signal }) => request('statsOperational', { query }, { signal }),
    placeholderData: (prev) => prev,
  });
  const d = q.data;
  const figure = useMemo(() => (f: Figure) => labelOf(labels.stats.operations.figure, f, lang), [lang]);
  const empty = d && d.total.created === 0;
  const axis = useMemo(() => ({ axisLabel: { color: token.colorTextSecondary } }), [token]);
  const valueAxis = useMemo(
    () => ({
      type: 'value',
      minInterval: 1,
      splitLine: { lineStyle: { color: token.colorSplit } },
      axisLabel: { color: token.colorTextSecondary },
    }),
    [token],
  );
  const grid = { left: 48, right: 16, top: 36, bottom: 28 };
  const legend = { top: 0, textStyle: { color: token.colorTextSecondary } };
  const periods = d?.list.map((r) => periodName(r.start, d.period).slice(0, 10)) ?? [];

  const charts = d && {
    orders: {
      grid,
      legend,
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: periods, ...axis },
      yAxis: valueAxis,
      series: [
        {
          name: figure('created'),
          type: 'bar',
          data: d.list.map((r) => r.created),
          itemStyle: { color: token.colorPrimary },
        },
        {
          name: figure('finished'),
          type: 'line',
          data: d.list.map((r) => r.finished),
          itemStyle: { color: token.colorSuccess },
        },
      ],
    },
    durations: {
      grid,
      tooltip: { trigger: 'axis' },
      xAxis: {
        type: 'category',
        data: d.durations.map((b) => labelOf(labels.stats.operations.duration, b.bucket, lang)),
        axisLabel: { color: token.colorTextSecondary, interval: 0, fontSize: 11, rotate: isMobile ? 35 : 0 },
      },
      yAxis: valueAxis,
      series: [
        {
          name: t('operational.endedCount'),
          type: 'bar',
          data: d.durations.map((b) => b.count),
          itemStyle: { color: token.colorInfo },
        },
      ],
    },
    returns: {
      grid,
      tooltip: { trigger: 'axis' },
      xAxis: {
        type: 'category',
        name: t('operational.hourAxis'),
        data: d.returnsByHour.map((_, h) => String(h)),
        ...axis,
      },
      yAxis: valueAxis,
      series: [
        {
          name: t('operational.endedCount'),
          type: 'bar',
          data: d.returnsByHour,
          itemStyle: { color: token.colorPrimary },
        },
      ],
    },
    customers: {
      grid,
      legend,
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: periods, ...axis },
      yAxis: valueAxis,
      series: [
        ...(d.total.newUsers === null
          ? []
          : [
              {
                name: figure('newUsers'),
                type: 'bar',
                data: d.list.map((r) => r.newUsers ?? 0),
                itemStyle: { color: token.colorSuccess },
              },
            ]),
        {
          name: figure('returningUsers'),
          type: 'bar',
          data: d.list.map((r) => r.returningUsers),
          itemStyle: { color: token.colorPrimary },
        },
      ],
    },
    faults: {
      grid,
      legend,
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: periods, ...axis },
      yAxis: valueAxis,
      series: (['failedEjects', 'forcedEjects', 'repairTickets'] as const).map((f, i) => ({
        name: figure(f),
        type: 'bar',
        stack: 'faults',
        data: d.list.map((r) => r[f]),
        itemStyle: { color: [token.colorError, token.colorWarning, token.colorTextTertiary][i] },
      })),
    },
  };

  const chartCard = (key: keyof NonNullable<typeof charts>, title: string, testId: string, height = 240) => (
    <Card size="small" title={title} data-testid={testId}>
      {!charts ? (
        <Skeleton.Node active style={{ width: '100%', height }} />
      ) : empty && key !== 'faults' && key !== 'customers' ? (
        <EmptyState description={t('operational.empty')} />
      ) : (
        <Chart option={charts[key]} height={height} label={title} />
      )}
    </Card>
  );

  const sortUse = <T extends { orderCount: number; rentedMinutes: number }>(list: T[]) =>
    busiestFirst ? list : [...list].reverse();
  const useColumns = {
    orderCount: {
      title: t('operational.orderCount'),
      dataIndex: 'orderCount',
      key: 'orderCount',
      width: 90,
      align: 'right' as const,
      render: num,
    },
    endedCount: {
      title: t('operational.endedCount'),
      dataIndex: 'endedCount',
      key: 'endedCount',
      width: 90,
      align: 'right' as const,
      render: num,
    },
    rentedMinutes: {
      title: t('operational.rentedMinutes'),
      dataIndex: 'rentedMinutes',
      key: 'rentedMinutes',
      width: 120,
      align: 'right' as const,
      render: num,
    },
  };
  const outletColumns: TableColumnsType<StatsOutletUse> = [
    {
      title: t('operational.outlet'),
      dataIndex: 'outletName',
      key: 'outletName',
      width: 220,
      ellipsis: true,
      render: (v: string | null, r) => v ?? (r.outletId === 0 ? t('operational.noOutlet') : `#${r.outletId}`),
    },
    {
      title: t('operational.cabinetCount'),
      dataIndex: 'cabinets',
      key: 'cabinets',
      width: 90,
      align: 'right',
      render: num,
    },
    useColumns.orderCount,
    useColumns.endedCount,
    useColumns.rentedMinutes,
  ];
  const cabinetColumns: TableColumnsType<StatsCabinetUse> = [
    { title: t('operational.sn'), dataIndex: 'sn', key: 'sn', width: 180 },
    {
      title: t('operational.outlet'),
      dataIndex: 'outletName',
      key: 'outletName',
      width: 200,
      ellipsis: true,
      render: (v: string | null) => v ?? t('operational.noOutlet'),
    },
    useColumns.orderCount,
    useColumns.endedCount,
    useColumns.rentedMinutes,
  ];

  const periodColumns: TableColumnsType<StatsOperationalRow> = [
    {
      title: t('operational.period'),
      dataIndex: 'start',
      key: 'start',
      width: 150,
      fixed: isMobile ? undefined : 'left',
      render: (v: string) => (d ? periodName(v, d.period) : v),
    },
    ...FIGURES.map((f) => ({
      title: figure(f),
      dataIndex: f,
      key: f,
      width: 100,
      align: 'right' as const,
      render: (v: number | null) => (v === null ? '—' : num(v)),
    })),
  ];

  const faults = d ? d.total.failedEjects + d.total.forcedEjects + d.total.repairTickets : 0;
  const cards: { key: string; title: string; value?: string | number; extra?: string }[] = d
    ? [
        { key: 'created', title: figure('created'), value: d.total.created },
        { key: 'finished', title: figure('finished'), value: d.total.finished },
        {
          key: 'average',
          title: t('operational.averageDuration'),
          value: t('operational.minutes', { n: d.ended.averageMinutes }),
          extra: t('operational.ended', { n: d.ended.count }),
        },
        { key: 'returning', title: figure('returningUsers'), value: d.total.returningUsers },
        {
          key: 'newUsers',
          title: figure('newUsers'),
          value: d.total.newUsers ?? '—',
          extra: d.total.newUsers === null ? t('operational.wholeOnly') : undefined,
        },
        { key: 'faults', title: t('operational.faults'), value: faults },
      ]
    : ['created', 'finished', 'average', 'returning', 'newUsers', 'faults'].map((key) => ({ key, title: '' }));

  return (
    <Flex vertical gap={16}>
      <StatsFilterBar
        window={w}
        known={d?.scope}
        testId="operational"
        exportCall="statsOperationalExport"
        exportPermission={PERMS.statsOperationalExport}
        getFilters={() => query}
        hint={t('operational.hint', { zone: query.timeZone })}
      />
      <Row gutter={[16, 16]}>
        {cards.map((c) => (
          <Col key={c.key} xs={12} md={8} xl={4}>
            <Card size="small" style={{ height: '100%' }} data-testid={`operational-card-${c.key}`}>
              {d ? (
                <Statistic title={c.title} value={c.value} valueStyle={{ fontVariantNumeric: 'tabular-nums' }} />
              ) : (
                <Skeleton active paragraph={false} />
              )}
              {c.extra && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {c.extra}
                </Typography.Text>
              )}
            </Card>
          </Col>
        ))}
      </Row>
      <span data-testid="operational-total-created" style={{ display: 'none' }}>
        {d?.total.created}
      </span>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          {chartCard('orders', t('operational.ordersChart'), 'operational-chart-orders')}
        </Col>
        <Col xs={24} lg={10}>
          {chartCard('durations', t('operational.durationChart'), 'operational-chart-durations')}
        </Col>
        <Col xs={24} lg={12}>
          {chartCard('returns', t('operational.returnsChart'), 'operational-chart-returns')}
        </Col>
        <Col xs={24} lg={12}>
          {chartCard('customers', t('operational.customersChart'), 'operational-chart-customers')}
        </Col>
      </Row>
      <Card
        size="small"
        title={t('operational.utilisation')}
        extra={
          <Segmented
            size="small"
            value={busiestFirst ? 'busiest' : 'idlest'}
            onChange={(v) => setBusiestFirst(v === 'busiest')}
            options={[
              { value: 'busiest', label: t('operational.busiest') },
              { value: 'idlest', label: t('operational.idlest') },
            ]}
            data-testid="operational-sort"
          />
        }
      >
        <Tabs
          size="small"
          items={[
            {
              key: 'outlets',
              label: t('operational.outlets'),
              children: (
                <Table<StatsOutletUse>
                  size="small"
                  rowKey="outletId"
                  loading={q.isFetching}
                  columns={outletColumns}
                  dataSource={sortUse(d?.outlets ?? [])}
                  pagination={{ pageSize: 10, showSizeChanger: false, size: 'small' }}
                  scroll={{ x: 'max-content' }}
                  locale={{ emptyText: <EmptyState /> }}
                  data-testid="operational-outlets"
                />
              ),
            },
            {
              key: 'cabinets',
              label: t('operational.cabinets'),
              children: (
                <Table<StatsCabinetUse>
                  size="small"
                  rowKey="sn"
                  loading={q.isFetching}
                  columns={cabinetColumns}
                  dataSource={sortUse(d?.cabinets ?? [])}
                  pagination={{ pageSize: 10, showSizeChanger: false, size: 'small' }}
                  scroll={{ x: 'max-content' }}
                  locale={{ emptyText: <EmptyState /> }}
                  data-testid="operational-cabinets"
                />
              ),
            },
          ]}
        />
      </Card>
      {chartCard('faults', t('operational.faultsChart'), 'operational-chart-faults', 200)}
      <Card size="small" title={t('operational.table')}>
        <Table<StatsOperationalRow>
          size="small"
          rowKey="start"
          loading={q.isFetching}
          columns={periodColumns}
          dataSource={d?.list ?? []}
          pagination={false}
          scroll={{ x: 'max-content', y: 480 }}
          locale={{ emptyText: <EmptyState /> }}
          data-testid="operational-table"
          summary={() =>
            d ? (
              <Table.Summary fixed>
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>
                    <Typography.Text strong>{t('operational.total')}</Typography.Text>
                  </Table.Summary.Cell>
                  {FIGURES.map((f, i) => (
                    <Table.Summary.Cell key={f} index={i + 1} align="right">
                      <Typography.Text strong>{d.total[f] === null ? '—' : num(d.total[f])}</Typography.Text>
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
