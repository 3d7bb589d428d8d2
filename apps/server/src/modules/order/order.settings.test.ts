import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CONFIG_DEFAULTS } from '../system/config.service.js';
import { sysDevicePay, sysExtension } from '../system/tables.js';
import { engines, useServer } from '../../test/helper.js';
import { until } from '../../test/fleet/fleet-helpers.js';
import { newSn, TestCabinet } from '../../test/fleet/test-cabinet.js';
import { caller, networkFixture, ok, outletBody, type Answer } from '../../test/outlet/outlet-fixtures.js';
import type { Principal } from '../../platform/http/routes.js';
import { SandboxProvider } from './payments.js';

/**
 * Issue 25: settings that act on the next order (PGlite and PostgreSQL). A device payment
 * configuration sets the next rental's deposit, buy-out price, buy-out days and channel, and the
 * order keeps which configuration and channel; the order shows its source, consumption status,
 * generated amount and member deduction; a member's level takes its percent off at the settle only
 * while the membership function is activated (a balanced ledger entry); the range settings refuse
 * an outlet rule outside them and count the saved rules a tightened range leaves outside; an
 * operator reads orders only as far back as the visibility days.
 */
describe.each(engines)('settings that act on orders (%s)', (engine) => {
  const sandbox = new SandboxProvider({ duplicateRate: 0, notifyDelayMs: 5 });
  const s = useServer(engine, {}, { paymentProvider: sandbox });
  let token = '';
  const c = caller(s, () => token);
  const cabinets: TestCabinet[] = [];
  let outletId = 0;
  let net: Awaited<ReturnType<typeof networkFixture>>;
  let cabA: TestCabinet;
  let cabB: TestCabinet;
  const services = () => s.current.server.services;
  const db = () => s.current.database.db;

  async function cabinet(banks: number): Promise<TestCabinet> {
    const sn = newSn();
    await services().fleet.stockIn({ sns: [sn] });
    await ok(c.post('/device/api/v1/outlet/bindDevice', { outletId, sn }), 'bind');
    const cab = new TestCabinet(services().gateway.brokerUrl, sn, services().fleet.secretOf(sn), 24);
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

  async function customer(
    clientType = 'USER_WECHAT',
  ): Promise<{ app: (m: 'GET' | 'POST', url: string, body?: unknown, lang?: string) => Promise<Answer> }> {
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
        payload: { areaCode: '86', mobile, code: s.current.sms.lastCode(mobile)!, clientType },
      })
    ).json();
    expect(r.code, r.msg).toBe(0);
    const t = r.data.token as string;
    const app = async (m: 'GET' | 'POST', url: string, body?: unknown, lang = 'en_US') =>
      (
        await s.current.inject({
          method: m,
          url,
          payload: body as object | undefined,
          headers: { authorization: t, clienttype: clientType, 'accept-language': lang },
        })
      ).json() as Answer;
    return { app };
  }

  const order = async (orderNo: string) =>
    (await ok(c.get('/order/api/v1/order/detail', { orderNo }), 'detail')) as any;
  const using = (orderNo: string) =>
    until(async () => (await order(orderNo)).status === 'using', 8_000, `order ${orderNo} using`);
  const agedBy = (orderNo: string, minutes: number) =>
    db().execute(
      sql`update ord_order set start_at = now() - make_interval(mins => ${minutes}), created_at = now() - make_interval(mins => ${minutes}) where order_no = ${orderNo}`,
    );
  async function giveBack(cab: TestCabinet, powerBankId: string) {
    const slot = cab.slots.find((x) => !x.powerBankId)!;
    Object.assign(slot, { powerBankId, battery: 90, charging: true });
    await cab.publish('event', { kind: 'returned', slot: slot.slot, powerBankId, battery: 90 });
  }
  /** A rental of 65 minutes (3 free, then 3 periods of 30 at 1.50 = 4.50), returned to cabinet B. */
  async function finishedRental(u: Awaited<ReturnType<typeof customer>>): Promise<any> {
    const r = await u.app('POST', '/order/api/app/v1/order/rent', { sn: cabA.sn });
    expect(r.code, r.msg).toBe(0);
    await using(r.data.orderNo);
    await agedBy(r.data.orderNo, 65);
    await giveBack(cabB, r.data.powerBankId);
    await until(async () => (await order(r.data.orderNo)).status === 'finished', 8_000, 'finished');
    return order(r.data.orderNo);
  }
  async function balanced() {
    const tb = await services().ledger.ledger.trialBalance('en_US');
    expect(tb.totalDebit).toBe(tb.totalCredit);
  }
  const writeConfig = (group: string, values: unknown) =>
    (services().system.config as unknown as { write(db: unknown, g: string, v: unknown): Promise<void> }).write(
      db(),
      group,
      values,
    );

  beforeAll(async () => {
    token = await s.current.login();
    net = await networkFixture(s, c);
    outletId = (
      await ok(
        c.post('/device/api/v1/outlet/saveOrUpdate', outletBody(net.agentB, { ratio: 30, hiddenRatio: 30 })),
        'outlet',
      )
    ).id;
    cabA = await cabinet(10);
    cabB = await cabinet(2);
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled(cabinets.map((x) => (x.client ? x.client.endAsync(true) : Promise.resolve())));
  });

  it("a device payment configuration sets the next rental's deposit, buy-out and channel; the order keeps which", async () => {
    const u = await customer('USER_ALIPAY');
    const before = await u.app('GET', `/order/api/app/v1/order/quote?sn=${cabA.sn}`);
    expect(before.data).toMatchObject({
      billing: { deposit: 9900, totalCap: 9900, buyOutDays: 7 },
      channels: null,
      payModes: ['deposit', 'balance'],
    });

    const [cfg] = await db()
      .insert(sysDevicePay)
      .values({
        idx: 900,
        name: 'Cab deposit',
        deviceType: 'cabinet',
        payMode: 'deposit',
        channels: ['alipay', 'wechat'],
        amount: 5000,
        buyoutPrice: 8000,
        buyoutDays: 3,
        enabled: true,
      })
      .returning();
    try {
      const q = await u.app('GET', `/order/api/app/v1/order/quote?sn=${cabA.sn}`);
      // No balance channel: the balance pay mode is not offered.
      expect(q.data).toMatchObject({
        billing: { deposit: 5000, totalCap: 8000, buyOutDays: 3, pricePerPeriod: 150 },
        channels: ['alipay', 'wechat'],
        payModes: ['deposit'],
      });
      expect((await u.app('POST', '/order/api/app/v1/order/rent', { sn: cabA.sn, payMode: 'balance' })).code).toBe(
        100713,
      );
      const line = await u.app('POST', '/order/api/app/v1/order/rent', { sn: cabA.sn, channel: 'line' }, 'zh_CN');
      expect(line).toMatchObject({ code: 100797, msg: '该设备的支付配置不支持此支付渠道（可用：alipay, wechat）' });

      const r = await u.app('POST', '/order/api/app/v1/order/rent', { sn: cabA.sn, channel: 'wechat' });
      expect(r.code, r.msg).toBe(0);
      await using(r.data.orderNo);
      const d = await order(r.data.orderNo);
      expect(d).toMatchObject({
        depositAmount: 5000,
        payChannel: 'wechat',
        payConfigId: cfg!.id,
        payConfigName: 'Cab deposit',
        source: 'userAlipay',
        consumptionStatus: 'inProgress',
        billing: { totalCap: 8000, buyOutDays: 3 },
      });
      expect(await services().ledger.ledger.balance({ kind: 'userDeposit', partyId: d.userId })).toBe(-5000);
      // Kept 3 days: bought out at the configuration's price, not after the constant 7 days.
      await agedBy(r.data.orderNo, 3 * 1440 + 5);
      await giveBack(cabB, r.data.powerBankId);
      await until(async () => (await order(r.data.orderNo)).status !== 'using', 8_000, 'ended');
      const ended = await order(r.data.orderNo);
      expect(ended).toMatchObject({ paymentKind: 'timeout', originalAmount: 8000, generatedAmount: 8000 });

      // Disabled: the next quote is the outlet's rule again.
      await db().update(sysDevicePay).set({ enabled: false }).where(eq(sysDevicePay.id, cfg!.id));
      const after = await u.app('GET', `/order/api/app/v1/order/quote?sn=${cabA.sn}`);
      expect(after.data).toMatchObject({ billing: { deposit: 9900, totalCap: 9900, buyOutDays: 7 }, channels: null });
    } finally {
      await db().delete(sysDevicePay).where(eq(sysDevicePay.id, cfg!.id));
    }
    await balanced();
  }, 60_000);

  it("a member's level takes its percent off at the settle only while membership is activated; the order shows it in list, detail and export", async () => {
    const u = await customer('USER_IOS');
    const plain = await finishedRental(u);
    expect(plain).toMatchObject({
      originalAmount: 450,
      memberDeduction: 0,
      generatedAmount: 450,
      paidAmount: 450,
      consumptionStatus: 'paid',
      source: 'userIos',
      payChannel: null,
      payConfigId: null,
    });
    // Staff make the member level A (10 %): nothing changes while the membership function is closed.
    expect((await c.put('/user/api/v1/member/updateLevel', { id: plain.userId, level: 'A' })).code).toBe(0);
    expect((await c.put('/user/api/v1/member/updateLevel', { id: plain.userId, level: 'D' })).code).toBe(100001);
    const closed = await finishedRental(u);
    expect(closed).toMatchObject({ memberDeduction: 0, paidAmount: 450 });

    await db().update(sysExtension).set({ status: 'activated' }).where(eq(sysExtension.code, 'membership'));
    try {
      const member = await finishedRental(u);
      expect(member).toMatchObject({
        originalAmount: 450,
        memberDeduction: 45,
        generatedAmount: 405,
        paidAmount: 405,
        consumptionStatus: 'paid',
      });
      expect(member.timeline.map((e: { event: string }) => e.event)).toContain('memberDeducted');
      // The deduction is the platform's marketing expense: the partners share the whole 4.50.
      expect(member.shares.reduce((sum: number, x: { amount: number }) => sum + x.amount, 0)).toBe(450);
      // Level C gives nothing.
      await ok(c.put('/user/api/v1/member/updateLevel', { id: plain.userId, level: 'C' }), 'level C');
      expect(await finishedRental(u)).toMatchObject({ memberDeduction: 0, paidAmount: 450 });

      const list = await ok(
        c.post('/order/api/v1/order/queryPage', { pageNum: 1, pageSize: 10, orderNo: member.orderNo }),
        'list',
      );
      expect(list.list[0]).toMatchObject({
        memberDeduction: 45,
        generatedAmount: 405,
        source: 'userIos',
        consumptionStatus: 'paid',
      });
      const rows = await services().order.queries.rows({ orderNo: member.orderNo }, 0, 10);
      expect(rows[0]).toMatchObject({ memberDeduction: 45, generatedAmount: 405 });
    } finally {
      await db().update(sysExtension).set({ status: 'closed' }).where(eq(sysExtension.code, 'membership'));
    }
    await balanced();
  }, 90_000);

  it('range settings refuse an outlet rule outside them, naming the range; a tightened range leaves saved rules billing and counts them', async () => {
    const body = outletBody(net.agentB, { ratio: 30, hiddenRatio: 30 });
    const high = await c.post(
      '/device/api/v1/outlet/saveOrUpdate',
      { ...body, billing: { ...body.billing, dailyCap: 3000, totalCap: 200_000, deposit: 150_000 } },
      'en_US',
    );
    expect(high).toMatchObject({
      code: 100619,
      msg: "Deposit must be between 0.00 and 1000.00 (the platform's range settings)",
    });
    expect((await c.get('/device/api/v1/outlet/outsideRange')).data).toMatchObject({ total: 0 });

    // Tighten: the hourly price at most 2.00 (the test outlet's is 3.00). Its rule still bills; the range screen counts it.
    await writeConfig('range', { ...CONFIG_DEFAULTS.range, hourlyPrice: { min: 0, max: 200 } });
    try {
      const outside = (await ok(c.get('/device/api/v1/outlet/outsideRange'), 'outside')) as {
        total: number;
        hourlyPrice: number;
        sample: { id: number }[];
      };
      expect(outside.total).toBeGreaterThanOrEqual(1);
      expect(outside.hourlyPrice).toBe(outside.total);
      expect(outside.sample.map((x) => x.id)).toContain(outletId);
      const u = await customer();
      expect((await u.app('GET', `/order/api/app/v1/order/quote?sn=${cabA.sn}`)).data.billing.pricePerPeriod).toBe(150);
      // Its next edit must fit.
      const edit = await c.post('/device/api/v1/outlet/saveOrUpdate', { ...body, id: outletId }, 'zh_CN');
      expect(edit).toMatchObject({ code: 100619, msg: '每小时价格 必须在 0.00 到 2.00 之间（平台范围设置）' });
    } finally {
      await writeConfig('range', CONFIG_DEFAULTS.range);
    }
  }, 60_000);

  it('an operator reads orders only as far back as the visibility days, in the list, the export filter and the detail', async () => {
    const u = await customer();
    const o = await finishedRental(u);
    // Three days old.
    await db().execute(sql`update ord_order set created_at = now() - interval '3 days' where order_no = ${o.orderNo}`);
    const operator = {
      accountId: net.admin,
      sessionId: 0,
      userName: 'op',
      accountType: 'admin',
      clientType: 'MANAGE_PC',
      roleCodes: [],
      roleNames: [],
      isSuper: false,
    } as Principal;
    const q = services().order.queries;
    const page = async () =>
      (await q.page(await q.scoped(operator, { pageNum: 1, pageSize: 10, orderNo: o.orderNo }))).total;
    expect(await page()).toBe(1);
    await writeConfig('operation', { ...CONFIG_DEFAULTS.operation, operatorOrderVisibleDays: 2 });
    try {
      expect(await page()).toBe(0);
      expect((await q.scoped(operator, {})).visibleFrom).toBeDefined();
      await expect(q.detail(o.orderNo, operator)).rejects.toMatchObject({ errorName: 'ORDER_NOT_FOUND' });
      // Not an operator (a super administrator; an account in no team): everything.
      expect(
        (await q.page(await q.scoped({ ...operator, isSuper: true }, { pageNum: 1, pageSize: 10, orderNo: o.orderNo })))
          .total,
      ).toBe(1);
      expect(
        (
          await q.page(
            await q.scoped({ ...operator, accountId: 987654 }, { pageNum: 1, pageSize: 10, orderNo: o.orderNo }),
          )
        ).total,
      ).toBe(1);
      expect((await q.detail(o.orderNo, { ...operator, accountId: 987654 })).orderNo).toBe(o.orderNo);
    } finally {
      await writeConfig('operation', CONFIG_DEFAULTS.operation);
    }
    expect(await page()).toBe(1);
  }, 60_000);
});
