import type { FastifyBaseLogger } from 'fastify';
import { REFUND_REASONS, type RefundItem, type RefundReason } from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import type { OrderNeeds } from './needs.js';
import type { BalanceRefunds } from './order.balance-refunds.js';
import type { OrderEngine } from './order.engine.js';
import type { ordRefund } from './tables.js';

/*
 * What the refunds' parts share (order.refunds.ts composes them): who acts on a refund, a refund
 * row as the calls answer it, and RefundPart, the base of each part, which holds their
 * dependencies (the order engine, the balance refunds).
 */

export type RefundRow = typeof ordRefund.$inferSelect;
/** Who acts on a refund: the staff account's id (who may approve twice is decided by it) and its name (shown). */
export interface Staff {
  id: number;
  name: string;
}
export const money = (cents: number) => (cents / 100).toFixed(2);

/** A refund as an operation-log entry names it: its order's number, a balance refund (no order) its own number. */
export function refundName(r: { orderNo: string; refundNo: string }): string {
  return r.orderNo || r.refundNo;
}

/** The base of the refunds' parts: what each is built from. */
export abstract class RefundPart {
  constructor(
    protected readonly db: Db,
    protected readonly needs: OrderNeeds,
    protected readonly engine: OrderEngine,
    protected readonly log: FastifyBaseLogger,
    /** Refunds of customers' balances (type balance), reviewed with the order refunds. */
    protected readonly balance: BalanceRefunds,
  ) {}
}

export function refundItem(r: RefundRow): RefundItem {
  const approvals = [
    ...(r.firstApprovedAt
      ? [{ by: r.firstApprover ?? '', time: r.firstApprovedAt.toISOString(), accountId: r.firstApproverId }]
      : []),
    ...(r.secondApprovedAt
      ? [{ by: r.secondApprover ?? '', time: r.secondApprovedAt.toISOString(), accountId: r.secondApproverId }]
      : []),
  ];
  return {
    id: r.id,
    refundNo: r.refundNo,
    orderNo: r.orderNo,
    type: r.type as RefundItem['type'],
    userId: r.userId,
    userMobile: r.userMobile,
    amount: r.amount,
    status: r.status as RefundItem['status'],
    reasonCode: (REFUND_REASONS as readonly string[]).includes(r.reasonCode) ? (r.reasonCode as RefundReason) : 'other',
    reason: r.reason,
    providerReference: r.providerReference,
    failReason: r.failReason,
    creator: r.creator,
    creatorId: r.creatorId,
    createTime: r.createdAt.toISOString(),
    finishTime: r.finishedAt?.toISOString() ?? null,
    approvalsNeeded: r.approvalsNeeded,
    approvals,
    rejectedBy: r.rejectedBy,
    rejectTime: r.rejectedAt?.toISOString() ?? null,
    rejectReason: r.rejectReason,
  };
}
