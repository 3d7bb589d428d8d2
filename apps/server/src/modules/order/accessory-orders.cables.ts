import type { CableBuyResult, CableQuote, OrderBilling, OrderStatus } from '@cbo/contract';
import { inTransaction } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import { AccessoryPart, type AccessoryRequest, type Member } from './accessory-orders.core.js';
import { cablePackagePrice } from './billing.js';
import type { DevicePayTerms, OutletForOrder } from './needs.js';
import { twinOrGiveBack } from './give-back.js';
import { sourceOf } from './order.core.js';
import { companyChannels, payChannelOf, upFrontOf } from './pay-config.js';
import { ordOrder } from './tables.js';
import { eq } from 'drizzle-orm';

/*
 * Charging-cable packages: the offer at the cable's tiers, and a buy (prepaid: the order is
 * finished at once, with its unlock code and its shares).
 */

/** Charging-cable packages: quoted and bought. */
export class CableOrders extends AccessoryPart {
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
        if (await this.madeUnderLock(tx, member.id, req.idempotencyKey, chargeKey)) return null;
        const now = new Date();
        const [o] = await tx
          .insert(ordOrder)
          .values({
            orderNo,
            ...this.orderColumns(member, req, { outlet, chain, channel, config, reference: paid.reference }),
            deviceType: 'cable',
            status: 'finished',
            paymentKind: 'normal',
            payMode: 'package',
            billing,
            originalAmount: amount,
            generatedAmount: amount,
            paidAmount: amount,
            source: sourceOf(p.clientType),
            billedMinutes: offer.hours * 60,
            startAt: now,
            endAt: now,
            packageName: offer.name,
            packageHours: offer.hours,
          })
          .returning();
        await this.needs.ledger.post(
          {
            idempotencyKey: `buy:${orderNo}`,
            kind: 'deduct',
            orderNo,
            // The order's outlet is at hand: the ledger need not look it up (one statement less).
            outletId: o!.outletId,
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
      return twinOrGiveBack(
        this.engine,
        { userId: member.id, rentKey: req.idempotencyKey },
        { chargeKey, amount, reference: paid.reference, orderNo },
        answer,
        err,
      );
    }
    // A repeated tap: the first one's order and code answer it, and its charge (one key) is that order's.
    return answer((await this.byKey(member.id, req.idempotencyKey))!);
  }
}
