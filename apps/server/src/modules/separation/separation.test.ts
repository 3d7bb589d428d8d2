import crypto from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { engines, useServer } from '../../test/helper.js';
import { newSn } from '../../test/fleet/test-cabinet.js';
import { caller, networkFixture, outletBody, type Answer } from '../../test/outlet/outlet-fixtures.js';
import { SandboxProvider } from '../order/payments.js';

/**
 * Order separation on each engine: staff create, edit, pause, resume, restore and delete rules
 * (HTTP, bad input in the caller's language); the order engine separates a matching order's partner
 * shares in its share transaction, once; restores give them back once. After every test the books
 * balance and each rule's counters equal the orders it holds. On PostgreSQL, parallel settlements
 * never pass a rule's caps and parallel restores of one order move money once.
 */
describe.each(engines)('order separation (%s)', (engine) => {
  const sandbox = new SandboxProvider({ duplicateRate: 0, notifyDelayMs: 5 });
  const s = useServer(engine, {}, { paymentProvider: sandbox });
  let token = '';
  const c = caller(s, () => token);
  const services = () => s.current.server.services;
  const db = () => s.current.database.db;
  let net: Awaited<ReturnType<typeof networkFixture>>;
  let outletId = 0;
  let sn = '';
  let otherSn = '';

  const ok = async (p: Promise<Answer>, what = 'call') => {
    const a = await p;
    if (a.code !== 0) throw new Error(`${what}: ${a.code} ${a.msg}`);
    return a.data;
  };
  const rows = async <T>(q: SQL): Promise<T[]> => ((await db().execute(q)) as unknown as { rows: T[] }).rows;
  const uniq = () => crypto.randomBytes(3).toString('hex');
  const hour = 3_600_000;
  const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
  const ruleBody = (over: object = {}) => ({
    name: `S${uniq()}`,
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
    ...over,
  });
  const addRule = async (over: object = {}) =>
    (await ok(c.post('/order/api/v1/separationRule/saveOrUpdate', ruleBody(over)), 'add rule')) as {
      id: number;
      code: string;
      name: string;
    };
  const status = (id: number, to: string) => c.post('/order/api/v1/separationRule/editStatus', { id, status: to });
  const detail = async (id: number) => ok(c.get('/order/api/v1/separationRule/detail', { id }));
  const sepOrders = async (q: Record<string, string | number>) =>
    ok(c.get('/order/api/v1/separationOrder/queryPage', { pageNum: 1, pageSize: 100, ...q }));
  const restore = (id: number, lang = 'en_US') => c.post('/order/api/v1/separationOrder/restore', { id }, lang);
  const account = (kind: string, partyId?: number) =>
    services().ledger.ledger.balance({ kind: kind as never, partyId: partyId ?? null });

  /**
   * A power-bank order using since 63 minutes ago (fee 300: 20 % to agent A, 10 % to B, 30 % to the
   * outlet, the rest the platform's), paid from the balance with 9900 held, so its settle takes the
   * fee and shares it in one transaction.
   */
  async function usingOrder(at = sn, createdMsAgo = 63 * 60_000): Promise<{ id: number; orderNo: string }> {
    const orderNo = `SP${Date.now()}${crypto.randomInt(0, 1e6)}`;
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
      values (${orderNo}, 1, '86-1', 'using', 'balance', ${at}, ${outletId}, 'O', ${JSON.stringify(billing)}::jsonb, ${JSON.stringify(chain)}::jsonb, 9900, now() - make_interval(secs => 63 * 60 - 20), now() - make_interval(secs => ${createdMsAgo / 1000})) returning id`);
    return { id: Number(r[0]!.id), orderNo };
  }
  const settle = (id: number) => services().order.engine.settle(id, new Date(), { actor: 'test', event: 'returned' });
  /** What an order's partner payables hold (credit side positive). */
  const partnerCredits = async (orderNo: string) =>
    [
      ...(
        await services().ledger.ledger.orderCredits(orderNo, [
          'agentPayable',
          'outletPayable',
          'providerPayable',
          'pusherPayable',
        ])
      ).values(),
    ].reduce((sum, x) => sum + x.amount, 0);
  const separatedOf = async (orderNo: string) =>
    [...(await services().ledger.ledger.orderCredits(orderNo, ['separated'])).values()].reduce(
      (sum, x) => sum + x.amount,
      0,
    );

  beforeAll(async () => {
    token = await s.current.login();
    net = await networkFixture(s, c);
    outletId = (await ok(c.post('/device/api/v1/outlet/saveOrUpdate', outletBody(net.agentB)), 'outlet')).id;
    sn = newSn();
    otherSn = newSn();
    await services().fleet.stockIn({ sns: [sn, otherSn] });
    await ok(c.post('/device/api/v1/outlet/bindDevice', { outletId, sn }), 'bind');
  }, 60_000);

  afterEach(async () => {
    const tb = await services().ledger.ledger.trialBalance('en_US');
    expect(tb.totalDebit).toBe(tb.totalCredit);
    // Each rule's counters are exactly the orders it holds separated.
    const [bad] = await rows<{
      n: number;
    }>(sql`select count(*)::int as n from sep_rule r where r.separated_count <> (select count(*) from sep_order o where o.rule_id = r.id and o.status = 'separated')
        or r.separated_amount <> (select coalesce(sum(o.amount), 0) from sep_order o where o.rule_id = r.id and o.status = 'separated')`);
    expect(Number(bad!.n)).toBe(0);
    // A restored order leaves nothing in its rule's separated account.
    const [left] = await rows<{ n: number }>(sql`select count(*)::int as n from sep_order o where o.status = 'restored'
        and (select coalesce(sum(e.credit - e.debit), 0) from led_entry e where e.order_no = o.order_no and e.account = 'separated:' || o.rule_id) <> 0`);
    expect(Number(left!.n)).toBe(0);
  });

  it("creates, lists, reads and edits rules; refuses bad input in the caller's language", async () => {
    const r = await addRule({ deviceSns: [sn, otherSn] });
    expect(r.code).toMatch(/^SR\d{14}$/);
    const list = await ok(c.get('/order/api/v1/separationRule/queryPage', { pageNum: 1, pageSize: 10, name: r.name }));
    expect(list).toMatchObject({
      total: 1,
      list: [
        {
          id: r.id,
          status: 'running',
          deviceSns: [sn, otherSn],
          separatedCount: 0,
          separatedAmount: 0,
          creator: 'admin',
        },
      ],
    });
    expect(
      (await ok(c.get('/order/api/v1/separationRule/queryPage', { pageNum: 1, pageSize: 10, sn: otherSn }))).list.map(
        (x: { id: number }) => x.id,
      ),
    ).toContain(r.id);
    const edited = await ok(
      c.post('/order/api/v1/separationRule/saveOrUpdate', {
        ...ruleBody({ name: r.name, deviceSns: [sn], capAmount: 2000 }),
        id: r.id,
      }),
    );
    expect(edited).toMatchObject({ id: r.id, code: r.code, deviceSns: [sn], capAmount: 2000 });
    expect((await detail(r.id)).devices).toEqual([{ sn, matched: 0, separated: 0 }]);

    // spec 5: more than 20 devices, start above cap, missing name, order-count start above cap.
    const many = Array.from({ length: 21 }, (_, i) => `X${i}`);
    const tooMany = await c.post('/order/api/v1/separationRule/saveOrUpdate', ruleBody({ deviceSns: many }), 'zh_CN');
    expect(tooMany).toMatchObject({ status: 400, code: 100001 });
    expect(tooMany.msg).toContain('设备范围');
    expect(tooMany.msg).toContain('20');
    const noDevices = await c.post('/order/api/v1/separationRule/saveOrUpdate', ruleBody({ deviceSns: [] }), 'en_US');
    expect(noDevices.msg).toContain('choose the devices (at most 20)');
    const above = await c.post(
      '/order/api/v1/separationRule/saveOrUpdate',
      ruleBody({ startAmount: 2000, capAmount: 1000 }),
      'zh_TW',
    );
    expect(above).toMatchObject({ code: 100001 });
    expect(above.msg).toContain('起始金額不能大於封頂金額');
    const noName = await c.post('/order/api/v1/separationRule/saveOrUpdate', ruleBody({ name: '' }), 'en_US');
    expect(noName).toMatchObject({ code: 100001 });
    expect(noName.msg).toBe('Invalid input: name: is required');
    const missing = await c.post(
      '/order/api/v1/separationRule/saveOrUpdate',
      { ...ruleBody(), name: undefined },
      'en_US',
    );
    expect(missing).toMatchObject({ code: 100001 });
    const counts = await c.post(
      '/order/api/v1/separationRule/saveOrUpdate',
      ruleBody({ countStart: 5, countCap: 4 }),
      'en_US',
    );
    expect(counts.msg).toContain('the order-count start must not be above its cap');
    expect(
      await c.post(
        '/order/api/v1/separationRule/saveOrUpdate',
        ruleBody({ orderBeginTime: iso(hour), orderEndTime: iso(-hour) }),
      ),
    ).toMatchObject({ code: 100001 });
    expect(await c.post('/order/api/v1/separationRule/saveOrUpdate', ruleBody({ startAmount: 1.5 }))).toMatchObject({
      code: 100001,
    });
    expect(await c.post('/order/api/v1/separationRule/saveOrUpdate', ruleBody({ deviceSns: [sn, sn] }))).toMatchObject({
      code: 100001,
    });
    expect(
      await c.post('/order/api/v1/separationRule/saveOrUpdate', ruleBody({ deviceSns: ['NOPE404'] }), 'zh_CN'),
    ).toMatchObject({ code: 101303, msg: '设备不存在：NOPE404' });
    expect(
      await c.post('/order/api/v1/separationRule/saveOrUpdate', ruleBody({ name: r.name }), 'en_US'),
    ).toMatchObject({ code: 101306, msg: 'A separation rule with this name exists' });
    expect(await c.get('/order/api/v1/separationRule/detail', { id: 99_999_999 }, 'zh_TW')).toMatchObject({
      code: 101301,
      msg: '分單規則不存在',
    });
    expect(await c.post('/order/api/v1/separationRule/saveOrUpdate', { ...ruleBody(), id: 99_999_999 })).toMatchObject({
      code: 101301,
    });
    expect(await status(99_999_999, 'paused')).toMatchObject({ code: 101301 });
    expect(await status(r.id, 'deleted')).toMatchObject({ code: 100001 });
    expect(await restore(99_999_999)).toMatchObject({ code: 101304 });
    // Nothing half-written by the refusals.
    const [n] = await rows<{ n: number }>(sql`select count(*)::int as n from sep_rule where name = ${r.name}`);
    expect(Number(n!.n)).toBe(1);
    // Staff changes are operation-logged.
    const [logged] = await rows<{ n: number }>(
      sql`select count(*)::int as n from sys_operation_log where call = 'separationRuleSave'`,
    );
    expect(Number(logged!.n)).toBeGreaterThan(0);
    await c.send('DELETE', `/order/api/v1/separationRule/delete?id=${r.id}`);
  });

  it("separates a matching order's partner shares once, in its settle, and shows it in the platform fund flow with the rule", async () => {
    const r = await addRule();
    const o = await usingOrder();
    expect(await settle(o.id)).toMatchObject({ status: 'finished' });
    // 300 shared: A 60, B 30, the outlet 90 (tax 0): all 180 went to the rule's separated account.
    expect(await partnerCredits(o.orderNo)).toBe(0);
    expect(await separatedOf(o.orderNo)).toBe(180);
    expect(await account('separated', r.id)).toBe(-180);
    const d = await detail(r.id);
    expect(d).toMatchObject({ separatedCount: 1, separatedAmount: 180, devices: [{ sn, matched: 1, separated: 1 }] });
    const list = await sepOrders({ ruleId: r.id });
    expect(list).toMatchObject({
      total: 1,
      list: [
        {
          orderNo: o.orderNo,
          ruleCode: r.code,
          ruleName: r.name,
          sn,
          orderAmount: 300,
          amount: 180,
          status: 'separated',
        },
      ],
    });
    expect(list.list[0].shares).toHaveLength(3);
    // The platform fund flow shows the movement, its order and the rule that caused it.
    const flow = await ok(
      c.post(
        '/order/api/v1/fundFlow/platform/queryPage',
        { pageNum: 1, pageSize: 10, orderNo: o.orderNo, kind: 'separate' },
        'en_US',
      ),
    );
    expect(flow.list).toHaveLength(1);
    expect(flow.list[0]).toMatchObject({
      orderNo: o.orderNo,
      accountCode: `separated:${r.id}`,
      credit: 180,
      memo: `Partner shares separated by rule ${r.code}`,
      transactionKey: `separate:${o.orderNo}`,
    });
    const zh = await ok(
      c.post(
        '/order/api/v1/fundFlow/platform/queryPage',
        { pageNum: 1, pageSize: 10, orderNo: o.orderNo, kind: 'separate' },
        'zh_CN',
      ),
    );
    expect(zh.list[0].memo).toBe(`分单规则 ${r.code} 分出合作方分润`);
    // Sharing again (a repeated settle path) separates nothing more.
    const [row] = await rows<Record<string, unknown>>(sql`select * from ord_order where order_no = ${o.orderNo}`);
    expect(row).toBeTruthy();
    expect(await settle(o.id).catch((e: Error) => e.message)).toBe('ORDER_NOT_USING');
    expect(await separatedOf(o.orderNo)).toBe(180);
    await status(r.id, 'restored');
  });

  it("matches only the rule's devices, order time, amount range and type; an outlet rule takes only the outlet's share", async () => {
    const r = await addRule({ type: 'outlet', deviceSns: [sn] });
    // Another cabinet, an order created before the order time, an amount above the cap: left alone.
    const elsewhere = await usingOrder(otherSn);
    await settle(elsewhere.id);
    const old = await usingOrder(sn, 3 * hour);
    await settle(old.id);
    const narrow = await addRule({ deviceSns: [otherSn], startAmount: 400, capAmount: 1000 });
    const cheap = await usingOrder(otherSn);
    await settle(cheap.id);
    for (const no of [elsewhere.orderNo, old.orderNo, cheap.orderNo]) {
      expect(await separatedOf(no)).toBe(0);
      expect(await partnerCredits(no)).toBe(180);
    }
    const o = await usingOrder();
    await settle(o.id);
    expect(await separatedOf(o.orderNo)).toBe(90);
    expect(await partnerCredits(o.orderNo)).toBe(90);
    const credits = await services().ledger.ledger.orderCredits(o.orderNo, ['outletPayable', 'agentPayable']);
    expect(credits.get(`outletPayable:${outletId}`)?.amount).toBe(0);
    expect(credits.get(`agentPayable:${net.agentA}`)?.amount).toBe(60);
    await status(r.id, 'restored');
    await status(narrow.id, 'restored');
  });

  it("pauses and resumes; separates each device's orders numbered countStart..countCap; the total cap stops it", async () => {
    const r = await addRule({ countStart: 2, countCap: 3 });
    expect(await status(r.id, 'paused')).toMatchObject({ code: 0, data: { status: 'paused' } });
    expect(await status(r.id, 'paused')).toMatchObject({ code: 101302 });
    const whilePaused = await usingOrder();
    await settle(whilePaused.id);
    expect(await separatedOf(whilePaused.orderNo)).toBe(0);
    expect((await detail(r.id)).devices[0].matched).toBe(0);
    expect(await status(r.id, 'running')).toMatchObject({ code: 0, data: { status: 'running' } });
    const nos: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const o = await usingOrder();
      await settle(o.id);
      nos.push(o.orderNo);
    }
    // The first matching order is counted and left alone, the 2nd and 3rd separated, the 4th past the cap.
    expect(await Promise.all(nos.map(separatedOf))).toEqual([0, 180, 180, 0]);
    expect(await detail(r.id)).toMatchObject({
      separatedCount: 2,
      separatedAmount: 360,
      devices: [{ sn, matched: 3, separated: 2 }],
    });
    await status(r.id, 'restored');

    const capped = await addRule({ totalCap: 400 });
    const more: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const o = await usingOrder();
      await settle(o.id);
      more.push(o.orderNo);
    }
    expect(await Promise.all(more.map(separatedOf))).toEqual([180, 180, 0]);
    expect(await detail(capped.id)).toMatchObject({ separatedAmount: 360 });
    await status(capped.id, 'restored');
  });

  it("restores one order once, a whole rule's orders on restore, and keeps a deleted rule's history", async () => {
    const r = await addRule();
    const a = await usingOrder();
    const b = await usingOrder();
    await settle(a.id);
    await settle(b.id);
    const [sa, sb] = (await sepOrders({ ruleId: r.id })).list.sort((x: { orderNo: string }, y: { orderNo: string }) =>
      x.orderNo === a.orderNo ? -1 : y.orderNo === a.orderNo ? 1 : 0,
    );
    expect(sa.orderNo).toBe(a.orderNo);
    const back = await ok(restore(sa.id));
    expect(back).toMatchObject({ status: 'restored', restoredAmount: 180, restoredBy: 'admin', ruleName: r.name });
    expect(await partnerCredits(a.orderNo)).toBe(180);
    expect(await separatedOf(a.orderNo)).toBe(0);
    expect(await restore(sa.id, 'zh_CN')).toMatchObject({ code: 101305, msg: '该订单已恢复' });
    expect(await detail(r.id)).toMatchObject({ separatedCount: 1, separatedAmount: 180 });
    const flow = await ok(
      c.post('/order/api/v1/fundFlow/account/queryPage', {
        pageNum: 1,
        pageSize: 20,
        orderNo: a.orderNo,
        kind: 'separateRestore',
      }),
    );
    expect(flow.list.reduce((sum: number, e: { credit: number }) => sum + e.credit, 0)).toBe(180);

    // Restoring the rule gives back what it still holds and ends it; it cannot run or be edited again.
    expect(await status(r.id, 'restored')).toMatchObject({
      code: 0,
      data: { status: 'restored', separatedCount: 0, separatedAmount: 0 },
    });
    expect(await partnerCredits(b.orderNo)).toBe(180);
    expect((await sepOrders({ ruleId: r.id, status: 'restored' })).total).toBe(2);
    expect(sb.status).toBe('separated');
    expect(await status(r.id, 'running')).toMatchObject({ code: 101302 });
    expect(
      await c.post('/order/api/v1/separationRule/saveOrUpdate', { ...ruleBody({ name: r.name }), id: r.id }),
    ).toMatchObject({ code: 101302 });
    const later = await usingOrder();
    await settle(later.id);
    expect(await separatedOf(later.orderNo)).toBe(0);

    // Deleting stops a rule and keeps its orders and movements; it leaves the default list.
    const d = await addRule();
    const c1 = await usingOrder();
    await settle(c1.id);
    expect(await c.send('DELETE', `/order/api/v1/separationRule/delete?id=${d.id}`)).toMatchObject({
      code: 0,
      data: { status: 'deleted' },
    });
    expect(await c.send('DELETE', `/order/api/v1/separationRule/delete?id=${d.id}`)).toMatchObject({ code: 101302 });
    const c2 = await usingOrder();
    await settle(c2.id);
    expect(await separatedOf(c2.orderNo)).toBe(0);
    expect(await separatedOf(c1.orderNo)).toBe(180);
    expect(
      (await ok(c.get('/order/api/v1/separationRule/queryPage', { pageNum: 1, pageSize: 10, code: d.code }))).total,
    ).toBe(0);
    expect(
      (
        await ok(
          c.get('/order/api/v1/separationRule/queryPage', {
            pageNum: 1,
            pageSize: 10,
            code: d.code,
            status: 'deleted',
          }),
        )
      ).total,
    ).toBe(1);
    expect(await status(d.id, 'restored')).toMatchObject({ code: 101302 });
    // Its separated orders can still be restored one by one.
    const [held] = (await sepOrders({ ruleId: d.id })).list;
    expect(await restore(held.id)).toMatchObject({ code: 0, data: { status: 'restored' } });
    const [logged] = await rows<{ n: number }>(
      sql`select count(*)::int as n from sys_operation_log where call in ('separationOrderRestore', 'separationRuleEditStatus', 'separationRuleDelete')`,
    );
    expect(Number(logged!.n)).toBeGreaterThanOrEqual(4);
  });

  it("takes a later refund's part from the separated account; the restore gives back what is left", async () => {
    const r = await addRule();
    const o = await usingOrder();
    await settle(o.id);
    // Refund half of the 300: each share gives back half, the separated 180 gives 90.
    // Refunds are reviewed: asked, then approved (below the second-approval threshold, once).
    const asked = await services().order.refunds.request(
      { orderNo: o.orderNo, amount: 150, reason: 'test' },
      { id: 1, name: 'admin' },
    );
    // Approved by another account than the one that asked (nobody approves what they applied for).
    await services().order.refunds.audit({ id: asked.id, approve: true }, { id: 999_999, name: 'checker' });
    expect(await separatedOf(o.orderNo)).toBe(90);
    const [held] = (await sepOrders({ orderNo: o.orderNo })).list;
    expect(await ok(restore(held.id))).toMatchObject({ restoredAmount: 90 });
    expect(await partnerCredits(o.orderNo)).toBe(90);
    expect(await separatedOf(o.orderNo)).toBe(0);
    await status(r.id, 'restored');
  });

  it('forgets the separations of orders removed with their movements (the demo cleared)', async () => {
    const r = await addRule();
    const o = await usingOrder();
    await settle(o.id);
    expect(await detail(r.id)).toMatchObject({ separatedCount: 1, separatedAmount: 180 });
    expect(await services().separation.orders.forgetOrders([o.orderNo, 'NOT-AN-ORDER'])).toBe(1);
    await services().ledger.ledger.removeOrders([o.orderNo]);
    expect(await detail(r.id)).toMatchObject({ separatedCount: 0, separatedAmount: 0 });
    expect((await sepOrders({ orderNo: o.orderNo })).total).toBe(0);
    await status(r.id, 'restored');
  });

  it('never passes the per-device count cap or the total cap under 50 parallel settlements', async () => {
    const r = await addRule({ countCap: 7 });
    const orders = await Promise.all(Array.from({ length: 50 }, () => usingOrder()));
    const results = await Promise.allSettled(orders.map((o) => settle(o.id)));
    expect(results.filter((x) => x.status === 'rejected')).toEqual([]);
    expect(await detail(r.id)).toMatchObject({
      separatedCount: 7,
      separatedAmount: 7 * 180,
      devices: [{ sn, matched: 7, separated: 7 }],
    });
    expect((await Promise.all(orders.map((o) => separatedOf(o.orderNo)))).filter((x) => x > 0)).toHaveLength(7);
    await status(r.id, 'restored');

    const t = await addRule({ totalCap: 5 * 180 + 179 });
    const more = await Promise.all(Array.from({ length: 50 }, () => usingOrder()));
    await Promise.all(more.map((o) => settle(o.id)));
    expect(await detail(t.id)).toMatchObject({ separatedCount: 5, separatedAmount: 900 });
    expect(await account('separated', t.id)).toBe(-900);
    await status(t.id, 'restored');
  }, 120_000);

  it('reverses once under 50 parallel restores of one order, and of a rule and its order at once', async () => {
    const r = await addRule();
    const o = await usingOrder();
    await settle(o.id);
    const [held] = (await sepOrders({ orderNo: o.orderNo })).list;
    const answers = await Promise.all(Array.from({ length: 50 }, () => restore(held.id)));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 101305)).toHaveLength(49);
    const [moves] = await rows<{ n: number }>(
      sql`select count(*)::int as n from led_transaction where order_no = ${o.orderNo} and kind = 'separateRestore'`,
    );
    expect(Number(moves!.n)).toBe(1);
    expect(await partnerCredits(o.orderNo)).toBe(180);

    const p = await usingOrder();
    await settle(p.id);
    const [q] = (await sepOrders({ orderNo: p.orderNo })).list;
    const mixed = await Promise.all([
      ...Array.from({ length: 10 }, () => restore(q.id)),
      ...Array.from({ length: 10 }, () => status(r.id, 'restored')),
    ]);
    expect(mixed.filter((a) => a.code !== 0 && a.code !== 101305 && a.code !== 101302)).toEqual([]);
    expect(await partnerCredits(p.orderNo)).toBe(180);
    expect(await separatedOf(p.orderNo)).toBe(0);
    expect((await detail(r.id)).status).toBe('restored');
  }, 60_000);
});
