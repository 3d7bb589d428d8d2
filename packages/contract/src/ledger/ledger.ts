import { z } from 'zod';
import { pageQuery, timeRange } from '../platform/envelope.js';

/**
 * The ledger: every money movement is one transaction of entries whose debits equal its credits.
 * Accounts are named by a code: a kind and, for accounts kept per party, the party's id
 * (`agent:12`, `userBalance:7`). Balances anywhere are sums of entries.
 */

/** Kinds of ledger account. */
export const ACCOUNT_KINDS = [
  /** Money the payment provider holds for us (an asset: debit grows it). */
  'providerClearing',
  /** Deposits held for customers' open orders (a liability). */
  'userDeposit',
  /** Customers' balances (a liability). */
  'userBalance',
  /** The platform's share of order income. */
  'revenue',
  /** What is owed to each party of the profit chain. */
  'agentPayable',
  'outletPayable',
  'providerPayable',
  'pusherPayable',
  /** Fees kept (deposit refund fee) and taxes withheld. */
  'fees',
  'taxes',
  /** Refunds given back of earned order income (a contra-revenue). */
  'refunds',
  /** Order income not yet split along the chain. */
  'orderIncome',
  /** Vouchers sold and not yet used (deferred revenue, a liability): each use moves its value to order income. */
  'voucherLiability',
  /** Withdrawals applied for and not yet paid out or given back (a liability to the parties): held at application. */
  'payoutHold',
  /**
   * What is owed to an operator (a direct-sales team); nothing posts to it yet (docs/decisions/payouts-withdrawals.md,
   * "Outlets and operators withdraw").
   */
  'operatorPayable',
  /** Balance refunds asked and not yet paid out or given back (a liability to the customer): held at the request. */
  'balanceRefundHold',
  /** What the platform gives away to bring customers back: a coupon's deduction of a rental's fee (an expense: debit grows it). */
  'marketingExpense',
  /** Partner shares a separation rule diverted from their payables to the platform (restores give them back). */
  'separated',
  /**
   * What a partner owes the platform (an asset: debit grows it): the part of a reversal (a refund
   * approved after the share was withdrawn) that its payable no longer held. A payable never goes
   * below zero; this is netted from the partner's next shares (docs/decisions/ledger-and-money.md, "What a partner
   * owes").
   */
  'agentReceivable',
  'outletReceivable',
  'providerReceivable',
  'pusherReceivable',
  'operatorReceivable',
] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** The partners' payables, each with the account of what that partner owes when a reversal takes more than it holds. */
export const PARTNER_RECEIVABLE = {
  agentPayable: 'agentReceivable',
  outletPayable: 'outletReceivable',
  providerPayable: 'providerReceivable',
  pusherPayable: 'pusherReceivable',
  operatorPayable: 'operatorReceivable',
} as const satisfies Partial<Record<AccountKind, AccountKind>>;
export type PartnerPayable = keyof typeof PARTNER_RECEIVABLE;
export const isPartnerPayable = (k: string): k is PartnerPayable => Object.hasOwn(PARTNER_RECEIVABLE, k);

export const trialBalanceAccount = z.object({
  code: z.string(),
  name: z.string(),
  debit: z.number().int(),
  credit: z.number().int(),
});
/** GET trialBalance: totals per account; totalDebit equals totalCredit when the books balance. */
export const trialBalance = z.object({
  accounts: z.array(trialBalanceAccount),
  totalDebit: z.number().int(),
  totalCredit: z.number().int(),
});
export type TrialBalance = z.infer<typeof trialBalance>;

/** Which fund flow: the platform's own accounts, one customer's, or any party's account. */
export const FLOW_SCOPES = ['platform', 'user', 'account'] as const;
export type FlowScope = (typeof FLOW_SCOPES)[number];

