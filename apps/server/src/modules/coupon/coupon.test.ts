import crypto from 'node:crypto';
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { COUPON_CODE_ALPHABET, COUPON_CODE_LENGTH } from '@cbo/contract';
import { auth, engines, useServer } from '../../test/helper.js';
import { until } from '../../test/fleet/fleet-helpers.js';
import { newSn } from '../../test/fleet/test-cabinet.js';
import { caller, networkFixture, outletBody, type Answer } from '../../test/outlet/outlet-fixtures.js';
import { SandboxProvider } from '../order/payments.js';

/**
 * Coupons on each engine: staff create and edit them (HTTP, bad input in the caller's language),
 * send them to customers by mobile (the report, the daily limit, never past the total however many
 * sends arrive at once), generate code batches that customers redeem in the app (each code once,
 * whoever asks first), and a rental's settle uses the best valid coupon after the voucher, posting
 * its deduction as the platform's marketing expense. After every test the books balance and every
 * used coupon's deduction is in the marketing expense exactly once.
 */
describe.each(engines)('coupons (%s)', (engine) => {
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
  const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
  const couponBody = (over: object = {}) => ({
    name: `C${uniq()}`,
    type: 'money',
    scope: 'platform',
    amount: 200,
    total: 100,
    validFrom: inDays(-1),
    validTo: inDays(30),
    ...over,
  });
  const save = async (over: object = {}) =>
    (await ok(c.post('/order/api/v1/coupon/saveOrUpdate', couponBody(over)), 'save coupon')).id as number;
  const rows = async <T>(q: SQL): Promise<T[]> => ((await db().execute(q)) as unknown as { rows: T[] }).rows;
  const account = (kind: string, partyId?: number) =>
    services().ledger.ledger.balance({ kind: kind as never, partyId: partyId ?? null });

  /** A signed-in customer, calling from an address of its own (redemptions are limited per address too). */
  async function customer() {
    const mobile = `137${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
    const remoteAddress = `10.${crypto.randomInt(0, 256)}.${crypto.randomInt(0, 256)}.${crypto.randomInt(1, 255)}`;
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
          remoteAddress,
          payload: body as object | undefined,
          headers: { authorization: t, clienttype: 'USER_IOS', 'accept-language': lang },
        })
      ).json();
    const redeem = (code: string, lang?: string) => app('POST', '/user/api/app/v1/coupon/redeem', { code }, lang);
    const [m] = await rows<{ id: number }>(sql`select id from net_member where mobile = ${mobile}`);
    return { app, redeem, mobile, id: Number(m!.id) };
  }
  const issue = (couponId: number, mobiles: string[], perUser = 1, dailyLimit = 5, lang?: string) =>
    c.post('/order/api/v1/coupon/issue', { couponId, mobiles, perUser, dailyLimit }, lang);
  const codesOf = async (batchId: number) =>
    (await ok(c.get('/order/api/v1/couponCode/queryPage', { batchId, pageSize: 100 }))).list as {
      code: string;
      status: string;
      userMobile: string | null;
      redeemTime: string | null;
    }[];

  /** An order of the customer at an outlet, using since `minutes` ago, secured by nothing (the fee is asked of the provider): the settle is what is tested. */
  async function usingOrder(
    userId: number,
    minutes: number,
    atOutlet = outletId,
    atSn = sn,
    links?: object[],
  ): Promise<{ id: number; orderNo: string }> {
    const orderNo = `RC${Date.now()}${crypto.randomInt(0, 1e6)}`;
    const billing = {
      freeMinutes: 3,
      pricePerPeriod: 150,
      periodMinutes: 30,
      dailyCap: 3000,
      totalCap: 9900,
      deposit: 0,
      buyOutDays: 7,
    };
    const chain = links ?? [
      { party: 'agentA', partyId: net.agentA, name: 'A', ratio: 20 },
      { party: 'agentB', partyId: net.agentB, name: 'B', ratio: 10 },
      { party: 'outlet', partyId: atOutlet, name: 'O', ratio: 30 },
    ];
    const r = await rows<{
      id: number;
    }>(sql`insert into ord_order (order_no, user_id, user_mobile, status, pay_mode, sn, outlet_id, outlet_name, billing, chain, deposit_amount, start_at, created_at)
      values (${orderNo}, ${userId}, '86-1', 'using', 'deposit', ${atSn}, ${atOutlet}, 'O', ${JSON.stringify(billing)}::jsonb, ${JSON.stringify(chain)}::jsonb, 0, now() - make_interval(secs => ${minutes * 60 - 20}), now()) returning id`);
    return { id: Number(r[0]!.id), orderNo };
  }
  const settle = (id: number) => services().order.engine.settle(id, new Date(), { actor: 'test', event: 'returned' });
  const detail = async (orderNo: string) => ok(c.get('/order/api/v1/order/detail', { orderNo }));
  const finished = async (orderNo: string) =>
    until(async () => (await detail(orderNo)).status === 'finished', 8_000, 'deducted');

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
    // Every used coupon's deduction is in the marketing expense once, and nothing else is.
    const [used] = await rows<{ n: string }>(
      sql`select coalesce(sum(deduction), 0)::text as n from cp_user_coupon where status = 'used'`,
    );
    expect(await account('marketingExpense')).toBe(Number(used!.n));
    // No coupon ever gave out more than its total.
    const [over] = await rows<{ n: number }>(
      sql`select count(*)::int as n from cp_coupon c where (select count(*) from cp_user_coupon u where u.coupon_id = c.id and u.source = 'platform') + (select coalesce(sum(quantity), 0) from cp_code_batch b where b.coupon_id = c.id) <> c.allotted`,
    );
    expect(Number(over!.n)).toBe(0);
  });

  it("creates, lists, reads, edits, stops and deletes coupons; refuses bad input in the caller's language", async () => {
    const id = await save({
      type: 'duration',
      amount: undefined,
      durationHours: 2,
      scope: 'outlet',
      scopeId: outletId,
    });
    const list = await ok(c.get('/order/api/v1/coupon/queryPage', { pageNum: 1, pageSize: 10, type: 'duration' }));
    const row = list.list.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({
      type: 'duration',
      durationHours: 2,
      amount: null,
      scope: 'outlet',
      scopeId: outletId,
      total: 100,
      allotted: 0,
      received: 0,
      used: 0,
      unused: 0,
      source: 'platform',
      status: 'active',
    });
    expect(row.scopeName).toMatch(/^Outlet /);
    const d = await ok(c.get('/order/api/v1/coupon/detail', { id }));
    expect(d.name).toBe(row.name);
    await ok(
      c.post(
        '/order/api/v1/coupon/saveOrUpdate',
        couponBody({ id, name: row.name, type: 'money', amount: 150, scope: 'platform', total: 5 }),
      ),
      'edit',
    );
    expect(await ok(c.get('/order/api/v1/coupon/detail', { id }))).toMatchObject({
      type: 'money',
      amount: 150,
      durationHours: null,
      scope: 'platform',
      total: 5,
    });
    // The exact call of the brief: an exchange deadline makes it a code coupon.
    const code = await save({ exchangeDeadline: inDays(10) });
    expect((await ok(c.get('/order/api/v1/coupon/detail', { id: code }))).source).toBe('code');

    const bad = async (over: object, lang: string, field: RegExp) => {
      const a = await c.post('/order/api/v1/coupon/saveOrUpdate', couponBody(over), lang);
      expect(a.status).toBe(400);
      expect(a.code).toBe(100001);
      expect(a.msg).toMatch(field);
    };
    await bad({ type: 'duration', durationHours: 25 }, 'en_US', /Free hours: must be at most 24/);
    await bad({ type: 'duration', amount: undefined }, 'zh_CN', /时长券请填写 1-24 小时/);
    await bad({ amount: undefined }, 'zh_TW', /金額券請填寫抵扣金額/);
    await bad({ validTo: inDays(-0.5) }, 'en_US', /cannot end before now/);
    await bad({ validFrom: inDays(5), validTo: inDays(4) }, 'en_US', /must end after it starts/);
    await bad({ exchangeDeadline: inDays(31) }, 'zh_CN', /兑换截止时间不能晚于有效期结束/);
    await bad({ scope: 'agent' }, 'en_US', /choose what it holds at/);
    await bad({ validFrom: 'yesterday' }, 'en_US', /Valid from/);
    await bad({ type: 'coupon' }, 'en_US', /type/i);
    const named = await c.post('/order/api/v1/coupon/saveOrUpdate', couponBody({ name: row.name }), 'zh_CN');
    expect(named).toMatchObject({ code: 101202, msg: '优惠券名称已存在' });
    const nowhere = await c.post(
      '/order/api/v1/coupon/saveOrUpdate',
      couponBody({ scope: 'device', scopeSn: 'NOPE0000000001' }),
    );
    expect(nowhere.code).toBe(101203);
    expect((await c.post('/order/api/v1/coupon/saveOrUpdate', couponBody({ scope: 'device', scopeSn: sn }))).code).toBe(
      0,
    );

    // Stop: nothing more is sent; resume; delete only while nobody holds one.
    const u = await customer();
    expect((await ok(c.post('/order/api/v1/coupon/editStatus', { id, status: 'stopped' }))).status).toBe('stopped');
    expect((await issue(id, [u.mobile])).code).toBe(101205);
    await ok(c.post('/order/api/v1/coupon/editStatus', { id, status: 'active' }));
    await ok(issue(id, [u.mobile]));
    expect((await c.post('/order/api/v1/coupon/editStatus', { id, status: 'deleted' }, 'en_US')).code).toBe(101208);
    // Once given out, the terms customers hold cannot change, nor the total go below what was given.
    expect(
      (await c.post('/order/api/v1/coupon/saveOrUpdate', couponBody({ id, name: row.name, amount: 999, total: 5 })))
        .code,
    ).toBe(101209);
    const below = await c.post(
      '/order/api/v1/coupon/saveOrUpdate',
      couponBody({ id, name: row.name, amount: 150, total: 0 }),
    );
    expect(below.code).toBe(100001);
    const fresh = await save();
    await ok(c.post('/order/api/v1/coupon/editStatus', { id: fresh, status: 'deleted' }));
    expect((await c.get('/order/api/v1/coupon/detail', { id: fresh })).code).toBe(101201);
    const log = await rows<{ n: number }>(
      sql`select count(*)::int as n from sys_operation_log where path = '/order/api/v1/coupon/editStatus'`,
    );
    expect(Number(log[0]!.n)).toBeGreaterThan(0);
  });

  it('sends a coupon to mobiles with the report: bad format, listed twice, absent, over the daily limit; never past the total', async () => {
    const [a, b, d] = await Promise.all([customer(), customer(), customer()]);
    const id = await save({ total: 7 });
    const report = await ok(issue(id, [a.mobile, `86-${b.mobile}`, a.mobile, '12ab', '13900000000999', ''], 2, 3));
    expect(report).toMatchObject({ total: 5, successes: 2, failures: 3, issued: 4 });
    expect(report.skipped).toEqual(
      expect.arrayContaining([
        { mobile: a.mobile, reason: 'duplicate' },
        { mobile: '12ab', reason: 'badFormat' },
        { mobile: '13900000000999', reason: 'absent' },
      ]),
    );
    // a holds 2 of today's 3: two more is over the limit, d gets them.
    const again = await ok(issue(id, [a.mobile, d.mobile], 2, 3));
    expect(again).toMatchObject({ successes: 1, issued: 2, skipped: [{ mobile: a.mobile, reason: 'dailyLimit' }] });
    // 6 of 7 given: two more for b is refused whole, saying how many are left.
    const over = await issue(id, [b.mobile], 2, 99, 'en_US');
    expect(over).toMatchObject({ code: 101206, msg: 'This exceeds the total: 1 left to give' });
    expect(await ok(c.get('/order/api/v1/coupon/detail', { id }))).toMatchObject({
      allotted: 6,
      received: 6,
      unused: 6,
      used: 0,
      expired: 0,
    });
    // A copy whose own validity ended counts as expired, not unused: received = used + expired + unused.
    await db().execute(
      sql`update cp_user_coupon set valid_to = now() - interval '1 minute' where id = (select min(id) from cp_user_coupon where coupon_id = ${id})`,
    );
    expect(await ok(c.get('/order/api/v1/coupon/detail', { id }))).toMatchObject({
      received: 6,
      used: 0,
      expired: 1,
      unused: 5,
    });
    expect(
      (await ok(c.get('/order/api/v1/coupon/queryPage', { pageSize: 100 }))).list.find(
        (r: { id: number }) => r.id === id,
      ),
    ).toMatchObject({ received: 6, expired: 1, unused: 5 });
    await db().execute(sql`update cp_user_coupon set valid_to = now() + interval '30 days' where coupon_id = ${id}`);
    const mine = await a.app('GET', '/user/api/app/v1/coupon/mine?pageSize=10');
    expect(mine.data).toMatchObject({
      total: 2,
      list: [{ status: 'unused', source: 'platform', amount: 200 }, { status: 'unused' }],
    });
    const held = await ok(c.get('/order/api/v1/userCoupon/queryPage', { couponId: id, mobile: a.mobile }));
    expect(held.total).toBe(2);
    // A code coupon is not sent; limits of spec 5 are the contract's.
    expect((await issue(await save({ source: 'code' }), [a.mobile])).code).toBe(101207);
    expect((await issue(id, [a.mobile], 1000)).code).toBe(100001);
    expect((await issue(id, [a.mobile], 1, 100)).code).toBe(100001);
  });

  it('never gives out more than the total under 50 parallel sends', async () => {
    const people = await Promise.all(Array.from({ length: 10 }, () => customer()));
    const id = await save({ total: 23 });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => issue(id, [people[i % 10]!.mobile], 1, 99)));
    const given = answers.filter((x) => x.code === 0 && x.data.successes === 1).length;
    expect(given).toBe(23);
    expect(answers.filter((x) => x.code !== 0).every((x) => x.code === 101206)).toBe(true);
    expect(await ok(c.get('/order/api/v1/coupon/detail', { id }))).toMatchObject({ allotted: 23, received: 23 });
  });

  it('reads the mobiles of an xlsx file for a send, and refuses a file that is not one', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('m');
    ws.addRow(['Mobile']);
    ws.addRow(['13800000001']);
    ws.addRow([13800000002]);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const send = async (content: Buffer, lang = 'en_US') => {
      const boundary = '----cp' + uniq();
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="m.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
      const payload = Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
      return (
        await s.current.inject({
          method: 'POST',
          url: '/order/api/v1/coupon/readMobiles',
          payload,
          headers: { ...auth(token, lang), 'content-type': `multipart/form-data; boundary=${boundary}` },
        })
      ).json() as Answer;
    };
    expect((await send(file)).data).toEqual({ mobiles: ['13800000001', '13800000002'], rows: 2 });
    expect(await send(Buffer.from('mobile\n138'), 'zh_CN')).toMatchObject({
      code: 101216,
      msg: '文件格式错误，请上传第一列为手机号的 xlsx 文件',
    });
  });

  it('generates unguessable codes; a customer redeems one once, the list shows who and when, the last completes the batch', async () => {
    const id = await save({ exchangeDeadline: inDays(10), total: 5 });
    const batch = await ok(c.post('/order/api/v1/couponBatch/create', { couponId: id, quantity: 3 }));
    expect(batch).toMatchObject({ quantity: 3, exchanged: 0, notExchanged: 3, status: 'normal' });
    expect((await c.post('/order/api/v1/couponBatch/create', { couponId: id, quantity: 3 })).code).toBe(101206);
    const codes = await codesOf(batch.id);
    expect(codes).toHaveLength(3);
    const re = new RegExp(`^[${COUPON_CODE_ALPHABET}]{${COUPON_CODE_LENGTH}}$`);
    for (const x of codes) expect(x.code).toMatch(re);
    expect(new Set(codes.map((x) => x.code)).size).toBe(3);

    const [u, v] = await Promise.all([customer(), customer()]);
    const got = await u.redeem(codes[0]!.code.toLowerCase().replace(/(.{4})/g, '$1 '));
    expect(got).toMatchObject({ code: 0, data: { source: 'code', status: 'unused', amount: 200 } });
    expect(await v.redeem(codes[0]!.code, 'zh_CN')).toMatchObject({ code: 101214, msg: '兑换码已被使用' });
    expect(await v.redeem('ABCDEFGHJKMN', 'zh_TW')).toMatchObject({ code: 101213, msg: '兌換碼無效' });
    expect((await v.redeem('!!')).code).toBe(100001);
    const listed = (await codesOf(batch.id)).find((x) => x.code === codes[0]!.code)!;
    expect(listed.status).toBe('redeemed');
    expect(listed.userMobile).toBe(`86-${u.mobile}`);
    expect(listed.redeemTime).not.toBeNull();
    const held = await ok(c.get('/order/api/v1/userCoupon/queryPage', { mobile: u.mobile }));
    expect(held.list[0]).toMatchObject({ source: 'code', code: codes[0]!.code });

    await ok(v.redeem(codes[1]!.code));
    await ok(v.redeem(codes[2]!.code));
    expect(await ok(c.get('/order/api/v1/couponBatch/queryPage', { couponId: id }))).toMatchObject({
      total: 1,
      list: [{ exchanged: 3, notExchanged: 0, status: 'completed' }],
    });
    expect((await c.post('/order/api/v1/couponBatch/end', { id: batch.id })).code).toBe(101212);

    // Ending a batch ends its codes; so does a stopped coupon; a platform coupon has no batches.
    const second = await ok(c.post('/order/api/v1/couponBatch/create', { couponId: id, quantity: 2 }));
    const [left, other] = await codesOf(second.id);
    await ok(c.post('/order/api/v1/couponBatch/end', { id: second.id }));
    expect((await u.redeem(left!.code, 'en_US')).code).toBe(101215);
    expect((await ok(c.get('/order/api/v1/couponBatch/queryPage', { couponId: id, status: 'ended' }))).total).toBe(1);
    expect((await u.redeem(other!.code)).code).toBe(101215);
    expect((await c.post('/order/api/v1/couponBatch/create', { couponId: await save(), quantity: 1 })).code).toBe(
      101207,
    );

    const started = await ok(c.post('/order/api/v1/couponCode/export', { batchId: batch.id }));
    expect(started.exportId).toBeGreaterThan(0);
  });

  it('redeems one code once under 100 parallel attempts', async () => {
    const id = await save({ exchangeDeadline: inDays(10), total: 1 });
    const batch = await ok(c.post('/order/api/v1/couponBatch/create', { couponId: id, quantity: 1 }));
    const [code] = await codesOf(batch.id);
    // Ten customers, ten tries each: within each one's rate limit (10 tries in 10 minutes).
    const people = await Promise.all(Array.from({ length: 10 }, () => customer()));
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => people[i % 10]!.redeem(code!.code)));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 0).every((a) => a.code === 101214)).toBe(true);
    const [n] = await rows<{ n: number }>(sql`select count(*)::int as n from cp_user_coupon where coupon_id = ${id}`);
    expect(Number(n!.n)).toBe(1);
    expect(await ok(c.get('/order/api/v1/couponBatch/queryPage', { couponId: id }))).toMatchObject({
      list: [{ exchanged: 1, status: 'completed' }],
    });
  });

  it('uses the best valid coupon at the settle: the largest deduction, in scope, after the voucher; the deduction is marketing expense', async () => {
    const u = await customer();
    // 123 minutes: 3 free, then 4 periods of 1.50 = 6.00.
    const small = await save({ amount: 100 });
    const big = await save({ type: 'duration', amount: undefined, durationHours: 1 }); // 60 minutes free: 3.00 off
    const elsewhere = await save({ amount: 400, scope: 'outlet', scopeId: otherOutletId });
    const later = await save({ amount: 500, validFrom: inDays(1) });
    for (const id of [small, big, elsewhere, later]) await ok(issue(id, [u.mobile]));
    const expenseBefore = await account('marketingExpense');
    const revenueBefore = await account('revenue');

    const o = await usingOrder(u.id, 123);
    expect(await settle(o.id)).toMatchObject({ originalAmount: 600 });
    await finished(o.orderNo);
    const d = await detail(o.orderNo);
    expect(d).toMatchObject({ couponDeduction: 300, paidAmount: 300, voucherDeduction: 0 });
    expect(d.timeline.map((e: { event: string }) => e.event)).toContain('couponUsed');
    // Shares are of the whole fee: the platform pays for its coupon (into order income, as marketing expense).
    expect(d.shares.reduce((sum: number, x: { amount: number }) => sum + x.amount, 0)).toBe(600);
    expect(await account('marketingExpense')).toBe(expenseBefore + 300);
    const [posting] = await rows<{ n: number }>(
      sql`select count(*)::int as n from led_transaction where key = ${`coupon-use:${o.orderNo}`}`,
    );
    expect(Number(posting!.n)).toBe(1);
    expect(await account('revenue')).toBeLessThan(revenueBefore); // revenue is credit-normal: it grew
    expect(await account('orderIncome')).toBe(0); // all of it shared
    const used = await ok(c.get('/order/api/v1/userCoupon/queryPage', { couponId: big }));
    expect(used.list[0]).toMatchObject({ status: 'used', orderNo: o.orderNo, deduction: 300 });

    // Next: the 1.00 coupon is the only one in scope and valid now.
    const o2 = await usingOrder(u.id, 123);
    await settle(o2.id);
    await finished(o2.orderNo);
    expect(await detail(o2.orderNo)).toMatchObject({ couponDeduction: 100, paidAmount: 500 });
    // At the other outlet its coupon applies.
    const o3 = await usingOrder(u.id, 123, otherOutletId);
    await settle(o3.id);
    await finished(o3.orderNo);
    expect(await detail(o3.orderNo)).toMatchObject({ couponDeduction: 400, paidAmount: 200 });
    // Nothing left that holds now: the rental pays in full.
    const o4 = await usingOrder(u.id, 123);
    await settle(o4.id);
    await finished(o4.orderNo);
    expect(await detail(o4.orderNo)).toMatchObject({ couponDeduction: 0, paidAmount: 600 });
    const mine = await u.app('GET', '/user/api/app/v1/coupon/mine?status=unused');
    expect(mine.data.total).toBe(1); // the one valid from tomorrow
  });

  it("scope operator is a direct-sales team: it holds at the team's outlets (the chain's operator, else the outlet's team), not at an agent's; coupons of the former reading keep holding at their service provider's", async () => {
    const u = await customer();
    const teamOutletId = (
      await ok(
        c.post(
          '/device/api/v1/outlet/saveOrUpdate',
          outletBody(net.agentB, { agentId: null, teamId: net.team, ratio: 40, hiddenRatio: 40 }),
        ),
        'team outlet',
      )
    ).id as number;
    const teams = (await ok(c.get('/user/api/v1/team/options'), 'teams')) as { id: number; name: string }[];
    const teamName = teams.find((t) => t.id === net.team)!.name;
    const agentChain = (extra: object[] = []) => [
      { party: 'agentA', partyId: net.agentA, name: 'A', ratio: 20 },
      { party: 'agentB', partyId: net.agentB, name: 'B', ratio: 10 },
      { party: 'outlet', partyId: outletId, name: 'O', ratio: 30 },
      ...extra,
    ];
    const provider = { party: 'serviceProvider', partyId: net.provider, name: 'P', ratio: 10 };
    const settled = async (o: { id: number; orderNo: string }) => {
      await settle(o.id);
      await finished(o.orderNo);
      return detail(o.orderNo);
    };

    // A database from before: a coupon of scope "operator" naming a service provider, and a customer's copy of it.
    const [old] = await rows<{
      id: number;
    }>(sql`insert into cp_coupon (name, type, scope, scope_id, amount, total, allotted, valid_from, valid_to, source)
      values (${`Old ${uniq()}`}, 'money', 'operator', ${net.provider}, 100, 10, 1, now() - interval '1 day', now() + interval '30 days', 'platform') returning id`);
    await db()
      .execute(sql`insert into cp_user_coupon (coupon_id, coupon_name, user_id, user_mobile, type, amount, scope, scope_id, valid_from, valid_to, source)
      values (${old!.id}, 'Old', ${u.id}, ${u.mobile}, 'money', 100, 'operator', ${net.provider}, now() - interval '1 day', now() + interval '30 days', 'platform')`);
    // The migration moves both to scope "provider": they keep their meaning, and no team's outlet takes them for its own.
    // Found by its name, not its number (numbers shift when branches land together).
    const dir = new URL('../../../drizzle/', import.meta.url);
    const file = fs.readdirSync(dir).find((f) => f.endsWith('_coupon_scope_provider.sql'))!;
    const migration = fs.readFileSync(new URL(file, dir), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await db().execute(sql.raw(statement));
    const [moved] = await rows<{ n: number }>(
      sql`select count(*)::int as n from cp_user_coupon where user_id = ${u.id} and scope = 'provider' and scope_id = ${net.provider}`,
    );
    expect(Number(moved!.n)).toBe(1);
    const legacy = await ok(c.get('/order/api/v1/coupon/detail', { id: old!.id }));
    expect(legacy).toMatchObject({ scope: 'provider', scopeId: net.provider });
    expect(legacy.scopeName).toMatch(/^P/);
    // Given out, it stays as given: it cannot become a team's coupon.
    expect(
      (
        await c.post(
          '/order/api/v1/coupon/saveOrUpdate',
          couponBody({ id: old!.id, name: legacy.name, amount: 100, total: 10, scope: 'operator', scopeId: net.team }),
        )
      ).code,
    ).toBe(101209);
    // At the team's outlet (no provider) it does not hold; at the provider's outlet it does.
    expect(
      await settled(
        await usingOrder(u.id, 123, teamOutletId, sn, [
          { party: 'outlet', partyId: teamOutletId, name: 'T', ratio: 40 },
        ]),
      ),
    ).toMatchObject({ couponDeduction: 0, paidAmount: 600 });
    expect(await settled(await usingOrder(u.id, 123, outletId, sn, agentChain([provider])))).toMatchObject({
      couponDeduction: 100,
      paidAmount: 500,
    });

    // Scope operator names a team: the list says its name; an id that is no team is refused, in the caller's language.
    const teamCoupon = await save({ amount: 300, scope: 'operator', scopeId: net.team });
    expect(await ok(c.get('/order/api/v1/coupon/detail', { id: teamCoupon }))).toMatchObject({
      scope: 'operator',
      scopeId: net.team,
      scopeName: teamName,
    });
    expect(
      await c.post(
        '/order/api/v1/coupon/saveOrUpdate',
        couponBody({ scope: 'operator', scopeId: 99_999_999 }),
        'zh_CN',
      ),
    ).toMatchObject({ code: 101203, msg: '适用范围的对象不存在' });
    expect(
      await c.post(
        '/order/api/v1/coupon/saveOrUpdate',
        couponBody({ scope: 'provider', scopeId: net.provider }),
        'en_US',
      ),
    ).toMatchObject({ code: 100001 });
    await ok(issue(teamCoupon, [u.mobile], 3));
    // An agent's outlet (its provider too): the team's coupon does not hold.
    expect(await settled(await usingOrder(u.id, 123, outletId, sn, agentChain([provider])))).toMatchObject({
      couponDeduction: 0,
      paidAmount: 600,
    });
    // The team's outlet, the team earning a ratio (the chain's operator link): it holds.
    const withLink = await settled(
      await usingOrder(u.id, 123, teamOutletId, sn, [
        { party: 'outlet', partyId: teamOutletId, name: 'T', ratio: 40 },
        { party: 'operator', partyId: net.team, name: teamName, ratio: 10 },
      ]),
    );
    expect(withLink).toMatchObject({ couponDeduction: 300, paidAmount: 300 });
    // The team's outlet, the team at 0 % (no operator in the chain): the outlet's team, so it holds too.
    expect(
      await settled(
        await usingOrder(u.id, 123, teamOutletId, sn, [
          { party: 'outlet', partyId: teamOutletId, name: 'T', ratio: 40 },
        ]),
      ),
    ).toMatchObject({ couponDeduction: 300, paidAmount: 300 });
    const mine = await ok(c.get('/order/api/v1/userCoupon/queryPage', { couponId: teamCoupon, pageSize: 10 }));
    expect(mine.list.map((r: { status: string }) => r.status).sort()).toEqual(['unused', 'used', 'used']);
  });

  it('applies the voucher first and a coupon on what is left', async () => {
    const u = await customer();
    const v = (await ok(
      c.post('/user/api/v1/sys/voucher/add', {
        name: `V${uniq()}`,
        price: 600,
        freeMinutes: 30,
        uses: 2,
        validDays: 30,
        stock: 10,
        scopeType: 'platform',
        status: 'onSale',
      }),
    )) as { id: number };
    expect((await u.app('POST', '/order/api/app/v1/voucher/buy', { voucherId: v.id })).code).toBe(0);
    await ok(issue(await save({ type: 'duration', amount: undefined, durationHours: 1 }), [u.mobile]));
    // 123 minutes = 6.00: the voucher covers 30 minutes (1.50), the coupon 60 more (3.00), the customer pays 1.50.
    const o = await usingOrder(u.id, 123);
    expect(await settle(o.id)).toMatchObject({ originalAmount: 600 });
    await finished(o.orderNo);
    expect(await detail(o.orderNo)).toMatchObject({ voucherDeduction: 150, couponDeduction: 300, paidAmount: 150 });
  });

  it("uses a coupon once under parallel settles of the customer's rentals", async () => {
    const u = await customer();
    await ok(issue(await save({ amount: 250 }), [u.mobile]));
    const orders = await Promise.all(Array.from({ length: 6 }, () => usingOrder(u.id, 63)));
    await Promise.all(orders.map((o) => settle(o.id)));
    for (const o of orders) await finished(o.orderNo);
    const ds = await Promise.all(orders.map((o) => detail(o.orderNo)));
    expect(ds.filter((d) => d.couponDeduction === 250)).toHaveLength(1);
    expect(ds.filter((d) => d.couponDeduction === 0)).toHaveLength(5);
  });
});
