import { eq } from 'drizzle-orm';
import type { MyVoucherOrderItem, VoucherOrderItem, VoucherOrderStatus } from '@cbo/contract';
import { type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { vchOrder } from './tables.js';

/*
 * What the voucher orders' parts share (voucher-order.service.ts names the parts): the row, its
 * answers, the payment keys, the value of a use.
 */

export type VoucherOrderRow = typeof vchOrder.$inferSelect;

/** A purchase's charge is asked about once it has been unanswered this long. */
export const PAYING_GRACE_MS = 30_000;
/** Purchases that took no money (yet): left out of the totals of what was sold. */
export const UNPAID = ['paying', 'payFailed'];

/**
 * The value of the k-th use (1-based) of a pass: price / uses, rounded down, and the last use
 * takes the remainder, so the uses together move exactly the price out of the liability.
 */
export function useValue(price: number, uses: number, k: number): number {
  const per = Math.floor(price / uses);
  return k < uses ? per : price - per * (uses - 1);
}

export async function findVoucherOrder(db: Db, voucherOrderNo: string): Promise<VoucherOrderRow> {
  const [o] = await db.select().from(vchOrder).where(eq(vchOrder.voucherOrderNo, voucherOrderNo));
  if (!o) throw new AppError('VOUCHER_ORDER_NOT_FOUND');
  return o;
}

/** The payment company's key of a purchase's charge. */
export const chargeKey = (o: Pick<VoucherOrderRow, 'userId' | 'buyKey'>): string => `voucher:${o.userId}:${o.buyKey}`;

/** The payment company's key of a refund's attempt. */
export const refundKey = (o: VoucherOrderRow): string => `voucher-refund:${o.voucherOrderNo}:${o.refundAttempts}`;

export function voucherOrderItem(o: VoucherOrderRow): VoucherOrderItem {
  return {
    id: o.id,
    voucherOrderNo: o.voucherOrderNo,
    userId: o.userId,
    userMobile: o.userMobile,
    voucherId: o.voucherId,
    voucherName: o.voucherName,
    price: o.price,
    freeMinutes: o.freeMinutes,
    uses: o.uses,
    usesLeft: o.usesLeft,
    usedValue: o.usedValue,
    refundAmount: o.refundAmount,
    validUntil: o.validUntil.toISOString(),
    status: o.status as VoucherOrderStatus,
    payReference: o.payReference,
    refundReference: o.refundReference,
    refundReason: o.refundReason,
    failReason: o.failReason,
    createTime: o.createdAt.toISOString(),
    refundTime: o.refundedAt?.toISOString() ?? null,
    simulated: o.simulated,
  };
}

export function myItem(o: VoucherOrderRow): MyVoucherOrderItem {
  const i = voucherOrderItem(o);
  return {
    voucherOrderNo: i.voucherOrderNo,
    voucherName: i.voucherName,
    price: i.price,
    freeMinutes: i.freeMinutes,
    uses: i.uses,
    usesLeft: i.usesLeft,
    validUntil: i.validUntil,
    status: i.status,
    refundAmount: i.refundAmount,
    createTime: i.createTime,
  };
}
