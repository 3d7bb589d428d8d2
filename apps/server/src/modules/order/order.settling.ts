/*
 * Over 400 lines on purpose: the settle is one transaction whose steps (voucher, coupon, member
 * deduction, fee, release, what is still due, the shares, the order last) share their locals and their
 * order is the rule; its movements are gathered and posted together, so they cannot move to another
 * file without handing that list around. A return, a close and the release stand beside it.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { MEMBER_LEVEL_DISCOUNT, type OrderActionResult, type OrderBilling, type OrderStatus } from '@cbo/contract';
import { inTransaction, type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { billedMinutes, percentOf, rentalFee } from './billing.js';
import type { Posting } from './needs.js';
import { ordOrder, ordPayment } from './tables.js';
import {
  EnginePart,
  OPEN,
  actionResult,
  writeWithEvents,
  type ChainLink,
  type EventInput,
  type OrderRow,
  type PendingPayment,
  type SettleHow,
} from './order.core.js';

/*
 * Settling: a return ends an order; the settle bills it (voucher, coupon, member deduction), takes
 * the fee from what is held, releases the rest and asks for what is still due; a close gives
 * everything back. Sharing the paid amount along the chain: order.sharing.ts.
 */

/** What the settle reads of an order before its transaction: its customer, outlet and chain never change. */
interface OrderHead {
  userId: number;
  outletId: number | null;
  chain: unknown;
}

/** Ending an order: the settle, the release of what is held, a close. */
export class OrderSettling extends EnginePart {
  /** A power bank came back to a cabinet: its open order ends there and then. */
  returned(e: { sn: string; powerBankId: string; at: Date; outletId?: number | null }): Promise<void> {
    return this.meter.counted('return', () => this.returnedOnce(e))();
  }

  private async returnedOnce(e: {
    sn: string;
    powerBankId: string;
    at: Date;
    outletId?: number | null;
  }): Promise<void> {
    // The oldest open order of this power bank is the one it was out for. Once it is back in a slot a
    // new rent may reserve it before this return is settled (the slot is written first, then the
    // engine is told): that newer order, still ejecting, must not be ended by the return before it.
    const [o] = await this.db
      .select({ id: ordOrder.id, userId: ordOrder.userId, outletId: ordOrder.outletId, chain: ordOrder.chain })
      .from(ordOrder)
      .where(and(eq(ordOrder.powerBankId, e.powerBankId), inArray(ordOrder.status, OPEN)))
      .orderBy(asc(ordOrder.id))
      .limit(1);
    if (!o) return;
    try {
      // Its head is at hand: the settle need not read it again.
      // So is the cabinet's outlet when the slot event read it: the settle need not ask the fleet.
      await this.settle(
        o.id,
        e.at,
        { returnSn: e.sn, returnOutletId: e.outletId, actor: e.sn, event: 'returned', fromEjecting: true },
        o,
      );
    } catch (err) {
      if (!(err instanceof AppError && err.errorName === 'ORDER_NOT_USING')) throw err;
    }
  }

  /**
   * Ends a using order at `end` (a return may also end one still waiting for its eject result: the
   * power bank came back, so it left): the fee from the rule, taken from what is held, the rest
   * released, what is still due asked of the payment company, the shares once it is all paid.
   */
  settle(orderId: number, end: Date, how: SettleHow, head?: OrderHead): Promise<OrderActionResult> {
    return this.meter.counted(
      'settle',
      () => this.settleOnce(orderId, end, how, head),
      (r) => r.status,
    )();
  }

