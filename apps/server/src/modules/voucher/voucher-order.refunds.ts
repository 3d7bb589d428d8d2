import type { FastifyBaseLogger } from 'fastify';
import { nameAuditTarget } from '../../platform/audit/target.js';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { VoucherOrderItem } from '@cbo/contract';
import { type Db, inTransaction } from '../../platform/db/database.js';
import { afterCommit } from '../../platform/db/request-tx.js';
import { AppError } from '../../platform/http/app-error.js';
import type { PaymentAnswer, VoucherNeeds } from './needs.js';
import { vchOrder } from './tables.js';
import { findVoucherOrder, refundKey, voucherOrderItem, type VoucherOrderRow } from './voucher-order.core.js';

/** Staff refund the unused part of a pass; the company's answer is applied once. */
export class VoucherRefunds {
  constructor(
    private readonly db: Db,
    private readonly needs: VoucherNeeds,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Staff refund the unused part of a pass (price less the value used: price x uses left / uses,
   * the remainder included) through the payment company. One conditional update lets exactly one
   * request through; the company is asked after it commits, with a key per attempt.
   */
  async refund(req: { voucherOrderNo: string; reason: string }, by: string): Promise<VoucherOrderItem> {
    nameAuditTarget(req.voucherOrderNo);
    const [row] = await this.db
      .update(vchOrder)
      .set({
        status: 'refunding',
        refundAttempts: sql`${vchOrder.refundAttempts} + 1`,
        refundReason: req.reason,
        refundBy: by.slice(0, 64),
        refundRequestedAt: new Date(),
        failReason: null,
      })
      .where(
        and(
          eq(vchOrder.voucherOrderNo, req.voucherOrderNo),
          inArray(vchOrder.status, ['paid', 'refundFailed']),
          gt(vchOrder.usesLeft, 0),
          gt(vchOrder.validUntil, new Date()),
          sql`${vchOrder.payReference} is not null`,
        ),
      )
      .returning();
    if (!row) {
      await findVoucherOrder(this.db, req.voucherOrderNo);
      throw new AppError('VOUCHER_ORDER_NOT_REFUNDABLE');
    }
    afterCommit(() => void this.sendRefund(row));
    return voucherOrderItem(row);
  }

  /** Asks the payment company for a refund already recorded; its outcome is applied once. */
  async sendRefund(o: VoucherOrderRow): Promise<void> {
    try {
      const out = await this.needs.payments.refund({
        key: refundKey(o),
        amount: o.price - o.usedValue,
        chargeReference: o.payReference ?? '',
      });
      await this.refundOutcome(o.voucherOrderNo, o.refundAttempts, out);
    } catch (err) {
      this.log.warn({ err, voucherOrderNo: o.voucherOrderNo }, 'voucher refund request failed; it will be queried');
    }
  }

  /** The company's answer: refunded (the liability goes back to the clearing account) or refund failed with its reason. */
  async refundOutcome(voucherOrderNo: string, attempt: number, out: PaymentAnswer): Promise<void> {
    if (out.status === 'pending') return;
    const match = and(
      eq(vchOrder.voucherOrderNo, voucherOrderNo),
      eq(vchOrder.status, 'refunding'),
      eq(vchOrder.refundAttempts, attempt),
    );
    await inTransaction(this.db, async (tx) => {
      if (out.status === 'failed') {
        await tx
          .update(vchOrder)
          .set({ status: 'refundFailed', failReason: (out.failure ?? 'failed').slice(0, 64) })
          .where(match);
        return;
      }
      const [o] = await tx
        .update(vchOrder)
        .set({
          status: 'refunded',
          refundAmount: sql`${vchOrder.price} - ${vchOrder.usedValue}`,
          refundReference: out.reference.slice(0, 64),
          refundedAt: new Date(),
        })
        .where(match)
        .returning();
      if (!o || o.refundAmount <= 0) return;
      await this.needs.ledger.post(
        {
          idempotencyKey: out.key,
          kind: 'voucherRefund',
          orderNo: o.voucherOrderNo,
          memo: o.refundReason ?? 'voucher refunded',
          entries: [
            { account: { kind: 'voucherLiability', partyId: o.userId }, debit: o.refundAmount },
            { account: { kind: 'providerClearing' }, credit: o.refundAmount },
          ],
        },
        tx,
      );
    });
  }
}
