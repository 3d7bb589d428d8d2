import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { labels, labelOf, type StatsOperational, type StatsOperationalRow } from '@cbo/contract';
import { Chart } from '@/shared/chart/chart';
import { EmptyState } from '@/shared/empty-state';
import { useLang } from '@/shared/form';
import { useIsMobile } from '@/shared/list-page';
import { useChartStyle } from './chart-style';
import { periodName } from './stats-window';

export type OperationalFigure = Exclude<keyof StatsOperationalRow, 'start'>;

/**
 * The operational data's charts (orders, rental durations, returns by hour, customers, faults)
 * as chart options, or undefined while the data loads.
 */
export function useOperationalCharts(d: StatsOperational | undefined, figure: (f: OperationalFigure) => string) {
  const { t } = useTranslation('stats');
  const lang = useLang();
  const isMobile = useIsMobile();
  const { token, legend, category, value, series } = useChartStyle();
  if (!d) return undefined;
  const grid = { left: 48, right: 16, top: 36, bottom: 28 };
  const valueAxis = value({ minInterval: 1 });
  const periods = d.list.map((r) => periodName(r.start, d.period).slice(0, 10));
  const tooltip = { trigger: 'axis' };
  return {
    orders: {
      grid,
      legend,
      tooltip,
      xAxis: category(periods),
      yAxis: valueAxis,
      series: [
        series(
          figure('created'),
          'bar',
          d.list.map((r) => r.created),
          token.colorPrimary,
        ),
        series(
          figure('finished'),
          'line',
          d.list.map((r) => r.finished),
          token.colorSuccess,
        ),
      ],
    },
    durations: {
      grid,
      tooltip,
      xAxis: category(
        d.durations.map((b) => labelOf(labels.stats.operations.duration, b.bucket, lang)),
        { axisLabel: { color: token.colorTextSecondary, interval: 0, fontSize: 11, rotate: isMobile ? 35 : 0 } },
      ),
      yAxis: valueAxis,
      series: [
        series(
          t('operational.endedCount'),
          'bar',
          d.durations.map((b) => b.count),
          token.colorInfo,
        ),
      ],
    },
    returns: {
      grid,
      tooltip,
      xAxis: category(
        d.returnsByHour.map((_, h) => String(h)),
        { name: t('operational.hourAxis') },
      ),
      yAxis: valueAxis,
      series: [series(t('operational.endedCount'), 'bar', d.returnsByHour, token.colorPrimary)],
    },
    customers: {
      grid,
      legend,
      tooltip,
      xAxis: category(periods),
      yAxis: valueAxis,
      series: [
        ...(d.total.newUsers === null
          ? []
          : [
              series(
                figure('newUsers'),
                'bar',
                d.list.map((r) => r.newUsers ?? 0),
                token.colorSuccess,
              ),
            ]),
        series(
          figure('returningUsers'),
          'bar',
          d.list.map((r) => r.returningUsers),
          token.colorPrimary,
        ),
      ],
    },
    faults: {
      grid,
      legend,
      tooltip,
      xAxis: category(periods),
      yAxis: valueAxis,
      series: (
        [
          ['failedEjects', token.colorError],
          ['forcedEjects', token.colorWarning],
          ['repairTickets', token.colorTextTertiary],
        ] as const
      ).map(([f, color]) =>
        series(
          figure(f),
          'bar',
          d.list.map((r) => r[f]),
          color,
          { stack: 'faults' },
        ),
      ),
    },
  };
}

export type OperationalCharts = NonNullable<ReturnType<typeof useOperationalCharts>>;

/**
 * One chart in its card: an animated skeleton of its size while loading, "no orders" for an empty window (the
 * faults and customers charts are drawn anyway: their figures do not come from orders).
 */
export function OperationalChart({
  charts,
  name,
  empty,
  title,
  testId,
  height = 240,
}: {
  charts: OperationalCharts | undefined;
  name: keyof OperationalCharts;
  empty: boolean;
  title: string;
  testId: string;
  height?: number;
}) {
  const { t } = useTranslation('stats');
  return (
    <Card size="small" title={title} data-testid={testId}>
      {!charts ? (
        <Skeleton.Node active style={{ width: '100%', height }} />
      ) : empty && name !== 'faults' && name !== 'customers' ? (
        <EmptyState description={t('operational.empty')} />
      ) : (
        <Chart option={charts[name]} height={height} label={title} />
      )}
    </Card>
  );
}
