import type { FastifyBaseLogger } from 'fastify';
import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  REFUND_REASONS,
  type BalanceRefundRequest,
  type RefundAmountRequest,
  type RefundAuditRequest,
  type RefundDetail,
  type RefundFilter,
  type RefundItem,
  type RefundReason,
  type RefundReasonStats,
  type RefundStep,
  type StatsOverviewQuery,
} from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { isUniqueViolation, inTransaction } from '../../platform/db/database.js';
import { afterCommit } from '../../platform/db/request-tx.js';
import { AppError } from '../../platform/http/app-error.js';
import { checkTimeRange } from '../../platform/http/time-range.js';
import { statsWindow } from '../../platform/stats-window.js';
import { reasonOf } from './refund-reasons.js';
import type { DepositRefundRecord, OrderNeeds, Principal } from './needs.js';
import { BalanceRefunds } from './order.balance-refunds.js';
import { SHARE_KINDS, newNo, type OrderRow, type PendingPayment } from './order.core.js';
import type { OrderEngine } from './order.engine.js';
import { ordPayment, ordRefund, ordOrder } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

type RefundRow = typeof ordRefund.$inferSelect;
/** Who acts on a refund: the staff account's id (who may approve twice is decided by it) and its name (shown). */
export interface Staff {
  id: number;
  name: string;
}
/** Orders a refund may be asked of: ended with money paid, no refund open. */
const REFUNDABLE_FROM = ['finished', 'refundFailed'];
const money = (cents: number) => (cents / 100).toFixed(2);
/** An amount with its currency, as the console shows it ("CN¥6.00"); the bare number when the code is not one Intl knows. */
function withCurrency(cents: number, currency: string | null | undefined): string {
  try {
    if (currency) return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
  } catch {
    // An unknown code: the number alone.
  }
  return money(cents);
}
/** States of a refund that is paid: finally approved and not refused by the payment company since. */
const PAID = ['approved', 'refunding', 'complete'];
/**
 * When a refund was paid: its final approval (the second of two, else the only one); a refund
 * older than reviews has none and counts at its request.
 */
const paidAt = sql`coalesce(${ordRefund.secondApprovedAt}, ${ordRefund.firstApprovedAt}, ${ordRefund.createdAt})`;

/** A refund as an operation-log entry names it: its order's number, a balance refund (no order) its own number. */
function refundName(r: { orderNo: string; refundNo: string }): string {
  return r.orderNo || r.refundNo;
}

/**
 * Refunds of orders, reviewed (issue 15; spec 4 refund states, spec 5 refund rules).
 *
 * - Request: one conditional update reserves the amount on the order (`paid - refunded >= amount`,
 *   state finished or refund failed, which it moves to "refund in progress"), so however many are
 *   asked at once the refunds never exceed what was paid, and one refund of an order is open at a
 *   time. The refund is "initiated"; nothing moves in the ledger yet. The request's key makes a
 *   repeat answer the same refund.
 * - Review (permission order:refund:audit, apart from asking): the refund's row lock decides. A
 *   rejection (with its reason) releases the reservation. An approval of an amount above the pay
 *   settings' threshold records the first approver and waits for a second one, another account
 *   than the requester and the first approver. The final approval takes the shares back pro rata
 *   (shares Dr / refunds Cr) and records the payment company's request in the same transaction
 *   ("platform approved"); it is sent once that commits ("payment company refunding").
 * - The company's answer (at once, by notification, twice, or found by the sweep's query) is
 *   applied once by the engine: complete (refunds Dr / clearing Cr) or failed with its reason (the
 *   shares get their parts back and the reservation is released).
 */
export class OrderRefunds {
  /** Refunds of customers' balances (type balance): asked here, reviewed by `audit` like order refunds. */
  readonly balance: BalanceRefunds;
  constructor(
    private readonly db: Db,
    private readonly needs: OrderNeeds,
    private readonly engine: OrderEngine,
    private readonly log: FastifyBaseLogger,
  ) {
    this.balance = new BalanceRefunds(db, needs, engine);
  }

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

