import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AccountKind } from '@cbo/contract';
import { inTransaction, type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { afterCommit } from '../../platform/db/request-tx.js';
import type { Principal } from '../../platform/http/routes.js';
import type { PaymentOutcome, SignedNotification } from './payments.js';
import { InAppPayments } from './in-app-payments.js';
import { ordOrder, ordPayment, ordRefund } from './tables.js';
import { EnginePart, type EngineContext, type PendingPayment } from './order.core.js';
import type { OrderEngine, OutcomeOwners } from './order.engine.js';

/*
 * The payment company: requests recorded before they are sent (sent after the commit), their
 * outcomes (answer, notification or query) applied once to what they were for (a deduction, a
 * capture, an unfreeze, a refund, a top-up, a deposit's release), top-ups, and a customer's balance.
 * Rents paid in the app: in-app-payments.ts.
 */

/** Requests to the payment company and their outcomes; top-ups. */
export class OrderPaying extends EnginePart {
  constructor(
    ctx: EngineContext,
    engine: OrderEngine,
    /**
     * Who applies the outcomes the engine keeps no payment row of: a payout's goes to the withdrawals, a balance
     * refund part's to the balance refunds, in the transaction that applies it once. Constructor needs, so
     * nothing can be left unset.
     */
    private readonly owners: OutcomeOwners,
  ) {
    super(ctx, engine);
  }

  /** A customer's balance (a liability: its credits less debits). */
  async balanceOf(userId: number, db: Db = this.db): Promise<number> {
    return -(await this.needs.ledger.balance({ kind: 'userBalance', partyId: userId }, db));
  }

  later(p: PendingPayment): void {
    afterCommit(() => void this.sendPayment(p));
  }

  /** Sends a recorded request; its outcome (now, by notification or by query) is applied once. */
  async sendPayment(p: PendingPayment): Promise<void> {
    try {
      const outcome =
        p.op === 'charge'
          ? await this.provider.charge({
              key: p.key,
              amount: p.amount,
              userId: p.userId,
              description: p.orderNo ?? p.key,
              deferred: p.deferred,
            })
          : p.op === 'capture'
            ? await this.provider.captureAuthorization({
                key: p.key,
                amount: p.amount,
                authReference: p.chargeReference ?? '',
                description: p.orderNo ?? p.key,
              })
            : p.op === 'unfreeze'
              ? await this.provider.releaseAuthorization({
                  key: p.key,
                  amount: p.amount,
                  authReference: p.chargeReference ?? '',
                })
              : await this.provider.refund({ key: p.key, amount: p.amount, chargeReference: p.chargeReference ?? '' });
      await this.applyOutcome(outcome);
    } catch (err) {
      this.log.warn({ err, key: p.key }, 'payment request failed; it will be queried');
    }
  }

  /** A signed notification: verified, then applied like any outcome (a duplicate changes nothing). */
  async notified(n: SignedNotification): Promise<boolean> {
    const outcome = await this.provider.verify(n);
    if (!outcome) throw new AppError('PAYMENT_SIGNATURE');
    await this.applyOutcome(outcome);
    return true;
  }

  /** Applies a final outcome to what it was for, once: the payment's row moves from pending by a conditional update. */
  async applyOutcome(out: PaymentOutcome): Promise<void> {
    if (out.status === 'pending') return;
    if (out.op === 'payout') {
      await this.owners.payout(out);
      return;
    }
    // Most outcomes find nothing to move: a notice repeating what the request's own answer applied, or a charge no
    // payment row waits for (a rent's deposit is on its deposit order). One read says so without a transaction (it
    // was four round trips holding a pooled connection: begin, two conditional updates that matched nothing, commit;
    // about 13 % of the pool's time in bench:rent). A payment row never goes back to pending, so a row read final stays
    // final; a pending one is still moved by the conditional update below, which decides between two outcomes at once.
    const [now] = await this.db
      .select({ status: ordPayment.status, purpose: ordPayment.purpose, failure: ordPayment.failure })
      .from(ordPayment)
      .where(eq(ordPayment.key, out.key));
    const lateInApp =
      now?.purpose === 'rent' && now.status === 'failed' && now.failure === 'abandoned' && out.status === 'succeeded';
    if (!now || (now.status !== 'pending' && !lateInApp)) return;
    const payments: PendingPayment[] = [];
    // Read before the transaction: nothing inside it may wait on another connection (PGlite has one). Only a
    // deduction or a capture shares (its key is deduct:… or capture:…, order.settling.ts): the other outcomes (a
    // rent's deposit, a release, a refund, every duplicate notification) do not read the settings at all.
    const { taxFeePercent } = /^(deduct|capture):/.test(out.key)
      ? await this.needs.settings.pay()
      : { taxFeePercent: 0 };
    await inTransaction(this.db, async (tx) => {
      const [pay] = await tx
        .update(ordPayment)
        .set({
          status: out.status,
          reference: out.reference,
          failure: out.failure ?? null,
          settledAt: new Date(),
          charged: out.status === 'succeeded' ? out.amount : null,
        })
        .where(and(eq(ordPayment.key, out.key), eq(ordPayment.status, 'pending')))
        .returning();
      // A rent paid in the app: a record of the money only (a late payment after it was given up moves it too).
      if (!pay) {
        await this.inApp.outcome(tx, out);
        return;
      }
      if (InAppPayments.owns(pay)) return;
      if (pay.purpose === 'deduct' || pay.purpose === 'capture') {
        const capture = pay.purpose === 'capture';
        const [o] = await tx.select().from(ordOrder).where(eq(ordOrder.orderNo, pay.orderNo!)).for('update');
        if (!o || o.status !== 'awaitingDeduction' || (capture && o.authState !== 'authorized')) return;
        if (out.status === 'succeeded') {
          // A payment from the authorization enters the books as the payment company's money, like a deduction.
          await this.needs.ledger.post(
            {
              idempotencyKey: `${pay.purpose}:${o.orderNo}`,
              kind: 'deduct',
              orderNo: o.orderNo,
              outletId: o.outletId,
              memo: capture ? 'feeFromAuthorization' : 'feeDeducted',
              entries: [
                { account: { kind: 'providerClearing' }, debit: pay.amount },
                { account: { kind: 'orderIncome' }, credit: pay.amount },
              ],
            },
            tx,
          );
          const paid = o.paidAmount + pay.amount;
          const [row] = await tx
            .update(ordOrder)
            .set({
              status: 'finished',
              paidAmount: paid,
              payReference: o.payReference ?? out.reference,
              ...(capture ? { authState: 'paid' } : {}),
            })
            .where(
              and(
                eq(ordOrder.id, o.id),
                eq(ordOrder.status, 'awaitingDeduction'),
                ...(capture ? [eq(ordOrder.authState, 'authorized')] : []),
              ),
            )
            .returning();
          if (!row) return;
          await this.sharing.share(tx, row, paid, taxFeePercent);
          await this.events(tx, o.id, [
            { event: capture ? 'authCaptured' : 'charged', amount: pay.amount, note: out.reference },
            ...(capture && o.authAmount > pay.amount
              ? [{ event: 'authReleased' as const, amount: o.authAmount - pay.amount, note: out.reference }]
              : []),
            { event: 'shared', amount: paid + o.voucherValue + o.couponDeduction + o.memberDeduction },
          ]);
        } else {
          // Refused: the fee is still owed (pending payment); an authorization stays frozen until staff initialise the
          // order, which releases it.
          await tx
            .update(ordOrder)
            .set({ status: 'pendingPayment' })
            .where(and(eq(ordOrder.id, o.id), eq(ordOrder.status, 'awaitingDeduction')));
          await this.events(tx, o.id, [
            { event: capture ? 'authFailed' : 'charged', amount: 0, note: out.failure ?? 'failed' },
          ]);
        }
      } else if (pay.purpose === 'unfreeze') {
        // A deposit-free order's authorization unfrozen whole (a free rental, a close), or refused.
        const [o] = await tx
          .update(ordOrder)
          .set({ authState: out.status === 'succeeded' ? 'released' : 'failed' })
          .where(and(eq(ordOrder.orderNo, pay.orderNo!), eq(ordOrder.authState, 'authorized')))
          .returning({ id: ordOrder.id, authAmount: ordOrder.authAmount });
        if (!o) return;
        if (out.status !== 'succeeded')
          this.log.error(
            { alarm: 'authorizationNotReleased', key: pay.key, orderNo: pay.orderNo, failure: out.failure },
            'ALARM: the payment company refused to release a deposit-free authorization; the amount may still be frozen',
          );
        await this.events(tx, o.id, [
          out.status === 'succeeded'
            ? { event: 'authReleased', amount: o.authAmount, note: out.reference }
            : { event: 'authFailed', amount: 0, note: out.failure ?? 'failed' },
        ]);
      } else if (pay.purpose === 'refund') {
        const [r] = await tx.select().from(ordRefund).where(eq(ordRefund.refundNo, pay.refundNo!)).for('update');
        // Approved and recorded, or handed over: a lost answer may come before the refund was marked sent.
        if (!r || (r.status !== 'refunding' && r.status !== 'approved')) return;
        if (out.status === 'succeeded') await this.refundDone(tx, r, { reference: out.reference, toBalance: false });
        else await this.refundFailed(tx, r, out.failure ?? 'failed');
      } else if (pay.purpose === 'balance') {
        // A part of a balance refund (order.balance-refunds.ts): paid, or back to the balance.
        await this.owners.balanceRefund(tx, out);
      } else if (pay.purpose === 'recharge' && out.status === 'succeeded') {
        // The balance gets what the payment company charged, never only what was asked: a
        // difference is an alarm for the people who reconcile, and the customer is credited the
        // money that really arrived.
        if (out.amount !== pay.amount) {
          this.log.error(
            {
              alarm: 'rechargeAmountDiffers',
              key: pay.key,
              userId: pay.userId,
              requested: pay.amount,
              charged: out.amount,
              reference: out.reference,
            },
            'ALARM: the payment company charged another amount than the top-up asked; the balance is credited what was charged',
          );
        }
        if (out.amount > 0) {
          await this.needs.ledger.post(
            {
              idempotencyKey: `recharge:${pay.key}`,
              kind: 'recharge',
              memo: 'balanceToppedUp',
              entries: [
                { account: { kind: 'providerClearing' }, debit: out.amount },
                { account: { kind: 'userBalance', partyId: pay.userId }, credit: out.amount },
              ],
            },
            tx,
          );
        }
      } else if (pay.purpose === 'release' && out.status === 'failed') {
        // The deposit order says "refund failed": staff ask for its refund from the deposit screen.
        this.log.warn(
          { key: pay.key, failure: out.failure },
          'a deposit could not be given back; its deposit order is marked refund failed',
        );
        await this.needs.deposits.releaseFailed(tx, pay.orderNo!, out.failure ?? 'failed');
      } else if (pay.purpose === 'release') {
        await this.needs.deposits.released(tx, pay.orderNo!, out.reference);
      } else if (pay.purpose === 'deposit') {
        await this.needs.deposits.refundOutcome(tx, pay.key, {
          status: out.status === 'succeeded' ? 'succeeded' : 'failed',
          reference: out.reference,
          failure: out.failure,
        });
      }
    });
    for (const p of payments) await this.sendPayment(p);
  }

  /** A refund the payment company refused: the shares get their parts back, and the order says so. */
  async refundFailed(tx: Db, r: typeof ordRefund.$inferSelect, failure: string): Promise<void> {
    const reversal = r.reversal as { kind: AccountKind; partyId: number | null; amount: number }[];
    const key = `refund-failed:${r.refundNo}`;
    const posted = await this.needs.ledger.post(
      {
        idempotencyKey: key,
        kind: 'refund',
        orderNo: r.orderNo,
        memo: 'refundFailedSharesRestored',
        entries: [
          { account: { kind: 'refunds' }, debit: r.amount },
          ...reversal.map((x) => ({ account: { kind: x.kind, partyId: x.partyId }, credit: x.amount })),
        ],
      },
      tx,
    );
    // The shares given back pay first what their partners came to owe when the refund took them.
    if (posted)
      await this.needs.ledger.keepPayablesWhole(
        tx,
        reversal.map((x) => ({ kind: x.kind, partyId: x.partyId })),
        'added',
        key,
      );
    await tx
      .update(ordRefund)
      .set({ status: 'failed', failReason: failure.slice(0, 64), finishedAt: new Date() })
      .where(eq(ordRefund.id, r.id));
    await tx
      .update(ordOrder)
      .set({ status: 'refundFailed', refundAmount: sql`${ordOrder.refundAmount} - ${r.amount}` })
      .where(and(eq(ordOrder.id, r.orderId), eq(ordOrder.status, 'refunding')));
    await this.events(tx, r.orderId, [{ event: 'refundFailed', amount: r.amount, note: failure }]);
  }

  /**
   * A refund the payment company paid (or one to the balance): the money owed back leaves, the order is finished again.
   */
  async refundDone(
    tx: Db,
    r: typeof ordRefund.$inferSelect,
    how: { reference: string | null; toBalance: boolean },
  ): Promise<void> {
    await this.needs.ledger.post(
      {
        idempotencyKey: `refund-done:${r.refundNo}`,
        kind: 'refund',
        orderNo: r.orderNo,
        memo: 'refundPaid',
        entries: [
          { account: { kind: 'refunds' }, debit: r.amount },
          {
            account: how.toBalance ? { kind: 'userBalance', partyId: r.userId } : { kind: 'providerClearing' },
            credit: r.amount,
          },
        ],
      },
      tx,
    );
    await tx
      .update(ordRefund)
      .set({ status: 'complete', providerReference: how.reference, finishedAt: new Date() })
      .where(eq(ordRefund.id, r.id));
    await tx
      .update(ordOrder)
      .set({ status: 'finished' })
      .where(and(eq(ordOrder.id, r.orderId), eq(ordOrder.status, 'refunding')));
    await this.events(tx, r.orderId, [{ event: 'refunded', amount: r.amount, note: how.reference }]);
  }

  /**
   * A refund of a deposit approved by staff (the deposit module): recorded in its transaction, sent once it commits.
   */
  async requestDepositRefund(
    tx: Db,
    r: { key: string; amount: number; userId: number; orderNo: string; chargeReference: string },
  ): Promise<void> {
    await tx
      .insert(ordPayment)
      .values({ key: r.key, op: 'refund', purpose: 'deposit', orderNo: r.orderNo, userId: r.userId, amount: r.amount })
      .onConflictDoNothing();
    this.later({
      key: r.key,
      op: 'refund',
      amount: r.amount,
      userId: r.userId,
      orderNo: r.orderNo,
      chargeReference: r.chargeReference,
    });
  }

  /**
   * Tops a customer's balance up through the payment company. The key is fingerprinted like a
   * refund's or a withdrawal's: asked again with the same amount it is the same top-up (the
   * company answers the first charge, credited once); with another amount it is refused
   * (RECHARGE_KEY_REUSED), decided by the payment row's primary key, so parallel requests under
   * one key record one top-up and charge one amount.
   */
  async recharge(
    p: Principal,
    req: { amount: number; idempotencyKey?: string; channel?: string; payerId?: string },
  ): Promise<{ balance: number; payment?: { channel: string; params: Record<string, string> } }> {
    if (p.accountType !== 'user') throw new AppError('ORDER_APP_USERS_ONLY');
    const key = `recharge:${p.accountId}:${req.idempotencyKey ?? crypto.randomUUID()}`;
    const [made] = await this.db
      .insert(ordPayment)
      .values({ key, op: 'charge', purpose: 'recharge', userId: p.accountId, amount: req.amount })
      .onConflictDoNothing()
      .returning({ key: ordPayment.key });
    if (!made) {
      const [was] = await this.db
        .select({ purpose: ordPayment.purpose, userId: ordPayment.userId, amount: ordPayment.amount })
        .from(ordPayment)
        .where(eq(ordPayment.key, key));
      if (!was || was.purpose !== 'recharge' || was.userId !== p.accountId || was.amount !== req.amount)
        throw new AppError('RECHARGE_KEY_REUSED');
    }
    const out = await this.provider.charge({
      key,
      amount: req.amount,
      userId: p.accountId,
      description: 'recharge',
      channel: req.channel,
      payerId: req.payerId,
    });
    if (out.status === 'failed') throw new AppError('PAYMENT_REFUSED', { reason: out.failure ?? 'failed' });
    await this.applyOutcome(out);
    const balance = await this.balanceOf(p.accountId);
    // Paid in the app: the balance grows when the company says the customer paid (notification or query).
    return out.status === 'pending' && out.payParams
      ? { balance, payment: { channel: req.channel ?? '', params: out.payParams } }
      : { balance };
  }
}
