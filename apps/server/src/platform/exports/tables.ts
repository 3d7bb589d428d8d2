import { bigint, bigserial, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Export log and the export job queue in one table: a row is claimed with
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
