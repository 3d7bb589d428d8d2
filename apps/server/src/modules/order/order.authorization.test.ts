import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { auth, engines, exportedSheet, useServer } from '../../test/helper.js';
import { until } from '../../test/fleet/fleet-helpers.js';
import { defaultHandlers, type TestCabinet } from '../../test/fleet/test-cabinet.js';
import { rentalKit } from '../../test/order/rentals.js';
import { caller, networkFixture, ok, outletBody, type Answer } from '../../test/outlet/outlet-fixtures.js';
import { SandboxProvider } from './payments.js';

/**
 * Deposit-free rentals carry their authorization (issue 25): the declared amount is frozen at the
 * rent, the fee paid from it and the rest unfrozen at the return, all of it unfrozen when the rental
 * is free or closed; a refused authorization opens nothing. Real customers, a real cabinet over MQTT,
 * the sandbox payment company sending every notification twice; after every test the books balance.
 */
describe.each(engines)('deposit-free authorization (%s)', (engine) => {
  const sandbox = new SandboxProvider({ duplicateRate: 1, notifyDelayMs: 5 });
  const s = useServer(engine, {}, { paymentProvider: sandbox, workers: true });
  let token = '';
  const c = caller(s, () => token);
  let outletId = 0;
  let cabA: TestCabinet;
  let cabB: TestCabinet;
  const services = () => s.current.server.services;
  const db = () => s.current.database.db;
  const all = async <T>(q: SQL): Promise<T[]> => ((await db().execute(q)) as unknown as { rows: T[] }).rows;

  const kit = rentalKit(s, c);
  const cabinet = (banks: number) => kit.cabinet(outletId, banks, 24);
  const customer = kit.customer;

  const order = async (orderNo: string) =>
    (await ok(c.get('/order/api/v1/order/detail', { orderNo }), 'detail')) as any;
  const status = async (orderNo: string) => (await order(orderNo)).status as string;
  const rentFree = (u: Awaited<ReturnType<typeof customer>>, extra: object = {}, lang = 'en_US') =>
    u.app('POST', '/order/api/app/v1/order/rent', { sn: cabA.sn, payMode: 'depositFree', ...extra }, lang);
  const using = (orderNo: string) =>
    until(async () => (await status(orderNo)) === 'using', 8_000, `order ${orderNo} using`);
  const { agedBy, giveBack, balanced } = kit;
  /** An order's movements: each balanced, and what the payment company brought in. */
  async function books(orderNo: string) {
    const tx = await all<{ kind: string; memo: string; debit: string; credit: string }>(sql`
      select t.kind, t.memo, sum(e.debit)::text as debit, sum(e.credit)::text as credit from led_transaction t join led_entry e on e.transaction_id = t.id
       where t.order_no = ${orderNo} group by t.id, t.kind, t.memo order by t.id`);
    for (const t of tx) expect(Number(t.debit)).toBe(Number(t.credit));
    const [clearing] = await all<{ n: string }>(
      sql`select coalesce(sum(debit - credit), 0)::text as n from led_entry where order_no = ${orderNo} and account_kind = 'providerClearing'`,
    );
    return { kinds: tx.map((t) => `${t.kind}/${t.memo}`), clearing: Number(clearing!.n) };
  }
  const payments = (orderNo: string) =>
    all<{ key: string; op: string; purpose: string; status: string; amount: number }>(
      sql`select key, op, purpose, status, amount from ord_payment where order_no = ${orderNo} order by key`,
    );
  const events = async (orderNo: string) =>
    ((await order(orderNo)).timeline as { event: string; amount: number | null }[]).map(
      (e) => `${e.event}${e.amount != null ? `:${e.amount}` : ''}`,
    );

  beforeAll(async () => {
    token = await s.current.login();
    const net = await networkFixture(s, c);
    outletId = (
      await ok(
        c.post('/device/api/v1/outlet/saveOrUpdate', outletBody(net.agentB, { ratio: 30, hiddenRatio: 30 })),
        'outlet',
      )
    ).id;
    cabA = await cabinet(20);
    cabB = await cabinet(2);
    await db().execute(
      sql`update sys_extension set status = 'activated', activated_at = now() where code = 'depositFree'`,
    );
  }, 60_000);
  afterAll(() => kit.close());

  it('rent freezes the declared amount; the return pays the fee from it and releases the rest, once, though every notification comes twice', async () => {
    const u = await customer();
    const r = await rentFree(u);
    expect(r.code).toBe(0);
    await using(r.data.orderNo);
    const rented = await order(r.data.orderNo);
    expect(rented).toMatchObject({
      payMode: 'depositFree',
      depositAmount: 9900,
      authState: 'authorized',
      authAmount: 9900,
      paidAmount: 0,
    });
    expect(rented.authReference).toMatch(/^SBXF/);
    expect(await events(r.data.orderNo)).toEqual(['created', 'authorized:9900', 'ejectSent', 'ejected']);
    // Nothing entered the books at the rent: a freeze is no money of the business.
    expect((await books(r.data.orderNo)).kinds).toEqual([]);
    await agedBy(r.data.orderNo, 40); // 3 free + 37 min = 2 periods = 3.00
    await giveBack(cabB, r.data.powerBankId);
    await until(async () => (await order(r.data.orderNo)).authState === 'paid', 8_000, 'captured');
    await new Promise((x) => setTimeout(x, 700)); // the duplicate notifications arrive
    const d = await order(r.data.orderNo);
    expect(d).toMatchObject({
      status: 'finished',
      authState: 'paid',
      originalAmount: 300,
      generatedAmount: 300,
      paidAmount: 300,
      consumptionStatus: 'paid',
    });
    expect(await events(r.data.orderNo)).toEqual([
      'created',
      'authorized:9900',
      'ejectSent',
      'ejected',
      'returned',
      'fee:300',
      'authCaptured:300',
      'authReleased:9600',
      'shared:300',
    ]);
    expect(d.shares.reduce((a: number, x: { amount: number }) => a + x.amount, 0)).toBe(300);
    // The capture's money entered as the payment company's, like a charge; no deferred deduction was asked.
    const b = await books(r.data.orderNo);
    expect(b.kinds).toEqual(['deduct/feeFromAuthorization', 'share/sharesOfNet']);
    expect(b.clearing).toBe(300);
    expect(await payments(r.data.orderNo)).toEqual([
      { key: `capture:${r.data.orderNo}`, op: 'capture', purpose: 'capture', status: 'succeeded', amount: 300 },
    ]);
    // The order list and its filter show the authorization.
    const page = await ok(
      c.post('/order/api/v1/order/queryPage', { pageNum: 1, pageSize: 50, authState: 'paid' }),
      'paid authorizations',
    );
    expect(page.list.map((o: { orderNo: string }) => o.orderNo)).toContain(r.data.orderNo);
    expect(page.list.every((o: { authState: string }) => o.authState === 'paid')).toBe(true);
    expect(
      (await c.post('/order/api/v1/order/queryPage', { pageNum: 1, pageSize: 10, authState: 'frozen' })).code,
    ).toBe(100001);
    // The export says it in the reader's language.
    const sheet = await exportedSheet(
      s.current,
      token,
      '/order/api/v1/order/export',
      { orderNo: r.data.orderNo },
      auth(token, 'zh_CN'),
    );
    const head = (sheet.getRow(1).values as unknown[]).map(String);
    const row = sheet.getRow(2).values as unknown[];
    expect([row[head.indexOf('预授权状态')], row[head.indexOf('冻结金额')]]).toEqual(['已扣款，余额已解冻', '99.00']);
    await balanced();
  });

  it('a free rental (within the free minutes) releases the whole authorization and takes nothing', async () => {
    const u = await customer();
    const r = await rentFree(u);
    await using(r.data.orderNo);
    await agedBy(r.data.orderNo, 2); // within the 3 free minutes
    await giveBack(cabB, r.data.powerBankId);
    await until(async () => (await order(r.data.orderNo)).authState === 'released', 8_000, 'released');
    await new Promise((x) => setTimeout(x, 700));
    expect(await order(r.data.orderNo)).toMatchObject({
      status: 'finished',
      authState: 'released',
      paidAmount: 0,
      consumptionStatus: 'free',
    });
    expect((await events(r.data.orderNo)).filter((e) => e.startsWith('auth'))).toEqual([
      'authorized:9900',
      'authReleased:9900',
    ]);
    expect(await payments(r.data.orderNo)).toEqual([
      { key: `unfreeze:${r.data.orderNo}`, op: 'unfreeze', purpose: 'unfreeze', status: 'succeeded', amount: 9900 },
    ]);
    expect((await books(r.data.orderNo)).kinds).toEqual([]);
    await balanced();
  });

  it('staff close (initialise) a using order and an order whose eject failed: everything is released', async () => {
    const u = await customer();
    const r = await rentFree(u);
    await using(r.data.orderNo);
    await ok(c.post('/order/api/v1/order/initOrder', { orderNo: r.data.orderNo, reason: 'stuck' }), 'init');
    await until(async () => (await order(r.data.orderNo)).authState === 'released', 8_000, 'released');
    expect(await order(r.data.orderNo)).toMatchObject({ status: 'closed', paidAmount: 0 });
    expect((await events(r.data.orderNo)).filter((e) => e.startsWith('auth'))).toEqual([
      'authorized:9900',
      'authReleased:9900',
    ]);
    // An eject the cabinet reports failed closes the order: released too.
    const u2 = await customer();
    cabA.handlers.eject = () => ({ stage: 'result', ok: false, reason: 'motorFault' });
    try {
      const f = await rentFree(u2);
      expect(f.code).toBe(0);
      await until(
        async () => (await order(f.data.orderNo)).authState === 'released',
        8_000,
        'released after a failed eject',
      );
      expect(await status(f.data.orderNo)).toBe('closed');
      expect((await events(f.data.orderNo)).filter((e) => e.startsWith('auth'))).toEqual([
        'authorized:9900',
        'authReleased:9900',
      ]);
    } finally {
      cabA.handlers.eject = defaultHandlers().eject;
    }
    await balanced();
  });

  it('a refused authorization refuses the rent in the caller language and takes nothing; one left pending is given back at once', async () => {
    const u = await customer();
    const before = await services().fleet.rental.availability(cabA.sn);
    const answers: Answer[] = [];
    for (const lang of ['zh_CN', 'zh_TW', 'en_US']) {
      sandbox.failNext('freeze', 'insufficient');
      answers.push(await rentFree(u, {}, lang));
    }
    expect(answers.map((a) => [a.code, a.msg])).toEqual([
      [100719, '免押预授权未通过：insufficient'],
      [100719, '免押預授權未通過：insufficient'],
      [100719, 'The deposit-free authorization was not granted: insufficient'],
    ]);
    // Pending: refused too, and the freeze is released at once (its key spent: a retry is a new rent).
    sandbox.deferNext('freeze');
    const pending = await rentFree(u, { idempotencyKey: 'auth-pending-1' });
    expect(pending).toMatchObject({ code: 100719, msg: 'The deposit-free authorization was not granted: pending' });
    const undo = await all<{ key: string; op: string; purpose: string }>(
      sql`select key, op, purpose from ord_payment where key like '%:auth-pending-1:undo'`,
    );
    expect(undo).toEqual([
      { key: expect.stringMatching(/^rent:\d+:auth-pending-1:undo$/), op: 'unfreeze', purpose: 'undo' },
    ]);
    await until(
      async () =>
        (await all<{ status: string }>(sql`select status from ord_payment where key = ${undo[0]!.key}`))[0]!.status ===
        'succeeded',
      8_000,
      'pending authorization released',
    );
    expect((await rentFree(u, { idempotencyKey: 'auth-pending-1' })).code).toBe(100717);
    // No order, no money, no power bank held for any of them.
    const mine = await u.app('GET', '/order/api/app/v1/order/mine?pageNum=1&pageSize=10');
    expect(mine).toMatchObject({ code: 0, data: { total: 0 } });
    expect((await services().fleet.rental.availability(cabA.sn)).available).toBe(before.available);
    await balanced();
  });

  it('a lost notification: the sweep asks the payment company and finishes the capture once', async () => {
    const u = await customer();
    const r = await rentFree(u);
    await using(r.data.orderNo);
    await agedBy(r.data.orderNo, 40);
    sandbox.dropNotifications(2);
    await giveBack(cabB, r.data.powerBankId);
    await until(async () => (await status(r.data.orderNo)) === 'awaitingDeduction', 8_000, 'awaiting the capture');
    await new Promise((x) => setTimeout(x, 200));
    expect(await order(r.data.orderNo)).toMatchObject({ status: 'awaitingDeduction', authState: 'authorized' });
    await db().execute(
      sql`update ord_payment set created_at = now() - interval '1 minute' where order_no = ${r.data.orderNo}`,
    );
    await Promise.all([services().order.engine.sweep(), services().order.engine.sweep()]);
    await services().order.engine.sweep();
    expect(await order(r.data.orderNo)).toMatchObject({ status: 'finished', authState: 'paid', paidAmount: 300 });
    expect((await events(r.data.orderNo)).filter((e) => e.startsWith('auth'))).toEqual([
      'authorized:9900',
      'authCaptured:300',
      'authReleased:9600',
    ]);
    expect((await books(r.data.orderNo)).clearing).toBe(300);
    await balanced();
  });

  it('20 concurrent endings and closes of one order finish it once', async () => {
    const u = await customer();
    const r = await rentFree(u);
    await using(r.data.orderNo);
    await agedBy(r.data.orderNo, 75); // 3 free + 72 min = 3 periods = 4.50
    const calls = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? c.post('/order/api/v1/order/endOrder', {
              orderNo: r.data.orderNo,
              endTime: new Date().toISOString(),
              reason: 'race',
            })
          : c.post('/order/api/v1/order/initOrder', { orderNo: r.data.orderNo, reason: 'race' }),
      ),
    );
    const done = calls.filter((x) => x.code === 0);
    expect(calls.filter((x) => x.code !== 0).every((x) => x.code === 100702 || x.code === 100711)).toBe(true);
    await until(
      async () => ['paid', 'released'].includes((await order(r.data.orderNo)).authState),
      8_000,
      'authorization finished',
    );
    await new Promise((x) => setTimeout(x, 700));
    const d = await order(r.data.orderNo);
    const auth = (await events(r.data.orderNo)).filter((e) => e.startsWith('auth') && e !== 'authorized:9900');
    // Either one ending paid 4.50 from the freeze, or a close released it all: never both, never twice.
    if (d.authState === 'paid') {
      expect(d).toMatchObject({ status: 'finished', paidAmount: 450 });
      expect(auth).toEqual(['authCaptured:450', 'authReleased:9450']);
      expect((await books(r.data.orderNo)).clearing).toBe(450);
    } else {
      expect(d).toMatchObject({ status: 'closed', paidAmount: 0 });
      expect(auth).toEqual(['authReleased:9900']);
      expect((await books(r.data.orderNo)).clearing).toBe(0);
    }
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(done.length).toBeLessThanOrEqual(2); // an ending, then a close of the ended order
    await balanced();
  });

  it('the payment company refuses: a capture leaves the order pending payment with the freeze kept (initialising releases it); a refused release says failed', async () => {
    const u = await customer();
    const r = await rentFree(u);
    await using(r.data.orderNo);
    await agedBy(r.data.orderNo, 40);
    sandbox.failNext('capture', 'authorizationExpired');
    await giveBack(cabB, r.data.powerBankId);
    await until(async () => (await status(r.data.orderNo)) === 'pendingPayment', 8_000, 'capture refused');
    expect(await order(r.data.orderNo)).toMatchObject({
      authState: 'authorized',
      paidAmount: 0,
      consumptionStatus: 'unpaid',
    });
    expect((await books(r.data.orderNo)).clearing).toBe(0);
    await ok(c.post('/order/api/v1/order/initOrder', { orderNo: r.data.orderNo, reason: 'capture refused' }), 'init');
    await until(async () => (await order(r.data.orderNo)).authState === 'released', 8_000, 'released after init');
    expect((await events(r.data.orderNo)).filter((e) => e.startsWith('auth'))).toEqual([
      'authorized:9900',
      'authFailed:0',
      'authReleased:9900',
    ]);

    const u2 = await customer();
    const o = await rentFree(u2);
    await using(o.data.orderNo);
    sandbox.failNext('unfreeze', 'systemError');
    await ok(c.post('/order/api/v1/order/initOrder', { orderNo: o.data.orderNo, reason: 'release refused' }), 'init');
    await until(async () => (await order(o.data.orderNo)).authState === 'failed', 8_000, 'release refused');
    expect(await order(o.data.orderNo)).toMatchObject({ status: 'closed', paidAmount: 0 });
    expect((await events(o.data.orderNo)).filter((e) => e.startsWith('auth'))).toEqual([
      'authorized:9900',
      'authFailed:0',
    ]);
    await balanced();
  });

  it('a buy-out pays the buy-out price from the authorization', async () => {
    const u = await customer();
    const r = await rentFree(u);
    await using(r.data.orderNo);
    await agedBy(r.data.orderNo, 7 * 1440 + 5);
    await services().order.engine.sweep();
    await until(async () => (await order(r.data.orderNo)).authState === 'paid', 8_000, 'bought out');
    expect(await order(r.data.orderNo)).toMatchObject({
      status: 'finished',
      paymentKind: 'timeout',
      paidAmount: 9900,
      originalAmount: 9900,
    });
    // All of the freeze was paid: nothing is left to release.
    expect((await events(r.data.orderNo)).filter((e) => e.startsWith('auth'))).toEqual([
      'authorized:9900',
      'authCaptured:9900',
    ]);
    await balanced();
  });
});
