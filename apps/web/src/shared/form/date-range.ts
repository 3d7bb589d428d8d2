import type { FormRule } from 'antd';
import type { Dayjs } from 'dayjs';
import { errorMessage, MAX_RANGE_DAYS, type Lang } from '@cbo/contract';

/** A picked time range as antd's RangePicker reports it (either end may be empty). */
export type PickedRange = readonly [Dayjs | null | undefined, Dayjs | null | undefined] | null | undefined;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * True when the range spans more than `maxDays` days (a range over 30 days is rejected).
 * The span is measured end minus start, as the server measures it, so 00:00 on the 1st to
 * 23:59:59 on the 30th passes and anything reaching past 24 h x 30 fails.
 */
export function exceedsMaxRange(
  begin: Dayjs | Date | string,
  end: Dayjs | Date | string,
  maxDays = MAX_RANGE_DAYS,
): boolean {
  const span = toMs(end) - toMs(begin);
  return span > maxDays * DAY_MS;
}

/** Form rule for a RangePicker: the same refusal the server gives (error 100060), in `lang`. */
export function maxRangeRule(lang: Lang, maxDays = MAX_RANGE_DAYS): FormRule {
  return {
    validator: async (_rule, value: PickedRange) => {
      const [begin, end] = value ?? [];
      if (begin && end && exceedsMaxRange(begin, end, maxDays)) {
        throw new Error(rangeTooLongMessage(lang, maxDays));
      }
    },
  };
}

/**
 * For RangePicker's `disabledDate`: once one end is picked, days that would make the range
 * too long cannot be chosen, so the rule rarely needs to speak at all.
 */
export function disabledBeyondRange(maxDays = MAX_RANGE_DAYS) {
  return (current: Dayjs, info: { from?: Dayjs }): boolean => {
    if (!info.from) return false;
    return Math.abs(current.startOf('day').diff(info.from.startOf('day'), 'day')) >= maxDays;
  };
}

function rangeTooLongMessage(lang: Lang, maxDays: number): string {
  // The catalogue's text (error 100060) names the product-wide 30 days; a screen with its own
  // limit gets the same sentence with its number.
  return errorMessage('DATE_RANGE_TOO_LONG', lang).replace(String(MAX_RANGE_DAYS), String(maxDays));
}

function toMs(v: Dayjs | Date | string): number {
  if (typeof v === 'string') return Date.parse(v);
  if (v instanceof Date) return v.getTime();
  return v.valueOf();
}
