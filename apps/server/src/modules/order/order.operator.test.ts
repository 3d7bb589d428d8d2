import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PayConfig, WithdrawalSetting } from '@cbo/contract';
import { CONFIG_DEFAULTS } from '../system/config.service.js';
import { engines, useServer } from '../../test/helper.js';
import { until } from '../../test/fleet/fleet-helpers.js';
import { newSn, TestCabinet } from '../../test/fleet/test-cabinet.js';
import { caller, networkFixture, ok, outletBody, type Answer } from '../../test/outlet/outlet-fixtures.js';
import { refundChecker } from '../../test/refund-checker.js';
import { SandboxProvider } from './payments.js';

/**
 * The operator (a direct-sales team) earns its ratio of its direct outlets' orders, out of the
 * platform's part (issue 15): on each engine, through the calls, a real rental at a team outlet
 * pays the team floor(rest × ratio / 100) into `operatorPayable`; a refund takes that part back pro
 * rata and a refused one gives it back; a separation rule of every partner's share diverts it and
 * a restore gives it back; an agent's outlet's chain has no operator; a bad ratio is
 * refused in the caller's language; and the operator withdraws its earnings in the partner app once
 * they are older than the settlement days. The books balance after every test.
 */
describe.each(engines)("the operator's share (%s)", (engine) => {
  const sandbox = new SandboxProvider({ duplicateRate: 0, notifyDelayMs: 5 });
  const s = useServer(engine, {}, { paymentProvider: sandbox });
  let token = '';
  const c = caller(s, () => token);
  const cabinets: TestCabinet[] = [];
  let net: Awaited<ReturnType<typeof networkFixture>>;
  let teamName = '';
  let opPhone = '';
  let directId = 0;
  let agentOutletId = 0;
  let cab: TestCabinet;
  const services = () => s.current.server.services;
  const db = () => s.current.database.db;

  const saveTeam = (ratio: unknown, lang = 'en_US') =>
    c.post(
      '/user/api/v1/team/saveOrUpdate',
      { id: net.team, name: teamName, regionId: net.region, leaderId: net.admin, memberIds: [net.admin], ratio },
      lang,
    );
  const writePay = (over: Partial<PayConfig>) =>
    (services().system.config as unknown as { write(db: unknown, g: string, v: unknown): Promise<void> }).write(
      db(),
      'pay',
      { ...CONFIG_DEFAULTS.pay, ...over },
    );
  const operatorSettings = (v: Partial<WithdrawalSetting>) =>
    writePay({
      withdrawal: { ...CONFIG_DEFAULTS.pay.withdrawal, operator: { ...CONFIG_DEFAULTS.pay.withdrawal.operator, ...v } },
    });
  /** What the operator is owed in the books (its payable is a liability: credits less debits). */
  const owed = async () => 0 - (await services().ledger.ledger.balance({ kind: 'operatorPayable', partyId: net.team }));
  const detail = async (orderNo: string) =>
    (await ok(c.get('/order/api/v1/order/detail', { orderNo }), 'detail')) as any;
  const byParty = (d: { shares: { party: string; ratio: number; amount: number }[] }) =>
    Object.fromEntries(d.shares.map((x) => [x.party, [x.ratio, x.amount]]));

  async function customer(): Promise<(m: 'GET' | 'POST', url: string, body?: unknown) => Promise<Answer>> {
    const mobile = `135${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
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
    const t = r.data.token as string;
    return async (m, url, body) =>
      (
        await s.current.inject({
          method: m,
          url,
          payload: body as object | undefined,
          headers: { authorization: t, clienttype: 'USER_IOS', 'accept-language': 'en_US' },
        })
      ).json();
  }

  /** A rental at the team's outlet, using now; `end` closes it as staff do, billed as if it had lasted 120 min (6.00). */
  async function rented(): Promise<{ orderNo: string; end: () => Promise<void> }> {
    const app = await customer();
    const r = await app('POST', '/order/api/app/v1/order/rent', { sn: cab.sn });
    expect(r.code, r.msg).toBe(0);
    await until(async () => (await detail(r.data.orderNo)).status === 'using', 8_000, 'using');
    return {
      orderNo: r.data.orderNo,
      end: async () => {
        await db().execute(
          sql`update ord_order set start_at = now() - make_interval(mins => 120), created_at = now() - make_interval(mins => 120) where order_no = ${r.data.orderNo}`,
        );
        await ok(
          c.post('/order/api/v1/order/endOrder', {
            orderNo: r.data.orderNo,
            endTime: new Date().toISOString(),
            reason: 'end',
          }),
          'end',
        );
        expect(await detail(r.data.orderNo)).toMatchObject({ status: 'finished', paidAmount: 600 });
      },
    };
  }
  const paidOrder = async () => {
    const o = await rented();
    await o.end();
    return o.orderNo;
  };
  const approve = async (id: number) =>
    ok((await refundChecker(s)).put('/order/api/v1/refundOrder/audit', { id, approve: true }), 'approve refund');
  const refund = async (orderNo: string, amount: number) =>
    approve(
      (
        await ok(
          c.post('/order/api/v1/refundOrder/refundAmount', { orderNo, amount, reason: 'battery was low' }),
          'refund',
        )
      ).id as number,
    );

  beforeAll(async () => {
    token = await s.current.login();
    net = await networkFixture(s, c);
    teamName = `Op ${crypto.randomBytes(3).toString('hex')}`;
    opPhone = `137${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
    // The team holds 33 %, and signs in to the partner app as the operator.
    await ok(
      c.post('/user/api/v1/team/saveOrUpdate', {
        id: net.team,
        name: teamName,
        regionId: net.region,
        leaderId: net.admin,
        memberIds: [net.admin],
        ratio: 33,
        appAreaCode: '86',
        appMobile: opPhone,
        appPassword: 'pass1234',
      }),
      'team',
    );
    // Its direct outlet keeps 40 %, its service provider 10 % out of the platform's 60: 50 % are left for the operator.
    directId = (
      await ok(
        c.post(
          '/device/api/v1/outlet/saveOrUpdate',
          outletBody(net.agentB, {
            agentId: null,
            teamId: net.team,
            ratio: 40,
            hiddenRatio: 40,
            serviceProviderId: net.provider,
            serviceProviderRatio: 10,
          }),
        ),
        'direct outlet',
      )
    ).id;
    agentOutletId = (
      await ok(
        c.post(
          '/device/api/v1/outlet/saveOrUpdate',
          outletBody(net.agentB, {
            ratio: 30,
            hiddenRatio: 30,
            serviceProviderId: net.provider,
            serviceProviderRatio: 10,
          }),
        ),
        'agent outlet',
      )
    ).id;
    const sn = newSn();
    await services().fleet.stockIn({ sns: [sn] });
    await ok(c.post('/device/api/v1/outlet/bindDevice', { outletId: directId, sn }), 'bind');
    cab = new TestCabinet(services().gateway.brokerUrl, sn, services().fleet.secretOf(sn), 24);
    cab.slots.forEach((x, i) =>
      i < 20
        ? Object.assign(x, { battery: 100 })
        : Object.assign(x, { powerBankId: null, battery: null, charging: false }),
    );
    cabinets.push(cab);
    await cab.start();
    await until(async () => (await services().fleet.rental.availability(sn)).available >= 20, 8_000, 'inventory');
    // A 6 % tax, so the chain shares the rest: 600 - 36 = 564.
    await writePay({ taxFeePercent: 6 });
  }, 60_000);
  afterAll(async () => {
    await writePay({});
    await Promise.allSettled(cabinets.map((x) => (x.client ? x.client.endAsync(true) : Promise.resolve())));
  });
  afterEach(async () => {
    const tb = await services().ledger.ledger.trialBalance('en_US');
    expect(tb.totalDebit).toBe(tb.totalCredit);
  });

  it("an order at the team's outlet pays the operator floor(rest × ratio / 100) out of the platform's part; the ratio is the one of the rent; at most what the platform has left", async () => {
    const before = await owed();
    const o = await rented();
    // Raised while the order runs: this order keeps the chain it was rented with.
    await ok(saveTeam(70), 'raise');
    await o.end();
    const d = await detail(o.orderNo);
    expect(d.timeline.map((e: { event: string }) => e.event)).toContain('shared');
    // 564 shared: the outlet 40 % (225), the provider 10 % (56), the operator 33 % (186 = floor(564 × 33 / 100)), the platform the rest.
    expect(Math.floor((564 * 33) / 100)).toBe(186);
    expect(byParty(d)).toEqual({
      platform: [17, 97],
      outlet: [40, 225],
      serviceProvider: [10, 56],
      operator: [33, 186],
    });
    expect(d.shares.find((x: { party: string }) => x.party === 'operator')).toMatchObject({
      partyId: net.team,
      name: teamName,
    });
    expect((await owed()) - before).toBe(186);

    // The next order: 70 % asked, but only 50 % is left after the outlet and the provider; the platform keeps the odd cents.
    const next = await paidOrder();
    expect(byParty(await detail(next))).toEqual({
      platform: [0, 1],
      outlet: [40, 225],
      serviceProvider: [10, 56],
      operator: [50, 282],
    });
    expect((await owed()) - before).toBe(186 + 282);
    // The account is named by its team in the books (trial balance and fund flows).
    const tb = await services().ledger.ledger.trialBalance('en_US');
    expect(tb.accounts.find((a) => a.code === `operatorPayable:${net.team}`)?.name).toContain(teamName);
    await ok(saveTeam(33), 'back to 33');
  });

  it("a partial refund takes the operator's part back pro rata, a refused one gives it back, a full one takes all of it", async () => {
    const orderNo = await paidOrder();
    const before = await owed();
    const operatorPart = async () =>
      (await detail(orderNo)).shares.find((x: { party: string }) => x.party === 'operator').amount as number;
    expect(await operatorPart()).toBe(186);
    // 2.00 of 6.00: a third of every share (taxes 36, outlet 225, provider 56, operator 186, platform 97).
    await refund(orderNo, 200);
    await until(async () => (await detail(orderNo)).refunds[0]?.status === 'complete', 8_000, 'refund complete');
    expect(await operatorPart()).toBe(186 - Math.floor((186 * 200) / 600));
    expect(await operatorPart()).toBe(124);
    expect(before - (await owed())).toBe(62);
    // The payment company refuses the next one: the operator's part comes back.
    sandbox.failNext('refund', 'transferClosed');
    await refund(orderNo, 100);
    await until(async () => (await detail(orderNo)).status === 'refundFailed', 8_000, 'refund failed');
    expect(await operatorPart()).toBe(124);
    expect(before - (await owed())).toBe(62);
    // The rest of the order: every share gives back what it still holds.
    await refund(orderNo, 400);
    await until(
      async () =>
        (await detail(orderNo)).refunds.filter((r: { status: string }) => r.status === 'complete').length === 2,
      8_000,
      'full refund complete',
    );
    const d = await detail(orderNo);
    expect(d).toMatchObject({ paidAmount: 600, refundAmount: 600 });
    expect(byParty(d)).toEqual({ platform: [17, 0], outlet: [40, 0], serviceProvider: [10, 0], operator: [33, 0] });
    expect(before - (await owed())).toBe(186);
  });

  it("an agent's outlet has no operator in its chain: A, B, the outlet and the provider share as before", async () => {
    const outlet = await services().outlet.outlets.forOrder(agentOutletId);
    const chain = await services().order.engine.chainOf(outlet!);
    expect(chain.map((l) => [l.party, l.ratio])).toEqual([
      ['agentA', 20],
      ['agentB', 10],
      ['outlet', 30],
      ['serviceProvider', 10],
    ]);
    // A team without a ratio is no link either.
    await ok(saveTeam(0), 'zero');
    expect(
      (await services().order.engine.chainOf((await services().outlet.outlets.forOrder(directId))!)).map(
        (l) => l.party,
      ),
    ).toEqual(['outlet', 'serviceProvider']);
    await ok(saveTeam(33), 'back to 33');
  });

  it("refuses a team ratio that is not a whole percent from 0 to 100, naming the field in the caller's language", async () => {
    for (const bad of [101, -1, 12.5, '10']) {
      const r = await saveTeam(bad);
      expect(r.code, JSON.stringify(bad)).toBe(100001);
      expect(r.msg).toMatch(/ratio/);
    }
    expect((await saveTeam(101)).msg).toBe('Invalid input: ratio: must be at most 100');
    expect((await saveTeam(-1)).msg).toBe('Invalid input: ratio: must be at least 0');
    expect((await saveTeam(12.5)).msg).toBe('Invalid input: ratio: must be a whole number from 0 to 100');
    expect((await saveTeam(101, 'zh_CN')).msg).toBe('参数错误：ratio: 不能大于 100');
    expect((await saveTeam(12.5, 'zh_CN')).msg).toBe('参数错误：ratio: 必须是 0-100 的整数');
    expect((await saveTeam(-1, 'zh_TW')).msg).toBe('參數錯誤：ratio: 不能小於 0');
    const list = await ok(c.get('/user/api/v1/team/queryPage', { pageNum: 1, pageSize: 10, name: teamName }), 'teams');
    expect(list.list[0]).toMatchObject({ id: net.team, ratio: 33 });
  });

  it("a separation rule of every partner's share takes the operator's part too, and a restore gives it back", async () => {
    const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
    const rule = await ok(
      c.post('/order/api/v1/separationRule/saveOrUpdate', {
        name: `Op ${crypto.randomBytes(3).toString('hex')}`,
        type: 'allPartners',
        deviceSns: [cab.sn],
        orderBeginTime: iso(-3 * 3_600_000),
        orderEndTime: iso(3_600_000),
        startAmount: 100,
        capAmount: 1000,
        countStart: 1,
        countCap: 100,
        totalCap: null,
        startTime: iso(-3_600_000),
        endTime: iso(86_400_000),
      }),
      'rule',
    );
    try {
      const before = await owed();
      const orderNo = await paidOrder();
      const sep = (
        await ok(c.get('/order/api/v1/separationOrder/queryPage', { pageNum: 1, pageSize: 10, orderNo }), 'separated')
      ).list[0];
      expect(sep.shares).toEqual(expect.arrayContaining([{ kind: 'operatorPayable', partyId: net.team, amount: 186 }]));
      expect(sep.amount).toBe(225 + 56 + 186);
      expect(await owed()).toBe(before);
      await ok(c.post('/order/api/v1/separationOrder/restore', { id: sep.id }), 'restore');
      expect((await owed()) - before).toBe(186);
    } finally {
      await ok(c.post('/order/api/v1/separationRule/editStatus', { id: rule.id, status: 'paused' }), 'pause');
    }
  });

  it('the operator withdraws its order earnings in the partner app once they are older than the settlement days', async () => {
    await paidOrder();
    // Orders pay cents: the operators' minimum is lowered to 1.00; the settlement days stay the default 7.
    expect(CONFIG_DEFAULTS.pay.withdrawal.operator.settlementDays).toBe(7);
    await operatorSettings({ minAmount: 100 });
    const login = (
      await s.current.inject({
        method: 'POST',
        url: '/user/api/app/v1/auth',
        payload: { areaCode: '86', mobile: opPhone, password: 'pass1234', clientType: 'AGENT_IOS' },
      })
    ).json() as Answer;
    expect(login.code).toBe(0);
    const app = (method: 'GET' | 'POST', url: string, body?: unknown, lang = 'en_US') =>
      s.current
        .inject({
          method,
          url,
          payload: body as object | undefined,
          headers: { authorization: login.data.token, clienttype: 'AGENT_IOS', 'accept-language': lang },
        })
        .then((x) => x.json() as Answer);
    const apply = (amount: number, lang?: string) =>
      app(
        'POST',
        '/user/api/app/v1/withdrawal/apply',
        {
          amount,
          method: 'wechat',
          payeeAccount: 'wx-operator',
          payeeName: 'Team lead',
          idempotencyKey: crypto.randomBytes(8).toString('hex'),
        },
        lang,
      );
    try {
      // Every share of the team is from today: nothing is withdrawable yet, and the refusal says so.
      const balance = await app('GET', '/user/api/app/v1/withdrawal/balance');
      expect(balance.data).toMatchObject({ partyKind: 'operator', balance: await owed(), withdrawable: 0 });
      expect(balance.data.balance).toBeGreaterThanOrEqual(186);
      expect(await apply(100)).toMatchObject({ code: 101106, msg: 'Not enough to withdraw (withdrawable now: 0.00)' });
      // A week and a day later (the team's order movements moved back 8 days), the earnings are settled.
      await db().execute(
        sql`update led_entry set created_at = created_at - interval '8 days' where account = ${`operatorPayable:${net.team}`} and order_no is not null`,
      );
      const settled = await app('GET', '/user/api/app/v1/withdrawal/balance');
      expect(settled.data.withdrawable).toBe(settled.data.balance);
      const owedBefore = await owed();
      const applied = await apply(100);
      expect(applied).toMatchObject({
        code: 0,
        data: { partyKind: 'operator', partyId: net.team, amount: 100, status: 'initiated' },
      });
      expect(owedBefore - (await owed())).toBe(100);
      await ok(c.put('/user/api/v1/withdrawal/audit', { id: applied.data.id, approve: true }), 'approve');
      await until(
        async () =>
          (await ok(c.get('/user/api/v1/withdrawal/detail', { id: applied.data.id }), 'withdrawal')).status ===
          'success',
        8_000,
        'paid out',
      );
    } finally {
      await writePay({ taxFeePercent: 6 });
    }
  });
});
