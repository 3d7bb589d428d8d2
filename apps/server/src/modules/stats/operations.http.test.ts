import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../platform/db/database.js';
import { auth, engines, exportedSheet, useServer } from '../../test/helper.js';
import { accountWithMenus } from '../../test/accounts.js';
import { caller, networkFixture, ok, outletBody, stockIn } from '../../test/outlet/outlet-fixtures.js';
import { listSums } from '../../test/order/stats-check.js';
import { periodStarts } from './stats.service.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const BUCKETS = [30, 60, 120, 360, 1440];

type OrderRow = {
  user_id: number;
  sn: string;
  outlet_id: number | null;
  status: string;
  device_type: string;
  created_at: Date;
  start_at: Date | null;
  end_at: Date | null;
  return_sn: string | null;
  return_outlet_id: number | null;
};
type Window = { beginTime: string; endTime: string };

/** The hour of the day an instant reads in a zone. */
const hourIn = (d: Date, tz: string) =>
  Number(new Intl.DateTimeFormat('en-US', { timeZone: tz, hour: 'numeric', hourCycle: 'h23' }).format(d));

/**
 * Statistics → Operational data (issue 16), on each engine: every figure equals the sum over the
 * order, member, command, forced-eject and repair rows it stands for, computed here from the rows
 * themselves (live and archive), after finishing, refunding and archiving, at window edges inside
 * hours, by day, week and month in zones that are not UTC, for everything and for one outlet,
 * agent or region; the rollups equal a whole-table GROUP BY; bad input is a message; the call
 * needs its permission.
 */
