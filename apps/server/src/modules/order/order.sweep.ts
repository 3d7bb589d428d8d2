import { and, eq, lt, ne } from 'drizzle-orm';
import type { OrderBilling } from '@cbo/contract';
import { AppError } from '../../platform/http/app-error.js';
import { billedMinutes, rentalFee } from './billing.js';
import { ordOrder, ordPayment } from './tables.js';
import { EnginePart, type PendingPayment } from './order.core.js';

/*
 * The sweep: what no event settled, run periodically (index.ts): payments without an outcome,
 * ejects that expired, power banks kept past the buy-out, returns the cabinet never reported.
 */

/** What no event settled. */
export class OrderSweep extends EnginePart {
  /**
   * What no event settled: payments without an outcome are asked about; ejects that expired and
   * that the inventory says did not happen close their order; power banks kept past the buy-out
   * are bought; a power bank seen back in a cabinet without its return event ends its order.
   */
  async sweep(now = new Date()): Promise<void> {
    const pending = await this.db
      .select()
      .from(ordPayment)
      .where(
        and(
          eq(ordPayment.status, 'pending'),
          ne(ordPayment.purpose, 'rent'),
          lt(ordPayment.createdAt, new Date(now.getTime() - 30_000)),
        ),
      )
      .limit(50);
    await this.inApp.sweep(now);
    for (const p of pending) {
      const out = await this.provider.query(p.key).catch(() => null);
      if (out) await this.paying.applyOutcome(out);
      else if (now.getTime() - p.createdAt.getTime() > 5 * 60_000) {
        // The company never heard of it: asking again with the same key is safe (it is one request).
        // A request from an authorization names it again: the order's, or (a rent given back) the rent's own.
        const authRef =
          p.op === 'capture' || p.op === 'unfreeze'
            ? p.orderNo
              ? ((
                  await this.db
                    .select({ r: ordOrder.authReference })
                    .from(ordOrder)
                    .where(eq(ordOrder.orderNo, p.orderNo))
                )[0]?.r ?? undefined)
              : ((await this.provider.query(p.key.replace(/:undo$/, '')).catch(() => null))?.reference ?? undefined)
            : undefined;
        await this.paying.sendPayment({
          key: p.key,
          op: p.op as PendingPayment['op'],
          amount: p.amount,
          userId: p.userId ?? 0,
          orderNo: p.orderNo,
          deferred: p.purpose === 'deduct',
          chargeReference: authRef,
        });
      }
    }
    const ejecting = await this.db
      .select()
      .from(ordOrder)
      .where(and(eq(ordOrder.status, 'ejecting'), lt(ordOrder.createdAt, new Date(now.getTime() - 60_000))))
      .limit(50);
    for (const o of ejecting) {
      const st = o.commandId ? await this.needs.fleet.ejectState(o.commandId) : null;
      if (!st) continue;
      if (st.state === 'succeeded' || (st.state === 'expired' && st.confirmedByInventory === true))
        await this.renting.ejectOutcome({ commandId: o.commandId!, ejected: true });
      else if (
        st.state === 'failed' ||
        (st.state === 'expired' &&
          (st.confirmedByInventory === false || now.getTime() - o.createdAt.getTime() > 10 * 60_000))
      )
        await this.renting.ejectOutcome({ commandId: o.commandId!, ejected: false });
    }
    const using = await this.db
      .select()
      .from(ordOrder)
      .where(eq(ordOrder.status, 'using'))
      .orderBy(ordOrder.startAt)
      .limit(200);
    for (const o of using) {
      const billing = o.billing as OrderBilling;
      const start = o.startAt ?? o.createdAt;
      try {
        if (billing.buyOutDays > 0 && now.getTime() - start.getTime() >= billing.buyOutDays * 86_400_000) {
          await this.settling.settle(o.id, now, { actor: 'system', event: 'boughtOut' });
          continue;
        }
        // A Bluetooth session whose fee has used its whole prepayment ends: nothing more can be billed.
        if (o.deviceType === 'bluetooth') {
          if (rentalFee(billing, billedMinutes(start, now, o.suspendedMinutes)).amount >= o.depositAmount)
            await this.settling.settle(o.id, now, { actor: 'system', event: 'ended', note: 'prepayment used up' });
          continue;
        }
        const at = o.powerBankId ? await this.needs.fleet.whereIs(o.powerBankId) : null;
        if (at && at.updatedAt.getTime() > start.getTime() + 5_000)
          await this.settling.settle(o.id, at.updatedAt, { returnSn: at.sn, actor: at.sn, event: 'returned' });
      } catch (err) {
        if (!(err instanceof AppError)) this.log.warn({ err, orderNo: o.orderNo }, 'order sweep');
      }
    }
  }
}
