/** yyyyMMdd_HHmmss in the viewer's time zone, for file names. */
export function stamp(d: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}${parts.month}${parts.day}_${parts.hour}${parts.minute}${parts.second}`;
}

/** A timestamp as the viewer reads it: "2026-11-22 18:05:09" in their zone. */
export function formatInZone(d: Date | string, timeZone: string): string {
  const date = typeof d === 'string' ? new Date(d) : d;
  const s = stamp(date, timeZone);
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)} ${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}`;
}

/** The viewer's IANA time zone from the X-Time-Zone header, UTC when absent or unknown. */
export function timeZoneOf(header: string | string[] | undefined): string {
  const tz = Array.isArray(header) ? header[0] : header;
  if (!tz || tz.length > 64) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return tz;
  } catch {
    return 'UTC';
  }
}
