import crypto from 'node:crypto';
import { and, count, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type {
  DepositAuditRequest,
  DepositChannel,
  DepositFilter,
  DepositItem,
  DepositState,
  DepositStatistics,
} from '@cbo/contract';
import { inTransaction, type Db } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { AppError } from '../../platform/http/app-error.js';
import { checkTimeRange } from '../../platform/http/time-range.js';
import type { DepositNeeds, DepositPayments } from './needs.js';
import { depFreeOrder, depOrder, depRefund } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

type DepositRow = typeof depOrder.$inferSelect;
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
const DEPOSIT_REFUND_STATUS: Record<string, DepositRefundRecord['status']> = {
  pendingAudit: 'initiated',
  rejected: 'rejected',
  refunding: 'refunding',
  refunded: 'complete',
  failed: 'failed',
};
type RefundRow = typeof depRefund.$inferSelect;

/** States a staff refund may be asked from: the rental has ended and nothing went back. */
const ASKABLE: DepositState[] = ['refundFailed', 'rejected'];

export const newNo = (prefix: string) => {
  const d = new Date();
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${prefix}${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}${crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
};
/** What a deposit still holds for the customer (nothing went back): the deposit less the rental fee taken. */
const outstanding = (d: DepositRow) => d.amount - d.feeTaken;
const percentOf = (amount: number, percent: number) => Math.round((amount * percent) / 100);

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

/**
 * Deposit orders: recorded and closed by the rental engine inside its own transactions (the
 * `deposits` need of the order module), read by staff, and refunded by staff through an audited
 * application. "Only one" is decided by conditional updates and a unique index, and every money
 * movement is a ledger post with its own key, in the same transaction as the state it explains.
 */
export class DepositService {
  constructor(
    private readonly db: Db,
    private readonly needs: DepositNeeds,
    /** The order module sends the deposits' refunds; it is built after this module (a late need). */
    private readonly payments: DepositPayments,
  ) {}

  // ------------------------------------------------------------------ what the engine tells

  /** A rent held a deposit (in the rent's transaction). */
  async held(tx: Db, h: DepositHeld): Promise<void> {
    if (h.amount <= 0) return;
    await tx
      .insert(depOrder)
      .values({
        depositNo: newNo('D'),
        orderNo: h.orderNo,
        userId: h.userId,
        userMobile: h.userMobile,
        outletId: h.outletId,
        outletName: h.outletName,
        amount: h.amount,
        channel: h.channel,
        payReference: h.payReference,
        simulated: h.simulated,
      })
      .onConflictDoNothing();
  }

  /** A rent without a deposit (in the rent's transaction): counted against the rules. */
  async freeRented(
    tx: Db,
    f: { orderNo: string; userId: number; outletId: number | null; declared: number; simulated: boolean },
  ): Promise<void> {
    await tx.insert(depFreeOrder).values(f).onConflictDoNothing();
  }

  /** The order ended (in its ending transaction): the fee taken from the deposit, the refund fee kept, what went back. */
  async ended(tx: Db, e: { orderNo: string; feeTaken: number; refundFee: number; returned: number }): Promise<void> {
    await tx
      .update(depOrder)
      .set({
        state: 'returned',
        feeTaken: e.feeTaken,
        refundFee: e.refundFee,
        returnedAmount: e.returned,
        finishedAt: new Date(),
      })
      .where(and(eq(depOrder.orderNo, e.orderNo), eq(depOrder.state, 'held')));
  }

  /** The payment company confirmed the deposit's return: its reference is kept. */
  async released(tx: Db, orderNo: string, reference: string): Promise<void> {
    await tx
      .update(depOrder)
      .set({ refundReference: reference })
      .where(and(eq(depOrder.orderNo, orderNo), eq(depOrder.state, 'returned')));
  }

  /**
   * The payment company refused to give the deposit back at the end of the rental: the release is
   * reversed in the books (the deposit is held again, the refund fee not kept) and the deposit
   * order says "refund failed", so staff can ask for its refund.
   */
  async releaseFailed(tx: Db, orderNo: string, failure: string): Promise<void> {
    const [d] = await tx
      .update(depOrder)
      .set({ state: 'refundFailed', remark: failure.slice(0, 128) })
      .where(and(eq(depOrder.orderNo, orderNo), eq(depOrder.state, 'returned'), eq(depOrder.channel, 'provider')))
      .returning();
    if (!d) return;
    const back = d.returnedAmount;
    const fee = d.refundFee;
    await this.needs.ledger.post(
      {
        idempotencyKey: `release-failed:${orderNo}`,
        kind: 'release',
        orderNo,
        memo: 'depositHeldAgain',
        entries: [
          ...(back > 0 ? [{ account: { kind: 'providerClearing' as const }, debit: back }] : []),
          ...(fee > 0 ? [{ account: { kind: 'fees' as const }, debit: fee }] : []),
          { account: { kind: 'userDeposit', partyId: d.userId }, credit: back + fee },
        ],
      },
      tx,
    );
    await tx.update(depOrder).set({ returnedAmount: 0, refundFee: 0, finishedAt: null }).where(eq(depOrder.id, d.id));
  }

  // ------------------------------------------------------------------ staff refunds

  private async find(id: number, db: Db = this.db): Promise<DepositRow> {
    const [d] = await db.select().from(depOrder).where(eq(depOrder.id, id));
    if (!d) throw new AppError('DEPOSIT_NOT_FOUND');
    return d;
  }

  private refusalFor(d: DepositRow): AppError {
    return d.state === 'held' ? new AppError('DEPOSIT_IN_USE') : new AppError('DEPOSIT_NOT_REFUNDABLE');
  }

  /**
   * Staff ask for the refund of a deposit nothing was given back from (a failed return, or a
   * rejected application), by the rule: what it holds less the deposit refund fee percent. One
   * conditional update decides, so of many asks at once one creates the application.
   */
  async apply(id: number, reason: string, by: string): Promise<DepositItem> {
    const d0 = await this.find(id);
    nameAuditTarget(d0.depositNo);
    if (!ASKABLE.includes(d0.state as DepositState)) throw this.refusalFor(d0);
    const { depositRefundFeePercent } = await this.needs.settings.pay();
    return inTransaction(this.db, async (tx) => {
      const [d] = await tx
        .update(depOrder)
        .set({ state: 'pendingAudit', remark: null })
        .where(and(eq(depOrder.id, id), inArray(depOrder.state, ASKABLE)))
        .returning();
      if (!d) throw this.refusalFor(await this.find(id, tx));
      const amount = outstanding(d);
      const fee = d.channel === 'balance' ? 0 : percentOf(amount, depositRefundFeePercent);
      await tx.insert(depRefund).values({
        refundNo: newNo('DR'),
        depositId: d.id,
        amount,
        fee,
        back: amount - fee,
        state: 'pendingAudit',
        reason,
        applicant: by,
      });
      return this.item(d.id, tx);
    });
  }

  /**
   * Approves or rejects a pending application. Approving moves the money in the books at once
   * (the deposit held goes to the payment company's clearing account and the fee to `fees`) and
   * sends the refund with the application's key; its outcome comes later (refunded, or refund
   * failed with the books reversed). One conditional update decides: of many audits at once, one
   * pays.
   */
  async audit(id: number, req: DepositAuditRequest, by: string): Promise<DepositItem> {
    nameAuditTarget((await this.find(id)).depositNo);
    return inTransaction(this.db, async (tx) => {
      const [r] = await tx
        .update(depRefund)
        .set(
          req.approve
            ? { state: 'refunding', auditor: by, auditedAt: new Date() }
            : {
                state: 'rejected',
                auditor: by,
                auditRemark: req.reason ?? null,
                auditedAt: new Date(),
                finishedAt: new Date(),
              },
        )
        .where(and(eq(depRefund.depositId, id), eq(depRefund.state, 'pendingAudit')))
        .returning();
      if (!r) throw new AppError('DEPOSIT_NOT_PENDING');
      const [d] = await tx
        .update(depOrder)
        .set(req.approve ? { state: 'refunding' } : { state: 'rejected', remark: req.reason ?? null })
        .where(and(eq(depOrder.id, id), eq(depOrder.state, 'pendingAudit')))
        .returning();
      if (!d) throw new AppError('DEPOSIT_NOT_PENDING');
      if (req.approve) await this.pay(tx, d, r);
      return this.item(d.id, tx);
    });
  }

  private async pay(tx: Db, d: DepositRow, r: RefundRow): Promise<void> {
    const toBalance = d.channel === 'balance' || !d.payReference;
    await this.needs.ledger.post(
      {
        idempotencyKey: `deposit-refund:${r.refundNo}`,
        kind: 'depositRefund',
        orderNo: d.orderNo,
        memo: 'depositRefundedByStaff',
        entries: [
          { account: { kind: 'userDeposit', partyId: d.userId }, debit: r.amount },
          ...(r.back > 0
            ? [
                {
                  account: toBalance
                    ? { kind: 'userBalance' as const, partyId: d.userId }
                    : { kind: 'providerClearing' as const },
                  credit: r.back,
                },
              ]
            : []),
          ...(r.fee > 0 ? [{ account: { kind: 'fees' as const }, credit: r.fee }] : []),
        ],
      },
      tx,
    );
    await tx.update(depOrder).set({ refundFee: r.fee, returnedAmount: r.back }).where(eq(depOrder.id, d.id));
    if (toBalance || r.back <= 0) {
      await this.refundDone(tx, r, null);
      return;
    }
    await this.payments.requestRefund(tx, {
      key: `deposit-refund:${r.refundNo}`,
      amount: r.back,
      userId: d.userId,
      orderNo: d.orderNo,
      chargeReference: d.payReference!,
    });
  }

  private async refundDone(tx: Db, r: RefundRow, reference: string | null): Promise<void> {
    await tx
      .update(depRefund)
      .set({ state: 'refunded', providerReference: reference, finishedAt: new Date() })
      .where(eq(depRefund.id, r.id));
    await tx
      .update(depOrder)
      .set({ state: 'refunded', refundReference: reference, finishedAt: new Date() })
      .where(and(eq(depOrder.id, r.depositId), eq(depOrder.state, 'refunding')));
  }

  /** The payment company's final answer to a deposit refund (the order module hands it over, once per request). */
  async refundOutcome(
    tx: Db,
    key: string,
    out: { status: 'succeeded' | 'failed'; reference: string; failure?: string },
  ): Promise<void> {
    const refundNo = key.replace(/^deposit-refund:/, '');
    const [r] = await tx.select().from(depRefund).where(eq(depRefund.refundNo, refundNo)).for('update');
    if (!r || r.state !== 'refunding') return;
    if (out.status === 'succeeded') {
      await this.refundDone(tx, r, out.reference);
      return;
    }
    const [d] = await tx.select().from(depOrder).where(eq(depOrder.id, r.depositId));
    const failure = (out.failure ?? 'failed').slice(0, 64);
    await this.needs.ledger.post(
      {
        idempotencyKey: `deposit-refund-failed:${r.refundNo}`,
        kind: 'depositRefund',
        orderNo: d?.orderNo ?? null,
        memo: 'depositRefundFailedHeldAgain',
        entries: [
          { account: { kind: 'providerClearing' }, debit: r.back },
          ...(r.fee > 0 ? [{ account: { kind: 'fees' as const }, debit: r.fee }] : []),
          { account: { kind: 'userDeposit', partyId: d!.userId }, credit: r.amount },
        ],
      },
      tx,
    );
    await tx
      .update(depRefund)
      .set({ state: 'failed', failReason: failure, finishedAt: new Date() })
      .where(eq(depRefund.id, r.id));
    await tx
      .update(depOrder)
      .set({ state: 'refundFailed', refundFee: 0, returnedAmount: 0, remark: failure })
      .where(and(eq(depOrder.id, r.depositId), eq(depOrder.state, 'refunding')));
  }

  // ------------------------------------------------------------------ deposit refunds in the refund records

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

  // ------------------------------------------------------------------ reads

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
    return this.items(rows.map((r) => r.id));
  }

  private async items(ids: number[], db: Db = this.db): Promise<DepositItem[]> {
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

  async item(id: number, db: Db = this.db): Promise<DepositItem> {
    const [i] = await this.items([id], db);
    if (!i) throw new AppError('DEPOSIT_NOT_FOUND');
    return i;
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

  /** Removes the simulated customers' deposits (the demo's), as the order module removes their orders. */
  async clearSimulated(): Promise<void> {
    await this.db.delete(depOrder).where(eq(depOrder.simulated, true));
    await this.db.delete(depFreeOrder).where(eq(depFreeOrder.simulated, true));
  }
}

function toItem(d: DepositRow, a: RefundRow | undefined): DepositItem {
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
