import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { engines } from '../../test/helper.js';
import { until } from '../../test/fleet/fleet-helpers.js';
import type { TestCabinet } from '../../test/fleet/test-cabinet.js';
import { ok } from '../../test/outlet/outlet-fixtures.js';
import { AUDIT, withdrawalKit } from '../../test/payout/withdrawals.js';
import { useCompanyServer } from '../../test/emulators/company-server.js';
import type { LiveCompanies } from '../../test/emulators/live-companies.js';
import { api } from '@cbo/contract';

const PROVIDER_PATH = api.ledgerPaymentProvider.path;

/**
 * Real money end to end (issue 28): the merchant accounts saved through the pay settings (SMS
 * ticket, secrets sealed), the router sending each rental to the company of its channel, and the
 * companies played by emulators written from their documentation (they check our signatures, sign
 * their answers, send signed notifications to the server's /pay/notify/<company> over HTTP). A
 * rental paid in WeChat and one deposit-free through Alipay's fund authorization go from the rent
 * to the settled order; notifications come twice, forged, or never; an amount that differs opens
 * nothing; a payout goes to the company of its channel. The books balance after each.
 */
describe.each(engines)('payment companies (%s)', (engine) => {
  const server = useCompanyServer(engine);
  const { s, c, kit, all, order } = server;
  const w = withdrawalKit(s, c);
  let outletId = 0;
  let cabA: TestCabinet;
  let cabB: TestCabinet;
  let live: LiveCompanies;
  // The emulators, once beforeAll started them (liveCompanies).
  let wx: LiveCompanies['wx'];
  let ali: LiveCompanies['ali'];
  const services = () => s.current.server.services;
  const db = () => s.current.database.db;
  /** The number the company knows a rent's payment by (recorded by the router before it was sent). */
  const companyNo = async (idem: string) =>
    (
      await all<{ no: string; provider: string }>(
        sql`select provider_no as no, provider from ord_pay_route where key like ${`rent:%:${idem}`}`,
      )
    )[0]!;
  const { agedBy, giveBack, balanced } = kit;
  const payRows = (key: string) =>
    all<{ status: string; failure: string | null; purpose: string }>(
      sql`select status, failure, purpose from ord_payment where key = ${key}`,
    );

  /** A customer about to rent from cabinet A through a channel paid in the app: the rent's body and its key. */
  async function inApp(channel: 'wechat' | 'alipay', payMode: 'deposit' | 'depositFree') {
    const u = await kit.customer();
    const idem = `${channel}-${crypto.randomUUID()}`;
    const payerId = channel === 'wechat' ? { payerId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' } : {};
    return { u, idem, body: { sn: cabA.sn, payMode, channel, ...payerId, idempotencyKey: idem } };
  }

  beforeAll(async () => {
    live = server.live();
    ({ wx, ali } = live);
    // The console is told the money is real now.
    expect(await ok(c.get(PROVIDER_PATH), 'provider')).toMatchObject({
      name: 'wechatpay, alipay',
      sandbox: false,
      currency: 'CNY',
    });
    outletId = server.outletId();
    cabA = await kit.cabinet(outletId, 20, 24);
    cabB = await kit.cabinet(outletId, 2, 24);
    await db().execute(
      sql`update sys_extension set status = 'activated', activated_at = now() where code = 'depositFree'`,
    );
  }, 120_000);

  it('a rental paid in WeChat: the rent answers what the app pays with, opens on the second call, settles with a WeChat refund of the rest; notifications twice change nothing', async () => {
    const { u, idem, body } = await inApp('wechat', 'deposit');
    const first = await u.app('POST', '/order/api/app/v1/order/rent', body);
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({ status: 'pendingPayment', slot: null, payment: { channel: 'wechat' } });
    expect(first.data.payment.params.package).toMatch(/^prepay_id=/);
    expect(first.data.payment.params.paySign).toBeTruthy();
    // No order before the money: the detail does not find it.
    expect((await c.get('/order/api/v1/order/detail', { orderNo: first.data.orderNo })).code).not.toBe(0);
    const { no, provider } = await companyNo(idem);
    expect(provider).toBe('wechatpay');
    expect(no).toMatch(/^K[0-9A-F]{31}$/);
    wx.duplicateNext();
    await wx.pay(no);
    await wx.idle();
    const key = `rent:${(await all<{ id: number }>(sql`select user_id as id from ord_payment where key like ${`rent:%:${idem}`}`))[0]!.id}:${idem}`;
    expect(await payRows(key)).toEqual([{ status: 'succeeded', failure: null, purpose: 'rent' }]);

    const second = await u.app('POST', '/order/api/app/v1/order/rent', body);
    expect(second.code).toBe(0);
    expect(second.data.orderNo).toBe(first.data.orderNo);
    expect(second.data.payment).toBeUndefined();
    await until(async () => (await order(second.data.orderNo)).status === 'using', 8_000, 'using');
    const rented = await order(second.data.orderNo);
    expect(rented.payReference).toBe(wx.trade(no)!.transaction_id);

    await agedBy(second.data.orderNo, 40);
    await giveBack(cabB, second.data.powerBankId);
    await until(async () => (await order(second.data.orderNo)).status === 'finished', 10_000, 'finished');
    await wx.idle();
    // The rest of the deposit went back through WeChat Pay, as a refund of that trade.
    // The release is asked for once the settle commits; its notification (REFUND.SUCCESS) finishes it.
    await until(
      async () =>
        (
          await all<{ status: string }>(
            sql`select status from ord_payment where key = ${`release:${second.data.orderNo}`}`,
          )
        )[0]?.status === 'succeeded',
      10_000,
      'release refunded',
    );
    const trade = wx.trade(no)!;
    expect(trade.state).toBe('REFUND');
    const d = await order(second.data.orderNo);
    expect(d.paidAmount).toBeGreaterThan(0);
    const refunds = await all<{ status: string; amount: number; provider: string }>(sql`
      select p.status, p.amount, r.provider from ord_payment p join ord_pay_route r on r.key = p.key
       where p.order_no = ${second.data.orderNo} and p.op = 'refund'`);
    expect(refunds).toEqual([
      { status: 'succeeded', amount: rented.depositAmount - d.paidAmount, provider: 'wechatpay' },
    ]);
    await balanced();
  });

  it("WeChat Pay unreachable: the rent says the company is unavailable in the caller's language, nothing is recorded, and the same call later goes on", async () => {
    const { u, idem, body } = await inApp('wechat', 'deposit');
    // The connection to the company breaks once, with no answer.
    wx.cutNextConnection();
    const down = await u.app('POST', '/order/api/app/v1/order/rent', body, 'zh_CN');
    expect(down).toMatchObject({ code: 100806, msg: '支付渠道暂不可用，请稍后再试' });
    // No payment row and no order: only the route, so the retry reaches the same company under the same number.
    expect(await all(sql`select 1 from ord_payment where key like ${`rent:%:${idem}`}`)).toEqual([]);
    const { provider } = await companyNo(idem);
    expect(provider).toBe('wechatpay');
    const again = await u.app('POST', '/order/api/app/v1/order/rent', body);
    expect(again).toMatchObject({ code: 0, data: { status: 'pendingPayment', payment: { channel: 'wechat' } } });
    expect(again.data.payment.params.package).toMatch(/^prepay_id=/);
  });

  it('a forged notification is refused and changes nothing; the sweep asks WeChat Pay and finds the payment', async () => {
    const { u, idem, body } = await inApp('wechat', 'deposit');
    expect((await u.app('POST', '/order/api/app/v1/order/rent', body)).data.status).toBe('pendingPayment');
    const { no } = await companyNo(idem);
    const before = wx.notifications().length;
    wx.forgeNextNotification();
    await wx.pay(no);
    await wx.idle();
    const sent = wx.notifications().slice(before);
    expect(sent.map((n) => [n.forged, n.answer])).toEqual([[true, 400]]);
    const [row] = await all<{ key: string; status: string }>(
      sql`select key, status from ord_payment where key like ${`rent:%:${idem}`}`,
    );
    expect(row!.status).toBe('pending');
    await db().execute(sql`update ord_payment set created_at = now() - interval '1 minute' where key = ${row!.key}`);
    await services().order.engine.sweep();
    expect((await payRows(row!.key))[0]!.status).toBe('succeeded');
    const opened = await u.app('POST', '/order/api/app/v1/order/rent', body);
    expect(opened.code).toBe(0);
    expect(opened.data.status).not.toBe('pendingPayment');
    await balanced();
  });

  it.runIf(engine === 'postgres')(
    '50 identical first calls record one payment; 50 identical calls after paying open one order with one deposit in the books',
    async () => {
      const { u, idem, body } = await inApp('wechat', 'deposit');
      const firsts = await Promise.all(
        Array.from({ length: 50 }, () => u.app('POST', '/order/api/app/v1/order/rent', body)),
      );
      expect(new Set(firsts.map((f) => `${f.code}:${f.data?.orderNo}:${f.data?.status}`)).size).toBe(1);
      expect(firsts[0]!.data.status).toBe('pendingPayment');
      const routes = await all<{ n: number }>(
        sql`select count(*)::int as n from ord_pay_route where key like ${`rent:%:${idem}`}`,
      );
      const rows = await all<{ n: number }>(
        sql`select count(*)::int as n from ord_payment where key like ${`rent:%:${idem}`}`,
      );
      expect([routes[0]!.n, rows[0]!.n]).toEqual([1, 1]);
      const { no } = await companyNo(idem);
      await wx.pay(no);
      await wx.idle();
      const seconds = await Promise.all(
        Array.from({ length: 50 }, () => u.app('POST', '/order/api/app/v1/order/rent', body)),
      );
      expect(seconds.every((r) => r.code === 0 && r.data.orderNo === firsts[0]!.data.orderNo)).toBe(true);
      const orders = await all<{ n: number }>(sql`select count(*)::int as n from ord_order where rent_key = ${idem}`);
      const postings = await all<{ n: number }>(
        sql`select count(*)::int as n from led_transaction where key = ${`rent:${firsts[0]!.data.orderNo}`}`,
      );
      expect([orders[0]!.n, postings[0]!.n]).toEqual([1, 1]);
      // Nothing was given back: the one order holds the one payment.
      const undone = await all<{ n: number }>(
        sql`select count(*)::int as n from ord_payment where key like ${`rent:%:${idem}:undo`}`,
      );
      expect(undone[0]!.n).toBe(0);
      await balanced();
    },
  );

  it('the customer paid another amount: no order opens, the money goes back through WeChat Pay', async () => {
    const { u, idem, body } = await inApp('wechat', 'deposit');
    const first = await u.app('POST', '/order/api/app/v1/order/rent', body);
    const { no } = await companyNo(idem);
    await wx.pay(no, { amount: 1 });
    await wx.idle();
    const second = await u.app('POST', '/order/api/app/v1/order/rent', body);
    expect(second.code).toBe(100714);
    expect((await c.get('/order/api/v1/order/detail', { orderNo: first.data.orderNo })).code).not.toBe(0);
    await until(async () => wx.trade(no)!.state === 'REFUND', 8_000, 'refunded');
    // The key is spent: a third call does not rent on a payment given back.
    expect((await u.app('POST', '/order/api/app/v1/order/rent', body)).code).toBe(100717);
    await balanced();
  });

  it('a rental paid in Alipay: the order string opens the payment, a lost notification is found by the sweep, the rest goes back as an Alipay refund', async () => {
    const { u, idem, body } = await inApp('alipay', 'deposit');
    const first = await u.app('POST', '/order/api/app/v1/order/rent', body);
    expect(first.data).toMatchObject({ status: 'pendingPayment', payment: { channel: 'alipay' } });
    expect(first.data.payment.params.orderStr).toContain('alipay.trade.app.pay');
    const { provider } = await companyNo(idem);
    expect(provider).toBe('alipay');
    ali.dropNextNotification();
    await ali.pay(first.data.payment.params.orderStr);
    await ali.flush();
    const [row] = await all<{ key: string; status: string }>(
      sql`select key, status from ord_payment where key like ${`rent:%:${idem}`}`,
    );
    expect(row!.status).toBe('pending');
    await db().execute(sql`update ord_payment set created_at = now() - interval '1 minute' where key = ${row!.key}`);
    await services().order.engine.sweep();
    expect((await payRows(row!.key))[0]!.status).toBe('succeeded');
    const second = await u.app('POST', '/order/api/app/v1/order/rent', body);
    expect(second.code).toBe(0);
    await until(async () => (await order(second.data.orderNo)).status === 'using', 8_000, 'using');
    await agedBy(second.data.orderNo, 40);
    await giveBack(cabB, second.data.powerBankId);
    await until(async () => (await order(second.data.orderNo)).status === 'finished', 10_000, 'finished');
    const released = async () =>
      (
        await all<{ status: string; provider: string }>(sql`
          select p.status, r.provider from ord_payment p join ord_pay_route r on r.key = p.key
           where p.key = ${`release:${second.data.orderNo}`}`)
      )[0];
    await until(async () => (await released())?.status === 'succeeded', 10_000, 'released');
    expect((await released())!.provider).toBe('alipay');
    const paidNo = (await companyNo(idem)).no;
    expect(ali.refunds.some((r) => r.outTradeNo === paidNo)).toBe(true);
    await balanced();
  });

  it('deposit-free through Alipay: the freeze is granted in the app, the fee is paid from it and the rest unfrozen', async () => {
    const { u, idem, body } = await inApp('alipay', 'depositFree');
    const first = await u.app('POST', '/order/api/app/v1/order/rent', body);
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({ status: 'pendingPayment', payment: { channel: 'alipay' } });
    const { provider } = await companyNo(idem);
    expect(provider).toBe('alipay');
    ali.duplicateNext();
    // The customer's wallet opens the order string and grants the freeze.
    await ali.grantFreeze(first.data.payment.params.orderStr);
    await ali.flush();
    const second = await u.app('POST', '/order/api/app/v1/order/rent', body);
    expect(second.code).toBe(0);
    await until(async () => (await order(second.data.orderNo)).status === 'using', 8_000, 'using');
    expect(await order(second.data.orderNo)).toMatchObject({ authState: 'authorized', payMode: 'depositFree' });
    await agedBy(second.data.orderNo, 40);
    await giveBack(cabB, second.data.powerBankId);
    await until(async () => (await order(second.data.orderNo)).authState === 'paid', 10_000, 'captured');
    await ali.flush();
    const d = await order(second.data.orderNo);
    expect(d).toMatchObject({ status: 'finished', authState: 'paid' });
    expect(d.paidAmount).toBeGreaterThan(0);
    const routed = await all<{ op: string; provider: string }>(sql`
      select r.op, r.provider from ord_pay_route r join ord_payment p on p.key = r.key where p.order_no = ${second.data.orderNo} order by r.op`);
    // The freeze (the rent's payment in the app) and the payment from it, both at Alipay.
    expect(routed).toEqual([
      { op: 'capture', provider: 'alipay' },
      { op: 'freeze', provider: 'alipay' },
    ]);
    await balanced();
  });

  it('a withdrawal approved by staff is paid by Alipay; a failure reason of Alipay gives the amount back', async () => {
    const a = await w.agent();
    await w.earn('agentPayable', a.id, 100_000);
    const applied = (await w.apply(a.app, 40_000, { method: 'alipay', payeeAccount: 'partner@example.com' })).data;
    await ok(c.put(AUDIT, { id: applied.id, approve: true }), 'approve');
    const done = await w.settled(applied.id);
    expect(done).toMatchObject({ status: 'success' });
    const [route] = await all<{ provider: string; reference: string }>(
      sql`select provider, reference from ord_pay_route where op = 'payout' order by created_at desc limit 1`,
    );
    expect(route).toMatchObject({ provider: 'alipay', reference: done.providerReference });
    ali.failNextTransfer('PAYEE_NOT_EXIST');
    const failing = (await w.apply(a.app, 20_000, { method: 'alipay', payeeAccount: 'nobody@example.com' })).data;
    await ok(c.put(AUDIT, { id: failing.id, approve: true }), 'approve');
    expect(await w.settled(failing.id)).toMatchObject({ status: 'failed', failureReason: 'accountNotFound' });
    await balanced();
  });

  it('a payout goes to the company of its channel, and a company failure reason reaches it', async () => {
    const router = services().order.provider;
    const paid = await router.payout({
      key: `payout:t:${crypto.randomUUID()}`,
      amount: 1234,
      payee: 'partner@example.com',
      payeeName: 'Wang Wu',
      channel: 'alipay',
    });
    expect(paid).toMatchObject({ status: 'succeeded', amount: 1234 });
    ali.failNextTransfer('PAYEE_NOT_EXIST');
    const failed = await router.payout({
      key: `payout:t:${crypto.randomUUID()}`,
      amount: 500,
      payee: 'nobody@example.com',
      payeeName: 'Li Si',
      channel: 'alipay',
    });
    expect(failed.status).toBe('failed');
    expect(failed.failure).toBeTruthy();
    // A channel with no company enabled stays with the sandbox.
    expect(
      (await router.payout({ key: `payout:t:${crypto.randomUUID()}`, amount: 100, payee: 'x', channel: 'tap' }))
        .reference,
    ).toMatch(/^SBX/);
  });

  it('a reconciliation day at WeChat Pay: the rentals above match; a refund made only at the company, a payment whose notification never came and an amount off by a cent are exactly the differences', async () => {
    const beijingDay = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    // A payment the customer made whose notification was lost, not yet asked about: the books still wait.
    const { u, idem, body } = await inApp('wechat', 'deposit');
    expect((await u.app('POST', '/order/api/app/v1/order/rent', body)).data.status).toBe('pendingPayment');
    const lost = await companyNo(idem);
    wx.dropNextNotification();
    await wx.pay(lost.no);
    await wx.idle();
    // A refund someone made in the merchant platform, of the first rental's trade.
    const [first] = await all<{ no: string }>(
      sql`select provider_no as no from ord_pay_route where provider = 'wechatpay' and op = 'charge' order by created_at limit 1`,
    );
    wx.refundAtCompanyOnly(first!.no, 100);
    await wx.idle();
    const r = services().reconcile.reconcile;
    const [day] = await r.runNow(beijingDay, 'wechatpay', 'finance1');
    const lines = await r.lines.rows({ runId: day!.id }, 0, 1000);
    const differences = lines
      .filter((l) => l.result !== 'matched')
      .map((l) => `${l.result}:${l.op}:${l.providerAmount ?? '-'}:${l.booksAmount ?? '-'}`)
      .sort();
    expect(differences).toEqual([
      'amountDiffers:charge:1:9900',
      'booksPending:charge:9900:9900',
      'providerOnly:refund:100:-',
    ]);
    expect(lines.filter((l) => l.result === 'matched').length).toBeGreaterThanOrEqual(4);
  });
});
