import { useMemo } from 'react';
import { Card, Col, Flex, Row, Skeleton, Statistic, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { labels, labelOf, PERMS, type StatsOperationalQuery } from '@cbo/contract';
import { useLang } from '@/shared/form';
import { callKey } from '@/shared/list-page';
import { request } from '@/shared/request';
import { OperationalChart, useOperationalCharts, type OperationalFigure } from '../components/operational-charts';
import { PeriodTable, UtilisationCard } from '../components/operational-tables';
import { StatsFilterBar, useStatsWindow } from '../components/stats-window';

const FIGURES: OperationalFigure[] = [
  'created',
  'finished',
  'newUsers',
  'returningUsers',
  'failedEjects',
  'forcedEjects',
  'repairTickets',
];

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
  const w = useStatsWindow();
  const query: StatsOperationalQuery = w.query;
  const q = useQuery({
    queryKey: [...callKey('statsOperational'), query],
    queryFn: ({ signal }) => request('statsOperational', { query }, { signal }),
    placeholderData: (prev) => prev,
  });
  const d = q.data;
  const figure = useMemo(() => (f: OperationalFigure) => labelOf(labels.stats.operations.figure, f, lang), [lang]);
  const empty = Boolean(d && d.total.created === 0);
  const charts = useOperationalCharts(d, figure);
  const chart = (name: keyof NonNullable<typeof charts>, title: string, height?: number) => (
    <OperationalChart
      charts={charts}
      name={name}
      empty={empty}
      title={title}
      testId={`operational-chart-${name}`}
      height={height}
    />
  );

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
          {chart('orders', t('operational.ordersChart'))}
        </Col>
        <Col xs={24} lg={10}>
          {chart('durations', t('operational.durationChart'))}
        </Col>
        <Col xs={24} lg={12}>
          {chart('returns', t('operational.returnsChart'))}
        </Col>
        <Col xs={24} lg={12}>
          {chart('customers', t('operational.customersChart'))}
        </Col>
      </Row>
      <UtilisationCard d={d} loading={q.isFetching} />
      {chart('faults', t('operational.faultsChart'), 200)}
      <PeriodTable d={d} loading={q.isFetching} figures={FIGURES} figure={figure} />
    </Flex>
  );
}
