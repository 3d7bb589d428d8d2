import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { EXTENSION_CODES, Errors, type ExtensionCode } from '@cbo/contract';
import { engines, useServer } from '../../test/helper.js';
import { newSn } from '../../test/fleet/test-cabinet.js';
import { caller, networkFixture, outletBody, type Answer } from '../../test/outlet/outlet-fixtures.js';
import { sysAccount } from '../identity/tables.js';
import { SandboxProvider } from '../order/payments.js';
import { sysExtension } from './tables.js';

const CLOSED = Errors.EXTENSION_CLOSED.code;
const D = '/device/api/v1';
const A = '/order/api/app/v1';
const G = '/user/api/v1/global/config';

type MenuEntry = { path: string; perms: string | null; children: MenuEntry[] };
const paths = (tree: MenuEntry[]): string[] => tree.flatMap((m) => [m.path, ...paths(m.children)]);

/**
 * Extended functions on each engine, on a server that starts as a new install does (all seven
 * closed): per function, closed, its customer calls answer EXTENSION_CLOSED in the caller's
 * language, its screens and buttons are not in the menus served and its staff calls are refused;
 * activated (with a code ticket, through the screen's call) it works; what is in flight goes on.
 */
describe.each(engines)('extended functions gate their features (%s)', (engine) => {
  const sandbox = new SandboxProvider({ duplicateRate: 0, notifyDelayMs: 5 });
  const s = useServer(engine, {}, { paymentProvider: sandbox, extensions: [] });
  let token = '';
  const c = caller(s, () => token);
  const services = () => s.current.server.services;
  const db = () => s.current.database.db;
  let net: Awaited<ReturnType<typeof networkFixture>>;
  let outletId = 0;
  let serial = 0;
  const nextId = (p: string) => `${p}${String(Date.now() % 1e6).padStart(6, '0')}${String(++serial).padStart(7, '0')}`;
  const rows = async <T>(q: SQL): Promise<T[]> => ((await db().execute(q)) as unknown as { rows: T[] }).rows;
  const ok = async (p: Promise<Answer>, what = 'call') => {
    const a = await p;
    if (a.code !== 0) throw new Error(`${what}: ${a.code} ${a.msg}`);
    return a.data;
  };

  async function customer() {
    const mobile = `135${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
    const remoteAddress = `10.${crypto.randomInt(0, 256)}.${crypto.randomInt(0, 256)}.${crypto.randomInt(1, 255)}`;
    await s.current.inject({
      method: 'POST',
      url: '/user/api/app/v1/auth/sendCode',
      payload: { areaCode: '86', mobile },
      remoteAddress,
    });
    const r = (
      await s.current.inject({
        method: 'POST',
        url: '/user/api/app/v1/auth',
        remoteAddress,
        payload: { areaCode: '86', mobile, code: s.current.sms.lastCode(mobile)!, clientType: 'USER_IOS' },
      })
    ).json();
    expect(r.code).toBe(0);
    const t = r.data.token as string;
    const app = async (m: 'GET' | 'POST', url: string, body?: unknown, lang = 'en_US'): Promise<Answer> =>
      (
        await s.current.inject({
          method: m,
          url,
          remoteAddress,
          payload: body as object | undefined,
          headers: { authorization: t, clienttype: 'USER_IOS', 'accept-language': lang },
        })
      ).json();
    return { app, mobile };
  }

  /** The menus the console is served, as every path in the tree, and the buttons of one screen. */
  const menuPaths = async () => paths(await ok(c.get('/user/api/v1/sys/menu/listByUser'), 'menus'));
  const buttons = async (path: string) =>
    (await ok(c.get('/user/api/v1/sys/menu/getButton', { path }), 'buttons')) as string[];

  async function extensionId(code: ExtensionCode): Promise<number> {
    const [row] = await db().select({ id: sysExtension.id }).from(sysExtension).where(eq(sysExtension.code, code));
    return row!.id;
  }
  /** A checked code's ticket, as the extended-functions screen asks for one before activating. */
  async function ticket(): Promise<string> {
    await db()
      .update(sysAccount)
      .set({ areaCode: '86', mobile: '13900000077' })
      .where(eq(sysAccount.userName, 'admin'));
    await db().execute(sql`update sys_verify_code set created_at = created_at - interval '2 minutes'`);
    expect((await c.post(`${G}/sendCode`, {})).code).toBe(0);
    return (await ok(c.post(`${G}/checkCode`, { code: s.current.sms.lastCode('13900000077') }), 'check code')).ticket;
  }
  const activate = async (code: ExtensionCode) =>
    ok(
      c.post('/user/api/v1/extension/editStatus', {
        id: await extensionId(code),
        status: 'activated',
        ticket: await ticket(),
      }),
      `activate ${code}`,
    );
  const close = async (code: ExtensionCode) =>
    ok(c.post('/user/api/v1/extension/editStatus', { id: await extensionId(code), status: 'closed' }), `close ${code}`);

  beforeAll(async () => {
    token = await s.current.login();
    net = await networkFixture(s, c);
    outletId = (
      await ok(c.post(`${D}/outlet/saveOrUpdate`, outletBody(net.agentB, { ratio: 30, hiddenRatio: 30 })), 'outlet')
    ).id;
  }, 120_000);

  it('a new install has every function closed: a customer call answers EXTENSION_CLOSED in its language, naming the function', async () => {
    const active = await rows<{ n: number }>(
      sql`select count(*)::int as n from sys_extension where status = 'activated'`,
    );
    expect(Number(active[0]!.n)).toBe(0);
    expect(EXTENSION_CODES).toHaveLength(7);
    const u = await customer();
    expect(await u.app('GET', '/user/api/app/v1/coupon/mine?pageNum=1&pageSize=10')).toMatchObject({
      code: CLOSED,
      msg: 'Coupons is not activated on this platform',
      data: null,
    });
    expect(await u.app('GET', '/user/api/app/v1/coupon/mine', undefined, 'zh_CN')).toMatchObject({
      code: CLOSED,
      msg: '优惠券功能未开通',
    });
    expect(await u.app('POST', '/user/api/app/v1/coupon/redeem', { code: 'ABCDEFGHJK' }, 'zh_TW')).toMatchObject({
      code: CLOSED,
      msg: '優惠券功能未開通',
    });
    // Refused before the input is read: a malformed query gets the same answer.
    expect((await u.app('GET', `${A}/cable/quote?deviceId=`)).code).toBe(CLOSED);
    expect((await u.app('POST', `${A}/cable/buy`, { deviceId: 'X', hours: 1 })).msg).toBe(
      'Charging-cable packages is not activated on this platform',
    );
    expect((await u.app('GET', `${A}/bluetooth/quote?deviceId=BLUE1`)).code).toBe(CLOSED);
    expect((await u.app('POST', `${A}/bluetooth/start`, { deviceId: 'BLUE1' })).code).toBe(CLOSED);
    expect((await u.app('GET', '/user/api/app/v1/advert/list')).msg).toBe(
      'Advertising is not activated on this platform',
    );
    // Stopping a session is never refused for the function (one in flight ends): here there is none.
    const stop = await u.app('POST', `${A}/bluetooth/stop`, { orderNo: 'NOPE' });
    expect(stop.code).not.toBe(CLOSED);
    expect(stop.code).not.toBe(0);
    // Calls of no function are not touched: the power-bank quote of an unknown cabinet is its own refusal.
    expect((await u.app('GET', `${A}/order/quote?sn=NOSUCHCABINET`)).code).not.toBe(CLOSED);
  });

  it('a closed function is a switch read on every call: a change made by another process is seen by the next request', async () => {
    const u = await customer();
    // Written straight in the table, as another server process on the same database would.
    await db().update(sysExtension).set({ status: 'activated' }).where(eq(sysExtension.code, 'advertising'));
    expect((await u.app('GET', '/user/api/app/v1/advert/list')).code).toBe(0);
    await db().update(sysExtension).set({ status: 'closed' }).where(eq(sysExtension.code, 'advertising'));
    expect((await u.app('GET', '/user/api/app/v1/advert/list')).code).toBe(CLOSED);
    expect(await menuPaths()).not.toContain('/system/scenes');
  });

  it('coupons: closed, its screens leave the menus and its calls are refused; activated, they work; a settle applies no coupon while closed', async () => {
    const before = await menuPaths();
    for (const p of ['/finance/coupon', '/finance/issueCoupon', '/finance/couponCode', '/finance/userCoupon'])
      expect(before).not.toContain(p);
    expect(before).toContain('/system/extensions');
    expect((await c.get('/order/api/v1/coupon/queryPage', { pageNum: 1, pageSize: 10 })).code).toBe(CLOSED);
    expect((await c.post('/order/api/v1/coupon/saveOrUpdate', {}, 'zh_CN')).msg).toBe('优惠券功能未开通');

    const on = await activate('coupons');
    expect(on).toMatchObject({ code: 'coupons', status: 'activated' });
    const after = await menuPaths();
    for (const p of ['/finance/coupon', '/finance/issueCoupon', '/finance/couponCode', '/finance/userCoupon'])
      expect(after).toContain(p);
    expect(await buttons('/finance/coupon')).toContain('order:coupon:edit');
    const u = await customer();
    expect(await u.app('GET', '/user/api/app/v1/coupon/mine?pageNum=1&pageSize=10')).toMatchObject({
      code: 0,
      data: { total: 0 },
    });
    const day = 86_400_000;
    const coupon = await ok(
      c.post('/order/api/v1/coupon/saveOrUpdate', {
        name: `G${crypto.randomBytes(3).toString('hex')}`,
        type: 'money',
        scope: 'platform',
        amount: 100,
        total: 10,
        validFrom: new Date(Date.now() - day).toISOString(),
        validTo: new Date(Date.now() + 30 * day).toISOString(),
      }),
      'coupon',
    );
    expect(
      (
        await ok(
          c.post('/order/api/v1/coupon/issue', { couponId: coupon.id, mobiles: [u.mobile], perUser: 1, dailyLimit: 5 }),
          'issue',
        )
      ).successes,
    ).toBe(1);
    expect((await u.app('GET', '/user/api/app/v1/coupon/mine?pageNum=1&pageSize=10')).data.total).toBe(1);

    // Closed again: the copy the customer holds is neither used nor lost; a settle now applies none.
    await close('coupons');
    expect(await menuPaths()).not.toContain('/finance/coupon');
    expect(await buttons('/finance/coupon')).toEqual([]);
    const [member] = await rows<{ id: number }>(sql`select id from net_member where mobile = ${u.mobile}`);
    const o = await usingOrder(Number(member!.id));
    await services().order.engine.settle(o.id, new Date(), { actor: 'test', event: 'returned' });
    const [used] = await rows<{ status: string }>(
      sql`select status from cp_user_coupon where coupon_id = ${coupon.id}`,
    );
    expect(used!.status).toBe('unused');
    const [d] = await rows<{ n: string }>(
      sql`select coalesce(sum(deduction), 0)::text as n from cp_user_coupon where order_no = ${o.orderNo}`,
    );
    expect(Number(d!.n)).toBe(0);
  });

  it('charging-cable packages: closed, the cable screen leaves and a package cannot be quoted or bought; activated, one is sold', async () => {
    expect(await menuPaths()).not.toContain('/device/cable');
    expect(await buttons('/device/cable')).toEqual([]);
    expect((await c.get(`${D}/cable/queryPage`, { pageNum: 1, pageSize: 10 })).code).toBe(CLOSED);
    await activate('cablePackages');
    expect(await menuPaths()).toContain('/device/cable');
    expect(await buttons('/device/cable')).toEqual(expect.arrayContaining(['device:cable:edit', 'device:cable:code']));
    const model = (
      await ok(
        c.post(`${D}/model/saveOrUpdate`, { productName: 'Cable', model: `GC${serial}`, deviceType: 'cable' }),
        'model',
      )
    ).id;
    const id = nextId('CABL');
    await ok(
      c.post(`${D}/cable/add`, { deviceId: id, modelId: model, packages: [{ name: '1 hour', hours: 1, amount: 200 }] }),
      'cable',
    );
    await ok(c.post(`${D}/outlet/bindDevice`, { outletId, sn: id, deviceType: 'cable', reason: 'test' }), 'bind');
    const u = await customer();
    expect((await u.app('GET', `${A}/cable/quote?deviceId=${id}`)).data.packages).toEqual([
      { name: '1 hour', hours: 1, amount: 200 },
    ]);
    const buy = await u.app('POST', `${A}/cable/buy`, { deviceId: id, hours: 1, idempotencyKey: crypto.randomUUID() });
    expect(buy).toMatchObject({ code: 0, data: { status: 'finished', unlockCode: expect.stringMatching(/^\d{8}$/) } });
    await close('cablePackages');
    expect((await u.app('GET', `${A}/cable/quote?deviceId=${id}`)).code).toBe(CLOSED);
    // The package sold stays the customer's: its order and code are read as before.
    expect((await u.app('GET', `${A}/order/detail?orderNo=${buy.data.orderNo}`)).data).toMatchObject({
      unlockCode: buy.data.unlockCode,
    });
  });

  it('Bluetooth chargers: closed, no session starts and the screen leaves; a session started while activated still stops and is billed', async () => {
    expect(await menuPaths()).not.toContain('/device/bluetooth');
    await activate('bluetoothChargers');
    expect(await menuPaths()).toContain('/device/bluetooth');
    const model = (
      await ok(
        c.post(`${D}/model/saveOrUpdate`, { productName: 'BT', model: `GB${serial}`, deviceType: 'bluetoothCharger' }),
        'model',
      )
    ).id;
    const id = nextId('BLUE');
    await ok(
      c.post(`${D}/bluetooth/add`, {
        deviceId: id,
        modelId: model,
        packages: [],
        hourlyPrice: 100,
        dailyCap: 1000,
        prepayment: 2000,
      }),
      'charger',
    );
    await ok(c.post(`${D}/outlet/bindDevice`, { outletId, sn: id, deviceType: 'bluetooth', reason: 'test' }), 'bind');
    const u = await customer();
    const start = await u.app('POST', `${A}/bluetooth/start`, { deviceId: id });
    expect(start).toMatchObject({ code: 0, data: { status: 'using' } });
    await close('bluetoothChargers');
    expect(await menuPaths()).not.toContain('/device/bluetooth');
    expect((await c.get(`${D}/bluetooth/queryPage`, { pageNum: 1, pageSize: 10 })).code).toBe(CLOSED);
    expect((await u.app('POST', `${A}/bluetooth/start`, { deviceId: id })).code).toBe(CLOSED);
    const stop = await u.app('POST', `${A}/bluetooth/stop`, { orderNo: start.data.orderNo });
    expect(stop).toMatchObject({ code: 0, data: { status: 'finished', deviceType: 'bluetooth' } });
  });

  it('order separation: closed, rules cannot be made or resumed and a share is not separated; the screen keeps its separated orders and their restore', async () => {
    const sn = newSn();
    await services().fleet.stockIn({ sns: [sn] });
    await ok(c.post(`${D}/outlet/bindDevice`, { outletId, sn }), 'bind cabinet');
    const hour = 3_600_000;
    const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
    const rule = {
      name: `S${crypto.randomBytes(3).toString('hex')}`,
      type: 'allPartners',
      deviceSns: [sn],
      orderBeginTime: iso(-2 * hour),
      orderEndTime: iso(hour),
      startAmount: 100,
      capAmount: 1000,
      countStart: 1,
      countCap: 100,
      totalCap: null,
      startTime: iso(-hour),
      endTime: iso(24 * hour),
    };
    // The screen stays (hidden from the sidebar, reached by its route) with only what restores.
    expect(await menuPaths()).toContain('/order/separation');
    expect((await buttons('/order/separation')).sort()).toEqual([
      'order:separationOrder:query',
      'order:separationOrder:restore',
    ]);
    expect((await c.post('/order/api/v1/separationRule/saveOrUpdate', rule)).code).toBe(CLOSED);
    expect((await c.get('/order/api/v1/separationRule/queryPage', { pageNum: 1, pageSize: 10 })).code).toBe(0);

    await activate('orderSeparation');
    expect(await buttons('/order/separation')).toEqual(
      expect.arrayContaining([
        'order:separationRule:edit',
        'order:separationRule:status',
        'order:separationRule:delete',
      ]),
    );
    await ok(c.post('/order/api/v1/separationRule/saveOrUpdate', rule), 'rule');
    const first = await usingOrder(1, sn);
    await services().order.engine.settle(first.id, new Date(), { actor: 'test', event: 'returned' });
    const separated = await ok(
      c.get('/order/api/v1/separationOrder/queryPage', { pageNum: 1, pageSize: 10, orderNo: first.orderNo }),
      'separated',
    );
    expect(separated.list).toEqual([expect.objectContaining({ orderNo: first.orderNo, status: 'separated' })]);

    await close('orderSeparation');
    // A share posted while closed is not separated, though the rule still runs.
    const second = await usingOrder(1, sn);
    await services().order.engine.settle(second.id, new Date(), { actor: 'test', event: 'returned' });
    expect(
      (
        await ok(
          c.get('/order/api/v1/separationOrder/queryPage', { pageNum: 1, pageSize: 10, orderNo: second.orderNo }),
          'none',
        )
      ).total,
    ).toBe(0);
    // The order separated before is restored as before.
    expect((await c.post('/order/api/v1/separationOrder/restore', { id: separated.list[0].id })).code).toBe(0);
    const restored = await ok(
      c.get('/order/api/v1/separationOrder/queryPage', { pageNum: 1, pageSize: 10, orderNo: first.orderNo }),
      'restored',
    );
    expect(restored.list[0].status).toBe('restored');
  });

  it('advertising: closed, nothing is served and the scene screen leaves; activated, the app gets the banners switched on and the scenes with a picture', async () => {
    expect(await menuPaths()).not.toContain('/system/scenes');
    expect((await c.get(`${D}/device/sceneList`)).code).toBe(CLOSED);
    // Banners stay editable in the system configuration while closed (prepared before a campaign).
    const shown = await ok(
      c.post(`${G}/addBanner`, {
        title: 'Summer',
        img: '/files/images/a.png',
        link: 'https://example.com/summer',
        sort: 2,
        enabled: true,
      }),
      'banner',
    );
    const first = await ok(
      c.post(`${G}/addBanner`, { title: 'Spring', img: '/files/images/b.png', link: '', sort: 1, enabled: true }),
      'banner',
    );
    await ok(
      c.post(`${G}/addBanner`, { title: 'Off', img: '/files/images/c.png', link: '', sort: 0, enabled: false }),
      'banner',
    );
    const u = await customer();
    expect((await u.app('GET', '/user/api/app/v1/advert/list')).code).toBe(CLOSED);

    await activate('advertising');
    expect(await menuPaths()).toContain('/system/scenes');
    await ok(
      c.put(`${D}/device/updateImgAndAddr`, {
        deviceType: 'cable',
        img: '/files/images/cable.png',
        link: 'https://example.com/cable',
      }),
      'scene',
    );
    const adverts = await u.app('GET', '/user/api/app/v1/advert/list');
    expect(adverts).toMatchObject({ code: 0 });
    expect(adverts.data).toEqual({
      banners: [
        { id: first.id, title: 'Spring', img: '/files/images/b.png', link: '', sort: 1 },
        { id: shown.id, title: 'Summer', img: '/files/images/a.png', link: 'https://example.com/summer', sort: 2 },
      ],
      scenes: [{ deviceType: 'cable', img: '/files/images/cable.png', link: 'https://example.com/cable' }],
    });
    await close('advertising');
    expect((await u.app('GET', '/user/api/app/v1/advert/list')).code).toBe(CLOSED);
  });

  it('switching is decided once under parallel requests: of ten closes at once one succeeds', async () => {
    await services().system.extensions.activate(['membership']);
    const id = await extensionId('membership');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => c.post('/user/api/v1/extension/editStatus', { id, status: 'closed' })),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== 0))
      expect([Errors.EXTENSION_SAME_STATUS.code, Errors.CONFLICT.code]).toContain(a.code);
    expect(await services().system.extensions.isActive('membership')).toBe(false);
  });

  /** A power-bank order using since 63 minutes ago (fee 300), paid from the balance, so its settle shares at once. */
  async function usingOrder(userId: number, sn = 'NOSN'): Promise<{ id: number; orderNo: string }> {
    const orderNo = `XG${Date.now()}${crypto.randomInt(0, 1e6)}`;
    const billing = {
      freeMinutes: 3,
      pricePerPeriod: 150,
      periodMinutes: 30,
      dailyCap: 3000,
      totalCap: 9900,
      deposit: 9900,
      buyOutDays: 7,
    };
    const chain = [
      { party: 'agentA', partyId: net.agentA, name: 'A', ratio: 20 },
      { party: 'agentB', partyId: net.agentB, name: 'B', ratio: 10 },
      { party: 'outlet', partyId: outletId, name: 'O', ratio: 30 },
    ];
    const r = await rows<{
      id: number;
    }>(sql`insert into ord_order (order_no, user_id, user_mobile, status, pay_mode, sn, outlet_id, outlet_name, billing, chain, deposit_amount, start_at, created_at)
      values (${orderNo}, ${userId}, '86-1', 'using', 'balance', ${sn}, ${outletId}, 'O', ${JSON.stringify(billing)}::jsonb, ${JSON.stringify(chain)}::jsonb, 9900, now() - make_interval(secs => 63 * 60 - 20), now() - interval '63 minutes') returning id`);
    return { id: Number(r[0]!.id), orderNo };
  }
});
