import type { StatsOverviewQuery } from '@cbo/contract';
import { AppError } from './http/app-error.js';

const DAY = 86_400_000;
/** The longest window a statistics call answers (a year, leap or not). */
export const STATS_MAX_DAYS = 366;

/**
 * The window of a statistics call: the last 30 days ending now by default; start not after end
 * (DATE_RANGE_ORDER); at most 366 days (STATS_RANGE_TOO_LONG). One rule for the statistics module's
 * figures and the order module's refund reasons.
 */
export function statsWindow(
  q: Pick<StatsOverviewQuery, 'beginTime' | 'endTime'>,
  now = new Date(),
): { begin: Date; end: Date } {
  const end = q.endTime ? new Date(q.endTime) : now;
  const begin = q.beginTime ? new Date(q.beginTime) : new Date(end.getTime() - 30 * DAY);
  if (begin > end) throw new AppError('DATE_RANGE_ORDER');
  if (end.getTime() - begin.getTime() > STATS_MAX_DAYS * DAY) throw new AppError('STATS_RANGE_TOO_LONG');
  return { begin, end };
}
