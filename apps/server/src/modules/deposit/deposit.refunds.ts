import { and, eq, inArray } from 'drizzle-orm';
import type { DepositAuditRequest, DepositItem, DepositState } from '@cbo/contract';
import { inTransaction, type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { timedNo } from '../../platform/numbers.js';
import type { DepositNeeds, DepositPayments } from './needs.js';
import { depOrder, depRefund } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';
import {
  ASKABLE,
  depositItem,
  findDeposit,
  outstanding,
  percentOf,
  type DepositRow,
  type RefundRow,
} from './deposit.core.js';

/** Staff refunds of deposits: the application, its audit, the payout and the company's answer. */
export class DepositRefunds {
  constructor(
    private readonly db: Db,
    private readonly needs: DepositNeeds,
    /** The order module's payment company, attached after this module is built (null before). */
    /** The order module sends the deposits' refunds (the deposit module's late need). */
    private readonly payments: DepositPayments,
  ) {}

  private refusalFor(d: DepositRow): AppError {
    return d.state === 'held' ? new AppError('DEPOSIT_IN_USE') : new AppError('DEPOSIT_NOT_REFUNDABLE');
  }

  /**
   * Staff ask for the refund of a deposit nothing was given back from (a failed return, or a
   * rejected application), by the rule: what it holds less the deposit refund fee percent. One
   * conditional update decides, so of many asks at once one creates the application.
   */
  async apply(id: number, reason: string, by: string): Promise<DepositItem> {
    const d0 = await findDeposit(this.db, id);
    nameAuditTarget(d0.depositNo);
    if (!ASKABLE.includes(d0.state as DepositState)) throw this.refusalFor(d0);
    const { depositRefundFeePercent } = await this.needs.settings.pay();
    return inTransaction(this.db, async (tx) => {
      const [d] = await tx
        .update(depOrder)
        .set({ state: 'pendingAudit', remark: null })
        .where(and(eq(depOrder.id, id), inArray(depOrder.state, ASKABLE)))
        .returning();
      if (!d) throw this.refusalFor(await findDeposit(tx, id));
      const amount = outstanding(d);
      const fee = d.channel === 'balance' ? 0 : percentOf(amount, depositRefundFeePercent);
      await tx.insert(depRefund).values({
        refundNo: timedNo('DR'),
        depositId: d.id,
        amount,
        fee,
        back: amount - fee,
        state: 'pendingAudit',
        reason,
        applicant: by,
      });
      return depositItem(tx, d.id);
    });
  }

  /**
   * Approves or rejects a pending application. Approving moves the money in the books at once
   * (the deposit held goes to the payment company's clearing account and the fee to `fees`) and
   * sends the refund with the application's key; its outcome comes later (refunded, or refund
   * failed with the books reversed). One conditional update decides: of many audits at once, one
   * pays.
   */
  async audit(id: number, req: DepositAuditRequest, by: string): Promise<DepositItem> {
    nameAuditTarget((await findDeposit(this.db, id)).depositNo);
    return inTransaction(this.db, async (tx) => {
      const [r] = await tx
        .update(depRefund)
        .set(
          req.approve
            ? { state: 'refunding', auditor: by, auditedAt: new Date() }
            : {
                state: 'rejected',
                auditor: by,
                auditRemark: req.reason ?? null,
                auditedAt: new Date(),
                finishedAt: new Date(),
              },
        )
        .where(and(eq(depRefund.depositId, id), eq(depRefund.state, 'pendingAudit')))
        .returning();
      if (!r) throw new AppError('DEPOSIT_NOT_PENDING');
      const [d] = await tx
        .update(depOrder)
        .set(req.approve ? { state: 'refunding' } : { state: 'rejected', remark: req.reason ?? null })
        .where(and(eq(depOrder.id, id), eq(depOrder.state, 'pendingAudit')))
        .returning();
      if (!d) throw new AppError('DEPOSIT_NOT_PENDING');
      if (req.approve) await this.pay(tx, d, r);
      return depositItem(tx, d.id);
    });
  }

  private async pay(tx: Db, d: DepositRow, r: RefundRow): Promise<void> {
    const toBalance = d.channel === 'balance' || !d.payReference;
    await this.needs.ledger.post(
      {
        idempotencyKey: `deposit-refund:${r.refundNo}`,
        kind: 'depositRefund',
        orderNo: d.orderNo,
        memo: 'depositRefundedByStaff',
        entries: [
          { account: { kind: 'userDeposit', partyId: d.userId }, debit: r.amount },
          ...(r.back > 0
            ? [
                {
                  account: toBalance
                    ? { kind: 'userBalance' as const, partyId: d.userId }
                    : { kind: 'providerClearing' as const },
                  credit: r.back,
                },
              ]
            : []),
          ...(r.fee > 0 ? [{ account: { kind: 'fees' as const }, credit: r.fee }] : []),
        ],
      },
      tx,
    );
    await tx.update(depOrder).set({ refundFee: r.fee, returnedAmount: r.back }).where(eq(depOrder.id, d.id));
    if (toBalance || r.back <= 0) {
      await this.refundDone(tx, r, null);
      return;
    }
    await this.payments.requestRefund(tx, {
      key: `deposit-refund:${r.refundNo}`,
      amount: r.back,
      userId: d.userId,
      orderNo: d.orderNo,
      chargeReference: d.payReference!,
    });
  }

  private async refundDone(tx: Db, r: RefundRow, reference: string | null): Promise<void> {
    await tx
      .update(depRefund)
      .set({ state: 'refunded', providerReference: reference, finishedAt: new Date() })
      .where(eq(depRefund.id, r.id));
    await tx
      .update(depOrder)
      .set({ state: 'refunded', refundReference: reference, finishedAt: new Date() })
      .where(and(eq(depOrder.id, r.depositId), eq(depOrder.state, 'refunding')));
  }

  /** The payment company's final answer to a deposit refund (the order module hands it over, once per request). */
  async refundOutcome(
    tx: Db,
    key: string,
    out: { status: 'succeeded' | 'failed'; reference: string; failure?: string },
  ): Promise<void> {
    const refundNo = key.replace(/^deposit-refund:/, '');
    const [r] = await tx.select().from(depRefund).where(eq(depRefund.refundNo, refundNo)).for('update');
    if (!r || r.state !== 'refunding') return;
    if (out.status === 'succeeded') {
      await this.refundDone(tx, r, out.reference);
      return;
    }
    const [d] = await tx.select().from(depOrder).where(eq(depOrder.id, r.depositId));
    const failure = (out.failure ?? 'failed').slice(0, 64);
    await this.needs.ledger.post(
      {
        idempotencyKey: `deposit-refund-failed:${r.refundNo}`,
        kind: 'depositRefund',
        orderNo: d?.orderNo ?? null,
        memo: 'depositRefundFailedHeldAgain',
        entries: [
          { account: { kind: 'providerClearing' }, debit: r.back },
          ...(r.fee > 0 ? [{ account: { kind: 'fees' as const }, debit: r.fee }] : []),
          { account: { kind: 'userDeposit', partyId: d!.userId }, credit: r.amount },
        ],
      },
      tx,
    );
    await tx
      .update(depRefund)
      .set({ state: 'failed', failReason: failure, finishedAt: new Date() })
      .where(eq(depRefund.id, r.id));
    await tx
      .update(depOrder)
      .set({ state: 'refundFailed', refundFee: 0, returnedAmount: 0, remark: failure })
      .where(and(eq(depOrder.id, r.depositId), eq(depOrder.state, 'refunding')));
  }
}
