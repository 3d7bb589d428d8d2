import { z } from 'zod';
import { pageQuery, timeRange } from '../platform/envelope.js';

/**
 * Deposits. A deposit order is the deposit part of a rental: recorded when the rent holds a
 * deposit, closed when the order ends (the fee taken from it, the rest given back less the
 * deposit refund fee). A deposit the payment company would not give back, or one still held,
 * is refunded by staff through an application that is audited. Deposit rules decide who may
 * rent deposit-free; users on the ignore list skip them. Money is in integer cents.
 */

/**
 * Where a deposit order stands: held (the rental is open), returned (given back when the rental
 * ended), refund pending audit, refunding (with the payment company), refunded, refund failed
 * (the payment company refused; staff may ask again), rejected (an application was rejected;
 * the deposit is still held and may be asked for again).
 */
export const DEPOSIT_STATES = [
  'held',
  'returned',
  'pendingAudit',
  'refunding',
  'refunded',
  'refundFailed',
  'rejected',
] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];
/** How the deposit was paid: through the payment company, or from the customer's balance. */
export const DEPOSIT_CHANNELS = ['provider', 'balance'] as const;
export type DepositChannel = (typeof DEPOSIT_CHANNELS)[number];
/** Whom a deposit rule applies to: every outlet, one agent's outlets, or one outlet. */
export const DEPOSIT_RULE_SCOPES = ['platform', 'agent', 'outlet'] as const;
export type DepositRuleScope = (typeof DEPOSIT_RULE_SCOPES)[number];
export const DEPOSIT_RULE_STATUSES = ['enabled', 'disabled'] as const;
export type DepositRuleStatus = (typeof DEPOSIT_RULE_STATUSES)[number];

const id = z.coerce.number().int({ error: 'rule.wholeFrom1' }).min(1, { error: 'rule.wholeFrom1' });
const reason = z.string().trim().min(1).max(64);

/** POST depositOrder/queryPage and export: the time filter is the creation time (at most 30 days). */
export const depositFilter = timeRange.extend({
  depositNo: z.string().trim().max(32).optional(),
  orderNo: z.string().trim().max(32).optional(),
  state: z.enum(DEPOSIT_STATES).optional(),
  channel: z.enum(DEPOSIT_CHANNELS).optional(),
  userId: z.coerce.number().int().min(1).optional(),
  outletId: z.coerce.number().int().min(1).optional(),
});
export type DepositFilter = z.infer<typeof depositFilter>;
export const depositQuery = pageQuery.extend(depositFilter.shape);
export type DepositQuery = z.infer<typeof depositQuery>;

export const depositItem = z.object({
  id: z.number().int(),
  depositNo: z.string(),
  orderNo: z.string(),
  userId: z.number().int(),
  userMobile: z.string(),
  outletId: z.number().int().nullable(),
  outletName: z.string().nullable(),
  state: z.enum(DEPOSIT_STATES),
  channel: z.enum(DEPOSIT_CHANNELS),
  /** The deposit held at the rent. */
  amount: z.number().int(),
  /** The rental fee taken from it when the order ended. */
  feeTaken: z.number().int(),
  /** The deposit refund fee kept (a percent of what was given back). */
  refundFee: z.number().int(),
  /** What went back (or is going back) to the customer. */
  returnedAmount: z.number().int(),
  payReference: z.string().nullable(),
  refundReference: z.string().nullable(),
  /** The application's reason for a rejection, or the payment company's for a failure. */
  remark: z.string().nullable(),
  applicant: z.string().nullable(),
  auditor: z.string().nullable(),
  createTime: z.string(),
  finishTime: z.string().nullable(),
  simulated: z.boolean(),
});
export type DepositItem = z.infer<typeof depositItem>;

/** POST depositOrder/queryDepositStatistics: the figures of the same filter as the list. */
export const depositStatistics = z.object({
  held: z.object({ count: z.number().int(), amount: z.number().int() }),
  returned: z.object({ count: z.number().int(), amount: z.number().int() }),
  refundFees: z.number().int(),
  feesTaken: z.number().int(),
  pendingAudit: z.object({ count: z.number().int(), amount: z.number().int() }),
  refunded: z.object({ count: z.number().int(), amount: z.number().int() }),
  failed: z.object({ count: z.number().int(), amount: z.number().int() }),
  /** Rentals in the period: with a deposit, and deposit-free. */
  depositOrders: z.number().int(),
  depositFreeOrders: z.number().int(),
});
export type DepositStatistics = z.infer<typeof depositStatistics>;

/** PUT refundDeposit/audit?id (the deposit order's id): approve, or reject with a reason. */
export const depositAuditQuery = z.object({ id });
export const depositAuditRequest = z
  .object({ approve: z.boolean(), reason: z.string().trim().max(64).optional() })
  .refine((b) => b.approve || (b.reason ?? '').length > 0, { path: ['reason'], error: 'rule.rejectReason' });
