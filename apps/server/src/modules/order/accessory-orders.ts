import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type {
  BluetoothQuote,
  BluetoothStartResult,
  CableBuyResult,
  CableQuote,
  MyOrderItem,
  OrderBilling,
  OrderPayChannel,
  OrderStatus,
  PayInApp,
} from '@cbo/contract';
import { isUniqueViolation, type Db, inTransaction } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import { bluetoothBilling, cablePackagePrice } from './billing.js';
import type { DevicePayTerms, OrderNeeds, OutletForOrder } from './needs.js';
import { customerLock, newNo, sourceOf } from './order.core.js';
import type { OrderEngine } from './order.engine.js';
import { companyChannels, payChannelOf, upFrontOf } from './pay-config.js';
import type { OrderQueries } from './order.queries.js';
import { ordOrder } from './tables.js';

const money = (cents: number) => (cents / 100).toFixed(2);

/** What a cable buy and a Bluetooth start both carry: the device, the channel, the payer and the caller's key. */
interface AccessoryRequest {
  deviceId: string;
  channel?: OrderPayChannel;
  payerId?: string;
  idempotencyKey?: string;
}
type Member = Awaited<ReturnType<OrderEngine['customer']>>;

/**
 * Orders of the cheaper devices, beside the power banks' rentals (docs/decisions/orders-and-payments.md, "Cable and
 * Bluetooth orders"):
 *
 * - A charging-cable package is bought: charged through the payment company under the customer's
 *   key, then one transaction records the order (finished: a package is prepaid), its money in the
 *   ledger, the unlock code from the cable's ring (the accessories module's one issuing path, under
 *   the cable's row lock) and the shares along the outlet's chain. A repeated tap is one order and
 *   one code.
 * - A Bluetooth charger session holds a prepayment like a deposit and is billed by the hour; the
 *   customer (here) or staff (end order) stop it, and the engine's ending takes the fee from the
 *   prepayment, releases the rest and shares the net, as a power bank's return does.
 *
 * Both refuse a device bound to no outlet. What they cost is read from the settings per order,
 * and the enabled device payment configuration of their kind ('cable', 'bluetooth') sets the most
 * taken up front and the channels offered, as the cabinet's does for rentals (pay-config.ts); the
 * order keeps which configuration and channel applied.
 */
