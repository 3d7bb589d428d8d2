import { integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Counters of the rate limits (rate-limit.ts): one row per limit and key (a customer, an
 * address), counting the requests of its current window. Moved forward by one conditional upsert
 * per request, as the upload quota is, so requests arriving together can never pass a limit.
 */
export const sysRateLimit = pgTable(
  'sys_rate_limit',
  {
    /** Which limit: `couponRedeem:customer`, `cooperationApply:address`… */
    scope: varchar('scope', { length: 48 }).notNull(),
    /** Whom it counts: an account's id, an address. */
    key: varchar('key', { length: 64 }).notNull(),
    /** The start of the window `count` counts. */
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);
