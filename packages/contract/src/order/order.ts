// Long for a reason: the schema of every order call (rentals, refunds, payments, settings), each written once; splitting it by screen would scatter one call family.
import { z } from 'zod';
import { pageQuery, statsScope, timeRange } from '../platform/envelope.js';
import * as r from '../platform/rules.js';
import { orderPerms } from './permissions.js';

/**
 * Orders: a customer rents a device at an outlet, the cabinet ejects it, the customer returns it
 * to any cabinet, the fee is computed from the outlet's billing rule and the money is taken, the
 * rest released and the net shared along the profit chain. Money is in integer cents.
 */

/**
 * Where an order stands. `ejecting` is the short wait between the rent and the cabinet's answer
 * (the order is not "using" before the power bank is really out); the rest are the states staff
 * know: using, pending payment (the fee is known, nothing held covers it and the customer must
 * pay), awaiting deduction (the fee was requested from the payment provider), finished, closed
 * (ended without a charge: the eject failed, or it was initialised), refund in progress, refund
 * failed.
 */
export const ORDER_STATUSES = [
  'ejecting',
  'using',
  'pendingPayment',
  'awaitingDeduction',
  'finished',
  'closed',
  'refunding',
  'refundFailed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** How the order was paid: normal (returned), timeout (kept past the rule's limit: bought out). */