  // ------------------------------------------------------------------ request

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

  // ------------------------------------------------------------------ review

  async audit(req: RefundAuditRequest, by: Staff): Promise<RefundItem> {
    const { refundSecondApprovalAbove: threshold } = await this.needs.settings.pay();
    const { item, payments } = await inTransaction(this.db, async (tx) => {
      const [r] = await tx.select().from(ordRefund).where(eq(ordRefund.id, req.id)).for('update');
      if (!r) throw new AppError('REFUND_NOT_FOUND');
      nameAuditTarget(refundName(r));
      if (r.status !== 'initiated') throw new AppError('REFUND_NOT_PENDING');
      // Maker-checker (issue 31): whatever the amount, the requester never approves it (decided under the row lock).
      if (req.approve && r.creatorId !== null && r.creatorId === by.id) throw new AppError('REFUND_OWN_APPLICATION');
      const now = new Date();
      if (!req.approve) {
        const [row] = await tx
          .update(ordRefund)
          .set({
            status: 'rejected',
            rejectedBy: by.name,
            rejectedAt: now,
            rejectReason: req.reason ?? null,
            finishedAt: now,
          })
          .where(eq(ordRefund.id, r.id))
          .returning();
        if (r.type === 'balance') {
          await this.balance.rejected(tx, r);
          return { item: refundItem(row!), payments: [] };
        }
        // The reservation is released: the order may be refunded again.
        await tx
          .update(ordOrder)
          .set({ status: 'finished', refundPendingAmount: sql`${ordOrder.refundPendingAmount} - ${r.amount}` })
          .where(and(eq(ordOrder.id, r.orderId), eq(ordOrder.status, 'refunding')));
        await this.engine.events(tx, r.orderId, [
          { event: 'refundRejected', amount: r.amount, actor: by.name, note: req.reason ?? null },
        ]);
        return { item: refundItem(row!), payments: [] };
      }
      if (r.approvalsNeeded === 2) {
        // Above the threshold: two approvals by two accounts, and the second is not the requester either.
        if (r.firstApproverId === null) {
          const [row] = await tx
            .update(ordRefund)
            .set({ firstApproverId: by.id, firstApprover: by.name, firstApprovedAt: now })
            .where(eq(ordRefund.id, r.id))
            .returning();
          if (r.type !== 'balance')
            await this.engine.events(tx, r.orderId, [
              { event: 'refundApproved', amount: r.amount, actor: by.name, note: '1/2' },
            ]);
          return { item: refundItem(row!), payments: [] };
        }
        if (by.id === r.firstApproverId || by.id === r.creatorId)
          throw new AppError('REFUND_SAME_APPROVER', { threshold: money(threshold) });
        await tx
          .update(ordRefund)
          .set({ secondApproverId: by.id, secondApprover: by.name, secondApprovedAt: now })
          .where(eq(ordRefund.id, r.id));
      } else {
        await tx
          .update(ordRefund)
          .set({ firstApproverId: by.id, firstApprover: by.name, firstApprovedAt: now })
          .where(eq(ordRefund.id, r.id));
      }
      let payments: PendingPayment[];
      if (r.type === 'balance') payments = await this.balance.approved(tx, r);
      else {
        await this.engine.events(tx, r.orderId, [
          { event: 'refundApproved', amount: r.amount, actor: by.name, note: r.approvalsNeeded === 2 ? '2/2' : null },
        ]);
        const payment = await this.approved(tx, r);
        payments = payment ? [payment] : [];
      }
      const [row] = await tx.select().from(ordRefund).where(eq(ordRefund.id, r.id));
      return { item: refundItem(row!), payments };
    });
    // A send that fails here is not lost: its ord_payment row stays pending and the sweep asks about it.
    for (const payment of payments)
      afterCommit(
        () =>
          void this.send(payment).catch((err: unknown) =>
            this.log.warn({ err, key: payment.key }, 'refund not sent; the sweep will ask about it'),
          ),
      );
    return item;
  }