export type DepositAuditRequest = z.infer<typeof depositAuditRequest>;
/** POST pcRefundDepositRule/user?id (the deposit order's id): ask for the refund, with a reason. */
export const depositRefundQuery = z.object({ id });
export const depositRefundRequest = z.object({ reason });
export type DepositRefundRequest = z.infer<typeof depositRefundRequest>;

// ------------------------------------------------------------------ rules

const ruleCount = z
  .number({ error: 'rule.wholeFrom0' })
  .int({ error: 'rule.wholeFrom0' })
  .min(0, { error: 'rule.wholeFrom0' })
  .max(9999);
/** POST depositRule/saveOrUpdate: without id creates. Spec 5: deposit-free order count not above deposit order count. */
export const depositRuleSave = z
  .object({
    id: z.number().int().min(1).optional(),
    name: z.string().trim().min(1).max(32),
    scope: z.enum(DEPOSIT_RULE_SCOPES),
    agentId: z.number().int().min(1).nullish(),
    outletId: z.number().int().min(1).nullish(),
    depositOrderCount: ruleCount.min(1, { error: 'rule.wholeFrom1' }),
    depositFreeOrderCount: ruleCount,
    status: z.enum(DEPOSIT_RULE_STATUSES).default('enabled'),
  })
  .refine((r) => r.depositFreeOrderCount <= r.depositOrderCount, {
    path: ['depositFreeOrderCount'],
    error: 'rule.depositFreeNotAbove',
  })
  .refine((r) => r.scope !== 'agent' || !!r.agentId, { path: ['agentId'], error: 'required' })
  .refine((r) => r.scope !== 'outlet' || !!r.outletId, { path: ['outletId'], error: 'required' });
export type DepositRuleSave = z.infer<typeof depositRuleSave>;

export const depositRuleItem = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(DEPOSIT_RULE_SCOPES),
  agentId: z.number().int().nullable(),
  outletId: z.number().int().nullable(),
  /** The agent's or outlet's name (empty for the platform). */
  scopeName: z.string().nullable(),
  depositOrderCount: z.number().int(),
  depositFreeOrderCount: z.number().int(),
  status: z.enum(DEPOSIT_RULE_STATUSES),
  creator: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type DepositRuleItem = z.infer<typeof depositRuleItem>;
export const depositRuleFilter = z.object({
  name: z.string().trim().max(32).optional(),
  scope: z.enum(DEPOSIT_RULE_SCOPES).optional(),
  status: z.enum(DEPOSIT_RULE_STATUSES).optional(),
});
export const depositRuleQuery = pageQuery.extend(depositRuleFilter.shape);
export type DepositRuleQuery = z.infer<typeof depositRuleQuery>;
export const depositRuleDetailQuery = z.object({ id });
/** GET depositRule/editStatus?id&status. */
export const depositRuleStatusQuery = z.object({ id, status: z.enum(DEPOSIT_RULE_STATUSES) });

// ------------------------------------------------------------------ the ignore list

export const ignoreQuery = pageQuery.extend({ mobile: z.string().trim().max(20).optional() });
export type IgnoreQuery = z.infer<typeof ignoreQuery>;
export const ignoreItem = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userMobile: z.string(),
  remark: z.string().nullable(),
  creator: z.string().nullable(),
  createTime: z.string(),
});
export type IgnoreItem = z.infer<typeof ignoreItem>;
/** POST orderRuleIgnoreAdd: the customer picked, and why. */
export const ignoreAddRequest = z.object({
  userId: z.number().int().min(1),
  remark: z.string().trim().max(64).optional(),
});
/** POST orderRuleIgnoreDel: the entry's id. */
export const ignoreDelRequest = z.object({ id: z.number().int().min(1) });

/** POST orderRuleIgnoreBatch: phone numbers, one per entry, as pasted or read from a text file. */
export const IGNORE_BATCH_MAX = 1000;
export const ignoreBatchRequest = z.object({
  phones: z.array(z.string().max(40)).min(1).max(IGNORE_BATCH_MAX),
  remark: z.string().trim().max(64).optional(),
});
/** Why a line was skipped (spec 8: the partial failure report). */
export const IGNORE_SKIP_REASONS = ['notPhone', 'unknown', 'alreadyExempt', 'ambiguous', 'duplicate'] as const;
export type IgnoreSkipReason = (typeof IGNORE_SKIP_REASONS)[number];
export const ignoreBatchReport = z.object({
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.array(z.object({ phone: z.string(), reason: z.enum(IGNORE_SKIP_REASONS), msg: z.string() })),
});
export type IgnoreBatchReport = z.infer<typeof ignoreBatchReport>;
