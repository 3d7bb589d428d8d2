import { and, eq } from 'drizzle-orm';
import type { DepositAuditRequest, DepositFilter, DepositItem, DepositStatistics } from '@cbo/contract';
import { type Db } from '../../platform/db/database.js';
import { timedNo } from '../../platform/numbers.js';
import type { DepositNeeds, DepositPayments } from './needs.js';
import { depFreeOrder, depOrder } from './tables.js';
import { depositItem, type DepositHeld, type DepositRefundFilter, type DepositRefundRecord } from './deposit.core.js';
import { DepositReads } from './deposit.reads.js';
import { DepositRefunds } from './deposit.refunds.js';

export type { DepositHeld, DepositRefundFilter, DepositRefundRecord } from './deposit.core.js';

/*
 * The deposit service is one entry (routes, index.ts, the order module through its wiring) over parts:
 *   deposit.core.ts     what the parts share: rows, the refund records' shapes, a deposit as the console shows it
 *   deposit.service.ts  this façade and what the rental engine tells (held, ended, released)
 *   deposit.refunds.ts  staff refunds: the application, its audit, the payout, the company's answer
 *   deposit.reads.ts    the list, its figures, a customer's history, the refund records' rows
 */

/**
 * Deposit orders: recorded and closed by the rental engine inside its own transactions (the
 * `deposits` need of the order module), read by staff, and refunded by staff through an audited
 * application. "Only one" is decided by conditional updates and a unique index, and every money
 * movement is a ledger post with its own key, in the same transaction as the state it explains.
 */
export class DepositService {
  private readonly refunds: DepositRefunds;
  private readonly reads: DepositReads;

  constructor(
    private readonly db: Db,
    private readonly needs: DepositNeeds,
    /** The order module sends the deposits' refunds; it is built after this module (a late need). */
    private readonly payments: DepositPayments,
  ) {
    this.refunds = new DepositRefunds(db, needs, payments);
    this.reads = new DepositReads(db);
  }

  // ------------------------------------------------------------------ what the engine tells

  /** A rent held a deposit (in the rent's transaction). */
  async held(tx: Db, h: DepositHeld): Promise<void> {
    if (h.amount <= 0) return;
    await tx
      .insert(depOrder)
      .values({
        depositNo: timedNo('D'),
        orderNo: h.orderNo,
        userId: h.userId,
        userMobile: h.userMobile,
        outletId: h.outletId,
        outletName: h.outletName,
        amount: h.amount,
        channel: h.channel,
        payReference: h.payReference,
        simulated: h.simulated,
      })
      .onConflictDoNothing();
  }

  /** A rent without a deposit (in the rent's transaction): counted against the rules. */
  async freeRented(
    tx: Db,
    f: { orderNo: string; userId: number; outletId: number | null; declared: number; simulated: boolean },
  ): Promise<void> {
    await tx.insert(depFreeOrder).values(f).onConflictDoNothing();
  }

  /** The order ended (in its ending transaction): the fee taken from the deposit, the refund fee kept, what went back. */
  async ended(tx: Db, e: { orderNo: string; feeTaken: number; refundFee: number; returned: number }): Promise<void> {
    await tx
      .update(depOrder)
      .set({
        state: 'returned',
        feeTaken: e.feeTaken,
        refundFee: e.refundFee,
        returnedAmount: e.returned,
        finishedAt: new Date(),
      })
      .where(and(eq(depOrder.orderNo, e.orderNo), eq(depOrder.state, 'held')));
  }

  /** The payment company confirmed the deposit's return: its reference is kept. */
  async released(tx: Db, orderNo: string, reference: string): Promise<void> {
    await tx
      .update(depOrder)
      .set({ refundReference: reference })
      .where(and(eq(depOrder.orderNo, orderNo), eq(depOrder.state, 'returned')));
  }

  /**
   * The payment company refused to give the deposit back at the end of the rental: the release is
   * reversed in the books (the deposit is held again, the refund fee not kept) and the deposit
   * order says "refund failed", so staff can ask for its refund.
   */
  async releaseFailed(tx: Db, orderNo: string, failure: string): Promise<void> {
    const [d] = await tx
      .update(depOrder)
      .set({ state: 'refundFailed', remark: failure.slice(0, 128) })
      .where(and(eq(depOrder.orderNo, orderNo), eq(depOrder.state, 'returned'), eq(depOrder.channel, 'provider')))
      .returning();
    if (!d) return;
    const back = d.returnedAmount;
    const fee = d.refundFee;
    await this.needs.ledger.post(
      {
        idempotencyKey: `release-failed:${orderNo}`,
        kind: 'release',
        orderNo,
        memo: 'depositHeldAgain',
        entries: [
          ...(back > 0 ? [{ account: { kind: 'providerClearing' as const }, debit: back }] : []),
          ...(fee > 0 ? [{ account: { kind: 'fees' as const }, debit: fee }] : []),
          { account: { kind: 'userDeposit', partyId: d.userId }, credit: back + fee },
        ],
      },
      tx,
    );
    await tx.update(depOrder).set({ returnedAmount: 0, refundFee: 0, finishedAt: null }).where(eq(depOrder.id, d.id));
  }

  // ------------------------------------------------------------------ staff refunds (deposit.refunds.ts)

  apply(id: number, reason: string, by: string): Promise<DepositItem> {
    return this.refunds.apply(id, reason, by);
  }

  audit(id: number, req: DepositAuditRequest, by: string): Promise<DepositItem> {
    return this.refunds.audit(id, req, by);
  }

  refundOutcome(tx: Db, key: string, out: Parameters<DepositRefunds['refundOutcome']>[2]): Promise<void> {
    return this.refunds.refundOutcome(tx, key, out);
  }

  // ------------------------------------------------------------------ reads (deposit.reads.ts)

  refundRecords(
    f: DepositRefundFilter,
    offset: number,
    limit: number,
    db: Db = this.db,
  ): Promise<DepositRefundRecord[]> {
    return this.reads.refundRecords(f, offset, limit, db);
  }

  refundRecordCount(f: DepositRefundFilter): Promise<number> {
    return this.reads.refundRecordCount(f);
  }

  count(f: DepositFilter): Promise<number> {
    return this.reads.count(f);
  }

  rows(f: DepositFilter, offset: number, limit: number): Promise<DepositItem[]> {
    return this.reads.rows(f, offset, limit);
  }

  item(id: number, db: Db = this.db): Promise<DepositItem> {
    return depositItem(db, id);
  }

  statistics(f: DepositFilter): Promise<DepositStatistics> {
    return this.reads.statistics(f);
  }

  /** Finished deposit orders and deposit-free rentals of one customer, for the rules. */
  history(userId: number, db: Db = this.db): Promise<{ done: number; used: number }> {
    return this.reads.history(userId, db);
  }

  /** Removes the simulated customers' deposits (the demo's), as the order module removes their orders. */
  async clearSimulated(): Promise<void> {
    await this.db.delete(depOrder).where(eq(depOrder.simulated, true));
    await this.db.delete(depFreeOrder).where(eq(depFreeOrder.simulated, true));
  }
}
