import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BalanceRefundRequest, RefundAmountRequest, RefundItem } from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { isUniqueViolation, inTransaction } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { nameAuditTarget } from '../../platform/audit/target.js';
import type { Principal } from './needs.js';
import { newNo, type OrderRow } from './order.core.js';
import { money, refundItem, refundName, RefundPart, type Staff } from './order.refunds-core.js';
import { reasonOf } from './refund-reasons.js';
import { ordOrder, ordRefund } from './tables.js';

/*
 * Asking for a refund: of an order (staff), of a customer's balance (staff, or the customer in the
 * app). The review and the payment: order.refunds-review.ts.
 */

/** Orders a refund may be asked of: ended with money paid, no refund open. */
const REFUNDABLE_FROM = ['finished', 'refundFailed'];
/** An amount with its currency, as the console shows it ("CN¥6.00"); the bare number when the code is not one Intl knows. */
function withCurrency(cents: number, currency: string | null | undefined): string {
  try {
    if (currency) return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
  } catch {
    // An unknown code: the number alone.
  }
  return money(cents);
}

/** Refunds asked: the order's amount reserved by one conditional update, a balance's held (order.balance-refunds.ts). */
export class RefundAsking extends RefundPart {
  /** Staff ask for a refund of a customer's balance (all of its refundable part without an amount). */
  async requestBalance(req: BalanceRefundRequest, by: Staff): Promise<RefundItem> {
    const r = await this.balance.request(req, by);
    nameAuditTarget(refundName(r));
    return refundItem(r);
  }

  /** The customer asks for a refund of the balance from the app; staff review it. */
  async appRequestBalance(p: Principal, req: { amount?: number; reason?: string; idempotencyKey?: string }) {
    const member = await this.engine.customer(p);
    const r = await this.balance.request(
      {
        userId: member.id,
        amount: req.amount,
        reason: req.reason || 'app',
        idempotencyKey: req.idempotencyKey ? `app-${member.id}-${req.idempotencyKey}`.slice(0, 64) : undefined,
      },
      { id: null, name: `${member.areaCode}-${member.mobile}` },
    );
    nameAuditTarget(refundName(r));
    return { refundNo: r.refundNo, amount: r.amount, status: r.status };
  }

  /** The customer's balance and what of it a refund may take. */
  async appBalanceRefundable(p: Principal) {
    const member = await this.engine.customer(p);
    const [info, currency] = await Promise.all([this.balance.info(member.id), this.needs.settings.currency()]);
    return { balance: info.balance, refundable: info.refundable, currency };
  }

  async request(req: RefundAmountRequest, by: Staff): Promise<RefundItem> {
    nameAuditTarget(req.orderNo);
    if (req.idempotencyKey) {
      const was = await this.byKey(req.idempotencyKey, req);
      if (was) return was;
    }
    const o = await this.engine.find(req.orderNo);
    // Read before the transaction: nothing inside it may wait on another connection (PGlite has one).
    const [{ refundSecondApprovalAbove: threshold }, currency] = await Promise.all([
      this.needs.settings.pay(),
      this.needs.settings.currency(),
    ]);
    const left = (x: OrderRow) => x.paidAmount - x.refundAmount - x.refundPendingAmount;
    const refusal = (x: OrderRow) =>
      !REFUNDABLE_FROM.includes(x.status) || left(x) <= 0
        ? new AppError('ORDER_REFUND_NOT_ALLOWED')
        : new AppError('ORDER_REFUND_AMOUNT', { refundable: withCurrency(left(x), currency) });
    if (!REFUNDABLE_FROM.includes(o.status) || req.amount > left(o)) throw refusal(o);
    const refundNo = newNo('F');
    try {
      return await inTransaction(this.db, async (tx) => {
        // spec 5: a refund is above 0 and not above what was paid less what is refunded (or reserved).
        const [row] = await tx
          .update(ordOrder)
          // Reserved as pending: it counts as refunded only at its final approval.
          .set({ refundPendingAmount: sql`${ordOrder.refundPendingAmount} + ${req.amount}`, status: 'refunding' })
          .where(
            and(
              eq(ordOrder.id, o.id),
              inArray(ordOrder.status, REFUNDABLE_FROM),
              sql`${ordOrder.paidAmount} - ${ordOrder.refundAmount} - ${ordOrder.refundPendingAmount} >= ${req.amount}`,
            ),
          )
          .returning();
        if (!row) {
          // A twin request with the same key reserved it first: it answers that refund.
          const twin = req.idempotencyKey ? await this.byKey(req.idempotencyKey, req, tx) : null;
          if (twin) return twin;
          throw refusal(await this.engine.find(req.orderNo, tx));
        }
        const [ref] = await tx
          .insert(ordRefund)
          .values({
            refundNo,
            orderId: o.id,
            orderNo: o.orderNo,
            type: o.payMode === 'prepayment' || o.payMode === 'package' ? 'prepayment' : 'order',
            userId: o.userId,
            userMobile: o.userMobile,
            amount: req.amount,
            status: 'initiated',
            ...reasonOf(req),
            creator: by.name,
            creatorId: by.id,
            requestKey: req.idempotencyKey ?? null,
            approvalsNeeded: req.amount > threshold ? 2 : 1,
          })
          .returning();
        await this.engine.events(tx, o.id, [
          { event: 'refundStarted', amount: req.amount, actor: by.name, note: req.reason || null },
        ]);
        return refundItem(ref!);
      });
    } catch (err) {
      // The same key on another order at the same moment: the unique index refused the second.
      if (req.idempotencyKey && isUniqueViolation(err, 'ord_refund_request_key_uq')) {
        const was = await this.byKey(req.idempotencyKey, req);
        if (was) return was;
      }
      throw err;
    }
  }

  /** The refund asked under this key; refused if the key was used for another request. */
  private async byKey(key: string, req: RefundAmountRequest, db: Db = this.db): Promise<RefundItem | null> {
    const [was] = await db.select().from(ordRefund).where(eq(ordRefund.requestKey, key));
    if (!was) return null;
    if (was.orderNo !== req.orderNo || was.amount !== req.amount) throw new AppError('REFUND_KEY_REUSED');
    return refundItem(was);
  }
}
