import crypto from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { auth, engines, useServer } from '../../test/helper.js';
import { accountWithMenus } from '../../test/accounts.js';
import { until } from '../../test/fleet/fleet-helpers.js';
import { newSn } from '../../test/fleet/test-cabinet.js';
import { caller, networkFixture, outletBody, type Answer } from '../../test/outlet/outlet-fixtures.js';
import { SandboxProvider } from '../order/payments.js';
import { useValue } from './voucher-order.service.js';

/**
 * Vouchers on each engine: staff create and edit them (HTTP, bad input in the caller's language),
 * customers buy them in the app (the stock decided by a conditional update), the order engine
 * applies the best pass when a rental ends, staff refund the unused part once, passes expire.
 * After every test the books balance and no pass leaves a cent in the voucher liability it should not.
 */
describe.each(engines)('vouchers (%s)', (engine) => {
  const sandbox = new SandboxProvider({ duplicateRate: 0, notifyDelayMs: 5 });
  const s = useServer(engine, {}, { paymentProvider: sandbox });
  let token = '';
  const c = caller(s, () => token);
  const services = () => s.current.server.services;
  const db = () => s.current.database.db;
  let net: Awaited<ReturnType<typeof networkFixture>>;
  let outletId = 0;
  let otherOutletId = 0;
  let sn = '';

  const ok = async (p: Promise<Answer>, what = 'call') => {
    const a = await p;
    if (a.code !== 0) throw new Error(`${what}: ${a.code} ${a.msg}`);
    return a.data;
  };
  const uniq = () => crypto.randomBytes(3).toString('hex');
  const voucherBody = (over: object = {}) => ({
    name: `V${uniq()}`,
    price: 1000,
    freeMinutes: 60,
    uses: 3,
    validDays: 30,
    stock: 100,
    scopeType: 'platform',
    status: 'onSale',
    ...over,
  });
  const addVoucher = async (over: object = {}) =>
    (await ok(c.post('/user/api/v1/sys/voucher/add', voucherBody(over)), 'add voucher')) as {
      id: number;
      price: number;
      name: string;
    };

  async function customer() {
    const mobile = `136${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
    await s.current.inject({
      method: 'POST',
      url: '/user/api/app/v1/auth/sendCode',
      payload: { areaCode: '86', mobile },
    });
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
    const app = async (m: 'GET' | 'POST', url: string, body?: unknown, lang = 'en_US'): Promise<Answer> =>
      (
        await s.current.inject({
          method: m,
          url,
          payload: body as object | undefined,
          headers: { authorization: t, clienttype: 'USER_IOS', 'accept-language': lang },
        })
      ).json();
    const buy = (voucherId: number, idempotencyKey?: string) =>
      app('POST', '/order/api/app/v1/voucher/buy', { voucherId, idempotencyKey });
    const [m] = await rows<{ id: number }>(sql`select id from net_member where mobile = ${mobile}`);
    return { app, buy, mobile, id: Number(m!.id) };
  }
  const rows = async <T>(q: SQL): Promise<T[]> => ((await db().execute(q)) as unknown as { rows: T[] }).rows;
  const account = (kind: string, partyId?: number) =>
    services().ledger.ledger.balance({ kind: kind as never, partyId: partyId ?? null });
  const voucherOrder = async (no: string) => services().voucher.orders.find(no);

  /** An order of the customer at an outlet, using since `minutes` ago, secured by nothing (the fee is asked of the provider): the settle is what is tested. */
  async function usingOrder(
    userId: number,
    minutes: number,
    atOutlet = outletId,
  ): Promise<{ id: number; orderNo: string }> {
    const orderNo = `RT${Date.now()}${crypto.randomInt(0, 1e6)}`;
    const billing = {
      freeMinutes: 3,
      pricePerPeriod: 150,
      periodMinutes: 30,
      dailyCap: 3000,
      totalCap: 9900,
      deposit: 0,
      buyOutDays: 7,
    };
    const chain = [
      { party: 'agentA', partyId: net.agentA, name: 'A', ratio: 20 },
      { party: 'agentB', partyId: net.agentB, name: 'B', ratio: 10 },
      { party: 'outlet', partyId: atOutlet, name: 'O', ratio: 30 },
    ];
    const r = await rows<{
      id: number;
    }>(sql`insert into ord_order (order_no, user_id, user_mobile, status, pay_mode, sn, outlet_id, outlet_name, billing, chain, deposit_amount, start_at, created_at)
      values (${orderNo}, ${userId}, '86-1', 'using', 'deposit', ${sn}, ${atOutlet}, 'O', ${JSON.stringify(billing)}::jsonb, ${JSON.stringify(chain)}::jsonb, 0, now() - make_interval(secs => ${minutes * 60 - 20}), now()) returning id`);
    return { id: Number(r[0]!.id), orderNo };
  }
  const settle = (id: number) => services().order.engine.settle(id, new Date(), { actor: 'test', event: 'returned' });

  beforeAll(async () => {
    token = await s.current.login();
    net = await networkFixture(s, c);
    outletId = (await ok(c.post('/device/api/v1/outlet/saveOrUpdate', outletBody(net.agentB)), 'outlet')).id;
    otherOutletId = (await ok(c.post('/device/api/v1/outlet/saveOrUpdate', outletBody(net.agentA)), 'outlet 2')).id;
    sn = newSn();
    await services().fleet.stockIn({ sns: [sn] });
    await ok(c.post('/device/api/v1/outlet/bindDevice', { outletId, sn }), 'bind');
  }, 60_000);

  afterEach(async () => {
    const tb = await services().ledger.ledger.trialBalance('en_US');
    expect(tb.totalDebit).toBe(tb.totalCredit);
    // No pass holds more (or less) in the liability than its price less what it used and gave back.
    const [bad] = await rows<{ n: number }>(sql`select count(*)::int as n from (
          select user_id, sum(case when status in ('paid', 'refunding', 'refundFailed') then price - used_value else 0 end) as owed from vch_order group by user_id) o
        where o.owed <> -(select coalesce(sum(e.debit - e.credit), 0) from led_entry e where e.account = 'voucherLiability:' || o.user_id)`);
    expect(Number(bad!.n)).toBe(0);
  });

  it("creates, lists, reads and edits vouchers; refuses bad input in the caller's language", async () => {
    const v = await addVoucher({ scopeType: 'outlet', scopeId: outletId });
    const list = await ok(c.post('/user/api/v1/sys/voucher/lists', { pageNum: 1, pageSize: 10, name: v.name }));
    expect(list).toMatchObject({
      total: 1,
      list: [{ id: v.id, scopeType: 'outlet', scopeId: outletId, status: 'onSale', sold: 0, stock: 100 }],
    });
    expect(list.list[0].scopeName).toMatch(/^Outlet /);
    const d = await ok(c.get('/user/api/v1/sys/voucher/getVoucherDetial', { id: v.id }));
    expect(d).toMatchObject({ id: v.id, price: 1000, freeMinutes: 60, uses: 3, validDays: 30 });
    const off = await ok(
      c.post('/user/api/v1/sys/voucher/update', {
        ...voucherBody({ name: v.name, scopeType: 'outlet', scopeId: outletId }),
        id: v.id,
        status: 'offSale',
      }),
    );
    expect(off.status).toBe('offSale');
    expect(
      (await ok(c.post('/user/api/v1/sys/voucher/lists', { pageNum: 1, pageSize: 10, name: v.name, status: 'onSale' })))
        .total,
    ).toBe(0);

    const long = await c.post('/user/api/v1/sys/voucher/add', voucherBody({ name: 'x'.repeat(17) }), 'zh_CN');
    expect(long.status).toBe(400);
    expect(long.code).toBe(100001);
    expect(long.msg).toBe('参数错误：name: 长度不能超过 16 个字符');
    const noScope = await c.post('/user/api/v1/sys/voucher/add', voucherBody({ scopeType: 'agent' }), 'en_US');
    expect(noScope).toMatchObject({ code: 100001 });
    expect(noScope.msg).toContain('choose the agent or outlet');
    expect(await c.post('/user/api/v1/sys/voucher/add', voucherBody({ price: 0 }))).toMatchObject({ code: 100001 });
    expect(await c.post('/user/api/v1/sys/voucher/add', voucherBody({ price: 9.5 }))).toMatchObject({ code: 100001 });
    expect(
      await c.post('/user/api/v1/sys/voucher/add', voucherBody({ scopeType: 'agent', scopeId: 99_999_999 }), 'zh_TW'),
    ).toMatchObject({ code: 101005, msg: '適用範圍的代理商或網點不存在' });
    expect(await c.post('/user/api/v1/sys/voucher/add', voucherBody({ name: v.name }))).toMatchObject({ code: 101009 });
    expect(await c.get('/user/api/v1/sys/voucher/getVoucherDetial', { id: 99_999_999 }, 'zh_CN')).toMatchObject({
      code: 101001,
      msg: '代金券不存在',
    });
    expect(await c.get('/user/api/v1/sys/voucher/getVoucherDetial', { id: 'x' })).toMatchObject({ code: 100001 });
    expect(await c.post('/user/api/v1/sys/voucher/update', { ...voucherBody(), id: 99_999_999 })).toMatchObject({
      code: 101001,
    });
    // Staff changes are operation-logged.
    const [logged] = await rows<{ n: number }>(
      sql`select count(*)::int as n from sys_operation_log where call = 'voucherUpdate'`,
    );
    expect(Number(logged!.n)).toBeGreaterThan(0);
  });

  it("offers the vouchers that hold at a cabinet's outlet and sells one per key, recording the money as a liability", async () => {
    const here = await addVoucher({ scopeType: 'outlet', scopeId: outletId });
    const agent = await addVoucher({ scopeType: 'agent', scopeId: net.agentA });
    const elsewhere = await addVoucher({ scopeType: 'outlet', scopeId: otherOutletId });
    const u = await customer();
    const offered = await u.app('GET', `/order/api/app/v1/voucher/list?sn=${sn}`);
    expect(offered.code).toBe(0);
    const ids = offered.data.map((x: { id: number }) => x.id);
    expect(ids).toEqual(expect.arrayContaining([here.id, agent.id]));
    expect(ids).not.toContain(elsewhere.id);
    expect(await u.app('GET', '/order/api/app/v1/voucher/list?sn=NOPE00000000', undefined, 'zh_CN')).toMatchObject({
      code: 100706,
    });

    const key = `k-${uniq()}-buy`;
    const clearingBefore = await account('providerClearing');
    const [a, b] = await Promise.all([u.buy(here.id, key), u.buy(here.id, key)]);
    expect(a.code).toBe(0);
    expect(b).toMatchObject({ code: 0, data: { voucherOrderNo: a.data.voucherOrderNo } });
    // The tap that found the other's purchase answers it as it stood (perhaps still being paid); once both are answered it is paid.
    expect(await voucherOrder(a.data.voucherOrderNo)).toMatchObject({
      status: 'paid',
      price: 1000,
      uses: 3,
      usesLeft: 3,
    });
    expect((await ok(c.get('/user/api/v1/sys/voucher/getVoucherDetial', { id: here.id }))).sold).toBe(1);
    expect(await account('providerClearing')).toBe(clearingBefore + 1000);
    expect(await account('voucherLiability', u.id)).toBe(-1000);
    const mine = await u.app('GET', '/order/api/app/v1/voucher/mine?pageNum=1&pageSize=10');
    expect(mine.data).toMatchObject({ total: 1, list: [{ voucherOrderNo: a.data.voucherOrderNo }] });

    // A refused payment sells nothing; an off-sale voucher is not sold; bad input is refused.
    sandbox.failNext('charge', 'card declined');
    expect(await u.buy(here.id, `k-${uniq()}-fail`)).toMatchObject({
      code: 101008,
      msg: 'Payment failed: card declined',
    });
    expect((await ok(c.get('/user/api/v1/sys/voucher/getVoucherDetial', { id: here.id }))).sold).toBe(1);
    await ok(
      c.post('/user/api/v1/sys/voucher/update', {
        ...voucherBody({ name: elsewhere.name, scopeType: 'outlet', scopeId: otherOutletId }),
        id: elsewhere.id,
        status: 'offSale',
      }),
    );
    expect(await u.app('POST', '/order/api/app/v1/voucher/buy', { voucherId: elsewhere.id }, 'zh_CN')).toMatchObject({
      code: 101002,
      msg: '该代金券已下架',
    });
    expect(await u.app('POST', '/order/api/app/v1/voucher/buy', { voucherId: 'x' })).toMatchObject({ code: 100001 });
    expect(await u.app('POST', '/order/api/app/v1/voucher/buy', { voucherId: 99_999_999 })).toMatchObject({
      code: 101001,
    });
    // A console token does not open the app's calls.
    expect((await c.post('/order/api/app/v1/voucher/buy', { voucherId: here.id })).code).not.toBe(0);
  });

  it('sells the last one once to 50 parallel buyers', async () => {
    const v = await addVoucher({ stock: 1 });
    const buyers = await Promise.all(Array.from({ length: 5 }, () => customer()));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => buyers[i % 5]!.buy(v.id, `k-${uniq()}-${i}`)),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 101003)).toHaveLength(49);
    expect((await ok(c.get('/user/api/v1/sys/voucher/getVoucherDetial', { id: v.id }))).sold).toBe(1);
    const [n] = await rows<{ n: number }>(sql`select count(*)::int as n from vch_order where voucher_id = ${v.id}`);
    expect(Number(n!.n)).toBe(1);
    // The stock cannot be set below what was sold.
    expect(
      await c.post('/user/api/v1/sys/voucher/update', { ...voucherBody({ name: v.name }), id: v.id, stock: 0 }),
    ).toMatchObject({ code: 101004, msg: 'The stock cannot be below the 1 sold' });
  });

  it('applies the best pass when a rental ends: covers its free minutes of the fee, one use each, the last use takes the remainder', async () => {
    expect([1, 2, 3].map((k) => useValue(1000, 3, k))).toEqual([333, 333, 334]);
    const v = await addVoucher({ price: 1000, uses: 3, freeMinutes: 60 });
    const u = await customer();
    const bought = await u.buy(v.id);
    const no = bought.data.voucherOrderNo as string;

    // Within the free minutes nothing is due: the pass is not used.
    const free = await usingOrder(u.id, 2);
    expect(await settle(free.id)).toMatchObject({ status: 'finished', originalAmount: 0 });
    expect((await voucherOrder(no)).usesLeft).toBe(3);

    // 63 minutes: 60 past the free 3 = 2 periods = 3.00; the pass's 60 minutes cover all of it.
    const first = await usingOrder(u.id, 63);
    expect(await settle(first.id)).toMatchObject({ status: 'finished', originalAmount: 300, paidAmount: 0 });
    const d = await ok(c.get('/order/api/v1/order/detail', { orderNo: first.orderNo }));
    expect(d).toMatchObject({ voucherDeduction: 300, paidAmount: 0 });
    expect(d.timeline.map((e: { event: string }) => e.event)).toContain('voucherUsed');
    // The use's value (333) is order income, shared along the chain like any paid amount.
    expect(d.shares.reduce((sum: number, x: { amount: number }) => sum + x.amount, 0)).toBe(333);
    expect(await voucherOrder(no)).toMatchObject({ usesLeft: 2, usedValue: 333, status: 'paid' });
    expect(await account('voucherLiability', u.id)).toBe(-667);

    // 123 minutes: 4 periods = 6.00; the pass covers 60 minutes (2 periods), the customer owes 3.00.
    const second = await usingOrder(u.id, 123);
    expect(await settle(second.id)).toMatchObject({ status: 'awaitingDeduction', originalAmount: 600 });
    await until(
      async () => (await ok(c.get('/order/api/v1/order/detail', { orderNo: second.orderNo }))).status === 'finished',
      8_000,
      'deducted',
    );
    expect(await ok(c.get('/order/api/v1/order/detail', { orderNo: second.orderNo }))).toMatchObject({
      voucherDeduction: 300,
      paidAmount: 300,
    });
    expect(await voucherOrder(no)).toMatchObject({ usesLeft: 1, usedValue: 666 });

    // Another outlet's pass does not hold here; the last use takes the remainder and empties the liability.
    const outletOnly = await addVoucher({ scopeType: 'outlet', scopeId: otherOutletId, freeMinutes: 600 });
    const other = await u.buy(outletOnly.id);
    const third = await usingOrder(u.id, 63);
    await settle(third.id);
    expect(await voucherOrder(no)).toMatchObject({ usesLeft: 0, usedValue: 1000, status: 'usedUp' });
    expect((await voucherOrder(other.data.voucherOrderNo)).usesLeft).toBe(3);
    expect(await account('voucherLiability', u.id)).toBe(-1000); // only the other outlet's pass is left

    // At the other outlet its pass applies (600 minutes cover the whole fee).
    const there = await usingOrder(u.id, 63, otherOutletId);
    expect(await settle(there.id)).toMatchObject({ status: 'finished', paidAmount: 0 });
    expect((await voucherOrder(other.data.voucherOrderNo)).usesLeft).toBe(2);
  });

  it("uses a pass once under parallel settles of the same customer's rentals", async () => {
    const v = await addVoucher({ uses: 1, price: 500 });
    const u = await customer();
    const no = (await u.buy(v.id)).data.voucherOrderNo as string;
    const orders = await Promise.all(Array.from({ length: 6 }, () => usingOrder(u.id, 63)));
    const results = await Promise.all(orders.map((o) => settle(o.id)));
    expect(results.filter((r) => r.status === 'finished')).toHaveLength(1);
    expect(await voucherOrder(no)).toMatchObject({ usesLeft: 0, usedValue: 500, status: 'usedUp' });
    expect(await account('voucherLiability', u.id)).toBe(0);
    // Let the deductions of the other five finish before the books are checked.
    for (const o of orders)
      await until(
        async () => (await ok(c.get('/order/api/v1/order/detail', { orderNo: o.orderNo }))).status === 'finished',
        8_000,
        'deducted',
      );
  });

  it('settles a purchase the process died in: before the charge the unit goes back, after it the pass is paid', async () => {
    const v = await addVoucher({ price: 700, stock: 5 });
    const u = await customer();
    const sold = async () =>
      (await ok(c.get('/user/api/v1/sys/voucher/getVoucherDetial', { id: v.id }))).sold as number;
    // What step 1 leaves behind when the process is killed before the charge is asked: the unit taken, the purchase paying.
    const diedAt = async (buyKey: string) => {
      await db().execute(sql`update vch_voucher set sold = sold + 1 where id = ${v.id}`);
      const no = `VT${Date.now()}${crypto.randomInt(0, 1e6)}`;
      await db()
        .execute(sql`insert into vch_order (voucher_order_no, user_id, user_mobile, voucher_id, voucher_name, price, free_minutes, uses, uses_left, scope_type, valid_until, status, buy_key, created_at)
        values (${no}, ${u.id}, '86-1', ${v.id}, ${v.name}, 700, 60, 3, 3, 'platform', now() + interval '30 days', 'paying', ${buyKey}, now() - interval '2 minutes')`);
      return no;
    };
    const before = await sold();
    const never = await diedAt(`k-${uniq()}-never`);
    // Killed after the company took the money, before the pass was recorded.
    const chargedKey = `k-${uniq()}-charged`;
    const charged = await diedAt(chargedKey);
    await sandbox.charge({ key: `voucher:${u.id}:${chargedKey}`, amount: 700, userId: u.id, description: 'test' });
    expect(await sold()).toBe(before + 2);
    // The app shows a purchase still being paid; the totals leave it out.
    const mine = await u.app('GET', '/order/api/app/v1/voucher/mine?pageNum=1&pageSize=10');
    expect(mine.data.list.find((x: { voucherOrderNo: string }) => x.voucherOrderNo === charged)).toMatchObject({
      status: 'paying',
    });
    await services().voucher.orders.sweep();
    await services().voucher.orders.sweep();
    expect(await voucherOrder(never)).toMatchObject({ status: 'payFailed' });
    expect(await voucherOrder(charged)).toMatchObject({ status: 'paid', usesLeft: 3 });
    expect(await sold()).toBe(before + 1);
    expect(await account('voucherLiability', u.id)).toBe(-700);
    // The customer's retry of the paid purchase answers its pass; the refused one is not listed as a pass.
    expect(await u.buy(v.id, chargedKey)).toMatchObject({ code: 0, data: { voucherOrderNo: charged, status: 'paid' } });
    const after = await u.app('GET', '/order/api/app/v1/voucher/mine?pageNum=1&pageSize=10');
    expect(after.data.list.map((x: { voucherOrderNo: string }) => x.voucherOrderNo)).not.toContain(never);
  });

  it('expires a pass past its validity: what is left of its price becomes revenue', async () => {
    const v = await addVoucher({ price: 900, uses: 3 });
    const u = await customer();
    const no = (await u.buy(v.id)).data.voucherOrderNo as string;
    const o = await usingOrder(u.id, 63);
    await settle(o.id);
    const revenueBefore = await account('revenue');
    await db().execute(
      sql`update vch_order set valid_until = now() - interval '1 minute' where voucher_order_no = ${no}`,
    );
    await services().voucher.orders.sweep();
    await services().voucher.orders.sweep();
    expect(await voucherOrder(no)).toMatchObject({ status: 'expired', usesLeft: 2, usedValue: 300 });
    expect(await account('voucherLiability', u.id)).toBe(0);
    expect(await account('revenue')).toBe(revenueBefore - 600);
    // An expired pass is not applied and not refunded.
    const later = await usingOrder(u.id, 63);
    await settle(later.id);
    expect((await voucherOrder(no)).usesLeft).toBe(2);
    expect(
      await c.post('/order/api/v1/voucherOrder/refund', { voucherOrderNo: no, reason: 'customer asked' }),
    ).toMatchObject({ code: 101007 });
    await until(
      async () => (await ok(c.get('/order/api/v1/order/detail', { orderNo: later.orderNo }))).status === 'finished',
      8_000,
      'deducted',
    );
  });

  it('refunds the unused part once through the provider, again after a failure, and logs it', async () => {
    const v = await addVoucher({ price: 1000, uses: 3 });
    const u = await customer();
    const no = (await u.buy(v.id)).data.voucherOrderNo as string;
    await settle((await usingOrder(u.id, 63)).id);

    sandbox.failNext('refund', 'refund declined by bank');
    const r1 = await c.post('/order/api/v1/voucherOrder/refund', { voucherOrderNo: no, reason: 'customer asked' });
    expect(r1).toMatchObject({ code: 0, data: { status: 'refunding' } });
    await until(async () => (await voucherOrder(no)).status === 'refundFailed', 8_000, 'refund failed');
    expect(await voucherOrder(no)).toMatchObject({ failReason: 'refund declined by bank', refundAmount: 0 });
    expect(await account('voucherLiability', u.id)).toBe(-667);

    const clearing = await account('providerClearing');
    expect((await c.post('/order/api/v1/voucherOrder/refund', { voucherOrderNo: no, reason: 'again' })).code).toBe(0);
    await until(async () => (await voucherOrder(no)).status === 'refunded', 8_000, 'refunded');
    expect(await voucherOrder(no)).toMatchObject({ refundAmount: 667, usedValue: 333, refundReason: 'again' });
    expect(await account('voucherLiability', u.id)).toBe(0);
    expect(await account('providerClearing')).toBe(clearing - 667);
    // A refunded pass is not used again nor refunded twice.
    expect(
      await c.post('/order/api/v1/voucherOrder/refund', { voucherOrderNo: no, reason: 'third' }, 'zh_CN'),
    ).toMatchObject({ code: 101007, msg: '该代金券订单不可退款' });
    expect(await c.post('/order/api/v1/voucherOrder/refund', { voucherOrderNo: 'V0', reason: 'x' })).toMatchObject({
      code: 101006,
    });
    expect(await c.post('/order/api/v1/voucherOrder/refund', { voucherOrderNo: no })).toMatchObject({ code: 100001 });
    const [logged] = await rows<{ n: number }>(
      sql`select count(*)::int as n from sys_operation_log where call = 'voucherOrderRefund'`,
    );
    expect(Number(logged!.n)).toBeGreaterThanOrEqual(2);
  });

  it('moves money once under 100 parallel refunds of one pass', async () => {
    const v = await addVoucher({ price: 1200, uses: 4 });
    const u = await customer();
    const no = (await u.buy(v.id)).data.voucherOrderNo as string;
    let asked = 0;
    const refund = sandbox.refund.bind(sandbox);
    sandbox.refund = (req) => {
      if (req.key.startsWith(`voucher-refund:${no}`)) asked += 1;
      return refund(req);
    };
    try {
      const answers = await Promise.all(
        Array.from({ length: 100 }, () =>
          c.post('/order/api/v1/voucherOrder/refund', { voucherOrderNo: no, reason: 'parallel' }),
        ),
      );
      expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
      expect(answers.filter((a) => a.code === 101007)).toHaveLength(99);
      await until(async () => (await voucherOrder(no)).status === 'refunded', 8_000, 'refunded');
    } finally {
      sandbox.refund = refund;
    }
    expect(asked).toBe(1);
    const [moves] = await rows<{ n: number }>(
      sql`select count(*)::int as n from led_transaction where kind = 'voucherRefund' and order_no = ${no}`,
    );
    expect(Number(moves!.n)).toBe(1);
    expect(await account('voucherLiability', u.id)).toBe(0);
  });

  it('lets a role see voucher orders without refunding them unless it holds the refund button', async () => {
    await accountWithMenus(db(), 'vchviewer', 'viewer123', ['order', 'order.voucherOrders']);
    const viewer = await s.current.login('vchviewer', 'viewer123');
    const send = async (url: string, payload: object) =>
      (await s.current.inject({ method: 'POST', url, payload, headers: auth(viewer, 'zh_TW') })).json() as Answer;
    expect((await send('/order/api/v1/voucherOrder/queryPage', { pageNum: 1, pageSize: 10 })).code).toBe(0);
    expect(await send('/order/api/v1/voucherOrder/refund', { voucherOrderNo: 'V1', reason: 'x' })).toMatchObject({
      code: 100003,
      msg: '沒有權限執行此操作',
    });
    expect((await send('/user/api/v1/sys/voucher/add', voucherBody())).code).toBe(100003);
  });

  it("answers the totals of the list's filter, each the sum over its rows, and exports the list", async () => {
    const v = await addVoucher({ price: 700, uses: 2 });
    const u = await customer();
    const a = (await u.buy(v.id)).data.voucherOrderNo as string;
    await u.buy(v.id);
    await settle((await usingOrder(u.id, 63)).id);
    await ok(c.post('/order/api/v1/voucherOrder/refund', { voucherOrderNo: a, reason: 'r' }));
    await until(async () => (await voucherOrder(a)).status === 'refunded', 8_000, 'refunded');
    const filter = { voucherId: v.id };
    const page = await ok(c.post('/order/api/v1/voucherOrder/queryPage', { pageNum: 1, pageSize: 100, ...filter }));
    const totals = await ok(c.post('/order/api/v1/voucherOrder/getVoucherOrderAmount', filter));
    const sum = (k: string) => page.list.reduce((s: number, r: Record<string, number>) => s + r[k]!, 0);
    expect(totals).toEqual({
      count: page.total,
      paidAmount: sum('price'),
      refundAmount: sum('refundAmount'),
      usedValue: sum('usedValue'),
    });
    expect(totals).toMatchObject({ count: 2, paidAmount: 1400 });
    expect(totals.refundAmount + totals.usedValue).toBe(700);
    const byStatus = await ok(
      c.post('/order/api/v1/voucherOrder/getVoucherOrderAmount', { ...filter, status: 'refunded' }),
    );
    expect(byStatus.count).toBe(1);
    const byMobile = await ok(
      c.post('/order/api/v1/voucherOrder/queryPage', { pageNum: 1, pageSize: 10, mobile: u.mobile.slice(-6) }),
    );
    expect(byMobile.total).toBe(2);
    expect(
      await c.post('/order/api/v1/voucherOrder/queryPage', {
        pageNum: 1,
        pageSize: 10,
        beginTime: '2020-01-01 00:00:00',
        endTime: '2020-03-01 00:00:00',
      }),
    ).toMatchObject({ code: 100060 });
    expect(await c.post('/order/api/v1/voucherOrder/getVoucherOrderAmount', { status: 'nope' })).toMatchObject({
      code: 100001,
    });
    const exp = await c.post('/order/api/v1/voucherOrder/execle', filter);
    expect(exp.code).toBe(0);
    expect(exp.data.exportId).toBeGreaterThan(0);
  });
});
