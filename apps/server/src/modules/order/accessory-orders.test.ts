import crypto from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { CableDevice } from '../accessories/offline-code.js';
import { accCableCode } from '../accessories/tables.js';
import { CONFIG_DEFAULTS } from '../system/config.service.js';
import { sysDevicePay } from '../system/tables.js';
import { engines, useServer } from '../../test/helper.js';
import { until } from '../../test/fleet/fleet-helpers.js';
import { caller, networkFixture, ok, outletBody, type Answer } from '../../test/outlet/outlet-fixtures.js';
import { refundChecker } from '../../test/refund-checker.js';
import { SandboxProvider } from './payments.js';
import { ordOrder } from './tables.js';

const D = '/device/api/v1';
const A = '/order/api/app/v1';
const TIERS = [
  { name: '1 hour', hours: 1, amount: 200 },
  { name: '3 hours', hours: 3, amount: 500 },
  { name: '12 hours', hours: 12, amount: 900 },
  { name: 'All day', hours: 24, amount: 1500 },
];

/**
 * Charging-cable packages and Bluetooth charger sessions as orders, on each engine: bought or
 * started through the customers' app calls, priced by the settings of the moment, the cable's code
 * issued from its ring in the order's transaction, the prepayment held and settled, the shares
 * along the outlet's chain, staff refunds and endings, refusals with their messages, and the
 * "only once" rules under 50 requests at once. After every test the books balance.
 */
