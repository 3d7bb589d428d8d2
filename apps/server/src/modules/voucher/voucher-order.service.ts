import type { FastifyBaseLogger } from 'fastify';
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lt, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type {
  AppVoucherItem,
  MyVoucherOrderItem,
  PageResult,
  VoucherOrderAmount,
  VoucherOrderFilter,
  VoucherOrderItem,
} from '@cbo/contract';
import { query, type Db, inTransaction } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { checkTimeRange } from '../../platform/http/time-range.js';
import type { Principal } from '../../platform/http/routes.js';
import type { PaymentAnswer, VoucherNeeds } from './needs.js';
import { vchOrder, vchVoucher } from './tables.js';
import { holdsAt, type VoucherService } from './voucher.service.js';
import {
  chargeKey,
  findVoucherOrder,
  PAYING_GRACE_MS,
  refundKey,
  UNPAID,
  useValue,
  voucherOrderItem,
  type VoucherOrderRow,
} from './voucher-order.core.js';
import { VoucherBuying } from './voucher-order.buying.js';
import { VoucherRefunds } from './voucher-order.refunds.js';

export { useValue, voucherOrderItem } from './voucher-order.core.js';

/*
 * The voucher orders are one entry (routes, index.ts, the order engine through app.ts) over parts:
 *   voucher-order.core.ts     what the parts share: the row, its answers, payment keys, a use's value
 *   voucher-order.buying.ts   the customers' app: passes on sale, a purchase and its charge
 *   voucher-order.refunds.ts  staff refunds and the company's answers
 *   voucher-order.service.ts  this façade: the console's list, a use when a rental ends, the sweep, the demo
 */

/**
 * Voucher orders: a customer buys a pass (the payment company first, then the record and its
 * ledger movement), the order engine applies it when a rental ends (in the settle's
 * transaction), staff refund the unused part, and a pass whose validity passed expires. Every
 * "only once" is decided by a conditional update: the stock (sold < stock), a use (uses_left > 0
 * and paid), a refund (paid or refund failed -> refunding) and the outcome of a refund
 * (refunding -> refunded or refund failed).
 */
export class VoucherOrderService {
  private readonly buying: VoucherBuying;
  private readonly refunds: VoucherRefunds;

  constructor(
    private readonly db: Db,
    private readonly needs: VoucherNeeds,
    vouchers: VoucherService,
    log: FastifyBaseLogger,
  ) {
    this.buying = new VoucherBuying(db, needs, vouchers, log);
    this.refunds = new VoucherRefunds(db, needs, log);
  }

  // ------------------------------------------------------------------ the list

  private where(f: VoucherOrderFilter): SQL | undefined {
    const { begin, end } = checkTimeRange(f.beginTime, f.endTime);
    const c: SQL[] = [];
    if (begin) c.push(gte(vchOrder.createdAt, begin));
    if (end) c.push(lte(vchOrder.createdAt, end));
    if (f.voucherOrderNo) c.push(ilike(vchOrder.voucherOrderNo, containing(f.voucherOrderNo)));
    if (f.mobile) c.push(ilike(vchOrder.userMobile, containing(f.mobile)));
    if (f.userId) c.push(eq(vchOrder.userId, f.userId));
    if (f.voucherId) c.push(eq(vchOrder.voucherId, f.voucherId));
    if (f.status) c.push(eq(vchOrder.status, f.status));
    return c.length ? and(...c) : undefined;
  }

  async count(f: VoucherOrderFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(vchOrder).where(this.where(f));
    return Number(r!.n);
  }

  async rows(f: VoucherOrderFilter, offset: number, limit: number): Promise<VoucherOrderItem[]> {
    const rows = await this.db
      .select()
      .from(vchOrder)
      .where(this.where(f))
      .orderBy(desc(vchOrder.createdAt), desc(vchOrder.id))
      .limit(limit)
      .offset(offset);
    return rows.map(voucherOrderItem);
  }

  /** The totals of the filter's orders, from the same rows the list shows. */
  async amount(f: VoucherOrderFilter): Promise<VoucherOrderAmount> {
    const [r] = await this.db
      .select({
        n: count(),
        paid: sql<string>`coalesce(sum(${vchOrder.price}), 0)`,
        refunded: sql<string>`coalesce(sum(${vchOrder.refundAmount}), 0)`,
        used: sql<string>`coalesce(sum(${vchOrder.usedValue}), 0)`,
      })
      .from(vchOrder)
      .where(and(this.where(f), notInArray(vchOrder.status, UNPAID)));
    return {
      count: Number(r!.n),
      paidAmount: Number(r!.paid),
      refundAmount: Number(r!.refunded),
      usedValue: Number(r!.used),
    };
  }

