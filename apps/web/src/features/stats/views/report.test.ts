import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { presetRange } from '../components/report-controls';

describe('operation report presets', () => {
  it('last week is Monday to Sunday before this week, whatever day today is', () => {
    for (const today of ['2026-11-23', '2026-11-26', '2026-11-29']) {
      const [b, e] = presetRange('lastWeek', dayjs(`${today}T15:30:00`));
      expect([b.format('YYYY-MM-DD HH:mm'), e.format('YYYY-MM-DD HH:mm:ss'), b.day()]).toEqual([
        '2026-11-16 00:00',
        '2026-11-22 23:59:59',
        1,
      ]);
    }
  });

  it('last month is the calendar month before this one, across a year', () => {
    const [b, e] = presetRange('lastMonth', dayjs('2026-01-10T08:00:00'));
    expect([b.format('YYYY-MM-DD'), e.format('YYYY-MM-DD')]).toEqual(['2025-12-01', '2025-12-31']);
    const [b2, e2] = presetRange('lastMonth', dayjs('2026-03-31T08:00:00'));
    expect([b2.format('YYYY-MM-DD'), e2.format('YYYY-MM-DD')]).toEqual(['2026-02-01', '2026-02-28']);
  });
});
