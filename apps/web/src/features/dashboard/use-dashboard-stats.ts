import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { StatsDashboardQuery } from '@cbo/contract';
import { callKey } from '@/shared/list-page';
import { request } from '@/shared/request';

/** The figures follow the business as it changes: counted again every minute. */
const RECOUNT_MS = 60_000;

/** Today in the viewer's time zone: from its midnight to now. */
export function todayWindow(now = dayjs()): { beginTime: string; endTime: string } {
  return { beginTime: now.startOf('day').toISOString(), endTime: now.toISOString() };
}

/** The last `days` days in the viewer's time zone, today included: from the first one's midnight to now. */
export function periodWindow(days: number, now = dayjs()): { beginTime: string; endTime: string } {
  return {
    beginTime: now
      .startOf('day')
      .subtract(days - 1, 'day')
      .toISOString(),
    endTime: now.toISOString(),
  };
}

/** The dashboard's windows in the viewer's zone: today, the last 7 days and the last 30 days, all ending now. */
export function dashboardWindows(now = dayjs()): StatsDashboardQuery {
  return {
    todayBeginTime: todayWindow(now).beginTime,
    weekBeginTime: periodWindow(7, now).beginTime,
    monthBeginTime: periodWindow(30, now).beginTime,
    endTime: now.toISOString(),
  };
}

/**
 * Every statistics figure of the dashboard from one call (stats/dashboard), shared by the widgets
 * that show them (one query: the widgets mounted together ask once), asked again every minute with
 * windows that end at that moment. A part is null when the account may not read it.
 */
export function useDashboardStats() {
  return useQuery({
    queryKey: callKey('statsDashboard'),
    queryFn: ({ signal }) => request('statsDashboard', { query: dashboardWindows() }, { signal }),
    refetchInterval: RECOUNT_MS,
  });
}
