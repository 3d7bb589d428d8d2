import { bigint, bigserial, date, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Every uploaded file, recorded before its bytes are written: the sweep deletes a file once no
 * row of the product refers to its address and it is older than the grace period.
 */
export const sysFile = pgTable(
  'sys_file',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Public address, `/files/avatars/….png` or `/files/images/….jpg`. */
    url: varchar('url', { length: 255 }).notNull().unique(),
    ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
    /** avatar, icon or image. */
    kind: varchar('kind', { length: 16 }).notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sys_file_created_idx').on(t.createdAt)],
);

/**
 * What each account uploaded today and this minute: one row per account, moved forward by one
 * conditional upsert per upload, so concurrent uploads can never pass either limit together.
 */
export const sysUploadQuota = pgTable('sys_upload_quota', {
  accountId: bigint('account_id', { mode: 'number' }).primaryKey(),
  /** The UTC day `dayBytes` counts. */
  day: date('day').notNull(),
  dayBytes: bigint('day_bytes', { mode: 'number' }).notNull(),
  /** The minute `minuteCount` counts (its start). */
  minute: timestamp('minute', { withTimezone: true }).notNull(),
  minuteCount: integer('minute_count').notNull(),
});