describe.each(engines)('cable and Bluetooth orders (%s)', (engine) => {
  const sandbox = new SandboxProvider({ notifyDelayMs: 5 });
  const s = useServer(engine, {}, { paymentProvider: sandbox });
  let token = '';
  const c = caller(s, () => token);
  let net: Awaited<ReturnType<typeof networkFixture>>;
  let outletId = 0;
  let cableModel = 0;
  let btModel = 0;
  let serial = 0;
  const services = () => s.current.server.services;
  const db = () => s.current.database.db;
  const cfg = () => services().system.config;
  const writePay = (v: typeof CONFIG_DEFAULTS.pay) =>
    (cfg() as unknown as { write(db: unknown, g: string, v: unknown): Promise<void> }).write(db(), 'pay', v);
  const nextId = (p: string) => `${p}${String(Date.now() % 1e6).padStart(6, '0')}${String(++serial).padStart(7, '0')}`;

  async function cable(bound = true): Promise<string> {
    const id = nextId('CABL');
    await ok(c.post(`${D}/cable/add`, { deviceId: id, modelId: cableModel, packages: TIERS }), 'cable');
    if (bound)
      await ok(
        c.post(`${D}/outlet/bindDevice`, { outletId, sn: id, deviceType: 'cable', reason: 'test' }),
        'bind cable',
      );
    return id;
  }
  async function charger(
    bound = true,
    billing = { hourlyPrice: 100, dailyCap: 1000, prepayment: 2000 },
  ): Promise<string> {
    const id = nextId('BLUE');
    await ok(c.post(`${D}/bluetooth/add`, { deviceId: id, modelId: btModel, packages: [], ...billing }), 'charger');
    if (bound)
      await ok(
        c.post(`${D}/outlet/bindDevice`, { outletId, sn: id, deviceType: 'bluetooth', reason: 'test' }),
        'bind charger',
      );
    return id;
  }

  type Customer = {
    mobile: string;
    app: (m: 'GET' | 'POST', url: string, body?: unknown, lang?: string) => Promise<Answer>;
  };
  async function customer(): Promise<Customer> {
    const mobile = `136${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
    expect(
      (
        await s.current.inject({
          method: 'POST',
          url: '/user/api/app/v1/auth/sendCode',
          payload: { areaCode: '86', mobile },
        })
      ).json().code,
    ).toBe(0);
    const code = s.current.sms.lastCode(mobile)!;
    const r = (
      await s.current.inject({
        method: 'POST',
        url: '/user/api/app/v1/auth',
        payload: { areaCode: '86', mobile, code, clientType: 'USER_IOS' },
      })
    ).json();
    expect(r.code).toBe(0);
    const t = r.data.token as string;
    return {
      mobile,
      app: async (m, url, body, lang = 'en_US') =>
        (
          await s.current.inject({
            method: m,
            url,
            payload: body as object | undefined,
            headers: { authorization: t, clienttype: 'USER_IOS', 'accept-language': lang },
          })
        ).json(),
    };
  }
  const order = async (orderNo: string) =>
    (await ok(c.get('/order/api/v1/order/detail', { orderNo }), 'detail')) as any;
  const events = async (orderNo: string) =>
    (await order(orderNo)).timeline.map((e: { event: string }) => e.event) as string[];
  const shares = (d: { shares: { party: string; amount: number }[] }) =>
    Object.fromEntries(d.shares.map((x) => [x.party, x.amount]));
  const account = (kind: string, partyId?: number) =>
    services().ledger.ledger.balance({ kind: kind as never, partyId: partyId ?? null });
  const codesOf = async (id: string) =>
    Number((await db().select({ n: count() }).from(accCableCode).where(eq(accCableCode.cableId, id)))[0]!.n);
  const ordersOf = async (sn: string) =>
    Number((await db().select({ n: count() }).from(ordOrder).where(eq(ordOrder.sn, sn)))[0]!.n);
  /** An enabled device payment configuration of a kind, removed after the body (a platform setting: one per test). */
  async function withPayConfig(
    values: Omit<typeof sysDevicePay.$inferInsert, 'idx' | 'enabled'>,
    body: (id: number) => Promise<void>,
  ) {
    const [row] = await db()
      .insert(sysDevicePay)
      .values({ idx: 900 + ++serial, enabled: true, ...values })
      .returning();
    try {
      await body(row!.id);
    } finally {
      await db().delete(sysDevicePay).where(eq(sysDevicePay.id, row!.id));
    }
  }
  const agedBy = (orderNo: string, minutes: number) =>
    db().execute(
      sql`update ord_order set start_at = now() - make_interval(mins => ${minutes}) where order_no = ${orderNo}`,
    );

  beforeAll(async () => {
    token = await s.current.login();
    net = await networkFixture(s, c);
    // Agent A holds 60, B 40; the outlet 30; the service provider 10 out of the platform's 40.
    outletId = (
      await ok(
        c.post(
          `${D}/outlet/saveOrUpdate`,
          outletBody(net.agentB, {
            ratio: 30,
            hiddenRatio: 30,
            serviceProviderId: net.provider,
            serviceProviderRatio: 10,
          }),
        ),
        'outlet',
      )
    ).id;
    cableModel = (
      await ok(c.post(`${D}/model/saveOrUpdate`, { productName: 'Cable', model: 'OC1', deviceType: 'cable' }), 'model')
    ).id;
    btModel = (
      await ok(
        c.post(`${D}/model/saveOrUpdate`, { productName: 'BT', model: 'OB1', deviceType: 'bluetoothCharger' }),
        'model',
      )
    ).id;
  }, 60_000);

  afterEach(async () => {
    // Every money movement above was one balanced transaction: the books balance after each test.
    const tb = await services().ledger.ledger.trialBalance('en_US');
    expect(tb.totalDebit).toBe(tb.totalCredit);
  });

  describe('charging cables', () => {
    it('quotes a cable, sells a package, issues the unlock code the cable accepts, and shares the amount along the chain', async () => {
      const id = await cable();
      const u = await customer();
      const q = await u.app('GET', `${A}/cable/quote?deviceId=${id.toLowerCase()}`);
      // The settings' ceilings (first three hours 3.00, 12-hour maximum 10.00, prepaid 10.00) cap the tiers.
      expect(q).toMatchObject({ code: 0, data: { deviceId: id, outletId, currency: 'CNY' } });
      expect(q.data.packages).toEqual([
        { name: '1 hour', hours: 1, amount: 200 },
        { name: '3 hours', hours: 3, amount: 300 },
        { name: '12 hours', hours: 12, amount: 900 },
        { name: 'All day', hours: 24, amount: 1000 },
      ]);
      const buy = await u.app('POST', `${A}/cable/buy`, {
        deviceId: id,
        hours: 12,
        idempotencyKey: `buy-${crypto.randomUUID()}`,
      });
      expect(buy).toMatchObject({
        code: 0,
        data: {
          status: 'finished',
          packageName: '12 hours',
          packageHours: 12,
          amount: 900,
          unlockCode: expect.stringMatching(/^\d{8}$/),
        },
      });
      // The cable, holding its secret, unlocks for 12 hours with the code.
      const device = new CableDevice(
        await services().accessories.cables.secretOf(id),
        TIERS.map((t) => t.hours),
      );
      expect(device.enter(buy.data.unlockCode)).toEqual({ position: 0, hours: 12 });
      const d = await order(buy.data.orderNo);
      expect(d).toMatchObject({
        deviceType: 'cable',
        payMode: 'package',
        status: 'finished',
        deviceSn: id,
        rentOutletId: outletId,
        originalAmount: 900,
        paidAmount: 900,
        packageName: '12 hours',
        packageHours: 12,
        unlockCode: buy.data.unlockCode,
      });
      expect(d.timeline.map((e: { event: string }) => e.event)).toEqual([
        'created',
        'paid',
        'codeIssued',
        'fee',
        'shared',
      ]);
      expect(shares(d)).toEqual({ platform: 270, agentA: 180, agentB: 90, outlet: 270, serviceProvider: 90 });
      // The code list of the cable names the order it was issued for.
      const codes = await ok(c.get(`${D}/cable/codes`, { cableId: id, pageNum: 1, pageSize: 10 }), 'codes');
      expect(codes.list).toEqual([
        expect.objectContaining({ position: 0, hours: 12, code: buy.data.unlockCode, issuedBy: buy.data.orderNo }),
      ]);
      // The customer sees the order and its code again.
      const mine = await u.app('GET', `${A}/order/detail?orderNo=${buy.data.orderNo}`);
      expect(mine.data).toMatchObject({ deviceType: 'cable', unlockCode: buy.data.unlockCode, packageHours: 12 });
      expect((await u.app('GET', `${A}/wallet`)).data).toMatchObject({ balance: 0, deposit: 0 });
    });

    it('staff refund part of a cable order as of any order: the shares are reversed pro rata', async () => {
      const id = await cable();
      const u = await customer();
      const buy = await u.app('POST', `${A}/cable/buy`, { deviceId: id, hours: 1 });
      expect(buy.data.amount).toBe(200);
      const r = await c.post('/order/api/v1/refundOrder/refundAmount', {
        orderNo: buy.data.orderNo,
        amount: 100,
        reason: 'cable was faulty',
      });
      expect(r).toMatchObject({ code: 0, data: { amount: 100, type: 'prepayment', status: 'initiated' } });
      expect(
        (await (await refundChecker(s)).put('/order/api/v1/refundOrder/audit', { id: r.data.id, approve: true })).code,
      ).toBe(0);
      await until(
        async () => (await order(buy.data.orderNo)).refunds[0]?.status === 'complete',
        8_000,
        'refund complete',
      );
      const d = await order(buy.data.orderNo);
      expect(d).toMatchObject({ status: 'finished', paidAmount: 200, refundAmount: 100 });
      expect(shares(d)).toEqual({ platform: 30, agentA: 20, agentB: 10, outlet: 30, serviceProvider: 10 });
    });

    it('refuses an unbound, unknown or malformed cable, a package it does not sell and a declined payment, in the caller language', async () => {
      const loose = await cable(false);
      const u = await customer();
      expect(await u.app('GET', `${A}/cable/quote?deviceId=${loose}`, undefined, 'zh_CN')).toMatchObject({
        code: 100751,
        msg: '该设备未投放到网点，暂不能使用',
      });
      expect(await u.app('POST', `${A}/cable/buy`, { deviceId: loose, hours: 1 })).toMatchObject({
        code: 100751,
        msg: 'This device is not placed in an outlet and cannot be used now',
      });
      expect((await u.app('POST', `${A}/cable/buy`, { deviceId: 'NOPE0000000000000', hours: 1 }, 'zh_TW')).msg).toBe(
        '設備不存在',
      );
      const bad = await u.app('POST', `${A}/cable/buy`, { deviceId: 'short', hours: 1 });
      expect(bad.code).toBe(100001);
      expect(bad.msg).toContain('deviceId');
      expect((await u.app('POST', `${A}/cable/buy`, { deviceId: loose, hours: 0 })).code).toBe(100001);
      const id = await cable();
      expect(await u.app('POST', `${A}/cable/buy`, { deviceId: id, hours: 2 })).toMatchObject({
        code: 100752,
        msg: 'This cable has no 2-hour package',
      });
      sandbox.failNext('charge', 'insufficientBalance');
      expect((await u.app('POST', `${A}/cable/buy`, { deviceId: id, hours: 1 })).code).toBe(100714);
      expect(await ordersOf(id)).toBe(0);
      expect(await codesOf(id)).toBe(0);
      // A staff token is no customer's.
      expect((await c.post(`${A}/cable/buy`, { deviceId: id, hours: 1 })).code).not.toBe(0);
    });

    it('a changed cable package setting changes the next order', async () => {
      const id = await cable();
      const u = await customer();
      const first = await u.app('POST', `${A}/cable/buy`, { deviceId: id, hours: 3 });
      expect(first.data.amount).toBe(300);
      await cfg().save({
        paramType: 'operation',
        values: {
          ...CONFIG_DEFAULTS.operation,
          cablePackage: { prepaid: 800, firstThreeHours: 250, maxTwelveHours: 700 },
        },
      });
      try {
        const q = await u.app('GET', `${A}/cable/quote?deviceId=${id}`);
        expect(q.data.packages.map((t: { amount: number }) => t.amount)).toEqual([200, 250, 700, 800]);
        const second = await u.app('POST', `${A}/cable/buy`, { deviceId: id, hours: 3 });
        expect(second.data.amount).toBe(250);
        expect((await order(second.data.orderNo)).paidAmount).toBe(250);
        // The order already made keeps what it was paid.
        expect((await order(first.data.orderNo)).paidAmount).toBe(300);
      } finally {
        await cfg().save({ paramType: 'operation', values: CONFIG_DEFAULTS.operation });
      }
    });

    it("the cables' payment configuration changes the next buy: its amount caps every package, its channels are offered and kept; without one, today's terms", async () => {
      const id = await cable();
      const u = await customer();
      const plain = await u.app('POST', `${A}/cable/buy`, { deviceId: id, hours: 24 });
      expect(plain.data.amount).toBe(1000);
      expect(await order(plain.data.orderNo)).toMatchObject({
        payChannel: null,
        payConfigId: null,
        payConfigName: null,
      });
      expect((await u.app('GET', `${A}/cable/quote?deviceId=${id}`)).data.channels).toBeNull();
      // A configuration of another kind changes nothing here.
      await withPayConfig(
        {
          name: 'Cabinets',
          deviceType: 'cabinet',
          payMode: 'deposit',
          channels: ['wechat'],
          amount: 100,
          buyoutPrice: 100,
          buyoutDays: 1,
        },
        async () => {
          expect((await u.app('GET', `${A}/cable/quote?deviceId=${id}`)).data).toMatchObject({
            channels: null,
            packages: [{ amount: 200 }, { amount: 300 }, { amount: 900 }, { amount: 1000 }],
          });
        },
      );
      await withPayConfig(
        {
          name: 'Cable prepay',
          deviceType: 'cable',
          payMode: 'prepay',
          channels: ['alipay', 'balance'],
          amount: 600,
          buyoutPrice: 600,
          buyoutDays: 1,
        },
        async (configId) => {
          const q = await u.app('GET', `${A}/cable/quote?deviceId=${id}`);
          // 6.00 in place of the settings' prepaid 10.00: the 12-hour and the all-day packages take 6.00; the balance is no channel of a purchase.
          expect(q.data).toMatchObject({
            channels: ['alipay'],
            packages: [{ amount: 200 }, { amount: 300 }, { amount: 600 }, { amount: 600 }],
          });
          const refused = await u.app('POST', `${A}/cable/buy`, { deviceId: id, hours: 1, channel: 'wechat' }, 'zh_TW');
          expect(refused).toMatchObject({ code: 100797 });
          expect(refused.msg).toContain('alipay, balance');
          expect((await u.app('POST', `${A}/cable/buy`, { deviceId: id, hours: 1, channel: 'balance' })).code).toBe(
            100797,
          );
          // Nothing was charged or issued for the refusals.
          expect(await ordersOf(id)).toBe(1);
          expect(await codesOf(id)).toBe(1);
          const buy = await u.app('POST', `${A}/cable/buy`, { deviceId: id, hours: 24 });
          expect(buy).toMatchObject({ code: 0, data: { amount: 600 } });
          expect(await order(buy.data.orderNo)).toMatchObject({
            paidAmount: 600,
            payChannel: 'alipay',
            payConfigId: configId,
            payConfigName: 'Cable prepay',
          });
          const named = await u.app('POST', `${A}/cable/buy`, { deviceId: id, hours: 3, channel: 'alipay' });
          expect(await order(named.data.orderNo)).toMatchObject({ paidAmount: 300, payChannel: 'alipay' });
          // Disabled: the next buy is on the settings again.
          await db().update(sysDevicePay).set({ enabled: false }).where(eq(sysDevicePay.id, configId));
          expect((await u.app('GET', `${A}/cable/quote?deviceId=${id}`)).data).toMatchObject({
            channels: null,
            packages: [{ amount: 200 }, { amount: 300 }, { amount: 900 }, { amount: 1000 }],
          });
        },
      );
      // The orders made under it keep what they were paid and which configuration applied.
      expect((await order(plain.data.orderNo)).paidAmount).toBe(1000);
    });

    it('50 buys with one key at the same moment: one order, one charge, one code', async () => {
      const id = await cable();
      const u = await customer();
      const key = `tap-${crypto.randomUUID()}`;
      const clearingBefore = await account('providerClearing');
      const all = await Promise.all(
        Array.from({ length: 50 }, () =>
          u.app('POST', `${A}/cable/buy`, { deviceId: id, hours: 1, idempotencyKey: key }),
        ),
      );
      expect(all.every((r) => r.code === 0)).toBe(true);
      expect(new Set(all.map((r) => r.data.orderNo)).size).toBe(1);
      expect(new Set(all.map((r) => r.data.unlockCode)).size).toBe(1);
      expect(await ordersOf(id)).toBe(1);
      expect(await codesOf(id)).toBe(1);
      expect((await account('providerClearing')) - clearingBefore).toBe(200);
    });

    it('tells the customer to wait when the cable has given out its codes for now, before any money moves', async () => {
      const id = await cable();
      const cables = services().accessories.cables;
      for (let i = 0; i < 5; i++) await cables.issue(id, 1, { id: null, name: 'test' });
      const u = await customer();
      const r = await u.app('POST', `${A}/cable/buy`, { deviceId: id, hours: 1 });
      expect(r.code).toBe(100757);
      expect(r.msg).toMatch(/^Too many codes for this cable; try again in \d+ seconds$/);
      expect(await ordersOf(id)).toBe(0);
    });

    it('gives the money back when the order cannot be recorded after the charge, and refuses the spent key', async () => {
      const id = await cable();
      const cables = services().accessories.cables;
      for (let i = 0; i < 5; i++) await cables.issue(id, 1, { id: null, name: 'test' });
      // The check before the charge misses it (as when another buy fills the window a moment later): the issue refuses.
      const wait = cables.codeWait;
      cables.codeWait = async () => 0;
      try {
        const u = await customer();
        const key = `late-${crypto.randomUUID()}`;
        expect((await u.app('POST', `${A}/cable/buy`, { deviceId: id, hours: 1, idempotencyKey: key })).code).toBe(
          103104,
        );
        expect(await ordersOf(id)).toBe(0);
        const userId = (await db().execute(sql`select id from net_member where mobile = ${u.mobile}`)) as unknown as {
          rows: { id: number }[];
        };
        const charge = `cable:${userId.rows[0]!.id}:${key}`;
        await until(
          async () => (await sandbox.query(`${charge}:undo`))?.status === 'succeeded',
          8_000,
          'charge undone',
        );
        expect(await u.app('POST', `${A}/cable/buy`, { deviceId: id, hours: 1, idempotencyKey: key })).toMatchObject({
          code: 100717,
        });
        expect(await ordersOf(id)).toBe(0);
      } finally {
        cables.codeWait = wait;
      }
    });
  });

  describe('Bluetooth chargers', () => {
    it('starts a session on the default prepayment, bills it by the hour when the customer stops it, releases the rest and shares the fee', async () => {
      const id = await charger();
      const u = await customer();
      const q = await u.app('GET', `${A}/bluetooth/quote?deviceId=${id}`);
      expect(q).toMatchObject({
        code: 0,
        data: {
          deviceId: id,
          outletId,
          hourlyPrice: 100,
          dailyCap: 1000,
          prepayDefault: 2000,
          prepayMax: 9900,
          inUse: false,
        },
      });
      const start = await u.app('POST', `${A}/bluetooth/start`, { deviceId: id });
      expect(start).toMatchObject({
        code: 0,
        data: { status: 'using', prepayment: 2000, hourlyPrice: 100, dailyCap: 1000 },
      });
      const userId = (await order(start.data.orderNo)).userId as number;
      expect(await account('userDeposit', userId)).toBe(-2000);
      expect((await u.app('GET', `${A}/wallet`)).data.deposit).toBe(2000);
      expect((await u.app('GET', `${A}/bluetooth/quote?deviceId=${id}`)).data.inUse).toBe(true);
      // A Bluetooth session is no power bank: the customer may still rent one.
      expect(await services().order.engine.holding(userId)).toBe(0);
      await agedBy(start.data.orderNo, 90); // 2 started hours = 2.00
      const stop = await u.app('POST', `${A}/bluetooth/stop`, { orderNo: start.data.orderNo });
      expect(stop).toMatchObject({
        code: 0,
        data: {
          status: 'finished',
          deviceType: 'bluetooth',
          payMode: 'prepayment',
          originalAmount: 200,
          paidAmount: 200,
        },
      });
      const d = await order(start.data.orderNo);
      expect(d.timeline.map((e: { event: string }) => e.event)).toEqual([
        'created',
        'paid',
        'started',
        'stopped',
        'fee',
        'charged',
        'released',
        'shared',
      ]);
      expect(shares(d)).toEqual({ platform: 60, agentA: 40, agentB: 20, outlet: 60, serviceProvider: 20 });
      expect(await account('userDeposit', userId)).toBe(0);
      // Stopped twice: the second finds it ended.
      expect(await u.app('POST', `${A}/bluetooth/stop`, { orderNo: start.data.orderNo }, 'zh_CN')).toMatchObject({
        code: 100702,
        msg: '订单不是使用中状态',
      });
    });

    it('a changed Bluetooth prepayment or price setting changes the next session', async () => {
      const id = await charger(true, { hourlyPrice: 100, dailyCap: 1000, prepayment: 2000 });
      const u = await customer();
      await writePay({
        ...CONFIG_DEFAULTS.pay,
        bluetoothPrepayDefault: 3000,
        bluetoothPrepayMax: 5000,
        bluetoothHourlyLimit: 80,
        bluetoothDailyCap: 800,
      });
      try {
        expect((await u.app('GET', `${A}/bluetooth/quote?deviceId=${id}`)).data).toMatchObject({
          prepayDefault: 3000,
          prepayMax: 5000,
          hourlyPrice: 80,
          dailyCap: 800,
        });
        const a = await u.app('POST', `${A}/bluetooth/start`, { deviceId: id });
        expect(a.data).toMatchObject({ prepayment: 3000, hourlyPrice: 80, dailyCap: 800 });
        await agedBy(a.data.orderNo, 30 * 60 - 30); // 29.5 hours: one day capped at 8.00 and 6 started hours at 0.80 = 12.80
        expect((await u.app('POST', `${A}/bluetooth/stop`, { orderNo: a.data.orderNo })).data.paidAmount).toBe(1280);
        expect(await u.app('POST', `${A}/bluetooth/start`, { deviceId: id, prepayment: 5001 })).toMatchObject({
          code: 100753,
          msg: 'The prepayment cannot be above 50.00',
        });
      } finally {
        await writePay(CONFIG_DEFAULTS.pay);
      }
      const b = await u.app('POST', `${A}/bluetooth/start`, { deviceId: id });
      expect(b.data).toMatchObject({ prepayment: 2000, hourlyPrice: 100, dailyCap: 1000 });
      await ok(c.post('/order/api/v1/order/initOrder', { orderNo: b.data.orderNo, reason: 'test' }), 'init');
    });

    it("the chargers' payment configuration changes the next session: its amount is the prepayment asked and the most, its channels are offered and kept; without one, today's terms", async () => {
      const id = await charger(true, { hourlyPrice: 100, dailyCap: 1000, prepayment: 2000 });
      const u = await customer();
      await withPayConfig(
        {
          name: 'BT prepay',
          deviceType: 'bluetooth',
          payMode: 'prepay',
          channels: ['wechat', 'tap'],
          amount: 1500,
          buyoutPrice: 1500,
          buyoutDays: 1,
        },
        async (configId) => {
          expect((await u.app('GET', `${A}/bluetooth/quote?deviceId=${id}`)).data).toMatchObject({
            prepayDefault: 1500,
            prepayMax: 1500,
            channels: ['wechat', 'tap'],
            hourlyPrice: 100,
          });
          expect(await u.app('POST', `${A}/bluetooth/start`, { deviceId: id, prepayment: 1600 })).toMatchObject({
            code: 100753,
            msg: 'The prepayment cannot be above 15.00',
          });
          expect((await u.app('POST', `${A}/bluetooth/start`, { deviceId: id, channel: 'alipay' })).code).toBe(100797);
          expect(await ordersOf(id)).toBe(0);
          const a = await u.app('POST', `${A}/bluetooth/start`, { deviceId: id, channel: 'tap' });
          expect(a).toMatchObject({ code: 0, data: { prepayment: 1500 } });
          const d = await order(a.data.orderNo);
          expect(d).toMatchObject({
            depositAmount: 1500,
            payChannel: 'tap',
            payConfigId: configId,
            payConfigName: 'BT prepay',
          });
          expect(await account('userDeposit', d.userId)).toBe(-1500);
          // Less may still be chosen (at least an hour); the channel is then the configuration's first.
          await ok(c.post('/order/api/v1/order/initOrder', { orderNo: a.data.orderNo, reason: 'test' }), 'init');
          const b = await u.app('POST', `${A}/bluetooth/start`, { deviceId: id, prepayment: 500 });
          expect(b).toMatchObject({ code: 0, data: { prepayment: 500 } });
          expect(await order(b.data.orderNo)).toMatchObject({ depositAmount: 500, payChannel: 'wechat' });
          await ok(c.post('/order/api/v1/order/initOrder', { orderNo: b.data.orderNo, reason: 'test' }), 'init');
        },
      );
      // A deposit-free configuration holds nothing of its own: the settings' prepayment, its channels.
      await withPayConfig(
        {
          name: 'BT free',
          deviceType: 'bluetooth',
          payMode: 'depositFree',
          channels: ['line'],
          amount: 0,
          buyoutPrice: 100,
          buyoutDays: 1,
        },
        async () => {
          expect((await u.app('GET', `${A}/bluetooth/quote?deviceId=${id}`)).data).toMatchObject({
            prepayDefault: 2000,
            prepayMax: 9900,
            channels: ['line'],
          });
          const f = await u.app('POST', `${A}/bluetooth/start`, { deviceId: id });
          expect(await order(f.data.orderNo)).toMatchObject({
            depositAmount: 2000,
            payChannel: 'line',
            payConfigName: 'BT free',
          });
          await ok(c.post('/order/api/v1/order/initOrder', { orderNo: f.data.orderNo, reason: 'test' }), 'init');
        },
      );
      // None: the settings' terms, no channel recorded.
      expect((await u.app('GET', `${A}/bluetooth/quote?deviceId=${id}`)).data).toMatchObject({
        prepayDefault: 2000,
        prepayMax: 9900,
        channels: null,
      });
      const plain = await u.app('POST', `${A}/bluetooth/start`, { deviceId: id });
      expect(await order(plain.data.orderNo)).toMatchObject({
        depositAmount: 2000,
        payChannel: null,
        payConfigId: null,
      });
      await ok(c.post('/order/api/v1/order/initOrder', { orderNo: plain.data.orderNo, reason: 'test' }), 'init');
    });

    it("refuses an unbound charger, a prepayment that does not cover an hour, a stop of someone else's order or of a cable order", async () => {
      const u = await customer();
      expect((await u.app('POST', `${A}/bluetooth/start`, { deviceId: await charger(false) })).code).toBe(100751);
      const id = await charger();
      expect(await u.app('POST', `${A}/bluetooth/start`, { deviceId: id, prepayment: 99 }, 'zh_TW')).toMatchObject({
        code: 100754,
        msg: '預付金額不能低於一小時的費用 1.00',
      });
      expect((await u.app('POST', `${A}/bluetooth/start`, { deviceId: id, prepayment: 12.5 })).code).toBe(100001);
      const mine = await u.app('POST', `${A}/bluetooth/start`, { deviceId: id });
      const other = await customer();
      expect((await other.app('POST', `${A}/bluetooth/start`, { deviceId: id })).code).toBe(100755);
      expect((await other.app('POST', `${A}/bluetooth/stop`, { orderNo: mine.data.orderNo })).code).toBe(100701);
      const cab = await cable();
      const bought = await other.app('POST', `${A}/cable/buy`, { deviceId: cab, hours: 1 });
      expect((await other.app('POST', `${A}/bluetooth/stop`, { orderNo: bought.data.orderNo })).code).toBe(100756);
      // Staff end the session at a chosen time (110 minutes in: 2 started hours); the fee is taken from the prepayment.
      await agedBy(mine.data.orderNo, 180);
      const end = await c.post('/order/api/v1/order/endOrder', {
        orderNo: mine.data.orderNo,
        endTime: new Date(Date.now() - 70 * 60_000).toISOString(),
        reason: 'customer forgot to stop',
      });
      expect(end).toMatchObject({ code: 0, data: { status: 'finished', paidAmount: 200 } });
    });

    it('ends a session by itself once its fee has used the whole prepayment', async () => {
      const id = await charger();
      const u = await customer();
      const start = await u.app('POST', `${A}/bluetooth/start`, { deviceId: id, prepayment: 500 });
      await agedBy(start.data.orderNo, 4 * 60 + 10); // 5 started hours = 5.00, the whole prepayment
      await services().order.engine.sweep();
      const d = await order(start.data.orderNo);
      expect(d).toMatchObject({ status: 'finished', paidAmount: 500 });
      expect(d.timeline.map((e: { event: string }) => e.event)).toContain('ended');
    });

    it("starts of one charger at once (ten customers; then one customer with 50 keys): one session each time; the losers' prepayments go back; 50 stops settle once", async () => {
      // Ten customers at once: no lock is shared between them; the unique index of open sessions decides.
      const first = await charger();
      const crowd = await Promise.all(Array.from({ length: 10 }, () => customer()));
      const rush = await Promise.all(crowd.map((x) => x.app('POST', `${A}/bluetooth/start`, { deviceId: first })));
      expect(rush.filter((r) => r.code === 0)).toHaveLength(1);
      expect(rush.filter((r) => r.code !== 0).every((r) => r.code === 100755)).toBe(true);
      await ok(
        c.post('/order/api/v1/order/initOrder', {
          orderNo: rush.find((r) => r.code === 0)!.data.orderNo,
          reason: 'test',
        }),
        'init',
      );

      const id = await charger();
      const u = await customer();
      const clearingBefore = await account('providerClearing');
      const keys = Array.from({ length: 50 }, (_, i) => `start-${i}-${crypto.randomUUID()}`);
      const all = await Promise.all(
        keys.map((idempotencyKey) => u.app('POST', `${A}/bluetooth/start`, { deviceId: id, idempotencyKey })),
      );
      expect(all.filter((r) => r.code === 0)).toHaveLength(1);
      expect(all.filter((r) => r.code !== 0).every((r) => r.code === 100755)).toBe(true);
      expect(await ordersOf(id)).toBe(1);
      const won = all.find((r) => r.code === 0)!.data.orderNo as string;
      // The books hold one prepayment; a request that was charged and lost had its charge undone at the company.
      expect((await account('providerClearing')) - clearingBefore).toBe(2000);
      const userId = (await order(won)).userId as number;
      const charged = (
        await Promise.all(
          keys.map(async (k, i) =>
            (await sandbox.query(`bluetooth:${userId}:${k}`)) && all[i]!.code !== 0 ? k : null,
          ),
        )
      ).filter((k) => k !== null);
      await until(
        async () =>
          (await Promise.all(charged.map((k) => sandbox.query(`bluetooth:${userId}:${k}:undo`)))).every(
            (o) => o?.status === 'succeeded' && o.amount === 2000,
          ),
        8_000,
        'charges undone',
      );
      await agedBy(won, 30);
      const stops = await Promise.all(
        Array.from({ length: 50 }, () => u.app('POST', `${A}/bluetooth/stop`, { orderNo: won })),
      );
      expect(stops.filter((r) => r.code === 0)).toHaveLength(1);
      expect(stops.filter((r) => r.code !== 0).every((r) => r.code === 100702)).toBe(true);
      const settled = await db().execute(
        sql`select count(*)::int as n from led_transaction where order_no = ${won} and kind = 'settle'`,
      );
      expect(Number((settled as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(1);
      expect((await order(won)).paidAmount).toBe(100);
    });
  });

  it('the orders list filters by device type for all three and shows the device type in the detail', async () => {
    const u = await customer();
    const cab = await cable();
    const bought = await u.app('POST', `${A}/cable/buy`, { deviceId: cab, hours: 1 });
    const bt = await charger();
    const started = await u.app('POST', `${A}/bluetooth/start`, { deviceId: bt });
    const page = async (deviceType: string) =>
      (await ok(c.post('/order/api/v1/order/queryPage', { pageNum: 1, pageSize: 100, deviceType }), deviceType))
        .list as { orderNo: string; deviceType: string }[];
    const cables = await page('cable');
    const chargers = await page('bluetooth');
    const banks = await page('powerBank');
    expect(cables.every((o) => o.deviceType === 'cable') && cables.some((o) => o.orderNo === bought.data.orderNo)).toBe(
      true,
    );
    expect(
      chargers.every((o) => o.deviceType === 'bluetooth') && chargers.some((o) => o.orderNo === started.data.orderNo),
    ).toBe(true);
    expect(banks.some((o) => o.orderNo === bought.data.orderNo || o.orderNo === started.data.orderNo)).toBe(false);
    const bad = await c.post('/order/api/v1/order/queryPage', { pageNum: 1, pageSize: 10, deviceType: 'toaster' });
    expect(bad.code).toBe(100001);
    expect(await events(started.data.orderNo)).toEqual(['created', 'paid', 'started']);
    // An open session counts in no power-bank limit, and staff may initialise it: the prepayment goes back whole.
    await ok(c.post('/order/api/v1/order/initOrder', { orderNo: started.data.orderNo, reason: 'test' }), 'init');
    expect((await order(started.data.orderNo)).status).toBe('closed');
    const left = await db()
      .select({ n: count() })
      .from(ordOrder)
      .where(and(eq(ordOrder.sn, bt), eq(ordOrder.status, 'using')));
    expect(Number(left[0]!.n)).toBe(0);
  });
});
