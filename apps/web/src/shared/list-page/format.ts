import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A time zone designator at the end: Z, +08:00, +0800, +08. */
const HAS_ZONE = /(?:[zZ]|[+-]\d{2}(?::?\d{2})?)$/;

/**
 * Parses a server time. Times are stored in UTC; one written without a zone is
 * read as UTC too, never as the viewer's local time.
 */
export function parseServerTime(value: string): Dayjs {
  const v = value.trim();
  return HAS_ZONE.test(v) ? dayjs(v) : dayjs.utc(v).local();
}

/** A server time in the viewer's time zone; empty or unreadable values show as "-". */
export function formatDateTime(value: string | null | undefined, format = DATE_TIME_FORMAT): string {
  if (!value) return '-';
  const d = parseServerTime(value);
  return d.isValid() ? d.format(format) : value;
}
