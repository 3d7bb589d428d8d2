import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Deposit orders: the deposit part of a rental, recorded in the rent's transaction and closed in
 * the order's ending transaction. Money in cents. Order, customer and outlet are plain ids of
 * other modules' records.
 */
export const depOrder = pgTable(
  'dep_order',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    depositNo: varchar('deposit_no', { length: 32 }).notNull(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    userMobile: varchar('user_mobile', { length: 32 }).notNull(),
    outletId: bigint('outlet_id', { mode: 'number' }),
    outletName: varchar('outlet_name', { length: 32 }),
    state: varchar('state', { length: 16 }).notNull().default('held'),
    channel: varchar('channel', { length: 12 }).notNull(),
    amount: integer('amount').notNull(),
    feeTaken: integer('fee_taken').notNull().default(0),
    refundFee: integer('refund_fee').notNull().default(0),
    returnedAmount: integer('returned_amount').notNull().default(0),
    payReference: varchar('pay_reference', { length: 64 }),
    refundReference: varchar('refund_reference', { length: 64 }),
    remark: varchar('remark', { length: 128 }),
    simulated: boolean('simulated').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('dep_order_no_uq').on(t.depositNo),
    uniqueIndex('dep_order_order_uq').on(t.orderNo),
    index('dep_order_created_idx').on(t.createdAt),
    index('dep_order_user_idx').on(t.userId, t.state),
    index('dep_order_state_idx').on(t.state, t.createdAt),
    check(
      'dep_order_money_ck',
      sql`${t.amount} > 0 and ${t.feeTaken} >= 0 and ${t.refundFee} >= 0 and ${t.returnedAmount} >= 0 and ${t.feeTaken} + ${t.refundFee} + ${t.returnedAmount} <= ${t.amount}`,
    ),
  ],
);

/**
 * Applications for the refund of a deposit by staff: asked, audited, sent to the payment
 * company. At most one open (pending audit or refunding) per deposit, by a unique index.
 */
export const depRefund = pgTable(
  'dep_refund',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    refundNo: varchar('refund_no', { length: 32 }).notNull(),
    depositId: bigint('deposit_id', { mode: 'number' })
      .notNull()
      .references(() => depOrder.id, { onDelete: 'cascade' }),
    /** What was held when asked; the fee and what goes back, by the rule then. */
    amount: integer('amount').notNull(),
    fee: integer('fee').notNull(),
    back: integer('back').notNull(),
    state: varchar('state', { length: 16 }).notNull(),
    reason: varchar('reason', { length: 64 }).notNull(),
    applicant: varchar('applicant', { length: 64 }),
    auditor: varchar('auditor', { length: 64 }),
    auditRemark: varchar('audit_remark', { length: 64 }),
    providerReference: varchar('provider_reference', { length: 64 }),
    failReason: varchar('fail_reason', { length: 64 }),
    createdAt: ts('created_at').notNull().defaultNow(),
    auditedAt: ts('audited_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('dep_refund_no_uq').on(t.refundNo),
    uniqueIndex('dep_refund_open_uq')
      .on(t.depositId)
      .where(sql`state in ('pendingAudit', 'refunding')`),
  ],
);

/** Rentals without a deposit, counted against the deposit rules and in the statistics. */
export const depFreeOrder = pgTable(
  'dep_free_order',
  {
    orderNo: varchar('order_no', { length: 32 }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    outletId: bigint('outlet_id', { mode: 'number' }),
    /** The most the order may charge (declared at the rent). */
    declared: integer('declared').notNull(),
    simulated: boolean('simulated').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('dep_free_order_user_idx').on(t.userId), index('dep_free_order_created_idx').on(t.createdAt)],
);

/** Deposit rules: who may rent deposit-free. One rule per scope target (the platform, an agent, an outlet). */
export const depRule = pgTable(
  'dep_rule',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 32 }).notNull(),
    scope: varchar('scope', { length: 12 }).notNull(),
    /** The agent's or outlet's id; 0 for the platform (so the unique index holds one platform rule). */
    targetId: bigint('target_id', { mode: 'number' }).notNull().default(0),
    scopeName: varchar('scope_name', { length: 64 }),
    depositOrderCount: integer('deposit_order_count').notNull(),
    depositFreeOrderCount: integer('deposit_free_order_count').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('enabled'),
    creator: varchar('creator', { length: 64 }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dep_rule_scope_uq').on(t.scope, t.targetId),
    check(
      'dep_rule_counts_ck',
      sql`${t.depositOrderCount} >= 1 and ${t.depositFreeOrderCount} >= 0 and ${t.depositFreeOrderCount} <= ${t.depositOrderCount}`,
    ),
  ],
);

/** Customers the deposit rules do not apply to. */
export const depIgnore = pgTable(
  'dep_ignore',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    userMobile: varchar('user_mobile', { length: 32 }).notNull(),
    remark: varchar('remark', { length: 64 }),
    creator: varchar('creator', { length: 64 }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('dep_ignore_user_uq').on(t.userId)],
);
