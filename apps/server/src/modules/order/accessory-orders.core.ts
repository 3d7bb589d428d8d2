import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { OrderPayChannel, PayInApp } from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { giveBack } from './give-back.js';
import type { DevicePayTerms, OrderNeeds, OutletForOrder } from './needs.js';
import { customerLock, newNo, type ChainLink } from './order.core.js';
import type { OrderEngine } from './order.engine.js';
import type { OrderQueries } from './order.queries.js';
import { ordOrder } from './tables.js';

/*
 * What the accessory orders' parts share (accessory-orders.ts composes them): the request both
 * carry, and AccessoryPart, the base of each part, which holds their dependencies and the steps
 * both take: the device's outlet, the order under the caller's key, the money taken before
 * anything is recorded, and a second call refused after the customer paid in the app.
 */

export const money = (cents: number) => (cents / 100).toFixed(2);

/** What a cable buy and a Bluetooth start both carry: the device, the channel, the payer and the caller's key. */
export interface AccessoryRequest {
  deviceId: string;
  channel?: OrderPayChannel;
  payerId?: string;
  idempotencyKey?: string;
}
export type Member = Awaited<ReturnType<OrderEngine['customer']>>;

/** The base of the accessory orders' parts (cables, Bluetooth chargers): their dependencies and shared steps. */
export abstract class AccessoryPart {
  constructor(
    protected readonly db: Db,
    protected readonly needs: OrderNeeds,
    protected readonly engine: OrderEngine,
    protected readonly queries: OrderQueries,
    protected readonly log: FastifyBaseLogger,
  ) {}

  /** The outlet a cable or charger stands in; refuses one bound nowhere (or to a deleted outlet) and a suspended outlet. */
  protected async outletOf(outletId: number | null): Promise<OutletForOrder> {
    if (!outletId) throw new AppError('ORDER_ACCESSORY_UNBOUND');
    const outlet = await this.needs.outlets.forOrder(outletId);
    if (!outlet || outlet.status === 'deleted') throw new AppError('ORDER_ACCESSORY_UNBOUND');
    if (outlet.status === 'suspended') throw new AppError('ORDER_OUTLET_SUSPENDED');
    return outlet;
  }

  protected async byKey(userId: number, key: string | undefined, db: Db = this.db) {
    if (!key) return null;
    const [was] = await db
      .select()
      .from(ordOrder)
      .where(and(eq(ordOrder.userId, userId), eq(ordOrder.rentKey, key)));
    return was ?? null;
  }

  /**
   * The start of an accessory order's transaction, one customer's orders decided one after another:
   * under the customer's lock, true when the key's order is there already (a repeated tap: the
   * caller answers it), ORDER_KEY_SPENT when the key's charge was given back (decided under the same
   * lock as the giving back).
   */
  protected async madeUnderLock(tx: Db, userId: number, key: string | undefined, chargeKey: string): Promise<boolean> {
    await tx.execute(customerLock(userId));
    if (await this.byKey(userId, key, tx)) return true;
    if (await this.engine.keySpent(chargeKey, tx)) throw new AppError('ORDER_KEY_SPENT');
    return false;
  }

  /** What an accessory order records alike: who, the device and its outlet, the chain, the channel, the configuration, the money's reference and the key. */
  protected orderColumns(
    member: Member,
    req: AccessoryRequest,
    o: {
      outlet: OutletForOrder;
      chain: ChainLink[];
      channel: OrderPayChannel | null;
      config: DevicePayTerms | null;
      reference: string;
    },
  ) {
    return {
      userId: member.id,
      userMobile: `${member.areaCode}-${member.mobile}`,
      sn: req.deviceId,
      outletId: o.outlet.id,
      outletName: o.outlet.name,
      chain: o.chain,
      payChannel: o.channel,
      payConfigId: o.config?.id ?? null,
      payConfigName: o.config?.name ?? null,
      payReference: o.reference,
      rentKey: req.idempotencyKey ?? null,
      simulated: member.simulated,
    };
  }

  /**
   * Takes an accessory order's money under the customer's key before anything is recorded, as a rent
   * takes its deposit (order.renting.ts). When the channel's company is paid in the app, the first call
   * answers what the app pays with (the payment recorded once, its order number reserved:
   * in-app-payments.ts) and the same call with the same key finds it paid. The company's word on the
   * amount is compared: another amount opens nothing and goes back. Answers the order number to use
   * (the one the first call reserved, when the app paid) and whether the money was paid in the app.
   */
  protected async take(
    member: Member,
    req: AccessoryRequest,
    c: { kind: 'cable' | 'bluetooth'; amount: number; channel: OrderPayChannel | null; what: string },
  ): Promise<
    { orderNo: string; payment: PayInApp } | { orderNo: string; chargeKey: string; reference: string; inApp: boolean }
  > {
    const inApp = this.engine.inApp;
    const fresh = newNo('R');
    const chargeKey = `${c.kind}:${member.id}:${req.idempotencyKey ?? fresh}`;
    // The second call keeps the number the first one gave the customer.
    let paying = req.idempotencyKey ? await inApp.find(chargeKey) : null;
    let orderNo = paying?.orderNo ?? fresh;
    if (await this.engine.keySpent(chargeKey)) throw new AppError('ORDER_KEY_SPENT');
    const paid = await this.engine.provider.charge({
      key: chargeKey,
      amount: c.amount,
      userId: member.id,
      description: `${c.what} ${orderNo}`,
      channel: c.channel ?? undefined,
      payerId: req.payerId,
    });
    if (paid.status === 'pending' && paid.payParams)
      return inApp.ask({
        key: chargeKey,
        op: 'charge',
        userId: member.id,
        orderNo,
        amount: c.amount,
        channel: c.channel,
        out: paid,
        keyGiven: Boolean(req.idempotencyKey),
      });
    if (paid.status !== 'succeeded')
      throw new AppError('ORDER_PAYMENT_FAILED', { reason: paid.failure ?? paid.status });
    if (paid.amount !== c.amount) {
      this.log.error(
        { key: chargeKey, asked: c.amount, charged: paid.amount },
        'an accessory order charged another amount',
      );
      await giveBack(this.engine, member.id, { chargeKey, amount: paid.amount, reference: paid.reference, orderNo });
      throw new AppError('ORDER_PAYMENT_FAILED', { reason: 'amount' });
    }
    // Paid in the app while this call raced the first one: the order takes the number the first call gave.
    if (!paying && req.idempotencyKey) {
      paying = await inApp.find(chargeKey);
      if (paying?.orderNo) orderNo = paying.orderNo;
    }
    return { orderNo, chargeKey, reference: paid.reference, inApp: Boolean(paying) };
  }

  /**
   * Runs a buy or a start; when it is refused after the customer paid in the app under this key (the
   * charger became busy, the cable's codes wait), the order a twin call opened answers it, or else the
   * payment goes back now rather than at the sweep.
   */
  protected async secondCallRefused<T>(
    userId: number,
    kind: 'cable' | 'bluetooth',
    key: string | undefined,
    answer: (o: typeof ordOrder.$inferSelect) => T,
    run: () => Promise<T>,
  ): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (!(err instanceof AppError) || !key) throw err;
      const twin = await this.byKey(userId, key);
      if (twin) return answer(twin);
      await this.engine.inApp.refused(`${kind}:${userId}:${key}`);
      throw err;
    }
  }
}
