// Long for a reason: the order module's whole schema (orders, payments, routes, refunds, rollups) in one file, as drizzle-kit reads each module's tables from one file.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Orders. The billing rule and the shares' ratios are copied in when the order is made, so a
 * later edit of the outlet changes the next order and not this one. Money in cents. Who the
 * customer, outlet and cabinet are: plain ids and codes of other modules' records. The columns
 * are shared by the live table and the archive (one definition, so a column added to orders is
 * archived too; the archive keeps the live id).
 */
const orderColumns = () => ({
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
  /** What a coupon took off the fee after the voucher (spec 3, coupon deduction; the platform's marketing expense), and the customer's coupon used. */
  couponDeduction: integer('coupon_deduction').notNull().default(0),
  userCouponId: bigint('user_coupon_id', { mode: 'number' }),
  /**
   * What the customer's membership level took off the fee after the coupon (spec 3, member deduction;
   * docs/decisions/orders-and-payments.md "Member levels").
   */
  memberDeduction: integer('member_deduction').notNull().default(0),
  /** What the order generated for the customer to pay: the fee less every deduction (spec 3, generated amount), set at the settle. */
  generatedAmount: integer('generated_amount').notNull().default(0),
  paidAmount: integer('paid_amount').notNull().default(0),
  /**
   * What was refunded: refunds finally approved (their shares taken back in the ledger and the money
   * sent to the payment company in the same transaction), less those the company refused. Refunds
   * still awaiting review are `refundPendingAmount`, reserved so the two never exceed what was paid.
   */
  refundAmount: integer('refund_amount').notNull().default(0),
  refundPendingAmount: integer('refund_pending_amount').notNull().default(0),
  billedMinutes: integer('billed_minutes').notNull().default(0),
  suspendedMinutes: integer('suspended_minutes').notNull().default(0),
  startAt: ts('start_at'),
  endAt: ts('end_at'),
  payReference: varchar('pay_reference', { length: 64 }),
  /** A charging-cable order: the package bought and the unlock code issued from the cable's ring. */
  packageName: varchar('package_name', { length: 16 }),
  packageHours: integer('package_hours'),
  unlockCode: varchar('unlock_code', { length: 8 }),
  /** The customer's key of the rent request: a repeated tap answers the same order. */
  rentKey: varchar('rent_key', { length: 64 }),
  simulated: boolean('simulated').notNull().default(false),
  /** Spec 3, source: the customer app's terminal that rented (null before the column existed). */
  source: varchar('source', { length: 16 }),
  /** The channel the money was taken through, and the device payment configuration whose terms the rental took (null: the outlet's rule). */
  payChannel: varchar('pay_channel', { length: 12 }),
  payConfigId: bigint('pay_config_id', { mode: 'number' }),
  payConfigName: varchar('pay_config_name', { length: 16 }),
  /**
   * A deposit-free rental's pre-authorization (null for other pay modes): authorized (the amount
   * frozen on the customer's account at the rent), paid (the fee paid from it, the rest unfrozen),
   * released (all unfrozen), failed (the payment company refused the payment or the release). Moved
   * only by conditional updates from the state expected; the payment company's reference and the
   * amount frozen beside it.
   */
  authState: varchar('auth_state', { length: 12 }),
  authReference: varchar('auth_reference', { length: 64 }),
  authAmount: integer('auth_amount').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const ordOrder = pgTable(
  'ord_order',
  { id: bigserial('id', { mode: 'number' }).primaryKey(), ...orderColumns() },
  (t) => [
    uniqueIndex('ord_order_no_uq').on(t.orderNo),
    uniqueIndex('ord_order_rent_key_uq').on(t.userId, t.rentKey),
    index('ord_order_created_idx').on(t.createdAt),
    index('ord_order_user_idx').on(t.userId, t.createdAt),
    index('ord_order_status_idx').on(t.status, t.createdAt),
    index('ord_order_outlet_idx').on(t.outletId, t.createdAt),
    // Operational data: the returns of a window's two edge hours are read by their end.
    index('ord_order_end_idx').on(t.endAt),
    index('ord_order_command_idx').on(t.commandId),
    index('ord_order_open_bank_idx')
      .on(t.powerBankId)
      .where(sql`status in ('ejecting', 'using')`),
    // A power bank's leases (the power bank list) are read by it.
    index('ord_order_bank_idx').on(t.powerBankId),
    // A Bluetooth charger serves one session at a time: the database refuses a second one.
    uniqueIndex('ord_order_open_charger_uq')
      .on(t.sn)
      .where(sql`device_type = 'bluetooth' and status = 'using'`),
    check(
      'ord_order_refund_ck',
      sql`${t.refundAmount} >= 0 and ${t.refundPendingAmount} >= 0 and ${t.refundAmount} + ${t.refundPendingAmount} <= ${t.paidAmount}`,
    ),
  ],
);

/** An entry of an order's timeline: what happened, when, by whom, with how much money (live and archive). */
const eventColumns = () => ({
  event: varchar('event', { length: 16 }).notNull(),
  amount: integer('amount'),
  actor: varchar('actor', { length: 64 }),
  note: varchar('note', { length: 128 }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** The timeline of an order. */
export const ordEvent = pgTable(
  'ord_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => ordOrder.id, { onDelete: 'cascade' }),
    ...eventColumns(),
  },
  (t) => [index('ord_event_order_idx').on(t.orderId, t.id)],
);

/**
 * The archive (spec 5: orders older than 30 days are read from elsewhere): final orders (finished
 * or closed) created more than 30 days ago, moved here in batches by the archive job, each batch
 * one transaction. Their timeline moves with them; their refunds stay in ord_refund (the refund
 * records screen reads them) and their money in the ledger, both by the order's number and id.
 * Read-only: no staff action applies to an archived order.
 */
export const ordOrderArchive = pgTable(
  'ord_order_archive',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    ...orderColumns(),
    archivedAt: ts('archived_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ord_order_archive_no_uq').on(t.orderNo),
    index('ord_order_archive_created_idx').on(t.createdAt),
    index('ord_order_archive_user_idx').on(t.userId, t.createdAt),
    index('ord_order_archive_outlet_idx').on(t.outletId, t.createdAt),
    index('ord_order_archive_end_idx').on(t.endAt),
    index('ord_order_archive_bank_idx').on(t.powerBankId),
    // The archive list always names a user type (spec 5): its count and page read this index alone (the count of
    // the 30 days before read every row's heap to test `simulated`: 1.3 s at 10M orders, bench:stats).
    index('ord_order_archive_simulated_idx').on(t.simulated, t.createdAt),
  ],
);

/** The timelines of archived orders. */
export const ordEventArchive = pgTable(
  'ord_event_archive',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    ...eventColumns(),
  },
  (t) => [index('ord_event_archive_order_idx').on(t.orderId, t.id)],
);

/**
 * Refunds of orders (type order, or prepayment for Bluetooth sessions and cable packages): asked
 * by staff (the amount reserved on the order at once), approved by one reviewer or, above the
 * pay settings' threshold, two different ones (or rejected, releasing the amount), then sent to
 * the payment company and complete or failed.
 */
export const ordRefund = pgTable(
  'ord_refund',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    refundNo: varchar('refund_no', { length: 32 }).notNull().unique(),
    /** The order's id, live or archived (no foreign key: the order may have moved to the archive). */
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    type: varchar('type', { length: 12 }).notNull().default('order'),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    userMobile: varchar('user_mobile', { length: 32 }).notNull(),
    amount: integer('amount').notNull(),
    status: varchar('status', { length: 12 }).notNull(),
    /** The preset reason (REFUND_REASONS); refunds asked before the presets, or with text only, are "other". */
    reasonCode: varchar('reason_code', { length: 24 }).notNull().default('other'),
    /** The reason's text (required with "other", may be empty beside a preset reason). */
    reason: varchar('reason', { length: 64 }).notNull(),
    providerReference: varchar('provider_reference', { length: 64 }),
    failReason: varchar('fail_reason', { length: 64 }),
    creator: varchar('creator', { length: 64 }),
    /** What the refund took back from each account of the order's shares at its final approval (given back if it fails). */
    reversal: jsonb('reversal').notNull().default([]),
    /** The requester's account id (null for refunds made before reviews existed). */
    creatorId: bigint('creator_id', { mode: 'number' }),
    /** The request's idempotency key: a repeat answers this refund. */
    requestKey: varchar('request_key', { length: 64 }),
    /** 2 when the amount was above the second-approval threshold at the request. */
    approvalsNeeded: smallint('approvals_needed').notNull().default(1),
    firstApproverId: bigint('first_approver_id', { mode: 'number' }),
    firstApprover: varchar('first_approver', { length: 64 }),
    firstApprovedAt: ts('first_approved_at'),
    secondApproverId: bigint('second_approver_id', { mode: 'number' }),
    secondApprover: varchar('second_approver', { length: 64 }),
    secondApprovedAt: ts('second_approved_at'),
    rejectedBy: varchar('rejected_by', { length: 64 }),
    rejectedAt: ts('rejected_at'),
    rejectReason: varchar('reject_reason', { length: 64 }),
    /** When it was handed to the payment company. */
    sentAt: ts('sent_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('ord_refund_order_idx').on(t.orderId),
    index('ord_refund_created_idx').on(t.createdAt),
    uniqueIndex('ord_refund_request_key_uq').on(t.requestKey),
    index('ord_refund_status_idx').on(t.status, t.createdAt),
    index('ord_refund_reason_idx').on(t.reasonCode, t.createdAt),
  ],
);

/**
 * The parts of a balance refund (type balance): the amount split over the customer's top-up
 * charges, newest first, each part at most what its charge has left to refund. Each part is its
 * own request to the payment company (its key `refund:<refundNo>:<seq>`, against its charge's
 * reference). A part counts against its charge unless it is released (rejected) or failed.
 */
export const ordRefundPart = pgTable(
  'ord_refund_part',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    refundNo: varchar('refund_no', { length: 32 }).notNull(),
    seq: smallint('seq').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** The top-up charge's ord_payment key and the payment company's reference of it. */
    chargeKey: varchar('charge_key', { length: 96 }).notNull(),
    chargeReference: varchar('charge_reference', { length: 64 }),
    amount: integer('amount').notNull(),
    /** held (asked, in review), sent (approved and handed over), succeeded, failed, released (rejected). */
    status: varchar('status', { length: 12 }).notNull().default('held'),
    key: varchar('key', { length: 96 }).notNull().unique(),
    reference: varchar('reference', { length: 64 }),
    failure: varchar('failure', { length: 64 }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ord_refund_part_refund_idx').on(t.refundNo, t.seq),
    index('ord_refund_part_charge_idx').on(t.chargeKey),
    check('ord_refund_part_amount_ck', sql`${t.amount} > 0`),
  ],
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
    /** What the outcome moves: deduct (a fee), capture (a deposit-free fee paid from its authorization, the rest unfrozen), unfreeze (a deposit-free authorization released whole), release (a deposit back), refund (a refund), recharge, deposit (a deposit refunded by staff), balance (a part of a balance refund), undo (the charge of a rent that recorded nothing, given back; its key is spent). */
    purpose: varchar('purpose', { length: 12 }).notNull(),
    orderNo: varchar('order_no', { length: 32 }),
    refundNo: varchar('refund_no', { length: 32 }),
    userId: bigint('user_id', { mode: 'number' }),
    amount: integer('amount').notNull(),
    /** What the payment company reported it moved (set with the outcome; a top-up credits this, and a difference from `amount` is an alarm). */
    charged: integer('charged'),
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    reference: varchar('reference', { length: 64 }),
    failure: varchar('failure', { length: 64 }),
    createdAt: ts('created_at').notNull().defaultNow(),
    settledAt: ts('settled_at'),
  },
  (t) => [
    index('ord_payment_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
    index('ord_payment_user_idx').on(t.userId, t.purpose),
  ],
);

/**
 * Statistics (issue 16): the orders rolled up per hour of their creation (UTC) and rent outlet
 * (0: none), simulated apart. Each order counts once, in the hour it was created, with its current
 * paid and refunded amounts, whether it finished and its billed minutes, wherever it lives (live or
 * archive): a figure for whole hours is exactly the sum over the rows the order lists show. Kept
 * in the same transaction as every change of ord_order and ord_order_archive by statement triggers
 * of the order module (their functions' source: rollups.sql; docs/decisions/statistics.md, "Statistics"
 * and "One source for the trigger SQL"); read only through OrderFacts (order.facts.ts); the archive's move
 * adds to the archive's side what it takes from the live side, so the rollup does not change.
 * Agent and region are joined from the outlet when read (an outlet that changes agent moves its
 * history with it, as the network screens show it today).
 */
export const statOrderHour = pgTable(
  'stat_order_hour',
  {
    hour: ts('hour').notNull(),
    outletId: bigint('outlet_id', { mode: 'number' }).notNull(),
    simulated: boolean('simulated').notNull(),
    orderCount: bigint('order_count', { mode: 'number' }).notNull().default(0),
    paidAmount: bigint('paid_amount', { mode: 'number' }).notNull().default(0),
    refundAmount: bigint('refund_amount', { mode: 'number' }).notNull().default(0),
    finishedCount: bigint('finished_count', { mode: 'number' }).notNull().default(0),
    rentalMinutes: bigint('rental_minutes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.hour, t.outletId, t.simulated] }),
    index('stat_order_hour_outlet_idx').on(t.outletId, t.hour),
  ],
);

/**
 * The same rollup over every outlet (hour and simulated only, spread over 16 shards by order id so
 * the orders of one hour do not queue on one row), kept by the same triggers: a year is at most
 * 8,760 x 16 rows whatever the number of outlets, so the overview and the trend read it.
 */
export const statOrderHourTotal = pgTable(
  'stat_order_hour_total',
  {
    hour: ts('hour').notNull(),
    simulated: boolean('simulated').notNull(),
    /** The order id modulo 16 (the trigger's): one hour's concurrent orders update different rows, readers sum them. */
    shard: smallint('shard').notNull().default(0),
    orderCount: bigint('order_count', { mode: 'number' }).notNull().default(0),
    paidAmount: bigint('paid_amount', { mode: 'number' }).notNull().default(0),
    refundAmount: bigint('refund_amount', { mode: 'number' }).notNull().default(0),
    finishedCount: bigint('finished_count', { mode: 'number' }).notNull().default(0),
    rentalMinutes: bigint('rental_minutes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.hour, t.simulated, t.shard] })],
);

/**
 * Operational data (issue 16): the orders rolled up per hour of their creation (UTC), rent outlet
 * (0: none) and cabinet (the order's sn), simulated apart: how many were created, finished, ended
 * (left and came back or were closed: start and end both set), their rented minutes (end - start,
 * whole minutes) and how many ended in each duration bucket (< 30 min, 30-60, 1-2 h, 2-6 h, 6-24 h,
 * >= 24 h). Kept by statement triggers on ord_order and ord_order_archive like stat_order_hour
 * (migration "operations_rollup"); the archive's move nets to zero.
 */
export const statOrderCabinetHour = pgTable(
  'stat_order_cabinet_hour',
  {
    hour: ts('hour').notNull(),
    outletId: bigint('outlet_id', { mode: 'number' }).notNull(),
    sn: varchar('sn', { length: 32 }).notNull(),
    simulated: boolean('simulated').notNull(),
    orderCount: bigint('order_count', { mode: 'number' }).notNull().default(0),
    finishedCount: bigint('finished_count', { mode: 'number' }).notNull().default(0),
    endedCount: bigint('ended_count', { mode: 'number' }).notNull().default(0),
    endedMinutes: bigint('ended_minutes', { mode: 'number' }).notNull().default(0),
    d0: bigint('d0', { mode: 'number' }).notNull().default(0),
    d1: bigint('d1', { mode: 'number' }).notNull().default(0),
    d2: bigint('d2', { mode: 'number' }).notNull().default(0),
    d3: bigint('d3', { mode: 'number' }).notNull().default(0),
    d4: bigint('d4', { mode: 'number' }).notNull().default(0),
    d5: bigint('d5', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.hour, t.outletId, t.sn, t.simulated] }),
    index('stat_order_cabinet_hour_outlet_idx').on(t.outletId, t.hour),
  ],
);

/**
 * Operational data: the returns rolled up per hour of the return (the order's end, UTC) and the
 * outlet and cabinet it came back to (orders with a return cabinet and an end), simulated apart;
 * kept by the same triggers.
 */
export const statOrderReturnHour = pgTable(
  'stat_order_return_hour',
  {
    hour: ts('hour').notNull(),
    outletId: bigint('outlet_id', { mode: 'number' }).notNull(),
    sn: varchar('sn', { length: 32 }).notNull(),
    simulated: boolean('simulated').notNull(),
    returnCount: bigint('return_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.hour, t.outletId, t.sn, t.simulated] }),
    index('stat_order_return_hour_outlet_idx').on(t.outletId, t.hour),
  ],
);

/**
 * Operational data at any window (issue 27, part 5): stat_order_cabinet_hour's figures summed per
 * rent outlet (0: none) and cabinet (the order's sn) over a whole UTC day (`span` 'day', `start` its
 * midnight) and a whole UTC month (`span` 'month'), kept by the same triggers: the whole business's
 * per-cabinet figures of a year read some 12 x cabinets rows (summed over outlets) instead of one per
 * cabinet, outlet and hour, and a scope reads those of its outlets (the outlet index; migration 0063
 * added the outlet to the key: a scope's cabinet line counts only the orders rented at its outlets).
 */
export const statOrderCabinetSpan = pgTable(
  'stat_order_cabinet_span',
  {
    span: varchar('span', { length: 8 }).notNull(),
    start: ts('start').notNull(),
    outletId: bigint('outlet_id', { mode: 'number' }).notNull(),
    sn: varchar('sn', { length: 32 }).notNull(),
    simulated: boolean('simulated').notNull(),
    orderCount: bigint('order_count', { mode: 'number' }).notNull().default(0),
    endedCount: bigint('ended_count', { mode: 'number' }).notNull().default(0),
    endedMinutes: bigint('ended_minutes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.span, t.start, t.outletId, t.sn, t.simulated] }),
    index('stat_order_cabinet_span_outlet_idx').on(t.outletId, t.span, t.start),
  ],
);

/**
 * The same per rent outlet (0: none), with the finished orders (since 0063: a scope's orders and
 * finished per period) and the duration buckets: the outlets' figures, the ended rentals and their
 * durations of any window from whole days and months.
 */
export const statOrderOutletSpan = pgTable(
  'stat_order_outlet_span',
  {
    span: varchar('span', { length: 8 }).notNull(),
    start: ts('start').notNull(),
    outletId: bigint('outlet_id', { mode: 'number' }).notNull(),
    simulated: boolean('simulated').notNull(),
    orderCount: bigint('order_count', { mode: 'number' }).notNull().default(0),
    finishedCount: bigint('finished_count', { mode: 'number' }).notNull().default(0),
    endedCount: bigint('ended_count', { mode: 'number' }).notNull().default(0),
    endedMinutes: bigint('ended_minutes', { mode: 'number' }).notNull().default(0),
    d0: bigint('d0', { mode: 'number' }).notNull().default(0),
    d1: bigint('d1', { mode: 'number' }).notNull().default(0),
    d2: bigint('d2', { mode: 'number' }).notNull().default(0),
    d3: bigint('d3', { mode: 'number' }).notNull().default(0),
    d4: bigint('d4', { mode: 'number' }).notNull().default(0),
    d5: bigint('d5', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.span, t.start, t.outletId, t.simulated] }),
    index('stat_order_outlet_span_outlet_idx').on(t.outletId, t.span, t.start),
  ],
);

/**
 * The returns per UTC hour over every outlet (stat_order_return_hour summed), spread over 16 shards by
 * order id like stat_order_hour_total (the closed hours folded into shard 0 by OrderFacts.compact).
 */
export const statOrderReturnHourTotal = pgTable(
  'stat_order_return_hour_total',
  {
    hour: ts('hour').notNull(),
    simulated: boolean('simulated').notNull(),
    shard: smallint('shard').notNull().default(0),
    returnCount: bigint('return_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.hour, t.simulated, t.shard] })],
);

/**
 * Which payment company a request went to, recorded before it is sent (issue 28). The payment
 * router writes a row for every request to a real company (the sandbox's need none: no row means
 * the sandbox), under the short number the company knows it by (`providerNo(key)`), so a
 * notification, a query, a refund of that charge and a statement line find their way back to the
 * engine's key and to the company that holds the money.
 */
export const ordPayRoute = pgTable(
  'ord_pay_route',
  {
    key: varchar('key', { length: 96 }).primaryKey(),
    provider: varchar('provider', { length: 16 }).notNull(),
    providerNo: varchar('provider_no', { length: 32 }).notNull(),
    op: varchar('op', { length: 8 }).notNull(),
    /** The company's transaction number once an answer gave it (a refund finds its charge's company by it). */
    reference: varchar('reference', { length: 64 }),
    /**
     * A payout waiting for the payee to confirm it in their wallet: what the partner app hands to it
     * (WeChat Pay's {mchId, appId, package} for wx.requestMerchantTransfer). Only the transfer's
     * creation answer carries it, so it is kept from that answer.
     */
    payeeConfirm: jsonb('payee_confirm').$type<Record<string, string>>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ord_pay_route_no_idx').on(t.provider, t.providerNo),
    index('ord_pay_route_ref_idx').on(t.reference),
  ],
);