describe.each(engines)('operational data (%s)', (engine) => {
  const s = useServer(engine);
  let token = '';
  const c = caller(s, () => token);
  const db = () => s.current.database.db;
  let net: Awaited<ReturnType<typeof networkFixture>>;
  let outletA = 0;
  let outletB = 0;
  let cab: string[] = [];
  // Forty days back, so the archive job moves the window's final orders.
  const base = new Date(Math.floor(Date.now() / DAY) * DAY - 40 * DAY);
  const at = (h: number, m: number) => new Date(base.getTime() + h * HOUR + m * MIN);
  const window: Window = { beginTime: at(1, 5).toISOString(), endTime: at(70, 25).toISOString() };

  async function order(
    no: string,
    o: {
      user: number;
      sn: string;
      outlet: number | null;
      created: Date;
      status?: string;
      minutes?: number;
      back?: [string, number | null];
    },
  ) {
    const start = new Date(o.created.getTime() + MIN);
    const end = o.minutes === undefined ? null : new Date(start.getTime() + o.minutes * MIN + 7_000);
    await db().execute(sql`
      insert into ord_order (order_no, user_id, user_mobile, status, pay_mode, sn, billing, chain, outlet_id, paid_amount, created_at, start_at, end_at, return_sn, return_outlet_id)
      values (${no}, ${o.user}, '86-13900000000', ${o.status ?? (end ? 'finished' : 'using')}, 'deposit', ${o.sn}, '{}'::jsonb, '[]'::jsonb, ${o.outlet}, 300,
              ${o.created}, ${start}, ${end}, ${o.back?.[0] ?? null}, ${o.back?.[1] ?? null})`);
  }

  /** Every order (live and archive), as rows. */
  const rows = async () =>
    (
      await query<OrderRow>(
        db(),
        sql`
        select user_id, sn, outlet_id, status, device_type, created_at, start_at, end_at, return_sn, return_outlet_id from ord_order
        union all select user_id, sn, outlet_id, status, device_type, created_at, start_at, end_at, return_sn, return_outlet_id from ord_order_archive`,
      )
    ).map((r) => ({
      ...r,
      user_id: Number(r.user_id),
      outlet_id: r.outlet_id === null ? null : Number(r.outlet_id),
      return_outlet_id: r.return_outlet_id === null ? null : Number(r.return_outlet_id),
      created_at: new Date(r.created_at),
      start_at: r.start_at && new Date(r.start_at),
      end_at: r.end_at && new Date(r.end_at),
    }));

  /** The figures computed here from the rows, for a window, grain, zone and set of outlets (null: all). */
  async function expected(w: Window, period: 'day' | 'week' | 'month', tz: string, outlets: number[] | null) {
    const all = await rows();
    const [b, e] = [new Date(w.beginTime), new Date(w.endTime)];
    const starts = periodStarts(b, e, period, tz);
    const idx = (d: Date) => starts.findLastIndex((s) => s <= d);
    const inScope = (id: number | null) => outlets === null || outlets.includes(id ?? 0);
    const mine = all.filter((r) => r.created_at >= b && r.created_at <= e && inScope(r.outlet_id));
    const created = starts.map(() => 0);
    const finished = starts.map(() => 0);
    for (const r of mine) {
      created[idx(r.created_at)]! += 1;
      if (r.status === 'finished') finished[idx(r.created_at)]! += 1;
    }
    const ended = mine
      .filter((r) => r.device_type === 'powerBank' && r.start_at && r.end_at)
      .map((r) => Math.max(0, Math.floor((r.end_at!.getTime() - r.start_at!.getTime()) / MIN)));
    const durations = [0, 0, 0, 0, 0, 0];
    for (const m of ended) durations[BUCKETS.filter((x) => m >= x).length]! += 1;
    const returnsByHour = Array.from({ length: 24 }, () => 0);
    for (const r of all)
      if (r.return_sn && r.end_at && r.end_at >= b && r.end_at <= e && inScope(r.return_outlet_id))
        returnsByHour[hourIn(r.end_at, tz)]! += 1;
    const first = new Map<number, Date>();
    for (const r of all)
      if (!first.has(r.user_id) || r.created_at < first.get(r.user_id)!) first.set(r.user_id, r.created_at);
    const returning = starts.map(
      (s, i) =>
        new Set(mine.filter((r) => idx(r.created_at) === i && first.get(r.user_id)! < s).map((r) => r.user_id)).size,
    );
    const perCabinet: Record<string, number> = {};
    for (const r of mine) perCabinet[r.sn] = (perCabinet[r.sn] ?? 0) + 1;
    // Each cabinet's and each rent outlet's orders, ended rentals and their minutes (a cabinet's orders at outlets out of scope are not counted).
    const use = (key: (r: OrderRow) => string) => {
      const out: Record<string, [number, number, number]> = {};
      for (const r of mine) {
        const u = (out[key(r)] ??= [0, 0, 0]);
        u[0] += 1;
        if (r.device_type === 'powerBank' && r.start_at && r.end_at) {
          u[1] += 1;
          u[2] += Math.max(0, Math.floor((r.end_at.getTime() - r.start_at.getTime()) / MIN));
        }
      }
      return out;
    };
    return {
      starts: starts.map((d) => d.toISOString()),
      created,
      finished,
      returning,
      returningTotal: new Set(mine.filter((r) => first.get(r.user_id)! < b).map((r) => r.user_id)).size,
      ended: { count: ended.length, minutes: ended.reduce((a, m) => a + m, 0) },
      durations,
      returnsByHour,
      perCabinet,
      cabinetUse: use((r) => r.sn),
      outletUse: use((r) => String(r.outlet_id ?? 0)),
    };
  }

  async function operational(q: Record<string, string | number | undefined>) {
    const r = await c.get('/order/api/v1/stats/operational', q);
    expect(r.code, JSON.stringify(r)).toBe(0);
    return r.data;
  }

  /** The answer equals the figures computed from the rows, its periods add up to its total, outlets and cabinets to the orders. */
  async function matches(
    w: Window,
    period: 'day' | 'week' | 'month',
    tz: string,
    scope: { outletId?: number; agentId?: number; regionId?: number },
    outlets: number[] | null,
  ) {
    const d = await operational({ ...w, period, timeZone: tz, ...scope });
    const x = await expected(w, period, tz, outlets);
    const col = (k: string) => d.list.map((r: Record<string, number>) => r[k]);
    expect(d.list.map((r: { start: string }) => r.start)).toEqual(x.starts);
    expect(col('created')).toEqual(x.created);
    expect(col('finished')).toEqual(x.finished);
    expect(col('returningUsers')).toEqual(x.returning);
    expect(d.total.returningUsers).toBe(x.returningTotal);
    expect(d.ended).toMatchObject(x.ended);
    expect(d.durations.map((b: { count: number }) => b.count)).toEqual(x.durations);
    expect(d.returnsByHour).toEqual(x.returnsByHour);
    const sum = (k: string) => d.list.reduce((a: number, r: Record<string, number>) => a + r[k]!, 0);
    for (const k of ['created', 'finished', 'failedEjects', 'forcedEjects', 'repairTickets'])
      expect([k, sum(k)]).toEqual([k, d.total[k]]);
    expect(d.outlets.reduce((a: number, o: { orderCount: number }) => a + o.orderCount, 0)).toBe(d.total.created);
    expect(d.cabinets.reduce((a: number, o: { orderCount: number }) => a + o.orderCount, 0)).toBe(d.total.created);
    for (const cb of d.cabinets) expect([cb.sn, cb.orderCount]).toEqual([cb.sn, x.perCabinet[cb.sn] ?? 0]);
    type Use = { orderCount: number; endedCount: number; rentedMinutes: number };
    const withOrders = (xs: (Use & { k: string })[]) =>
      Object.fromEntries(
        xs.filter((u) => u.orderCount).map((u) => [u.k, [u.orderCount, u.endedCount, u.rentedMinutes]]),
      );
    expect(withOrders(d.cabinets.map((u: Use & { sn: string }) => ({ ...u, k: u.sn })))).toEqual(x.cabinetUse);
    expect(withOrders(d.outlets.map((u: Use & { outletId: number }) => ({ ...u, k: String(u.outletId) })))).toEqual(
      x.outletUse,
    );
    return d;
  }

  /** Both rollups equal a whole-table GROUP BY over the orders (live and archive), key by key. */
  async function rollupsMatchRows() {
    const diff = await query<Record<string, unknown>>(
      db(),
      sql`
      with o as (select * from (select created_at, outlet_id, sn, simulated, status, device_type, start_at, end_at, return_outlet_id, return_sn from ord_order
                 union all select created_at, outlet_id, sn, simulated, status, device_type, start_at, end_at, return_outlet_id, return_sn from ord_order_archive) a),
      rows as (select date_trunc('hour', created_at, 'UTC') as hour, coalesce(outlet_id, 0) as outlet_id, sn, simulated, count(*)::bigint as n,
                 count(*) filter (where status = 'finished')::bigint as fin, count(*) filter (where device_type = 'powerBank' and start_at is not null and end_at is not null)::bigint as ended,
                 coalesce(sum(floor(extract(epoch from end_at - start_at) / 60)) filter (where device_type = 'powerBank' and start_at is not null and end_at is not null), 0)::bigint as mins
               from o group by 1, 2, 3, 4),
      rolled as (select hour, outlet_id, sn, simulated, order_count, finished_count, ended_count, ended_minutes from stat_order_cabinet_hour
                 where order_count <> 0 or finished_count <> 0 or ended_count <> 0 or ended_minutes <> 0),
      ret as (select date_trunc('hour', end_at, 'UTC') as hour, coalesce(return_outlet_id, 0) as outlet_id, return_sn as sn, simulated, count(*)::bigint as n
              from o where return_sn is not null and end_at is not null group by 1, 2, 3, 4),
      ret_rolled as (select hour, outlet_id, sn, simulated, return_count from stat_order_return_hour where return_count <> 0)
      (select 'missing' as side, hour, outlet_id, sn, simulated, n, fin, ended, mins from rows except select 'missing', * from rolled)
      union all (select 'extra', * from rolled except select 'extra', hour, outlet_id, sn, simulated, n, fin, ended, mins from rows)
      union all (select 'missing return', hour, outlet_id, sn, simulated, n, 0, 0, 0 from ret except select 'missing return', *, 0, 0, 0 from ret_rolled)
      union all (select 'extra return', *, 0, 0, 0 from ret_rolled except select 'extra return', hour, outlet_id, sn, simulated, n, 0, 0, 0 from ret)`,
    );
    expect(diff).toEqual([]);
    // The day and month spans and the returns' totals are the hourly rollups summed (which equal the rows, above).
    const spans = await query<Record<string, unknown>>(
      db(),
      sql`
      with h as (select * from stat_order_cabinet_hour),
      cab as (select 'day' as span, date_trunc('day', hour, 'UTC') as start, outlet_id::text || '/' || sn as k, simulated, sum(order_count) n, 0::numeric f, sum(ended_count) e, sum(ended_minutes) m, 0::numeric d0, 0::numeric d5 from h group by 2, 3, 4
              union all select 'month', date_trunc('month', hour, 'UTC'), outlet_id::text || '/' || sn, simulated, sum(order_count), 0, sum(ended_count), sum(ended_minutes), 0, 0 from h group by 2, 3, 4),
      outl as (select 'day' as span, date_trunc('day', hour, 'UTC') as start, outlet_id::text as k, simulated, sum(order_count) n, sum(finished_count) f, sum(ended_count) e, sum(ended_minutes) m, sum(d0) d0, sum(d5) d5 from h group by 2, 3, 4
               union all select 'month', date_trunc('month', hour, 'UTC'), outlet_id::text, simulated, sum(order_count), sum(finished_count), sum(ended_count), sum(ended_minutes), sum(d0), sum(d5) from h group by 2, 3, 4),
      kept as (select 'cab' as t, span::text, start, outlet_id::text || '/' || sn as k, simulated, order_count::numeric n, 0::numeric f, ended_count::numeric e, ended_minutes::numeric m, 0::numeric d0, 0::numeric d5 from stat_order_cabinet_span
               union all select 'outlet', span::text, start, outlet_id::text, simulated, order_count, finished_count, ended_count, ended_minutes, d0, d5 from stat_order_outlet_span),
      want as (select 'cab' as t, * from cab union all select 'outlet', * from outl),
      ret as (select hour, simulated, sum(return_count) n from stat_order_return_hour group by 1, 2 having sum(return_count) <> 0),
      ret_kept as (select hour, simulated, sum(return_count) n from stat_order_return_hour_total group by 1, 2 having sum(return_count) <> 0)
      (select 'missing' side, * from want where n <> 0 or f <> 0 or e <> 0 or m <> 0 except select 'missing', * from kept)
      union all (select 'extra', * from kept where n <> 0 or f <> 0 or e <> 0 or m <> 0 or d0 <> 0 or d5 <> 0 except select 'extra', * from want)
      union all (select 'missing return', 'ret', '', hour, '', simulated, n, 0, 0, 0, 0, 0 from ret except select 'missing return', 'ret', '', hour, '', simulated, n, 0, 0, 0, 0, 0 from ret_kept)
      union all (select 'extra return', 'ret', '', hour, '', simulated, n, 0, 0, 0, 0, 0 from ret_kept except select 'extra return', 'ret', '', hour, '', simulated, n, 0, 0, 0, 0, 0 from ret)`,
    );
    expect(spans).toEqual([]);
  }

  beforeAll(async () => {
    token = await s.current.login();
    net = await networkFixture(s, c);
    outletA = (await ok(c.post('/device/api/v1/outlet/saveOrUpdate', outletBody(net.agentB)), 'outlet A')).id;
    outletB = (await ok(c.post('/device/api/v1/outlet/saveOrUpdate', outletBody(net.agentA)), 'outlet B')).id;
    cab = await stockIn(c, 5);
    // cab0, cab1 and cab3 stand in A (cab3 never rents: idle), cab2 in B, cab4 nowhere.
    await db().execute(
      sql`update dev_cabinet set outlet_id = ${outletA} where sn in (${cab[0]}, ${cab[1]}, ${cab[3]})`,
    );
    await db().execute(sql`update dev_cabinet set outlet_id = ${outletB} where sn = ${cab[2]}`);
    const [c0, c1, c2] = [cab[0]!, cab[1]!, cab[2]!];
    // Before the window: customers 2 and 3 have an order already (3's in the archive once the job runs).
    await order('OPS-PRE1', {
      user: 2,
      sn: c1,
      outlet: outletA,
      created: at(-60, 0),
      minutes: 15,
      back: [c1, outletA],
    });
    await order('OPS-PRE2', { user: 3, sn: c2, outlet: outletB, created: at(-2, 30), minutes: 5, back: [c2, outletB] });
    // In the window (which starts at 1:05 and ends at 70:25), at minutes that are not whole hours, and around its edges.
    await order('OPS-EDGE0', { user: 9, sn: c0, outlet: outletA, created: at(1, 2), minutes: 10, back: [c0, outletA] });
    await order('OPS-1', { user: 1, sn: c0, outlet: outletA, created: at(1, 10), minutes: 20, back: [c1, outletA] });
    await order('OPS-2', { user: 1, sn: c0, outlet: outletA, created: at(5, 59), minutes: 45, back: [c2, outletB] });
    await order('OPS-3', { user: 2, sn: c1, outlet: outletA, created: at(26, 30), minutes: 90, back: [c1, outletA] });
    await order('OPS-4', { user: 3, sn: c2, outlet: outletB, created: at(27, 5), minutes: 200, back: [c0, outletA] });
    await order('OPS-5', { user: 2, sn: c2, outlet: outletB, created: at(50, 45), minutes: 600, back: [c2, outletB] });
    await order('OPS-6', { user: 4, sn: c0, outlet: outletA, created: at(51, 0) });
    await order('OPS-7', { user: 3, sn: c0, outlet: outletA, created: at(70, 20), minutes: 1500, back: [c0, outletA] });
    await order('OPS-8', { user: 5, sn: c2, outlet: outletB, created: at(70, 26), minutes: 3, back: [c2, outletB] });
    await order('OPS-9', { user: 6, sn: 'NOOUTLET00000001', outlet: null, created: at(30, 0), minutes: 10 });
    await order('OPS-10', { user: 7, sn: c1, outlet: outletA, created: at(40, 40), status: 'cancelled' });
    // Faults: failed and successful ejects, forced ejects, repair tickets (one of them of a power bank).
    const cmd = (id: string, sn: string, state: string, when: Date) =>
      db().execute(
        sql`insert into dev_command (id, sn, type, data, state, created_at, expires_at) values (${id}, ${sn}, 'eject', '{}'::jsonb, ${state}, ${when}, ${when})`,
      );
    await cmd('OPSCMD1', c0, 'failed', at(3, 3));
    await cmd('OPSCMD2', c2, 'failed', at(40, 0));
    await cmd('OPSCMD3', c0, 'succeeded', at(3, 4));
    await cmd('OPSCMD4', c0, 'failed', at(0, 59));
    await db().execute(
      sql`insert into dev_forced_eject (command_id, sn, slot, reason, created_at) values ('OPSCMD5', ${c1}, 1, 'stuck', ${at(10, 0)}), ('OPSCMD6', ${c2}, 2, 'stuck', ${at(60, 0)})`,
    );
    await db().execute(sql`
      insert into acc_repair_ticket (no, device_type, device_id, problem_type_id, problem_type_name, description, contact, phone, status, created_at)
      values ('OPSR1', 'cabinet', ${c0}, 1, 'Jam', 'stuck', 'Li', '13900000000', 'untreated', ${at(20, 0)}),
             ('OPSR2', 'powerBank', 'PB0001', 1, 'Jam', 'stuck', 'Li', '13900000000', 'untreated', ${at(21, 0)})`);
    // New customers: some in the window, one before it.
    await db().execute(sql`
      insert into net_member (area_code, mobile, nickname, terminal, created_at)
      select '86', '1370000' || lpad(g::text, 4, '0'), 'ops' || g, 'wechat', ${at(0, 0)}::timestamptz + make_interval(hours => g * 7) from generate_series(0, 10) g`);
  });

  it('each figure is the sum over the rows it stands for, by day, week and month, for everything and one outlet, agent or region', async () => {
    const d = await matches(window, 'day', 'Asia/Shanghai', {}, null);
    // By hand: the window holds OPS-1..7, 9 and 10 (not EDGE0 before it nor 8 after it).
    expect(d.total.created).toBe(9);
    expect(d.total.finished).toBe(7);
    expect(d.total.returningUsers).toBe(2); // customers 2 and 3
    expect(d.ended).toEqual({
      count: 7,
      minutes: 20 + 45 + 90 + 200 + 600 + 1500 + 10,
      averageMinutes: Math.round(((20 + 45 + 90 + 200 + 600 + 1500 + 10) / 7) * 10) / 10,
    });
    expect(d.durations.map((b: { count: number }) => b.count)).toEqual([2, 1, 1, 1, 1, 1]);
    expect([d.total.failedEjects, d.total.forcedEjects, d.total.repairTickets]).toEqual([2, 2, 2]);
    const [m] = await query<{ n: number }>(
      db(),
      sql`select count(*)::int n from net_member where created_at >= ${new Date(window.beginTime)} and created_at <= ${new Date(window.endTime)}`,
    );
    expect(d.total.newUsers).toBe(m!.n);
    expect(d.list.reduce((a: number, r: { newUsers: number }) => a + r.newUsers, 0)).toBe(m!.n);
    // A recent window (with its edges inside hours): the orders list counts the same orders.
    const now = Date.now();
    for (const [i, ago] of [5, 50, 95, 170].entries())
      await order(`OPS-NOW${i}`, {
        user: 20 + i,
        sn: cab[1]!,
        outlet: outletA,
        created: new Date(now - ago * MIN),
        minutes: ago > 60 ? 30 : undefined,
      });
    const recent = { beginTime: new Date(now - 150 * MIN).toISOString(), endTime: new Date(now).toISOString() };
    const r = await matches(recent, 'day', 'Asia/Shanghai', {}, null);
    expect(r.total.created).toBe(3);
    expect((await listSums(c, '/order/api/v1/order/queryPage', recent)).orderCount).toBe(r.total.created);
    // Every cabinet is there, the idle one at 0 at the bottom; the busiest first.
    expect(d.cabinets.map((x: { sn: string }) => x.sn)).toEqual(
      expect.arrayContaining([cab[3], cab[4], 'NOOUTLET00000001']),
    );
    expect(d.cabinets.at(-1).orderCount).toBe(0);
    expect(d.cabinets[0]).toMatchObject({ sn: cab[0], orderCount: 4, outletId: outletA });
    expect(d.outlets.find((o: { outletId: number }) => o.outletId === outletA)).toMatchObject({
      orderCount: 6,
      cabinets: 3,
    });
    for (const [period, tz] of [
      ['week', 'America/New_York'],
      ['month', 'Asia/Tokyo'],
      ['day', 'UTC'],
    ] as const)
      await matches(window, period, tz, {}, null);
    // A window of whole months (about 110 days up to now): the months' and days' spans, the hours and the edges.
    const months = { beginTime: at(-24 * 70, 13).toISOString(), endTime: new Date().toISOString() };
    await matches(months, 'month', 'UTC', {}, null);
    // Cabinets that stood at two outlets in it (before the day window): cab0 rented once at B, cab2 (in B) once at A.
    // A scope counts only its outlets' orders of them: the cabinet spans (every outlet together) cannot answer a scope.
    await order('OPS-MOVED1', { user: 8, sn: cab[0]!, outlet: outletB, created: at(-24 * 10, 30), minutes: 33 });
    await order('OPS-MOVED2', { user: 8, sn: cab[2]!, outlet: outletA, created: at(-24 * 9, 15), minutes: 75 });
    await matches(months, 'month', 'UTC', {}, null);
    const movedA = await matches(months, 'month', 'UTC', { outletId: outletA }, [outletA]);
    expect(movedA.cabinets.find((x: { sn: string }) => x.sn === cab[2])).toMatchObject({
      orderCount: 1,
      endedCount: 1,
    });
    await matches(months, 'day', 'Asia/Shanghai', { agentId: net.agentA }, [outletB]);
    // One outlet, one agent, one region: only their outlets' orders (returns at their cabinets), their cabinets, the idle one included; no new customers.
    const a = await matches(window, 'day', 'Asia/Shanghai', { outletId: outletA }, [outletA]);
    expect(a.scope).toMatchObject({ kind: 'outlet', id: outletA });
    expect(a.total.created).toBe(6);
    expect(a.total.newUsers).toBeNull();
    expect(a.cabinets.map((x: { sn: string }) => x.sn).sort()).toEqual([cab[0], cab[1], cab[3]].sort());
    expect([a.total.failedEjects, a.total.forcedEjects, a.total.repairTickets]).toEqual([1, 1, 1]);
    const b = await matches(window, 'week', 'Asia/Shanghai', { agentId: net.agentA }, [outletB]);
    expect(b.total.created).toBe(2);
    const regionOutlets = (
      await query<{ id: number }>(db(), sql`select id from out_outlet where region_id = ${net.region}`)
    ).map((r) => Number(r.id));
    await matches(window, 'month', 'Asia/Shanghai', { regionId: net.region }, regionOutlets);
    // A half-hour zone: the window's edges (its local midnights are at :30 UTC) are cut exactly, the totals are the rows'.
    const kolkata = await operational({
      period: 'day',
      timeZone: 'Asia/Kolkata',
      beginTime: new Date(base.getTime() - 5.5 * HOUR + DAY).toISOString(),
      endTime: new Date(base.getTime() - 5.5 * HOUR + 3 * DAY - 1).toISOString(),
    });
    const xk = await expected({ beginTime: kolkata.beginTime, endTime: kolkata.endTime }, 'day', 'Asia/Kolkata', null);
    expect([kolkata.list.length, kolkata.total.created, kolkata.ended.count]).toEqual([
      2,
      xk.created.reduce((a, n) => a + n, 0),
      xk.ended.count,
    ]);
    expect(kolkata.returnsByHour.reduce((a: number, n: number) => a + n, 0)).toBe(
      xk.returnsByHour.reduce((a, n) => a + n, 0),
    );
    await rollupsMatchRows();
  });

  it('finishing, refunding and archiving change the figures exactly as the rows change', async () => {
    // OPS-6 comes back (after 35 minutes, to B), OPS-3 is refunded, OPS-10's cabinet row moves nothing.
    await db().execute(
      sql`update ord_order set status = 'finished', end_at = start_at + interval '35 minutes', return_sn = ${cab[2]}, return_outlet_id = ${outletB} where order_no = 'OPS-6'`,
    );
    await db().execute(sql`update ord_order set refund_amount = 100 where order_no = 'OPS-3'`);
    await rollupsMatchRows();
    const before = await matches(window, 'day', 'Asia/Shanghai', {}, null);
    expect(before.total.finished).toBe(8);
    expect(before.ended.count).toBe(8);
    const scoped = await matches(window, 'week', 'Europe/London', { outletId: outletB }, [outletB]);
    const moved = await s.current.server.services.order.archive.run();
    expect(moved).toBeGreaterThanOrEqual(10);
    const [n] = await query<{ n: number }>(
      db(),
      sql`select count(*)::int n from ord_order_archive where order_no like 'OPS-%'`,
    );
    expect(n!.n).toBeGreaterThanOrEqual(10);
    await rollupsMatchRows();
    expect(await matches(window, 'day', 'Asia/Shanghai', {}, null)).toEqual(before);
    expect(await matches(window, 'week', 'Europe/London', { outletId: outletB }, [outletB])).toEqual(scoped);
    // The archive list shows the window's final orders now; the others (not final) are still live.
    const [stuck] = await query<{ n: number }>(
      db(),
      sql`select count(*)::int n from ord_order where created_at >= ${new Date(window.beginTime)} and created_at <= ${new Date(window.endTime)}`,
    );
    expect((await listSums(c, '/order/api/v1/order/archive/queryPage', window)).orderCount + stuck!.n).toBe(
      before.total.created,
    );
    // The fold of the totals' shards (the returns' among them): no shard left, the same figures.
    await s.current.server.services.order.facts.compact(new Date(Date.now() + HOUR));
    const [shards] = await query<{ n: number }>(
      db(),
      sql`select count(*)::int n from stat_order_return_hour_total where shard <> 0`,
    );
    expect(shards!.n).toBe(0);
    await rollupsMatchRows();
    expect(await matches(window, 'day', 'Asia/Shanghai', {}, null)).toEqual(before);
  });

  it('orders created and orders finished at once, in one hour and cabinet, each in its own transaction: no deadlock, each counted once', async () => {
    const hour = new Date(Math.floor(Date.now() / HOUR) * HOUR + 60_000);
    for (let g = 1; g < 40; g += 2)
      await order(`OPS-HOT-OLD${g}`, { user: 100 + g, sn: cab[3]!, outlet: outletA, created: hour });
    // Half the transactions create an order of the hour and cabinet, half finish one, each held open a moment: every
    // statement must take the rollups' rows in one order (the order rollup's, then the cabinet's and the returns'),
    // whether it inserts or updates.
    const one = (g: number) =>
      db().transaction(async (tx) => {
        if (g % 2)
          await tx.execute(sql`update ord_order set status = 'finished', end_at = start_at + interval '40 minutes', return_sn = ${cab[3]!}, return_outlet_id = ${outletA}
            where order_no = ${`OPS-HOT-OLD${g}`}`);
        else
          await tx.execute(sql`
            insert into ord_order (order_no, user_id, user_mobile, status, pay_mode, sn, billing, chain, outlet_id, paid_amount, created_at, start_at)
            values (${`OPS-HOT${g}`}, ${200 + g}, '86-13900000000', 'using', 'deposit', ${cab[3]!}, '{}'::jsonb, '[]'::jsonb, ${outletA}, 0, ${hour}, ${hour})`);
        await tx.execute(sql`select pg_sleep(0.03)`);
      });
    await Promise.all(Array.from({ length: 40 }, (_, g) => one(g)));
    await rollupsMatchRows();
    const [r] = await query<{ n: number; fin: number }>(
      db(),
      sql`
      select sum(order_count)::int n, sum(finished_count)::int fin from stat_order_cabinet_hour where sn = ${cab[3]!} and hour = date_trunc('hour', ${hour}::timestamptz, 'UTC')`,
    );
    expect(r).toEqual({ n: 40, fin: 20 });
  });

  it('the average rental is of power-bank rentals, rent to return: a cable package (bought, 24 h billed) and a Bluetooth session are no rentals held (issue 25)', async () => {
    const t0 = new Date(base.getTime() + 20 * DAY);
    const w = { beginTime: t0.toISOString(), endTime: new Date(t0.getTime() + 3 * HOUR).toISOString() };
    await order('OPS-AVG1', {
      user: 300,
      sn: cab[0]!,
      outlet: outletA,
      created: new Date(t0.getTime() + 10 * MIN),
      minutes: 30,
      back: [cab[0]!, outletA],
    });
    await order('OPS-AVG2', {
      user: 301,
      sn: cab[0]!,
      outlet: outletA,
      created: new Date(t0.getTime() + 20 * MIN),
      minutes: 50,
      back: [cab[0]!, outletA],
    });
    await order('OPS-AVG3', {
      user: 302,
      sn: cab[0]!,
      outlet: outletA,
      created: new Date(t0.getTime() + 30 * MIN),
      minutes: 0,
    });
    await order('OPS-AVG4', {
      user: 303,
      sn: cab[0]!,
      outlet: outletA,
      created: new Date(t0.getTime() + 40 * MIN),
      minutes: 10,
    });
    // A cable package: bought and ended at once, 24 hours billed; a Bluetooth charger session of 10 minutes.
    await db().execute(
      sql`update ord_order set device_type = 'cable', end_at = start_at, billed_minutes = 1440 where order_no = 'OPS-AVG3'`,
    );
    await db().execute(sql`update ord_order set device_type = 'bluetooth' where order_no = 'OPS-AVG4'`);
    await rollupsMatchRows();
    const d = await operational({ ...w, period: 'day', timeZone: 'Asia/Shanghai' });
    expect(d.total.created).toBe(4);
    expect(d.ended).toEqual({ count: 2, minutes: 80, averageMinutes: 40 });
    // The operation report says the same for the same window (its headline, not billed minutes: 1440 + ...).
    const r = await ok(c.get('/order/api/v1/stats/report', { ...w, timeZone: 'Asia/Shanghai' }), 'report');
    expect(r.headline.find((h: { key: string }) => h.key === 'avgRentalMinutes')).toMatchObject({ current: 40 });
  });

  it("a cabinet rented at an outlet inside and one outside a scope in one window: the scope's figures are its outlets' rows (issue 27 part 5, the spans by outlet)", async () => {
    // Days 12-14 after base (26-28 days ago), away from the other tests' windows: cab4 (standing nowhere) is rented
    // at A and at B on one day and the next; cab1 (in A) at A; one order of cab4 at A in the hour before day 12 and
    // one in the edge minutes, so the scope reads spans, hours and rows at once.
    const d = (day: number, h: number, m: number) => at(24 * day + h, m);
    const [c1, c4] = [cab[1]!, cab[4]!];
    await order('OPS-SPAN1', {
      user: 30,
      sn: c4,
      outlet: outletA,
      created: d(12, 3, 10),
      minutes: 25,
      back: [c4, outletA],
    });
    await order('OPS-SPAN2', {
      user: 31,
      sn: c4,
      outlet: outletB,
      created: d(12, 9, 40),
      minutes: 70,
      back: [c1, outletA],
    });
    await order('OPS-SPAN3', { user: 30, sn: c4, outlet: outletB, created: d(13, 12, 0) });
    await order('OPS-SPAN4', {
      user: 32,
      sn: c1,
      outlet: outletA,
      created: d(14, 23, 30),
      minutes: 10,
      back: [c4, outletB],
    });
    await order('OPS-SPAN5', {
      user: 33,
      sn: c4,
      outlet: outletA,
      created: d(11, 23, 20),
      minutes: 400,
      back: [c4, outletA],
    });
    await order('OPS-SPAN6', {
      user: 34,
      sn: c4,
      outlet: outletB,
      created: d(11, 22, 50),
      minutes: 5,
      back: [c4, outletB],
    });
    await order('OPS-SPAN7', { user: 35, sn: c4, outlet: outletA, created: d(15, 1, 10), status: 'cancelled' });
    const regionOutlets = (
      await query<{ id: number }>(db(), sql`select id from out_outlet where region_id = ${net.region}`)
    ).map((r) => Number(r.id));
    const windows = [
      // Edges inside hours, whole hours before and after whole UTC days.
      { beginTime: d(11, 22, 40).toISOString(), endTime: d(15, 2, 0).toISOString() },
      // Whole UTC days only.
      { beginTime: d(12, 0, 0).toISOString(), endTime: new Date(d(15, 0, 0).getTime() - 1).toISOString() },
    ];
    for (const w of windows)
      for (const [period, tz] of [
        ['day', 'UTC'],
        ['week', 'UTC'],
        ['month', 'UTC'],
        ['day', 'Asia/Shanghai'],
        ['week', 'Asia/Shanghai'],
        ['month', 'America/New_York'],
      ] as const) {
        const a = await matches(w, period, tz, { outletId: outletA }, [outletA]);
        // cab4's orders at A only (its orders at B are another scope's), counted where it was rented.
        expect(a.cabinets.find((x: { sn: string }) => x.sn === c4)).toMatchObject({
          orderCount: w === windows[0] ? 3 : 1,
          outletId: outletA,
        });
        const b = await matches(w, period, tz, { agentId: net.agentA }, [outletB]);
        expect(b.cabinets.find((x: { sn: string }) => x.sn === c4)).toMatchObject({
          orderCount: w === windows[0] ? 3 : 2,
          outletId: outletB,
        });
        await matches(w, period, tz, { regionId: net.region }, regionOutlets);
        const all = await matches(w, period, tz, {}, null);
        expect(all.cabinets.find((x: { sn: string }) => x.sn === c4)).toMatchObject({
          orderCount: w === windows[0] ? 6 : 3,
        });
      }
    // A window of whole months up to now, by month and by week: the scope's month and day spans.
    const months = { beginTime: at(-24 * 70, 13).toISOString(), endTime: new Date().toISOString() };
    await matches(months, 'month', 'UTC', { outletId: outletA }, [outletA]);
    await matches(months, 'week', 'Asia/Shanghai', { agentId: net.agentA }, [outletB]);
    await rollupsMatchRows();
  });

  it('bad windows, zones and scopes are messages in the caller language, never a 500; it needs its permission; the export starts', async () => {
    const get = (q: Record<string, string | number>, lang = 'en_US') =>
      c.get('/order/api/v1/stats/operational', q, lang);
    expect(await get({ timeZone: 'Mars/Olympus' }, 'zh_CN')).toMatchObject({
      code: 101401,
      msg: '时区无效：Mars/Olympus',
    });
    expect(await get({ beginTime: new Date(Date.now() - 400 * DAY).toISOString() }, 'zh_TW')).toMatchObject({
      code: 100790,
      msg: '統計時間範圍不能超過 366 天',
    });
    expect(
      (await get({ beginTime: new Date().toISOString(), endTime: new Date(Date.now() - DAY).toISOString() })).code,
    ).toBe(100062);
    expect(await get({ outletId: 987654 })).toMatchObject({
      code: 100794,
      msg: 'The outlet of the statistics does not exist',
    });
    expect(await get({ agentId: 987654 }, 'zh_CN')).toMatchObject({ code: 100793, msg: '统计范围的代理商不存在' });
    expect(await get({ regionId: 987654 })).toMatchObject({ code: 100792 });
    expect(await get({ outletId: outletA, agentId: net.agentA })).toMatchObject({ code: 100791 });
    const bads: Record<string, string | number>[] = [
      { period: 'year' },
      { outletId: 'x' },
      { endTime: 'tomorrow' },
      { outletId: -1 },
    ];
    for (const bad of bads) {
      const r = await get(bad);
      expect([JSON.stringify(bad), r.code !== 0, r.status < 500]).toEqual([JSON.stringify(bad), true, true]);
    }
    // The default: the last 30 days by day.
    expect((await operational({})).list.length).toBe(31);
    // Without the menu the call and the export are refused; with it, the export starts a job.
    await accountWithMenus(db(), 'opsnone', 'pass1234', ['dashboard']);
    const none = await s.current.login('opsnone', 'pass1234');
    expect((await s.current.inject({ url: '/order/api/v1/stats/operational', headers: auth(none) })).json().code).toBe(
      100003,
    );
    expect(
      (
        await s.current.inject({
          method: 'POST',
          url: '/order/api/v1/stats/operational/export',
          headers: auth(none),
          payload: {},
        })
      ).json().code,
    ).toBe(100003);
    await accountWithMenus(db(), 'opsread', 'pass1234', ['statistics', 'statistics.operational']);
    const reader = await s.current.login('opsread', 'pass1234');
    const seen = (
      await s.current.inject({
        url: `/order/api/v1/stats/operational?beginTime=${window.beginTime}&endTime=${window.endTime}`,
        headers: auth(reader),
      })
    ).json();
    expect(seen.code).toBe(0);
    expect(seen.data.total.newUsers).toBeNull(); // no member list permission
    expect(
      (
        await s.current.inject({
          method: 'POST',
          url: '/order/api/v1/stats/operational/export',
          headers: auth(reader),
          payload: {},
        })
      ).json().code,
    ).toBe(100003);
    const started = await c.post('/order/api/v1/stats/operational/export', {
      ...window,
      period: 'week',
      timeZone: 'Asia/Shanghai',
    });
    expect(started.code, JSON.stringify(started)).toBe(0);
  });
});

