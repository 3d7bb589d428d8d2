import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../platform/db/database.js';
import { auth, engines, useServer } from '../../test/helper.js';
import { accountWithMenus } from '../../test/accounts.js';
import { caller, ok } from '../../test/outlet/outlet-fixtures.js';
import { listSums, overview, rollupMatchesRows } from '../../test/order/stats-check.js';

const DAY = 86_400_000;
const BILLING = {
  freeMinutes: 3,
  pricePerPeriod: 150,
  periodMinutes: 30,
  dailyCap: 3000,
  totalCap: 9900,
  deposit: 9900,
  buyOutDays: 7,
};

/**
 * The archive of orders older than 30 days (spec 5), on each engine: the job moves final orders
 * only, a batch is all or nothing, a second run moves nothing twice, concurrent runs never move
 * an order twice; the archive's list reads only the archive, the live list only the live table,
 * the detail finds an order in either, and archived orders refuse staff actions.
 */
describe.each(engines)('order archive (%s)', (engine) => {
  const s = useServer(engine);
  let token = '';
  const c = caller(s, () => token);
  const db = () => s.current.database.db;
  const archive = () => s.current.server.services.order.archive;
  const n = async (q: ReturnType<typeof sql>) => Number((await query<{ n: number }>(db(), q))[0]!.n);

  /** `count` orders of a prefix, created `daysAgo` days ago, in a state, each with a timeline of two events. */
  async function orders(prefix: string, count: number, daysAgo: number, status: string) {
    await db().execute(sql`
      insert into ord_order (order_no, user_id, user_mobile, status, pay_mode, sn, billing, chain, deposit_amount, original_amount, paid_amount, created_at, start_at, end_at)
      select ${prefix} || lpad(g::text, 6, '0'), 1000 + g, '86-13900000000', ${status}, 'deposit', 'ARCH000000000001', ${JSON.stringify(BILLING)}::jsonb, '[]'::jsonb, 9900, 300, 300,
             now() - make_interval(days => ${daysAgo}) - make_interval(secs => g), now() - make_interval(days => ${daysAgo}), now() - make_interval(days => ${daysAgo})
      from generate_series(1, ${count}) g`);
    await db().execute(sql`
      insert into ord_event (order_id, event, actor, created_at)
      select o.id, e.event, 'test', o.created_at from ord_order o cross join (values ('created'), ('returned')) e(event) where o.order_no like ${`${prefix}%`}`);
  }
  const live = (prefix: string) => n(sql`select count(*)::int as n from ord_order where order_no like ${`${prefix}%`}`);
  const archived = (prefix: string) =>
    n(sql`select count(*)::int as n from ord_order_archive where order_no like ${`${prefix}%`}`);
  const archivedEvents = (prefix: string) =>
    n(
      sql`select count(*)::int as n from ord_event_archive e join ord_order_archive o on o.id = e.order_id where o.order_no like ${`${prefix}%`}`,
    );

  beforeAll(async () => {
    token = await s.current.login();
  });

  it('moves final orders older than 30 days with their timeline, never a using, awaiting or recent one; a second run moves nothing', async () => {
    await orders('AOLDF', 30, 40, 'finished');
    await orders('AOLDC', 5, 35, 'closed');
    await orders('AOLDU', 3, 40, 'using');
    await orders('AOLDW', 3, 40, 'awaitingDeduction');
    await orders('AOLDP', 2, 40, 'pendingPayment');
    await orders('ANEWF', 4, 5, 'finished');
    // One old finished order whose deposit is still on its way back stays live until that settles.
    await orders('AOLDR', 1, 40, 'finished');
    await db().execute(
      sql`insert into ord_payment (key, op, purpose, order_no, amount) values ('release:AOLDR000001', 'refund', 'release', 'AOLDR000001', 9600)`,
    );

    const moved = await archive().run();
    expect(moved).toBe(35);
    expect([await live('AOLDF'), await archived('AOLDF'), await archivedEvents('AOLDF')]).toEqual([0, 30, 60]);
    expect([await live('AOLDC'), await archived('AOLDC')]).toEqual([0, 5]);
    for (const p of ['AOLDU', 'AOLDW', 'AOLDP', 'ANEWF', 'AOLDR']) expect([p, await archived(p)]).toEqual([p, 0]);
    expect(
      await n(
        sql`select count(*)::int as n from ord_event e where not exists (select 1 from ord_order o where o.id = e.order_id)`,
      ),
    ).toBe(0);
    // Run again: nothing moves twice, nothing is lost.
    expect(await archive().run()).toBe(0);
    expect(await archived('AOLDF')).toBe(30);
    expect(await archivedEvents('AOLDF')).toBe(60);
  });

  it('a batch is all or nothing: a failure in its middle leaves every order live, the next run moves them once', async () => {
    await orders('ABOOM', 12, 45, 'finished');
    // The last delete of the batch fails (as a process killed there would never commit).
    await db().execute(
      sql.raw(`create or replace function ord_archive_test_fail() returns trigger language plpgsql as $$
      begin if old.order_no = 'ABOOM000007' then raise exception 'boom'; end if; return old; end $$`),
    );
    await db().execute(
      sql.raw(
        'create trigger ord_archive_test_fail before delete on ord_order for each row execute function ord_archive_test_fail()',
      ),
    );
    await expect(archive().moveBatch()).rejects.toThrow();
    expect([await live('ABOOM'), await archived('ABOOM'), await archivedEvents('ABOOM')]).toEqual([12, 0, 0]);
    await db().execute(sql.raw('drop trigger ord_archive_test_fail on ord_order'));
    await db().execute(sql.raw('drop function ord_archive_test_fail()'));
    expect(await archive().run()).toBe(12);
    expect([await live('ABOOM'), await archived('ABOOM'), await archivedEvents('ABOOM')]).toEqual([0, 12, 24]);
  });

  it('runs started together move each order once', async () => {
    await orders('ARACE', 120, 50, 'finished');
    const runs = await Promise.all(Array.from({ length: 6 }, () => archive().moveBatch(undefined, 25)));
    const more = await archive().run();
    expect(runs.reduce((a, b) => a + b, 0) + more).toBe(120);
    expect([await live('ARACE'), await archived('ARACE'), await archivedEvents('ARACE')]).toEqual([0, 120, 240]);
  });

  it('the archive list reads only the archive and the live list only the live table; each refuses the other range with its message', async () => {
    const old = {
      beginTime: new Date(Date.now() - 55 * DAY).toISOString(),
      endTime: new Date(Date.now() - 31 * DAY).toISOString(),
    };
    const page = await ok(
      c.post('/order/api/v1/order/archive/queryPage', {
        pageNum: 1,
        pageSize: 10,
        ...old,
        orderNo: 'AOLDF000001',
        userType: 'customer',
      }),
      'archive',
    );
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ orderNo: 'AOLDF000001', status: 'finished', paidAmount: 300 });
    // Without a range: the 30 days before the last 30 (the old orders of 35-45 days ago).
    const byDefault = await ok(
      c.post('/order/api/v1/order/archive/queryPage', { pageNum: 1, pageSize: 100, userType: 'customer' }),
      'default',
    );
    expect(byDefault.list.every((o: { orderNo: string }) => /^A(OLD|BOOM|RACE)/.test(o.orderNo))).toBe(true);
    expect(byDefault.total).toBe(30 + 5 + 12 + 120);
    // The live list: only live orders of the last 30 days; an old range is the archive's.
    const recent = await ok(c.post('/order/api/v1/order/queryPage', { pageNum: 1, pageSize: 100 }), 'live');
    expect(recent.list.map((o: { orderNo: string }) => o.orderNo).sort()).toEqual([
      'ANEWF000001',
      'ANEWF000002',
      'ANEWF000003',
      'ANEWF000004',
    ]);
    expect(await c.post('/order/api/v1/order/queryPage', { pageNum: 1, pageSize: 10, ...old }, 'zh_CN')).toMatchObject({
      code: 100771,
      msg: '超过 30 天的订单请在"30天前订单"中查询',
    });
    const lastWeek = { beginTime: new Date(Date.now() - 7 * DAY).toISOString(), endTime: new Date().toISOString() };
    expect(
      await c.post('/order/api/v1/order/archive/queryPage', { pageNum: 1, pageSize: 10, ...lastWeek }, 'en_US'),
    ).toMatchObject({ code: 100772, msg: 'Orders of the last 30 days are in the orders list' });
    const across = {
      beginTime: new Date(Date.now() - 40 * DAY).toISOString(),
      endTime: new Date(Date.now() - 20 * DAY).toISOString(),
    };
    expect((await c.post('/order/api/v1/order/archive/queryPage', { pageNum: 1, pageSize: 10, ...across })).code).toBe(
      100061,
    );
    expect((await c.post('/order/api/v1/order/queryPage', { pageNum: 1, pageSize: 10, ...across })).code).toBe(100061);
    const long = {
      beginTime: new Date(Date.now() - 100 * DAY).toISOString(),
      endTime: new Date(Date.now() - 40 * DAY).toISOString(),
    };
    expect((await c.post('/order/api/v1/order/archive/queryPage', { pageNum: 1, pageSize: 10, ...long })).code).toBe(
      100060,
    );
    // Its export reads the archive too, with the same range rules.
    expect((await c.post('/order/api/v1/order/archive/export', { userType: 'customer' })).code).toBe(0);
    expect((await c.post('/order/api/v1/order/archive/export', { ...lastWeek, userType: 'customer' })).code).toBe(
      100772,
    );
    // Bad input is a message, never a 500.
    const bad = await c.post('/order/api/v1/order/archive/queryPage', { pageNum: 0, pageSize: 10 });
    expect(bad.code).not.toBe(0);
    expect(bad.status).toBeLessThan(500);
  });

  it('a query of older orders names a user type (spec 5): refused without one, in three languages, list and export; each type reads its own', async () => {
    // Demo customers' old orders beside the customers' ones already archived above.
    await orders('ADEMO', 6, 38, 'finished');
    await db().execute(sql`update ord_order set simulated = true where order_no like 'ADEMO%'`);
    expect(await archive().run()).toBe(6);
    const old = {
      beginTime: new Date(Date.now() - 55 * DAY).toISOString(),
      endTime: new Date(Date.now() - 31 * DAY).toISOString(),
    };
    const words = {
      zh_CN: '查询 30 天前的订单请选择用户类型',
      zh_TW: '查詢 30 天前的訂單請選擇使用者類型',
      en_US: 'Choose a user type to query orders older than 30 days',
    } as const;
    for (const [lang, msg] of Object.entries(words) as [keyof typeof words, string][]) {
      expect(
        await c.post('/order/api/v1/order/archive/queryPage', { pageNum: 1, pageSize: 10, ...old }, lang),
      ).toMatchObject({ code: 100773, msg });
      expect(await c.post('/order/api/v1/order/archive/export', old, lang)).toMatchObject({ code: 100773, msg });
    }
    // Without a range too (the default 30 days before the border is still older data).
    expect((await c.post('/order/api/v1/order/archive/queryPage', { pageNum: 1, pageSize: 10 })).code).toBe(100773);
    // A user type that is neither is a validation error naming the field, never a 500.
    const bad = await c.post('/order/api/v1/order/archive/queryPage', { pageNum: 1, pageSize: 10, userType: 'robot' });
    expect(bad.code).not.toBe(0);
    expect(bad.status).toBeLessThan(500);
    const read = async (userType: string) => {
      const all: { orderNo: string; simulated: boolean }[] = [];
      for (let pageNum = 1; ; pageNum++) {
        const p = await ok(
          c.post('/order/api/v1/order/archive/queryPage', { pageNum, pageSize: 100, ...old, userType }),
          userType,
        );
        all.push(...p.list);
        if (all.length >= p.total) return { total: p.total as number, list: all };
      }
    };
    const demo = await read('demo');
    expect(demo.total).toBe(6);
    expect(demo.list.every((o) => o.orderNo.startsWith('ADEMO') && o.simulated)).toBe(true);
    const customers = await read('customer');
    expect(customers.total).toBeGreaterThan(0);
    expect(customers.list.some((o) => o.orderNo.startsWith('ADEMO') || o.simulated)).toBe(false);
    const inRange = await n(
      sql`select count(*)::int as n from ord_order_archive where created_at >= ${new Date(old.beginTime)} and created_at <= ${new Date(old.endTime)}`,
    );
    expect(demo.total + customers.total).toBe(inRange);
    // The export with a type starts, and counts that type's orders only.
    const started = await ok(c.post('/order/api/v1/order/archive/export', { ...old, userType: 'demo' }), 'export');
    expect(await n(sql`select row_count::int as n from sys_export_log where id = ${started.exportId}`)).toBe(6);
    // The demo's clean-up takes its orders away (and out of the statistics checked below).
    await s.current.server.services.order.engine.clearSimulated();
    expect((await read('demo')).total).toBe(0);
  });

  it('the detail finds an archived order with its timeline; staff actions on it answer that it is archived', async () => {
    const d = await ok(c.get('/order/api/v1/order/detail', { orderNo: 'AOLDF000002' }), 'detail');
    expect(d).toMatchObject({ orderNo: 'AOLDF000002', archived: true, status: 'finished' });
    expect(d.timeline.map((e: { event: string }) => e.event)).toEqual(['created', 'returned']);
    const liveOne = await ok(c.get('/order/api/v1/order/detail', { orderNo: 'ANEWF000001' }), 'live detail');
    expect(liveOne.archived).toBe(false);
    const info = await ok(c.post('/order/api/v1/refundOrder/rechargeOrderInfo', { orderNo: 'AOLDF000002' }), 'info');
    expect(info).toMatchObject({ refundableAmount: 300, refundable: false });
    const attempts = await Promise.all([
      c.post(
        '/order/api/v1/refundOrder/refundAmount',
        { orderNo: 'AOLDF000002', amount: 100, reason: 'late' },
        'zh_TW',
      ),
      c.post(
        '/order/api/v1/order/endOrder',
        { orderNo: 'AOLDF000002', endTime: new Date().toISOString(), reason: 'x' },
        'zh_TW',
      ),
      c.post('/order/api/v1/order/suspendBilling', { orderNo: 'AOLDF000002', minutes: 5, reason: 'x' }, 'zh_TW'),
      c.post('/order/api/v1/order/initOrder', { orderNo: 'AOLDF000002', reason: 'x' }, 'zh_TW'),
    ]);
    for (const a of attempts)
      expect(a).toMatchObject({ code: 100770, msg: '該訂單已歸檔（超過 30 天），只能檢視，不能操作' });
    expect((await c.get('/order/api/v1/order/detail', { orderNo: 'NOPE000000' })).code).toBe(100701);
  });

  it('statistics: archiving changes no figure; the overview of an old window is the archive list, of a recent one the live list', async () => {
    await orders('ASTAT', 40, 42, 'finished');
    await orders('ASTNW', 7, 3, 'finished');
    // Refunds of some (as the engine records them), one in progress (it keeps its order live), one given back.
    await db().execute(
      sql`update ord_order set refund_amount = 100 where order_no in ('ASTAT000001', 'ASTAT000002', 'ASTNW000001')`,
    );
    await db().execute(
      sql`update ord_order set status = 'refunding', refund_amount = 300 where order_no = 'ASTAT000003'`,
    );
    await db().execute(
      sql`update ord_order set outlet_id = 7 where order_no like 'ASTAT%' and right(order_no, 1) in ('5', '6')`,
    );
    const old = {
      beginTime: new Date(Date.now() - 59 * DAY).toISOString(),
      endTime: new Date(Date.now() - 31 * DAY - 3_333_000).toISOString(),
    };
    const recent = { beginTime: new Date(Date.now() - 29 * DAY).toISOString(), endTime: new Date().toISOString() };
    const before = [await overview(c, old), await overview(c, recent)];
    await rollupMatchesRows(db());
    expect(await archive().run()).toBeGreaterThan(0);
    expect(await archived('ASTAT')).toBe(39);
    expect([await overview(c, old), await overview(c, recent)]).toEqual(before);
    // An old window: the archive list, plus the old orders that are not final yet (still live: no list shows them for an old range).
    const stuck = (
      await query<{ n: number; paid: number; refund: number }>(
        db(),
        sql`
      select count(*)::int as n, coalesce(sum(paid_amount), 0)::int as paid, coalesce(sum(refund_amount), 0)::int as refund from ord_order
      where created_at >= ${new Date(old.beginTime)} and created_at <= ${new Date(old.endTime)}`,
      )
    )[0]!;
    expect(stuck.n).toBe(10); // using, awaiting, pending payment, a deposit on its way back, a refund in progress
    const shown = await listSums(c, '/order/api/v1/order/archive/queryPage', old);
    expect(before[0]).toMatchObject({
      orderCount: shown.orderCount + stuck.n,
      paidAmount: shown.paidAmount + stuck.paid,
      refundAmount: shown.refundAmount + stuck.refund,
    });
    expect(before[1]).toMatchObject(await listSums(c, '/order/api/v1/order/queryPage', recent));
    expect(before[0]!.refundAmount).toBeGreaterThanOrEqual(500);
    // A window across the border, which no list answers at once: the archive's part plus the live part.
    const across = await overview(c, { beginTime: old.beginTime, endTime: recent.endTime });
    const [b, e] = [new Date(old.beginTime), new Date(recent.endTime)];
    expect(across.orderCount).toBe(
      (await n(sql`select count(*)::int as n from ord_order where created_at >= ${b} and created_at <= ${e}`)) +
        (await n(
          sql`select count(*)::int as n from ord_order_archive where created_at >= ${b} and created_at <= ${e}`,
        )),
    );
    await rollupMatchesRows(db());
    // The trend's hours add up to the overview of a window of whole hours; the ranking puts outlet 7 first.
    const HOUR = 3_600_000;
    const whole = {
      beginTime: new Date(Math.floor((Date.now() - 59 * DAY) / HOUR) * HOUR).toISOString(),
      endTime: new Date(Math.floor(Date.now() / HOUR) * HOUR + HOUR).toISOString(),
    };
    const trend = await ok(c.get('/order/api/v1/stats/trend', whole), 'trend');
    const sum = (k: 'orderCount' | 'paidAmount' | 'refundAmount') =>
      trend.points.reduce((t: number, p: Record<string, number>) => t + p[k]!, 0);
    expect({ orderCount: sum('orderCount'), paidAmount: sum('paidAmount'), refundAmount: sum('refundAmount') }).toEqual(
      (({ orderCount, paidAmount, refundAmount }) => ({ orderCount, paidAmount, refundAmount }))(
        await overview(c, whole),
      ),
    );
    const ranking = await ok(c.get('/order/api/v1/stats/outletRanking', whole), 'ranking');
    expect(ranking.list[0]).toMatchObject({ outletId: 7, orderCount: 8, paidAmount: 2400 });
    // Orders removed (the demo's simulated ones) leave the figures with them.
    await db().execute(sql`update ord_order_archive set simulated = true where order_no like 'ASTAT%'`);
    await s.current.server.services.order.engine.clearSimulated();
    expect((await overview(c, old)).orderCount).toBe(before[0]!.orderCount - 39);
    await rollupMatchesRows(db());
  });

  it('statistics: bad windows are messages in the caller language, never a 500', async () => {
    const far = await c.get(
      '/order/api/v1/stats/overview',
      { beginTime: new Date(Date.now() - 400 * DAY).toISOString(), endTime: new Date().toISOString() },
      'zh_CN',
    );
    expect(far).toMatchObject({ code: 100790, msg: '统计时间范围不能超过 366 天' });
    const reversed = await c.get(
      '/order/api/v1/stats/overview',
      { beginTime: new Date().toISOString(), endTime: new Date(Date.now() - DAY).toISOString() },
      'en_US',
    );
    expect(reversed.code).toBe(100062);
    const junk = await c.get('/order/api/v1/stats/overview', { beginTime: 'yesterday' }, 'zh_TW');
    expect(junk.code).not.toBe(0);
    expect(junk.status).toBeLessThan(500);
    // Without a window: the last 30 days.
    expect((await c.get('/order/api/v1/stats/overview')).code).toBe(0);
    // Whoever may not read the orders list may not read its totals either.
    await accountWithMenus(db(), 'statnone', 'pass1234', ['dashboard']);
    const none = await s.current.login('statnone', 'pass1234');
    for (const call of ['overview', 'trend', 'outletRanking', 'agentRanking', 'now']) {
      expect([
        call,
        (await s.current.inject({ url: `/order/api/v1/stats/${call}`, headers: auth(none) })).json().code,
      ]).toEqual([call, 100003]);
    }
  });

  it('statistics: 50 orders created and 50 refunds recorded at once in one hour and outlet, each in its own transaction, all counted once', async () => {
    const one = (g: number) =>
      db().transaction(async (tx) => {
        await tx.execute(sql`
          insert into ord_order (order_no, user_id, user_mobile, status, pay_mode, sn, billing, chain, outlet_id, paid_amount, created_at)
          values (${`ARUSH${String(g).padStart(6, '0')}`}, ${5000 + g}, '86-13900000000', 'finished', 'deposit', 'ARUSH00000000001', ${JSON.stringify(BILLING)}::jsonb, '[]'::jsonb, 99, 300,
                  date_trunc('hour', now()) - interval '2 hours' + make_interval(secs => ${g}))`);
      });
    await Promise.all(Array.from({ length: 50 }, (_, g) => one(g + 1)));
    await Promise.all(
      Array.from({ length: 50 }, (_, g) =>
        db().transaction(async (tx) => {
          await tx.execute(
            sql`update ord_order set refund_amount = refund_amount + 100 where order_no = ${`ARUSH${String(g + 1).padStart(6, '0')}`}`,
          );
        }),
      ),
    );
    const [r] = await query<{ n: number; paid: number; refund: number }>(
      db(),
      sql`
      select order_count::int as n, paid_amount::int as paid, refund_amount::int as refund from stat_order_hour
      where outlet_id = 99 and hour = date_trunc('hour', now(), 'UTC') - interval '2 hours'`,
    );
    expect(r).toEqual({ n: 50, paid: 15000, refund: 5000 });
    await rollupMatchesRows(db());
  });
});
