import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  REFUND_REASONS,
  type RefundDetail,
  type RefundFilter,
  type RefundItem,
  type RefundReasonStats,
  type RefundStep,
  type StatsOverviewQuery,
} from '@cbo/contract';
import { AppError } from '../../platform/http/app-error.js';
import { checkTimeRange } from '../../platform/http/time-range.js';
import { statsWindow } from '../../platform/stats-window.js';
import type { DepositRefundRecord } from './needs.js';
import { money, refundItem, RefundPart, type RefundRow } from './order.refunds-core.js';
import { ordOrder, ordRefund } from './tables.js';

/*
 * The refund records staff read: one with its history, the list (order and deposit refunds
 * merged) and the refunds paid by reason.
 */

/** States of a refund that is paid: finally approved and not refused by the payment company since. */
const PAID = ['approved', 'refunding', 'complete'];
/**
 * When a refund was paid: its final approval (the second of two, else the only one); a refund
 * older than reviews has none and counts at its request.
 */
const paidAt = sql`coalesce(${ordRefund.secondApprovedAt}, ${ordRefund.firstApprovedAt}, ${ordRefund.createdAt})`;

/** The refund records: kept here (order, prepayment, balance) and the deposit module's. */
export class RefundRecords extends RefundPart {
  /** One refund record by its number (an order's, or a deposit's from the deposit module), with its history. */
  async detail(refundNo: string): Promise<RefundDetail> {
    const [r] = await this.db.select().from(ordRefund).where(eq(ordRefund.refundNo, refundNo));
    if (r) {
      if (r.type === 'balance') {
        // A balance refund's outcome is its parts': one step each, against the top-up charge it pays back.
        const parts = await this.balance.parts(r.refundNo);
        const history = historyOf(r).filter((h) => h.step !== 'complete' && h.step !== 'failed');
        for (const p of parts) {
          if (p.status !== 'succeeded' && p.status !== 'failed') continue;
          history.push({
            step: p.status === 'succeeded' ? 'complete' : 'failed',
            by: null,
            time: (r.finishedAt ?? p.createdAt).toISOString(),
            note: `${money(p.amount)} → ${p.chargeReference ?? p.chargeKey}: ${p.reference ?? p.failure ?? ''}`,
          });
        }
        return { ...refundItem(r), orderPaidAmount: null, orderRefundAmount: null, history };
      }
      const [o] = await this.db
        .select({ paid: ordOrder.paidAmount, refunded: ordOrder.refundAmount })
        .from(ordOrder)
        .where(eq(ordOrder.id, r.orderId));
      return {
        ...refundItem(r),
        orderPaidAmount: o?.paid ?? null,
        orderRefundAmount: o?.refunded ?? null,
        history: historyOf(r),
      };
    }
    const [d] = await this.needs.deposits.refundRecords({ refundNo }, 0, 1);
    if (!d) throw new AppError('REFUND_NOT_FOUND');
    const item = depositItem(d);
    const history: RefundDetail['history'] = [{ step: 'requested', by: d.creator, time: d.createTime, note: d.reason }];
    if (d.auditTime)
      history.push({
        step: d.status === 'rejected' ? 'rejected' : 'approved',
        by: d.auditor,
        time: d.auditTime,
        note: d.status === 'rejected' ? d.auditRemark : null,
      });
    if (d.finishTime && d.status === 'complete')
      history.push({ step: 'complete', by: null, time: d.finishTime, note: d.providerReference });
    if (d.finishTime && d.status === 'failed')
      history.push({ step: 'failed', by: null, time: d.finishTime, note: d.failReason });
    return { ...item, orderPaidAmount: null, orderRefundAmount: null, history };
  }

  private where(f: RefundFilter): SQL | undefined {
    const range = checkTimeRange(f.beginTime, f.endTime);
    const c: SQL[] = [];
    if (range.begin) c.push(gte(ordRefund.createdAt, range.begin));
    if (range.end) c.push(lte(ordRefund.createdAt, range.end));
    if (f.orderNo) c.push(eq(ordRefund.orderNo, f.orderNo));
    if (f.refundNo) c.push(eq(ordRefund.refundNo, f.refundNo));
    if (f.status) c.push(eq(ordRefund.status, f.status));
    if (f.type) c.push(eq(ordRefund.type, f.type));
    if (f.userId) c.push(eq(ordRefund.userId, f.userId));
    if (f.reasonCode) c.push(eq(ordRefund.reasonCode, f.reasonCode));
    return c.length ? and(...c) : undefined;
  }
  private depositFilter(f: RefundFilter) {
    const range = checkTimeRange(f.beginTime, f.endTime);
    return {
      begin: range.begin ?? undefined,
      end: range.end ?? undefined,
      orderNo: f.orderNo,
      refundNo: f.refundNo,
      userId: f.userId,
      status: f.status,
    };
  }
  /** Which sources a type filter reads: refunds kept here (order, prepayment, balance), deposit refunds, or both; a deposit refund's reason is "other". */
  private sources(f: RefundFilter) {
    return {
      orders: f.type !== 'deposit',
      deposits: (!f.type || f.type === 'deposit') && (!f.reasonCode || f.reasonCode === 'other'),
    };
  }

