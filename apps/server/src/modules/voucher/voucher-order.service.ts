import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lt, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type {
  AppVoucherItem,
  MyVoucherOrderItem,
  PageResult,
  VoucherOrderAmount,
  VoucherOrderFilter,
  VoucherOrderItem,
  VoucherOrderStatus,
} from '@cbo/contract';
import { isUniqueViolation, query, type Db, inTransaction } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { afterCommit } from '../../platform/db/request-tx.js';
import { AppError } from '../../platform/http/app-error.js';
import { checkTimeRange } from '../../platform/http/time-range.js';
import type { Principal } from '../../platform/http/routes.js';
import type { PaymentAnswer, VoucherNeeds } from './needs.js';
import { vchOrder, vchVoucher } from './tables.js';
import { holdsAt, type VoucherService } from './voucher.service.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

type VoucherOrderRow = typeof vchOrder.$inferSelect;

/** A purchase's charge is asked about once it has been unanswered this long. */
const PAYING_GRACE_MS = 30_000;
/** Purchases that took no money (yet): left out of the totals of what was sold. */
const UNPAID = ['paying', 'payFailed'];

const newNo = (prefix: string) => {
  const d = new Date();
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${prefix}${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}${crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
};

/**
 * The value of the k-th use (1-based) of a pass: price / uses, rounded down, and the last use
 * takes the remainder, so the uses together move exactly the price out of the liability.
 */
export function useValue(price: number, uses: number, k: number): number {
  const per = Math.floor(price / uses);
  return k < uses ? per : price - per * (uses - 1);
}

/**
 * Voucher orders: a customer buys a pass (the payment company first, then the record and its
 * ledger movement), the order engine applies it when a rental ends (in the settle's
 * transaction), staff refund the unused part, and a pass whose validity passed expires. Every
 * "only once" is decided by a conditional update: the stock (sold < stock), a use (uses_left > 0
 * and paid), a refund (paid or refund failed -> refunding) and the outcome of a refund
 * (refunding -> refunded or refund failed).
 */
export class VoucherOrderService {
  constructor(
    private readonly db: Db,
    private readonly needs: VoucherNeeds,
    private readonly vouchers: VoucherService,
    private readonly log: FastifyBaseLogger,
  ) {}

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

  async find(voucherOrderNo: string, db: Db = this.db): Promise<VoucherOrderRow> {
    const [o] = await db.select().from(vchOrder).where(eq(vchOrder.voucherOrderNo, voucherOrderNo));
    if (!o) throw new AppError('VOUCHER_ORDER_NOT_FOUND');
    return o;
  }

  // ------------------------------------------------------------------ the customers' app

  /** The vouchers on sale at a cabinet's outlet. */
  async onSaleAt(sn: string): Promise<AppVoucherItem[]> {
    const place = await this.needs.placeOf(sn);
    if (!place) throw new AppError('ORDER_DEVICE_NOT_FOUND');
    const rows = await this.vouchers.onSaleAt(place);
    return rows.map((v) => ({
      id: v.id,
      name: v.name,
      price: v.price,
      freeMinutes: v.freeMinutes,
      uses: v.uses,
      validDays: v.validDays,
      scopeType: v.scopeType as AppVoucherItem['scopeType'],
      left: v.stock - v.sold,
    }));
  }

  async mine(p: Principal, q: { pageNum: number; pageSize: number }): Promise<PageResult<MyVoucherOrderItem>> {
    if (p.accountType !== 'user') throw new AppError('ORDER_APP_USERS_ONLY');
    // A refused purchase sold nothing: the customer was told at the time, and it is not a pass.
    const w = and(eq(vchOrder.userId, p.accountId), sql`${vchOrder.status} <> 'payFailed'`);
    const [rows, [n]] = await Promise.all([
      this.db
        .select()
        .from(vchOrder)
        .where(w)
        .orderBy(desc(vchOrder.createdAt), desc(vchOrder.id))
        .limit(q.pageSize)
        .offset((q.pageNum - 1) * q.pageSize),
      this.db.select({ n: count() }).from(vchOrder).where(w),
    ]);
    return { list: rows.map(myItem), total: Number(n!.n) };
  }

  /**
   * A customer buys a pass, in three steps that each survive the process dying after them:
   * 1. One transaction takes a unit of stock by a conditional update (50 buyers of the last one:
   *    one gets it) and records the purchase as `paying`. The customer's key is unique, so the same
   *    tap twice records one purchase (the second answers the first).
   * 2. The payment company is asked to charge, under a key made of the customer and their key.
   * 3. One transaction settles the answer: succeeded makes the pass `paid` with its ledger movement;
   *    refused makes it `payFailed` and gives the unit back. A pending answer, an error, or a crash
   *    before this step leaves the purchase `paying`, and the sweep asks the company for the
   *    charge's outcome and settles it the same way (a charge it never received gives the unit
   *    back). No charge is ever left without its pass or its unit.
   */
  async buy(p: Principal, req: { voucherId: number; idempotencyKey?: string }): Promise<MyVoucherOrderItem> {
    if (p.accountType !== 'user') throw new AppError('ORDER_APP_USERS_ONLY');
    const member = await this.needs.customers.member(p.accountId);
    if (!member || member.status !== 0) throw new AppError('ACCOUNT_FROZEN');
    const buyKey = req.idempotencyKey ?? crypto.randomUUID();
    const byKey = async () => {
      const [was] = await this.db
        .select()
        .from(vchOrder)
        .where(and(eq(vchOrder.userId, member.id), eq(vchOrder.buyKey, buyKey)));
      return was ?? null;
    };
    const was = await byKey();
    if (was) return this.answer(was);
    let o: VoucherOrderRow;
    try {
      o = await inTransaction(this.db, async (tx) => {
        const [v] = await tx
          .update(vchVoucher)
          .set({ sold: sql`${vchVoucher.sold} + 1` })
          .where(
            and(
              eq(vchVoucher.id, req.voucherId),
              eq(vchVoucher.status, 'onSale'),
              sql`${vchVoucher.sold} < ${vchVoucher.stock}`,
            ),
          )
          .returning();
        if (!v) {
          const [now] = await tx.select().from(vchVoucher).where(eq(vchVoucher.id, req.voucherId));
          if (!now) throw new AppError('VOUCHER_NOT_FOUND');
          throw new AppError(now.status === 'onSale' ? 'VOUCHER_SOLD_OUT' : 'VOUCHER_OFF_SALE');
        }
        const [row] = await tx
          .insert(vchOrder)
          .values({
            voucherOrderNo: newNo('V'),
            userId: member.id,
            userMobile: `${member.areaCode}-${member.mobile}`,
            voucherId: v.id,
            voucherName: v.name,
            price: v.price,
            freeMinutes: v.freeMinutes,
            uses: v.uses,
            usesLeft: v.uses,
            scopeType: v.scopeType,
            scopeId: v.scopeId,
            validUntil: new Date(Date.now() + v.validDays * 86_400_000),
            status: 'paying',
            buyKey,
            // A real customer's purchase is real, of a demo pass too.
            simulated: member.simulated,
          })
          .returning();
        return row!;
      });
    } catch (err) {
      // The same tap twice at once: the first one's purchase answers both and owns the one charge.
      if (isUniqueViolation(err, 'vch_order_buy_key_uq')) {
        const first = await byKey();
        if (first) return this.answer(first);
      }
      throw err;
    }
    let paid: PaymentAnswer;
    try {
      paid = await this.needs.payments.charge({
        key: this.chargeKey(o),
        amount: o.price,
        userId: member.id,
        description: `Voucher ${o.voucherOrderNo}`,
      });
    } catch (err) {
      // Whether the company took the money is not known: the sweep asks it.
      this.log.warn(
        { err, voucherOrderNo: o.voucherOrderNo },
        'a voucher charge got no answer; the sweep will ask for its outcome',
      );
      return this.answer(o);
    }
    return this.answer((await this.settlePurchase(o.id, paid)) ?? (await this.find(o.voucherOrderNo)));
  }

  /** The app's answer to a purchase: the pass, or the payment company's refusal. */
  private answer(o: VoucherOrderRow): MyVoucherOrderItem {
    if (o.status === 'payFailed') throw new AppError('VOUCHER_PAYMENT_FAILED', { reason: o.failReason ?? 'failed' });
    return myItem(o);
  }

  private chargeKey(o: Pick<VoucherOrderRow, 'userId' | 'buyKey'>): string {
    return `voucher:${o.userId}:${o.buyKey}`;
  }

  /**
   * Settles a purchase's charge once: `paying` becomes `paid` with its ledger movement, or
   * `payFailed` with its unit of stock given back, each in one transaction decided by a
   * conditional update. A pending answer changes nothing. Answers the settled row, or null when
   * another settlement (a racing sweep) got there first.
   */
  private async settlePurchase(id: number, out: PaymentAnswer): Promise<VoucherOrderRow | null> {
    if (out.status === 'pending') return null;
    return inTransaction(this.db, async (tx) => {
      const paying = and(eq(vchOrder.id, id), eq(vchOrder.status, 'paying'));
      if (out.status !== 'succeeded') {
        const [o] = await tx
          .update(vchOrder)
          .set({ status: 'payFailed', failReason: (out.failure ?? out.status).slice(0, 64) })
          .where(paying)
          .returning();
        if (o)
          await tx
            .update(vchVoucher)
            .set({ sold: sql`${vchVoucher.sold} - 1` })
            .where(and(eq(vchVoucher.id, o.voucherId), gt(vchVoucher.sold, 0)));
        return o ?? null;
      }
      const [o] = await tx
        .update(vchOrder)
        .set({ status: 'paid', payReference: out.reference.slice(0, 64) })
        .where(paying)
        .returning();
      if (!o) return null;
      await this.needs.ledger.post(
        {
          idempotencyKey: `voucher-buy:${o.voucherOrderNo}`,
          kind: 'voucherBuy',
          orderNo: o.voucherOrderNo,
          memo: 'voucherSold',
          entries: [
            { account: { kind: 'providerClearing' }, debit: o.price },
            { account: { kind: 'voucherLiability', partyId: o.userId }, credit: o.price },
          ],
        },
        tx,
      );
      return o;
    });
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

  // ------------------------------------------------------------------ refunds

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
      await this.find(req.voucherOrderNo);
      throw new AppError('VOUCHER_ORDER_NOT_REFUNDABLE');
    }
    afterCommit(() => void this.sendRefund(row));
    return voucherOrderItem(row);
  }

  private refundKey(o: VoucherOrderRow): string {
    return `voucher-refund:${o.voucherOrderNo}:${o.refundAttempts}`;
  }

  /** Asks the payment company for a refund already recorded; its outcome is applied once. */
  async sendRefund(o: VoucherOrderRow): Promise<void> {
    try {
      const out = await this.needs.payments.refund({
        key: this.refundKey(o),
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
      const out = await this.needs.payments.query(this.chargeKey(o)).catch(() => undefined);
      if (out === undefined) continue;
      // Never received: nothing was charged, the unit goes back.
      await this.settlePurchase(
        o.id,
        out ?? {
          key: this.chargeKey(o),
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
      const out = await this.needs.payments.query(this.refundKey(o)).catch(() => null);
      if (out) await this.refundOutcome(o.voucherOrderNo, o.refundAttempts, out);
      else await this.sendRefund(o);
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

function myItem(o: VoucherOrderRow): MyVoucherOrderItem {
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