  private async settleOnce(orderId: number, end: Date, how: SettleHow, known?: OrderHead): Promise<OrderActionResult> {
    // What is read before the transaction, read at once (each was a round trip after the other): the pay settings
    // and whether the membership function is activated (one statement), the return's outlet, the order's head (its
    // customer, outlet and chain never change); then what depends on the head.
    const [{ pay: settings, membership }, returnOutlet, head] = await Promise.all([
      this.needs.settings.payAndMembership(),
      how.returnSn ? this.returnOutletOf(how.returnSn, how.returnOutletId) : null,
      known ??
        this.db
          .select({ userId: ordOrder.userId, outletId: ordOrder.outletId, chain: ordOrder.chain })
          .from(ordOrder)
          .where(eq(ordOrder.id, orderId))
          .then((rows) => rows[0]),
    ]);
    // The level that gives a benefit: the customer's now, while the membership function is activated.
    const [outletTeam, memberLevel] = await Promise.all([
      head ? this.outletTeamOf(head) : null,
      head && membership ? this.levelOf(head.userId) : null,
    ]);
    const { result, payments } = await inTransaction(this.db, async (tx) => {
      const [o] = await tx.select().from(ordOrder).where(eq(ordOrder.id, orderId)).for('update');
      if (!o) throw new AppError('ORDER_NOT_FOUND');
      if (!(o.status === 'using' || (how.fromEjecting && o.status === 'ejecting')))
        throw new AppError('ORDER_NOT_USING');
      const start = o.startAt ?? o.createdAt;
      if (how.staffEnd && (end.getTime() < start.getTime() || end.getTime() > Date.now() + 60_000))
        throw new AppError('ORDER_STOP_TIME_WRONG');
      const endAt = end.getTime() < start.getTime() ? start : end;
      const billing = o.billing as OrderBilling;
      const minutes = billedMinutes(start, endAt, o.suspendedMinutes);
      const fee = rentalFee(billing, minutes);
      const amount = o.payMode === 'depositFree' ? Math.min(fee.amount, o.depositAmount) : fee.amount;
      const held = o.payMode === 'depositFree' ? 0 : o.depositAmount;
      // The customer's best valid voucher covers up to its free minutes of the fee; a bought-out order pays in full.
      const capped = (x: number) => Math.min(amount, o.payMode === 'depositFree' ? Math.min(x, o.depositAmount) : x);
      const agentIds = (o.chain as ChainLink[]).flatMap((l) =>
        l.party.startsWith('agent') && l.partyId ? [l.partyId] : [],
      );
      const voucher =
        amount > 0 && fee.paymentKind === 'normal'
          ? await this.needs.vouchers.apply(tx, {
              userId: o.userId,
              orderNo: o.orderNo,
              outletId: o.outletId,
              agentIds,
              at: endAt,
              fee: amount,
              feeAfter: (free) => capped(rentalFee(billing, Math.max(0, minutes - free)).amount),
            })
          : null;
      // Then the best valid coupon on what is left (spec 3, coupon deduction), the platform's marketing expense.
      const afterVoucher = amount - (voucher?.deduction ?? 0);
      const voucherFree = voucher?.freeMinutes ?? 0;
      // Scope operator is the direct-sales team: the chain's operator link (the team at the rent, as
      // the agents are), else the outlet's team (a team at 0 % is no link of the chain).
      const chain = o.chain as ChainLink[];
      const teamId = chain.find((l) => l.party === 'operator')?.partyId ?? outletTeam;
      const providerId = chain.find((l) => l.party === 'serviceProvider')?.partyId ?? null;
      const coupon =
        afterVoucher > 0 && fee.paymentKind === 'normal'
          ? await this.needs.coupons.apply(tx, {
              userId: o.userId,
              orderNo: o.orderNo,
              sn: o.sn,
              outletId: o.outletId,
              agentIds,
              teamId,
              providerId,
              at: endAt,
              owed: afterVoucher,
              owedAfter: (free) => capped(rentalFee(billing, Math.max(0, minutes - voucherFree - free)).amount),
            })
          : null;
      // Then the customer's member level (spec 3, member deduction) while the membership function is
      // activated: its percent of what is left, the platform's marketing expense like a coupon.
      const afterCoupon = afterVoucher - (coupon?.deduction ?? 0);
      const memberOff =
        afterCoupon > 0 && fee.paymentKind === 'normal' && memberLevel
          ? percentOf(afterCoupon, MEMBER_LEVEL_DISCOUNT[memberLevel])
          : 0;
      // The settle's movements are posted together, by one statement, after what is not the books (with the shares
      // when it shares now): one round trip, and the rollup rows they add to are written once, late in the transaction.
      const movements: Posting[] = [];
      if (memberOff > 0) {
        movements.push({
          idempotencyKey: `member:${o.orderNo}`,
          kind: 'memberDeduction',
          orderNo: o.orderNo,
          outletId: o.outletId,
          memo: 'memberDeducted',
          entries: [
            { account: { kind: 'marketingExpense' }, debit: memberOff },
            { account: { kind: 'orderIncome' }, credit: memberOff },
          ],
        });
      }
      const owed = afterCoupon - memberOff;
      const take = Math.min(owed, held);
      const due = owed - take;
      const rest = held - take;
      const payments: PendingPayment[] = [];
      if (take > 0) {
        movements.push({
          idempotencyKey: `settle:${o.orderNo}`,
          kind: 'settle',
          orderNo: o.orderNo,
          // The order's outlet is at hand: the ledger need not look it up (one statement less each posting).
          outletId: o.outletId,
          memo: 'feeFromDeposit',
          entries: [
            { account: { kind: 'userDeposit', partyId: o.userId }, debit: take },
            { account: { kind: 'orderIncome' }, credit: take },
          ],
        });
      }
      const released = rest > 0 ? await this.release(tx, o, rest, settings.depositRefundFeePercent, movements) : null;
      if (released) payments.push(released);
      else if (held > 0 && rest === 0)
        await this.needs.deposits.ended(tx, { orderNo: o.orderNo, feeTaken: take, refundFee: 0, returned: 0 });
      const status: OrderStatus = due > 0 ? 'awaitingDeduction' : 'finished';
      const events: EventInput[] = [
        { event: how.event, actor: how.actor, note: how.note ?? (how.returnSn ? how.returnSn : null) },
        ...(fee.paymentKind === 'timeout' ? [{ event: 'boughtOut' as const, amount }] : []),
        { event: 'fee', amount, note: `${minutes} min` },
        ...(voucher
          ? [{ event: 'voucherUsed' as const, amount: voucher.deduction, note: voucher.voucherOrderNo }]
          : []),
        ...(coupon
          ? [{ event: 'couponUsed' as const, amount: coupon.deduction, note: String(coupon.userCouponId) }]
          : []),
        ...(memberOff > 0 ? [{ event: 'memberDeducted' as const, amount: memberOff, note: memberLevel }] : []),
        ...(take > 0 ? [{ event: 'charged' as const, amount: take }] : []),
        ...(rest > 0 ? [{ event: 'released' as const, amount: rest }] : []),
      ];
      // A deposit-free order with its authorization: the fee is paid from the frozen amount and the
      // rest unfrozen by one request (capture); owing nothing, all of it is unfrozen. Orders rented
      // before authorizations existed (no state) still ask for a deferred deduction.
      const authorized = o.payMode === 'depositFree' && o.authState === 'authorized' && o.authReference;
      if (authorized && due > 0) {
        const key = `capture:${o.orderNo}`;
        await tx
          .insert(ordPayment)
          .values({ key, op: 'capture', purpose: 'capture', orderNo: o.orderNo, userId: o.userId, amount: due })
          .onConflictDoNothing();
        payments.push({
          key,
          op: 'capture',
          amount: due,
          userId: o.userId,
          orderNo: o.orderNo,
          chargeReference: o.authReference!,
        });
      } else if (due > 0) {
        const key = `deduct:${o.orderNo}`;
        await tx
          .insert(ordPayment)
          .values({ key, op: 'charge', purpose: 'deduct', orderNo: o.orderNo, userId: o.userId, amount: due })
          .onConflictDoNothing();
        payments.push({ key, op: 'charge', amount: due, userId: o.userId, orderNo: o.orderNo, deferred: true });
      }
      if (due > 0) await this.needs.ledger.postAll(movements, tx);
      else {
        if (authorized) payments.push(await this.releaseAuthorization(tx, o));
        const shared = await this.sharing.share(
          tx,
          {
            ...o,
            voucherValue: voucher?.value ?? 0,
            couponDeduction: coupon?.deduction ?? 0,
            memberDeduction: memberOff,
          },
          take,
          settings.taxFeePercent,
          movements,
        );
        if (shared)
          events.push({ event: 'shared', amount: take + (voucher?.value ?? 0) + (coupon?.deduction ?? 0) + memberOff });
      }
      // The order's row and its timeline by one statement, the last before the commit (they were two): its outlet's
      // rollup row of the hour (every rent, eject result and settle at the outlet updates it) is held for this one
      // statement and the commit. The answer is made of what was written, not read back.
      const set = {
        status,
        startAt: start,
        endAt,
        billedMinutes: minutes,
        originalAmount: amount,
        paidAmount: take,
        voucherDeduction: voucher?.deduction ?? 0,
        voucherValue: voucher?.value ?? 0,
        voucherOrderNo: voucher?.voucherOrderNo ?? null,
        couponDeduction: coupon?.deduction ?? 0,
        userCouponId: coupon?.userCouponId ?? null,
        memberDeduction: memberOff,
        generatedAmount: owed,
        paymentKind: fee.paymentKind,
        ...(how.returnSn
          ? {
              returnSn: how.returnSn,
              returnOutletId: returnOutlet?.id ?? null,
              returnOutletName: returnOutlet?.name ?? null,
            }
          : {}),
      };
      await writeWithEvents(
        tx,
        tx.update(ordOrder).set(set).where(eq(ordOrder.id, o.id)).returning({ id: ordOrder.id }),
        events,
      );
      return { result: actionResult({ ...o, ...set }), payments };
    });
    for (const p of payments) this.paying.later(p);
    return result;
  }

