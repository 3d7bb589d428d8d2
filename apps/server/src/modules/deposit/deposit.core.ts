import { desc, eq, inArray } from 'drizzle-orm';
import type { DepositChannel, DepositItem, DepositState } from '@cbo/contract';
import { type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { depOrder, depRefund } from './tables.js';

/*
 * What the deposit module's parts share (deposit.service.ts names the parts): the rows, the refund
 * records' shapes, what a deposit still holds, and a deposit as the console shows it.
 */

export type DepositRow = typeof depOrder.$inferSelect;
/** The refund records' filter, as the order module passes it (times already checked). */
export interface DepositRefundFilter {
  begin?: Date;
  end?: Date;
  orderNo?: string;
  refundNo?: string;
  userId?: number;
  status?: string;
}
/** A deposit refund application in the refund states of the refund records. */
export interface DepositRefundRecord {
  id: number;
  refundNo: string;
  orderNo: string;
  userId: number;
  userMobile: string;
  amount: number;
  status: 'initiated' | 'rejected' | 'refunding' | 'complete' | 'failed';
  reason: string;
  providerReference: string | null;
  failReason: string | null;
  creator: string | null;
  auditor: string | null;
  auditTime: string | null;
  auditRemark: string | null;
  createTime: string;
  finishTime: string | null;
}
export const DEPOSIT_REFUND_STATUS: Record<string, DepositRefundRecord['status']> = {
  pendingAudit: 'initiated',
  rejected: 'rejected',
  refunding: 'refunding',
  refunded: 'complete',
  failed: 'failed',
};
export type RefundRow = typeof depRefund.$inferSelect;

/** States a staff refund may be asked from: the rental has ended and nothing went back. */
export const ASKABLE: DepositState[] = ['refundFailed', 'rejected'];

/** What a deposit still holds for the customer (nothing went back): the deposit less the rental fee taken. */
export const outstanding = (d: DepositRow) => d.amount - d.feeTaken;
export const percentOf = (amount: number, percent: number) => Math.round((amount * percent) / 100);

export interface DepositHeld {
  orderNo: string;
  userId: number;
  userMobile: string;
  outletId: number | null;
  outletName: string | null;
  amount: number;
  channel: DepositChannel;
  payReference: string | null;
  simulated: boolean;
}

export async function findDeposit(db: Db, id: number): Promise<DepositRow> {
  const [d] = await db.select().from(depOrder).where(eq(depOrder.id, id));
  if (!d) throw new AppError('DEPOSIT_NOT_FOUND');
  return d;
}

/** Deposits as the console shows them, in the order of `ids` (unknown ones left out). */
export async function depositItems(db: Db, ids: number[]): Promise<DepositItem[]> {
  if (!ids.length) return [];
  const rows = await db.select().from(depOrder).where(inArray(depOrder.id, ids));
  // The latest application of each deposit: who asked and who audited.
  const apps = await db
    .selectDistinctOn([depRefund.depositId])
    .from(depRefund)
    .where(inArray(depRefund.depositId, ids))
    .orderBy(depRefund.depositId, desc(depRefund.id));
  const appOf = new Map(apps.map((a) => [a.depositId, a]));
  const byId = new Map(rows.map((d) => [d.id, toItem(d, appOf.get(d.id))]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

export async function depositItem(db: Db, id: number): Promise<DepositItem> {
  const [i] = await depositItems(db, [id]);
  if (!i) throw new AppError('DEPOSIT_NOT_FOUND');
  return i;
}

export function toItem(d: DepositRow, a: RefundRow | undefined): DepositItem {
  return {
    id: d.id,
    depositNo: d.depositNo,
    orderNo: d.orderNo,
    userId: d.userId,
    userMobile: d.userMobile,
    outletId: d.outletId,
    outletName: d.outletName,
    state: d.state as DepositState,
    channel: d.channel as DepositChannel,
    amount: d.amount,
    feeTaken: d.feeTaken,
    refundFee: d.refundFee,
    returnedAmount: d.returnedAmount,
    payReference: d.payReference,
    refundReference: d.refundReference,
    remark: d.remark,
    applicant: a?.applicant ?? null,
    auditor: a?.auditor ?? null,
    createTime: d.createdAt.toISOString(),
    finishTime: d.finishedAt?.toISOString() ?? null,
    simulated: d.simulated,
  };
}
