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
    /** The English summary of the call, as it was when the entry was written. */
    behaviour: varchar('behaviour', { length: 200 }).notNull(),
    /** The contract call: the console shows its action in the viewer's language (null in older entries). */
    call: varchar('call', { length: 64 }),
    /** What the request named (an id, an SN), as sent. */
    target: varchar('target', { length: 200 }),
    /** The target's name when the change was made (an account's user name, a role's name), kept after it is renamed or deleted. */
    targetName: varchar('target_name', { length: 200 }),
    resultCode: integer('result_code').notNull(),
    ip: varchar('ip', { length: 64 }),
    durationMs: integer('duration_ms'),
    /** The request's id, as in its log lines and its answer's x-request-id (null in older entries). */
    requestId: varchar('request_id', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sys_operation_log_created_idx').on(t.createdAt)],
);