  find(voucherOrderNo: string, db: Db = this.db): Promise<VoucherOrderRow> {
    return findVoucherOrder(db, voucherOrderNo);
  }

  // ------------------------------------------------------------------ the customers' app (voucher-order.buying.ts)

  onSaleAt(sn: string): Promise<AppVoucherItem[]> {
    return this.buying.onSaleAt(sn);
  }

  mine(p: Principal, q: { pageNum: number; pageSize: number }): Promise<PageResult<MyVoucherOrderItem>> {
    return this.buying.mine(p, q);
  }

  buy(p: Principal, req: { voucherId: number; idempotencyKey?: string }): Promise<MyVoucherOrderItem> {
    return this.buying.buy(p, req);
  }

  // ------------------------------------------------------------------ a rental ends

  /**
   * Applies the customer's best valid pass for this place to a rental's fee, in the settle's
   * transaction: the one covering the most minutes (the soonest to expire among equals). One use
   * goes by a conditional update; its value moves from the voucher liability to order income.
   * Nothing is used when the pass would cover nothing (the rental stayed within free time).
   */
  async apply(
    tx: Db,
    r: {
      userId: number;
      orderNo: string;
      outletId: number | null;
      agentIds: number[];
      at: Date;
      fee: number;
      feeAfter: (freeMinutes: number) => number;
    },
  ): Promise<{ voucherOrderNo: string; deduction: number; value: number; freeMinutes: number } | null> {
    if (r.fee <= 0) return null;
    const candidates = await tx
      .select()
      .from(vchOrder)
      .where(
        and(
          eq(vchOrder.userId, r.userId),
          eq(vchOrder.status, 'paid'),
          gt(vchOrder.usesLeft, 0),
          gt(vchOrder.validUntil, r.at),
          holdsAt(vchOrder, r),
        ),
      )
      .orderBy(desc(vchOrder.freeMinutes), asc(vchOrder.validUntil), asc(vchOrder.id))
      .limit(5);
    for (const c of candidates) {
      const deduction = Math.max(0, Math.min(r.fee, r.fee - r.feeAfter(c.freeMinutes)));
      if (deduction <= 0) return null;
      const [used] = await tx
        .update(vchOrder)
        .set({
          usesLeft: sql`${vchOrder.usesLeft} - 1`,
          usedValue: sql`case when ${vchOrder.usesLeft} = 1 then ${vchOrder.price} else ${vchOrder.usedValue} + ${vchOrder.price} / ${vchOrder.uses} end`,
          status: sql`case when ${vchOrder.usesLeft} = 1 then 'usedUp' else ${vchOrder.status} end`,
        })
        .where(and(eq(vchOrder.id, c.id), eq(vchOrder.status, 'paid'), gt(vchOrder.usesLeft, 0)))
        .returning();
      // Another rental of the customer took the last use a moment ago: the next pass.
      if (!used) continue;
      const value = useValue(used.price, used.uses, used.uses - used.usesLeft);
      await this.needs.ledger.post(
        {
          idempotencyKey: `voucher-use:${r.orderNo}`,
          kind: 'voucherUse',
          orderNo: r.orderNo,
          // The settle hands over its order's outlet: the ledger need not look it up.
          outletId: r.outletId,
          memo: 'voucherUsed',
          entries: [
            { account: { kind: 'voucherLiability', partyId: used.userId }, debit: value },
            { account: { kind: 'orderIncome' }, credit: value },
          ],
        },
        tx,
      );
      return { voucherOrderNo: used.voucherOrderNo, deduction, value, freeMinutes: used.freeMinutes };
    }
    return null;
  }

  // ------------------------------------------------------------------ refunds (voucher-order.refunds.ts)

  refund(req: { voucherOrderNo: string; reason: string }, by: string): Promise<VoucherOrderItem> {
    return this.refunds.refund(req, by);
  }

  sendRefund(o: VoucherOrderRow): Promise<void> {
    return this.refunds.sendRefund(o);
  }

