import { z } from 'zod';
import { pageQuery, timeRange } from '../platform/envelope.js';

/**
 * Withdrawals (payouts): a party of the profit chain (an agent, a service provider, a ground
 * pusher) asks through the partner app for money it has earned; the amount is held in the books
 * at once, staff approve or reject it (an application at or under the kind's automatic-mode limit
 * skips review), and the payment company pays it out. Money is in integer cents.
 */

/**
 * spec 4: initiated, platform approved, platform rejected, payment company paying out, success,
 * failed (with one of the payment companies' reasons).
 */
export const PAYOUT_STATES = ['initiated', 'approved', 'rejected', 'paying', 'success', 'failed'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];
/** spec 4: WeChat, Alipay, LINE, Tap (the pay settings' WITHDRAW_METHODS, repeated so the domain imports only itself). */
export const PAYOUT_METHODS = ['wechat', 'alipay', 'line', 'tap'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
/** Who withdraws: the partner app's account kinds that earn shares. */
export const PAYOUT_PARTIES = ['agent', 'serviceProvider', 'pusher', 'outlet', 'operator'] as const;
export type PayoutParty = (typeof PAYOUT_PARTIES)[number];
/** spec 8's payout failures (the ledger's PAYOUT_FAILURES) plus the system exception of spec 4. */
export const PAYOUT_FAILURE_REASONS = [
  'systemException',
  'accountFrozen',
  'notRealName',
  'nameMismatch',
  'openidInvalid',
  'quotaExceeded',
  'dailyCountExceeded',
  'authorizationFailed',
  'transferClosed',
  'idCardMismatch',
  'accountNotFound',
  'transferRisk',
  'realNameLimit',
  'payeeNotConfigured',
  'payerAbnormal',
  'payeeAbnormal',
  'remarkFailed',
  'insufficientBalance',
  'merchantDailyQuota',
  'insufficientPermission',
] as const;
export type PayoutFailureReason = (typeof PAYOUT_FAILURE_REASONS)[number];

const id = z.coerce.number().int({ error: 'rule.wholeFrom1' }).min(1, { error: 'rule.wholeFrom1' });

/** POST app withdrawal/apply. The key makes a retried application one application. */
export const payoutApplyRequest = z.object({
  /** Cents; a whole number of currency units (a multiple of 100). */
  amount: z.number().int().min(1).max(2_000_000_000),
  method: z.enum(PAYOUT_METHODS),
  payeeAccount: z.string().trim().min(1).max(64),
  payeeName: z.string().trim().min(1).max(32),
  /** The caller's key for this application (8-64 letters, digits, - or _): asking again with it answers the first application. */
  idempotencyKey: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'rule.idempotencyKey' }),
});
export type PayoutApplyRequest = z.infer<typeof payoutApplyRequest>;

/** GET queryPage and POST export: the time filter is the application time (at most 30 days). */
export const payoutFilter = timeRange.extend({
  status: z.enum(PAYOUT_STATES).optional(),
  method: z.enum(PAYOUT_METHODS).optional(),
  partyKind: z.enum(PAYOUT_PARTIES).optional(),
  applicationNo: z.string().trim().max(32).optional(),
});
export type PayoutFilter = z.infer<typeof payoutFilter>;
export const payoutQuery = pageQuery.extend(payoutFilter.shape);

export const payoutItem = z.object({
  id: z.number().int(),
  applicationNo: z.string(),
  partyKind: z.enum(PAYOUT_PARTIES),
  partyId: z.number().int(),
  partyName: z.string(),
  method: z.enum(PAYOUT_METHODS),
  payeeAccount: z.string(),
  payeeName: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  /** What reaches the payee: the amount less the fee. */
  actualAmount: z.number().int(),
  status: z.enum(PAYOUT_STATES),
  failureReason: z.enum(PAYOUT_FAILURE_REASONS).nullable(),
  rejectReason: z.string().nullable(),
  /** Staff who reviewed, or null (automatic mode, or not yet). */
  reviewer: z.string().nullable(),
  reviewTime: z.string().nullable(),
  /** Paid without review: at or under the kind's automatic-mode limit. */
  automatic: z.boolean(),
  providerReference: z.string().nullable(),
  createTime: z.string(),
  finishTime: z.string().nullable(),
});
export type PayoutItem = z.infer<typeof payoutItem>;