  /**
   * The outlet of the cabinet a power bank came back to (its id and name are kept on the order);
   * `known`: the cabinet's outlet as the slot event read it (undefined: ask the fleet).
   */
  private async returnOutletOf(sn: string, known?: number | null): Promise<{ id: number; name: string } | null> {
    const outletId = known !== undefined ? known : await this.needs.fleet.outletOf(sn);
    const outlet = outletId ? await this.needs.outlets.forOrder(outletId) : null;
    return outlet ? { id: outlet.id, name: outlet.name } : null;
  }

  /** The member level of an order's customer (the settle reads it once, before its transaction). */
  private async levelOf(userId: number): Promise<'A' | 'B' | 'C' | null> {
    return (await this.needs.customers.member(userId))?.level ?? null;
  }

  /**
   * The team owning an order's outlet when the order's chain names no operator (a direct-sales
   * outlet whose team earns 0 %): the coupon scope "operator" still holds there. Read before the
   * settle's transaction (the outlet module reads outside it); an order's outlet never changes, and
   * an agent's outlet (agents in the chain) has no team, so only a direct outlet is asked.
   */
  private async outletTeamOf(o: { outletId: number | null; chain: unknown }): Promise<number | null> {
    const chain = (o.chain ?? []) as ChainLink[];
    if (!o.outletId || chain.some((l) => l.party === 'operator' || l.party.startsWith('agent'))) return null;
    return (await this.needs.outlets.forOrder(o.outletId))?.teamId ?? null;
  }

