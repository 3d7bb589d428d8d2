import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BalanceRefundInfo, RefundReason } from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { isUniqueViolation, inTransaction } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { OrderNeeds } from './needs.js';
import { customerLock, newNo, type PendingPayment } from './order.core.js';
import type { OrderEngine } from './order.engine.js';
import type { PaymentOutcome } from './payments.js';
import { reasonOf } from './refund-reasons.js';
import { ordPayment, ordRefund, ordRefundPart } from './tables.js';

type RefundRow = typeof ordRefund.$inferSelect;
const money = (cents: number) => (cents / 100).toFixed(2);

/** Who asks for a balance refund: a staff account, or the customer from the app (no staff id). */
export interface Asker {
  id: number | null;
  name: string;
}

/**
 * Refunds of a customer's balance to the top-up charges it came from (issue 15, refund type
 * balance). The money is held at the request, reviewed like an order refund (OrderRefunds.audit),
 * and paid back in parts, one per top-up charge.
 *
 * - Request (staff, or the customer in the app): under the customer's lock (the one a rent from
 *   the balance takes, `ord-user`), the refundable part is read, the balance but at most what the
 *   customer's successful top-up charges have left to refund (their amount less the parts that
 *   still count against them), and the amount (default: all of it) is split over the charges,
 *   newest first. The refund row, its parts and the hold (userBalance Dr / balanceRefundHold Cr)
 *   commit together, so however many are asked at once they never take more than the balance,
 *   and the customer cannot spend what is held.
 * - Rejection: the hold goes back to the balance (balanceRefundHold Dr / userBalance Cr).
 * - Final approval: each part becomes a payment company request (`refund:<refundNo>:<seq>`, purpose
 *   balance, against its charge's reference), recorded in the approval's transaction and sent
 *   after it commits (the sweep asks about one whose answer never came).
 * - Each part's outcome is applied once (the engine's conditional update of its ord_payment row):
 *   paid (balanceRefundHold Dr / providerClearing Cr) or failed (back to the balance). When no part
 *   is outstanding the refund is complete, or failed with the first failure's reason if any part
 *   failed (the parts paid stay paid; the failed ones are back in the balance and can be asked again).
 */
export class BalanceRefunds {
  constructor(
    private readonly db: Db,
    private readonly needs: OrderNeeds,
    private readonly engine: OrderEngine,
  ) {}

  /** The customer's top-up charges, newest first, with what each has left to refund (parts asked, sent or paid count; released and failed ones do not). */
  private async charges(userId: number, db: Db): Promise<{ key: string; reference: string | null; left: number }[]> {
    const rows = await db
      .select({
        key: ordPayment.key,
        reference: ordPayment.reference,
        // What the top-up really charged (older rows before the column: what it asked).
        amount: sql<number>`coalesce(${ordPayment.charged}, ${ordPayment.amount})`,
        // Written out: inside a select of one table drizzle leaves columns unqualified, and "key" would be the part's own.
        used: sql<string>`coalesce((select sum(rp.amount) from ord_refund_part rp where rp.charge_key = "ord_payment"."key" and rp.status in ('held', 'sent', 'succeeded')), 0)`,
      })
      .from(ordPayment)
      .where(and(eq(ordPayment.userId, userId), eq(ordPayment.purpose, 'recharge'), eq(ordPayment.status, 'succeeded')))
      .orderBy(desc(ordPayment.createdAt), desc(ordPayment.key));
    return rows
      .map((r) => ({ key: r.key, reference: r.reference, left: Number(r.amount) - Number(r.used) }))
      .filter((c) => c.left > 0);
  }

  /** The balance and its refundable part: the balance, at most what the top-up charges have left. */
  private async refundable(userId: number, db: Db = this.db) {
    const [balance, charges] = await Promise.all([this.engine.balanceOf(userId, db), this.charges(userId, db)]);
    const left = charges.reduce((s, c) => s + c.left, 0);
    return { balance, refundable: Math.max(0, Math.min(balance, left)), charges };
  }

