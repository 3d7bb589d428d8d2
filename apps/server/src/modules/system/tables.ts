import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** System parameters (spec 3): paramType, paramKey, paramValue. Public ones need no sign-in. */
export const sysParam = pgTable(
  'sys_param',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paramType: varchar('param_type', { length: 32 }).notNull(),
    paramKey: varchar('param_key', { length: 64 }).notNull(),
    paramValue: text('param_value'),
    isPublic: boolean('is_public').notNull().default(false),
    remark: varchar('remark', { length: 200 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sys_param_key_uq').on(t.paramType, t.paramKey)],
);

/**
 * Export log (spec 3) and the export job queue in one table: a row is claimed with
 * FOR UPDATE SKIP LOCKED, so any number of server processes share the work.
 */
export const sysExportLog = pgTable(
  'sys_export_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    kind: varchar('kind', { length: 48 }).notNull(),
    params: jsonb('params').notNull(),
    lang: varchar('lang', { length: 8 }).notNull(),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    progress: integer('progress').notNull().default(0),
    rowCount: integer('row_count'),
    filePath: varchar('file_path', { length: 255 }),
    error: varchar('error', { length: 255 }),
    attempts: integer('attempts').notNull().default(0),
    claimedBy: varchar('claimed_by', { length: 64 }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('sys_export_log_account_idx').on(t.accountId, t.id), index('sys_export_log_status_idx').on(t.status)],
);

/** Operation log: every change made by staff (design.md). */
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
