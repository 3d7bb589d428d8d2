import { and, gt, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { vchOrder } from './tables.js';

/**
 * A voucher purchase or refund as the voucher books hold it (the reconciliation reads it; it
 * changes nothing): the request key the payment company was asked with, the amount, its
 * reference and outcome. The company is the route table's (the order module's), as for every request.
 */
export interface VoucherBookLine {
  key: string;
  op: 'charge' | 'refund';
  reference: string | null;
  amount: number;
  at: string;
  status: 'succeeded' | 'pending' | 'failed';
}

const PENDING = new Set(['paying', 'refunding']);
const FAILED_CHARGE = new Set(['payFailed', 'failed']);

/** Read-only: the purchases made and the refunds asked or paid in [from, to). */
export class VoucherBook {
  constructor(private readonly db: Db) {}

  async lines(from: Date, to: Date): Promise<VoucherBookLine[]> {
    const cols = {
      no: vchOrder.voucherOrderNo,
      userId: vchOrder.userId,
      buyKey: vchOrder.buyKey,
      price: vchOrder.price,
      usedValue: vchOrder.usedValue,
      refundAmount: vchOrder.refundAmount,
      refundAttempts: vchOrder.refundAttempts,
      status: vchOrder.status,
      payReference: vchOrder.payReference,
      refundReference: vchOrder.refundReference,
      createdAt: vchOrder.createdAt,
      refundAt: sql<Date>`coalesce(${vchOrder.refundedAt}, ${vchOrder.refundRequestedAt})`,
    };
    const bought = await this.db
      .select(cols)
      .from(vchOrder)
      .where(and(gte(vchOrder.createdAt, from), lt(vchOrder.createdAt, to)));
    const refundAt = sql`coalesce(${vchOrder.refundedAt}, ${vchOrder.refundRequestedAt})`;
    const refunded = await this.db
      .select(cols)
      .from(vchOrder)
      .where(and(gt(vchOrder.refundAttempts, 0), gte(refundAt, from), lt(refundAt, to)));
    const lines: VoucherBookLine[] = bought.map((o) => ({
      // The purchase's key (voucher-order.service.ts, chargeKey).
      key: `voucher:${o.userId}:${o.buyKey}`,
      op: 'charge',
      reference: o.payReference,
      amount: o.price,
      at: o.createdAt.toISOString(),
      status: o.status === 'paying' ? 'pending' : FAILED_CHARGE.has(o.status) ? 'failed' : 'succeeded',
    }));
    for (const o of refunded)
      lines.push({
        // The latest attempt's key (refundKey); an earlier attempt failed, moving nothing.
        key: `voucher-refund:${o.no}:${o.refundAttempts}`,
        op: 'refund',
        reference: o.refundReference,
        amount: o.status === 'refunded' ? o.refundAmount : o.price - o.usedValue,
        at: new Date(o.refundAt).toISOString(),
        status: PENDING.has(o.status) ? 'pending' : o.status === 'refunded' ? 'succeeded' : 'failed',
      });
    return lines;
  }
}
