import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useServer, engines, exportedSheet } from '../../test/helper.js';
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
  // With the export worker: the export of the records is read back.
  const s = useServer(engine, {}, { paymentProvider: sandbox, workers: true });
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
    x.slots.forEach((y, i) =>
      i < banks
        ? Object.assign(y, { battery: 100 })
        : Object.assign(y, { powerBankId: null, battery: null, charging: false }),
    );
    cabinets.push(x);
    await x.start();
    await until(async () => (await services().fleet.rental.availability(sn)).available >= banks, 8_000, 'inventory');
    return x;
  }

  async function customer(): Promise<(m: 'GET' | 'POST', url: string, body?: unknown) => Promise<Answer>> {
    const mobile = `136${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
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
    return async (m, url, body) =>
      (
        await s.current.inject({
          method: m,
          url,
          payload: body as object | undefined,
          headers: { authorization: t, clienttype: 'USER_IOS', 'accept-language': 'en_US' },
        })
      ).json();
  }

  const detail = async (orderNo: string) =>
    (await ok(c.get('/order/api/v1/order/detail', { orderNo }), 'detail')) as any;
  const refund = async (refundNo: string) =>
    (await ok(c.get('/order/api/v1/refundOrder/detail', { refundNo }), 'refund detail')) as any;
  // Asked by the asker by default, so the admin and the reviewer may approve (nobody approves what it asked for).
  const ask = (orderNo: string, amount: number, extra: object = {}, who = asker) =>
    who.post('/order/api/v1/refundOrder/refundAmount', { orderNo, amount, reason: 'battery was low', ...extra });
  const askWith = (body: object, who = asker, lang = 'en_US') =>
    who.send('POST', '/order/api/v1/refundOrder/refundAmount', body, lang);
  const page = async (q: object) =>
    (await ok(c.post('/order/api/v1/refundOrder/queryPage', { pageNum: 1, pageSize: 100, ...q }), 'refund page')) as {
      total: number;
      list: any[];
    };
  const reasonStats = async (q: Record<string, string | number | boolean | undefined>) =>
    (await ok(c.get('/order/api/v1/refundOrder/reasonStats', q), 'reason stats')) as {
      list: { reasonCode: string; count: number; amount: number }[];
      count: number;
      amount: number;
    };
  const audit = (id: number, approve: boolean, reason?: string, who = c, lang = 'en_US') =>
    who.put('/order/api/v1/refundOrder/audit', { id, approve, reason }, lang);
  const setThreshold = (cents: number) =>
    db().execute(
      sql`update sys_param set param_value = ${String(cents)} where param_type = 'pay' and param_key = 'refundSecondApprovalAbove'`,
    );
  const count = async (q: ReturnType<typeof sql>) =>
    Number(((await db().execute(q)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

  /** A finished order that paid `minutes` worth (3 free, then 1.50 per started 30 min). */
  async function paidOrder(minutes = 120): Promise<{ orderNo: string; paid: number }> {
    const app = await customer();
    const r = await app('POST', '/order/api/app/v1/order/rent', { sn: cab.sn });
    expect(r.code).toBe(0);
    await until(async () => (await detail(r.data.orderNo)).status === 'using', 8_000, 'using');
    await db().execute(
      sql`update ord_order set start_at = now() - make_interval(mins => ${minutes}), created_at = now() - make_interval(mins => ${minutes}) where order_no = ${r.data.orderNo}`,
    );
    await ok(
      c.post('/order/api/v1/order/endOrder', {
        orderNo: r.data.orderNo,
        endTime: new Date().toISOString(),
        reason: 'end',
      }),
      'end',
    );
    const d = await detail(r.data.orderNo);
    expect(d.status).toBe('finished');
    return { orderNo: r.data.orderNo, paid: d.paidAmount };
  }
  const shares = (d: { shares: { party: string; amount: number }[] }) =>
    Object.fromEntries(d.shares.map((x) => [x.party, x.amount]));

  beforeAll(async () => {
    token = await s.current.login();
    const net = await networkFixture(s, c);
    outletId = (
      await ok(
        c.post(
          '/device/api/v1/outlet/saveOrUpdate',
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
    cab = await cabinet(22);
    back = await cabinet(1);
    // A second reviewer, and an account that may ask for refunds but not approve them.
    await accountWithMenus(db(), 'refundreviewer', 'review123', ['order', 'order.refunds', 'order.refunds.audit']);
    reviewerToken = await s.current.login('refundreviewer', 'review123');
    await accountWithMenus(db(), 'refundasker', 'asker123', [
      'order',
      'order.list',
      'order.list.refund',
      'order.refunds',
    ]);
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
    expect(asked).toMatchObject({
      code: 0,
      data: { status: 'initiated', type: 'order', amount: 300, approvalsNeeded: 1, approvals: [] },
    });
    // Reserved on the order (refund in progress), nothing moved yet: the shares are whole.
    let d = await detail(o.orderNo);
    // Pending, not refunded: the order list, the dashboard and the report count it at its final approval.
    expect(d).toMatchObject({ status: 'refunding', refundAmount: 0, refundPendingAmount: 300 });
    expect(shares(d)).toEqual({ platform: 180, agentA: 120, agentB: 60, outlet: 180, serviceProvider: 60 });
    expect(
      await count(
        sql`select count(*)::int as n from led_transaction where order_no = ${o.orderNo} and kind = 'refund'`,
      ),
    ).toBe(0);
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
    expect(await audit(asked.data.id, false, 'late', c, 'zh_CN')).toMatchObject({
      code: 100781,
      msg: '该退款已审核，不能重复审核',
    });
    // The operation log holds the request and the approval.
    expect(
      await count(
        sql`select count(*)::int as n from sys_operation_log where path like '/order/api/v1/refundOrder/%' and path not like '%queryPage%' and path not like '%detail%'`,
      ),
    ).toBeGreaterThanOrEqual(2);
  });

  it('a rejection needs a reason and releases the reservation; the order may be refunded again', async () => {
    const o = await paidOrder(60); // 3 free + 57 = 2 periods = 3.00
    const asked = await ok(ask(o.orderNo, o.paid), 'ask');
    const noReason = await audit(asked.id, false, undefined, c, 'zh_TW');
    expect(noReason.code).toBe(100001);
    expect(noReason.msg).toContain('駁回時必須填寫原因');
    const rejected = await audit(asked.id, false, 'not eligible', reviewer);
    expect(rejected).toMatchObject({
      code: 0,
      data: { status: 'rejected', rejectedBy: 'refundreviewer', rejectReason: 'not eligible' },
    });
    expect(await detail(o.orderNo)).toMatchObject({ status: 'finished', refundAmount: 0, refundPendingAmount: 0 });
    expect(
      await count(
        sql`select count(*)::int as n from led_transaction where order_no = ${o.orderNo} and kind = 'refund'`,
      ),
    ).toBe(0);
    const again = await ok(ask(o.orderNo, 100), 'ask again');
    expect(again.status).toBe('initiated');
    await ok(audit(again.id, true), 'approve');
    await until(
      async () => (await detail(o.orderNo)).refundAmount === 100 && (await detail(o.orderNo)).status === 'finished',
      8_000,
      'refunded',
    );
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
    expect(
      await count(sql`select count(*)::int as n from ord_payment where order_no = ${o.orderNo} and purpose = 'refund'`),
    ).toBe(0);
    expect(await audit(asked.id, true, undefined, c, 'en_US')).toMatchObject({
      code: 100782,
      msg: 'Refunds above 2.00 need another approver (not the requester or the first approver)',
    });
    const second = await ok(audit(asked.id, true, undefined, reviewer), 'second approval');
    expect(second.approvals.map((a: { by: string }) => a.by)).toEqual(['admin', 'refundreviewer']);
    await until(async () => (await refund(asked.refundNo)).status === 'complete', 8_000, 'complete');
    const r = await refund(asked.refundNo);
    expect(r.history.map((h: { step: string; by: string | null }) => [h.step, h.by])).toEqual([
      ['requested', 'refundasker'],
      ['approved', 'admin'],
      ['approved', 'refundreviewer'],
      ['sent', null],
      ['complete', null],
    ]);
    // The requester may not be the second approver either.
    const o2 = await paidOrder();
    const byAsker = await ok(ask(o2.orderNo, 400, {}, asker), 'asker asks');
    await ok(audit(byAsker.id, true, undefined, reviewer), 'first by reviewer');
    const [me] = (
      (await db().execute(sql`select id from sys_account where user_name = 'refundasker'`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    // The asker holds no approval permission, so the server refuses it before the rule; the rule itself is checked by account id.
    expect((await audit(byAsker.id, true, undefined, asker)).code).not.toBe(0);
    await services()
      .order.refunds.audit({ id: byAsker.id, approve: true }, { id: Number(me!.id), name: 'refundasker' })
      .then(
        () => expect.unreachable('the requester approved its own refund'),
        // Its own application: refused as such (issue 31), before the second-approver rule.
        (e: { errorName?: string }) => expect(e.errorName).toBe('REFUND_OWN_APPLICATION'),
      );
    await ok(audit(byAsker.id, true), 'second by admin');
    await until(async () => (await refund(byAsker.refundNo)).status === 'complete', 8_000, 'complete 2');
  });

  it('reasons: a preset or "other" with its text is stored; a text-only body (older clients) is "other"; the list filters and the export carries it; a bad code or "other" without text is refused clearly', async () => {
    const o = await paidOrder(); // 6.00
    // Refused clearly, nothing reserved.
    const badCode = await askWith({ orderNo: o.orderNo, amount: 100, reasonCode: 'lostCable', reason: 'x' });
    expect(badCode).toMatchObject({
      code: 100001,
      msg: 'Invalid input: reasonCode: must be one of notEjected, returnNotRecognised, deviceFault, billingDispute, other',
    });
    expect((await askWith({ orderNo: o.orderNo, amount: 100, reasonCode: 'other' }, asker, 'zh_CN')).msg).toContain(
      '选择“其他”时须填写退款原因',
    );
    expect(await askWith({ orderNo: o.orderNo, amount: 100, reasonCode: 'other', reason: '   ' })).toMatchObject({
      code: 100001,
      msg: 'Invalid input: reason: is required when the reason is "other"',
    });
    expect((await askWith({ orderNo: o.orderNo, amount: 100 })).code).toBe(100001);
    expect(await detail(o.orderNo)).toMatchObject({ status: 'finished', refundPendingAmount: 0 });
    // A preset needs no text.
    const preset = await ok(askWith({ orderNo: o.orderNo, amount: 100, reasonCode: 'notEjected' }), 'preset');
    expect(preset).toMatchObject({ reasonCode: 'notEjected', reason: '', status: 'initiated' });
    await ok(audit(preset.id, false, 'wrong order'), 'reject');
    // The body older clients send: text only, stored as "other" with its text.
    const old = await ok(askWith({ orderNo: o.orderNo, amount: 150, reason: 'customer called' }), 'text only');
    expect(old).toMatchObject({ reasonCode: 'other', reason: 'customer called' });
    await ok(audit(old.id, true), 'approve');
    const o2 = await paidOrder();
    const fault = await ok(
      askWith({ orderNo: o2.orderNo, amount: 200, reasonCode: 'deviceFault', reason: 'cable broken' }),
      'fault',
    );
    expect(await refund(fault.refundNo)).toMatchObject({ reasonCode: 'deviceFault', reason: 'cable broken' });
    // The list filters by reason (with any other filter), and a deposit refund is "other".
    const byPreset = await page({ reasonCode: 'notEjected' });
    expect(byPreset.list.map((x) => x.refundNo)).toContain(preset.refundNo);
    expect(byPreset.list.every((x) => x.reasonCode === 'notEjected')).toBe(true);
    expect(byPreset.total).toBe(byPreset.list.length);
    const byFault = await page({ reasonCode: 'deviceFault', orderNo: o2.orderNo });
    expect(byFault.list.map((x) => x.refundNo)).toEqual([fault.refundNo]);
    const byOther = await page({ reasonCode: 'other' });
    expect(byOther.list.map((x) => x.refundNo)).toContain(old.refundNo);
    expect(byOther.list.every((x) => x.reasonCode === 'other')).toBe(true);
    expect(
      (
        await c.send(
          'POST',
          '/order/api/v1/refundOrder/queryPage',
          { pageNum: 1, pageSize: 10, reasonCode: 'nope' },
          'en_US',
        )
      ).code,
    ).toBe(100001);
    // The export carries the reason, in the caller's language, beside its text.
    const sheet = await exportedSheet(s.current, token, '/order/api/v1/refundOrder/export', {
      reasonCode: 'deviceFault',
      orderNo: o2.orderNo,
    });
    const head = (sheet.getRow(1).values as unknown[]).map(String);
    const row = sheet.getRow(2).values as unknown[];
    expect(row[head.indexOf('Reason')]).toBe('Device fault');
    expect(row[head.indexOf('Reason text')]).toBe('cable broken');
    expect(sheet.rowCount).toBe(2);
    await ok(audit(fault.id, false, 'tidy'), 'reject fault');
  }, 120_000);

  it('statistics by reason: the refunds paid in the window (counted at their final approval, a refused one taken back out) equal the rows of the records', async () => {
    // From now: what earlier tests asked and approved is before the window.
    const since = new Date().toISOString();
    await setThreshold(400);
    const made: { id: number; refundNo: string }[] = [];
    const paid = async (reasonCode: string, amount: number, reason?: string) => {
      const o = await paidOrder();
      const r = await ok(
        askWith({ orderNo: o.orderNo, amount, reasonCode, ...(reason ? { reason } : {}) }),
        `ask ${reasonCode}`,
      );
      made.push(r);
      return r;
    };
    const a = await paid('notEjected', 120);
    await ok(audit(a.id, true), 'approve a');
    const b = await paid('notEjected', 80);
    await ok(audit(b.id, true, undefined, reviewer), 'approve b');
    const c2 = await paid('returnNotRecognised', 300);
    await ok(audit(c2.id, true), 'approve c');
    // Two approvals needed, one given: not paid yet.
    const d2 = await paid('billingDispute', 500);
    await ok(audit(d2.id, true), 'first of two');
    // Rejected: never paid.
    const e = await paid('deviceFault', 50);
    await ok(audit(e.id, false, 'no'), 'reject e');
    // Refused by the payment company: taken back out (armed after the order's own end, which may refund its deposit).
    const f = await paid('other', 70, 'goodwill');
    sandbox.failNext('refund', 'payeeAccountAbnormal');
    await ok(audit(f.id, true), 'approve f');
    await until(async () => (await refund(f.refundNo)).status === 'failed', 8_000, 'f failed');
    await until(async () => (await refund(c2.refundNo)).status === 'complete', 8_000, 'c complete');

    const stats = await reasonStats({ beginTime: since });
    // The rows: paid (approved, at the company, complete) with their final approval in the window.
    const rows = (await page({ beginTime: since })).list.filter((x) => x.type !== 'deposit');
    const paidRows = rows.filter(
      (x) =>
        ['approved', 'refunding', 'complete'].includes(x.status) &&
        x.approvals.length === x.approvalsNeeded &&
        x.approvals.at(-1).time >= since,
    );
    for (const reason of ['notEjected', 'returnNotRecognised', 'deviceFault', 'billingDispute', 'other']) {
      const mine = paidRows.filter((x) => x.reasonCode === reason);
      expect(
        stats.list.find((x) => x.reasonCode === reason),
        reason,
      ).toEqual({ reasonCode: reason, count: mine.length, amount: mine.reduce((t, x) => t + x.amount, 0) });
    }
    // And what that means here: two not ejected (2.00), one not recognised (3.00), nothing else.
    expect(Object.fromEntries(stats.list.map((x) => [x.reasonCode, [x.count, x.amount]]))).toEqual({
      notEjected: [2, 200],
      returnNotRecognised: [1, 300],
      deviceFault: [0, 0],
      billingDispute: [0, 0],
      other: [0, 0],
    });
    expect([stats.count, stats.amount]).toEqual([3, 500]);
    // The second approval pays it: it counts now.
    await ok(audit(d2.id, true, undefined, reviewer), 'second of two');
    expect((await reasonStats({ beginTime: since })).list.find((x) => x.reasonCode === 'billingDispute')).toEqual({
      reasonCode: 'billingDispute',
      count: 1,
      amount: 500,
    });
    // Windows add up: the hour before this test (earlier tests' refunds) and this test's make the whole.
    const hourBefore = new Date(Date.parse(since) - 3_600_000).toISOString();
    const before = await reasonStats({ beginTime: hourBefore, endTime: new Date(Date.parse(since) - 1).toISOString() });
    const mine = await reasonStats({ beginTime: since });
    const whole = await reasonStats({ beginTime: hourBefore });
    expect([mine.count, mine.amount]).toEqual([4, 1000]);
    expect([whole.count, whole.amount]).toEqual([before.count + mine.count, before.amount + mine.amount]);
    // A window upside down is refused clearly.
    expect(
      (
        await c.send(
          'GET',
          `/order/api/v1/refundOrder/reasonStats?beginTime=${encodeURIComponent(new Date().toISOString())}&endTime=${encodeURIComponent(since)}`,
          undefined,
          'en_US',
        )
      ).code,
    ).not.toBe(0);
    await until(
      async () =>
        (await Promise.all(made.map((m) => refund(m.refundNo)))).every(
          (r) => !['approved', 'refunding'].includes(r.status),
        ),
      8_000,
      'all settled',
    );
  }, 180_000);

  it('maker-checker: nobody approves a refund they asked for, below the threshold too (a clear code); of 50 approvals at once, half by the requester, one pays once', async () => {
    const o = await paidOrder(); // 6.00
    const mine = await ok(ask(o.orderNo, 200, {}, c), 'admin asks');
    expect(mine.approvalsNeeded).toBe(1);
    expect(await audit(mine.id, true, undefined, c, 'en_US')).toMatchObject({
      code: 100787,
      msg: 'You cannot approve a refund you applied for; another reviewer must approve it',
    });
    expect(await audit(mine.id, true, undefined, c, 'zh_CN')).toMatchObject({
      code: 100787,
      msg: '不能审核自己申请的退款，请由其他审核人审核',
    });
    // Refused whole: still waiting, nothing recorded for the payment company.
    expect(await refund(mine.refundNo)).toMatchObject({ status: 'initiated', approvals: [] });
    expect(
      await count(sql`select count(*)::int as n from ord_payment where order_no = ${o.orderNo} and purpose = 'refund'`),
    ).toBe(0);
    // The row says who asked, and each approval who gave it (the console offers Review only to another account).
    const [admin] = (
      (await db().execute(sql`select id from sys_account where user_name = 'admin'`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    expect(mine.creatorId).toBe(Number(admin!.id));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => audit(mine.id, true, undefined, i % 2 ? reviewer : c)),
    );
    expect(answers.filter((x) => x.code === 0)).toHaveLength(1);
    expect(answers.filter((_, i) => i % 2 === 0).every((x) => x.code === 100787 || x.code === 100781)).toBe(true);
    expect(answers.filter((x, i) => i % 2 === 1 && x.code !== 0).every((x) => x.code === 100781)).toBe(true);
    await until(async () => (await refund(mine.refundNo)).status === 'complete', 8_000, 'complete');
    const done = await refund(mine.refundNo);
    expect(done.approvals).toEqual([{ by: 'refundreviewer', time: expect.any(String), accountId: expect.any(Number) }]);
    expect(
      await count(sql`select count(*)::int as n from ord_payment where order_no = ${o.orderNo} and purpose = 'refund'`),
    ).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from led_transaction where order_no = ${o.orderNo} and kind = 'refund'`,
      ),
    ).toBe(2); // reversal, paid
    expect(await detail(o.orderNo)).toMatchObject({ refundAmount: 200, refundPendingAmount: 0 });
  }, 90_000);

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
    // The review's own send (order.refunds-review.ts): the approval calls it there.
    const review = services().order.refunds.review;
    const send = review.send.bind(review);
    // The answer to the request itself is lost as well: the refund stays with the company.
    (review as unknown as { send: (p: unknown) => Promise<void> }).send = async (p) => {
      await db().execute(
        sql`update ord_refund set status = 'refunding', sent_at = now() where refund_no = ${asked.refundNo} and status = 'approved'`,
      );
      await sandbox.refund({ key: (p as { key: string }).key, amount: 200, chargeReference: 'x' });
    };
    try {
      await ok(audit(asked.id, true), 'approve');
      await until(async () => (await refund(asked.refundNo)).status === 'refunding', 8_000, 'refunding');
      await new Promise((x) => setTimeout(x, 100));
      expect((await refund(asked.refundNo)).status).toBe('refunding');
    } finally {
      (review as unknown as { send: typeof send }).send = send;
    }
    // The sweep asks about it (after 30 s) and applies the answer; asking again and a late notification change nothing.
    await db().execute(
      sql`update ord_payment set created_at = now() - interval '1 minute' where key = ${`refund:${asked.refundNo}`}`,
    );
    await services().order.engine.sweep();
    expect(await refund(asked.refundNo)).toMatchObject({ status: 'complete' });
    const out = (await sandbox.query(`refund:${asked.refundNo}`))!;
    await services().order.engine.applyOutcome(out);
    await services().order.engine.notified({
      payload: JSON.stringify(out),
      signature: sandbox.sign(JSON.stringify(out)),
    });
    expect(
      await count(
        sql`select count(*)::int as n from led_transaction where order_no = ${o.orderNo} and kind = 'refund'`,
      ),
    ).toBe(2); // reversal, paid
    expect((await detail(o.orderNo)).refundAmount).toBe(200);
  });

  it('deposit refunds show in the records with type and status filters; deposit ones are audited elsewhere', async () => {
    // A deposit refund application as the deposit module records it.
    const dep = await customer();
    const depOrder = `DEPRF${crypto.randomInt(0, 1e9)}`;
    const [d] = (
      (await db().execute(
        sql`insert into dep_order (deposit_no, order_no, user_id, user_mobile, state, channel, amount, fee_taken) values (${`D${depOrder}`}, ${depOrder}, 1, '86-13600000000', 'pendingAudit', 'provider', 9900, 150) returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    void dep;
    const depNo = `DR${crypto.randomInt(0, 1e9)}`;
    await db().execute(
      sql`insert into dep_refund (refund_no, deposit_id, amount, fee, back, state, reason, applicant) values (${depNo}, ${d!.id}, 9750, 0, 9750, 'pendingAudit', 'not returned', 'admin')`,
    );
    const deposits = await ok(
      c.post('/order/api/v1/refundOrder/queryPage', { pageNum: 1, pageSize: 10, type: 'deposit' }),
      'deposit refunds',
    );
    expect(deposits.list.find((x: { refundNo: string }) => x.refundNo === depNo)).toMatchObject({
      type: 'deposit',
      status: 'initiated',
      amount: 9750,
      orderNo: depOrder,
    });
    expect(deposits.list.every((x: { type: string }) => x.type === 'deposit')).toBe(true);
    const initiated = await ok(
      c.post('/order/api/v1/refundOrder/queryPage', { pageNum: 1, pageSize: 100, status: 'initiated' }),
      'initiated',
    );
    expect(initiated.list.some((x: { refundNo: string }) => x.refundNo === depNo)).toBe(true);
    expect(initiated.list.every((x: { status: string }) => x.status === 'initiated')).toBe(true);
    const orders = await ok(
      c.post('/order/api/v1/refundOrder/queryPage', { pageNum: 1, pageSize: 100, type: 'order' }),
      'order refunds',
    );
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
      [
        '/order/api/v1/refundOrder/refundAmount',
        'POST',
        { orderNo: 'X', amount: 100, reason: 'x', idempotencyKey: 'bad key!' },
        100001,
      ],
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

  it.runIf(engine === 'postgres')(
    '50 requests at once never exceed what is refundable; 100 approvals at once send one refund; 100 first approvals by one account record one',
    async () => {
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
      expect(
        await count(
          sql`select count(*)::int as n from ord_payment where order_no = ${o.orderNo} and purpose = 'refund'`,
        ),
      ).toBe(1);
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
      expect(
        await count(
          sql`select count(*)::int as n from ord_payment where order_no = ${o2.orderNo} and purpose = 'refund'`,
        ),
      ).toBe(1);
      void back;
    },
    60_000,
  );
});
