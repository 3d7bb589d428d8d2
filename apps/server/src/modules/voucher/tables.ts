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
 * Vouchers on sale: prepaid rental passes. `sold` only grows by a conditional update that keeps
 * it at or below `stock` (the check holds it even against a bug). Money in cents.
 */
export const vchVoucher = pgTable(
  'vch_voucher',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 16 }).notNull(),
    price: integer('price').notNull(),
    freeMinutes: integer('free_minutes').notNull(),
    uses: integer('uses').notNull(),
    validDays: integer('valid_days').notNull(),
    stock: integer('stock').notNull(),
    sold: integer('sold').notNull().default(0),
    scopeType: varchar('scope_type', { length: 8 }).notNull(),
    scopeId: bigint('scope_id', { mode: 'number' }),
    status: varchar('status', { length: 8 }).notNull(),
    simulated: boolean('simulated').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vch_voucher_name_uq').on(t.name),
    check('vch_voucher_sold_ck', sql`${t.sold} >= 0 and ${t.sold} <= ${t.stock}`),
  ],
);

/**
 * Voucher orders: one customer's purchase, with a copy of the voucher's terms. `uses_left` only
 * shrinks by a conditional update; `used_value` is the value moved out of the voucher liability
 * so far, and the refund gives back price - used_value, so the liability of a pass ends at zero.
 */
export const vchOrder = pgTable(
  'vch_order',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    voucherOrderNo: varchar('voucher_order_no', { length: 32 }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    userMobile: varchar('user_mobile', { length: 32 }).notNull(),
    voucherId: bigint('voucher_id', { mode: 'number' }).notNull(),
    voucherName: varchar('voucher_name', { length: 16 }).notNull(),
    price: integer('price').notNull(),
    freeMinutes: integer('free_minutes').notNull(),
    uses: integer('uses').notNull(),
    usesLeft: integer('uses_left').notNull(),
    usedValue: integer('used_value').notNull().default(0),
    scopeType: varchar('scope_type', { length: 8 }).notNull(),
    scopeId: bigint('scope_id', { mode: 'number' }),
    validUntil: ts('valid_until').notNull(),
    status: varchar('status', { length: 14 }).notNull(),
    payReference: varchar('pay_reference', { length: 64 }),
    /** The customer's key of the purchase: a repeated tap answers the same order. */
    buyKey: varchar('buy_key', { length: 64 }).notNull(),
    refundAmount: integer('refund_amount').notNull().default(0),
    /** Refund attempts: each has its own key with the payment company (a failed one may be tried again). */
    refundAttempts: smallint('refund_attempts').notNull().default(0),
    refundReason: varchar('refund_reason', { length: 64 }),
    refundBy: varchar('refund_by', { length: 64 }),
    refundReference: varchar('refund_reference', { length: 64 }),
    failReason: varchar('fail_reason', { length: 64 }),
    refundRequestedAt: ts('refund_requested_at'),
    refundedAt: ts('refunded_at'),
    simulated: boolean('simulated').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vch_order_no_uq').on(t.voucherOrderNo),
    uniqueIndex('vch_order_buy_key_uq').on(t.userId, t.buyKey),
    index('vch_order_created_idx').on(t.createdAt),
    index('vch_order_user_idx').on(t.userId, t.status),
    index('vch_order_valid_idx')
      .on(t.validUntil)
      .where(sql`status = 'paid'`),
    check('vch_order_uses_ck', sql`${t.usesLeft} >= 0 and ${t.usesLeft} <= ${t.uses}`),
    check('vch_order_value_ck', sql`${t.usedValue} >= 0 and ${t.usedValue} + ${t.refundAmount} <= ${t.price}`),
  ],
);
