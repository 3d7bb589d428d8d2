import { and, count, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { DepositFilter, DepositItem, DepositStatistics } from '@cbo/contract';
import { type Db } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { checkTimeRange } from '../../platform/http/time-range.js';
import { depFreeOrder, depOrder, depRefund } from './tables.js';
import {
  DEPOSIT_REFUND_STATUS,
  depositItems,
  type DepositRefundFilter,
  type DepositRefundRecord,
} from './deposit.core.js';

/** The deposits' reads: the list and its figures, a customer's history, the refund records' deposit rows. */
export class DepositReads {
  constructor(private readonly db: Db) {}

  /**
   * Staff refunds of deposits as the order module's refund records show them (type deposit): the
   * application's state in the refund states (pending audit is initiated, refunded complete), its
   * one audit as the approval. Newest first; `limit` rows from `offset`.
   */
  async refundRecords(
    f: DepositRefundFilter,
    offset: number,
    limit: number,
    db: Db = this.db,
  ): Promise<DepositRefundRecord[]> {
    const rows = await db
      .select({
        r: depRefund,
        d: { orderNo: depOrder.orderNo, userId: depOrder.userId, userMobile: depOrder.userMobile },
      })
      .from(depRefund)
      .innerJoin(depOrder, eq(depOrder.id, depRefund.depositId))
      .where(this.refundWhere(f))
      .orderBy(desc(depRefund.createdAt), desc(depRefund.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ r, d }) => ({
      id: r.id,
      refundNo: r.refundNo,
      orderNo: d.orderNo,
      userId: d.userId,
      userMobile: d.userMobile,
      amount: r.back,
      status: DEPOSIT_REFUND_STATUS[r.state] ?? 'initiated',
      reason: r.reason,
      providerReference: r.providerReference,
      failReason: r.failReason,
      creator: r.applicant,
      auditor: r.auditor,
      auditTime: r.auditedAt?.toISOString() ?? null,
      auditRemark: r.auditRemark,
      createTime: r.createdAt.toISOString(),
      finishTime: r.finishedAt?.toISOString() ?? null,
    }));
  }

  async refundRecordCount(f: DepositRefundFilter): Promise<number> {
    const [r] = await this.db
      .select({ n: count() })
      .from(depRefund)
      .innerJoin(depOrder, eq(depOrder.id, depRefund.depositId))
      .where(this.refundWhere(f));
    return Number(r!.n);
  }

  private refundWhere(f: DepositRefundFilter): SQL | undefined {
    const c: SQL[] = [];
    if (f.begin) c.push(gte(depRefund.createdAt, f.begin));
    if (f.end) c.push(lte(depRefund.createdAt, f.end));
    if (f.orderNo) c.push(eq(depOrder.orderNo, f.orderNo));
    if (f.refundNo) c.push(eq(depRefund.refundNo, f.refundNo));
    if (f.userId) c.push(eq(depOrder.userId, f.userId));
    if (f.status) {
      const states = Object.entries(DEPOSIT_REFUND_STATUS)
        .filter(([, v]) => v === f.status)
        .map(([k]) => k);
      if (!states.length) return sql`false`;
      c.push(inArray(depRefund.state, states));
    }
    return c.length ? and(...c) : undefined;
  }

  private where(f: DepositFilter): SQL | undefined {
    const c: SQL[] = [];
    const { begin, end } = checkTimeRange(f.beginTime, f.endTime);
    if (begin) c.push(gte(depOrder.createdAt, begin));
    if (end) c.push(lte(depOrder.createdAt, end));
    if (f.depositNo) c.push(ilike(depOrder.depositNo, containing(f.depositNo)));
    if (f.orderNo) c.push(ilike(depOrder.orderNo, containing(f.orderNo)));
    if (f.state) c.push(eq(depOrder.state, f.state));
    if (f.channel) c.push(eq(depOrder.channel, f.channel));
    if (f.userId) c.push(eq(depOrder.userId, f.userId));
    if (f.outletId) c.push(eq(depOrder.outletId, f.outletId));
    return c.length ? and(...c) : undefined;
  }

  async count(f: DepositFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(depOrder).where(this.where(f));
    return Number(r!.n);
  }

  async rows(f: DepositFilter, offset: number, limit: number): Promise<DepositItem[]> {
    const rows = await this.db
      .select({ id: depOrder.id })
      .from(depOrder)
      .where(this.where(f))
      .orderBy(desc(depOrder.createdAt), desc(depOrder.id))
      .limit(limit)
      .offset(offset);
    return depositItems(
      this.db,
      rows.map((r) => r.id),
    );
  }

  /** The figures of the list's filter; each is the sum over the rows it stands for. */
  async statistics(f: DepositFilter): Promise<DepositStatistics> {
    const w = this.where(f);
    const [s] = await this.db
      .select({
        heldCount: sql<number>`count(*) filter (where ${depOrder.state} = 'held')::int`,
        heldAmount: sql<number>`coalesce(sum(${depOrder.amount}) filter (where ${depOrder.state} = 'held'), 0)::int`,
        returnedCount: sql<number>`count(*) filter (where ${depOrder.state} = 'returned')::int`,
        returnedAmount: sql<number>`coalesce(sum(${depOrder.returnedAmount}) filter (where ${depOrder.state} = 'returned'), 0)::int`,
        refundFees: sql<number>`coalesce(sum(${depOrder.refundFee}), 0)::int`,
        feesTaken: sql<number>`coalesce(sum(${depOrder.feeTaken}), 0)::int`,
        pendingCount: sql<number>`count(*) filter (where ${depOrder.state} = 'pendingAudit')::int`,
        pendingAmount: sql<number>`coalesce(sum(${depOrder.amount} - ${depOrder.feeTaken}) filter (where ${depOrder.state} = 'pendingAudit'), 0)::int`,
        refundedCount: sql<number>`count(*) filter (where ${depOrder.state} = 'refunded')::int`,
        refundedAmount: sql<number>`coalesce(sum(${depOrder.returnedAmount}) filter (where ${depOrder.state} = 'refunded'), 0)::int`,
        failedCount: sql<number>`count(*) filter (where ${depOrder.state} = 'refundFailed')::int`,
        failedAmount: sql<number>`coalesce(sum(${depOrder.amount} - ${depOrder.feeTaken}) filter (where ${depOrder.state} = 'refundFailed'), 0)::int`,
        all: sql<number>`count(*)::int`,
      })
      .from(depOrder)
      .where(w);
    // Deposit-free rentals of the same period, user and outlet (they have no deposit state or number).
    const fc: SQL[] = [];
    const { begin, end } = checkTimeRange(f.beginTime, f.endTime);
    if (begin) fc.push(gte(depFreeOrder.createdAt, begin));
    if (end) fc.push(lte(depFreeOrder.createdAt, end));
    if (f.userId) fc.push(eq(depFreeOrder.userId, f.userId));
    if (f.outletId) fc.push(eq(depFreeOrder.outletId, f.outletId));
    const narrowed = !!(f.depositNo || f.orderNo || f.state || f.channel);
    const [free] = narrowed
      ? [{ n: 0 }]
      : await this.db
          .select({ n: count() })
          .from(depFreeOrder)
          .where(fc.length ? and(...fc) : undefined);
    const n = (v: unknown) => Number(v ?? 0);
    return {
      held: { count: n(s?.heldCount), amount: n(s?.heldAmount) },
      returned: { count: n(s?.returnedCount), amount: n(s?.returnedAmount) },
      refundFees: n(s?.refundFees),
      feesTaken: n(s?.feesTaken),
      pendingAudit: { count: n(s?.pendingCount), amount: n(s?.pendingAmount) },
      refunded: { count: n(s?.refundedCount), amount: n(s?.refundedAmount) },
      failed: { count: n(s?.failedCount), amount: n(s?.failedAmount) },
      depositOrders: n(s?.all),
      depositFreeOrders: n(free?.n),
    };
  }

  /** Finished deposit orders (the rental ended) and deposit-free rentals of one customer, for the rules. */
  async history(userId: number, db: Db = this.db): Promise<{ done: number; used: number }> {
    const [d] = await db
      .select({ n: count() })
      .from(depOrder)
      .where(and(eq(depOrder.userId, userId), sql`${depOrder.state} <> 'held'`));
    const [f] = await db.select({ n: count() }).from(depFreeOrder).where(eq(depFreeOrder.userId, userId));
    return { done: Number(d?.n ?? 0), used: Number(f?.n ?? 0) };
  }
}