export const fundFlowFilter = timeRange.extend({
  orderNo: z.string().trim().max(32).optional(),
  /** An account code, exact (`agentPayable:3`) or its kind (`agentPayable`). */
  accountCode: z.string().trim().max(40).optional(),
  userId: z.coerce.number().int().min(1).optional(),
  /** What kind of movement (rent, settle, refund, release, recharge...). */
  kind: z.string().trim().max(24).optional(),
});
export type FundFlowFilter = z.infer<typeof fundFlowFilter>;
export const fundFlowQuery = pageQuery.extend(fundFlowFilter.shape);
export type FundFlowQuery = z.infer<typeof fundFlowQuery>;

/**
 * What kind of movement a ledger transaction is (its `kind`): what the fund flows filter by and show
 * in words (labels' ledger.flowKind, three languages each). The ledger posts only these.
 */
export const LEDGER_KINDS = [
  'rent',
  'settle',
  'deduct',
  'release',
  'share',
  'refund',
  'recharge',
  'withdrawal',
  'demo',
  'separate',
  'separateRestore',
  'receivable',
  'netting',
  'depositRefund',
  'balanceRefundHold',
  'couponUse',
  'memberDeduction',
  'voucherBuy',
  'voucherUse',
  'voucherExpire',
  'voucherRefund',
  'costRecovery',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** One entry of a fund flow: an account's side of a transaction. */
/**
 * What a movement is, as a code the ledger keeps in its memo (the reader sees it in their own
 * language: labels' ledger.memo). A memo that is no code (a refund's reason as staff typed it) is
 * shown as written.
 */
export const LEDGER_MEMOS = [
  'depositTaken',
  'depositFromBalance',
  'feeFromDeposit',
  'depositToBalance',
  'depositBack',
  'sharesOfNet',
  'feeDeducted',
  'refundPaid',
  'refundFailedSharesRestored',
  'balanceToppedUp',
  'cablePackagePaid',
  'prepaymentHeld',
  'depositHeldAgain',
  'depositRefundedByStaff',
  'depositRefundFailedHeldAgain',
  'voucherSold',
  'voucherUsed',
  'voucherExpired',
  'payoutHeld',
  'payoutReleased',
  'payoutPaid',
  'demoOpeningEarnings',
  'couponUsed',
  'orderSeparated',
  'separationRestored',
  'balanceRefundHeld',
  'balanceRefundReleased',
  'balanceRefundPaid',
  'partnerOwes',
  'owedNetted',
  'memberDeducted',
  'outletCostRecovered',
  'feeFromAuthorization',
] as const;
export type LedgerMemo = (typeof LEDGER_MEMOS)[number];

export const fundFlowItem = z.object({
  id: z.number().int(),
  time: z.string(),
  /** The transaction's idempotency key: what caused the movement. */
  transactionKey: z.string(),
  kind: z.string(),
  orderNo: z.string().nullable(),
  accountCode: z.string(),
  /** The account's kind and its party's name ("Agent payable · Shenzhen North"), in the reader's language. */
  accountName: z.string(),
  /** The name of the party the account is kept for (an agent, an outlet, a customer's phone...), null for the platform's accounts. */
  partyName: z.string().nullable(),
  /** The customer whose balance or deposit the account is (user fund flow), null for any other account. */
  userId: z.number().int().nullable(),
  /** Debit minus credit of this entry (positive: debit). */
  debit: z.number().int(),
  credit: z.number().int(),
  memo: z.string(),
});
export type FundFlowItem = z.infer<typeof fundFlowItem>;

/** POST notify: a payment provider's signed notification (real adapters; the sandbox calls in-process too). */
export const paymentNotifyRequest = z.object({
  provider: z.string().trim().min(1).max(24),
  payload: z.string().max(8192),
  signature: z.string().max(512),
});
export const paymentNotifyResult = z.object({ accepted: z.boolean() });
export const paymentProviderInfo = z.object({
  name: z.string(),
  /** The sandbox moves no real money; the console says so. */
  sandbox: z.boolean(),
  currency: z.string(),
});
export const ledgerAccountsQuery = pageQuery.extend({ kind: z.enum(ACCOUNT_KINDS).optional() });
export const ledgerAccountItem = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(ACCOUNT_KINDS),
  balance: z.number().int(),
});