  refundOutcome(voucherOrderNo: string, attempt: number, out: PaymentAnswer): Promise<void> {
    return this.refunds.refundOutcome(voucherOrderNo, attempt, out);
  }

  // ------------------------------------------------------------------ the sweep

  /**
   * Passes whose validity passed with uses left expire: what is left of their price leaves the
   * liability as the platform's revenue. Refunds without an answer are asked about (and sent
   * again with the same key when the company never heard of them).
   */
  async sweep(now = new Date()): Promise<void> {
    // Purchases whose charge got no final answer (a pending charge, a lost answer, a crash).
    const unsettled = await this.db
      .select()
      .from(vchOrder)
      .where(and(eq(vchOrder.status, 'paying'), lt(vchOrder.createdAt, new Date(now.getTime() - PAYING_GRACE_MS))))
      .limit(50);
    for (const o of unsettled) {
      const out = await this.needs.payments.query(chargeKey(o)).catch(() => undefined);
      if (out === undefined) continue;
      // Never received: nothing was charged, the unit goes back.
      await this.buying.settlePurchase(
        o.id,
        out ?? {
          key: chargeKey(o),
          status: 'failed',
          reference: '',
          failure: 'not received by the payment company',
        },
      );
    }
    const due = await this.db
      .select({ id: vchOrder.id })
      .from(vchOrder)
      .where(and(inArray(vchOrder.status, ['paid', 'refundFailed']), lte(vchOrder.validUntil, now)))
      .limit(200);
    for (const { id } of due) await this.expire(id, now);
    const waiting = await this.db
      .select()
      .from(vchOrder)
      .where(and(eq(vchOrder.status, 'refunding'), lt(vchOrder.refundRequestedAt, new Date(now.getTime() - 30_000))))
      .limit(50);
    for (const o of waiting) {
      const out = await this.needs.payments.query(refundKey(o)).catch(() => null);
      if (out) await this.refunds.refundOutcome(o.voucherOrderNo, o.refundAttempts, out);
      else await this.refunds.sendRefund(o);
    }
  }

  private async expire(id: number, now: Date): Promise<void> {
    await inTransaction(this.db, async (tx) => {
      const [o] = await tx
        .update(vchOrder)
        .set({ status: 'expired' })
        .where(
          and(eq(vchOrder.id, id), inArray(vchOrder.status, ['paid', 'refundFailed']), lte(vchOrder.validUntil, now)),
        )
        .returning();
      const left = o ? o.price - o.usedValue : 0;
      if (!o || left <= 0) return;
      await this.needs.ledger.post(
        {
          idempotencyKey: `voucher-expire:${o.voucherOrderNo}`,
          kind: 'voucherExpire',
          orderNo: o.voucherOrderNo,
          memo: 'voucherExpired',
          entries: [
            { account: { kind: 'voucherLiability', partyId: o.userId }, debit: left },
            { account: { kind: 'revenue' }, credit: left },
          ],
        },
        tx,
      );
    });
  }

  /**
   * Pass purchases of real customers (not among `simulatedMembers`) that the demo's removal would
   * take: marked simulated (before a real customer's purchase of a demo pass was real), or of a
   * demo pass (removed with the demo). Their numbers, at most `limit`.
   */
  async realOrdersInDemo(simulatedMembers: number[], limit = 20): Promise<{ total: number; orderNos: string[] }> {
    const members = `{${simulatedMembers.join(',')}}`;
    const rows = await query<{ no: string; total: string }>(
      this.db,
      sql`
      select o.voucher_order_no as no, count(*) over () as total
        from vch_order o
       where (o.simulated or o.voucher_id in (select id from vch_voucher where simulated))
         and not (o.user_id = any(${members}::bigint[]))
       order by o.created_at desc limit ${limit}`,
    );
    return { total: Number(rows[0]?.total ?? 0), orderNos: rows.map((r) => r.no) };
  }

  /** Removes the simulated passes (the demo's), answering their numbers so their ledger movements go too. */
  async clearSimulated(): Promise<string[]> {
    const rows = await this.db
      .delete(vchOrder)
      .where(eq(vchOrder.simulated, true))
      .returning({ no: vchOrder.voucherOrderNo });
    await this.db.delete(vchVoucher).where(eq(vchVoucher.simulated, true));
    return rows.map((r) => r.no);
  }
}
