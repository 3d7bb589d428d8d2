import crypto from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useServer, engines } from '../../test/helper.js';
import { accountWithMenus } from '../../test/accounts.js';
import { until } from '../../test/fleet/fleet-helpers.js';
import { refundChecker } from '../../test/refund-checker.js';
import { caller, ok, type Answer } from '../../test/outlet/outlet-fixtures.js';
import { SandboxProvider } from './payments.js';

type App = (m: 'GET' | 'POST', url: string, body?: unknown, lang?: string) => Promise<Answer>;

/**
 * Balance refunds (issue 15, type balance) on each engine: the refundable part is the balance but
 * at most what the top-up charges have left; the amount is held at the request (the customer
 * cannot spend it), split over the charges newest first, reviewed like an order refund (one or two
 * approvers), paid back part by part, or given back on rejection or failure. After every test the
 * books balance. On PostgreSQL: 50 requests at once never refund more than the balance.
 */
describe.each(engines)('balance refunds (%s)', (engine) => {
  const sandbox = new SandboxProvider({ duplicateRate: 1, notifyDelayMs: 5 });
  const s = useServer(engine, {}, { paymentProvider: sandbox });
  let token = '';
  const c = caller(s, () => token);
  let reviewerToken = '';
  const reviewer = caller(s, () => reviewerToken);
  const services = () => s.current.server.services;
  const db = () => s.current.database.db;

  async function customer(): Promise<{ id: number; app: App }> {
    const mobile = `137${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
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
    const app: App = async (m, url, body, lang = 'en_US') =>
      (
        await s.current.inject({
          method: m,
          url,
          payload: body as object | undefined,
          headers: { authorization: t, clienttype: 'USER_IOS', 'accept-language': lang },
        })
      ).json();
    const [m] = (
      (await db().execute(sql`select id from net_member where mobile = ${mobile}`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    return { id: Number(m!.id), app };
  }
  const topUp = async (app: App, amount: number) =>
    expect((await app('POST', '/order/api/app/v1/wallet/recharge', { amount })).code).toBe(0);
  const wallet = async (app: App) => (await app('GET', '/order/api/app/v1/wallet')).data.balance as number;
  const info = async (userId: number) =>
    (await ok(c.get('/order/api/v1/refundOrder/balanceInfo', { userId }), 'info')) as {
      balance: number;
      refundable: number;
    };
  const ask = (userId: number, amount?: number, extra: object = {}) =>
    c.post('/order/api/v1/refundOrder/refundBalance', { userId, amount, reason: 'moving away', ...extra });
  const audit = (id: number, approve: boolean, reason?: string, who = c) =>
    who.put('/order/api/v1/refundOrder/audit', { id, approve, reason });
  const refund = async (refundNo: string) =>
    (await ok(c.get('/order/api/v1/refundOrder/detail', { refundNo }), 'detail')) as any;
  const setThreshold = (cents: number) =>
    db().execute(
      sql`update sys_param set param_value = ${String(cents)} where param_type = 'pay' and param_key = 'refundSecondApprovalAbove'`,
    );
  const held = async (userId: number) =>
    services().ledger.ledger.balance({ kind: 'balanceRefundHold', partyId: userId });

  beforeAll(async () => {
    token = await s.current.login();
    await accountWithMenus(db(), 'balreviewer', 'review123', ['order', 'order.refunds', 'order.refunds.audit']);
    reviewerToken = await s.current.login('balreviewer', 'review123');
  }, 60_000);
  afterEach(async () => {
    await setThreshold(20000);
    const tb = await services().ledger.ledger.trialBalance('en_US');
    expect(tb.totalDebit).toBe(tb.totalCredit);
  });

  it('holds the amount at the request, splits it over the top-ups newest first, pays each part back once approved', async () => {
    const u = await customer();
    await topUp(u.app, 5000);
    await topUp(u.app, 3000);
    expect(await info(u.id)).toMatchObject({ balance: 8000, refundable: 8000 });
    const asked = await ok(ask(u.id, 6000), 'ask');
    expect(asked).toMatchObject({
      type: 'balance',
      status: 'initiated',
      amount: 6000,
      approvalsNeeded: 1,
      orderNo: '',
    });
    // Held: the customer's balance drops at once; the parts go to the charges newest first.
    expect(await wallet(u.app)).toBe(2000);
    expect(await held(u.id)).toBe(-6000);
    const parts = (
      (await db().execute(
        sql`select amount, seq from ord_refund_part where refund_no = ${asked.refundNo} order by seq`,
      )) as unknown as { rows: { amount: number }[] }
    ).rows;
    expect(parts.map((p) => p.amount)).toEqual([3000, 3000]);
    expect(await info(u.id)).toMatchObject({ balance: 2000, refundable: 2000 });
    // Listed as type balance.
    const listed = await ok(
      c.post('/order/api/v1/refundOrder/queryPage', { pageNum: 1, pageSize: 10, type: 'balance', userId: u.id }),
      'list',
    );
    expect(listed.list.map((r: { refundNo: string }) => r.refundNo)).toEqual([asked.refundNo]);
    // Its reason: "other" with the text (no preset sent).
    expect(listed.list[0]).toMatchObject({ reasonCode: 'other', reason: 'moving away' });
    await ok(audit(asked.id, true, undefined, reviewer), 'approve');
    await until(async () => (await refund(asked.refundNo)).status === 'complete', 8_000, 'complete');
    const r = await refund(asked.refundNo);
    expect(r.providerReference).toMatch(/^SBX/);
    expect(r.history.map((h: { step: string }) => h.step)).toEqual([
      'requested',
      'approved',
      'sent',
      'complete',
      'complete',
    ]);
    expect(await held(u.id)).toBe(0);
    expect(await wallet(u.app)).toBe(2000);
    expect(await info(u.id)).toMatchObject({ refundable: 2000 });
    // Two parts, two requests to the payment company, each once (its notifications come twice).
    const sent = (
      (await db().execute(
        sql`select count(*)::int as n from ord_payment where refund_no = ${asked.refundNo} and purpose = 'balance' and status = 'succeeded'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n;
    expect(sent).toBe(2);
  });

  it('a rejection gives the hold back; above the threshold a second approver, not the first, pays it', async () => {
    const u = await customer();
    await topUp(u.app, 4000);
    const a = await ok(ask(u.id, 1500), 'ask');
    expect(await wallet(u.app)).toBe(2500);
    await ok(audit(a.id, false, 'not eligible', reviewer), 'reject');
    expect(await wallet(u.app)).toBe(4000);
    expect(await held(u.id)).toBe(0);
    expect(await info(u.id)).toMatchObject({ refundable: 4000 });

    await setThreshold(1000);
    // Without an amount: the whole refundable part.
    const b = await ok(ask(u.id), 'ask all');
    expect(b).toMatchObject({ amount: 4000, approvalsNeeded: 2 });
    expect(await wallet(u.app)).toBe(0);
    await ok(audit(b.id, true, undefined, reviewer), 'first');
    expect((await audit(b.id, true, undefined, reviewer)).code).toBe(100782);
    // The admin asked for it: never its approver (issue 31).
    expect((await audit(b.id, true)).code).toBe(100787);
    expect((await refund(b.refundNo)).status).toBe('initiated');
    await ok(audit(b.id, true, undefined, await refundChecker(s)), 'second');
    await until(async () => (await refund(b.refundNo)).status === 'complete', 8_000, 'complete');
    expect(await wallet(u.app)).toBe(0);
    expect((await ask(u.id, 1)).code).toBe(100785);
  });

  it('the customer asks in the app; only top-up money is refundable; a failed part goes back to the balance', async () => {
    const u = await customer();
    expect((await u.app('POST', '/user/api/app/v1/balance/refund', {})).code).toBe(100785);
    await topUp(u.app, 2000);
    // Money in the balance that did not come from a top-up (as a deposit released to it) is not refundable here.
    await services().ledger.ledger.post({
      idempotencyKey: `test-release:${u.id}`,
      kind: 'release',
      entries: [
        { account: { kind: 'userDeposit', partyId: u.id }, debit: 700 },
        { account: { kind: 'userBalance', partyId: u.id }, credit: 700 },
      ],
    });
    await services().ledger.ledger.post({
      idempotencyKey: `test-deposit:${u.id}`,
      kind: 'rent',
      entries: [
        { account: { kind: 'providerClearing' }, debit: 700 },
        { account: { kind: 'userDeposit', partyId: u.id }, credit: 700 },
      ],
    });
    expect((await u.app('GET', '/user/api/app/v1/balance/refundable')).data).toMatchObject({
      balance: 2700,
      refundable: 2000,
    });
    const over = await u.app('POST', '/user/api/app/v1/balance/refund', { amount: 2500 }, 'zh_CN');
    expect(over).toMatchObject({ code: 100784, msg: '余额退款金额须大于 0 且不超过可退金额 20.00' });
    const key = `bal-${crypto.randomUUID()}`;
    const mine = await u.app('POST', '/user/api/app/v1/balance/refund', { amount: 1200, idempotencyKey: key });
    expect(mine).toMatchObject({ code: 0, data: { amount: 1200, status: 'initiated' } });
    expect(
      (await u.app('POST', '/user/api/app/v1/balance/refund', { amount: 1200, idempotencyKey: key })).data.refundNo,
    ).toBe(mine.data.refundNo);
    expect(await wallet(u.app)).toBe(1500);
    const r0 = await refund(mine.data.refundNo);
    expect(r0).toMatchObject({ type: 'balance', creator: expect.stringContaining('86-137') });
    sandbox.failNext('refund', 'accountFrozen');
    await ok(audit(r0.id, true), 'approve');
    await until(async () => (await refund(mine.data.refundNo)).status === 'failed', 8_000, 'failed');
    expect((await refund(mine.data.refundNo)).failReason).toBe('accountFrozen');
    expect(await wallet(u.app)).toBe(2700);
    expect(await held(u.id)).toBe(0);
    expect((await u.app('GET', '/user/api/app/v1/balance/refundable')).data).toMatchObject({ refundable: 2000 });
  });

  it('answers bad input with a code and a message, never a 500', async () => {
    for (const [url, body, code] of [
      ['/order/api/v1/refundOrder/refundBalance', { userId: 0, reason: 'x' }, 100001],
      ['/order/api/v1/refundOrder/refundBalance', { userId: 1, amount: -5, reason: 'x' }, 100001],
      ['/order/api/v1/refundOrder/refundBalance', { userId: 1, amount: 100 }, 100001],
      ['/order/api/v1/refundOrder/refundBalance', { userId: 99999999, reason: 'x' }, 100786],
    ] as const) {
      const r = await c.post(url, body);
      expect([url, r.code]).toEqual([url, code]);
      expect(r.msg).toBeTruthy();
    }
    expect((await c.get('/order/api/v1/refundOrder/balanceInfo', { userId: 'abc' })).code).toBe(100001);
    expect((await c.get('/order/api/v1/refundOrder/balanceInfo', { userId: 99999999 })).code).toBe(100786);
    const u = await customer();
    expect((await u.app('POST', '/user/api/app/v1/balance/refund', { amount: 1.5 })).code).toBe(100001);
  });

  it.runIf(engine === 'postgres')(
    '50 requests at once never refund more than the balance',
    async () => {
      const u = await customer();
      await topUp(u.app, 5000);
      await topUp(u.app, 3000);
      const asks = await Promise.all(Array.from({ length: 50 }, () => ask(u.id, 1000)));
      const won = asks.filter((x) => x.code === 0);
      expect(won).toHaveLength(8);
      expect(asks.filter((x) => x.code !== 0).every((x) => x.code === 100785 || x.code === 100784)).toBe(true);
      expect(await wallet(u.app)).toBe(0);
      expect(await held(u.id)).toBe(-8000);
      // The parts never take more of a charge than it paid.
      const over = (
        (await db().execute(
          sql`select count(*)::int as n from (select p.key from ord_payment p join ord_refund_part r on r.charge_key = p.key where p.user_id = ${u.id} group by p.key, p.amount having sum(r.amount) > p.amount) x`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
      expect(over).toBe(0);
      // The whole balance asked at once by 50 with one key: one refund.
      await Promise.all(won.map((w) => audit(w.data.id, false, 'race')));
      const key = `bal-${crypto.randomUUID()}`;
      const same = await Promise.all(Array.from({ length: 50 }, () => ask(u.id, undefined, { idempotencyKey: key })));
      expect(same.every((x) => x.code === 0)).toBe(true);
      expect(new Set(same.map((x) => x.data.refundNo)).size).toBe(1);
      expect(await wallet(u.app)).toBe(0);
    },
    60_000,
  );
});
