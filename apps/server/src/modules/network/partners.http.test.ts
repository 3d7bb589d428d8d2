import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PUSHER_PERMISSIONS, type PayConfig } from '@cbo/contract';
import { CONFIG_DEFAULTS } from '../system/config.service.js';
import { engines, useServer } from '../../test/helper.js';
import { until } from '../../test/fleet/fleet-helpers.js';
import { caller, ok, outletBody, stockIn, type Answer } from '../../test/outlet/outlet-fixtures.js';
import { SandboxProvider } from '../order/payments.js';
import { refundChecker } from '../../test/refund-checker.js';
import { accountWithMenus } from '../../test/accounts.js';

/**
 * The partner tree and the partner statement (docs/decisions/ledger-and-money.md, "The partner tree and the
 * statement"), through the calls: the tree one level a call with outlets and devices; a statement
 * whose figures equal the account fund flow of the same period to the cent, on orders, a refund's
 * reversal and withdrawals (one paid, one rejected); an agent's app account sees only its subtree;
 * bad input answers a code in the caller's language. And the withdrawals' batch review.
 */
describe.each(engines)('the partner tree and statement (%s)', (engine) => {
  const sandbox = new SandboxProvider({ duplicateRate: 0, notifyDelayMs: 5 });
  const s = useServer(engine, {}, { paymentProvider: sandbox });
  let token = '';
  const c = caller(s, () => token);
  const services = () => s.current.server.services;
  const db = () => s.current.database.db;
  const uniq = () => crypto.randomBytes(3).toString('hex');
  const phone = () => `136${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await db().execute(q)) as unknown as { rows: T[] }).rows;
  const writePay = (over: Partial<PayConfig>) =>
    (services().system.config as unknown as { write(db: unknown, g: string, v: unknown): Promise<void> }).write(
      db(),
      'pay',
      { ...CONFIG_DEFAULTS.pay, ...over },
    );
  const today = () => new Date().toISOString().slice(0, 10);
  const dayOff = (d: string, n: number) =>
    new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  let memberId = 0;
  let n: Awaited<ReturnType<typeof network>>;

  /** A (70) → B (50) → C (40); an outlet of B with two cabinets, an outlet of C with one; B's and A's app accounts signed in. */
  async function network() {
    const u = uniq();
    const region = (await ok(c.post('/user/api/v1/region/saveOrUpdate', { name: `R${u}` }), 'region')).id as number;
    const mobiles = { a: phone(), b: phone(), c: phone() };
    const agent = async (name: string, level: string, ratio: number, mobile: string, parentId?: number) =>
      (
        await ok(
          c.post('/user/api/v1/agent/saveOrUpdate', {
            name,
            areaCode: '86',
            mobile,
            password: 'pass1234',
            level,
            parentId,
            ratio,
            regionId: region,
            minWithdrawal: 0,
            withdrawalFeeRate: 0,
          }),
          name,
        )
      ).id as number;
    const a = await agent(`A${u}`, 'A', 70, mobiles.a);
    const b = await agent(`B${u}`, 'B', 50, mobiles.b, a);
    const cc = await agent(`C${u}`, 'C', 40, mobiles.c, b);
    const outletB = (
      await ok(c.post('/device/api/v1/outlet/saveOrUpdate', outletBody(b, { ratio: 0, hiddenRatio: 0 })), 'outlet B')
    ).id as number;
    const outletC = (
      await ok(c.post('/device/api/v1/outlet/saveOrUpdate', outletBody(cc, { ratio: 0, hiddenRatio: 0 })), 'outlet C')
    ).id as number;
    const sns = await stockIn(c, 3);
    for (const [sn, outletId] of [
      [sns[0], outletB],
      [sns[1], outletB],
      [sns[2], outletC],
    ] as const)
      await ok(c.post('/device/api/v1/outlet/bindDevice', { outletId, sn }), 'bind');
    const appOf = async (mobile: string) => {
      const login = (
        await s.current.inject({
          method: 'POST',
          url: '/user/api/app/v1/auth',
          payload: { areaCode: '86', mobile, password: 'pass1234', clientType: 'AGENT_IOS' },
        })
      ).json() as Answer;
      expect(login.code, login.msg).toBe(0);
      return (
        url: string,
        query: Record<string, string | number> = {},
        lang = 'en_US',
        method: 'GET' | 'POST' = 'GET',
        payload?: object,
      ) => {
        const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
        return s.current
          .inject({
            method,
            url: qs ? `${url}?${qs}` : url,
            payload,
            headers: { authorization: login.data.token, clienttype: 'AGENT_IOS', 'accept-language': lang },
          })
          .then((r) => r.json() as Answer);
      };
    };
    return {
      a,
      b,
      c: cc,
      outletB,
      outletC,
      nameB: `B${u}`,
      appB: await appOf(mobiles.b),
      appC: await appOf(mobiles.c),
    };
  }

  /** An order of 123 minutes (6.00) at B's outlet whose chain pays A 20 % and B 50 %, paid through the payment company. */
  async function paidOrder(): Promise<string> {
    const orderNo = `PT${Date.now()}${crypto.randomInt(0, 1e6)}`;
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
      { party: 'agentA', partyId: n.a, name: 'A', ratio: 20 },
      { party: 'agentB', partyId: n.b, name: 'B', ratio: 50 },
    ];
    const [row] = await rows<{
      id: number;
    }>(sql`insert into ord_order (order_no, user_id, user_mobile, status, pay_mode, sn, outlet_id, outlet_name, billing, chain, deposit_amount, start_at, created_at)
      values (${orderNo}, ${memberId}, '86-1', 'using', 'deposit', ${`PT${uniq()}`}, ${n.outletB}, 'O', ${JSON.stringify(billing)}::jsonb, ${JSON.stringify(chain)}::jsonb, 0, now() - interval '123 minutes' + interval '20 seconds', now()) returning id`);
    await services().order.engine.settle(Number(row!.id), new Date(), { actor: 'test', event: 'returned' });
    await until(
      async () =>
        (await rows<{ status: string }>(sql`select status from ord_order where order_no = ${orderNo}`))[0]!.status ===
        'finished',
      15_000,
      'paid',
    );
    return orderNo;
  }
  const apply = (amount: number) =>
    n.appB('/user/api/app/v1/withdrawal/apply', {}, 'en_US', 'POST', {
      amount,
      method: 'wechat',
      payeeAccount: 'wx-b',
      payeeName: 'B',
      idempotencyKey: crypto.randomBytes(8).toString('hex'),
    });

  beforeAll(async () => {
    token = await s.current.login();
    const mobile = phone();
    await s.current.inject({
      method: 'POST',
      url: '/user/api/app/v1/auth/sendCode',
      payload: { areaCode: '86', mobile },
    });
    await s.current.inject({
      method: 'POST',
      url: '/user/api/app/v1/auth',
      payload: { areaCode: '86', mobile, code: s.current.sms.lastCode(mobile)!, clientType: 'USER_IOS' },
    });
    memberId = (await rows<{ id: number }>(sql`select id from net_member where mobile = ${mobile}`))[0]!.id;
    // Agents withdraw whole units from 1.00, settled at once, reviewed by staff, a 1 % fee; no tax.
    const agent = {
      ...CONFIG_DEFAULTS.pay.withdrawal.agent,
      minAmount: 100,
      settlementDays: 0,
      dailyCount: 100,
      autoLimit: null,
      feePercent: 1,
    };
    await writePay({ taxFeePercent: 0, withdrawal: { ...CONFIG_DEFAULTS.pay.withdrawal, agent } });
    n = await network();
  }, 120_000);
  afterAll(async () => {
    await writePay({});
  });

  it("the tree: A agents first, one level a call, each agent with its own and its subtree's outlets and devices", async () => {
    const roots = await ok(c.get('/user/api/v1/agent/tree'), 'roots');
    expect(roots.find((x: { id: number }) => x.id === n.a)).toMatchObject({
      kind: 'agent',
      level: 'A',
      childAgents: 1,
      outlets: 0,
      devices: 0,
      subtreeOutlets: 2,
      subtreeDevices: 3,
      hasChildren: true,
    });
    const underA = await ok(c.get('/user/api/v1/agent/tree', { parentId: n.a }), 'A');
    expect(underA).toEqual([
      expect.objectContaining({
        kind: 'agent',
        id: n.b,
        level: 'B',
        childAgents: 1,
        outlets: 1,
        devices: 2,
        subtreeOutlets: 2,
        subtreeDevices: 3,
      }),
    ]);
    const underB = await ok(c.get('/user/api/v1/agent/tree', { parentId: n.b }), 'B');
    expect(underB.map((x: { kind: string; id: number }) => `${x.kind}:${x.id}`)).toEqual([
      `agent:${n.c}`,
      `outlet:${n.outletB}`,
    ]);
    expect(underB[0]).toMatchObject({ outlets: 1, devices: 1, subtreeDevices: 1 });
    expect(underB[1]).toMatchObject({ kind: 'outlet', devices: 2, hasChildren: false, level: null });
    // From an agent's row: the tree starts at it.
    expect(await ok(c.get('/user/api/v1/agent/tree', { rootId: n.c }), 'C')).toEqual([
      expect.objectContaining({ id: n.c, level: 'C', outlets: 1, devices: 1 }),
    ]);
    // Unknown: a code, in the caller's language.
    expect(await c.get('/user/api/v1/agent/tree', { parentId: 987654 }, 'zh_CN')).toMatchObject({
      code: 100419,
      msg: '合作方（代理商、网点、网点服务商、地推或团队）不存在',
    });
  });

  it("the statement equals the account fund flow of the same period to the cent: orders, a refund's reversal, a withdrawal paid (its fee) and one rejected", async () => {
    const first = await paidOrder();
    await paidOrder();
    // The whole first order back: B's 3.00 of it reversed.
    const r = await ok(
      c.post('/order/api/v1/refundOrder/refundAmount', { orderNo: first, amount: 600, reason: 'battery was low' }),
      'refund',
    );
    // Another account approves (nobody approves a refund they applied for).
    await ok(
      (await refundChecker(s)).put('/order/api/v1/refundOrder/audit', { id: r.id, approve: true }),
      'approve refund',
    );
    await until(
      async () =>
        (await ok(c.get('/order/api/v1/refundOrder/detail', { refundNo: r.refundNo }), 'refund')).status === 'complete',
      15_000,
      'refunded',
    );
    const paid = await apply(200);
    expect(paid.code, paid.msg).toBe(0);
    const rejected = await apply(100);
    expect(rejected.code, rejected.msg).toBe(0);
    await ok(c.put('/user/api/v1/withdrawal/audit', { id: paid.data.id, approve: true }), 'approve');
    await ok(
      c.put('/user/api/v1/withdrawal/audit', { id: rejected.data.id, approve: false, reason: 'wrong payee' }),
      'reject',
    );
    await until(
      async () => (await ok(c.get('/user/api/v1/withdrawal/detail', { id: paid.data.id }), 'w')).status === 'success',
      8_000,
      'paid out',
    );

    const st = await ok(
      c.get('/user/api/v1/partner/statement', { partyId: n.b, beginDate: dayOff(today(), -1), endDate: today() }),
      'statement',
    );
    expect(st).toMatchObject({
      partyKind: 'agent',
      partyId: n.b,
      partyName: n.nameB,
      accountCode: `agentPayable:${n.b}`,
      timeZone: 'UTC',
      opening: 0,
      orders: 2,
      shares: 600,
      reversals: -300,
      withdrawals: -300,
      returned: 100,
      owed: 0,
      other: 0,
      closing: 100,
      withdrawalCount: 2,
      paidOut: 198,
      paidFees: 2,
    });
    expect(st.opening + st.shares + st.reversals + st.withdrawals + st.returned + st.owed + st.other).toBe(st.closing);
    expect(st.days).toEqual([expect.objectContaining({ date: today(), shares: 600, closing: 100 })]);
    // The books agree: B's payable holds the closing balance.
    expect((await services().ledger.ledger.partnerMoney({ kind: 'agentPayable', partyId: n.b })).payable).toBe(
      st.closing,
    );
    // The account fund flow of the same instants lists the same entries: its sums by movement kind are the statement's lines.
    const flow = await ok(
      c.post('/order/api/v1/fundFlow/account/queryPage', {
        pageNum: 1,
        pageSize: 100,
        accountCode: `agentPayable:${n.b}`,
        beginTime: st.beginTime,
        endTime: st.endTime,
      }),
      'flow',
    );
    expect(flow.total).toBe(flow.list.length);
    const net = (f: (e: { kind: string; debit: number; credit: number }) => boolean) =>
      flow.list.filter(f).reduce((s: number, e: { debit: number; credit: number }) => s + e.credit - e.debit, 0);
    expect(net(() => true)).toBe(st.closing - st.opening);
    expect(net((e) => e.kind === 'share')).toBe(st.shares);
    expect(net((e) => e.kind === 'refund')).toBe(st.reversals);
    expect(net((e) => e.kind === 'withdrawal' && e.debit > 0)).toBe(st.withdrawals);
    expect(net((e) => e.kind === 'withdrawal' && e.credit > 0)).toBe(st.returned);

    // A period after it: opening and closing are what the account holds, nothing moved.
    const later = await ok(
      c.get('/user/api/v1/partner/statement', {
        partyId: n.b,
        beginDate: dayOff(today(), 1),
        endDate: dayOff(today(), 2),
      }),
      'later',
    );
    expect(later).toMatchObject({ opening: 100, closing: 100, shares: 0, withdrawals: 0, days: [] });
    // An outlet's statement: its payable (the outlet holds ratio 0: nothing).
    expect(
      await ok(
        c.get('/user/api/v1/partner/statement', {
          partyKind: 'outlet',
          partyId: n.outletB,
          beginDate: today(),
          endDate: today(),
        }),
        'outlet',
      ),
    ).toMatchObject({ accountCode: `outletPayable:${n.outletB}`, opening: 0, closing: 0 });

    // The export goes to the export centre like every other list's.
    const started = await c.post('/user/api/v1/partner/statement/export', {
      partyId: n.b,
      beginDate: today(),
      endDate: today(),
    });
    expect(started.code, started.msg).toBe(0);
  });

  it("an agent's app account sees only its own subtree and statements", async () => {
    expect(await ok(n.appB('/user/api/app/v1/agent/tree'), 'own')).toEqual([
      expect.objectContaining({ id: n.b, subtreeOutlets: 2 }),
    ]);
    expect((await ok(n.appB('/user/api/app/v1/agent/tree', { parentId: n.b }), 'below')).length).toBe(2);
    expect(await n.appB('/user/api/app/v1/agent/tree', { parentId: n.a }, 'zh_CN')).toMatchObject({
      code: 100418,
      msg: '只能查看本人及下级代理、网点的数据',
    });
    expect(await n.appC('/user/api/app/v1/agent/tree', { rootId: n.b })).toMatchObject({
      code: 100418,
      msg: 'You can only see yourself and the agents and outlets under you',
    });
    const q = { beginDate: today(), endDate: today() };
    expect((await n.appB('/user/api/app/v1/partner/statement', { ...q, partyId: n.b })).code).toBe(0);
    expect((await n.appB('/user/api/app/v1/partner/statement', { ...q, partyId: n.c })).code).toBe(0);
    expect(
      (await n.appB('/user/api/app/v1/partner/statement', { ...q, partyKind: 'outlet', partyId: n.outletC })).code,
    ).toBe(0);
    expect((await n.appB('/user/api/app/v1/partner/statement', { ...q, partyId: n.a })).code).toBe(100418);
    expect(
      (await n.appC('/user/api/app/v1/partner/statement', { ...q, partyKind: 'outlet', partyId: n.outletB })).code,
    ).toBe(100418);
    // A console token is no app token, and the console's call is not open to an app token.
    expect((await c.get('/user/api/app/v1/agent/tree')).code).toBe(100020);
  });

  it("every partner the books owe has a statement: a service provider's, a ground pusher's and an operator team's equal their payables; an agent's app reads only its own pusher's", async () => {
    const u = uniq();
    const provider = (
      await ok(
        c.post('/user/api/v1/serviceProvider/saveOrUpdate', {
          name: `P${u}`,
          contact: 'Li',
          areaCode: '86',
          mobile: phone(),
          password: 'pass1234',
          ratio: 10,
        }),
        'provider',
      )
    ).id as number;
    const pusher = (
      await ok(
        c.post('/user/api/v1/groundPusher/saveOrUpdate', {
          name: `G${u}`,
          areaCode: '86',
          mobile: phone(),
          password: 'pass1234',
          agentId: n.b,
          permission: PUSHER_PERMISSIONS[0],
        }),
        'pusher',
      )
    ).id as number;
    const leader = await accountWithMenus(db(), `lead${u}`, 'pass1234', []);
    const region = (await rows<{ id: number }>(sql`select region_id as id from net_agent where id = ${n.b}`))[0]!.id;
    const team = (
      await ok(
        c.post('/user/api/v1/team/saveOrUpdate', {
          name: `T${u}`,
          regionId: region,
          leaderId: leader,
          memberIds: [leader],
          ratio: 0,
        }),
        'team',
      )
    ).id as number;
    // An order of 6.00 whose chain pays the provider 10 %, the pusher 5 % and the team 15 %.
    const orderNo = `PS${Date.now()}${crypto.randomInt(0, 1e6)}`;
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
      { party: 'serviceProvider', partyId: provider, name: 'P', ratio: 10 },
      { party: 'pusher', partyId: pusher, name: 'G', ratio: 5 },
      { party: 'operator', partyId: team, name: 'T', ratio: 15 },
    ];
    const [row] = await rows<{
      id: number;
    }>(sql`insert into ord_order (order_no, user_id, user_mobile, status, pay_mode, sn, outlet_id, outlet_name, billing, chain, deposit_amount, start_at, created_at)
      values (${orderNo}, ${memberId}, '86-1', 'using', 'deposit', ${`PS${uniq()}`}, ${n.outletB}, 'O', ${JSON.stringify(billing)}::jsonb, ${JSON.stringify(chain)}::jsonb, 0, now() - interval '123 minutes' + interval '20 seconds', now()) returning id`);
    await services().order.engine.settle(Number(row!.id), new Date(), { actor: 'test', event: 'returned' });
    await until(
      async () =>
        (await rows<{ status: string }>(sql`select status from ord_order where order_no = ${orderNo}`))[0]!.status ===
        'finished',
      15_000,
      'paid',
    );

    const q = { beginDate: today(), endDate: today() };
    const cases = [
      { partyKind: 'provider', partyId: provider, account: 'providerPayable', name: `P${u}` },
      { partyKind: 'pusher', partyId: pusher, account: 'pusherPayable', name: `G${u}` },
      { partyKind: 'operator', partyId: team, account: 'operatorPayable', name: `T${u}` },
    ] as const;
    for (const k of cases) {
      const st = await ok(
        c.get('/user/api/v1/partner/statement', { ...q, partyKind: k.partyKind, partyId: k.partyId }),
        k.partyKind,
      );
      // What the books owe the partner now is the statement's closing, and its shares are the order's.
      const owed = 0 - (await services().ledger.ledger.balance({ kind: k.account, partyId: k.partyId }));
      expect(st).toMatchObject({
        partyKind: k.partyKind,
        partyName: k.name,
        accountCode: `${k.account}:${k.partyId}`,
        opening: 0,
        closing: owed,
      });
      expect(st.shares).toBeGreaterThan(0);
      expect(st.shares).toBe(owed);
      expect(
        (await c.get('/user/api/v1/partner/statement', { ...q, partyKind: k.partyKind, partyId: 987654 })).code,
      ).toBe(100419);
    }
    // B's app reads its own ground pusher's; a provider or a team answers to no agent: staff only.
    expect(
      (await n.appB('/user/api/app/v1/partner/statement', { ...q, partyKind: 'pusher', partyId: pusher })).code,
    ).toBe(0);
    expect(
      (await n.appC('/user/api/app/v1/partner/statement', { ...q, partyKind: 'pusher', partyId: pusher })).code,
    ).toBe(100418);
    expect(
      (await n.appB('/user/api/app/v1/partner/statement', { ...q, partyKind: 'provider', partyId: provider })).code,
    ).toBe(100418);
    expect(
      (await n.appB('/user/api/app/v1/partner/statement', { ...q, partyKind: 'operator', partyId: team })).code,
    ).toBe(100418);
    // An unknown kind is bad input, not a 500.
    const bad = await c.get('/user/api/v1/partner/statement', { ...q, partyKind: 'customer', partyId: 1 });
    expect(bad.status).toBeLessThan(500);
    expect(bad.code).not.toBe(0);
  });

  it("bad input: reversed, too long, unknown partner, not a date: a code and a message in the caller's language, never a 500", async () => {
    const get = (q: Record<string, string | number>, lang = 'en_US') =>
      c.get('/user/api/v1/partner/statement', q, lang);
    expect(await get({ partyId: n.b, beginDate: today(), endDate: dayOff(today(), -1) }, 'zh_CN')).toMatchObject({
      code: 100420,
      msg: '开始日期不能晚于结束日期',
    });
    expect(await get({ partyId: n.b, beginDate: '2025-01-01', endDate: '2026-01-02' })).toMatchObject({
      code: 100421,
      msg: 'A statement covers at most 366 days',
    });
    expect((await get({ partyId: n.b, beginDate: '2024-01-01', endDate: '2024-12-31' })).code).toBe(0);
    expect(await get({ partyId: 987654, beginDate: today(), endDate: today() }, 'zh_TW')).toMatchObject({
      code: 100419,
      msg: '合作方（代理商、網點、網點服務商、地推或團隊）不存在',
    });
    expect(await get({ partyKind: 'outlet', partyId: 987654, beginDate: today(), endDate: today() })).toMatchObject({
      code: 100419,
    });
    const notDate = await get({ partyId: n.b, beginDate: '2026-02-30', endDate: today() });
    expect(notDate.status).toBeLessThan(500);
    expect(notDate.code).not.toBe(0);
    expect(notDate.msg).toContain('YYYY-MM-DD');
    expect(
      (
        await c.post('/user/api/v1/partner/statement/export', {
          partyId: n.b,
          beginDate: today(),
          endDate: dayOff(today(), -3),
        })
      ).code,
    ).toBe(100420);
  });

  it("batch review: each decided by the single review's conditional update; one already decided is reported, not paid twice", async () => {
    await paidOrder();
    const w1 = await apply(100);
    const w2 = await apply(100);
    expect([w1.code, w2.code]).toEqual([0, 0]);
    await ok(
      c.put('/user/api/v1/withdrawal/audit', { id: w1.data.id, approve: false, reason: 'duplicate' }),
      'reject one',
    );
    const before = await rows<{ n: string }>(sql`select count(*) as n from led_transaction where key like 'payout-%'`);
    const batch = await c.put('/user/api/v1/withdrawal/batchAudit', {
      ids: [w1.data.id, w2.data.id, w2.data.id, 987654],
      approve: true,
    });
    expect(batch.code, batch.msg).toBe(0);
    expect(batch.data).toMatchObject({ decided: 1, refused: 2 });
    expect(batch.data.results).toEqual([
      expect.objectContaining({
        id: w1.data.id,
        ok: false,
        code: 101102,
        applicationNo: w1.data.applicationNo,
        msg: 'The withdrawal is not waiting for review',
      }),
      expect.objectContaining({ id: w2.data.id, ok: true, code: 0 }),
      expect.objectContaining({ id: 987654, ok: false, code: 101101 }),
    ]);
    // Once more: nothing left to decide, nothing moves.
    const again = await c.put('/user/api/v1/withdrawal/batchAudit', { ids: [w2.data.id], approve: true }, 'zh_CN');
    expect(again.data.results[0]).toMatchObject({ ok: false, code: 101102, msg: '该提现申请不是待审核状态' });
    await until(
      async () => (await ok(c.get('/user/api/v1/withdrawal/detail', { id: w2.data.id }), 'w2')).status === 'success',
      8_000,
      'paid',
    );
    const after = await rows<{ n: string }>(sql`select count(*) as n from led_transaction where key like 'payout-%'`);
    expect(Number(after[0]!.n) - Number(before[0]!.n)).toBe(1); // payout-paid of w2 only
    // A rejection needs its reason.
    expect((await c.put('/user/api/v1/withdrawal/batchAudit', { ids: [w2.data.id], approve: false })).code).not.toBe(0);
    const tb = await services().ledger.ledger.trialBalance('en_US');
    expect(tb.totalDebit).toBe(tb.totalCredit);
  });

  it('50 identical batch reviews at once decide the application once and pay it once', async () => {
    await paidOrder();
    const w = await apply(100);
    expect(w.code, w.msg).toBe(0);
    const before = await rows<{ n: string }>(sql`select count(*) as n from led_transaction where key like 'payout-%'`);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        c.put('/user/api/v1/withdrawal/batchAudit', { ids: [w.data.id], approve: true }),
      ),
    );
    expect(answers.every((a) => a.code === 0)).toBe(true);
    const decided = answers.filter((a) => a.data.results[0].ok);
    expect(decided).toHaveLength(1);
    expect(answers.filter((a) => !a.data.results[0].ok).every((a) => a.data.results[0].code === 101102)).toBe(true);
    await until(
      async () => (await ok(c.get('/user/api/v1/withdrawal/detail', { id: w.data.id }), 'w')).status === 'success',
      8_000,
      'paid',
    );
    const after = await rows<{ n: string }>(sql`select count(*) as n from led_transaction where key like 'payout-%'`);
    expect(Number(after[0]!.n) - Number(before[0]!.n)).toBe(1);
    const tb = await services().ledger.ledger.trialBalance('en_US');
    expect(tb.totalDebit).toBe(tb.totalCredit);
  });
});
