import { z } from 'zod';
import { dateTime } from './rules.js';

/** Every answer: `{ code, msg, data }`; code 0 is success. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}
export const emptyEnvelope = envelope(z.null());

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** `?id=` of a detail or delete call: a positive integer. */
export const idQuery = z.object({
  id: z.coerce.number().int({ error: 'rule.wholeFrom1' }).min(1, { error: 'rule.wholeFrom1' }),
});

/** Lists take pageNum (from 1) and pageSize (1-100, default 10) and answer `{ list, total }`. */
export const pageQuery = z.object({
  pageNum: z.coerce
    .number()
    .int({ error: 'rule.wholeFrom1' })
    .min(1, { error: 'rule.wholeFrom1' })
    .max(100000)
    .default(1),
  pageSize: z.coerce
    .number()
    .int({ error: 'rule.wholeFrom1' })
    .min(1, { error: 'rule.wholeFrom1' })
    .max(100)
    .default(10),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function pageResult<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int() });
}
export interface PageResult<T> {
  list: T[];
  total: number;
}

/** Optional time-range filter shared by list screens; the server refuses a range over MAX_RANGE_DAYS. */
export const timeRange = z.object({
  beginTime: dateTime.optional(),
  endTime: dateTime.optional(),
});

/**
 * What part of the business a statistics call reads: the outlets of a region or of an agent (the
 * outlets under it now, as the outlet list shows them), one outlet, or (none given) the whole
 * business. At most one; an unknown one is refused with a message. The order figures and the
 * operation report take it (the financial data too, once its query does).
 */
export const statsScope = z.object({
  regionId: z.coerce.number().int().min(1).optional(),
  agentId: z.coerce.number().int().min(1).optional(),
  outletId: z.coerce.number().int().min(1).optional(),
});
export type StatsScope = z.infer<typeof statsScope>;
/** Sorting: a column the list allows and a direction. */
export const sortQuery = z.object({
  orderBy: z.string().trim().max(40).optional(),
  order: z.enum(['ascend', 'descend']).optional(),
});
