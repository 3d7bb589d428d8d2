import { and, eq } from 'drizzle-orm';
import type { BluetoothQuote, BluetoothStartResult, MyOrderItem, OrderBilling, OrderStatus } from '@cbo/contract';
import { isUniqueViolation, inTransaction } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import { AccessoryPart, money, type AccessoryRequest, type Member } from './accessory-orders.core.js';
import { bluetoothBilling } from './billing.js';
import { twinOrGiveBack } from './give-back.js';
import { companyChannels, payChannelOf, upFrontOf } from './pay-config.js';
import { ordOrder } from './tables.js';

/*
 * Bluetooth charger sessions: the offer (hourly price, prepayment), a start holding the
 * prepayment like a deposit, and the customer's stop (the engine's settle bills it).
 */

/** Bluetooth charger sessions: quoted, started and stopped by the customer. */
export class BluetoothOrders extends AccessoryPart {
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
        if (await this.madeUnderLock(tx, member.id, req.idempotencyKey, chargeKey)) return null;
        const now = new Date();
        // The partial unique index on open sessions decides between customers starting one charger at once.
        const [o] = await tx
          .insert(ordOrder)
          .values({
            orderNo,
            ...this.orderColumns(member, req, { outlet, chain, channel, config, reference: paid.reference }),
            deviceType: 'bluetooth',
            status: 'using',
            payMode: 'prepayment',
            billing,
            depositAmount: prepayment,
            startAt: now,
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
            // The order's outlet is at hand: the ledger need not look it up (one statement less).
            outletId: o!.outletId,
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
      return twinOrGiveBack(
        this.engine,
        { userId: member.id, rentKey: req.idempotencyKey },
        { chargeKey, amount: prepayment, reference: paid.reference, orderNo },
        answer,
        err,
      );
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
