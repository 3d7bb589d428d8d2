import { useMemo, useState, type ReactNode } from 'react';
import { Card, DatePicker, Flex, Segmented, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { labels, labelOf, STATS_PERIODS, type StatsPeriod } from '@cbo/contract';
import { useLang } from '@/shared/form';
import { ExportButton, useIsMobile, type AppliedFilters, type ExportCall } from '@/shared/list-page';
import { useButtons } from '@/shared/permission';
import { viewerTimeZone } from '@/shared/request';
import { ScopePicker, scopeParams, WHOLE_BUSINESS, type Scope } from './scope-picker';

/** The viewer's IANA time zone: the periods are their days, weeks and months. */
export const viewerZone = () => viewerTimeZone;

/** A period's name as the viewer reads it: a day, the week's Monday, or the month. */
export function periodName(start: string, period: StatsPeriod): string {
  const d = dayjs(start);
  return period === 'month'
    ? d.format('YYYY-MM')
    : period === 'week'
      ? `${d.format('YYYY-MM-DD')} ~ ${d.add(6, 'day').format('MM-DD')}`
      : d.format('YYYY-MM-DD');
}

/**
 * The window a statistics screen reads: whole days of the viewer (the last 30 by default), a
 * period grain and a scope, and the query they make (`beginTime`, `endTime`, `period`, `timeZone`
 * and the scope's id).
 */
export function useStatsWindow() {
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    dayjs().startOf('day').subtract(29, 'day'),
    dayjs().endOf('day'),
  ]);
  const [period, setPeriod] = useState<StatsPeriod>('day');
  const [scope, setScope] = useState<Scope>(WHOLE_BUSINESS);
  const query = useMemo(
    () => ({
      beginTime: range[0].startOf('day').toISOString(),
      endTime: range[1].endOf('day').toISOString(),
      period,
      timeZone: viewerZone(),
      ...scopeParams(scope),
    }),
    [range, period, scope],
  );
  return { range, setRange, period, setPeriod, scope, setScope, query };
}

export type StatsWindow = ReturnType<typeof useStatsWindow>;

/**
 * The filter card of a statistics screen: the days, the grain, the scope (with the name the server
 * resolved it to), the export of what is shown when the account holds its button, and a hint line.
 * Test ids are `<testId>-range`, `-period` and `-scope`.
 */
export function StatsFilterBar(props: {
  window: StatsWindow;
  known: { kind: string; id: number | null; name: string | null } | null | undefined;
  testId: string;
  exportCall: ExportCall;
  exportPermission: string;
  getFilters: () => AppliedFilters;
  hint: ReactNode;
}) {
  const { window: w, testId } = props;
  const lang = useLang();
  const isMobile = useIsMobile();
  const buttons = useButtons();
  return (
    <Card size="small">
      <Flex wrap gap={12} align="center" justify="space-between">
        <Flex wrap gap={12} align="center">
          <DatePicker.RangePicker
            value={w.range}
            allowClear={false}
            onChange={(v) => v && v[0] && v[1] && w.setRange([v[0], v[1]])}
            disabledDate={(day) => day.isAfter(dayjs().endOf('day'))}
            data-testid={`${testId}-range`}
          />
          <Segmented
            value={w.period}
            onChange={(v) => w.setPeriod(v as StatsPeriod)}
            options={STATS_PERIODS.map((p) => ({ value: p, label: labelOf(labels.stats.period, p, lang) }))}
            data-testid={`${testId}-period`}
          />
          <ScopePicker value={w.scope} onChange={w.setScope} known={props.known} testId={`${testId}-scope`} />
        </Flex>
        {/* Kept at the right when the filters push it onto a line of its own (a scope picked, in English, at 1440 px). */}
        {buttons.has(props.exportPermission) && (
          <div style={isMobile ? undefined : { marginLeft: 'auto' }}>
            <ExportButton call={props.exportCall} getFilters={props.getFilters} />
          </div>
        )}
      </Flex>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
        {props.hint}
      </Typography.Text>
    </Card>
  );
}
