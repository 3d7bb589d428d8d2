import {
  depositRuleSave,
  validationText,
  type DepositItem,
  type DepositState,
  type DepositStatistics,
  type Lang,
} from '@cbo/contract';

/**
 * What the deposit screens decide without asking the server: which refund action a deposit
 * offers, what a refund by the rule gives back, the statistics cards of a filter, and the rule
 * form's "deposit-free count not above deposit count". The server decides again (it refuses);
 * these keep the console from offering what it would refuse.
 */

export type DepositAction = 'ask' | 'audit';

/** Deposits a refund may be asked for: nothing went back (a refused return, a rejected application). */
const ASKABLE: readonly DepositState[] = ['refundFailed', 'rejected'];

/** The refund action a deposit offers in its state (each also needs its permission); none while held (the order is open). */
export function depositActionFor(d: Pick<DepositItem, 'state'>): DepositAction | null {
  if (ASKABLE.includes(d.state)) return 'ask';
  if (d.state === 'pendingAudit') return 'audit';
  return null;
}

/** What a deposit still holds for the customer when nothing went back: the deposit less the rental fee taken from it. */
export function heldFor(d: Pick<DepositItem, 'amount' | 'feeTaken'>): number {
  return d.amount - d.feeTaken;
}

/** The list's input without its paging: the statistics are asked with the same filter. */
export function statisticsFilter(input: Record<string, unknown>): Record<string, unknown> {
  const { pageNum: _n, pageSize: _s, ...rest } = input;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

export interface StatCard {
  key: 'held' | 'returned' | 'refundFees' | 'pendingAudit' | 'refunded' | 'failed' | 'rentals';
  amount: number | null;
  count: number | null;
  /** Deposit rentals and deposit-free ones, for the last card. */
  split?: [number, number];
  /** A card that needs somebody: refunds waiting or failed. */
  attention: boolean;
}

/** The cards above the deposit list, in order; attention where staff have something to do. */
export function statCards(s: DepositStatistics): StatCard[] {
  return [
    { key: 'held', amount: s.held.amount, count: s.held.count, attention: false },
    { key: 'returned', amount: s.returned.amount, count: s.returned.count, attention: false },
    { key: 'refundFees', amount: s.refundFees, count: null, attention: false },
    {
      key: 'pendingAudit',
      amount: s.pendingAudit.amount,
      count: s.pendingAudit.count,
      attention: s.pendingAudit.count > 0,
    },
    { key: 'refunded', amount: s.refunded.amount, count: s.refunded.count, attention: false },
    { key: 'failed', amount: s.failed.amount, count: s.failed.count, attention: s.failed.count > 0 },
    { key: 'rentals', amount: null, count: null, split: [s.depositOrders, s.depositFreeOrders], attention: false },
  ];
}

/** Spec 5: the deposit-free order count is not above the deposit order count (the contract's message), or null. */
export function ruleCountsProblem(
  depositOrderCount: number | null | undefined,
  depositFreeOrderCount: number | null | undefined,
  lang: Lang,
): string | null {
  if (depositOrderCount == null || depositFreeOrderCount == null) return null;
  const r = depositRuleSave.safeParse({ name: 'x', scope: 'platform', depositOrderCount, depositFreeOrderCount });
  if (r.success) return null;
  return r.error.issues.some((i) => i.path[0] === 'depositFreeOrderCount' && i.message === 'rule.depositFreeNotAbove')
    ? validationText('rule.depositFreeNotAbove', lang)
    : null;
}
