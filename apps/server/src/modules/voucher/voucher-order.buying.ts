import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { AppVoucherItem, MyVoucherOrderItem, PageResult } from '@cbo/contract';
import { isUniqueViolation, type Db, inTransaction } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { timedNo } from '../../platform/numbers.js';
import type { Principal } from '../../platform/http/routes.js';
import type { PaymentAnswer, VoucherNeeds } from './needs.js';
import { vchOrder, vchVoucher } from './tables.js';
import { type VoucherService } from './voucher.service.js';
import { chargeKey, findVoucherOrder, myItem, type VoucherOrderRow } from './voucher-order.core.js';

/** The customers' app: the passes on sale at a cabinet, a customer's passes, a purchase and its charge settled once. */
export class VoucherBuying {
  constructor(
    private readonly db: Db,
    private readonly needs: VoucherNeeds,
    private readonly vouchers: VoucherService,
    private readonly log: FastifyBaseLogger,
  ) {}

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
            voucherOrderNo: timedNo('V'),
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
        key: chargeKey(o),
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
    return this.answer((await this.settlePurchase(o.id, paid)) ?? (await findVoucherOrder(this.db, o.voucherOrderNo)));
  }

  /** The app's answer to a purchase: the pass, or the payment company's refusal. */
  private answer(o: VoucherOrderRow): MyVoucherOrderItem {
    if (o.status === 'payFailed') throw new AppError('VOUCHER_PAYMENT_FAILED', { reason: o.failReason ?? 'failed' });
    return myItem(o);
  }

  /**
   * Settles a purchase's charge once: `paying` becomes `paid` with its ledger movement, or
   * `payFailed` with its unit of stock given back, each in one transaction decided by a
   * conditional update. A pending answer changes nothing. Answers the settled row, or null when
   * another settlement (a racing sweep) got there first.
   */
  async settlePurchase(id: number, out: PaymentAnswer): Promise<VoucherOrderRow | null> {
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
}
