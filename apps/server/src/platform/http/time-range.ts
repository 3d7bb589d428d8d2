import { MAX_RANGE_DAYS } from '@cbo/contract';
import { AppError } from './app-error.js';

/**
 * Parses a list screen's time range and applies the 30-day rule: start not after end, and a range over
 * 30 days is rejected. Either end may be open.
 */
export function checkTimeRange(beginTime?: string, endTime?: string): { begin: Date | null; end: Date | null } {
  const begin = beginTime ? parse(beginTime) : null;
  const end = endTime ? parse(endTime) : null;
  if (begin) {
    // An open end means "until now", so a start 60 days ago is a 60-day range.
    const until = end ?? new Date();
    if (begin > until) throw new AppError('DATE_RANGE_ORDER');
    if (until.getTime() - begin.getTime() > MAX_RANGE_DAYS * 86_400_000) throw new AppError('DATE_RANGE_TOO_LONG');
  }
  return { begin, end };
}

/** The contract's dateTime rule has already rejected what Date cannot read. */
function parse(v: string): Date {
  return new Date(v);
}
