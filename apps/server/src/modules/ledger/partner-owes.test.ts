import crypto from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PayConfig } from '@cbo/contract';
import { CONFIG_DEFAULTS } from '../system/config.service.js';
import { engines, useServer } from '../../test/helper.js';
import { until } from '../../test/fleet/fleet-helpers.js';
import { caller, ok, outletBody, type Answer } from '../../test/outlet/outlet-fixtures.js';
import { refundChecker } from '../../test/refund-checker.js';
import { newSn } from '../../test/fleet/test-cabinet.js';
import { SandboxProvider } from '../order/payments.js';

/**
 * What a partner owes (docs/decisions/ledger-and-money.md, "What a partner owes"), on each engine and through the
 * calls: a refund approved after a partner withdrew its share leaves its payable at zero and books
 * the rest as owed by it (its receivable), shown to the partner app and to staff; withdrawals are
 * refused while it owes; its next shares, a refused refund, a restore and a withdrawal given back
 * pay the debt first. On PostgreSQL: 50 refund approvals, new shares and withdrawals at once keep
 * every payable at or above zero and the debt exact. After every test the books balance and no
 * partner payable is below zero.
 */
describe.each(engines)('what a partner owes (%s)', (engine) => {
  const sandbox = new SandboxProvider({ duplicateRate: 0, notifyDelayMs: 5 });
  const s = useServer(engine, {}, { paymentProvider: sandbox });
  let token = '';
  const c = caller(s, () => token);
  const services = () => s.current.server.services;
  const db = () => s.current.database.db;
  const ledger = () => services().ledger.ledger;
  const uniq = () => crypto.randomBytes(3).toString('hex');
  const phone = () => `137${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await db().execute(q)) as unknown as { rows: T[] }).rows;
  let memberId = 0;

  const writePay = (over: Partial<PayConfig>) =>
    (services().system.config as unknown as { write(db: unknown, g: string, v: unknown): Promise<void> }).write(
      db(),
      'pay',
      { ...CONFIG_DEFAULTS.pay, ...over },
    );

  /** An agent A (20 % of each order) over an agent B (50 %) with an outlet of B, B's partner-app account signed in. */
  async function network() {
    const u = uniq();
    const region = (await ok(c.post('/user/api/v1/region/saveOrUpdate', { name: `R${u}` }), 'region')).id as number;
    const a = (
      await ok(
        c.post('/user/api/v1/agent/saveOrUpdate', {
          name: `A${u}`,
          areaCode: '86',
          mobile: phone(),
          password: 'pass1234',
          level: 'A',
          ratio: 70,
          regionId: region,
          minWithdrawal: 0,
          withdrawalFeeRate: 0,
        }),
        'agent A',
      )
    ).id as number;
    const mobile = phone();
    const b = (
      await ok(
        c.post('/user/api/v1/agent/saveOrUpdate', {
          name: `B${u}`,
          areaCode: '86',
          mobile,
          password: 'pass1234',
          level: 'B',
          parentId: a,
          ratio: 50,
          regionId: region,
          minWithdrawal: 0,
          withdrawalFeeRate: 0,
        }),
        'agent B',
      )
    ).id as number;
    const outletId = (
      await ok(c.post('/device/api/v1/outlet/saveOrUpdate', outletBody(b, { ratio: 0, hiddenRatio: 0 })), 'outlet')
    ).id as number;
    const login = (
      await s.current.inject({
        method: 'POST',
        url: '/user/api/app/v1/auth',
        payload: { areaCode: '86', mobile, password: 'pass1234', clientType: 'AGENT_IOS' },
      })
    ).json() as Answer;
    expect(login.code, login.msg).toBe(0);
    const app = (method: 'GET' | 'POST', url: string, payload?: object, lang = 'en_US') =>
      s.current
        .inject({
          method,
          url,
          payload,
          headers: { authorization: login.data.token, clienttype: 'AGENT_IOS', 'accept-language': lang },
        })
        .then((r) => r.json() as Answer);
    return { a, b, outletId, name: `B${u}`, app };
  }
  type Net = Awaited<ReturnType<typeof network>>;

  /** An order in use for 123 minutes (6.00) whose chain pays A 20 % (1.20) and B 50 % (3.00), the platform the rest; paid through the payment company when `charged`. */
  async function usingOrder(
    n: Net,
    sn = `PO${uniq()}`,
    outletId = n.outletId,
  ): Promise<{ id: number; orderNo: string }> {
    const orderNo = `PO${Date.now()}${crypto.randomInt(0, 1e6)}`;
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
      values (${orderNo}, ${memberId}, '86-1', 'using', 'deposit', ${sn}, ${outletId}, 'O', ${JSON.stringify(billing)}::jsonb, ${JSON.stringify(chain)}::jsonb, 0, now() - interval '123 minutes' + interval '20 seconds', now()) returning id`);
    return { id: Number(row!.id), orderNo };
  }
  const status = async (orderNo: string) =>
    (await rows<{ status: string }>(sql`select status from ord_order where order_no = ${orderNo}`))[0]!.status;
  /** Ends an order now; the payment company takes the 6.00 and the engine shares it along the chain. */
  async function settle(o: { id: number; orderNo: string }): Promise<void> {
    await services().order.engine.settle(o.id, new Date(), { actor: 'test', event: 'returned' });
    await until(async () => (await status(o.orderNo)) === 'finished', 15_000, 'paid');
  }
  async function paidOrder(n: Net, sn?: string, outletId?: number): Promise<string> {
    const o = await usingOrder(n, sn, outletId);
    await settle(o);
    return o.orderNo;
  }

  /** B's payable (credit side) and receivable (debit side) in the books. */
  const money = (party: number) => ledger().partnerMoney({ kind: 'agentPayable', partyId: party });
  const apply = (n: Net, amount: number, lang = 'en_US') =>
    n.app(
      'POST',
      '/user/api/app/v1/withdrawal/apply',
      {
        amount,
        method: 'wechat',
        payeeAccount: 'wx-b',
        payeeName: 'B',
        idempotencyKey: crypto.randomBytes(8).toString('hex'),
      },
      lang,
    );
  async function withdrawAll(n: Net): Promise<number> {
    const { withdrawable } = (await n.app('GET', '/user/api/app/v1/withdrawal/balance')).data as {
      withdrawable: number;
    };
    const w = await apply(n, withdrawable - (withdrawable % 100));
    expect(w.code, w.msg).toBe(0);
    return w.data.id as number;
  }
  /** Staff refund `amount` of an order and approve it; answers once the refund is complete (or failed). */
  async function refund(orderNo: string, amount: number, end: 'complete' | 'failed' = 'complete'): Promise<void> {
    const r = await ok(
      c.post('/order/api/v1/refundOrder/refundAmount', { orderNo, amount, reason: 'battery was low' }),
      'refund',
    );
    await ok(
      (await refundChecker(s)).put('/order/api/v1/refundOrder/audit', { id: r.id, approve: true }),
      'approve refund',
    );
    await until(
      async () =>
        (await ok(c.get('/order/api/v1/refundOrder/detail', { refundNo: r.refundNo }), 'refund')).status === end,
      15_000,
      `refund ${end}`,
    );
  }

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
    // Agents withdraw whole units from 1.00, settled at once (the issue's "settlement days 0"), reviewed by staff; no tax.
    const agent = {
      ...CONFIG_DEFAULTS.pay.withdrawal.agent,
      minAmount: 100,
      settlementDays: 0,
      dailyCount: 100,
      autoLimit: null,
    };
    await writePay({ taxFeePercent: 0, withdrawal: { ...CONFIG_DEFAULTS.pay.withdrawal, agent } });
  }, 60_000);
  afterAll(async () => {
    await writePay({});
  });
  afterEach(async () => {
    const tb = await ledger().trialBalance('en_US');
    expect(tb.totalDebit).toBe(tb.totalCredit);
    const negative = await rows<{ account: string }>(sql`select account from led_entry
      where account_kind in ('agentPayable', 'outletPayable', 'providerPayable', 'pusherPayable', 'operatorPayable') group by account having sum(credit) < sum(debit)`);
    expect(negative).toEqual([]);
  });

  it("the issue's reproduction: a refund after the withdrawal leaves the payable at zero, the rest owed, shown to the partner and to staff; withdrawals wait; the next share pays it", async () => {
    const n = await network();
    const first = await paidOrder(n);
    await paidOrder(n);
    expect(await money(n.b)).toEqual({ payable: 600, owed: 0 });
    const w = await withdrawAll(n);
    await ok(c.put('/user/api/v1/withdrawal/audit', { id: w, approve: true }), 'pay out');
    await until(
      async () => (await ok(c.get('/user/api/v1/withdrawal/detail', { id: w }), 'w')).status === 'success',
      8_000,
      'paid out',
    );
    expect(await money(n.b)).toEqual({ payable: 0, owed: 0 });

    // The whole first order back: B's 3.00 of it is no longer there to take.
    await refund(first, 600);
    expect(await money(n.b)).toEqual({ payable: 0, owed: 300 });
    // A, which withdrew nothing, gives its 1.20 back from what it holds.
    expect(await money(n.a)).toEqual({ payable: 120, owed: 0 });
    // The order's own figures are as the reversal posted them: B's share of it is 0, not -3.00 + 3.00.
    const detail = await ok(c.get('/order/api/v1/order/detail', { orderNo: first }), 'detail');
    expect(detail.shares.find((x: { party: string }) => x.party === 'agentB').amount).toBe(0);
    // The movement that books it names no order, says why, and is in the account fund flow.
    const flow = await ok(
      c.post(
        '/order/api/v1/fundFlow/account/queryPage',
        { pageNum: 1, pageSize: 10, accountCode: `agentReceivable:${n.b}` },
        'en_US',
      ),
      'flow',
    );
    expect(flow.list).toEqual([
      expect.objectContaining({
        kind: 'receivable',
        orderNo: null,
        debit: 300,
        memo: 'Reversal above the payable: owed by the partner',
        accountName: `Owed by agent · ${n.name}`,
      }),
    ]);

    // The partner app: never a negative balance; what is owed beside it.
    const bal = await n.app('GET', '/user/api/app/v1/withdrawal/balance');
    expect(bal.data).toMatchObject({ balance: 0, owed: 300, withdrawable: 0 });
    // Withdrawals are refused with the amount owed, in the caller's language.
    expect(await apply(n, 100)).toMatchObject({
      code: 101113,
      msg: 'You owe 3.00 (a refund took back shares already withdrawn); it is taken from your next shares, and you can withdraw once it is paid off',
    });
    expect(await apply(n, 100, 'zh_CN')).toMatchObject({
      code: 101113,
      msg: '您有 3.00 的欠款（退款冲回了已提现的分润），将从后续分润中抵扣，结清前无法提现',
    });
    expect(await apply(n, 100, 'zh_TW')).toMatchObject({
      code: 101113,
      msg: '您有 3.00 的欠款（退款沖回了已提現的分潤），將從後續分潤中抵扣，結清前無法提現',
    });
    // Staff: the agent list and the withdrawal's detail.
    const agents = await ok(
      c.get('/user/api/v1/agent/queryPage', { pageNum: 1, pageSize: 10, name: n.name }),
      'agents',
    );
    expect(agents.list).toEqual([expect.objectContaining({ id: n.b, balance: 0, owed: 300 })]);
    expect(await ok(c.get('/user/api/v1/withdrawal/detail', { id: w }), 'w')).toMatchObject({
      balance: 0,
      owed: 300,
      withdrawable: 0,
    });

    // The next share pays the debt first, in its own transaction: 3.00 of 3.00.
    const next = await paidOrder(n);
    expect(await money(n.b)).toEqual({ payable: 0, owed: 0 });
    const netted = await rows<{
      kind: string;
      order_no: string | null;
      key: string;
    }>(sql`select t.kind, t.order_no, t.key from led_transaction t join led_entry e on e.transaction_id = t.id
      where e.account = ${`agentReceivable:${n.b}`} and e.credit > 0`);
    expect(netted).toEqual([{ kind: 'netting', order_no: null, key: `netted:share:${next}:agentPayable:${n.b}` }]);
    // The one after is the partner's again.
    await paidOrder(n);
    expect(await money(n.b)).toEqual({ payable: 300, owed: 0 });
    expect((await n.app('GET', '/user/api/app/v1/withdrawal/balance')).data).toMatchObject({
      balance: 300,
      owed: 0,
      withdrawable: 300,
    });
  });

  it('part of a share: the payable gives what it holds, only the rest is owed', async () => {
    const n = await network();
    const o = await paidOrder(n);
    const w = await withdrawAll(n); // 3.00 held for the withdrawal: the payable is 0
    await paidOrder(n); // 3.00 again
    // 4.00 of the first order's 6.00: two thirds of B's 3.00 (2.00) from the 3.00 it holds.
    await refund(o, 400);
    expect(await money(n.b)).toEqual({ payable: 100, owed: 0 });
    // The rest (2.00 of 6.00: B's 1.00): 1.00 from the payable, nothing owed.
    await refund(o, 200);
    expect(await money(n.b)).toEqual({ payable: 0, owed: 0 });
    // Rejected, the withdrawal's 3.00 comes back to the payable.
    await ok(c.put('/user/api/v1/withdrawal/audit', { id: w, approve: false, reason: 'wrong payee' }), 'reject');
    expect(await money(n.b)).toEqual({ payable: 300, owed: 0 });
  });

  it('a withdrawal given back, and a refund the payment company refuses, pay the debt first', async () => {
    const n = await network();
    const o1 = await paidOrder(n);
    const o2 = await paidOrder(n);
    const w = await withdrawAll(n); // 6.00 held
    await refund(o1, 600);
    expect(await money(n.b)).toEqual({ payable: 0, owed: 300 });
    // The payment company refuses the second order's refund: B's 3.00 taken at the approval comes back and pays...
    sandbox.failNext('refund', 'declined');
    await refund(o2, 600, 'failed');
    // ...what its approval added to the debt (3.00), nothing more.
    expect(await money(n.b)).toEqual({ payable: 0, owed: 300 });
    // Rejected, the withdrawal's 6.00 comes back: 3.00 pays the debt, 3.00 is B's.
    await ok(c.put('/user/api/v1/withdrawal/audit', { id: w, approve: false, reason: 'wrong payee' }), 'reject');
    expect(await money(n.b)).toEqual({ payable: 300, owed: 0 });
    const kinds = await rows<{
      kind: string;
      memo: string;
    }>(sql`select distinct t.kind, t.memo from led_transaction t join led_entry e on e.transaction_id = t.id
      where e.account = ${`agentReceivable:${n.b}`} order by 1`);
    expect(kinds).toEqual([
      { kind: 'netting', memo: 'owedNetted' },
      { kind: 'receivable', memo: 'partnerOwes' },
    ]);
  });

  it("a separated order's restore pays what the partner owes first", async () => {
    const n = await network();
    const sn = newSn();
    await services().fleet.stockIn({ sns: [sn] });
    const now = Date.now();
    const rule = await ok(
      c.post('/order/api/v1/separationRule/saveOrUpdate', {
        name: `Sep ${uniq()}`,
        type: 'agents',
        deviceSns: [sn],
        startAmount: 0,
        capAmount: 100000,
        countStart: 1,
        countCap: 10,
        orderBeginTime: new Date(now - 3_600_000).toISOString(),
        orderEndTime: new Date(now + 3_600_000).toISOString(),
        startTime: new Date(now - 3_600_000).toISOString(),
        endTime: new Date(now + 3_600_000).toISOString(),
      }),
      'rule',
    );
    const kept = await paidOrder(n);
    await withdrawAll(n);
    await refund(kept, 600);
    expect(await money(n.b)).toEqual({ payable: 0, owed: 300 });
    // An order at the rule's cabinet: both agents' shares go to the rule; B's debt stays.
    const separated = await paidOrder(n, sn);
    expect(await money(n.b)).toEqual({ payable: 0, owed: 300 });
    const page = await ok(
      c.get('/order/api/v1/separationOrder/queryPage', { pageNum: 1, pageSize: 10, ruleId: rule.id }),
      'separated',
    );
    expect(page.list).toEqual([expect.objectContaining({ orderNo: separated, amount: 420 })]);
    // Restored, B's 3.00 comes back and pays the debt.
    await ok(c.post('/order/api/v1/separationOrder/restore', { id: page.list[0].id }), 'restore');
    expect(await money(n.b)).toEqual({ payable: 0, owed: 0 });
    // A's 1.20 of the kept order went back with its refund; the restored order's 1.20 is A's.
    expect(await money(n.a)).toEqual({ payable: 120, owed: 0 });
  });

  it("removing an order's movements (the demo's clearing) removes the debt bookings they caused", async () => {
    const n = await network();
    const o = await paidOrder(n);
    const w = await withdrawAll(n);
    await refund(o, 600);
    const next = await paidOrder(n);
    expect(await money(n.b)).toEqual({ payable: 0, owed: 0 });
    // The share that paid the debt goes, and its netting with it: the debt is open again.
    await ledger().removeOrders([next]);
    expect(await money(n.b)).toEqual({ payable: 0, owed: 300 });
    // The order goes whole, the debt its refund made with it; left is the withdrawal's hold of its
    // share, which demo:clear removes too (here: rejected, it comes back).
    await ledger().removeOrders([o]);
    expect(await money(n.b)).toEqual({ payable: -300, owed: 0 });
    await ok(c.put('/user/api/v1/withdrawal/audit', { id: w, approve: false, reason: 'cleared' }), 'reject');
    expect(await money(n.b)).toEqual({ payable: 0, owed: 0 });
  });

  it('the migration brings a payable left below zero before this policy to zero and books the rest as owed', async () => {
    const n = await network();
    // As a refund wrote it before: B's payable taken 0.26 below zero.
    await ledger().post({
      idempotencyKey: `old-refund:${uniq()}`,
      kind: 'refund',
      memo: 'old',
      entries: [
        { account: { kind: 'agentPayable', partyId: n.b }, debit: 26 },
        { account: { kind: 'refunds' }, credit: 26 },
      ],
    });
    expect(await money(n.b)).toEqual({ payable: -26, owed: 0 });
    const file = fileURLToPath(new URL('../../../drizzle/0040_partner_receivable.sql', import.meta.url));
    await db().execute(sql.raw(fs.readFileSync(file, 'utf8')));
    expect(await money(n.b)).toEqual({ payable: 0, owed: 26 });
    // Run again it moves nothing (its key per account).
    await db().execute(sql.raw(fs.readFileSync(file, 'utf8')));
    expect(await money(n.b)).toEqual({ payable: 0, owed: 26 });
    expect((await n.app('GET', '/user/api/app/v1/withdrawal/balance')).data).toMatchObject({ balance: 0, owed: 26 });
    await paidOrder(n);
    expect(await money(n.b)).toEqual({ payable: 274, owed: 0 });
  });

  it.runIf(engine === 'postgres')(
    '50 shares at once while the partner owes: the debt is paid once, never twice',
    async () => {
      const n = await network();
      const old: string[] = [];
      for (let i = 0; i < 10; i++) old.push(await paidOrder(n));
      await withdrawAll(n);
      for (const o of old) await refund(o, 600);
      expect(await money(n.b)).toEqual({ payable: 0, owed: 3000 });
      const fresh: { id: number; orderNo: string }[] = [];
      // At 50 outlets: one outlet's postings queue on its row of the per-outlet rollup, which would hide the race.
      for (let i = 0; i < 50; i++) fresh.push(await usingOrder(n, undefined, 900_000 + i));
      // The engine's share of each (what an ending posts once the order has its 6.00), each in its own transaction, all at once.
      const orders = await rows<Record<string, unknown>>(
        sql`select * from ord_order where order_no in ${fresh.map((o) => o.orderNo)}`,
      );
      expect(orders).toHaveLength(50);
      const engineShare = services().order.engine;
      await Promise.all(
        orders.map((o) =>
          db().transaction((tx) =>
            engineShare.share(
              tx as never,
              {
                orderNo: o.order_no,
                chain: o.chain,
                voucherValue: 0,
                couponDeduction: 0,
                memberDeduction: 0,
                deviceType: 'powerBank',
                sn: o.sn,
                createdAt: new Date(),
              } as never,
              600,
              0,
            ),
          ),
        ),
      );
      // 50 shares of 3.00: the first 30.00 paid the debt, the rest is B's.
      expect(await money(n.b)).toEqual({ payable: 50 * 300 - 3000, owed: 0 });
      const [nets] = await rows<{
        n: number;
        amount: number;
      }>(sql`select count(*)::int as n, sum(credit)::int as amount from led_entry e join led_transaction t on t.id = e.transaction_id
      where e.account = ${`agentReceivable:${n.b}`} and t.kind = 'netting'`);
      expect(nets!.amount).toBe(3000);
    },
    180_000,
  );

  it.runIf(engine === 'postgres')(
    'an application arriving while a refund takes the share back waits for it, and is decided against what is left',
    async () => {
      const n = await network();
      await paidOrder(n);
      expect(await money(n.b)).toEqual({ payable: 300, owed: 0 });
      // A reversal of B's 3.00 in its transaction (as a refund's approval posts it), not yet committed.
      let commit!: () => void;
      const held = new Promise<void>((r) => (commit = r));
      let written!: () => void;
      const writing = new Promise<void>((r) => (written = r));
      const key = `refund-test:${uniq()}`;
      const open = db().transaction(async (tx) => {
        await ledger().post(
          {
            idempotencyKey: key,
            kind: 'refund',
            memo: 'test',
            entries: [
              { account: { kind: 'agentPayable', partyId: n.b }, debit: 300 },
              { account: { kind: 'refunds' }, credit: 300 },
            ],
          },
          tx as never,
        );
        await ledger().keepPayablesWhole(tx as never, [{ kind: 'agentPayable', partyId: n.b }], 'took', key);
        written();
        await held;
      });
      await Promise.race([writing, open]);
      const applying = apply(n, 300);
      const waited =
        (await Promise.race([
          applying.then(() => 'answered'),
          new Promise((r) => setTimeout(() => r('waiting'), 600)),
        ])) === 'waiting';
      commit();
      await open;
      // Without the payable's lock the application would read 3.00 and hold it: the payable at -3.00.
      expect(waited).toBe(true);
      expect(await applying).toMatchObject({ code: 101106 });
      expect(await money(n.b)).toEqual({ payable: 0, owed: 0 });
    },
  );

  it.runIf(engine === 'postgres')(
    '50 refund approvals, 30 new shares and 10 withdrawals of one partner at once: no payable below zero, the debt exact',
    async () => {
      const n = await network();
      const old: string[] = [];
      // Each at its own outlet: postings of one outlet queue on its row of the per-outlet rollup, which would hide the race.
      for (let i = 0; i < 50; i++) old.push(await paidOrder(n, undefined, 800_000 + i));
      expect(await money(n.b)).toEqual({ payable: 15000, owed: 0 });
      // Refunds of all 50, asked (nothing moves yet); 30 orders ready to end.
      const asked: number[] = [];
      for (const orderNo of old)
        asked.push(
          (
            await ok(
              c.post('/order/api/v1/refundOrder/refundAmount', { orderNo, amount: 600, reason: 'battery was low' }),
              'ask',
            )
          ).id,
        );
      const fresh: { id: number; orderNo: string }[] = [];
      for (let i = 0; i < 30; i++) fresh.push(await usingOrder(n, undefined, 850_000 + i));
      // At once: every approval (each takes 3.00 back from B and 1.20 from A), every new order (3.00 to B, 1.20 to A), ten applications of 20.00.
      // Approved by another account than the admin that asked (nobody approves what they applied for).
      const checker = await refundChecker(s);
      const answers = await Promise.all([
        ...asked.map((id) => checker.put('/order/api/v1/refundOrder/audit', { id, approve: true })),
        ...fresh.map((o) =>
          services()
            .order.engine.settle(o.id, new Date(), { actor: 'test', event: 'returned' })
            .then(() => ({ code: 0 }) as Answer),
        ),
        ...Array.from({ length: 10 }, () => apply(n, 2000)),
      ]);
      expect(answers.slice(0, 80).every((a) => a.code === 0)).toBe(true);
      const withdrawn = answers.slice(80).filter((a) => a.code === 0).length * 2000;
      for (const a of answers.slice(80)) expect([0, 101106, 101113]).toContain(a.code);
      await until(
        async () =>
          (
            await rows<{ n: number }>(
              sql`select count(*)::int as n from ord_order where order_no in ${fresh.map((o) => o.orderNo)} and status = 'finished'`,
            )
          )[0]!.n === 30,
        30_000,
        'settled',
      );
      // B: earned 50 + 30 shares of 3.00, gave 50 back, withdrew what was accepted: the rest is its, or owed by it, never both.
      const net = 80 * 300 - 50 * 300 - withdrawn;
      expect(await money(n.b)).toEqual({ payable: Math.max(0, net), owed: Math.max(0, -net) });
      // A withdrew nothing: 30 shares of 1.20 left.
      expect(await money(n.a)).toEqual({ payable: 30 * 120, owed: 0 });
    },
    180_000,
  );
});
