import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_KINDS, labels } from '@cbo/contract';
import { engines, useServer } from '../../test/helper.js';
import { accountWithMenus } from '../../test/accounts.js';
import { until } from '../../test/fleet/fleet-helpers.js';
import { newSn, TestCabinet } from '../../test/fleet/test-cabinet.js';
import { caller, networkFixture, ok, outletBody, type Answer } from '../../test/outlet/outlet-fixtures.js';
import { SandboxProvider } from '../order/payments.js';

/**
 * "Where is my deposit?" in one place: a customer signs in and rents through the real rental path
 * (a cabinet on the broker, the sandbox payment company); the customer screen's header
 * (memberDetail) and its tabs (the existing lists filtered by userId, the sign-ins and the
 * freezes) answer it. Unknown and bad ids are refused with a code in the caller's language, an
 * account without the permission is refused, never a 500.
 */
describe.each(engines)('the customer in one place (%s)', (engine) => {
  const sandbox = new SandboxProvider({ notifyDelayMs: 5 });
  const s = useServer(engine, {}, { paymentProvider: sandbox });
  let token = '';
  const c = caller(s, () => token);
  const cabinets: TestCabinet[] = [];
  const services = () => s.current.server.services;
  let memberId = 0;
  let other = 0;
  let mobile = '';
  let orderNo = '';

  const signIn = async (m: string) => {
    await s.current.inject({
      method: 'POST',
      url: '/user/api/app/v1/auth/sendCode',
      payload: { areaCode: '86', mobile: m },
    });
    const code = s.current.sms.lastCode(m)!;
    const r = (
      await s.current.inject({
        method: 'POST',
        url: '/user/api/app/v1/auth',
        payload: { areaCode: '86', mobile: m, code, clientType: 'USER_IOS' },
      })
    ).json();
    expect(r.code).toBe(0);
    return r.data.token as string;
  };
  const idOf = async (m: string) =>
    (
      await ok(
        c.get('/user/api/v1/sys/user/selectUserByType', { type: 'user', keyword: m, pageNum: 1, pageSize: 1 }),
        'member',
      )
    ).list[0].id as number;

  beforeAll(async () => {
    token = await s.current.login();
    const net = await networkFixture(s, c);
    const outletId = (await ok(c.post('/device/api/v1/outlet/saveOrUpdate', outletBody(net.agentB)), 'outlet'))
      .id as number;
    const sn = newSn();
    await services().fleet.stockIn({ sns: [sn] });
    await ok(c.post('/device/api/v1/outlet/bindDevice', { outletId, sn }), 'bind');
    const cab = new TestCabinet(services().gateway.brokerUrl, sn, services().fleet.secretOf(sn), 8);
    cab.slots.forEach((x) => Object.assign(x, { battery: 100 }));
    cabinets.push(cab);
    await cab.start();
    await until(async () => (await services().fleet.rental.availability(sn)).available >= 1, 8_000, 'inventory');

    mobile = `137${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
    const app = await signIn(mobile);
    memberId = await idOf(mobile);
    const rent = (
      await s.current.inject({
        method: 'POST',
        url: '/order/api/app/v1/order/rent',
        payload: { sn },
        headers: { authorization: app, clienttype: 'USER_IOS' },
      })
    ).json() as Answer;
    expect(rent.code, rent.msg).toBe(0);
    orderNo = rent.data.orderNo;
    await until(
      async () => (await ok(c.get('/order/api/v1/order/detail', { orderNo }), 'detail')).status === 'using',
      8_000,
      'using',
    );
    // A second customer, who must not show up in the first one's tabs.
    const m2 = `137${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
    await signIn(m2);
    other = await idOf(m2);
  }, 90_000);
  afterAll(async () => {
    await Promise.allSettled(cabinets.map((x) => (x.client ? x.client.endAsync(true) : Promise.resolve())));
  });

  it('the header: profile, the deposit held and the order from the ledger and the orders, the last sign-in', async () => {
    const d = await ok(c.get('/user/api/v1/member/detail', { id: memberId }), 'detail');
    expect(d).toMatchObject({
      id: memberId,
      areaCode: '86',
      mobile,
      terminal: 'USER_IOS',
      level: 'C',
      status: 0,
      freezeReason: null,
      deposit: 9900,
      balance: 0,
      orderCount: 1,
      duplicateOf: null,
      lastFreeze: null,
    });
    expect(Date.parse(d.lastSignInTime)).toBeGreaterThan(Date.now() - 120_000);
    const fresh = await ok(c.get('/user/api/v1/member/detail', { id: other }), 'other');
    expect(fresh).toMatchObject({ id: other, deposit: 0, orderCount: 0 });
  });

  it('the tabs are the existing lists filtered by the customer: orders, deposits, refunds, coupons, vouchers, fund flow', async () => {
    const page = { pageNum: 1, pageSize: 10 };
    const orders = await ok(c.post('/order/api/v1/order/queryPage', { ...page, userId: memberId }), 'orders');
    expect(orders.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([orderNo]);
    expect(
      (await ok(c.post('/order/api/v1/order/queryPage', { ...page, userId: other }), 'orders of the other')).total,
    ).toBe(0);
    const deposits = await ok(
      c.post('/order/api/v1/depositOrder/queryPage', { ...page, userId: memberId }),
      'deposits',
    );
    expect(deposits.list).toHaveLength(1);
    expect(deposits.list[0]).toMatchObject({ orderNo, userId: memberId, state: 'held', amount: 9900 });
    expect(
      (await ok(c.post('/order/api/v1/depositOrder/queryPage', { ...page, userId: other }), 'deposits of the other'))
        .total,
    ).toBe(0);
    expect(
      (await ok(c.post('/order/api/v1/refundOrder/queryPage', { ...page, userId: memberId }), 'refunds')).total,
    ).toBe(0);
    expect(
      (await ok(c.post('/order/api/v1/voucherOrder/queryPage', { ...page, userId: memberId }), 'vouchers')).total,
    ).toBe(0);
    // The coupon list takes the customer now; a coupon sent to the other customer stays theirs.
    const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
    const couponId = (
      await ok(
        c.post('/order/api/v1/coupon/saveOrUpdate', {
          name: `C${Date.now() % 1e6}`,
          type: 'money',
          scope: 'platform',
          amount: 200,
          total: 10,
          validFrom: inDays(-1),
          validTo: inDays(30),
        }),
        'coupon',
      )
    ).id as number;
    const m2 = (await ok(c.get('/user/api/v1/member/detail', { id: other }), 'other')).mobile as string;
    expect(
      await ok(c.post('/order/api/v1/coupon/issue', { couponId, mobiles: [m2], perUser: 1, dailyLimit: 5 }), 'issue'),
    ).toMatchObject({ successes: 1 });
    const theirs = await ok(
      c.get('/order/api/v1/userCoupon/queryPage', { ...page, userId: other }),
      'coupons of the other',
    );
    expect(theirs.total).toBe(1);
    expect(theirs.list[0]).toMatchObject({ userId: other, couponId });
    expect(
      (await ok(c.get('/order/api/v1/userCoupon/queryPage', { ...page, userId: memberId }), 'coupons')).total,
    ).toBe(0);
    expect((await c.get('/order/api/v1/userCoupon/queryPage', { ...page, userId: 'x' })).code).toBe(100001);
    // The user fund flow names the customer's deposit by their phone (not "User deposits held #id") and says whose it is.
    for (const lang of ['en_US', 'zh_CN'] as const) {
      const flow = (await c.post('/order/api/v1/fundFlow/user/queryPage', { ...page, userId: memberId }, lang)).data;
      expect(flow.total).toBeGreaterThan(0);
      const held = flow.list.find((r: { accountCode: string }) => r.accountCode === `userDeposit:${memberId}`);
      expect(held).toMatchObject({
        userId: memberId,
        partyName: `+86 ${mobile}`,
        accountName: `${labels.ledger.accountKind.userDeposit[lang]} · +86 ${mobile}`,
      });
      expect(held.accountName).not.toContain('#');
    }
  });

  it('every ledger kind has words in the three languages, and the user fund flow filters by them', async () => {
    for (const k of LEDGER_KINDS)
      for (const lang of ['zh_CN', 'zh_TW', 'en_US'] as const)
        expect(labels.ledger.flowKind[k][lang], `${k} ${lang}`).toBeTruthy();
    expect(labels.ledger.flowKind.voucherUse.en_US).not.toBe('voucherUse');
    expect(labels.ledger.flowKind.voucherBuy.zh_CN).not.toBe('voucherBuy');
    const rents = await ok(
      c.post('/order/api/v1/fundFlow/user/queryPage', { pageNum: 1, pageSize: 10, userId: memberId, kind: 'rent' }),
      'rent flow',
    );
    expect(rents.total).toBeGreaterThan(0);
    expect(rents.list.every((r: { kind: string }) => (LEDGER_KINDS as readonly string[]).includes(r.kind))).toBe(true);
  });

  it('freezes and unfreezes are kept with who, when and why; the sign-ins are the sessions of the app', async () => {
    await ok(
      c.put('/user/api/v1/member/updateStatus', { id: other, status: 1, reason: 'chargeback dispute' }),
      'freeze',
    );
    await ok(c.put('/user/api/v1/member/updateStatus', { id: other, status: 0 }), 'unfreeze');
    await ok(
      c.put('/user/api/v1/member/updateStatus', { id: other, status: 1, reason: 'lost power bank' }),
      'freeze again',
    );
    const freezes = await ok(
      c.get('/user/api/v1/member/freezes', { userId: other, pageNum: 1, pageSize: 2 }),
      'freezes',
    );
    expect(freezes.total).toBe(3);
    expect(freezes.list).toHaveLength(2);
    expect(freezes.list[0]).toMatchObject({ status: 1, reason: 'lost power bank', operatorName: expect.any(String) });
    expect(freezes.list[0].operatorName.length).toBeGreaterThan(0);
    expect(freezes.list[1]).toMatchObject({ status: 0, reason: null });
    const d = await ok(c.get('/user/api/v1/member/detail', { id: other }), 'detail');
    expect(d).toMatchObject({
      status: 1,
      freezeReason: 'lost power bank',
      lastFreeze: { status: 1, reason: 'lost power bank' },
    });
    expect(
      (await ok(c.get('/user/api/v1/member/freezes', { userId: memberId, pageNum: 1, pageSize: 10 }), 'none')).total,
    ).toBe(0);
    // A refused freeze (no reason) writes nothing.
    expect((await c.put('/user/api/v1/member/updateStatus', { id: memberId, status: 1 })).code).toBe(100001);
    expect(
      (await ok(c.get('/user/api/v1/member/freezes', { userId: memberId, pageNum: 1, pageSize: 10 }), 'still none'))
        .total,
    ).toBe(0);

    await signIn(mobile);
    const signIns = await ok(
      c.get('/user/api/v1/member/signIns', { userId: memberId, pageNum: 1, pageSize: 10 }),
      'sign-ins',
    );
    expect(signIns.total).toBe(2);
    expect(signIns.list[0]).toMatchObject({ terminal: 'USER_IOS', signOutTime: null });
    expect(Date.parse(signIns.list[0].createTime)).toBeGreaterThanOrEqual(Date.parse(signIns.list[1].createTime));
  });

  it("an unknown customer is refused with its own code in the caller's language, a bad id names the field, never a 500", async () => {
    for (const url of [
      '/user/api/v1/member/detail?id=999999',
      '/user/api/v1/member/signIns?userId=999999&pageNum=1&pageSize=10',
      '/user/api/v1/member/freezes?userId=999999&pageNum=1&pageSize=10',
    ]) {
      const en = await c.send('GET', url, undefined, 'en_US');
      expect(en).toMatchObject({ code: 100422, msg: 'This customer does not exist' });
      expect(en.status).toBeLessThan(500);
      expect(await c.send('GET', url, undefined, 'zh_CN')).toMatchObject({ code: 100422, msg: '该用户不存在' });
    }
    const bad = [
      await c.get('/user/api/v1/member/detail', { id: 'abc' }),
      await c.get('/user/api/v1/member/detail', { id: 0 }),
      await c.get('/user/api/v1/member/detail'),
      await c.get('/user/api/v1/member/signIns', { userId: -1, pageNum: 1, pageSize: 10 }),
      await c.get('/user/api/v1/member/freezes', { pageNum: 1, pageSize: 10 }),
      await c.get('/user/api/v1/member/freezes', { userId: memberId, pageNum: 0, pageSize: 10 }),
    ];
    for (const r of bad) {
      expect(r.code, r.msg).toBe(100001);
      expect(r.status).toBeLessThan(500);
    }
  });

  it("needs the user list's permission: an account without it is refused; customer service, seeded with the screen, reads it", async () => {
    const db = s.current.database.db;
    await accountWithMenus(db, 'nocustomer', 'nocustomer1', ['dashboard']);
    const plain = await s.current.login('nocustomer', 'nocustomer1');
    for (const url of [
      `/user/api/v1/member/detail?id=${memberId}`,
      `/user/api/v1/member/signIns?userId=${memberId}&pageNum=1&pageSize=10`,
      `/user/api/v1/member/freezes?userId=${memberId}&pageNum=1&pageSize=10`,
    ]) {
      const r = await s.current.inject({
        method: 'GET',
        url,
        headers: { authorization: plain, clienttype: 'MANAGE_PC', 'accept-language': 'en_US' },
      });
      expect(r.statusCode).toBeLessThan(500);
      expect(r.json().code).toBe(100003);
    }
    await accountWithMenus(db, 'custscreen', 'custscreen1', ['member', 'member.detail', 'member.detail.deposits']);
    const reader = await s.current.login('custscreen', 'custscreen1');
    const get = async (method: 'GET' | 'POST', url: string, payload?: object) =>
      (
        await s.current.inject({
          method,
          url,
          payload,
          headers: { authorization: reader, clienttype: 'MANAGE_PC', 'accept-language': 'en_US' },
        })
      ).json() as Answer;
    expect((await get('GET', `/user/api/v1/member/detail?id=${memberId}`)).data).toMatchObject({
      id: memberId,
      deposit: 9900,
    });
    expect(
      (await get('POST', '/order/api/v1/depositOrder/queryPage', { pageNum: 1, pageSize: 10, userId: memberId })).data
        .total,
    ).toBe(1);
    // The screen's tab buttons carry the lists' permissions: without the fund flow button, no fund flow.
    expect(
      (await get('POST', '/order/api/v1/fundFlow/user/queryPage', { pageNum: 1, pageSize: 10, userId: memberId })).code,
    ).toBe(100003);
    const buttons = (await get('GET', '/user/api/v1/sys/menu/getButton?path=/member/detail')).data as string[];
    expect(buttons).toContain('order:deposit:query');
  });
});