export const payoutStep = z.object({
  status: z.enum(PAYOUT_STATES),
  time: z.string(),
  actor: z.string(),
  note: z.string().nullable(),
});
export const payoutDetail = payoutItem.extend({
  history: z.array(payoutStep),
  /** What the party has in its payable account now, and of it what may be withdrawn now. */
  balance: z.number().int(),
  withdrawable: z.number().int(),
  /**
   * What the party owes the platform (its receivable; docs/decisions/ledger-and-money.md "What a partner owes"), 0 when
   * nothing.
   */
  owed: z.number().int(),
});
export type PayoutDetail = z.infer<typeof payoutDetail>;
export const payoutDetailQuery = z.object({ id });

/** GET app withdrawal/confirmation?id=: one of the caller's own withdrawals. */
export const payoutConfirmationQuery = z.object({ id });
/**
 * What the partner app hands to wx.requestMerchantTransfer so the payee confirms a WeChat payout
 * waiting for them (WeChat Pay's merchant transfer, WAIT_USER_CONFIRM): the merchant number, the
 * AppID the payee's openid belongs to, and the transfer's package.
 */
export const payoutConfirmation = z.object({
  id: z.number().int(),
  mchId: z.string(),
  appId: z.string(),
  package: z.string(),
});
export type PayoutConfirmation = z.infer<typeof payoutConfirmation>;

/** The reason a rejection gives (1-64 characters): the console's field checks it with this. */
export const payoutRejectReason = z.string().trim().min(1).max(64);

/** PUT audit: a reason is required to reject. */
export const payoutAuditRequest = z
  .object({ id: z.number().int().min(1), approve: z.boolean(), reason: z.string().trim().max(64).optional() })
  .refine((b) => b.approve || (b.reason ?? '').length > 0, { path: ['reason'], error: 'rule.rejectReason' });
export type PayoutAuditRequest = z.infer<typeof payoutAuditRequest>;

/** PUT batchAudit: the same decision for up to 100 withdrawals, each decided alone by the single review's conditional update. */
export const payoutBatchAuditRequest = z
  .object({
    ids: z.array(z.number().int().min(1)).min(1).max(100),
    approve: z.boolean(),
    reason: z.string().trim().max(64).optional(),
  })
  .refine((b) => b.approve || (b.reason ?? '').length > 0, { path: ['reason'], error: 'rule.rejectReason' });
export type PayoutBatchAuditRequest = z.infer<typeof payoutBatchAuditRequest>;
/** Per withdrawal: decided now (ok), or why not (its error's code and message, in the caller's language). */
export const payoutBatchAuditResult = z.object({
  results: z.array(
    z.object({
      id: z.number().int(),
      ok: z.boolean(),
      applicationNo: z.string().nullable(),
      code: z.number().int(),
      msg: z.string(),
    }),
  ),
  decided: z.number().int(),
  refused: z.number().int(),
});
export type PayoutBatchAuditResult = z.infer<typeof payoutBatchAuditResult>;

/** GET summary: what waits for review and what is with the payment company. */
export const payoutSummary = z.object({
  pendingCount: z.number().int(),
  pendingAmount: z.number().int(),
  payingCount: z.number().int(),
  payingAmount: z.number().int(),
});

/** GET app withdrawal/balance: the signed-in party's money and its rules today. */
export const payoutBalance = z.object({
  partyKind: z.enum(PAYOUT_PARTIES),
  /** Everything owed to the party (its payable account): never below 0. */
  balance: z.number().int().min(0),
  /**
   * What the party owes the platform: a refund approved after its share was withdrawn took back
   * more than the payable held. Taken from its next shares first; no withdrawal while above 0.
   */
  owed: z.number().int().min(0),
  /** Of it, earned longer ago than the settlement days (T+N): what may be asked for. */
  withdrawable: z.number().int(),
  /** Held by applications not yet paid out or returned. */
  held: z.number().int(),
  minAmount: z.number().int(),
  singleCap: z.number().int(),
  feePercent: z.number(),
  dailyCount: z.number().int(),
  usedToday: z.number().int(),
  settlementDays: z.number().int(),
  methods: z.array(z.enum(PAYOUT_METHODS)),
});
export type PayoutBalance = z.infer<typeof payoutBalance>;
export const payoutMineQuery = pageQuery.extend({ status: z.enum(PAYOUT_STATES).optional() });
