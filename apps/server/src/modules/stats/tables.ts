import { bigint, pgTable, primaryKey, smallint, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Returning customers (issue 27, part 5; docs/decisions/statistics.md, "Returning customers from
 * rollups"): each customer's first order, the earliest creation time over the live orders and the
 * archive. Kept by the order tables' statement triggers (`stat_customer_rollup` in
 * modules/order/rollups.sql); its row is also the customer's lock: the concurrent orders of one
 * customer queue on it, so each trigger sees the orders the others committed.
 */
export const statCustomerFirst = pgTable('stat_customer_first', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  firstAt: ts('first_at').notNull(),
});

/**
 * Every order counted once by the day it was created on and the number of those days since the
 * same customer's previous order (live or archived, any outlet), for each of the 24 day phases:
 * phase h counts days that begin at h:00 UTC (the days of every zone whose offset is a whole number
 * of hours); `day` is such a day's first instant. `gap` -1: the customer's first order; 0..400:
 * days since the previous order; 401: more than 400 days. The distinct customers of the days [a, e)
 * are the rows of those days with gap -1 or gap > day - a; the returning ones (a first order before
 * a) those with gap > day - a. `shard` (customer id % 8) spreads the day's rows, so concurrent
 * rents of different customers rarely wait on one row; readers sum the shards.
 */
export const statCustomerGapDay = pgTable(
  'stat_customer_gap_day',
  {
    phase: smallint('phase').notNull(),
    day: ts('day').notNull(),
    gap: smallint('gap').notNull(),
    shard: smallint('shard').notNull(),
    orderCount: bigint('order_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.phase, t.day, t.gap, t.shard] })],
);
