import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useServer, engines } from '../../test/helper.js';
import { accountWithMenus } from '../../test/accounts.js';
import { until } from '../../test/fleet/fleet-helpers.js';
import { newSn, TestCabinet } from '../../test/fleet/test-cabinet.js';
import { caller, networkFixture, ok, outletBody, type Answer } from '../../test/outlet/outlet-fixtures.js';
import { SandboxProvider } from './payments.js';

/**
 * Refunds with their review (issue 15) on each engine: asked (the amount reserved on the order,
 * nothing in the ledger), approved by one reviewer or, above the threshold, two different
 * accounts, or rejected (the reservation released); sent to the payment company once, complete
 * or failed with its reason; the shares reversed at the final approval and restored on failure.
 * After every test the books balance. On PostgreSQL: many requests and approvals at once.
 */
describe.each(engines)('order refunds (%s)', (engine) => {
  const sandbox = new SandboxProvider({ duplicateRate: 1, notifyDelayMs: 5 });
  const s = useServer(engine, {}, { paymentProvider: sandbox });
  let token = '';
  const c = caller(s, () => token);
  let reviewerToken = '';
  const reviewer = caller(s, () => reviewerToken);
  let askerToken = '';
  const asker = caller(s, () => askerToken);
  const cabinets: TestCabinet[] = [];
  let cab: TestCabinet;
  let back: TestCabinet;
  let outletId = 0;
  const services = () => s.current.server.services;
  const db = () => s.current.database.db;

  async function cabinet(banks: number): Promise<TestCabinet> {
    const sn = newSn();
    await services().fleet.stockIn({ sns: [sn] });
    await ok(c.post('/device/api/v1/outlet/bindDevice', { outletId, sn }), 'bind');
    const x = new TestCabinet(services().gateway.brokerUrl, sn, services().fleet.secretOf(sn), 24);
    x.slots.forEach((y, i) => (i < banks ? Object.assign(y, { battery: 100 }) : Object.assign(y, { powerBankId: null, battery: null, charging: false })));
    cabinets.push(x);
    await x.start();
    await until(async () => (await services().fleet.rental.availability(sn)).available >= banks, 8_000, 'inventory');
    return x;
  }

  async function customer(): Promise<(m: 'GET' | 'POST', url: string, body?: unknown) => Promise<Answer>> {
    const mobile = `136${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
    await s.current.inject({ method: 'POST', url: '/user/api/app/v1/auth/sendCode', payload: { areaCode: '86', mobile } });
    const r = (await s.current.inject({ method: 'POST', url: '/user/api/app/v1/auth', payload: { areaCode: '86', mobile, code: s.current.sms.lastCode(mobile)!, clientType: 'USER_IOS' } })).json();
    const t = r.data.token as string;
    return async (m, url, body) => (await s.current.inject({ method: m, url, payload: body as object | undefined, headers: { authorization: t, clienttype: 'USER_IOS', 'accept-language': 'en_US' } })).json();
  }

  const detail = async (orderNo: string) => (await ok(c.get('/order/api/v1/order/detail', { orderNo }), 'detail')) as any;
  const refund = async (refundNo: string) => (await ok(c.get('/order/api/v1/refundOrder/detail', { refundNo }), 'refund detail')) as any;
  const ask = (orderNo: string, amount: number, extra: object = {}, who = c) => who.post('/order/api/v1/refundOrder/refundAmount', { orderNo, amount, reason: 'battery was low', ...extra });
  const audit = (id: number, approve: boolean, reason?: string, who = c, lang = 'en_US') => who.put('/order/api/v1/refundOrder/audit', { id, approve, reason }, lang);
  const setThreshold = (cents: number) => db().execute(sql`update sys_param set param_value = ${String(cents)} where param_type = 'pay' and param_key = 'refundSecondApprovalAbove'`);
  const count = async (q: ReturnType<typeof sql>) => Number(((await db().execute(q)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

  /** A finished order that paid `minutes` worth (3 free, then 1.50 per started 30 min). */
  async function paidOrder(minutes = 120): Promise<{ orderNo: string; paid: number }> {
    const app = await customer();
    const r = await app('POST', '/order/api/app/v1/order/rent', { sn: cab.sn });
    expect(r.code).toBe(0);
    await until(async () => (await detail(r.data.orderNo)).status === 'using', 8_000, 'using');
    await db().execute(sql`update ord_order set start_at = now() - make_interval(mins => ${minutes}), created_at = now() - make_interval(mins => ${minutes}) where order_no = ${r.data.orderNo}`);
    await ok(c.post('/order/api/v1/order/endOrder', { orderNo: r.data.orderNo, endTime: new Date().toISOString(), reason: 'end' }), 'end');
    const d = await detail(r.data.orderNo);
    expect(d.status).toBe('finished');
    return { orderNo: r.data.orderNo, paid: d.paidAmount };
  }
  const shares = (d: { shares: { party: string; amount: number }[] }) => Object.fromEntries(d.shares.map((x) => [x.party, x.amount]));

  beforeAll(async () => {
    token = await s.current.login();
    const net = await networkFixture(s, c);
    outletId = (await ok(c.post('/device/api/v1/outlet/saveOrUpdate', outletBody(net.agentB, { ratio: 30, hiddenRatio: 30, serviceProviderId: net.provider, serviceProviderRatio: 10 })), 'outlet')).id;
    cab = await cabinet(22);
    back = await cabinet(1);
    // A second reviewer, and an account that may ask for refunds but not approve them.
    await accountWithMenus(db(), 'refundreviewer', 'review123', ['order', 'order.refunds', 'order.refunds.audit']);
    reviewerToken = await s.current.login('refundreviewer', 'review123');
    await accountWithMenus(db(), 'refundasker', 'asker123', ['order', 'order.list', 'order.list.refund', 'order.refunds']);
    askerToken = await s.current.login('refundasker', 'asker123');
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled(cabinets.map((x) => (x.client ? x.client.endAsync(true) : Promise.resolve())));
  });
  afterEach(async () => {
    await setThreshold(20000);
    const tb = await services().ledger.ledger.trialBalance('en_US');
    expect(tb.totalDebit).toBe(tb.totalCredit);
  });

  it('a request reserves the amount and moves no money; a repeat with its key answers it; one approval sends it; the shares reverse then', async () => {
    const o = await paidOrder(); // 6.00
    expect(o.paid).toBe(600);
    const key = `rf-${crypto.randomUUID()}`;
    const asked = await ask(o.orderNo, 300, { idempotencyKey: key });
    expect(asked).toMatchObject({ code: 0, data: { status: 'initiated', type: 'order', amount: 300, approvalsNeeded: 1, approvals: [] } });
    // Reserved on the order (refund in progress), nothing moved yet: the shares are whole.
    let d = await detail(o.orderNo);
    // Pending, not refunded: the order list, the dashboard and the report count it at its final approval.
    expect(d).toMatchObject({ status: 'refunding', refundAmount: 0, refundPendingAmount: 300 });
    expect(shares(d)).toEqual({ platform: 180, agentA: 120, agentB: 60, outlet: 180, serviceProvider: 60 });
    expect(await count(sql`select count(*)::int as n from led_transaction where order_no = ${o.orderNo} and kind = 'refund'`)).toBe(0);
    // The same request again answers the same refund; the key on another amount is refused.
    expect((await ask(o.orderNo, 300, { idempotencyKey: key })).data.refundNo).toBe(asked.data.refundNo);
    expect(await ask(o.orderNo, 200, { idempotencyKey: key }, c)).toMatchObject({ code: 100783 });
    // Another refund while this one is open: refused (one at a time, the amount is reserved).
    expect((await ask(o.orderNo, 100)).code).toBe(100704);
    // Who may only ask may not approve.
    expect((await audit(asked.data.id, true, undefined, asker)).code).not.toBe(0);
    const approved = await audit(asked.data.id, true);
    expect(approved.code).toBe(0);
    expect(approved.data.approvals).toHaveLength(1);
    await until(async () => (await refund(asked.data.refundNo)).status === 'complete', 8_000, 'complete');
    d = await detail(o.orderNo);
    expect(d).toMatchObject({ status: 'finished', paidAmount: 600, refundAmount: 300 });
    expect(shares(d)).toEqual({ platform: 90, agentA: 60, agentB: 30, outlet: 90, serviceProvider: 30 });
    const r = await refund(asked.data.refundNo);
    expect(r.providerReference).toMatch(/^SBX/);
    expect(r.history.map((h: { step: string }) => h.step)).toEqual(['requested', 'approved', 'sent', 'complete']);
    // Decided: a second review is refused, in the caller's language.
    expect(await audit(asked.data.id, false, 'late', c, 'zh_CN')).toMatchObject({ code: 100781, msg: '该退款已审核，不能重复审核' });
    // The operation log holds the request and the approval.
    expect(await count(sql`select count(*)::int as n from sys_operation_log where path like '/order/api/v1/refundOrder/%' and path not like '%queryPage%' and path not like '%detail%'`)).toBeGreaterThanOrEqual(2);
  });

  it('a rejection needs a reason and releases the reservation; the order may be refunded again', async () => {
    const o = await paidOrder(60); // 3 free + 57 = 2 periods = 3.00
    const asked = await ok(ask(o.orderNo, o.paid), 'ask');
    const noReason = await audit(asked.id, false, undefined, c, 'zh_TW');
    expect(noReason.code).toBe(100001);
    expect(noReason.msg).toContain('駁回時必須填寫原因');
    const rejected = await audit(asked.id, false, 'not eligible', reviewer);
    expect(rejected).toMatchObject({ code: 0, data: { status: 'rejected', rejectedBy: 'refundreviewer', rejectReason: 'not eligible' } });
    expect(await detail(o.orderNo)).toMatchObject({ status: 'finished', refundAmount: 0, refundPendingAmount: 0 });
    expect(await count(sql`select count(*)::int as n from led_transaction where order_no = ${o.orderNo} and kind = 'refund'`)).toBe(0);
    const again = await ok(ask(o.orderNo, 100), 'ask again');
    expect(again.status).toBe('initiated');
    await ok(audit(again.id, true), 'approve');
    await until(async () => (await detail(o.orderNo)).refundAmount === 100 && (await detail(o.orderNo)).status === 'finished', 8_000, 'refunded');
  });

  it('above the threshold: two approvals by two accounts, neither the second by the first approver nor by the requester', async () => {
    await setThreshold(200);
    const o = await paidOrder(); // 6.00
    const asked = await ok(ask(o.orderNo, 500), 'ask');
    expect(asked.approvalsNeeded).toBe(2);
    const first = await ok(audit(asked.id, true), 'first approval');
    expect(first).toMatchObject({ status: 'initiated', approvals: [{ by: 'admin' }] });
    // Nothing leaves on one approval: still pending, not refunded.
    expect(await detail(o.orderNo)).toMatchObject({ refundAmount: 0, refundPendingAmount: 500 });
    expect(await count(sql`select count(*)::int as n from ord_payment where order_no = ${o.orderNo} and purpose = 'refund'`)).toBe(0);
    expect(await audit(asked.id, true, undefined, c, 'en_US')).toMatchObject({ code: 100782, msg: 'Refunds above 2.00 need another approver (not the requester or the first approver)' });
    const second = await ok(audit(asked.id, true, undefined, reviewer), 'second approval');
    expect(second.approvals.map((a: { by: string }) => a.by)).toEqual(['admin', 'refundreviewer']);
    await until(async () => (await refund(asked.refundNo)).status === 'complete', 8_000, 'complete');
    const r = await refund(asked.refundNo);
    expect(r.history.map((h: { step: string; by: string | null }) => [h.step, h.by])).toEqual([['requested', 'admin'], ['approved', 'admin'], ['approved', 'refundreviewer'], ['sent', null], ['complete', null]]);
    // The requester may not be the second approver either.
    const o2 = await paidOrder();
    const byAsker = await ok(ask(o2.orderNo, 400, {}, asker), 'asker asks');
    await ok(audit(byAsker.id, true, undefined, reviewer), 'first by reviewer');
    const [me] = ((await db().execute(sql`select id from sys_account where user_name = 'refundasker'`)) as unknown as { rows: { id: number }[] }).rows;
    // The asker holds no approval permission, so the server refuses it before the rule; the rule itself is checked by account id.
    expect((await audit(byAsker.id, true, undefined, asker)).code).not.toBe(0);
    await services().order.refunds.audit({ id: byAsker.id, approve: true }, { id: Number(me!.id), name: 'refundasker' }).then(
      () => expect.unreachable('the requester approved its own refund'),
      (e: { errorName?: string }) => expect(e.errorName).toBe('REFUND_SAME_APPROVER'),
    );
    await ok(audit(byAsker.id, true), 'second by admin');
    await until(async () => (await refund(byAsker.refundNo)).status === 'complete', 8_000, 'complete 2');
  });

  it('a refund the company declines fails with its reason: the shares get their parts back and the reservation is released', async () => {
    const o = await paidOrder();
    const before = shares(await detail(o.orderNo));
    sandbox.failNext('refund', 'payeeAccountAbnormal');
    const asked = await ok(ask(o.orderNo, 250), 'ask');
    await ok(audit(asked.id, true), 'approve');
    await until(async () => (await refund(asked.refundNo)).status === 'failed', 8_000, 'failed');
    const r = await refund(asked.refundNo);
    expect(r).toMatchObject({ failReason: 'payeeAccountAbnormal' });
    expect(r.history.map((h: { step: string }) => h.step)).toEqual(['requested', 'approved', 'sent', 'failed']);
    const d = await detail(o.orderNo);
    expect(d).toMatchObject({ status: 'refundFailed', refundAmount: 0 });
    expect(shares(d)).toEqual(before);
  });

  it('a provider that answers late, twice or never: the refund is settled by asking, once', async () => {
    const o = await paidOrder();
    // The answer is lost: the company did the refund, nobody heard (the notification is dropped and the request's answer too).
    sandbox.dropNotifications(2);
    const asked = await ok(ask(o.orderNo, 200), 'ask');
    const send = services().order.refunds.send.bind(services().order.refunds);
    // The answer to the request itself is lost as well: the refund stays with the company.
    (services().order.refunds as unknown as { send: (p: unknown) => Promise<void> }).send = async (p) => {
      await db().execute(sql`update ord_refund set status = 'refunding', sent_at = now() where refund_no = ${asked.refundNo} and status = 'approved'`);
      await sandbox.refund({ key: (p as { key: string }).key, amount: 200, chargeReference: 'x' });
    };
    try {
      await ok(audit(asked.id, true), 'approve');
      await until(async () => (await refund(asked.refundNo)).status === 'refunding', 8_000, 'refunding');
      await new Promise((x) => setTimeout(x, 100));
      expect((await refund(asked.refundNo)).status).toBe('refunding');
    } finally {
      (services().order.refunds as unknown as { send: typeof send }).send = send;
    }
    // The sweep asks about it (after 30 s) and applies the answer; asking again and a late notification change nothing.
    await db().execute(sql`update ord_payment set created_at = now() - interval '1 minute' where key = ${`refund:${asked.refundNo}`}`);
    await services().order.engine.sweep();
    expect(await refund(asked.refundNo)).toMatchObject({ status: 'complete' });
    const out = (await sandbox.query(`refund:${asked.refundNo}`))!;
    await services().order.engine.applyOutcome(out);
    await services().order.engine.notified({ payload: JSON.stringify(out), signature: sandbox.sign(JSON.stringify(out)) });
    expect(await count(sql`select count(*)::int as n from led_transaction where order_no = ${o.orderNo} and kind = 'refund'`)).toBe(2); // reversal, paid
    expect((await detail(o.orderNo)).refundAmount).toBe(200);
  });

  it('deposit refunds show in the records with type and status filters; deposit ones are audited elsewhere', async () => {
    // A deposit refund application as the deposit module records it.
    const dep = await customer();
    const depOrder = `DEPRF${crypto.randomInt(0, 1e9)}`;
    const [d] = ((await db().execute(sql`insert into dep_order (deposit_no, order_no, user_id, user_mobile, state, channel, amount, fee_taken) values (${`D${depOrder}`}, ${depOrder}, 1, '86-13600000000', 'pendingAudit', 'provider', 9900, 150) returning id`)) as unknown as { rows: { id: number }[] }).rows;
    void dep;
    const depNo = `DR${crypto.randomInt(0, 1e9)}`;
    await db().execute(sql`insert into dep_refund (refund_no, deposit_id, amount, fee, back, state, reason, applicant) values (${depNo}, ${d!.id}, 9750, 0, 9750, 'pendingAudit', 'not returned', 'admin')`);
    const deposits = await ok(c.post('/order/api/v1/refundOrder/queryPage', { pageNum: 1, pageSize: 10, type: 'deposit' }), 'deposit refunds');
    expect(deposits.list.find((x: { refundNo: string }) => x.refundNo === depNo)).toMatchObject({ type: 'deposit', status: 'initiated', amount: 9750, orderNo: depOrder });
    expect(deposits.list.every((x: { type: string }) => x.type === 'deposit')).toBe(true);
    const initiated = await ok(c.post('/order/api/v1/refundOrder/queryPage', { pageNum: 1, pageSize: 100, status: 'initiated' }), 'initiated');
    expect(initiated.list.some((x: { refundNo: string }) => x.refundNo === depNo)).toBe(true);
    expect(initiated.list.every((x: { status: string }) => x.status === 'initiated')).toBe(true);
    const orders = await ok(c.post('/order/api/v1/refundOrder/queryPage', { pageNum: 1, pageSize: 100, type: 'order' }), 'order refunds');
    expect(orders.list.every((x: { type: string }) => x.type === 'order')).toBe(true);
    // Everything together, newest first, and the total is both sources'.
    const all = await ok(c.post('/order/api/v1/refundOrder/queryPage', { pageNum: 1, pageSize: 100 }), 'all');
    expect(all.total).toBe(orders.total + deposits.total);
    const times = all.list.map((x: { createTime: string }) => x.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await refund(depNo)).history[0]).toMatchObject({ step: 'requested', by: 'admin' });
    expect((await c.get('/order/api/v1/refundOrder/detail', { refundNo: 'F000' })).code).toBe(100780);
    await db().execute(sql`delete from dep_order where id = ${d!.id}`);
  });

  it('bad input: a clear message in the caller language, never a 500', async () => {
    const cases: [string, 'POST' | 'PUT', object, number][] = [
      ['/order/api/v1/refundOrder/refundAmount', 'POST', { orderNo: 'X', amount: -1, reason: 'x' }, 100001],
      ['/order/api/v1/refundOrder/refundAmount', 'POST', { orderNo: 'X', amount: 1.5, reason: 'x' }, 100001],
      ['/order/api/v1/refundOrder/refundAmount', 'POST', { orderNo: 'X', amount: 100, reason: 'x', idempotencyKey: 'bad key!' }, 100001],
      ['/order/api/v1/refundOrder/refundAmount', 'POST', { orderNo: 'NOPE', amount: 100, reason: 'x' }, 100701],
      ['/order/api/v1/refundOrder/audit', 'PUT', { id: 'x', approve: true }, 100001],
      ['/order/api/v1/refundOrder/audit', 'PUT', { id: 1, approve: 'yes' }, 100001],
      ['/order/api/v1/refundOrder/audit', 'PUT', { id: 999999999, approve: true }, 100780],
      ['/order/api/v1/refundOrder/queryPage', 'POST', { pageNum: 1, pageSize: 10, status: 'bogus' }, 100001],
    ];
    for (const [url, method, body, code] of cases) {
      const r = await c.send(method, url, body, 'zh_TW');
      expect([url, r.code, r.status < 500]).toEqual([url, code, true]);
      expect(r.msg).toBeTruthy();
    }
    expect((await c.get('/order/api/v1/refundOrder/detail', {})).code).toBe(100001);
    const exp = await c.post('/order/api/v1/refundOrder/export', {});
    expect(exp.code).toBe(0);
  });

  it.runIf(engine === 'postgres')('50 requests at once never exceed what is refundable; 100 approvals at once send one refund; 100 first approvals by one account record one', async () => {
    const o = await paidOrder(); // 6.00
    const asks = await Promise.all(Array.from({ length: 50 }, (_, i) => ask(o.orderNo, 100 + i)));
    const won = asks.filter((x) => x.code === 0);
    expect(won).toHaveLength(1);
    expect(asks.filter((x) => x.code !== 0).every((x) => x.code === 100704)).toBe(true);
    expect(await detail(o.orderNo)).toMatchObject({ refundAmount: 0, refundPendingAmount: won[0]!.data.amount });
    // The same key 50 times at once: one refund.
    await ok(audit(won[0]!.data.id, false, 'race'), 'reject');
    const key = `rf-${crypto.randomUUID()}`;
    const same = await Promise.all(Array.from({ length: 50 }, () => ask(o.orderNo, 600, { idempotencyKey: key })));
    expect(same.every((x) => x.code === 0)).toBe(true);
    expect(new Set(same.map((x) => x.data.refundNo)).size).toBe(1);
    const id = same[0]!.data.id as number;
    const approvals = await Promise.all(Array.from({ length: 100 }, () => audit(id, true)));
    expect(approvals.filter((x) => x.code === 0)).toHaveLength(1);
    expect(approvals.filter((x) => x.code !== 0).every((x) => x.code === 100781)).toBe(true);
    await until(async () => (await refund(same[0]!.data.refundNo)).status === 'complete', 8_000, 'complete');
    expect(await count(sql`select count(*)::int as n from ord_payment where order_no = ${o.orderNo} and purpose = 'refund'`)).toBe(1);
    expect(await detail(o.orderNo)).toMatchObject({ refundAmount: 600, paidAmount: 600 });
    expect((await ask(o.orderNo, 1)).code).toBe(100704);

    await setThreshold(100);
    const o2 = await paidOrder();
    const big = await ok(ask(o2.orderNo, 500), 'ask big');
    const firsts = await Promise.all(Array.from({ length: 100 }, () => audit(big.id, true)));
    expect(firsts.filter((x) => x.code === 0)).toHaveLength(1);
    expect(firsts.filter((x) => x.code !== 0).every((x) => x.code === 100782)).toBe(true);
    expect((await refund(big.refundNo)).status).toBe('initiated');
    const seconds = await Promise.all(Array.from({ length: 100 }, () => audit(big.id, true, undefined, reviewer)));
    expect(seconds.filter((x) => x.code === 0)).toHaveLength(1);
    await until(async () => (await refund(big.refundNo)).status === 'complete', 8_000, 'complete 2');
    expect(await count(sql`select count(*)::int as n from ord_payment where order_no = ${o2.orderNo} and purpose = 'refund'`)).toBe(1);
    void back;
  }, 60_000);
});
