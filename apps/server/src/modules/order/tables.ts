import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Orders. The billing rule and the shares' ratios are copied in when the order is made, so a
 * later edit of the outlet changes the next order and not this one. Money in cents. Who the
 * customer, outlet and cabinet are: plain ids and codes of other modules' records.
 */
export const ordOrder = pgTable(
  'ord_order',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    userMobile: varchar('user_mobile', { length: 32 }).notNull(),
    deviceType: varchar('device_type', { length: 12 }).notNull().default('powerBank'),
    status: varchar('status', { length: 20 }).notNull(),
    paymentKind: varchar('payment_kind', { length: 8 }),
    payMode: varchar('pay_mode', { length: 12 }).notNull(),
    sn: varchar('sn', { length: 32 }).notNull(),
    slot: smallint('slot'),
    powerBankId: varchar('power_bank_id', { length: 32 }),
    commandId: varchar('command_id', { length: 40 }),
    outletId: bigint('outlet_id', { mode: 'number' }),
    outletName: varchar('outlet_name', { length: 32 }),
    returnSn: varchar('return_sn', { length: 32 }),
    returnOutletId: bigint('return_outlet_id', { mode: 'number' }),
    returnOutletName: varchar('return_outlet_name', { length: 32 }),
    billing: jsonb('billing').notNull(),
    /** Who shares the order's net amount, decided at the rent: [{ party, partyId, name, ratio }]. */
    chain: jsonb('chain').notNull(),
    depositAmount: integer('deposit_amount').notNull().default(0),
    originalAmount: integer('original_amount').notNull().default(0),
    /** What a voucher covered of the fee (its free minutes of this rental), and the voucher order it came from. */
    voucherDeduction: integer('voucher_deduction').notNull().default(0),
    /** The value the voucher's use moved from the voucher liability to the order's income (shared with the rest). */
    voucherValue: integer('voucher_value').notNull().default(0),
    voucherOrderNo: varchar('voucher_order_no', { length: 32 }),
    paidAmount: integer('paid_amount').notNull().default(0),
    refundAmount: integer('refund_amount').notNull().default(0),
    billedMinutes: integer('billed_minutes').notNull().default(0),
    suspendedMinutes: integer('suspended_minutes').notNull().default(0),
    startAt: ts('start_at'),
    endAt: ts('end_at'),
    payReference: varchar('pay_reference', { length: 64 }),
    /** The customer's key of the rent request: a repeated tap answers the same order. */
    rentKey: varchar('rent_key', { length: 64 }),
    simulated: boolean('simulated').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ord_order_no_uq').on(t.orderNo),
    uniqueIndex('ord_order_rent_key_uq').on(t.userId, t.rentKey),
    index('ord_order_created_idx').on(t.createdAt),
    index('ord_order_user_idx').on(t.userId, t.createdAt),
    index('ord_order_status_idx').on(t.status, t.createdAt),
    index('ord_order_outlet_idx').on(t.outletId, t.createdAt),
    index('ord_order_command_idx').on(t.commandId),
    index('ord_order_open_bank_idx').on(t.powerBankId).where(sql`status in ('ejecting', 'using')`),
    check('ord_order_refund_ck', sql`${t.refundAmount} >= 0 and ${t.refundAmount} <= ${t.paidAmount}`),
  ],
);

/** The timeline of an order: what happened, when, by whom, with how much money. */
export const ordEvent = pgTable(
  'ord_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => ordOrder.id, { onDelete: 'cascade' }),
    event: varchar('event', { length: 16 }).notNull(),
    amount: integer('amount'),
    actor: varchar('actor', { length: 64 }),
    note: varchar('note', { length: 128 }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('ord_event_order_idx').on(t.orderId, t.id)],
);

/** Refunds of orders: each goes to the payment company and comes back complete or failed. */
export const ordRefund = pgTable(
  'ord_refund',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    refundNo: varchar('refund_no', { length: 32 }).notNull().unique(),
    orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => ordOrder.id, { onDelete: 'cascade' }),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    type: varchar('type', { length: 12 }).notNull().default('order'),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    userMobile: varchar('user_mobile', { length: 32 }).notNull(),
    amount: integer('amount').notNull(),
    status: varchar('status', { length: 12 }).notNull(),
    reason: varchar('reason', { length: 64 }).notNull(),
    providerReference: varchar('provider_reference', { length: 64 }),
    failReason: varchar('fail_reason', { length: 64 }),
    creator: varchar('creator', { length: 64 }),
    /** What the refund took back from each account of the order's shares (given back if it fails). */
    reversal: jsonb('reversal').notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('ord_refund_order_idx').on(t.orderId), index('ord_refund_created_idx').on(t.createdAt)],
);

/**
 * Requests to the payment company, by their idempotency key: what was asked, and whether its
 * outcome has been applied. One still pending past a while is asked about (`query`), since a
 * notification may never come.
 */
export const ordPayment = pgTable(
  'ord_payment',
  {
    key: varchar('key', { length: 96 }).primaryKey(),
    op: varchar('op', { length: 8 }).notNull(),
    /** What the outcome moves: deduct (a fee), release (a deposit back), refund (a refund), recharge. */
    purpose: varchar('purpose', { length: 12 }).notNull(),
    orderNo: varchar('order_no', { length: 32 }),
    refundNo: varchar('refund_no', { length: 32 }),
    userId: bigint('user_id', { mode: 'number' }),
    amount: integer('amount').notNull(),
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    reference: varchar('reference', { length: 64 }),
    failure: varchar('failure', { length: 64 }),
    createdAt: ts('created_at').notNull().defaultNow(),
    settledAt: ts('settled_at'),
  },
  (t) => [index('ord_payment_pending_idx').on(t.createdAt).where(sql`status = 'pending'`)],
);
