import { sql } from 'drizzle-orm';
import { bigint, bigserial, date, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A day's reconciliation of one payment company. One row per (day, provider): the daily run
 * claims it by a conditional insert and a staff run by a conditional upsert that refuses while it
 * is running, so two server processes never run one day twice at once. Counts and totals are
 * the lines' as the run left them; money in cents.
 */
export const rcnRun = pgTable(
  'rcn_run',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    provider: varchar('provider', { length: 16 }).notNull(),
    /** running, done, failed. */
    status: varchar('status', { length: 8 }).notNull(),
    matched: integer('matched').notNull().default(0),
    providerOnly: integer('provider_only').notNull().default(0),
    booksOnly: integer('books_only').notNull().default(0),
    amountDiffers: integer('amount_differs').notNull().default(0),
    booksPending: integer('books_pending').notNull().default(0),
    /** Differences without an explanation. */
    unexplained: integer('unexplained').notNull().default(0),
    providerNet: bigint('provider_net', { mode: 'number' }).notNull().default(0),
    booksNet: bigint('books_net', { mode: 'number' }).notNull().default(0),
    fees: bigint('fees', { mode: 'number' }).notNull().default(0),
    /** The account's name that asked, or "schedule". */
    runBy: varchar('run_by', { length: 64 }).notNull(),
    /** How many times the day was run (the first and each run again). */
    runs: integer('runs').notNull().default(1),
    error: varchar('error', { length: 200 }),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('rcn_run_day_provider_uq').on(t.day, t.provider),
    index('rcn_run_open_idx')
      .on(t.day)
      .where(sql`unexplained > 0`),
  ],
);

/**
 * A line of a day's reconciliation: one request key (or, without one, a company reference) and
 * what each side says of it. `ident` (op and key) is the line's identity across runs: a run
 * again replaces the day's unexplained lines and updates an explained one in place, keeping who
 * explained it, when and why.
 */
export const rcnLine = pgTable(
  'rcn_line',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => rcnRun.id, { onDelete: 'cascade' }),
    ident: varchar('ident', { length: 120 }).notNull(),
    /** matched, providerOnly, booksOnly, amountDiffers, booksPending. */
    result: varchar('result', { length: 14 }).notNull(),
    op: varchar('op', { length: 8 }).notNull(),
    key: varchar('key', { length: 96 }).notNull(),
    reference: varchar('reference', { length: 64 }),
    providerAmount: integer('provider_amount'),
    booksAmount: integer('books_amount'),
    fee: integer('fee').notNull().default(0),
    at: ts('at').notNull(),
    explainedBy: varchar('explained_by', { length: 64 }),
    explainedAt: ts('explained_at'),
    reason: varchar('reason', { length: 200 }),
  },
  (t) => [uniqueIndex('rcn_line_ident_uq').on(t.runId, t.ident), index('rcn_line_run_idx').on(t.runId, t.result)],
);