/** The export centre writes the operational data's periods as the screen shows them (a server with its workers). */
describe.each(engines)('operational data export (%s)', (engine) => {
  const s = useServer(engine, {}, { workers: true });

  it('writes one row per period with the figures, in the caller language', async () => {
    const token = await s.current.login();
    const db = s.current.database.db;
    await db.execute(sql`
      insert into ord_order (order_no, user_id, user_mobile, status, pay_mode, sn, billing, chain, paid_amount, created_at)
      select 'OPSX' || g, g, '86-13900000000', 'finished', 'deposit', 'OPSXCAB000000001', '{}'::jsonb, '[]'::jsonb, 100, now() - make_interval(days => g) from generate_series(0, 4) g`);
    const window = {
      beginTime: new Date(Date.now() - 6 * DAY).toISOString(),
      endTime: new Date().toISOString(),
      period: 'day',
      timeZone: 'Asia/Shanghai',
    };
    const ws = await exportedSheet(s.current, token, '/order/api/v1/stats/operational/export', window, {
      ...auth(token, 'zh_CN'),
      'x-time-zone': 'Asia/Shanghai',
    });
    expect(ws.getRow(1).getCell(1).value).toBe('时段');
    expect(ws.getRow(1).getCell(2).value).toBe('创建订单');
    const answer = (
      await s.current.inject({
        url: `/order/api/v1/stats/operational?${new URLSearchParams(window)}`,
        headers: auth(token),
      })
    ).json().data;
    expect(ws.rowCount).toBe(answer.list.length + 1);
    let created = 0;
    for (let r = 2; r <= ws.rowCount; r++) created += Number(ws.getRow(r).getCell(2).value);
    expect(created).toBe(answer.total.created);
    expect(created).toBe(5);
  });
});
