import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CONFIG_DEFAULTS } from '../system/config.service.js';
import { engines, useServer } from '../../test/helper.js';
import { until } from '../../test/fleet/fleet-helpers.js';
import { newSn, TestCabinet } from '../../test/fleet/test-cabinet.js';
import { caller, networkFixture, ok, outletBody, type Answer } from '../../test/outlet/outlet-fixtures.js';
import { SandboxProvider } from '../order/payments.js';

/**
 * Deposits through the real rental path on each engine: a rent records its deposit order, the
 * return closes it, a return the payment company refuses marks it "refund failed"; staff ask for
 * its refund (one application however many ask at once) and audit it (one payout however many
 * approve at once); the deposit rules decide deposit-free renting. The books balance after each test.
 */
describe.each(engines)('deposits (%s)', (engine) => {
  const sandbox = new SandboxProvider({ notifyDelayMs: 5 });
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
  const rows = async <T>(q: ReturnType<typeof sql>) => (await db().execute(q)) as unknown as { rows: T[] };

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
    return {
      mobile,
      app: async (m: 'GET' | 'POST', url: string, body?: unknown, lang = 'en_US'): Promise<Answer> =>
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
  type Customer = Awaited<ReturnType<typeof customer>>;
  const status = async (orderNo: string) =>
    (await ok(c.get('/order/api/v1/order/detail', { orderNo }), 'detail')).status as string;
  const rent = (u: Customer, extra: object = {}) =>
    u.app('POST', '/order/api/app/v1/order/rent', { sn: cabA.sn, ...extra });
  const using = (orderNo: string) =>
    until(async () => (await status(orderNo)) === 'using', 8_000, `order ${orderNo} using`);
  const agedBy = (orderNo: string, minutes: number) =>
    db().execute(
      sql`update ord_order set start_at = now() - make_interval(mins => ${minutes}), created_at = now() - make_interval(mins => ${minutes}) where order_no = ${orderNo}`,
    );
  async function giveBack(cab: TestCabinet, powerBankId: string) {
    const slot = cab.slots.find((x) => !x.powerBankId)!;
    Object.assign(slot, { powerBankId, battery: 90, charging: true });
    await cab.publish('event', { kind: 'returned', slot: slot.slot, powerBankId, battery: 90 });
  }
  /** The deposit order of an order, as staff read it. */
  const depositOf = async (orderNo: string) =>
    (await ok(c.post('/order/api/v1/depositOrder/queryPage', { pageNum: 1, pageSize: 10, orderNo }), 'deposits'))
      .list[0];
  const account = (kind: string, partyId?: number) =>
    services().ledger.ledger.balance({ kind: kind as never, partyId: partyId ?? null });
  const setPay = (v: object) =>
    (services().system.config as unknown as { write(db: unknown, g: string, v: unknown): Promise<void> }).write(
      db(),
      'pay',
      { ...CONFIG_DEFAULTS.pay, ...v },
    );
  const depositFree = (on: boolean) =>
    db().execute(
      sql`update sys_extension set status = ${on ? 'activated' : 'closed'}, activated_at = now() where code = 'depositFree'`,
    );

  /** A rental taken and returned after `minutes` (the fee of 65 min is 4.50); answers its order number. */
  async function rental(u: Customer, minutes = 65): Promise<string> {
    const r = await rent(u);
    expect(r.code).toBe(0);
    await using(r.data.orderNo);
    await agedBy(r.data.orderNo, minutes);
    await giveBack(cabB, r.data.powerBankId);
    await until(async () => !['using', 'ejecting'].includes(await status(r.data.orderNo)), 8_000, 'ended');
    return r.data.orderNo;
  }

  beforeAll(async () => {
    token = await s.current.login();
    net = await networkFixture(s, c);
    outletId = (
      await ok(
        c.post('/device/api/v1/outlet/saveOrUpdate', outletBody(net.agentB, { ratio: 30, hiddenRatio: 30 })),
        'outlet',
      )
    ).id;
    cabA = await cabinet(20);
    cabB = await cabinet(0);
  }, 60_000);
  afterEach(async () => {
    const tb = await services().ledger.ledger.trialBalance('en_US');
    expect(tb.totalDebit).toBe(tb.totalCredit);
    await setPay({});
    await depositFree(false);
  });
  afterAll(async () => {
    await Promise.allSettled(cabinets.map((x) => (x.client ? x.client.endAsync(true) : Promise.resolve())));
  });

  it('records the deposit at the rent and closes it at the return: fee taken, refund fee kept, the rest returned; a deposit in use cannot be refunded', async () => {
    await setPay({ depositRefundFeePercent: 5 });
    const u = await customer();
    const r = await rent(u);
    await using(r.data.orderNo);
    const held = await depositOf(r.data.orderNo);
    expect(held).toMatchObject({
      state: 'held',
      channel: 'provider',
      amount: 9900,
      feeTaken: 0,
      returnedAmount: 0,
      outletId,
      userMobile: `86-${u.mobile}`,
    });
    expect(held.payReference).toBeTruthy();
    expect(held.depositNo).toMatch(/^D\d+/);
    const inUse = await c.post(
      `/order/api/v1/depositOrder/pcRefundDepositRule/user?id=${held.id}`,
      { reason: 'customer asked' },
      'zh_CN',
    );
    expect(inUse).toMatchObject({ code: 100902, msg: '订单使用中，押金不能退款' });
    await agedBy(r.data.orderNo, 65);
    await giveBack(cabB, r.data.powerBankId);
    await until(async () => (await depositOf(r.data.orderNo)).state === 'returned', 8_000, 'returned');
    // 99.00 held, 4.50 fee, 94.50 back less 5% (4.73) = 89.77
    expect(await depositOf(r.data.orderNo)).toMatchObject({
      feeTaken: 450,
      refundFee: 473,
      returnedAmount: 9450 - 473,
    });
    const returned = await c.post(
      `/order/api/v1/depositOrder/pcRefundDepositRule/user?id=${held.id}`,
      { reason: 'again' },
      'en_US',
    );
    expect(returned).toMatchObject({ code: 100903, msg: 'The deposit cannot be refunded in its state' });
  });

  it('a return the payment company refuses marks the deposit "refund failed"; 50 asks make one application, 100 approvals pay once', async () => {
    const u = await customer();
    sandbox.failNext('refund', 'payerAccountAbnormal');
    const orderNo = await rental(u);
    await until(async () => (await depositOf(orderNo)).state === 'refundFailed', 8_000, 'refund failed');
    const d = await depositOf(orderNo);
    expect(d).toMatchObject({ feeTaken: 450, refundFee: 0, returnedAmount: 0, remark: 'payerAccountAbnormal' });
    // The release was reversed: the deposit less the fee is held for the customer again.
    expect(await account('userDeposit', d.userId)).toBe(-(9900 - 450));

    const asks = await Promise.all(
      Array.from({ length: 50 }, () =>
        c.post(`/order/api/v1/depositOrder/pcRefundDepositRule/user?id=${d.id}`, { reason: 'return failed' }),
      ),
    );
    expect(asks.filter((a) => a.code === 0)).toHaveLength(1);
    expect(asks.filter((a) => a.code !== 0).every((a) => a.code === 100903)).toBe(true);
    expect((await depositOf(orderNo)).state).toBe('pendingAudit');
    const apps = await rows<{ n: number }>(sql`select count(*)::int as n from dep_refund where deposit_id = ${d.id}`);
    expect(Number(apps.rows[0]!.n)).toBe(1);

    const audits = await Promise.all(
      Array.from({ length: 100 }, () =>
        c.put(`/order/api/v1/depositOrder/refundDeposit/audit?id=${d.id}`, { approve: true }),
      ),
    );
    expect(audits.filter((a) => a.code === 0)).toHaveLength(1);
    expect(audits.filter((a) => a.code !== 0).every((a) => a.code === 100904)).toBe(true);
    await until(async () => (await depositOf(orderNo)).state === 'refunded', 8_000, 'refunded');
    const done = await depositOf(orderNo);
    expect(done).toMatchObject({ returnedAmount: 9450, refundFee: 0, auditor: 'admin', applicant: 'admin' });
    expect(done.refundReference).toBeTruthy();
    const paid = await rows<{ n: number }>(
      sql`select count(*)::int as n from ord_payment where purpose = 'deposit' and order_no = ${orderNo}`,
    );
    expect(Number(paid.rows[0]!.n)).toBe(1);
    const posts = await rows<{ n: number }>(
      sql`select count(*)::int as n from led_transaction where order_no = ${orderNo} and key like 'deposit-refund:%'`,
    );
    expect(Number(posts.rows[0]!.n)).toBe(1);
    expect(await account('userDeposit', d.userId)).toBe(0);
  });

  it('a rejection needs a reason and leaves the deposit askable; a refund the company refuses puts the money back as held, the fee percent taken by the rule', async () => {
    const u = await customer();
    sandbox.failNext('refund', 'declined');
    const orderNo = await rental(u);
    await until(async () => (await depositOf(orderNo)).state === 'refundFailed', 8_000, 'refund failed');
    const d = await depositOf(orderNo);
    const ask = () => c.post(`/order/api/v1/depositOrder/pcRefundDepositRule/user?id=${d.id}`, { reason: 'by hand' });
    const audit = (body: object, lang = 'en_US') =>
      c.put(`/order/api/v1/depositOrder/refundDeposit/audit?id=${d.id}`, body, lang);
    expect((await audit({ approve: true })).code).toBe(100904);
    await ok(ask(), 'ask');
    const noReason = await audit({ approve: false }, 'zh_TW');
    expect(noReason.code).toBe(100001);
    expect(noReason.msg).toContain('駁回時必須填寫原因');
    expect(await ok(audit({ approve: false, reason: 'not the holder' }), 'reject')).toMatchObject({
      state: 'rejected',
      remark: 'not the holder',
    });
    expect(await account('userDeposit', d.userId)).toBe(-9450);
    await setPay({ depositRefundFeePercent: 10 });
    await ok(ask(), 'ask again');
    sandbox.failNext('refund', 'transferClosed');
    await ok(audit({ approve: true }), 'approve');
    await until(async () => (await depositOf(orderNo)).state === 'refundFailed', 8_000, 'failed again');
    expect(await depositOf(orderNo)).toMatchObject({ remark: 'transferClosed', returnedAmount: 0, refundFee: 0 });
    expect(await account('userDeposit', d.userId)).toBe(-9450);
    await ok(ask(), 'third ask');
    await ok(audit({ approve: true }), 'approve again');
    await until(async () => (await depositOf(orderNo)).state === 'refunded', 8_000, 'refunded');
    // 10% of 94.50 kept as the deposit refund fee.
    expect(await depositOf(orderNo)).toMatchObject({ refundFee: 945, returnedAmount: 9450 - 945 });
    expect(await account('userDeposit', d.userId)).toBe(0);
  });

  it('statistics: every figure is the sum over the rows it stands for; deposit versus deposit-free rentals', async () => {
    const stats = await ok(c.post('/order/api/v1/depositOrder/queryDepositStatistics', {}), 'stats');
    const all = await ok(c.post('/order/api/v1/depositOrder/queryPage', { pageNum: 1, pageSize: 100 }), 'all');
    expect(all.total).toBeLessThan(100);
    type Row = { state: string; amount: number; feeTaken: number; refundFee: number; returnedAmount: number };
    const list = all.list as Row[];
    const of = (st: string) => list.filter((r) => r.state === st);
    const sum = (xs: Row[], f: (r: Row) => number) => xs.reduce((a, r) => a + f(r), 0);
    expect(stats.held).toEqual({ count: of('held').length, amount: sum(of('held'), (r) => r.amount) });
    expect(stats.returned).toEqual({
      count: of('returned').length,
      amount: sum(of('returned'), (r) => r.returnedAmount),
    });
    expect(stats.refunded).toEqual({
      count: of('refunded').length,
      amount: sum(of('refunded'), (r) => r.returnedAmount),
    });
    expect(stats.failed).toEqual({
      count: of('refundFailed').length,
      amount: sum(of('refundFailed'), (r) => r.amount - r.feeTaken),
    });
    expect(stats.pendingAudit).toEqual({
      count: of('pendingAudit').length,
      amount: sum(of('pendingAudit'), (r) => r.amount - r.feeTaken),
    });
    expect(stats.refundFees).toBe(sum(list, (r) => r.refundFee));
    expect(stats.feesTaken).toBe(sum(list, (r) => r.feeTaken));
    expect(stats.depositOrders).toBe(all.total);
    expect(stats.refunded.count).toBeGreaterThan(0);
    const free = await rows<{ n: number }>(sql`select count(*)::int as n from dep_free_order`);
    expect(stats.depositFreeOrders).toBe(Number(free.rows[0]!.n));
    // The export centre takes the same filter.
    expect((await c.post('/order/api/v1/depositOrder/export', { state: 'refunded' })).code).toBe(0);
    // The same filter as the list: one state.
    const onlyReturned = await ok(
      c.post('/order/api/v1/depositOrder/queryDepositStatistics', { state: 'returned' }),
      'returned',
    );
    expect(onlyReturned).toMatchObject({
      depositOrders: of('returned').length,
      held: { count: 0, amount: 0 },
      depositFreeOrders: 0,
    });
  });

  it('deposit rules: the most specific enabled rule decides deposit-free renting, the ignore list skips them, a refusal speaks three languages', async () => {
    await depositFree(true);
    const u = await customer();
    const quoteModes = async () =>
      (await u.app('GET', `/order/api/app/v1/order/quote?sn=${cabA.sn}`)).data.payModes as string[];
    // No rule: deposit-free as before.
    expect(await quoteModes()).toContain('depositFree');
    const platform = await ok(
      c.post('/order/api/v1/depositRule/saveOrUpdate', {
        name: 'Everyone',
        scope: 'platform',
        depositOrderCount: 1,
        depositFreeOrderCount: 1,
      }),
      'platform rule',
    );
    expect(platform).toMatchObject({ scope: 'platform', status: 'enabled', scopeName: null });
    expect(await quoteModes()).not.toContain('depositFree');
    const msgs = await Promise.all(
      ['zh_CN', 'zh_TW', 'en_US'].map((lang) =>
        u.app('POST', '/order/api/app/v1/order/rent', { sn: cabA.sn, payMode: 'depositFree' }, lang),
      ),
    );
    expect(msgs.map((m) => m.code)).toEqual([100908, 100908, 100908]);
    expect(msgs[0]!.msg).toBe('完成 1 笔押金订单后才可免押金租借（已完成 0 笔，免押金已用 0/0 次）');
    expect(msgs[1]!.msg).toBe('完成 1 筆押金訂單後才可免押金租借（已完成 0 筆，免押金已用 0/0 次）');
    expect(msgs[2]!.msg).toBe(
      'Deposit-free renting needs 1 finished deposit orders (you have 0; deposit-free used 0 of 0)',
    );

    // One finished deposit order earns one deposit-free rental.
    await rental(u);
    expect(await quoteModes()).toContain('depositFree');
    const free = await rent(u, { payMode: 'depositFree' });
    expect(free.code).toBe(0);
    await using(free.data.orderNo);
    await ok(c.post('/order/api/v1/order/initOrder', { orderNo: free.data.orderNo, reason: 'test' }), 'init');
    expect((await rent(u, { payMode: 'depositFree' })).code).toBe(100908);

    // The ignore list skips the rules; removing the customer brings them back.
    const mine = await ok(c.post('/order/api/v1/depositOrder/queryPage', { pageNum: 1, pageSize: 10 }), 'mine');
    const uid = (mine.list as { userMobile: string; userId: number }[]).find(
      (r) => r.userMobile === `86-${u.mobile}`,
    )!.userId;
    const entry = await ok(
      c.post('/order/api/v1/depositOrder/orderRuleIgnoreAdd', { userId: uid, remark: 'VIP' }),
      'ignore',
    );
    expect(entry).toMatchObject({ userId: uid, userMobile: `86-${u.mobile}`, remark: 'VIP', creator: 'admin' });
    expect(await quoteModes()).toContain('depositFree');
    expect((await c.post('/order/api/v1/depositOrder/orderRuleIgnoreAdd', { userId: uid })).code).toBe(100909);
    await ok(c.post('/order/api/v1/depositOrder/orderRuleIgnoreDel', { id: entry.id }), 'unignore');
    expect(await quoteModes()).not.toContain('depositFree');

    // An outlet's rule is more specific than an agent's, an agent's than the platform's; a disabled rule does not count.
    const agent = await ok(
      c.post('/order/api/v1/depositRule/saveOrUpdate', {
        name: 'Agent B',
        scope: 'agent',
        agentId: net.agentB,
        depositOrderCount: 1,
        depositFreeOrderCount: 1,
      }),
      'agent rule',
    );
    expect(agent.scopeName).toBeTruthy();
    const outlet = await ok(
      c.post('/order/api/v1/depositRule/saveOrUpdate', {
        name: 'Strict outlet',
        scope: 'outlet',
        outletId,
        depositOrderCount: 1,
        depositFreeOrderCount: 1,
      }),
      'outlet rule',
    );
    await ok(c.get('/order/api/v1/depositRule/editStatus', { id: agent.id, status: 'disabled' }), 'disable agent');
    await ok(
      c.get('/order/api/v1/depositRule/editStatus', { id: platform.id, status: 'disabled' }),
      'disable platform',
    );
    expect(await quoteModes()).not.toContain('depositFree'); // the outlet's rule: 1 done, 1 used of 1
    await ok(
      c.post('/order/api/v1/depositRule/saveOrUpdate', {
        id: outlet.id,
        name: 'Lenient outlet',
        scope: 'outlet',
        outletId,
        depositOrderCount: 1,
        depositFreeOrderCount: 1,
        status: 'disabled',
      }),
      'outlet rule off',
    );
    expect(await quoteModes()).toContain('depositFree'); // no enabled rule left
    await ok(c.get('/order/api/v1/depositRule/editStatus', { id: agent.id, status: 'enabled' }), 'enable agent');
    expect(await quoteModes()).not.toContain('depositFree');
    for (const id of [platform.id, agent.id, outlet.id]) await db().execute(sql`delete from dep_rule where id = ${id}`);
  });
});
