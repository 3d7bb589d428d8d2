import { and, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { payWithdrawal } from './tables.js';

/**
 * A payout as the withdrawal books hold it (the reconciliation reads it; it changes nothing): the
 * request key the payment company was asked with, what it was asked to pay (the amount less the
 * withdrawal fee), its reference and outcome. Which company it went to the order module's route
 * table says (the payment router records every request's company there).
 */
export interface PayoutBookLine {
  key: string;
  op: 'payout';
  reference: string | null;
  amount: number;
  /** When the outcome came (still paying: when the company was asked). */
  at: string;
  status: 'succeeded' | 'pending' | 'failed';
}

/** Read-only: the payouts whose outcome (or, still paying, whose request) falls in [from, to). */
export class PayoutBook {
  constructor(private readonly db: Db) {}

  async lines(from: Date, to: Date): Promise<PayoutBookLine[]> {
    const when = sql<Date>`coalesce(${payWithdrawal.finishedAt}, ${payWithdrawal.payingAt})`;
    const rows = await this.db
      .select({
        key: payWithdrawal.payoutKey,
        reference: payWithdrawal.providerReference,
        amount: sql<number>`${payWithdrawal.amount} - ${payWithdrawal.fee}`,
        status: payWithdrawal.status,
        at: when,
      })
      .from(payWithdrawal)
      .where(and(isNotNull(payWithdrawal.payoutKey), gte(when, from), lt(when, to)));
    return rows.map((r) => ({
      key: r.key!,
      op: 'payout',
      reference: r.reference,
      amount: Number(r.amount),
      at: new Date(r.at).toISOString(),
      status: r.status === 'success' ? 'succeeded' : r.status === 'failed' ? 'failed' : 'pending',
    }));
  }
}
