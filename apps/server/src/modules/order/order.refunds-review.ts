import { and, eq, sql } from 'drizzle-orm';
import type { RefundAuditRequest, RefundItem } from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { inTransaction } from '../../platform/db/database.js';
import { afterCommit } from '../../platform/db/request-tx.js';
import { AppError } from '../../platform/http/app-error.js';
import { nameAuditTarget } from '../../platform/audit/target.js';
import { SHARE_KINDS, type PendingPayment } from './order.core.js';
import { money, refundItem, refundName, RefundPart, type RefundRow, type Staff } from './order.refunds-core.js';
import { ordOrder, ordPayment, ordRefund } from './tables.js';

/*
 * The review of a refund (a rejection, one or two approvals) and, at the final approval, the
 * shares taken back and the payment company's request, sent once it commits.
 */

/** Refunds reviewed under their row lock, and sent. */
export class RefundReview extends RefundPart {
  async audit(req: RefundAuditRequest, by: Staff): Promise<RefundItem> {
    const { refundSecondApprovalAbove: threshold } = await this.needs.settings.pay();
    const { item, payments } = await inTransaction(this.db, async (tx) => {
      const [r] = await tx.select().from(ordRefund).where(eq(ordRefund.id, req.id)).for('update');
      if (!r) throw new AppError('REFUND_NOT_FOUND');
      nameAuditTarget(refundName(r));
      if (r.status !== 'initiated') throw new AppError('REFUND_NOT_PENDING');
      // Maker-checker (issue 31): whatever the amount, the requester never approves it (decided under the row lock).
      if (req.approve && r.creatorId !== null && r.creatorId === by.id) throw new AppError('REFUND_OWN_APPLICATION');
      const now = new Date();
      if (!req.approve) {
        const [row] = await tx
          .update(ordRefund)
          .set({
            status: 'rejected',
            rejectedBy: by.name,
            rejectedAt: now,
            rejectReason: req.reason ?? null,
            finishedAt: now,
          })
          .where(eq(ordRefund.id, r.id))
          .returning();
        if (r.type === 'balance') {
          await this.balance.rejected(tx, r);
          return { item: refundItem(row!), payments: [] };
        }
        // The reservation is released: the order may be refunded again.
        await tx
          .update(ordOrder)
          .set({ status: 'finished', refundPendingAmount: sql`${ordOrder.refundPendingAmount} - ${r.amount}` })
          .where(and(eq(ordOrder.id, r.orderId), eq(ordOrder.status, 'refunding')));
        await this.engine.events(tx, r.orderId, [
          { event: 'refundRejected', amount: r.amount, actor: by.name, note: req.reason ?? null },
        ]);
        return { item: refundItem(row!), payments: [] };
      }
      if (r.approvalsNeeded === 2) {
        // Above the threshold: two approvals by two accounts, and the second is not the requester either.
        if (r.firstApproverId === null) {
          const [row] = await tx
            .update(ordRefund)
            .set({ firstApproverId: by.id, firstApprover: by.name, firstApprovedAt: now })
            .where(eq(ordRefund.id, r.id))
            .returning();
          if (r.type !== 'balance')
            await this.engine.events(tx, r.orderId, [
              { event: 'refundApproved', amount: r.amount, actor: by.name, note: '1/2' },
            ]);
          return { item: refundItem(row!), payments: [] };
        }
        if (by.id === r.firstApproverId || by.id === r.creatorId)
          throw new AppError('REFUND_SAME_APPROVER', { threshold: money(threshold) });
        await tx
          .update(ordRefund)
          .set({ secondApproverId: by.id, secondApprover: by.name, secondApprovedAt: now })
          .where(eq(ordRefund.id, r.id));
      } else {
        await tx
          .update(ordRefund)
          .set({ firstApproverId: by.id, firstApprover: by.name, firstApprovedAt: now })
          .where(eq(ordRefund.id, r.id));
      }
      let payments: PendingPayment[];
      if (r.type === 'balance') payments = await this.balance.approved(tx, r);
      else {
        await this.engine.events(tx, r.orderId, [
          { event: 'refundApproved', amount: r.amount, actor: by.name, note: r.approvalsNeeded === 2 ? '2/2' : null },
        ]);
        const payment = await this.approved(tx, r);
        payments = payment ? [payment] : [];
      }
      const [row] = await tx.select().from(ordRefund).where(eq(ordRefund.id, r.id));
      return { item: refundItem(row!), payments };
    });
    // A send that fails here is not lost: its ord_payment row stays pending and the sweep asks about it.
    for (const payment of payments)
      afterCommit(
        () =>
          void this.send(payment).catch((err: unknown) =>
            this.log.warn({ err, key: payment.key }, 'refund not sent; the sweep will ask about it'),
          ),
      );
    return item;
  }

