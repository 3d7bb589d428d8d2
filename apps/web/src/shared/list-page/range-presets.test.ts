import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { rangePresets } from './filter-form';
import { toFilterInput } from './filters';

const t = ((key: string) => key) as unknown as TFunction<'kit'>;

describe('time-range presets', () => {
  it('each preset is whole days, ending at its last day’s end', () => {
    const now = dayjs('2026-11-28T15:20:00');
    const byKey = Object.fromEntries(
      rangePresets(t, undefined, now).map((p) => [p.label, p.value.map((d) => d.format('YYYY-MM-DD HH:mm:ss'))]),
    );
    expect(byKey).toEqual({
      'presets.today': ['2026-11-28 00:00:00', '2026-11-28 23:59:59'],
      'presets.yesterday': ['2026-11-27 00:00:00', '2026-11-27 23:59:59'],
      'presets.last7': ['2026-11-22 00:00:00', '2026-11-28 23:59:59'],
      'presets.last30': ['2026-10-30 00:00:00', '2026-11-28 23:59:59'],
      'presets.thisMonth': ['2026-11-01 00:00:00', '2026-11-28 23:59:59'],
      'presets.lastMonth': ['2026-10-01 00:00:00', '2026-10-31 23:59:59'],
    });
  });

  it('a preset longer than the screen allows is not offered (a 31-day month under a 30-day limit)', () => {
    const labels = rangePresets(t, 30, dayjs('2026-11-28T15:20:00')).map((p) => p.label);
    expect(labels).toContain('presets.last30');
    expect(labels).not.toContain('presets.lastMonth'); // October has 31 days
    expect(rangePresets(t, 30, dayjs('2026-12-05T10:00:00')).map((p) => p.label)).toContain('presets.lastMonth'); // November has 30
  });

  it('every preset passes the 30-day rule once sent as whole days', () => {
    const field = { type: 'dateRange' as const, name: 'r', begin: 'beginTime', end: 'endTime', maxDays: 30 };
    for (const p of rangePresets(t, 30)) {
      const input = toFilterInput([field], { r: p.value });
      expect(Date.parse(input.endTime as string) - Date.parse(input.beginTime as string)).toBeLessThanOrEqual(
        30 * 86_400_000,
      );
    }
  });
});
