import { and, asc, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import {
  type ConsumptionStatus,
  type MyOrderItem,
  type OrderPayChannel,
  type OrderSource,
  type OrderAuthState,
  type OrderBilling,
  type OrderDetail,
  type OrderFilter,
  type OrderItem,
  type OrderStatus,
  type PageResult,
  type PaymentKind,
  type PayMode,
  type Quote,
  type RechargeOrderInfo,
} from '@cbo/contract';
import { query, type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import { PAYABLE_OF, type ChainLink, type OrderRow } from './order.core.js';
import type { OrderEngine } from './order.engine.js';
import { refundItem } from './order.refunds.js';
import { accountCode, type OrderNeeds } from './needs.js';
import { liveRange, orderConditions, type OrderArchive, type ScopedOrderFilter } from './order.archive.js';
import { ordEvent, ordOrder, ordOrderArchive, ordRefund } from './tables.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * Spec 3, consumption status: where an order's money stands, from its stored status and amounts
 * (derived on every read, so it never disagrees with them).
 */
export function consumptionOf(
  o: Pick<OrderRow, 'status' | 'generatedAmount' | 'paidAmount' | 'refundAmount'>,
): ConsumptionStatus {
  if (o.status === 'ejecting' || o.status === 'using') return 'inProgress';
  if (o.refundAmount > 0) return o.refundAmount >= o.paidAmount ? 'refunded' : 'partRefunded';
  if (o.status === 'pendingPayment' || o.status === 'awaitingDeduction') return 'unpaid';
  return o.paidAmount > 0 ? 'paid' : 'free';
}

export function orderItem(o: OrderRow): OrderItem {
  return {
    id: o.id,
    orderNo: o.orderNo,
    deviceType: o.deviceType as OrderItem['deviceType'],
    status: o.status as OrderStatus,
    paymentKind: o.paymentKind as PaymentKind | null,
    payMode: o.payMode as PayMode,
    userId: o.userId,
    userMobile: o.userMobile,
    deviceSn: o.sn,
    slot: o.slot,
    powerBankId: o.powerBankId,
    rentOutletId: o.outletId,
    rentOutletName: o.outletName,
    returnDeviceSn: o.returnSn,
    returnOutletId: o.returnOutletId,
    returnOutletName: o.returnOutletName,
    depositAmount: o.depositAmount,
    originalAmount: o.originalAmount,
    voucherDeduction: o.voucherDeduction,
    couponDeduction: o.couponDeduction,
    memberDeduction: o.memberDeduction,
    generatedAmount: o.generatedAmount,
    paidAmount: o.paidAmount,
    refundAmount: o.refundAmount,
    refundPendingAmount: o.refundPendingAmount,
    billedMinutes: o.billedMinutes,
    suspendedMinutes: o.suspendedMinutes,
    startTime: iso(o.startAt),
    endTime: iso(o.endAt),
    createTime: o.createdAt.toISOString(),
    payReference: o.payReference,
    packageName: o.packageName,
    packageHours: o.packageHours,
    unlockCode: o.unlockCode,
    simulated: o.simulated,
    source: (o.source ?? 'unknown') as OrderSource,
    consumptionStatus: consumptionOf(o),
    payChannel: o.payChannel as OrderPayChannel | null,
    payConfigId: o.payConfigId,
    payConfigName: o.payConfigName,
    authState: o.authState as OrderAuthState | null,
    authAmount: o.authAmount,
    authReference: o.authReference,
  };
}

/** What staff and customers read of orders: lists, the detail with its timeline and shares, refunds, the app's views. */
export class OrderQueries {
  constructor(
    private readonly db: Db,
    private readonly engine: OrderEngine,
    private readonly needs: OrderNeeds,
    private readonly archive: OrderArchive,
  ) {}

  /**
   * Where an operator's view of orders begins: a staff account that leads or belongs to a
   * direct-sales team (not a super administrator), or an operator's app account, sees orders
   * created in the last `operatorOrderVisibleDays` days only, on every read of orders (the lists,
   * their exports, the detail, the refund form). Undefined for everyone else.
   */
  async visibleFrom(p: Principal): Promise<string | undefined> {
    if (p.isSuper) return undefined;
    const operator =
      p.accountType === 'operator' || (p.accountType === 'admin' && (await this.needs.isOperator(p.accountId)));
    if (!operator) return undefined;
    const { operatorOrderVisibleDays: days } = await this.needs.settings.operation();
    return new Date(Date.now() - days * 86_400_000).toISOString();
  }

  /** The caller's filter narrowed to what the caller may see. */
  async scoped<F extends OrderFilter>(p: Principal, f: F): Promise<F & { visibleFrom?: string }> {
    const visibleFrom = await this.visibleFrom(p);
    return visibleFrom ? { ...f, visibleFrom } : f;
  }

  /** The live list reads only the live table (the last 30 days); the archive has its own reads (order.archive.ts). */
  private where(f: ScopedOrderFilter): SQL {
    const c = orderConditions(ordOrder, f, liveRange(f.beginTime, f.endTime));
    // A deposit-free order's authorization state (the live list's filter: an archived order's authorization is over).
    return f.authState ? and(c, eq(ordOrder.authState, f.authState))! : c;
  }

  async count(f: ScopedOrderFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(ordOrder).where(this.where(f));
    return Number(r!.n);
  }

  async rows(f: ScopedOrderFilter, offset: number, limit: number): Promise<OrderItem[]> {
    const rows = await this.db
      .select()
      .from(ordOrder)
      .where(this.where(f))
      .orderBy(desc(ordOrder.createdAt), desc(ordOrder.id))
      .limit(limit)
      .offset(offset);
    return rows.map(orderItem);
  }

  async page(q: ScopedOrderFilter & { pageNum: number; pageSize: number }): Promise<PageResult<OrderItem>> {
    const where = this.where(q); // refuses a bad range before anything is read
    void where;
    const [total, list] = await Promise.all([this.count(q), this.rows(q, (q.pageNum - 1) * q.pageSize, q.pageSize)]);
    return { list, total };
  }

  /** The outlet of a rental order, live or archived (null: no such order, or none), read in the caller's transaction (the ledger asks when it posts). */
  async outletOf(orderNo: string, tx: Db = this.db): Promise<number | null> {
    const [r] = await query<{ outlet_id: string | number | null }>(
      tx,
      sql`
      select outlet_id from ord_order where order_no = ${orderNo} union all select outlet_id from ord_order_archive where order_no = ${orderNo} limit 1`,
    );
    return r?.outlet_id == null ? null : Number(r.outlet_id);
  }

  /** An order live or, failing that, in the archive; one created before `visibleFrom` is not found. */
  private async find(orderNo: string, visibleFrom?: string): Promise<OrderRow & { archived: boolean }> {
    const [o] = await this.db.select().from(ordOrder).where(eq(ordOrder.orderNo, orderNo));
    const found = o
      ? { ...o, archived: false }
      : await this.archive.find(orderNo).then((old) => (old ? { ...old, archived: true } : null));
    if (!found || (visibleFrom && found.createdAt < new Date(visibleFrom))) throw new AppError('ORDER_NOT_FOUND');
    return found;
  }

  async detail(orderNo: string, p?: Principal): Promise<OrderDetail> {
    const o = await this.find(orderNo, p ? await this.visibleFrom(p) : undefined);
    const [events, refunds, credits] = await Promise.all([
      o.archived
        ? this.archive.timeline(o.id)
        : this.db.select().from(ordEvent).where(eq(ordEvent.orderId, o.id)).orderBy(asc(ordEvent.id)),
      this.db.select().from(ordRefund).where(eq(ordRefund.orderId, o.id)).orderBy(asc(ordRefund.id)),
      this.needs.ledger.orderCredits(o.orderNo, [...new Set(Object.values(PAYABLE_OF))]),
    ]);
    const chain = o.chain as ChainLink[];
    const held = (kind: Parameters<typeof accountCode>[0]['kind'], partyId: number | null) =>
      credits.get(accountCode({ kind, partyId }))?.amount ?? 0;
    const platformRatio = 100 - chain.reduce((s, l) => s + l.ratio, 0);
    const shares = [
      { party: 'platform' as const, partyId: null, name: null, ratio: platformRatio, amount: held('revenue', null) },
      ...chain.map((l) => ({
        party: l.party,
        partyId: l.partyId,
        name: l.name,
        ratio: l.ratio,
        amount: held(PAYABLE_OF[l.party], l.partyId),
      })),
    ];
    return {
      ...orderItem(o),
      archived: o.archived,
      billing: o.billing as OrderBilling,
      timeline: events.map((e) => ({
        time: e.createdAt.toISOString(),
        event: e.event as OrderDetail['timeline'][number]['event'],
        amount: e.amount,
        actor: e.actor,
        note: e.note,
      })),
      shares,
      refunds: refunds.map(refundItem),
    };
  }

  async refundInfo(orderNo: string, p?: Principal): Promise<RechargeOrderInfo> {
    const o = await this.find(orderNo, p ? await this.visibleFrom(p) : undefined);
    const refundableAmount = o.paidAmount - o.refundAmount - o.refundPendingAmount;
    return {
      orderNo: o.orderNo,
      status: o.status as OrderStatus,
      payMode: o.payMode as PayMode,
      userId: o.userId,
      userMobile: o.userMobile,
      paidAmount: o.paidAmount,
      refundAmount: o.refundAmount,
      refundableAmount,
      // An archived order is read-only (ORDER_ARCHIVED).
      refundable: !o.archived && refundableAmount > 0 && ['finished', 'refundFailed'].includes(o.status),
      secondApprovalAbove: (await this.needs.settings.pay()).refundSecondApprovalAbove,
    };
  }

  /** What each outlet's orders (by the outlet rented from) paid, less what was refunded: live and archived ones. */
  async turnovers(outletIds: number[]): Promise<Map<number, number>> {
    if (!outletIds.length) return new Map();
    const out = new Map<number, number>();
    for (const t of [ordOrder, ordOrderArchive]) {
      const rows = await this.db
        .select({ outletId: t.outletId, t: sql<string>`sum(${t.paidAmount} - ${t.refundAmount})` })
        .from(t)
        .where(inArray(t.outletId, outletIds))
        .groupBy(t.outletId);
      for (const r of rows) out.set(r.outletId!, (out.get(r.outletId!) ?? 0) + Number(r.t));
    }
    return out;
  }

  /**
   * Each power bank's leases: its power-bank rentals that ended (live and archived) and their minutes
   * from rent to return, as the operational data counts them (order.operations.ts, ENDED and MINUTES).
   */
  async leases(powerBankIds: string[]): Promise<Map<string, { count: number; minutes: number }>> {
    if (!powerBankIds.length) return new Map();
    const out = new Map<string, { count: number; minutes: number }>();
    for (const t of [ordOrder, ordOrderArchive]) {
      const rows = await this.db
        .select({
          id: t.powerBankId,
          n: count(),
          m: sql<string>`coalesce(sum(greatest(0, floor(extract(epoch from (${t.endAt} - ${t.startAt})) / 60))), 0)`,
        })
        .from(t)
        .where(
          and(
            inArray(t.powerBankId, powerBankIds),
            eq(t.deviceType, 'powerBank'),
            isNotNull(t.startAt),
            isNotNull(t.endAt),
          ),
        )
        .groupBy(t.powerBankId);
      for (const r of rows) {
        const was = out.get(r.id!) ?? { count: 0, minutes: 0 };
        out.set(r.id!, { count: was.count + Number(r.n), minutes: was.minutes + Number(r.m) });
      }
    }
    return out;
  }

  /** Orders per customer, live and archived. */
  async orderCounts(userIds: number[]): Promise<Map<number, number>> {
    if (!userIds.length) return new Map();
    const out = new Map<number, number>();
    for (const t of [ordOrder, ordOrderArchive]) {
      const rows = await this.db
        .select({ userId: t.userId, n: count() })
        .from(t)
        .where(inArray(t.userId, userIds))
        .groupBy(t.userId);
      for (const r of rows) out.set(r.userId, (out.get(r.userId) ?? 0) + Number(r.n));
    }
    return out;
  }

  // ------------------------------------------------------------------ the customers' app

  private user(p: Principal): number {
    if (p.accountType !== 'user') throw new AppError('ORDER_APP_USERS_ONLY');
    return p.accountId;
  }

  async quote(p: Principal, sn: string): Promise<Quote> {
    const { outlet, avail } = await this.engine.rentable(sn);
    const userId = this.user(p);
    const { billing, config } = await this.engine.rentTerms(outlet);
    const [payModes, op, currency, holding] = await Promise.all([
      this.engine.payModes(userId, outlet, config),
      this.needs.settings.operation(),
      this.needs.settings.currency(),
      this.engine.holding(userId),
    ]);
    return {
      sn,
      outletId: outlet.id,
      outletName: outlet.name,
      billing,
      payModes,
      channels: config?.channels ?? null,
      available: avail.available,
      online: avail.online,
      maxPerUser: op.maxPowerBanksPerRental,
      holding,
      currency,
    };
  }

  private mine(o: OrderRow): MyOrderItem {
    const i = orderItem(o);
    return {
      orderNo: i.orderNo,
      deviceType: i.deviceType,
      status: i.status,
      paymentKind: i.paymentKind,
      payMode: i.payMode,
      deviceSn: i.deviceSn,
      powerBankId: i.powerBankId,
      rentOutletName: i.rentOutletName,
      returnOutletName: i.returnOutletName,
      depositAmount: i.depositAmount,
      originalAmount: i.originalAmount,
      voucherDeduction: i.voucherDeduction,
      couponDeduction: i.couponDeduction,
      memberDeduction: i.memberDeduction,
      paidAmount: i.paidAmount,
      refundAmount: i.refundAmount,
      billedMinutes: i.billedMinutes,
      startTime: i.startTime,
      endTime: i.endTime,
      createTime: i.createTime,
      packageName: i.packageName,
      packageHours: i.packageHours,
      unlockCode: i.unlockCode,
    };
  }

  async myOrders(p: Principal, q: { pageNum: number; pageSize: number }): Promise<PageResult<MyOrderItem>> {
    const userId = this.user(p);
    const [rows, [t]] = await Promise.all([
      this.db
        .select()
        .from(ordOrder)
        .where(eq(ordOrder.userId, userId))
        .orderBy(desc(ordOrder.createdAt), desc(ordOrder.id))
        .limit(q.pageSize)
        .offset((q.pageNum - 1) * q.pageSize),
      this.db.select({ n: count() }).from(ordOrder).where(eq(ordOrder.userId, userId)),
    ]);
    return { list: rows.map((o) => this.mine(o)), total: Number(t!.n) };
  }

  async myOrder(p: Principal, orderNo: string): Promise<MyOrderItem> {
    const userId = this.user(p);
    const o = await this.find(orderNo);
    if (o.userId !== userId) throw new AppError('ORDER_NOT_FOUND');
    return this.mine(o);
  }

  async wallet(p: Principal): Promise<{ balance: number; deposit: number; currency: string }> {
    const userId = this.user(p);
    const [balance, deposit, currency] = await Promise.all([
      this.engine.balanceOf(userId),
      this.needs.ledger.balance({ kind: 'userDeposit', partyId: userId }),
      this.needs.settings.currency(),
    ]);
    return { balance, deposit: -deposit, currency };
  }
}