  /**
   * The final approval: the money is committed to leave, so the shares give their parts back now
   * (a partner cannot withdraw what is on its way back to the customer), and the payment
   * company's request is recorded. A refund of a balance order (or of one paid without a charge of
   * its own) goes back to the balance at once.
   */
  private async approved(tx: Db, r: RefundRow): Promise<PendingPayment | null> {
    // From pending to refunded, in the transaction that takes the shares back (the financial data's refunds).
    const [o] = await tx
      .update(ordOrder)
      .set({
        refundPendingAmount: sql`${ordOrder.refundPendingAmount} - ${r.amount}`,
        refundAmount: sql`${ordOrder.refundAmount} + ${r.amount}`,
      })
      .where(eq(ordOrder.id, r.orderId))
      .returning();
    if (!o) throw new AppError('ORDER_NOT_FOUND');
    // Each share gives back its part of the refund; the cents left over come from the platform.
    const credits = [...(await this.needs.ledger.orderCredits(r.orderNo, SHARE_KINDS, tx)).values()].filter(
      (c) => c.amount > 0,
    );
    const total = credits.reduce((s, c) => s + c.amount, 0);
    // A deleted team owes nothing (its delete needed its account at zero): its part comes back from the platform.
    const reversal = await this.needs.standingPayables(
      tx,
      credits.map((c) => ({
        kind: c.kind,
        partyId: c.partyId,
        amount: total > 0 ? Math.floor((c.amount * r.amount) / total) : 0,
      })),
    );
    const taken = reversal.reduce((s, x) => s + x.amount, 0);
    const platform = reversal.find((x) => x.kind === 'revenue');
    if (platform) platform.amount += r.amount - taken;
    else reversal.push({ kind: 'revenue', partyId: null, amount: r.amount - taken });
    const key = `refund:${r.refundNo}`;
    const posted = await this.needs.ledger.post(
      {
        idempotencyKey: key,
        kind: 'refund',
        orderNo: r.orderNo,
        memo: r.reason || r.reasonCode,
        entries: [
          ...reversal
            .filter((x) => x.amount > 0)
            .map((x) => ({ account: { kind: x.kind, partyId: x.partyId }, debit: x.amount })),
          { account: { kind: 'refunds' as const }, credit: r.amount },
        ],
      },
      tx,
    );
    // A share already withdrawn is not there to take back: no payable goes below zero, the rest is owed by its partner.
    if (posted)
      await this.needs.ledger.keepPayablesWhole(
        tx,
        reversal.map((x) => ({ kind: x.kind, partyId: x.partyId })),
        'took',
        key,
      );
    const [row] = await tx
      .update(ordRefund)
      .set({ status: 'approved', reversal: reversal.filter((x) => x.amount > 0) })
      .where(eq(ordRefund.id, r.id))
      .returning();
    if (o.payMode === 'balance' || !o.payReference) {
      await this.engine.refundDone(tx, row!, { reference: null, toBalance: true });
      return null;
    }
    await tx.insert(ordPayment).values({
      key,
      op: 'refund',
      purpose: 'refund',
      orderNo: r.orderNo,
      refundNo: r.refundNo,
      userId: r.userId,
      amount: r.amount,
    });
    return {
      key,
      op: 'refund',
      amount: r.amount,
      userId: r.userId,
      orderNo: r.orderNo,
      chargeReference: o.payReference,
    };
  }

  /** Hands an approved refund to the payment company: marked sent first, then asked (its answer is applied once). */
  async send(p: PendingPayment): Promise<void> {
    // An order refund's key is refund:<refundNo>, a balance refund part's refund:<refundNo>:<seq>.
    await this.db
      .update(ordRefund)
      .set({ status: 'refunding', sentAt: new Date() })
      .where(and(eq(ordRefund.refundNo, p.key.split(':')[1]!), eq(ordRefund.status, 'approved')));
    await this.engine.sendPayment(p);
  }

  // ------------------------------------------------------------------ reads

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