  async info(userId: number): Promise<BalanceRefundInfo> {
    const member = await this.needs.customers.member(userId);
    if (!member) throw new AppError('BALANCE_REFUND_USER');
    const { refundSecondApprovalAbove } = await this.needs.settings.pay();
    const { balance, refundable } = await this.refundable(userId);
    return {
      userId,
      userMobile: `${member.areaCode}-${member.mobile}`,
      balance,
      refundable,
      secondApprovalAbove: refundSecondApprovalAbove,
    };
  }

  async request(
    req: { userId: number; amount?: number; reasonCode?: RefundReason; reason?: string; idempotencyKey?: string },
    by: Asker,
  ): Promise<RefundRow> {
    const member = await this.needs.customers.member(req.userId);
    if (!member) throw new AppError('BALANCE_REFUND_USER');
    if (req.idempotencyKey) {
      const was = await this.byKey(req.idempotencyKey, req);
      if (was) return was;
    }
    // Read before the transaction: nothing inside it may wait on another connection (PGlite has one).
    const { refundSecondApprovalAbove: threshold } = await this.needs.settings.pay();
    const refundNo = newNo('F');
    try {
      return await inTransaction(this.db, async (tx) => {
        // One customer's balance is decided one movement at a time: the lock a rent from the balance takes.
        await tx.execute(customerLock(req.userId));
        if (req.idempotencyKey) {
          const twin = await this.byKey(req.idempotencyKey, req, tx);
          if (twin) return twin;
        }
        const { refundable, charges } = await this.refundable(req.userId, tx);
        if (refundable <= 0) throw new AppError('BALANCE_REFUND_NONE');
        const amount = req.amount ?? refundable;
        if (amount > refundable) throw new AppError('BALANCE_REFUND_AMOUNT', { refundable: money(refundable) });
        const [ref] = await tx
          .insert(ordRefund)
          .values({
            refundNo,
            orderId: 0,
            orderNo: '',
            type: 'balance',
            userId: req.userId,
            userMobile: `${member.areaCode}-${member.mobile}`,
            amount,
            status: 'initiated',
            ...reasonOf(req),
            creator: by.name.slice(0, 64),
            creatorId: by.id,
            requestKey: req.idempotencyKey ?? null,
            approvalsNeeded: amount > threshold ? 2 : 1,
          })
          .returning();
        // Newest charge first, each part at most what its charge has left.
        let rest = amount;
        const parts: (typeof ordRefundPart.$inferInsert)[] = [];
        for (const c of charges) {
          if (rest <= 0) break;
          const part = Math.min(rest, c.left);
          parts.push({
            refundNo,
            seq: parts.length + 1,
            userId: req.userId,
            chargeKey: c.key,
            chargeReference: c.reference,
            amount: part,
            key: `refund:${refundNo}:${parts.length + 1}`,
          });
          rest -= part;
        }
        await tx.insert(ordRefundPart).values(parts);
        await this.needs.ledger.post(
          {
            idempotencyKey: `balance-refund:${refundNo}`,
            kind: 'refund',
            memo: 'balanceRefundHeld',
            entries: [
              { account: { kind: 'userBalance', partyId: req.userId }, debit: amount },
              { account: { kind: 'balanceRefundHold', partyId: req.userId }, credit: amount },
            ],
          },
          tx,
        );
        return ref!;
      });
    } catch (err) {
      if (req.idempotencyKey && isUniqueViolation(err, 'ord_refund_request_key_uq')) {
        const was = await this.byKey(req.idempotencyKey, req);
        if (was) return was;
      }
      throw err;
    }
  }

  /** The balance refund asked under this key; refused if the key was used for another request. */
  private async byKey(
    key: string,
    req: { userId: number; amount?: number },
    db: Db = this.db,
  ): Promise<RefundRow | null> {
    const [was] = await db.select().from(ordRefund).where(eq(ordRefund.requestKey, key));
    if (!was) return null;
    if (was.type !== 'balance' || was.userId !== req.userId || (req.amount !== undefined && was.amount !== req.amount))
      throw new AppError('REFUND_KEY_REUSED');
    return was;
  }