  /**
   * The refunds paid in a window, by reason: counted at their final approval with their amount
   * (the product's "refunded", docs/decisions/statistics.md), a refusal by the payment company taking one
   * back out. Order, prepayment and balance refunds; every reason answered, 0 when none.
   */
  async reasonStats(q: StatsOverviewQuery): Promise<RefundReasonStats> {
    const { begin, end } = statsWindow(q);
    const rows = await this.db
      .select({ reasonCode: ordRefund.reasonCode, n: count(), amount: sql<string | null>`sum(${ordRefund.amount})` })
      .from(ordRefund)
      .where(
        and(
          inArray(ordRefund.status, PAID),
          sql`${paidAt} >= ${begin.toISOString()}`,
          sql`${paidAt} <= ${end.toISOString()}`,
        ),
      )
      .groupBy(ordRefund.reasonCode);
    const by = new Map(rows.map((r) => [r.reasonCode, { count: Number(r.n), amount: Number(r.amount ?? 0) }]));
    const list = REFUND_REASONS.map((reasonCode) => ({
      reasonCode,
      count: by.get(reasonCode)?.count ?? 0,
      amount: by.get(reasonCode)?.amount ?? 0,
    }));
    return {
      beginTime: begin.toISOString(),
      endTime: end.toISOString(),
      list,
      count: list.reduce((s, x) => s + x.count, 0),
      amount: list.reduce((s, x) => s + x.amount, 0),
    };
  }

  async count(f: RefundFilter): Promise<number> {
    const src = this.sources(f);
    const [a, b] = await Promise.all([
      src.orders
        ? this.db
            .select({ n: count() })
            .from(ordRefund)
            .where(this.where(f))
            .then(([r]) => Number(r!.n))
        : 0,
      src.deposits ? this.needs.deposits.refundRecordCount(this.depositFilter(f)) : 0,
    ]);
    return a + b;
  }

  /**
   * A page of the records, newest first, order and deposit refunds merged: each source gives its
   * first `offset + limit` rows and the merge keeps the page (pages are at most 100 rows, exports
   * at most 20,000, so a deep page reads at most that many rows of each).
   */
  async rows(f: RefundFilter, offset: number, limit: number): Promise<RefundItem[]> {
    const src = this.sources(f);
    const [own, deps] = await Promise.all([
      src.orders
        ? this.db
            .select()
            .from(ordRefund)
            .where(this.where(f))
            .orderBy(desc(ordRefund.createdAt), desc(ordRefund.id))
            .limit(offset + limit)
        : [],
      src.deposits ? this.needs.deposits.refundRecords(this.depositFilter(f), 0, offset + limit) : [],
    ]);
    if (!deps.length) return own.slice(offset, offset + limit).map(refundItem);
    const all = [...own.map(refundItem), ...deps.map(depositItem)].sort(
      (x, y) => y.createTime.localeCompare(x.createTime) || y.id - x.id,
    );
    return all.slice(offset, offset + limit);
  }
}

/** A refund's history from its columns: requested, approvals or the rejection, sent, its outcome. */
function historyOf(r: RefundRow): RefundDetail['history'] {
  const h: { step: RefundStep; by: string | null; time: Date; note: string | null }[] = [
    { step: 'requested', by: r.creator, time: r.createdAt, note: r.reason },
  ];
  if (r.firstApprovedAt)
    h.push({
      step: 'approved',
      by: r.firstApprover,
      time: r.firstApprovedAt,
      note: r.approvalsNeeded === 2 ? '1/2' : null,
    });
  if (r.secondApprovedAt) h.push({ step: 'approved', by: r.secondApprover, time: r.secondApprovedAt, note: '2/2' });
  if (r.rejectedAt) h.push({ step: 'rejected', by: r.rejectedBy, time: r.rejectedAt, note: r.rejectReason });
  if (r.sentAt) h.push({ step: 'sent', by: null, time: r.sentAt, note: null });
  if (r.finishedAt && r.status === 'complete')
    h.push({ step: 'complete', by: null, time: r.finishedAt, note: r.providerReference });
  if (r.finishedAt && r.status === 'failed')
    h.push({ step: 'failed', by: null, time: r.finishedAt, note: r.failReason });
  return h.map((x) => ({ ...x, time: x.time.toISOString() }));
}

function depositItem(d: DepositRefundRecord): RefundItem {
  const approved = d.auditTime && d.status !== 'rejected';
  return {
    id: d.id,
    refundNo: d.refundNo,
    orderNo: d.orderNo,
    type: 'deposit',
    userId: d.userId,
    userMobile: d.userMobile,
    amount: d.amount,
    status: d.status,
    // A deposit refund's reason is free text: "other" with its text.
    reasonCode: 'other',
    reason: d.reason,
    providerReference: d.providerReference,
    failReason: d.failReason,
    creator: d.creator,
    creatorId: null,
    createTime: d.createTime,
    finishTime: d.finishTime,
    approvalsNeeded: 1,
    approvals: approved ? [{ by: d.auditor ?? '', time: d.auditTime!, accountId: null }] : [],
    rejectedBy: d.status === 'rejected' ? d.auditor : null,
    rejectTime: d.status === 'rejected' ? d.auditTime : null,
    rejectReason: d.status === 'rejected' ? d.auditRemark : null,
  };
}
