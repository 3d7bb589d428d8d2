import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { engines } from '../../test/helper.js';
import { accountWithMenus } from '../../test/accounts.js';
import { until } from '../../test/fleet/fleet-helpers.js';
import type { TestCabinet } from '../../test/fleet/test-cabinet.js';
import { caller, ok } from '../../test/outlet/outlet-fixtures.js';
import { AUDIT, withdrawalKit } from '../../test/payout/withdrawals.js';
import { useCompanyServer } from '../../test/emulators/company-server.js';
import type { LiveCompanies } from '../../test/emulators/live-companies.js';

const CONFIRMATION = '/user/api/app/v1/withdrawal/confirmation';
const OPENID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';

/**
 * What staff and partners do once real money moved (issue 28), against the WeChat Pay and Alipay
 * emulators: a refund asked by one member of staff and approved by another goes back through the
 * company that took the money, twice in part, each with its own notification, until the order is
 * refunded with the books balanced; a WeChat withdrawal waits for its payee, whose partner app alone
 * fetches what wx.requestMerchantTransfer needs, and is paid once the payee confirms.
 */
describe.each(engines)('payment companies after the money moved (%s)', (engine) => {
  const server = useCompanyServer(engine);
  const { s, c, kit, db, all, order } = server;
  let reviewerToken = '';
  const reviewer = caller(s, () => reviewerToken);
  const w = withdrawalKit(s, c);
  let live: LiveCompanies;
  let cabA: TestCabinet;
  let cabB: TestCabinet;
  const refund = async (refundNo: string) =>
    (await ok(c.get('/order/api/v1/refundOrder/detail', { refundNo }), 'refund detail')) as any;

  /** A rental paid in the app through `channel`, kept 40 minutes and given back: its finished order and the company's number. */
  async function paidRental(channel: 'wechat' | 'alipay'): Promise<{ orderNo: string; no: string }> {
    const u = await kit.customer();
    const idem = `${channel}-${crypto.randomUUID()}`;
    const body = {
      sn: cabA.sn,
      payMode: 'deposit',
      channel,
      idempotencyKey: idem,
      ...(channel === 'wechat' ? { payerId: OPENID } : {}),
    };
    const first = await u.app('POST', '/order/api/app/v1/order/rent', body);
    expect(first.data.status).toBe('pendingPayment');
    const [route] = await all<{ no: string }>(
      sql`select provider_no as no from ord_pay_route where key like ${`rent:%:${idem}`}`,
    );
    if (channel === 'wechat') await live.wx.pay(route!.no);
    else await live.ali.pay(first.data.payment.params.orderStr);
    await live.idle();
    const second = await u.app('POST', '/order/api/app/v1/order/rent', body);
    expect(second.code).toBe(0);
    await until(async () => (await order(second.data.orderNo)).status === 'using', 8_000, 'using');
    await kit.agedBy(second.data.orderNo, 40);
    await kit.giveBack(cabB, second.data.powerBankId);
    await until(async () => (await order(second.data.orderNo)).status === 'finished', 10_000, 'finished');
    // The rest of the deposit went back first (its own refund at the company).
    await until(
      async () =>
        (
          await all<{ status: string }>(
            sql`select status from ord_payment where key = ${`release:${second.data.orderNo}`}`,
          )
        )[0]?.status === 'succeeded',
      10_000,
      'deposit released',
    );
    return { orderNo: second.data.orderNo, no: route!.no };
  }

  /** One refund asked by staff and approved by another account, until the company's notification completes it. */
  async function staffRefund(orderNo: string, amount: number) {
    const asked = await ok(
      c.post('/order/api/v1/refundOrder/refundAmount', { orderNo, amount, reason: 'battery was low' }),
      'ask',
    );
    expect(asked).toMatchObject({ status: 'initiated', amount });
    await ok(reviewer.put('/order/api/v1/refundOrder/audit', { id: asked.id, approve: true }), 'approve');
    await until(async () => (await refund(asked.refundNo)).status === 'complete', 10_000, 'refund complete');
    return refund(asked.refundNo);
  }

  beforeAll(async () => {
    live = server.live();
    await accountWithMenus(db(), 'payreviewer', 'review123', ['order', 'order.refunds', 'order.refunds.audit']);
    reviewerToken = await s.current.login('payreviewer', 'review123');
    cabA = await kit.cabinet(server.outletId(), 10, 12);
    cabB = await kit.cabinet(server.outletId(), 2, 12);
  }, 120_000);

  it.each(['wechat', 'alipay'] as const)(
    'a staff refund after approval goes back through the company of the charge (%s): a partial, then a second, each notified, the order refunded',
    async (channel) => {
      const { orderNo, no } = await paidRental(channel);
      const paid = (await order(orderNo)).paidAmount as number;
      expect(paid).toBeGreaterThan(100);
      const first = await staffRefund(orderNo, 100);
      expect(first.providerReference).toBeTruthy();
      expect(await order(orderNo)).toMatchObject({ status: 'finished', refundAmount: 100, refundPendingAmount: 0 });
      const second = await staffRefund(orderNo, paid - 100);
      expect(second.providerReference).toBeTruthy();
      // WeChat Pay numbers each refund; Alipay names a refund by its trade's number (and our request number).
      if (channel === 'wechat') expect(second.providerReference).not.toBe(first.providerReference);
      expect(await order(orderNo)).toMatchObject({ status: 'finished', refundAmount: paid, refundPendingAmount: 0 });
      // Both went to the company that holds the charge, as refunds of that charge, under their own numbers.
      const routed = await all<{ key: string; provider: string; status: string; amount: number }>(sql`
        select p.key, r.provider, p.status, p.amount from ord_payment p join ord_pay_route r on r.key = p.key
         where p.order_no = ${orderNo} and p.purpose = 'refund' order by p.created_at`);
      const company = channel === 'wechat' ? 'wechatpay' : 'alipay';
      expect(routed.map((r) => [r.provider, r.status, r.amount])).toEqual([
        [company, 'succeeded', 100],
        [company, 'succeeded', paid - 100],
      ]);
      await live.idle();
      if (channel === 'wechat') {
        const refunded = live.wx
          .notifications()
          .filter((n) => n.eventType === 'REFUND.SUCCESS' && n.resource.out_trade_no === no);
        // The deposit's rest and the two staff refunds: three refunds of the one trade, each notified.
        expect(new Set(refunded.map((n) => n.resource.out_refund_no)).size).toBe(3);
      } else {
        expect(live.ali.refunds.filter((r) => r.outTradeNo === no)).toHaveLength(3);
      }
      // Nothing left to refund: the company is not asked for more.
      expect(
        (await c.post('/order/api/v1/refundOrder/refundAmount', { orderNo, amount: 1, reason: 'again' })).code,
      ).not.toBe(0);
      // The refunds left the books through the company's clearing account, each once.
      const posted = await all<{ n: number }>(sql`
        select count(*)::int as n from led_transaction where order_no = ${orderNo} and key like 'refund-done:%'`);
      expect(posted[0]!.n).toBe(2);
    },
  );

  it("a WeChat withdrawal waits for its payee: only the payee's partner app gets what wx.requestMerchantTransfer needs; confirmed, it is paid", async () => {
    const a = await w.agent();
    const other = await w.agent();
    await w.earn('agentPayable', a.id, 100_000);
    const applied = (await w.apply(a.app, 40_000, { method: 'wechat', payeeAccount: OPENID })).data;
    // Not yet paid out: nothing to confirm.
    expect(await a.app('GET', `${CONFIRMATION}?id=${applied.id}`)).toMatchObject({ code: 101115 });
    await ok(c.put(AUDIT, { id: applied.id, approve: true }), 'approve');
    expect((await w.detail(applied.id)).status).toBe('paying');
    const [route] = await all<{ no: string; provider: string }>(sql`
      select r.provider_no as no, r.provider from ord_pay_route r join pay_withdrawal x on x.payout_key = r.key
       where x.id = ${applied.id}`);
    expect(route!.provider).toBe('wechatpay');
    // The transfer is asked once the approval commits.
    await until(async () => Boolean(live.wx.transferBill(route!.no)), 8_000, 'transfer asked');
    const bill = live.wx.transferBill(route!.no)!;
    expect(bill.state).toBe('WAIT_USER_CONFIRM');

    // Kept from the transfer's creation answer, once the router has it.
    await until(async () => (await a.app('GET', `${CONFIRMATION}?id=${applied.id}`)).code === 0, 8_000, 'package');
    const mine = await a.app('GET', `${CONFIRMATION}?id=${applied.id}`);
    expect(mine).toEqual({
      code: 0,
      msg: expect.any(String),
      data: { id: applied.id, mchId: live.wx.mchId, appId: live.wx.appId, package: live.wx.transferPackage(route!.no) },
    });
    // Another partner's app, a customer's app, an id that does not exist: refused, the package never shown.
    const theirs = await other.app('GET', `${CONFIRMATION}?id=${applied.id}`, undefined, 'zh_CN');
    expect(theirs).toMatchObject({ code: 101101, msg: '提现申请不存在' });
    expect(JSON.stringify(theirs)).not.toContain(live.wx.transferPackage(route!.no)!);
    const customer = await kit.customer();
    expect((await customer.app('GET', `${CONFIRMATION}?id=${applied.id}`)).code).not.toBe(0);
    expect((await a.app('GET', `${CONFIRMATION}?id=999999999`)).code).toBe(101101);
    expect((await a.app('GET', `${CONFIRMATION}?id=abc`)).code).toBe(100001);

    // The payee confirms in WeChat: the notification pays the withdrawal; nothing waits any more.
    await live.wx.confirmTransfer(route!.no);
    await live.idle();
    expect(await w.settled(applied.id)).toMatchObject({ status: 'success' });
    expect(await a.app('GET', `${CONFIRMATION}?id=${applied.id}`, undefined, 'zh_TW')).toMatchObject({
      code: 101115,
      msg: '該提現目前無需確認收款',
    });

    // A withdrawal to Alipay is not confirmed in WeChat.
    const toAlipay = (await w.apply(a.app, 20_000, { method: 'alipay', payeeAccount: 'partner@example.com' })).data;
    expect(await a.app('GET', `${CONFIRMATION}?id=${toAlipay.id}`)).toMatchObject({
      code: 101114,
      msg: 'Only a withdrawal to WeChat is confirmed in WeChat',
    });
  });
});
