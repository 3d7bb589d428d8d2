import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Coupons. `allotted` (sent to customers plus codes generated) only grows by a conditional update
 * that keeps it at or below `total`; the check holds it even against a bug. Money in cents.
 */
export const cpCoupon = pgTable(
  'cp_coupon',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 32 }).notNull(),
    type: varchar('type', { length: 8 }).notNull(),
    scope: varchar('scope', { length: 8 }).notNull(),
    scopeId: bigint('scope_id', { mode: 'number' }),
    scopeSn: varchar('scope_sn', { length: 32 }),
    durationHours: smallint('duration_hours'),
    amount: integer('amount'),
    total: integer('total').notNull(),
    allotted: integer('allotted').notNull().default(0),
    validFrom: ts('valid_from').notNull(),
    validTo: ts('valid_to').notNull(),
    exchangeDeadline: ts('exchange_deadline'),
    source: varchar('source', { length: 8 }).notNull(),
    status: varchar('status', { length: 8 }).notNull().default('active'),
    createdBy: varchar('created_by', { length: 64 }).notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cp_coupon_name_uq')
      .on(t.name)
      .where(sql`status <> 'deleted'`),
    check('cp_coupon_allotted_ck', sql`${t.allotted} >= 0 and ${t.allotted} <= ${t.total}`),
    check(
      'cp_coupon_value_ck',
      sql`(${t.type} = 'duration' and ${t.durationHours} between 1 and 24) or (${t.type} = 'money' and ${t.amount} > 0)`,
    ),
  ],
);

/**
 * A customer's copy of a coupon, with the coupon's terms copied (a later edit changes the next
 * copies, not this one). Used once, by a conditional update in the settle's transaction.
 */
export const cpUserCoupon = pgTable(
  'cp_user_coupon',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    couponId: bigint('coupon_id', { mode: 'number' }).notNull(),
    couponName: varchar('coupon_name', { length: 32 }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    userMobile: varchar('user_mobile', { length: 32 }).notNull(),
    type: varchar('type', { length: 8 }).notNull(),
    durationHours: smallint('duration_hours'),
    amount: integer('amount'),
    scope: varchar('scope', { length: 8 }).notNull(),
    scopeId: bigint('scope_id', { mode: 'number' }),
    scopeSn: varchar('scope_sn', { length: 32 }),
    validFrom: ts('valid_from').notNull(),
    validTo: ts('valid_to').notNull(),
    source: varchar('source', { length: 8 }).notNull(),
    codeId: bigint('code_id', { mode: 'number' }),
    status: varchar('status', { length: 8 }).notNull().default('unused'),
    orderNo: varchar('order_no', { length: 32 }),
    deduction: integer('deduction').notNull().default(0),
    simulated: boolean('simulated').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    usedAt: ts('used_at'),
  },
  (t) => [
    index('cp_user_coupon_user_idx').on(t.userId, t.status, t.validTo),
    index('cp_user_coupon_coupon_idx').on(t.couponId, t.userId, t.createdAt),
    index('cp_user_coupon_created_idx').on(t.createdAt),
    uniqueIndex('cp_user_coupon_code_uq').on(t.codeId),
    uniqueIndex('cp_user_coupon_order_uq').on(t.orderNo),
  ],
);

/** Code batches (spec 3, Coupon code batch). `exchanged` grows with each redemption; at `quantity` the batch is completed. */
export const cpCodeBatch = pgTable(
  'cp_code_batch',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchNo: varchar('batch_no', { length: 24 }).notNull(),
    couponId: bigint('coupon_id', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    exchanged: integer('exchanged').notNull().default(0),
    status: varchar('status', { length: 10 }).notNull().default('normal'),
    createdBy: varchar('created_by', { length: 64 }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    endedAt: ts('ended_at'),
  },
  (t) => [
    uniqueIndex('cp_code_batch_no_uq').on(t.batchNo),
    index('cp_code_batch_coupon_idx').on(t.couponId),
    check('cp_code_batch_exchanged_ck', sql`${t.exchanged} >= 0 and ${t.exchanged} <= ${t.quantity}`),
  ],
);

/** One code of a batch: redeemed once, by a conditional update (unused -> redeemed). */
export const cpCode = pgTable(
  'cp_code',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: varchar('code', { length: 16 }).notNull(),
    batchId: bigint('batch_id', { mode: 'number' }).notNull(),
    couponId: bigint('coupon_id', { mode: 'number' }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('unused'),
    userId: bigint('user_id', { mode: 'number' }),
    userMobile: varchar('user_mobile', { length: 32 }),
    redeemedAt: ts('redeemed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cp_code_code_uq').on(t.code), index('cp_code_batch_idx').on(t.batchId, t.id)],
);