  /** A rejection (in the review's transaction, the refund locked): the hold goes back to the balance. */
  async rejected(tx: Db, r: RefundRow): Promise<void> {
    await tx
      .update(ordRefundPart)
      .set({ status: 'released' })
      .where(and(eq(ordRefundPart.refundNo, r.refundNo), eq(ordRefundPart.status, 'held')));
    await this.needs.ledger.post(
      {
        idempotencyKey: `balance-refund-released:${r.refundNo}`,
        kind: 'refund',
        memo: 'balanceRefundReleased',
        entries: [
          { account: { kind: 'balanceRefundHold', partyId: r.userId }, debit: r.amount },
          { account: { kind: 'userBalance', partyId: r.userId }, credit: r.amount },
        ],
      },
      tx,
    );
  }

  /** The final approval (in the review's transaction): each part's request to the payment company is recorded. */
  async approved(tx: Db, r: RefundRow): Promise<PendingPayment[]> {
    const parts = await tx
      .update(ordRefundPart)
      .set({ status: 'sent' })
      .where(and(eq(ordRefundPart.refundNo, r.refundNo), eq(ordRefundPart.status, 'held')))
      .returning();
    parts.sort((a, b) => a.seq - b.seq);
    if (parts.length)
      await tx.insert(ordPayment).values(
        parts.map((p) => ({
          key: p.key,
          op: 'refund',
          purpose: 'balance',
          refundNo: r.refundNo,
          userId: r.userId,
          amount: p.amount,
        })),
      );
    await tx.update(ordRefund).set({ status: 'approved' }).where(eq(ordRefund.id, r.id));
    return parts.map((p) => ({
      key: p.key,
      op: 'refund' as const,
      amount: p.amount,
      userId: r.userId,
      orderNo: null,
      chargeReference: p.chargeReference ?? '',
    }));
  }

  /** One part's answer from the payment company, applied once (the engine moved its payment row from pending). */
  async outcome(tx: Db, out: PaymentOutcome): Promise<void> {
    const [p0] = await tx.select().from(ordRefundPart).where(eq(ordRefundPart.key, out.key));
    if (!p0) return;
    // The refund's row lock: its parts' answers are decided one at a time, and the last one settles it.
    const [r] = await tx.select().from(ordRefund).where(eq(ordRefund.refundNo, p0.refundNo)).for('update');
    if (!r) return;
    const ok = out.status === 'succeeded';
    const [part] = await tx
      .update(ordRefundPart)
      .set({
        status: ok ? 'succeeded' : 'failed',
        reference: out.reference,
        failure: ok ? null : (out.failure ?? 'failed').slice(0, 64),
      })
      .where(and(eq(ordRefundPart.key, out.key), eq(ordRefundPart.status, 'sent')))
      .returning();
    if (!part) return;
    await this.needs.ledger.post(
      {
        idempotencyKey: `balance-refund-${ok ? 'paid' : 'back'}:${part.key}`,
        kind: 'refund',
        memo: ok ? 'balanceRefundPaid' : 'balanceRefundReleased',
        entries: [
          { account: { kind: 'balanceRefundHold', partyId: r.userId }, debit: part.amount },
          {
            account: ok ? { kind: 'providerClearing' as const } : { kind: 'userBalance' as const, partyId: r.userId },
            credit: part.amount,
          },
        ],
      },
      tx,
    );
    const all = await tx
      .select()
      .from(ordRefundPart)
      .where(eq(ordRefundPart.refundNo, r.refundNo))
      .orderBy(asc(ordRefundPart.seq));
    if (all.some((x) => x.status === 'sent')) return;
    const failed = all.find((x) => x.status === 'failed');
    const refs = all.flatMap((x) => (x.status === 'succeeded' && x.reference ? [x.reference] : [])).join(',');
    await tx
      .update(ordRefund)
      .set({
        status: failed ? 'failed' : 'complete',
        providerReference: refs ? refs.slice(0, 64) : null,
        failReason: failed ? (failed.failure ?? 'failed').slice(0, 64) : null,
        finishedAt: new Date(),
      })
      .where(and(eq(ordRefund.id, r.id), inArray(ordRefund.status, ['approved', 'refunding'])));
  }

  /** A balance refund's parts (the detail shows them). */
  async parts(refundNo: string) {
    return this.db
      .select()
      .from(ordRefundPart)
      .where(eq(ordRefundPart.refundNo, refundNo))
      .orderBy(asc(ordRefundPart.seq));
  }
}