  /** Closes an order without a charge: everything held goes back. */
  async close(tx: Db, o: OrderRow, actor: string | null, note?: string): Promise<PendingPayment | null> {
    const held = o.payMode === 'depositFree' ? 0 : o.depositAmount;
    const movements: Posting[] = [];
    const released =
      held > 0
        ? await this.release(tx, o, held, 0, movements)
        : o.authState === 'authorized' && o.authReference
          ? await this.releaseAuthorization(tx, o)
          : null;
    await this.needs.ledger.postAll(movements, tx);
    await tx
      .update(ordOrder)
      .set({ status: 'closed', endAt: new Date(), originalAmount: 0, paidAmount: 0 })
      .where(eq(ordOrder.id, o.id));
    await this.events(tx, o.id, [
      ...(held > 0 ? [{ event: 'released' as const, amount: held }] : []),
      { event: 'closed', actor, note: note ?? null },
    ]);
    return released;
  }

  /**
   * Releases what is held back to the customer (less the deposit refund fee); answers the payment to send, if any.
   * Its movement is added to `movements`, which the caller posts in this transaction.
   */
  private async release(
    tx: Db,
    o: OrderRow,
    rest: number,
    feePercent: number,
    movements: Posting[],
  ): Promise<PendingPayment | null> {
    if (o.payMode === 'balance') {
      movements.push({
        idempotencyKey: `release:${o.orderNo}`,
        kind: 'release',
        orderNo: o.orderNo,
        outletId: o.outletId,
        memo: 'depositToBalance',
        entries: [
          { account: { kind: 'userDeposit', partyId: o.userId }, debit: rest },
          { account: { kind: 'userBalance', partyId: o.userId }, credit: rest },
        ],
      });
      await this.needs.deposits.ended(tx, {
        orderNo: o.orderNo,
        feeTaken: o.depositAmount - rest,
        refundFee: 0,
        returned: rest,
      });
      return null;
    }
    // The deposit refund fee is kept of deposits only; a Bluetooth prepayment goes back whole.
    const fee = o.payMode === 'prepayment' ? 0 : percentOf(rest, feePercent);
    const back = rest - fee;
    movements.push({
      idempotencyKey: `release:${o.orderNo}`,
      kind: 'release',
      orderNo: o.orderNo,
      outletId: o.outletId,
      memo: 'depositBack',
      entries: [
        { account: { kind: 'userDeposit', partyId: o.userId }, debit: rest },
        { account: { kind: 'providerClearing' }, credit: back },
        { account: { kind: 'fees' }, credit: fee },
      ],
    });
    await this.needs.deposits.ended(tx, {
      orderNo: o.orderNo,
      feeTaken: o.depositAmount - rest,
      refundFee: fee,
      returned: back,
    });
    if (back <= 0 || !o.payReference) return null;
    const key = `release:${o.orderNo}`;
    await tx
      .insert(ordPayment)
      .values({ key, op: 'refund', purpose: 'release', orderNo: o.orderNo, userId: o.userId, amount: back })
      .onConflictDoNothing();
    return { key, op: 'refund', amount: back, userId: o.userId, orderNo: o.orderNo, chargeReference: o.payReference };
  }

  /**
   * Asks for a deposit-free order's whole authorization to be unfrozen (a free rental, a close): the
   * request is recorded here, sent once the transaction commits; its outcome moves the state.
   */
  async releaseAuthorization(tx: Db, o: OrderRow): Promise<PendingPayment> {
    const key = `unfreeze:${o.orderNo}`;
    await tx
      .insert(ordPayment)
      .values({ key, op: 'unfreeze', purpose: 'unfreeze', orderNo: o.orderNo, userId: o.userId, amount: o.authAmount })
      .onConflictDoNothing();
    return {
      key,
      op: 'unfreeze',
      amount: o.authAmount,
      userId: o.userId,
      orderNo: o.orderNo,
      chargeReference: o.authReference!,
    };
  }
}
