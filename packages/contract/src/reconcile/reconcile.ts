import { z } from 'zod';
import { pageQuery } from '../platform/envelope.js';

/**
 * Reconciliation (issue 28): each day, each payment company's statement is matched line by line
 * with what the books recorded. Nothing in the books is changed by it; a difference is a task for a
 * person, who marks it explained with a reason. Money is in integer cents; a day is YYYY-MM-DD.
 */

/** A day's run of one company: running, done, or failed (the statement could not be read). */
export const RECONCILE_RUN_STATES = ['running', 'done', 'failed'] as const;
export type ReconcileRunState = (typeof RECONCILE_RUN_STATES)[number];
/**
 * What a line is: on both sides with one amount (matched), only on the company's statement
 * (providerOnly), only in the books (booksOnly), on both with amounts that differ (amountDiffers),
 * or at the company while the books still wait for its outcome (booksPending: a notification
 * that never came and no query yet).
 */
export const RECONCILE_RESULTS = ['matched', 'providerOnly', 'booksOnly', 'amountDiffers', 'booksPending'] as const;
export type ReconcileResult = (typeof RECONCILE_RESULTS)[number];
/** The results that are differences (everything but matched). */
export const RECONCILE_DIFFERENCES = ['providerOnly', 'booksOnly', 'amountDiffers', 'booksPending'] as const;
export const RECONCILE_OPS = ['charge', 'refund', 'payout', 'freeze', 'capture', 'unfreeze'] as const;
export type ReconcileOp = (typeof RECONCILE_OPS)[number];

/** A day, YYYY-MM-DD, a real calendar day. */
export const reconcileDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'rule.date' })
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    { error: 'rule.date' },
  );
/** A payment company's name as the product knows it (sandbox, wechat, alipay…). */
export const reconcileProvider = z
  .string()
  .trim()
  .regex(/^[a-z][a-zA-Z0-9_-]{0,15}$/, { error: 'rule.reconcileProvider' });
const boolFilter = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const id = z.coerce.number().int({ error: 'rule.wholeFrom1' }).min(1, { error: 'rule.wholeFrom1' });

/** The days list's filter: a company, a range of days, only days with differences not yet explained. */
export const reconcileDayFilter = z.object({
  provider: reconcileProvider.optional(),
  beginDay: reconcileDay.optional(),
  endDay: reconcileDay.optional(),
  differences: boolFilter.optional(),
});
export type ReconcileDayFilter = z.infer<typeof reconcileDayFilter>;
export const reconcileDayQuery = pageQuery.extend(reconcileDayFilter.shape);

/** One day's run of one company, with the count of each result and the day's totals. */
export const reconcileDayItem = z.object({
  id: z.number(),
  day: z.string(),
  provider: z.string(),
  status: z.enum(RECONCILE_RUN_STATES),
  matched: z.number(),
  providerOnly: z.number(),
  booksOnly: z.number(),
  amountDiffers: z.number(),
  booksPending: z.number(),
  /** Differences no one has explained yet. */
  unexplained: z.number(),
  /** Money in less money out as the company's statement says it (charges and captures in, refunds and payouts out). */
  providerNet: z.number(),
  /** The same as the books say it, over the lines the books hold as succeeded. */
  booksNet: z.number(),
  /** The company's fees on the day's lines. */
  fees: z.number(),
  /** An account's name, or "schedule" for the daily run. */
  runBy: z.string(),
  startTime: z.string(),
  finishTime: z.string().nullable(),
  /** Why a failed run failed. */
  error: z.string().nullable(),
});
export type ReconcileDayItem = z.infer<typeof reconcileDayItem>;

/** One day's lines: the run, optionally one result; differences first. */
export const reconcileLineFilter = z.object({
  runId: id,
  result: z.enum(RECONCILE_RESULTS).optional(),
});
export type ReconcileLineFilter = z.infer<typeof reconcileLineFilter>;
export const reconcileLineQuery = pageQuery.extend(reconcileLineFilter.shape);

export const reconcileLineItem = z.object({
  id: z.number(),
  result: z.enum(RECONCILE_RESULTS),
  op: z.enum(RECONCILE_OPS),
  /** The request key (the engine's). */
  key: z.string(),
  reference: z.string().nullable(),
  /** What the company says it moved; null when it has no line. */
  providerAmount: z.number().nullable(),
  /** What the books say; null when they hold nothing. */
  booksAmount: z.number().nullable(),
  fee: z.number(),
  at: z.string(),
  explainedBy: z.string().nullable(),
  explainedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type ReconcileLineItem = z.infer<typeof reconcileLineItem>;

/** POST run: one day again now, every company or one; refused while that day is running. */
export const reconcileRunRequest = z.object({
  day: reconcileDay,
  provider: reconcileProvider.optional(),
});
export type ReconcileRunRequest = z.infer<typeof reconcileRunRequest>;

/** Why a difference is what it is: 2-200 characters. */
export const reconcileReason = z.string().trim().min(2).max(200);
/** POST explain: a difference marked explained, once, with why. */
export const reconcileExplainRequest = z.object({
  id: z.number().int().min(1),
  reason: reconcileReason,
});
export type ReconcileExplainRequest = z.infer<typeof reconcileExplainRequest>;

/** The companies reconciled (the filter's options). */
export const reconcileProviders = z.object({ providers: z.array(z.string()) });