export const PAYMENT_KINDS = ['normal', 'timeout'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const ORDER_DEVICE_TYPES = ['powerBank', 'cable', 'bluetooth'] as const;
export type OrderDeviceType = (typeof ORDER_DEVICE_TYPES)[number];
/**
 * What secures the rental: a deposit taken up front (refunded on return), deposit-free (credit:
 * the fee is requested from the provider on return, never above the amount declared at the
 * rent), or the customer's balance. A Bluetooth charger's session holds a prepayment (the fee is
 * taken from it at the end, the rest released); a charging-cable package is bought outright.
 */
export const PAY_MODES = ['deposit', 'depositFree', 'balance', 'prepayment', 'package'] as const;
export type PayMode = (typeof PAY_MODES)[number];
/**
 * Where an order came from (spec 3, source): the customer app's terminal that rented (the
 * client type of the rent call); orders made before the column existed read `unknown`.
 */
export const ORDER_SOURCES = ['userIos', 'userAndroid', 'userWechat', 'userAlipay', 'unknown'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];
/**
 * Where the money of an order stands (spec 3, consumption status), derived from the stored amounts
 * and status so it can never disagree with them: `inProgress` (the rental runs, nothing is due
 * yet), `unpaid` (a fee is due and not yet collected), `paid`, `free` (ended owing nothing),
 * `partRefunded`, `refunded`.
 */
export const CONSUMPTION_STATUSES = ['inProgress', 'unpaid', 'paid', 'free', 'partRefunded', 'refunded'] as const;
export type ConsumptionStatus = (typeof CONSUMPTION_STATUSES)[number];
/** The channel money was taken through (the device payment configuration's channels). */
export const ORDER_PAY_CHANNELS = ['wechat', 'alipay', 'line', 'tap', 'balance'] as const;
export type OrderPayChannel = (typeof ORDER_PAY_CHANNELS)[number];
/**
 * The pre-authorization of a deposit-free rental (spec 4, "Authorization"): the declared amount
 * frozen on the customer's account at the rent (authorized), then the fee paid from it and the rest
 * unfrozen (paid), or all of it unfrozen (released); failed when the payment company refused the
 * payment or the release from it (docs/decisions/orders-and-payments.md, "Deposit-free rentals carry their
 * authorization").
 */
export const ORDER_AUTH_STATES = ['authorized', 'paid', 'released', 'failed'] as const;
export type OrderAuthState = (typeof ORDER_AUTH_STATES)[number];
/** Events of an order's timeline. */
export const ORDER_EVENTS = [
  'created',
  'paid',
  'ejectSent',
  'ejected',
  'ejectFailed',
  'returned',
  'ended',
  'fee',
  'charged',
  'released',
  'shared',
  'voucherUsed',
  'couponUsed',
  'suspended',
  'refundStarted',
  'refundApproved',
  'refundRejected',
  'refunded',
  'refundFailed',
  'initialised',
  'closed',
  'boughtOut',
  // A cable's unlock code issued from its ring; a Bluetooth session started, stopped by the customer.
  'codeIssued',
  'started',
  'stopped',
  // The member level's deduction at the settle (the membership function).
  'memberDeducted',
  // A deposit-free rental's pre-authorization: frozen at the rent, paid from, released; refused by the payment company.
  'authorized',
  'authCaptured',
  'authReleased',
  'authFailed',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];
/** Who a share of an order's net amount goes to, along the profit chain (operator: the direct-sales team owning the outlet). */
export const SHARE_PARTIES = [
  'platform',
  'agentA',
  'agentB',
  'agentC',
  'outlet',
  'serviceProvider',
  'pusher',
  'operator',
] as const;
export type ShareParty = (typeof SHARE_PARTIES)[number];
export const REFUND_STATUSES = ['initiated', 'approved', 'rejected', 'refunding', 'complete', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_TYPES = ['order', 'prepayment', 'balance', 'deposit'] as const;
export type RefundType = (typeof REFUND_TYPES)[number];
/**
 * Why a refund is asked for (issue 31): the preset reasons of the refund dialog, and "other" with
 * its text required. A refund asked before the presets existed, one asked with text only (older
 * clients), a customer's balance refund from the app and every deposit refund are "other" with
 * their text.
 */
export const REFUND_REASONS = ['notEjected', 'returnNotRecognised', 'deviceFault', 'billingDispute', 'other'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/**
 * The user type a query of orders older than 30 days must name (spec 5): the business's own
 * customers, or the demo network's simulated ones (docs/decisions/orders-and-payments.md, "Older orders need a user
 * type").
 */
export const ORDER_USER_TYPES = ['customer', 'demo'] as const;
export type OrderUserType = (typeof ORDER_USER_TYPES)[number];

const orderNo = z.string().trim().min(1).max(32);
const reason = z.string().trim().min(1).max(64);
/** A refund's preset reason; absent means "other" (the text then says why). */
const refundReasonCode = z.enum(REFUND_REASONS, { error: 'rule.refundReasonCode' });
/** The text of a refund's reason: required with "other" (or without a code), optional beside a preset one. */
const refundReasonText = z.string().trim().max(64).optional();
/** "Other" (or no code) needs its text: the only way the records can say why. */
const reasonTextNeeded = (v: { reasonCode?: RefundReason; reason?: string }) =>
  (v.reasonCode ?? 'other') !== 'other' || Boolean(v.reason);
/** An amount of money: whole cents. */
const cents = z.number().int({ error: 'rule.moneyCents' });

/** POST queryPage and export: the time filter is the creation time; a range over 30 days is refused. */
export const orderFilter = timeRange.extend({
  status: z.enum(ORDER_STATUSES).optional(),
  orderNo: z.string().trim().max(32).optional(),
  /** The cabinet rented from or returned to, or the power bank (part of its code). */
  deviceSn: z.string().trim().max(32).optional(),
  deviceType: z.enum(ORDER_DEVICE_TYPES).optional(),
  outletId: z.coerce.number().int().min(1).optional(),
  userId: z.coerce.number().int().min(1).optional(),
  paymentKind: z.enum(PAYMENT_KINDS).optional(),
  /** A deposit-free rental's authorization state. */
  authState: z.enum(ORDER_AUTH_STATES).optional(),
  simulated: z.boolean().optional(),
  /** Required by the archive (spec 5: older data needs a user type); the live list takes it as a filter. */
  userType: z.enum(ORDER_USER_TYPES).optional(),
});
export type OrderFilter = z.infer<typeof orderFilter>;
export const orderQuery = pageQuery.extend(orderFilter.shape);
export type OrderQuery = z.infer<typeof orderQuery>;

/** The billing rule as it was when the order was created (a later edit of the outlet's rule does not change it). */
export const orderBilling = z.object({
  freeMinutes: z.number().int(),
  pricePerPeriod: z.number().int(),
  periodMinutes: z.number().int(),
  dailyCap: z.number().int(),
  totalCap: z.number().int(),
  deposit: z.number().int(),
  /** Days after which an unreturned power bank counts as bought at the total cap. */
  buyOutDays: z.number().int(),
});
export type OrderBilling = z.infer<typeof orderBilling>;

export const orderItem = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  deviceType: z.enum(ORDER_DEVICE_TYPES),
  status: z.enum(ORDER_STATUSES),
  paymentKind: z.enum(PAYMENT_KINDS).nullable(),
  payMode: z.enum(PAY_MODES),
  userId: z.number().int(),
  userMobile: z.string(),
  /** The cabinet it was rented from, the slot and the power bank. */
  deviceSn: z.string(),
  slot: z.number().int().nullable(),
  powerBankId: z.string().nullable(),
  rentOutletId: z.number().int().nullable(),
  rentOutletName: z.string().nullable(),
  returnDeviceSn: z.string().nullable(),
  returnOutletId: z.number().int().nullable(),
  returnOutletName: z.string().nullable(),
  /** Held at the rent: the deposit (deposit mode) or the amount declared (deposit-free). */
  depositAmount: cents,
  /** The fee the billing rule gives for the time used, before any refund. */
  originalAmount: cents,
  /** What a voucher covered of the fee (its free minutes of this rental); the customer pays the fee less this. */
  voucherDeduction: cents,
  /** What a coupon took off the fee after the voucher (spec 3, coupon deduction): the platform's marketing expense. */
  couponDeduction: cents,
  /** What the membership level took off the fee after the voucher and the coupon (spec 3, member deduction). */
  memberDeduction: cents,
  /** What the order generated for the customer to pay: the fee less every deduction (spec 3, generated amount). */
  generatedAmount: cents,
  /** What was actually taken from the customer. */
  paidAmount: cents,
  /**
   * What was refunded of the paid amount: refunds finally approved (their shares taken back and the
   * money sent in that transaction), less those the payment company refused. The same definition
   * as the financial data's refunds, the dashboard's and the operation report's.
   */
  refundAmount: cents,
  /** A refund asked for and still awaiting its review: reserved, not yet refunded. */
  refundPendingAmount: cents,
  /** Minutes billed (rental time less any suspension). */
  billedMinutes: z.number().int(),
  suspendedMinutes: z.number().int(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  createTime: z.string(),
  /** The provider's reference of the payment. */
  payReference: z.string().nullable(),
  /** A charging-cable order: the package bought (its name and hours) and the unlock code issued for it. */
  packageName: z.string().nullable(),
  packageHours: z.number().int().nullable(),
  unlockCode: z.string().nullable(),
  simulated: z.boolean(),
  /** Spec 3: the terminal the order came from, where its money stands, the channel it was paid through. */
  source: z.enum(ORDER_SOURCES),
  consumptionStatus: z.enum(CONSUMPTION_STATUSES),
  payChannel: z.enum(ORDER_PAY_CHANNELS).nullable(),
  /** The device payment configuration the rental took its money terms from (null: none applied, the outlet's rule did). */
  payConfigId: z.number().int().nullable(),
  payConfigName: z.string().nullable(),
  /** A deposit-free rental's pre-authorization (null for every other pay mode): its state, the amount frozen and the payment company's reference. */
  authState: z.enum(ORDER_AUTH_STATES).nullable(),
  authAmount: cents,
  authReference: z.string().nullable(),
});
export type OrderItem = z.infer<typeof orderItem>;

export const orderDetailQuery = z.object({ orderNo });
export const orderTimelineEntry = z.object({
  time: z.string(),
  event: z.enum(ORDER_EVENTS),
  /** Money the event moved, when it moved some. */
  amount: cents.nullable(),
  /** Who did it (staff actions) or what reported it (a cabinet). */
  actor: z.string().nullable(),
  note: z.string().nullable(),
});
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntry>;
export const orderShare = z.object({
  party: z.enum(SHARE_PARTIES),
  partyId: z.number().int().nullable(),
  name: z.string().nullable(),
  /** Percent of the net amount. */
  ratio: z.number().int(),
  /** Net of reversals: what the party holds of this order now. */
  amount: cents,
});
export type OrderShare = z.infer<typeof orderShare>;
/** One approval of a refund: who approved it and when. */
export const refundApproval = z.object({
  by: z.string(),
  time: z.string(),
  /** The approver's account (null for a deposit refund's audit). */ accountId: z.number().int().nullable(),
});
export const refundItem = z.object({
  /** The refund's id (an order refund's; a deposit refund's id is the deposit module's, audited there). */
  id: z.number().int(),
  refundNo: z.string(),
  orderNo: z.string(),
  type: z.enum(REFUND_TYPES),
  userId: z.number().int(),
  userMobile: z.string(),
  amount: cents,
  status: z.enum(REFUND_STATUSES),
  /** The preset reason ("other" for a deposit refund and for refunds asked with text only). */
  reasonCode: z.enum(REFUND_REASONS),
  /** The reason's text as staff typed it (may be empty beside a preset reason). */
  reason: z.string(),
  /** The provider's reference, once it answered. */
  providerReference: z.string().nullable(),
  failReason: z.string().nullable(),
  creator: z.string().nullable(),
  /** The requester's account (null: a customer from the app, a refund older than reviews, a deposit refund): it may not approve it. */
  creatorId: z.number().int().nullable(),
  createTime: z.string(),
  finishTime: z.string().nullable(),
  /** Approvals it needs: 2 when its amount is above the pay settings' second-approval threshold. */
  approvalsNeeded: z.number().int().min(1).max(2),
  /** The approvals given so far, in order (a refund initiated with one of two is waiting for the second). */
  approvals: z.array(refundApproval),
  /** Who rejected it, when, and why (rejected refunds only). */
  rejectedBy: z.string().nullable(),
  rejectTime: z.string().nullable(),
  rejectReason: z.string().nullable(),
});
export type RefundItem = z.infer<typeof refundItem>;
export const orderDetail = orderItem.extend({
  /** Moved to the archive (older than 30 days and final): read-only. */
  archived: z.boolean(),
  billing: orderBilling,
  timeline: z.array(orderTimelineEntry),
  shares: z.array(orderShare),
  refunds: z.array(refundItem),
});
export type OrderDetail = z.infer<typeof orderDetail>;

/** Staff: end a using order at a chosen time (not before the start, not in the future); the fee is recomputed. */
export const orderEndRequest = z.object({ orderNo, endTime: r.dateTime, reason });
export type OrderEndRequest = z.infer<typeof orderEndRequest>;
/** Staff: stop billing a using order for a number of minutes (at most 7 days). */
export const orderSuspendRequest = z.object({
  orderNo,
  minutes: z.number().int({ error: 'notInteger' }).min(1).max(10080),
  reason,
});
export type OrderSuspendRequest = z.infer<typeof orderSuspendRequest>;
/** Staff: initialise a stuck order: it closes without a charge and everything held goes back. */
export const orderInitRequest = z.object({ orderNo, reason });
export type OrderInitRequest = z.infer<typeof orderInitRequest>;
/** What a staff action answers: the order as it now stands. */
export const orderActionResult = z.object({
  orderNo: z.string(),
  status: z.enum(ORDER_STATUSES),
  originalAmount: cents,
  paidAmount: cents,
  refundAmount: cents,
});
export type OrderActionResult = z.infer<typeof orderActionResult>;

/** POST refundOrder/refundAmount: refund part or all of what an order paid (above 0, not above what is left). */
export const refundAmountRequest = z
  .object({
    orderNo,
    amount: cents.min(1, { error: 'rule.refundAboveZero' }),
    /** A preset reason (issue 31); without it the refund is "other" and `reason` says why (the body older clients send). */
    reasonCode: refundReasonCode.optional(),
    reason: refundReasonText,
    /** The caller's key of this request: a repeat with the same key answers the same refund (the console sends one per dialog). */
    idempotencyKey: z
      .string()
      .trim()
      .min(8)
      .max(64)
      .regex(/^[\w-]+$/, { error: 'rule.idempotencyKey' })
      .optional(),
  })
  .refine(reasonTextNeeded, { error: 'rule.refundReasonText', path: ['reason'] });
export type RefundAmountRequest = z.infer<typeof refundAmountRequest>;
/** POST refundOrder/rechargeOrderInfo: what a refund dialog needs to know of an order. */
export const rechargeOrderInfoRequest = z.object({ orderNo });
export const rechargeOrderInfo = z.object({
  orderNo: z.string(),
  status: z.enum(ORDER_STATUSES),
  payMode: z.enum(PAY_MODES),
  userId: z.number().int(),
  userMobile: z.string(),
  paidAmount: cents,
  refundAmount: cents,
  /** What may still be refunded: paid less refunded. */
  refundableAmount: cents,
  /** Whether a refund can be started now. */
  refundable: z.boolean(),
  /** A refund above this amount needs two approvers (the pay settings). */
  secondApprovalAbove: cents,
});
export type RechargeOrderInfo = z.infer<typeof rechargeOrderInfo>;
/**
 * Balance refunds (issue 15): a customer's balance that came from top-ups goes back to the top-up
 * charges it came from. What may be refunded is the balance (less what is held) and at most what
 * the customer's top-up charges have left to refund.
 */
export const balanceRefundInfoQuery = z.object({ userId: z.coerce.number().int().min(1) });
export const balanceRefundInfo = z.object({
  userId: z.number().int(),
  userMobile: z.string(),
  /** The balance now (held refunds already taken out of it). */
  balance: cents,
  /** What a balance refund may take now: the balance, at most what the top-up charges have left. */
  refundable: cents,
  /** A refund above this amount needs two approvers (the pay settings). */
  secondApprovalAbove: cents,
});
export type BalanceRefundInfo = z.infer<typeof balanceRefundInfo>;
/** POST refundOrder/refundBalance: staff refund part or (without an amount) all of a customer's refundable balance. */
export const balanceRefundRequest = z
  .object({
    userId: z.number().int().min(1),
    amount: cents.min(1, { error: 'rule.refundAboveZero' }).optional(),
    /** As an order refund's: a preset reason, or "other" (the default) with its text. */
    reasonCode: refundReasonCode.optional(),
    reason: refundReasonText,
    idempotencyKey: z
      .string()
      .trim()
      .min(8)
      .max(64)
      .regex(/^[\w-]+$/, { error: 'rule.idempotencyKey' })
      .optional(),
  })
  .refine(reasonTextNeeded, { error: 'rule.refundReasonText', path: ['reason'] });
export type BalanceRefundRequest = z.infer<typeof balanceRefundRequest>;
export const refundFilter = timeRange.extend({
  orderNo: z.string().trim().max(32).optional(),
  refundNo: z.string().trim().max(32).optional(),
  status: z.enum(REFUND_STATUSES).optional(),
  type: z.enum(REFUND_TYPES).optional(),
  userId: z.coerce.number().int().min(1).optional(),
  /** The preset reason (a deposit refund's is "other"). */
  reasonCode: z.enum(REFUND_REASONS, { error: 'rule.refundReasonCode' }).optional(),
});
export const refundQuery = pageQuery.extend(refundFilter.shape);
export type RefundQuery = z.infer<typeof refundQuery>;
export type RefundFilter = z.infer<typeof refundFilter>;
/**
 * PUT refundOrder/audit: a platform reviewer approves or rejects an initiated order refund. A
 * rejection needs its reason. Above the second-approval threshold the first approval waits for a
 * second one by another account (neither the requester nor the first approver).
 */
export const refundAuditRequest = z
  .object({ id: z.number().int().min(1), approve: z.boolean(), reason: z.string().trim().max(64).optional() })
  .refine((a) => a.approve || Boolean(a.reason), { error: 'rule.rejectReason', path: ['reason'] });
export type RefundAuditRequest = z.infer<typeof refundAuditRequest>;
/** GET refundOrder/detail: one refund record (an order's or a deposit's) by its number. */
export const refundDetailQuery = z.object({ refundNo: z.string().trim().min(1).max(32) });
export const REFUND_STEPS = ['requested', 'approved', 'rejected', 'sent', 'complete', 'failed'] as const;
export type RefundStep = (typeof REFUND_STEPS)[number];
/** A refund with its history: requested, each approval or the rejection, sent to the payment company, its outcome. */
export const refundDetail = refundItem.extend({
  /** Order refunds: what the order paid and what is refunded of it now (finally approved refunds; one awaiting review is not counted). */
  orderPaidAmount: cents.nullable(),
  orderRefundAmount: cents.nullable(),
  history: z.array(
    z.object({ step: z.enum(REFUND_STEPS), by: z.string().nullable(), time: z.string(), note: z.string().nullable() }),
  ),
});
export type RefundDetail = z.infer<typeof refundDetail>;

/**
 * GET refundOrder/reasonStats (issue 31): the refunds PAID in a window, by reason. A refund counts
 * when it is paid, at its final approval (docs/decisions/statistics.md "Refunded"), with its amount; one the
 * payment company refused is taken back out. Order, prepayment and balance refunds (the ones
 * reviewed in the refund records); deposit refunds are counted in the deposit screen. Window as
 * the statistics': the last 30 days ending now by default, at most 366 days.
 */
export const refundReasonStatsQuery = timeRange;
export const refundReasonStats = z.object({
  beginTime: z.string(),
  endTime: z.string(),
  /** Every reason, in the presets' order, with 0 when none was paid. */
  list: z.array(z.object({ reasonCode: z.enum(REFUND_REASONS), count: z.number().int(), amount: cents })),
  count: z.number().int(),
  amount: cents,
});
export type RefundReasonStats = z.infer<typeof refundReasonStats>;

/**
 * GET stats/overview (issue 16): the orders CREATED in a window, live and archived alike. Both
 * ends are optional (the last 30 days by default, ending now); the window may be up to 366 days.
 * `orderCount` and `paidAmount` are exactly the count and the sum of `paidAmount` the order lists
 * (the live list and the archive's) show for the same creation-time filter; `refundAmount` the sum
 * of their `refundAmount`.
 */
export const statsOverviewQuery = timeRange;
/** The order figures' query: a window and an optional scope. */
export const statsScopedQuery = statsOverviewQuery.extend(statsScope.shape);
export type StatsOverviewQuery = z.infer<typeof statsScopedQuery>;
export const statsOverview = z.object({
  beginTime: z.string(),
  endTime: z.string(),
  orderCount: z.number().int(),
  paidAmount: z.number().int(),
  refundAmount: z.number().int(),
  /** Orders in the window that are finished now. */
  finishedCount: z.number().int(),
  /** Their billed minutes. */
  rentalMinutes: z.number().int(),
});
export type StatsOverview = z.infer<typeof statsOverview>;

/**
 * GET stats/trend: the orders created in each hour of a window (UTC hour starts, hours with no
 * order left out), summed over every outlet; the console adds them up into days of its own time
 * zone. Same window rules as the overview; the two edge hours count only their part inside the
 * window (the current hour so far), so the points add up to the overview.
 */
export const statsTrendPoint = z.object({
  hour: z.string(),
  orderCount: z.number().int(),
  paidAmount: z.number().int(),
  refundAmount: z.number().int(),
});
export type StatsTrendPoint = z.infer<typeof statsTrendPoint>;
export const statsTrend = z.object({ points: z.array(statsTrendPoint) });
export type StatsTrend = z.infer<typeof statsTrend>;

/** GET stats/outletRanking: the outlets whose orders created in the window paid the most (top 6, the spec's ranking). */
export const statsRankingItem = z.object({
  outletId: z.number().int(),
  outletName: z.string().nullable(),
  orderCount: z.number().int(),
  paidAmount: z.number().int(),
});
export type StatsRankingItem = z.infer<typeof statsRankingItem>;
export const statsRanking = z.object({ list: z.array(statsRankingItem) });
export type StatsRanking = z.infer<typeof statsRanking>;

/** GET stats/agentRanking: the agents whose outlets' orders created in the window paid the most (top 5, the spec's ranking; an outlet counts under the agent it is under now). */
export const statsAgentRankingItem = z.object({
  agentId: z.number().int(),
  agentName: z.string().nullable(),
  orderCount: z.number().int(),
  paidAmount: z.number().int(),
});
export type StatsAgentRankingItem = z.infer<typeof statsAgentRankingItem>;
export const statsAgentRanking = z.object({ list: z.array(statsAgentRankingItem) });
export type StatsAgentRanking = z.infer<typeof statsAgentRanking>;

/**
 * GET stats/now: orders as they stand now, counted exactly as the orders list counts them with
 * that state and its default window (the last 30 days): power banks out (using), refunds on their
 * way (refunding), refunds the payment company refused (refund failed: staff must act).
 */
export const statsNow = z.object({
  using: z.number().int(),
  refunding: z.number().int(),
  refundFailed: z.number().int(),
});
export type StatsNow = z.infer<typeof statsNow>;

/** The dashboard widgets fed by the order statistics calls, with the permission codes they need. */
export const orderWidgets = {
  orderFigures: [orderPerms.orderQuery],
  orderNow: [orderPerms.orderQuery],
  orderTrend: [orderPerms.orderQuery],
  outletRanking: [orderPerms.orderQuery],
  agentRanking: [orderPerms.orderQuery],
} as const;