export class AccessoryOrders {
  constructor(
    private readonly db: Db,
    private readonly needs: OrderNeeds,
    private readonly engine: OrderEngine,
    private readonly queries: OrderQueries,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The outlet a cable or charger stands in; refuses one bound nowhere (or to a deleted outlet) and a suspended outlet. */
  private async outletOf(outletId: number | null): Promise<OutletForOrder> {
    if (!outletId) throw new AppError('ORDER_ACCESSORY_UNBOUND');
    const outlet = await this.needs.outlets.forOrder(outletId);
    if (!outlet || outlet.status === 'deleted') throw new AppError('ORDER_ACCESSORY_UNBOUND');
    if (outlet.status === 'suspended') throw new AppError('ORDER_OUTLET_SUSPENDED');
    return outlet;
  }

  private async byKey(userId: number, key: string | undefined, db: Db = this.db) {
    if (!key) return null;
    const [was] = await db
      .select()
      .from(ordOrder)
      .where(and(eq(ordOrder.userId, userId), eq(ordOrder.rentKey, key)));
    return was ?? null;
  }

  /**
   * Takes an accessory order's money under the customer's key before anything is recorded, as a rent
   * takes its deposit (order.renting.ts). When the channel's company is paid in the app, the first call
   * answers what the app pays with (the payment recorded once, its order number reserved:
   * in-app-payments.ts) and the same call with the same key finds it paid. The company's word on the
   * amount is compared: another amount opens nothing and goes back. Answers the order number to use
   * (the one the first call reserved, when the app paid) and whether the money was paid in the app.
   */
  private async take(
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
      await this.engine.giveBackCharge({
        userId: member.id,
        rentKey: null,
        chargeKey,
        amount: paid.amount,
        reference: paid.reference,
        orderNo,
      });
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
  private async secondCallRefused<T>(
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

  // ------------------------------------------------------------------ charging cables

  /**
   * A cable's packages at the price a buy takes: the cable's tier amounts within the platform's cable
   * package settings; a cables' payment configuration puts its amount in place of the settings'
   * prepaid amount (the most any package takes up front).
   */
  private async cableOffer(
    deviceId: string,
  ): Promise<{ outlet: OutletForOrder; quote: CableQuote; config: DevicePayTerms | null }> {
    const cable = await this.needs.accessories.cable(deviceId);
    if (!cable) throw new AppError('ORDER_ACCESSORY_NOT_FOUND');
    const outlet = await this.outletOf(cable.outletId);
    const [{ cablePackage }, currency, config] = await Promise.all([
      this.needs.settings.operation(),
      this.needs.settings.currency(),
      this.needs.settings.devicePay('cable'),
    ]);
    const upFront = upFrontOf(config);
    const ceilings = upFront === null ? cablePackage : { ...cablePackage, prepaid: upFront };
    const packages = [...cable.packages]
      .sort((a, b) => a.hours - b.hours)
      .map((t) => ({ name: t.name, hours: t.hours, amount: cablePackagePrice(t.amount, t.hours, ceilings) }));
    return {
      outlet,
      config,
      quote: {
        deviceId,
        outletId: outlet.id,
        outletName: outlet.name,
        packages,
        channels: companyChannels(config),
        currency,
      },
    };
  }

  async cableQuote(p: Principal, deviceId: string): Promise<CableQuote> {
    await this.engine.customer(p);
    return (await this.cableOffer(deviceId)).quote;
  }

  async buyCable(p: Principal, req: AccessoryRequest & { hours: number }): Promise<CableBuyResult> {
    const member = await this.engine.customer(p);
    const answer = (o: typeof ordOrder.$inferSelect): CableBuyResult => {
      if (o.deviceType !== 'cable') throw new AppError('ORDER_PAY_MODE');
      return {
        orderNo: o.orderNo,
        status: o.status as OrderStatus,
        packageName: o.packageName ?? '',
        packageHours: o.packageHours ?? 0,
        amount: o.originalAmount,
        unlockCode: o.unlockCode ?? '',
      };
    };
    return this.secondCallRefused(member.id, 'cable', req.idempotencyKey, answer, () =>
      this.buyCableOnce(p, member, req, answer),
    );
  }

  private async buyCableOnce(
    p: Principal,
    member: Member,
    req: AccessoryRequest & { hours: number },
    answer: (o: typeof ordOrder.$inferSelect) => CableBuyResult,
  ): Promise<CableBuyResult> {
    const was = await this.byKey(member.id, req.idempotencyKey);
    if (was) return answer(was);
    const { outlet, quote, config } = await this.cableOffer(req.deviceId);
    const offer = quote.packages.find((t) => t.hours === req.hours);
    if (!offer) throw new AppError('ORDER_PACKAGE_NOT_OFFERED', { hours: req.hours });
    // A channel the configuration does not offer is refused before anything is charged (ORDER_PAY_CHANNEL).
    const channel = payChannelOf(config, 'package', req.channel);
    // The cable's rate limit is checked before the money moves (the issue decides again under the lock).
    const wait = await this.needs.accessories.cableCodeWait(req.deviceId);
    if (wait > 0) throw new AppError('ORDER_CODE_BUSY', { seconds: wait });
    const [chain, { taxFeePercent }] = await Promise.all([this.engine.chainOf(outlet), this.needs.settings.pay()]);
    const amount = offer.amount;
    const paid = await this.take(member, req, { kind: 'cable', amount, channel, what: 'Cable package' });
    if ('payment' in paid)
      return {
        orderNo: paid.orderNo,
        status: 'pendingPayment',
        packageName: offer.name,
        packageHours: offer.hours,
        amount,
        unlockCode: '',
        payment: paid.payment,
      };
    const { orderNo, chargeKey } = paid;
    const billing: OrderBilling = {
      freeMinutes: 0,
      pricePerPeriod: amount,
      periodMinutes: offer.hours * 60,
      dailyCap: amount,
      totalCap: amount,
      deposit: 0,
      buyOutDays: 0,
    };
    try {
      const made = await inTransaction(this.db, async (tx) => {
        // One customer's buys are decided one after another, so a repeated key finds the first order here.
        await tx.execute(customerLock(member.id));
        if (await this.byKey(member.id, req.idempotencyKey, tx)) return null;
        // A retry after this key's charge was given back (decided under the same lock as the giving back).
        if (await this.engine.keySpent(chargeKey, tx)) throw new AppError('ORDER_KEY_SPENT');
        const now = new Date();
        const [o] = await tx
          .insert(ordOrder)
          .values({
            orderNo,
            userId: member.id,
            userMobile: `${member.areaCode}-${member.mobile}`,
            deviceType: 'cable',
            status: 'finished',
            paymentKind: 'normal',
            payMode: 'package',
            sn: req.deviceId,
            outletId: outlet.id,
            outletName: outlet.name,
            billing,
            chain,
            originalAmount: amount,
            generatedAmount: amount,
            paidAmount: amount,
            source: sourceOf(p.clientType),
            billedMinutes: offer.hours * 60,
            startAt: now,
            endAt: now,
            packageName: offer.name,
            packageHours: offer.hours,
            payChannel: channel,
            payConfigId: config?.id ?? null,
            payConfigName: config?.name ?? null,
            payReference: paid.reference,
            rentKey: req.idempotencyKey ?? null,
            simulated: member.simulated,
          })
          .returning();
        await this.needs.ledger.post(
          {
            idempotencyKey: `buy:${orderNo}`,
            kind: 'deduct',
            orderNo,
            memo: 'cablePackagePaid',
            entries: [
              { account: { kind: 'providerClearing' }, debit: amount },
              { account: { kind: 'orderIncome' }, credit: amount },
            ],
          },
          tx,
        );
        if (paid.inApp) await this.engine.inApp.taken(tx, chargeKey, { reference: paid.reference, amount });
        // The code is issued in this transaction: no order without its code, no code without its order.
        const code = await this.needs.accessories.issueCableCode(tx, req.deviceId, offer.hours, orderNo);
        const [row] = await tx
          .update(ordOrder)
          .set({ unlockCode: code.code })
          .where(eq(ordOrder.id, o!.id))
          .returning();
        const shared = await this.engine.share(tx, row!, amount, taxFeePercent);
        await this.engine.events(tx, o!.id, [
          { event: 'created', actor: o!.userMobile },
          { event: 'paid', amount, note: paid.reference },
          {
            event: 'codeIssued',
            actor: req.deviceId,
            note: `${offer.name} ${offer.hours} h, position ${code.position}`,
          },
          { event: 'fee', amount, note: `${offer.hours} h` },
          ...(shared ? [{ event: 'shared' as const, amount }] : []),
        ]);
        return row!;
      });
      if (made) return answer(made);
    } catch (err) {
      // A twin request with the same key made the order (it keeps the charge), or the charge goes back and the key is spent.
      const first = await this.engine.giveBackCharge({
        userId: member.id,
        rentKey: req.idempotencyKey ?? null,
        chargeKey,
        amount,
        reference: paid.reference,
        orderNo,
      });
      if (first) return answer(first);
      throw err;
    }
    // A repeated tap: the first one's order and code answer it, and its charge (one key) is that order's.
    return answer((await this.byKey(member.id, req.idempotencyKey))!);
  }

  // ------------------------------------------------------------------ Bluetooth chargers

  /**
   * A charger, its outlet, the pay settings, and the prepayment asked: the settings' default and
   * maximum, or, under a chargers' payment configuration, its amount as both (a customer may still
   * choose less, down to one hour's price).
   */
  private async chargerOffer(deviceId: string) {
    const charger = await this.needs.accessories.charger(deviceId);
    if (!charger) throw new AppError('ORDER_ACCESSORY_NOT_FOUND');
    const outlet = await this.outletOf(charger.outletId);
    const [pay, config] = await Promise.all([this.needs.settings.pay(), this.needs.settings.devicePay('bluetooth')]);
    const upFront = upFrontOf(config);
    const prepay = { default: upFront ?? pay.bluetoothPrepayDefault, max: upFront ?? pay.bluetoothPrepayMax };
    return { charger, outlet, pay, config, prepay };
  }

  private async inUse(deviceId: string): Promise<boolean> {
    const [r] = await this.db
      .select({ id: ordOrder.id })
      .from(ordOrder)
      .where(and(eq(ordOrder.sn, deviceId), eq(ordOrder.deviceType, 'bluetooth'), eq(ordOrder.status, 'using')))
      .limit(1);
    return !!r;
  }

  async bluetoothQuote(p: Principal, deviceId: string): Promise<BluetoothQuote> {
    await this.engine.customer(p);
    const { charger, outlet, pay, config, prepay } = await this.chargerOffer(deviceId);
    const rule = bluetoothBilling(charger, pay, prepay.default);
    return {
      deviceId,
      outletId: outlet.id,
      outletName: outlet.name,
      hourlyPrice: rule.pricePerPeriod,
      dailyCap: rule.dailyCap,
      prepayDefault: prepay.default,
      prepayMax: prepay.max,
      inUse: await this.inUse(deviceId),
      channels: companyChannels(config),
      currency: await this.needs.settings.currency(),
    };
  }

  async startBluetooth(p: Principal, req: AccessoryRequest & { prepayment?: number }): Promise<BluetoothStartResult> {
    const member = await this.engine.customer(p);
    const answer = (o: typeof ordOrder.$inferSelect): BluetoothStartResult => {
      if (o.deviceType !== 'bluetooth') throw new AppError('ORDER_PAY_MODE');
      const b = o.billing as OrderBilling;
      return {
        orderNo: o.orderNo,
        status: o.status as OrderStatus,
        prepayment: o.depositAmount,
        hourlyPrice: b.pricePerPeriod,
        dailyCap: b.dailyCap,
      };
    };
    return this.secondCallRefused(member.id, 'bluetooth', req.idempotencyKey, answer, () =>
      this.startBluetoothOnce(member, req, answer),
    );
  }

  private async startBluetoothOnce(
    member: Member,
    req: AccessoryRequest & { prepayment?: number },
    answer: (o: typeof ordOrder.$inferSelect) => BluetoothStartResult,
  ): Promise<BluetoothStartResult> {
    const was = await this.byKey(member.id, req.idempotencyKey);
    if (was) return answer(was);
    const { charger, outlet, pay, config, prepay } = await this.chargerOffer(req.deviceId);
    // spec 9: the default prepayment when none is chosen, never above the maximum.
    const prepayment = req.prepayment ?? prepay.default;
    if (prepayment > prepay.max) throw new AppError('ORDER_PREPAY_ABOVE_MAX', { max: money(prepay.max) });
    const billing = bluetoothBilling(charger, pay, prepayment);
    if (prepayment < billing.pricePerPeriod)
      throw new AppError('ORDER_PREPAY_BELOW_HOUR', { min: money(billing.pricePerPeriod) });
    if (await this.inUse(req.deviceId)) throw new AppError('ORDER_CHARGER_IN_USE');
    const channel = payChannelOf(config, 'prepayment', req.channel);
    const chain = await this.engine.chainOf(outlet);
    const paid = await this.take(member, req, { kind: 'bluetooth', amount: prepayment, channel, what: 'Prepayment' });
    if ('payment' in paid)
      return {
        orderNo: paid.orderNo,
        status: 'pendingPayment',
        prepayment,
        hourlyPrice: billing.pricePerPeriod,
        dailyCap: billing.dailyCap,
        payment: paid.payment,
      };
    const { orderNo, chargeKey } = paid;
    try {
      const made = await inTransaction(this.db, async (tx) => {
        await tx.execute(customerLock(member.id));
        if (await this.byKey(member.id, req.idempotencyKey, tx)) return null;
        // A retry after this key's charge was given back (decided under the same lock as the giving back).
        if (await this.engine.keySpent(chargeKey, tx)) throw new AppError('ORDER_KEY_SPENT');
        const now = new Date();
        // The partial unique index on open sessions decides between customers starting one charger at once.
        const [o] = await tx
          .insert(ordOrder)
          .values({
            orderNo,
            userId: member.id,
            userMobile: `${member.areaCode}-${member.mobile}`,
            deviceType: 'bluetooth',
            status: 'using',
            payMode: 'prepayment',
            sn: req.deviceId,
            outletId: outlet.id,
            outletName: outlet.name,
            billing,
            chain,
            depositAmount: prepayment,
            startAt: now,
            payChannel: channel,
            payConfigId: config?.id ?? null,
            payConfigName: config?.name ?? null,
            payReference: paid.reference,
            rentKey: req.idempotencyKey ?? null,
            simulated: member.simulated,
          })
          .returning()
          .catch((e: unknown) => {
            throw isUniqueViolation(e, 'ord_order_open_charger_uq') ? new AppError('ORDER_CHARGER_IN_USE') : e;
          });
        await this.needs.ledger.post(
          {
            idempotencyKey: `rent:${orderNo}`,
            kind: 'rent',
            orderNo,
            memo: 'prepaymentHeld',
            entries: [
              { account: { kind: 'providerClearing' }, debit: prepayment },
              { account: { kind: 'userDeposit', partyId: member.id }, credit: prepayment },
            ],
          },
          tx,
        );
        if (paid.inApp) await this.engine.inApp.taken(tx, chargeKey, { reference: paid.reference, amount: prepayment });
        await this.engine.events(tx, o!.id, [
          { event: 'created', actor: o!.userMobile },
          { event: 'paid', amount: prepayment, note: paid.reference },
          { event: 'started', actor: req.deviceId },
        ]);
        return o!;
      });
      if (made) return answer(made);
    } catch (err) {
      const first = await this.engine.giveBackCharge({
        userId: member.id,
        rentKey: req.idempotencyKey ?? null,
        chargeKey,
        amount: prepayment,
        reference: paid.reference,
        orderNo,
      });
      if (first) return answer(first);
      throw err;
    }
    return answer((await this.byKey(member.id, req.idempotencyKey))!);
  }

  /** The customer stops a session: ended now, the fee taken from the prepayment, the rest released, the net shared. */
  async stopBluetooth(p: Principal, orderNo: string): Promise<MyOrderItem> {
    const member = await this.engine.customer(p);
    const [o] = await this.db.select().from(ordOrder).where(eq(ordOrder.orderNo, orderNo));
    if (!o || o.userId !== member.id) throw new AppError('ORDER_NOT_FOUND');
    if (o.deviceType !== 'bluetooth') throw new AppError('ORDER_NOT_BLUETOOTH');
    await this.engine.settle(o.id, new Date(), { actor: o.userMobile, event: 'stopped', note: o.sn });
    return this.queries.myOrder(p, orderNo);
  }
}
