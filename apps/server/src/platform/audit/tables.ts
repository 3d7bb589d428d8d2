import { bigint, bigserial, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Operation log: every change made by staff. */
export const sysOperationLog = pgTable(
  'sys_operation_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' }),
    userName: varchar('user_name', { length: 64 }),
    accountType: varchar('account_type', { length: 24 }).notNull(),
    terminal: varchar('terminal', { length: 16 }),
    method: varchar('method', { length: 8 }).notNull(),
    path: varchar('path', { length: 200 }).notNull(),
    behaviour: varchar('behaviour', { length: 200 }).notNull(),
    target: varchar('target', { length: 200 }),
    resultCode: integer('result_code').notNull(),
    ip: varchar('ip', { length: 64 }),
    durationMs: integer('duration_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sys_operation_log_created_idx').on(t.createdAt)],
);
