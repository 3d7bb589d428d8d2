import { useMemo, useState } from 'react';
import { Card, Empty, List, Segmented, Skeleton, Typography, theme } from 'antd';
import {
  DollarOutlined,
  ExclamationCircleOutlined,
  ProfileOutlined,
  RollbackOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { StatsTrendPoint } from '@cbo/contract';
import { useMoney } from '@/shared/money';
import { useScreenPath } from '../use-fleet-overview';
import { periodWindow, todayWindow, useDashboardStats } from '../use-dashboard-stats';
import { Chart } from '@/shared/chart/chart';
import { listLink, StatCard } from './stat-card';

/** The orders list (its view url): each order figure links to the rows it counts. */
const ORDERS = 'order/orders';
export const PERIODS = [7, 30] as const;
export type Period = (typeof PERIODS)[number];
export { periodWindow, todayWindow } from '../use-dashboard-stats';

/**
 * The server's hourly points added up into the viewer's days (`YYYY-MM-DD`, the last `days` of
 * them, today last), days without an order at 0: the trend's bars and line.
 */
export function dailySeries(points: readonly StatsTrendPoint[], days: number, now = dayjs()) {
  const first = now.startOf('day').subtract(days - 1, 'day');
  const list = Array.from({ length: days }, (_, i) => ({
    day: first.add(i, 'day').format('YYYY-MM-DD'),
    orderCount: 0,
    paidAmount: 0,
    refundAmount: 0,
  }));
  const at = new Map(list.map((d) => [d.day, d]));
  for (const p of points) {
    const d = at.get(dayjs(p.hour).format('YYYY-MM-DD'));
    if (!d) continue;
    d.orderCount += p.orderCount;
    d.paidAmount += p.paidAmount;
    d.refundAmount += p.refundAmount;
  }
  return list;
}

/** Today's orders, paid and refunded amounts, and the last 7 days' paid amount: each links to the orders it sums. */
export function OrderFigures({ which }: { which: 'orders' | 'paid' | 'refunds' | 'periodPaid' }) {
  const { t } = useTranslation('dashboard');
  const { money } = useMoney();
  const path = useScreenPath(ORDERS);
  const period = which === 'periodPaid';
  const q = useDashboardStats();
  const d = period ? q.data?.week : q.data?.today;
  if (d === null) return null;
  const window = period ? periodWindow(7) : todayWindow();
  const value = !d
    ? undefined
    : which === 'orders'
      ? d.orderCount
      : which === 'refunds'
        ? money(d.refundAmount)
        : money(d.paidAmount);
  const icon =
    which === 'orders' ? <ProfileOutlined /> : which === 'refunds' ? <RollbackOutlined /> : <DollarOutlined />;
  return (
    <StatCard
      testId={`stat-order-${which}`}
      title={t(`order.${which}`)}
      value={value}
      to={listLink(path, { beginTime: d?.beginTime ?? window.beginTime, endTime: d?.endTime ?? window.endTime })}
      tone={which === 'refunds' ? 'warning' : 'primary'}
      icon={icon}
      footer={
        d
          ? which === 'orders'
            ? t('order.finished', { count: d.finishedCount })
            : which === 'periodPaid'
              ? t('order.periodOrders', { count: d.orderCount })
              : null
          : null
      }
    />
  );
}

/** Orders (bars) and paid amount (line) per day of the last 7 or 30 days. */
export function OrderTrend() {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const { money } = useMoney();
  const [days, setDays] = useState<Period>(7);
  // The answer holds the 30 days' hours: the last 7 or 30 days are drawn from it, without asking again.
  const trend = useDashboardStats().data?.trend;
  const series = useMemo(() => (trend ? dailySeries(trend.points, days) : null), [trend, days]);
  const option = useMemo(
    () =>
      series && {
        grid: { left: 48, right: 56, top: 32, bottom: 28 },
        tooltip: { trigger: 'axis', valueFormatter: undefined },
        legend: { top: 0, textStyle: { color: token.colorTextSecondary } },
        xAxis: {
          type: 'category',
          data: series.map((d) => d.day.slice(5)),
          axisLabel: { color: token.colorTextSecondary },
        },
        yAxis: [
          {
            type: 'value',
            minInterval: 1,
            splitLine: { lineStyle: { color: token.colorSplit } },
            axisLabel: { color: token.colorTextSecondary },
          },
          {
            type: 'value',
            splitLine: { show: false },
            axisLabel: { color: token.colorTextSecondary, formatter: (v: number) => money(v) },
          },
        ],
        series: [
          {
            name: t('order.seriesOrders'),
            type: 'bar',
            data: series.map((d) => d.orderCount),
            itemStyle: { color: token.colorPrimary },
          },
          {
            name: t('order.seriesPaid'),
            type: 'line',
            yAxisIndex: 1,
            data: series.map((d) => d.paidAmount),
            itemStyle: { color: token.colorSuccess },
            tooltip: { valueFormatter: (v: number) => money(v) },
          },
        ],
      },
    [series, t, token, money],
  );
  const empty = series && series.every((d) => d.orderCount === 0);
  return (
    <Card
      size="small"
      title={t('order.trend', { days })}
      extra={
        <Segmented
          size="small"
          value={days}
          onChange={(v) => setDays(v as Period)}
          options={PERIODS.map((p) => ({ value: p, label: t('order.days', { count: p }) }))}
          data-testid="order-trend-period"
        />
      }
      style={{ height: '100%' }}
    >
      {!series ? (
        <Skeleton.Node active style={{ width: '100%', height: 240 }} />
      ) : empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('order.none')} />
      ) : (
        <Chart option={option!} label={t('order.trend', { days })} />
      )}
    </Card>
  );
}