  /**
   * The final approval: the money is committed to leave, so the shares give their parts back now
   * (a partner cannot withdraw what is on its way back to the customer), and the payment
   * company's request is recorded. A refund of a balance order (or of one paid without a charge of
   * its own) goes back to the balance at once.
   */
  private async approved(tx: Db, r: RefundRow): Promise<PendingPayment | null> {
    // From pending to refunded, in the transaction that takes the shares back (the financial data's refunds).
    const [o] = await tx
      .update(ordOrder)
      .set({
        refundPendingAmount: sql`${ordOrder.refundPendingAmount} - ${r.amount}`,
        refundAmount: sql`${ordOrder.refundAmount} + ${r.amount}`,
      })
      .where(eq(ordOrder.id, r.orderId))
      .returning();
    if (!o) throw new AppError('ORDER_NOT_FOUND');
    // Each share gives back its part of the refund; the cents left over come from the platform.
    const credits = [...(await this.needs.ledger.orderCredits(r.orderNo, SHARE_KINDS, tx)).values()].filter(
      (c) => c.amount > 0,
    );
    const total = credits.reduce((s, c) => s + c.amount, 0);
    // A deleted team owes nothing (its delete needed its account at zero): its part comes back from the platform.
    const reversal = await this.needs.standingPayables(
      tx,
      credits.map((c) => ({
        kind: c.kind,
        partyId: c.partyId,
        amount: total > 0 ? Math.floor((c.amount * r.amount) / total) : 0,
      })),
    );
    const taken = reversal.reduce((s, x) => s + x.amount, 0);
    const platform = reversal.find((x) => x.kind === 'revenue');
    if (platform) platform.amount += r.amount - taken;
    else reversal.push({ kind: 'revenue', partyId: null, amount: r.amount - taken });
    const key = `refund:${r.refundNo}`;
    const posted = await this.needs.ledger.post(
      {
        idempotencyKey: key,
        kind: 'refund',
        orderNo: r.orderNo,
        memo: r.reason || r.reasonCode,
        entries: [
          ...reversal
            .filter((x) => x.amount > 0)
            .map((x) => ({ account: { kind: x.kind, partyId: x.partyId }, debit: x.amount })),
          { account: { kind: 'refunds' as const }, credit: r.amount },
        ],
      },
      tx,
    );
    // A share already withdrawn is not there to take back: no payable goes below zero, the rest is owed by its partner.
    if (posted)
      await this.needs.ledger.keepPayablesWhole(
        tx,
        reversal.map((x) => ({ kind: x.kind, partyId: x.partyId })),
        'took',
        key,
      );
    const [row] = await tx
      .update(ordRefund)
      .set({ status: 'approved', reversal: reversal.filter((x) => x.amount > 0) })
      .where(eq(ordRefund.id, r.id))
      .returning();
    if (o.payMode === 'balance' || !o.payReference) {
      await this.engine.refundDone(tx, row!, { reference: null, toBalance: true });
      return null;
    }
    await tx.insert(ordPayment).values({
      key,
      op: 'refund',
      purpose: 'refund',
      orderNo: r.orderNo,
      refundNo: r.refundNo,
      userId: r.userId,
      amount: r.amount,
    });
    return {
      key,
      op: 'refund',
      amount: r.amount,
      userId: r.userId,
      orderNo: r.orderNo,
      chargeReference: o.payReference,
    };
  }

  /** Hands an approved refund to the payment company: marked sent first, then asked (its answer is applied once). */
  async send(p: PendingPayment): Promise<void> {
    // An order refund's key is refund:<refundNo>, a balance refund part's refund:<refundNo>:<seq>.
    await this.db
      .update(ordRefund)
      .set({ status: 'refunding', sentAt: new Date() })
      .where(and(eq(ordRefund.refundNo, p.key.split(':')[1]!), eq(ordRefund.status, 'approved')));
    await this.engine.sendPayment(p);
  }
}
