import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** System parameters: paramType, paramKey, paramValue. Public ones need no sign-in. */
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

/** Device payment configs: a list addressed by index (getDevicePayByIndex). */
export const sysDevicePay = pgTable('sys_device_pay', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  idx: integer('idx').notNull().unique(),
  name: varchar('name', { length: 16 }).notNull(),
  deviceType: varchar('device_type', { length: 16 }).notNull(),
  payMode: varchar('pay_mode', { length: 16 }).notNull(),
  channels: jsonb('channels').$type<string[]>().notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  buyoutPrice: bigint('buyout_price', { mode: 'number' }).notNull(),
  buyoutDays: integer('buyout_days').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** User app banners (addBanner, updateUserBanner). */
export const sysBanner = pgTable('sys_banner', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  title: varchar('title', { length: 32 }).notNull(),
  img: varchar('img', { length: 255 }).notNull(),
  link: varchar('link', { length: 255 }).notNull().default(''),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Extended functions ("expansion tools"): activated or closed; seeded by code. */
export const sysExtension = pgTable('sys_extension', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  status: varchar('status', { length: 12 }).notNull().default('closed'),
  activatedAt: timestamp('activated_at', { withTimezone: true }),
  updatedBy: bigint('updated_by', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Device scenes: the display picture and link address per kind of device. */
export const sysDeviceScene = pgTable('sys_device_scene', {
  deviceType: varchar('device_type', { length: 16 }).primaryKey(),
  img: varchar('img', { length: 255 }),
  link: varchar('link', { length: 255 }),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});

/** Problem types of repair tickets and feedback (in use or deleted). */
export const sysProblemType = pgTable(
  'sys_problem_type',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 16 }).notNull(),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 32 }).notNull().default(''),
    status: varchar('status', { length: 8 }).notNull().default('inUse'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sys_problem_type_name_uq')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.status} = 'inUse'`),
  ],
);

/**
 * Merchant accounts of the payment companies (one row per company). `fields` holds the plain
 * settings as saved; `secrets` each secret sealed (platform/crypto/secret-box.ts) with the time it
 * was set: `{ [name]: { sealed, updatedAt } }`, never a plain value. `version` goes up with every
 * change (and with a change of the notification base address), so a process that built adapters
 * from these rows can tell they changed by reading one number.
 */
export const sysMerchantAccount = pgTable('sys_merchant_account', {
  provider: varchar('provider', { length: 16 }).primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
  secrets: jsonb('secrets').$type<Record<string, { sealed: string; updatedAt: string }>>().notNull().default({}),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: varchar('updated_by', { length: 64 }),
});