/** One row of a ranking: who, how many orders, how much they paid. */
interface Ranked {
  key: number;
  name: string;
  orderCount: number;
  paidAmount: number;
}

/** A ranking card: the rows in their order, numbered, with the orders and the amount paid (loading and empty states). */
function RankingCard({ title, rows, testId }: { title: string; rows: Ranked[] | undefined; testId: string }) {
  const { t } = useTranslation('dashboard');
  const { money } = useMoney();
  return (
    <Card size="small" title={title} style={{ height: '100%' }}>
      {!rows ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : !rows.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('order.none')} />
      ) : (
        <List
          size="small"
          dataSource={rows}
          rowKey="key"
          renderItem={(r, i) => (
            <List.Item
              data-testid={testId}
              extra={
                <Typography.Text strong style={{ marginLeft: 'auto', paddingLeft: 12, whiteSpace: 'nowrap' }}>
                  {money(r.paidAmount)}
                </Typography.Text>
              }
            >
              <Typography.Text type="secondary" style={{ width: 24, display: 'inline-block' }}>
                {i + 1}
              </Typography.Text>
              {r.name}
              <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                {t('order.rankingOrders', { count: r.orderCount })}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

/** The six outlets whose orders of the last 7 days paid the most (the spec's top-6 ranking). */
export function OutletRanking() {
  const { t } = useTranslation('dashboard');
  const rows = useDashboardStats().data?.outletRanking?.list.map((r) => ({
    key: r.outletId,
    name: r.outletName ?? `#${r.outletId}`,
    orderCount: r.orderCount,
    paidAmount: r.paidAmount,
  }));
  return <RankingCard title={t('order.ranking')} rows={rows} testId="outlet-ranking-row" />;
}

/** The five agents whose outlets' orders of the last 7 days paid the most (the spec's top-5 ranking; an outlet under the agent it is under now). */
export function AgentRanking() {
  const { t } = useTranslation('dashboard');
  const rows = useDashboardStats().data?.agentRanking?.list.map((r) => ({
    key: r.agentId,
    name: r.agentName ?? `#${r.agentId}`,
    orderCount: r.orderCount,
    paidAmount: r.paidAmount,
  }));
  return <RankingCard title={t('order.agentRanking')} rows={rows} testId="agent-ranking-row" />;
}

/** Orders as they stand now (power banks out, refunds on their way, refunds refused), each linked to the orders list in that state. */
export function OrderNow({ which }: { which: 'using' | 'refunding' | 'refundFailed' }) {
  const { t } = useTranslation('dashboard');
  const path = useScreenPath(ORDERS);
  const now = useDashboardStats().data?.now;
  const value = now?.[which];
  const tone =
    which === 'using' ? 'primary' : which === 'refundFailed' && value ? 'error' : value ? 'warning' : 'neutral';
  return (
    <StatCard
      testId={`stat-order-now-${which}`}
      title={t(`order.now.${which}`)}
      value={value}
      to={listLink(path, { status: which })}
      tone={tone}
      icon={
        which === 'using' ? (
          <ThunderboltOutlined />
        ) : which === 'refundFailed' ? (
          <ExclamationCircleOutlined />
        ) : (
          <RollbackOutlined />
        )
      }
      footer={now ? t('order.now.window') : null}
    />
  );
}
