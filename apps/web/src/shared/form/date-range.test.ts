import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { errorMessage } from '@cbo/contract';
import { disabledBeyondRange, exceedsMaxRange, maxRangeRule } from './date-range';

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const start = dayjs('2025-03-01T00:00:00');

async function message(value: unknown, lang: 'zh_CN' | 'en_US'): Promise<string | null> {
  try {
    await (maxRangeRule(lang) as { validator: Validator }).validator({}, value);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('30-day range guard', () => {
  it('allows up to exactly 30 days and refuses anything longer', () => {
    expect(exceedsMaxRange(start, start.add(30, 'day'))).toBe(false);
    expect(exceedsMaxRange(start, start.add(30, 'day').add(1, 'second'))).toBe(true);
    expect(exceedsMaxRange(start, start.add(29, 'day').endOf('day'))).toBe(false);
    expect(exceedsMaxRange('2025-03-01T00:00:00Z', '2025-04-15T00:00:00Z')).toBe(true);
    expect(exceedsMaxRange(start, start.add(8, 'day'), 7)).toBe(true);
  });

  it("refuses with the server's message for error 100060, in the viewer's language", async () => {
    expect(await message([start, start.add(31, 'day')], 'en_US')).toBe(errorMessage('DATE_RANGE_TOO_LONG', 'en_US'));
    expect(await message([start, start.add(31, 'day')], 'zh_CN')).toBe('查询时间范围不能超过 30 天');
  });

  it('lets empty and half-picked ranges through (the filter is optional)', async () => {
    expect(await message(undefined, 'en_US')).toBeNull();
    expect(await message(null, 'en_US')).toBeNull();
    expect(await message([start, null], 'en_US')).toBeNull();
    expect(await message([start, start.add(10, 'day')], 'en_US')).toBeNull();
  });

  it('greys out days too far from the first picked day', () => {
    const disabled = disabledBeyondRange(30);
    expect(disabled(start.add(40, 'day'), {})).toBe(false);
    expect(disabled(start.add(29, 'day'), { from: start })).toBe(false);
    expect(disabled(start.add(30, 'day'), { from: start })).toBe(true);
    expect(disabled(start.subtract(30, 'day'), { from: start })).toBe(true);
  });
});
