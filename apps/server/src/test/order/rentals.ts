import crypto from 'node:crypto';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestServer } from '../helper.js';
import { until } from '../fleet/fleet-helpers.js';
import { newSn, TestCabinet } from '../fleet/test-cabinet.js';
import { ok, type Answer, type Caller } from '../outlet/outlet-fixtures.js';

/**
 * Rentals end to end for a test: cabinets bound to an outlet (real MQTT clients on the test server's
 * broker), customers signed in with a code, and a rental rented, kept and given back to another
 * cabinet until its order is finished. `close()` disconnects the cabinets.
 */
export function rentalKit(s: { current: TestServer }, c: Caller) {
  const cabinets: TestCabinet[] = [];
  const services = () => s.current.server.services;

  /** A cabinet of `slots` slots holding `banks` charged power banks, bound to the outlet. */
  async function cabinet(outletId: number, banks: number, slots = 12): Promise<TestCabinet> {
    const sn = newSn();
    await services().fleet.stockIn({ sns: [sn] });
    await ok(c.post('/device/api/v1/outlet/bindDevice', { outletId, sn }), 'bind');
    const cab = new TestCabinet(services().gateway.brokerUrl, sn, services().fleet.secretOf(sn), slots);
    cab.slots.forEach((x, i) =>
      i < banks
        ? Object.assign(x, { battery: 100 })
        : Object.assign(x, { powerBankId: null, battery: null, charging: false }),
    );
    cabinets.push(cab);
    await cab.start();
    await until(async () => (await services().fleet.rental.availability(sn)).available >= banks, 8_000, 'inventory');
    return cab;
  }

  /** A customer signed in through the app calls (a code by SMS): its token, number and a caller of the app API as them. */
  async function customer(): Promise<{
    token: string;
    mobile: string;
    app: (m: 'GET' | 'POST', url: string, body?: unknown, lang?: string) => Promise<Answer>;
  }> {
    const mobile = `136${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
    await s.current.inject({
      method: 'POST',
      url: '/user/api/app/v1/auth/sendCode',
      payload: { areaCode: '86', mobile },
    });
    const r = (
      await s.current.inject({
        method: 'POST',
        url: '/user/api/app/v1/auth',
        payload: { areaCode: '86', mobile, code: s.current.sms.lastCode(mobile)!, clientType: 'USER_IOS' },
      })
    ).json();
    expect(r.code).toBe(0);
    const token = r.data.token as string;
    const app = async (m: 'GET' | 'POST', url: string, body?: unknown, lang = 'en_US') =>
      (
        await s.current.inject({
          method: m,
          url,
          payload: body as object | undefined,
          headers: { authorization: token, clienttype: 'USER_IOS', 'accept-language': lang },
        })
      ).json() as Answer;
    return { token, mobile, app };
  }

  const order = async (orderNo: string) =>
    (await ok(c.get('/order/api/v1/order/detail', { orderNo }), 'detail')) as {
      status: string;
      refundAmount: number;
      shares: { party: string; amount: number }[];
    };

  /** Moves an order's start back, as if it had been rented `minutes` ago. */
  const agedBy = (orderNo: string, minutes: number) =>
    s.current.database.db.execute(
      sql`update ord_order set start_at = now() - make_interval(mins => ${minutes}), created_at = now() - make_interval(mins => ${minutes}) where order_no = ${orderNo}`,
    );
  /** The customer puts the power bank into another cabinet: its return event. */
  async function giveBack(cab: TestCabinet, powerBankId: string) {
    const slot = cab.slots.find((x) => !x.powerBankId)!;
    Object.assign(slot, { powerBankId, battery: 90, charging: true });
    await cab.publish('event', { kind: 'returned', slot: slot.slot, powerBankId, battery: 90 });
  }
  /** The books balance: the trial balance's debits equal its credits (answered for further checks). */
  async function balanced() {
    const tb = await s.current.server.services.ledger.ledger.trialBalance('en_US');
    expect(tb.totalDebit).toBe(tb.totalCredit);
    return tb;
  }

  /** Rents from `cab`, keeps the power bank `minutes`, gives it back to `back`: the finished order's number. */
  async function rental(cab: TestCabinet, back: TestCabinet, minutes: number): Promise<string> {
    const { app } = await customer();
    const r = await app('POST', '/order/api/app/v1/order/rent', { sn: cab.sn });
    expect(r.code).toBe(0);
    await until(async () => (await order(r.data.orderNo)).status === 'using', 8_000, 'using');
    await agedBy(r.data.orderNo, minutes);
    await giveBack(back, r.data.powerBankId);
    await until(async () => (await order(r.data.orderNo)).status === 'finished', 8_000, 'finished');
    return r.data.orderNo as string;
  }

  const close = () => Promise.allSettled(cabinets.map((x) => (x.client ? x.client.endAsync(true) : Promise.resolve())));
  return { cabinet, customer, order, rental, agedBy, giveBack, balanced, close };
}
