/**
 * Over 400 lines on purpose: every statistics query of the bench beside its whole-table GROUP BY and
 * the equality checks that stop the bench (operationalCheck, returningCheck) must be read together.
 *
 * The statistics queries as the console asks them, timed against a database that `npm run
 * bench:data` filled (orders and their ledger postings), each next to the same figures computed by
 * a whole-table GROUP BY over the rows they summarise:
 *  - dashboard: what the dashboard asks at once (today's and the last 7 days' overview, the 7-day
 *    trend, the top-6 outlets, today's active cabinets), run together as the console does;
 *  - the order overview of a year;
 *  - financial: a year of the ledger by month (StatsService.finance through LedgerService.periodSums);
 *  - financial by day: the last 30 days by day;
 *  - financial data of one outlet, one agent, one region, and the breakdown by outlet and by agent
 *    (the per-outlet ledger rollups; the scope resolved from the generator's network, benchNetwork);
 *  - operational data: the last 30 days by day (UTC, Asia/Shanghai) and a year by month, the order side
 *    (scope, cabinets and faults stubbed out), returning customers included (the whole-table side finds
 *    each customer's first order by a GROUP BY); each first checked figure by figure (operationalCheck).
 * The list is STATS_QUERIES: one entry per query, easy to extend.
 */
import { sql, type SQL } from 'drizzle-orm';
import { query, type Db } from '../apps/server/src/platform/db/database.js';
import { OrderFacts } from '../apps/server/src/modules/order/order.facts.js';
import { StatsReader } from '../apps/server/src/modules/stats/reader.js';
import { LedgerService } from '../apps/server/src/modules/ledger/ledger.service.js';
import { StatsService, FINANCE_KINDS } from '../apps/server/src/modules/stats/stats.service.js';
import { OrderOperations } from '../apps/server/src/modules/order/order.operations.js';
import { OperationsService } from '../apps/server/src/modules/stats/operations.service.js';
import { CustomerRollups } from '../apps/server/src/modules/stats/customers.js';
import type { StatsNeeds } from '../apps/server/src/modules/stats/needs.js';
import { benchNetwork } from './data.js';

const quantile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;
const DAY = 86_400_000;

export interface StatsRow {
  name: string;
  p50: number;
  p99: number;
  /** Null when the whole-table side was not timed (BENCH_STATS_WHOLE_RUNS=0; the row's check still ran). */
  wholeP50: number | null;
  wholeP99: number | null;
}

/** A whole-table figure of the table: "—" when it was not timed. */
export const wholeMs = (ms: number | null) => (ms === null ? '—' : ms.toFixed(0));

async function time(f: () => Promise<unknown>, runs: number) {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await f();
    ms.push(performance.now() - t);
  }
  return { p50: quantile(ms, 0.5), p99: quantile(ms, 0.99) };
}

/** What a statistics query is timed with: the services as the server builds them, over the bench database, and the windows of now. */
export interface StatsContext {
  db: Db;
  orders: StatsReader;
  stats: StatsService;
  operational: OperationsService;
  now: Date;
  today: { beginTime: string; endTime: string };
  week: { beginTime: string; endTime: string };
  month: { beginTime: string; endTime: string };
  year: { beginTime: string; endTime: string };
  /** The last 30 days of Asia/Shanghai (from its midnight 29 days ago to now). */
  monthShanghai: { beginTime: string; endTime: string };
  /** The 12 UTC months up to now, from the first day of the month 11 months ago. */
  yearByMonth: { beginTime: string; endTime: string };
  /** Both order tables (live and archive) as one, with the given columns. */
  bothTables: (cols: string) => SQL;
  /** The generator's network (benchNetwork): the busiest outlet (1), its agent and a region, with their outlets. */
  net: { outlet: number; agent: number; agentOutlets: number[]; region: number; regionOutlets: number[] };
}

type Window = { beginTime: string; endTime: string };

/** The scope of an operational row: what the call is asked (agentId, regionId) and its outlets for the whole-table side (null: all). */
interface OpScope {
  name: string;
  ask: { agentId?: number; regionId?: number };
  outlets: readonly number[] | null;
}
const WHOLE: OpScope = { name: 'whole business', ask: {}, outlets: null };
const agentScope = (c: StatsContext): OpScope => ({
  name: `agent ${c.net.agent}`,
  ask: { agentId: c.net.agent },
  outlets: c.net.agentOutlets,
});
const regionScope = (c: StatsContext): OpScope => ({
  name: `region ${c.net.region}`,
  ask: { regionId: c.net.region },
  outlets: c.net.regionOutlets,
});

/**
 * The statistics queries `npm run bench` times, each as the console asks it (`fast`) and as the same
 * figures computed by a GROUP BY over every row they summarise (`whole`). Add a row here for a new
 * statistics call (the operational data, a report): it is timed at every size and written to
 * docs/benchmarks.md.
 */
export const STATS_QUERIES: {
  name: string;
  fast: (c: StatsContext) => Promise<unknown>;
  whole: (c: StatsContext) => Promise<unknown>;
  /** Throws when the figures the call answers differ from the whole-table GROUP BY's (run once, before the timing). */
  check?: (c: StatsContext) => Promise<void>;
}[] = [
  {
    name: 'dashboard (5 order calls at once)',
    // What the dashboard asks at once: today's and 7 days' overview, the 7-day trend, the top-6 outlets, today's active cabinets.
    fast: ({ orders, today, week }) =>
      Promise.all([
        orders.overview(today),
        orders.overview(week),
        orders.trend(week),
        orders.outletRanking(week),
        orders.activeCabinets(today),
      ]),
    whole: ({ db, bothTables, today, week, now }) =>
      Promise.all([
        query(
          db,
          sql`select count(*), sum(paid_amount), sum(refund_amount) from ${bothTables('created_at, paid_amount, refund_amount')} o where created_at >= ${new Date(today.beginTime)} and created_at <= ${now}`,
        ),
        query(
          db,
          sql`select date_trunc('hour', created_at), count(*), sum(paid_amount) from ${bothTables('created_at, paid_amount')} o where created_at >= ${new Date(week.beginTime)} and created_at <= ${now} group by 1`,
        ),
        query(
          db,
          sql`select outlet_id, sum(paid_amount) from ${bothTables('created_at, outlet_id, paid_amount')} o where created_at >= ${new Date(week.beginTime)} and created_at <= ${now} group by 1 order by 2 desc limit 6`,
        ),
        // The whole-table way: every order of the year grouped, then the figures picked from it.
        query(
          db,
          sql`select date_trunc('day', created_at), outlet_id, count(*), sum(paid_amount), count(distinct sn) from ${bothTables('created_at, outlet_id, paid_amount, sn')} o group by 1, 2`,
        ),
      ]),
  },
  {
    name: 'order overview of a year',
    fast: ({ orders, year }) => orders.overview(year),
    whole: ({ db, bothTables, year, now }) =>
      query(
        db,
        sql`select count(*), sum(paid_amount), sum(refund_amount) from ${bothTables('created_at, paid_amount, refund_amount')} o where created_at >= ${new Date(year.beginTime)} and created_at <= ${now}`,
      ),
  },
  {
    name: 'financial data, a year by month',
    fast: ({ stats, year }) => stats.finance({ ...year, period: 'month', timeZone: 'UTC' }, 'UTC'),
    whole: (c) => financeWhole(c, new Date(c.year.beginTime), 'month'),
  },
  {
    name: 'financial data, 30 days by day',
    fast: ({ stats, month }) => stats.finance({ ...month, period: 'day', timeZone: 'UTC' }, 'UTC'),
    whole: (c) => financeWhole(c, new Date(c.month.beginTime), 'day'),
  },
  {
    name: 'financial data, one outlet (the busiest), a year by month',
    fast: ({ stats, year, net }) =>
      stats.finance({ ...year, period: 'month', timeZone: 'UTC', outletId: net.outlet }, 'UTC'),
    whole: (c) => financeWhole(c, new Date(c.year.beginTime), 'month', { outlets: [c.net.outlet] }),
  },
  {
    name: 'financial data, one agent (10 outlets), 30 days by day in Asia/Shanghai',
    fast: ({ stats, month, net }) =>
      stats.finance({ ...month, period: 'day', timeZone: 'Asia/Shanghai', agentId: net.agent }, 'UTC'),
    whole: (c) =>
      financeWhole(c, new Date(c.month.beginTime), 'day', { outlets: c.net.agentOutlets, zone: 'Asia/Shanghai' }),
  },
  {
    name: 'financial data, one region (100 outlets), a year by month',
    fast: ({ stats, year, net }) =>
      stats.finance({ ...year, period: 'month', timeZone: 'UTC', regionId: net.region }, 'UTC'),
    whole: (c) => financeWhole(c, new Date(c.year.beginTime), 'month', { outlets: c.net.regionOutlets }),
  },
  {
    name: 'financial data, a year by month with the breakdown by outlet',
    fast: ({ stats, year }) => stats.finance({ ...year, period: 'month', timeZone: 'UTC', by: 'outlet' }, 'UTC'),
    whole: (c) => financeWhole(c, new Date(c.year.beginTime), 'month', { byOutlet: true }),
  },
  {
    name: 'financial data, 30 days by day in Asia/Shanghai with the breakdown by agent',
    fast: ({ stats, month }) =>
      stats.finance({ ...month, period: 'day', timeZone: 'Asia/Shanghai', by: 'agent' }, 'UTC'),
    whole: (c) => financeWhole(c, new Date(c.month.beginTime), 'day', { zone: 'Asia/Shanghai', byOutlet: true }),
  },
  {
    name: 'operational data, 30 days by day (order side)',
    fast: ({ operational, month }) =>
      operational.operational({ ...month, period: 'day', timeZone: 'UTC' }, 'UTC', null),
    whole: (c) => operationalWhole(c, c.month, 'day', 'UTC'),
    check: (c) => operationalCheck(c, c.month, 'day', 'UTC'),
  },
  {
    name: 'operational data, 30 days by day in Asia/Shanghai (order side)',
    fast: ({ operational, monthShanghai }) =>
      operational.operational({ ...monthShanghai, period: 'day', timeZone: 'Asia/Shanghai' }, 'UTC', null),
    whole: (c) => operationalWhole(c, c.monthShanghai, 'day', 'Asia/Shanghai'),
    check: (c) => operationalCheck(c, c.monthShanghai, 'day', 'Asia/Shanghai'),
  },
  {
    name: 'operational data, a year by month (order side)',
    fast: ({ operational, yearByMonth }) =>
      operational.operational({ ...yearByMonth, period: 'month', timeZone: 'UTC' }, 'UTC', null),
    whole: (c) => operationalWhole(c, c.yearByMonth, 'month', 'UTC'),
    check: (c) => operationalCheck(c, c.yearByMonth, 'month', 'UTC'),
  },
  // Scoped (the scope resolved from the generator's network, benchNetwork): a scope reads the hourly rollups of its
  // outlets (stat_order_hour, stat_order_cabinet_hour) and its order rows, not the spans (docs/decisions/statistics.md).
  ...(
    [
      ['one agent (10 outlets)', agentScope],
      ['one region (100 outlets)', regionScope],
    ] as const
  ).flatMap(([label, scopeOf]) =>
    (
      [
        ['30 days by day', 'month', 'day'],
        ['a year by month', 'yearByMonth', 'month'],
      ] as const
    ).map(([words, window, period]) => ({
      name: `operational data, ${label}, ${words} (order side)`,
      fast: (c: StatsContext) =>
        c.operational.operational({ ...c[window], period, timeZone: 'UTC', ...scopeOf(c).ask }, 'UTC', null),
      whole: (c: StatsContext) => operationalWhole(c, c[window], period, 'UTC', scopeOf(c)),
      check: (c: StatsContext) => operationalCheck(c, c[window], period, 'UTC', scopeOf(c)),
    })),
  ),
];

/** A scope's outlets (null: the whole business) as a condition on an order column (orders without an outlet are outlet 0). */
const inOutlets = (column: string, outlets: readonly number[] | null) =>
  outlets === null
    ? sql``
    : sql` and coalesce(${sql.raw(column)}, 0) in (${sql.join(
        outlets.map((id) => sql`${id}`),
        sql`, `,
      )})`;

/**
 * Returning customers per period and for the window by GROUP BYs over every order, no rollup: each
 * customer's first order (one GROUP BY over both order tables) and the window's distinct (customer,
 * period) of the scope's orders (one GROUP BY), each materialized once, then hash-joined. The earlier
 * form (the same two subqueries inlined into a join) ran more than 11 minutes for a year by month at
 * 1M; this plan reads each order table once for the first orders and once (by the creation index) for
 * the window. Nested loops off: the CTEs' row estimates are the planner's guesses.
 */
const returningWhole = async (
  { db, bothTables }: StatsContext,
  w: Window,
  unit: 'day' | 'week' | 'month',
  zone: string,
  outlets: readonly number[] | null = null,
) => {
  const [b, e] = [new Date(w.beginTime), new Date(w.endTime)];
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_nestloop = off`);
    await tx.execute(sql`set local work_mem = '256MB'`);
    await tx.execute(sql`set local jit = off`);
    return query<{ d: string | Date | null; n: string | number }>(
      tx,
      sql`
      with f as materialized (
        select user_id, min(created_at) as first from ${bothTables('created_at, user_id')} o group by user_id
      ), a as materialized (
        select user_id, date_trunc(${unit}, created_at, ${zone}) as d from ${bothTables('created_at, user_id, outlet_id')} o
        where created_at >= ${b} and created_at <= ${e}${inOutlets('outlet_id', outlets)} group by 1, 2
      )
      select a.d, count(*) as n from a join f using (user_id) where f.first < a.d group by a.d
      union all
      select null, count(*) from (select distinct user_id from a) u join f using (user_id) where f.first < ${b}`,
    );
  });
};

/** The operational data's order side by GROUP BYs over every row: per day, outlet and cabinet; returns by hour; returning customers. */
const operationalWhole = (
  c: StatsContext,
  w: Window,
  unit: 'day' | 'week' | 'month',
  zone: string,
  s: OpScope = WHOLE,
) => {
  const { db, bothTables } = c;
  const [b, e] = [new Date(w.beginTime), new Date(w.endTime)];
  const cols = 'created_at, outlet_id, sn, user_id, status, start_at, end_at, return_sn, return_outlet_id';
  return Promise.all([
    query(
      db,
      sql`
      select date_trunc(${unit}, created_at, ${zone}), outlet_id, sn, count(*), count(*) filter (where status = 'finished'),
             sum(floor(extract(epoch from end_at - start_at) / 60)) filter (where start_at is not null and end_at is not null),
             width_bucket(floor(extract(epoch from end_at - start_at) / 60), array[30, 60, 120, 360, 1440])
      from ${bothTables(cols)} o where created_at >= ${b} and created_at <= ${e}${inOutlets('outlet_id', s.outlets)} group by 1, 2, 3, 7`,
    ),
    query(
      db,
      sql`select extract(hour from end_at at time zone ${zone}), count(*) from ${bothTables(cols)} o where end_at >= ${b} and end_at <= ${e} and return_sn is not null${inOutlets('return_outlet_id', s.outlets)} group by 1`,
    ),
    returningWhole(c, w, unit, zone, s.outlets),
  ]);
};

/** Stops the bench when the operational data's returning customers (per period, and the window's) are not the whole-table GROUP BY's. */
async function returningCheck(
  c: StatsContext,
  w: Window,
  unit: 'day' | 'week' | 'month',
  zone: string,
  s: OpScope,
  got: Awaited<ReturnType<OperationsService['operational']>>,
) {
  const whole = await returningWhole(c, w, unit, zone, s.outlets);
  const want = new Map(whole.filter((r) => r.d !== null).map((r) => [new Date(r.d!).toISOString(), Number(r.n)]));
  const bad = got.list.filter((r) => r.returningUsers !== (want.get(r.start) ?? 0));
  const total = Number(whole.find((r) => r.d === null)?.n ?? 0);
  if (
    bad.length ||
    got.total.returningUsers !== total ||
    [...want.keys()].some((k) => !got.list.some((r) => r.start === k))
  )
    throw new Error(
      `returning customers differ from the whole-table GROUP BY (${s.name}, ${zone}, by ${unit}): total ${got.total.returningUsers} vs ${total}; periods ${bad
        .slice(0, 3)
        .map((r) => `${r.start} ${r.returningUsers} vs ${want.get(r.start) ?? 0}`)
        .join(', ')}`,
    );
}

/**
 * Stops the bench when any order-side figure of the operational data differs from a whole-table GROUP BY
 * over the orders (live and archive): orders created and finished per period, the ended rentals, their
 * durations, each cabinet's and each outlet's orders, ended rentals and minutes, returns by hour; then
 * the returning customers (returningCheck).
 */
async function operationalCheck(
  c: StatsContext,
  w: Window,
  unit: 'day' | 'week' | 'month',
  zone: string,
  s: OpScope = WHOLE,
) {
  const got = await c.operational.operational({ ...w, period: unit, timeZone: zone, ...s.ask }, 'UTC', null);
  const [b, e] = [new Date(w.beginTime), new Date(w.endTime)];
  const cols = 'created_at, outlet_id, sn, status, device_type, start_at, end_at, return_sn, return_outlet_id';
  const o = sql`(select * from ${c.bothTables(cols)} o where created_at >= ${b} and created_at <= ${e}${inOutlets('outlet_id', s.outlets)}) o`;
  const ended = sql`(device_type = 'powerBank' and start_at is not null and end_at is not null)`;
  const mins = sql`greatest(0, floor(extract(epoch from end_at - start_at) / 60))`;
  type R = { k: string | number | Date | null; n: string; f: string; e: string; m: string };
  const [periods, cabinets, outlets, buckets, returns] = await Promise.all([
    query<R>(
      c.db,
      sql`select date_trunc(${unit}, created_at, ${zone}) k, count(*) n, count(*) filter (where status = 'finished') f, 0 e, 0 m from ${o} group by 1`,
    ),
    query<R>(
      c.db,
      sql`select sn k, count(*) n, 0 f, count(*) filter (where ${ended}) e, coalesce(sum(${mins}) filter (where ${ended}), 0) m from ${o} group by 1`,
    ),
    query<R>(
      c.db,
      sql`select coalesce(outlet_id, 0) k, count(*) n, 0 f, count(*) filter (where ${ended}) e, coalesce(sum(${mins}) filter (where ${ended}), 0) m from ${o} group by 1`,
    ),
    query<R>(
      c.db,
      sql`select width_bucket(${mins}, array[30, 60, 120, 360, 1440]) k, count(*) n, 0 f, 0 e, 0 m from ${o} where ${ended} group by 1`,
    ),
    query<R>(
      c.db,
      sql`select extract(hour from end_at at time zone ${zone})::int k, count(*) n, 0 f, 0 e, 0 m from ${c.bothTables(cols)} o
          where end_at >= ${b} and end_at <= ${e} and return_sn is not null${inOutlets('return_outlet_id', s.outlets)} group by 1`,
    ),
  ]);
  // A period's start comes back as the driver's text of a timestamptz: compared as an instant.
  const key = (k: R['k'], time = false) =>
    k instanceof Date || time ? new Date(k as string).toISOString() : String(k);
  const as = (rows: R[], time = false) =>
    new Map(rows.map((r) => [key(r.k, time), [Number(r.n), Number(r.f), Number(r.e), Number(r.m)]]));
  const differ: string[] = [];
  const same = (what: string, want: Map<string, readonly number[]>, have: Map<string, readonly number[]>) => {
    for (const k of new Set([...want.keys(), ...have.keys()]))
      if (JSON.stringify(want.get(k) ?? [0, 0, 0, 0]) !== JSON.stringify(have.get(k) ?? [0, 0, 0, 0]))
        differ.push(`${what} ${k}: ${JSON.stringify(have.get(k))} vs ${JSON.stringify(want.get(k))}`);
  };
  same(
    'period',
    as(periods, true),
    new Map(
      got.list
        .filter((r) => r.created || r.finished)
        .map((r) => [new Date(r.start).toISOString(), [r.created, r.finished, 0, 0]]),
    ),
  );
  same(
    'cabinet',
    as(cabinets),
    new Map(
      got.cabinets.filter((x) => x.orderCount).map((x) => [x.sn, [x.orderCount, 0, x.endedCount, x.rentedMinutes]]),
    ),
  );
  same(
    'outlet',
    as(outlets),
    new Map(
      got.outlets
        .filter((x) => x.orderCount)
        .map((x) => [String(x.outletId), [x.orderCount, 0, x.endedCount, x.rentedMinutes]]),
    ),
  );
  same(
    'duration bucket',
    as(buckets),
    new Map(got.durations.map((d, i) => [String(i), [d.count, 0, 0, 0]] as const).filter(([, v]) => v[0])),
  );
  same(
    'returns at hour',
    as(returns),
    new Map(got.returnsByHour.map((n, h) => [String(h), [n, 0, 0, 0]] as const).filter(([, v]) => v[0])),
  );
  const endedWant = cabinets.reduce((a, r) => [a[0]! + Number(r.e), a[1]! + Number(r.m)], [0, 0]);
  if (got.ended.count !== endedWant[0] || got.ended.minutes !== endedWant[1])
    differ.push(`ended ${got.ended.count} / ${got.ended.minutes} vs ${endedWant[0]} / ${endedWant[1]}`);
  if (differ.length)
    throw new Error(
      `operational figures differ from the whole-table GROUP BY (${s.name}, ${zone}, by ${unit}): ${differ.length} lines, ${differ.slice(0, 4).join('; ')}`,
    );
  await returningCheck(c, w, unit, zone, s, got);
}

/** The financial data's lines by a GROUP BY over the entries and their movements (of these outlets; per outlet too for a breakdown). */
const financeWhole = (
  { db, now }: StatsContext,
  begin: Date,
  unit: string,
  o: { zone?: string; outlets?: number[]; byOutlet?: boolean } = {},
) =>
  query(
    db,
    sql`
    select date_trunc(${unit}, e.created_at at time zone ${o.zone ?? 'UTC'}), ${o.byOutlet ? sql`coalesce(t.outlet_id, 0)` : sql`0`}, e.account_kind, t.kind, sum(e.debit), sum(e.credit)
    from led_entry e join led_transaction t on t.id = e.transaction_id
    where e.account_kind in (${sql.join(
      FINANCE_KINDS.map((k) => sql`${k}`),
      sql`, `,
    )}) and e.created_at >= ${begin} and e.created_at <= ${now}
      ${
        o.outlets
          ? sql`and t.outlet_id in (${sql.join(
              o.outlets.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql``
      }
    group by 1, 2, 3, 4`,
  );

/**
 * The outlet module's answers for the generator's network (benchNetwork: outlets 1..M, their agents
 * and regions), which the bench database holds no rows of: a scope's outlets, outlets' agents and
 * regions, and names. What is timed is the ledger's read of those outlets, which grows with the data.
 */
function benchPlaces(outlets: number): NonNullable<StatsNeeds['places']> {
  const net = benchNetwork(outlets);
  const all = Array.from({ length: outlets }, (_, i) => ({ id: i + 1 }));
  return {
    scope: async (q) => {
      if (q.outletId !== undefined)
        return { kind: 'outlet', id: q.outletId, name: `Data outlet ${q.outletId}`, outlets: [{ id: q.outletId }] };
      if (q.agentId !== undefined)
        return {
          kind: 'agent',
          id: q.agentId,
          name: `Data agent ${q.agentId}`,
          outlets: all.filter((o) => net.agentOf(o.id) === q.agentId),
        };
      if (q.regionId !== undefined)
        return {
          kind: 'region',
          id: q.regionId,
          name: `Data region ${q.regionId}`,
          outlets: all.filter((o) => net.regionOf(o.id) === q.regionId),
        };
      return { kind: 'all', id: null, name: null, outlets: all };
    },
    placesOf: async (ids) => new Map(ids.map((id) => [id, { agentId: net.agentOf(id), regionId: net.regionOf(id) }])),
    names: async (kind, ids) => new Map(ids.map((id) => [id, `Data ${kind} ${id}`])),
  };
}

export function statsContext(db: Db, outlets = 500): StatsContext {
  const facts = new OrderFacts(db);
  // The bench's books name no party and post no order movement: both ledger needs answer nothing.
  const ledger = new LedgerService(
    db,
    async () => new Map(),
    async () => null,
  );
  // The operational data's other modules (cabinets, faults, repairs) stubbed out: the order side is what grows with the orders.
  const places = benchPlaces(outlets);
  const needs: StatsNeeds = {
    ledger,
    orders: {
      sums: (begin, end, outletIds, by) => facts.sums(begin, end, outletIds, by),
      outletNames: (ids) => facts.outletNames(ids),
      activeCabinets: (begin, end) => facts.activeCabinets(begin, end),
      count: async () => 0,
    },
    members: { registered: async () => 0 },
    access: { holdsPermission: async () => true },
    actions: [],
    compactions: [],
    currency: async () => 'CNY',
    places,
    operations: {
      orders: new OrderOperations(db),
      // The scope from the generator's network (benchPlaces), as the outlet module would resolve it.
      outlets: {
        resolve: async (q) => {
          const s = await places.scope(q);
          return {
            ...s,
            outlets: s.kind === 'all' ? [] : s.outlets.map((o) => ({ id: o.id, name: `Data outlet ${o.id}` })),
          };
        },
      },
      fleet: { cabinetsAt: async () => [], faults: async () => [] },
      repairs: { perPeriod: async () => [] },
    },
  };
  const orders = new StatsReader(needs, new CustomerRollups(db));
  const stats = new StatsService(needs, orders);
  const operational = new OperationsService(needs, orders);
  const now = new Date();
  const midnight = new Date(Math.floor(now.getTime() / DAY) * DAY);
  return {
    db,
    orders,
    stats,
    operational,
    now,
    today: { beginTime: midnight.toISOString(), endTime: now.toISOString() },
    week: { beginTime: new Date(midnight.getTime() - 6 * DAY).toISOString(), endTime: now.toISOString() },
    month: { beginTime: new Date(midnight.getTime() - 29 * DAY).toISOString(), endTime: now.toISOString() },
    year: { beginTime: new Date(now.getTime() - 365 * DAY).toISOString(), endTime: now.toISOString() },
    monthShanghai: {
      // Asia/Shanghai's midnight is 16:00 UTC.
      beginTime: new Date(
        Math.floor((now.getTime() + 8 * 3_600_000) / DAY) * DAY - 8 * 3_600_000 - 29 * DAY,
      ).toISOString(),
      endTime: now.toISOString(),
    },
    yearByMonth: {
      beginTime: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)).toISOString(),
      endTime: now.toISOString(),
    },
    bothTables: (cols: string) =>
      sql.raw(`(select ${cols} from ord_order union all select ${cols} from ord_order_archive)`),
    net: (() => {
      const net = benchNetwork(outlets);
      const ids = Array.from({ length: outlets }, (_, i) => i + 1);
      // Outlet 1 is the busiest (data.ts); its agent, and the region of the outlets 5, 10, 15 ….
      return {
        outlet: 1,
        agent: net.agentOf(1),
        agentOutlets: ids.filter((id) => net.agentOf(id) === net.agentOf(1)),
        region: 1,
        regionOutlets: ids.filter((id) => net.regionOf(id) === 1),
      };
    })(),
  };
}

/**
 * Times every statistics query (`runs` times after one warm-up) and its whole-table GROUP BY (`wholeRuns`
 * times; 0: not timed, the row's check against it still runs).
 */
export async function benchStats(
  db: Db,
  outlets = 500,
  runs = 30,
  wholeRuns = 3,
  log: (s: string) => void = () => undefined,
): Promise<StatsRow[]> {
  const c = statsContext(db, outlets);
  const rows: StatsRow[] = [];
  // BENCH_STATS_ONLY: only the rows whose name holds it (e.g. "operational"), or one of its |-separated texts.
  const only = process.env.BENCH_STATS_ONLY?.split('|').filter(Boolean);
  for (const q of STATS_QUERIES.filter((x) => !only?.length || only.some((o) => x.name.includes(o)))) {
    if (q.check) {
      await q.check(c);
      log(`${q.name}: equal to the whole-table GROUP BY`);
    }
    await q.fast(c);
    const a = await time(() => q.fast(c), runs);
    const b = wholeRuns > 0 ? await time(() => q.whole(c), wholeRuns) : { p50: null, p99: null };
    rows.push({ name: q.name, p50: a.p50, p99: a.p99, wholeP50: b.p50, wholeP99: b.p99 });
    log(
      `${q.name}: ${a.p50.toFixed(1)} / ${a.p99.toFixed(1)} ms, whole-table ${wholeRuns > 0 ? `${wholeMs(b.p50)} / ${wholeMs(b.p99)} ms` : 'not timed (BENCH_STATS_WHOLE_RUNS=0)'}`,
    );
  }
  return rows;
}

export function statsTable(orders: number, rows: StatsRow[]): string {
  return [
    `| orders | query | p50 ms | p99 ms | whole-table GROUP BY p50 ms | p99 ms |`,
    `| ---: | --- | ---: | ---: | ---: | ---: |`,
    ...rows.map(
      (r) =>
        `| ${orders.toLocaleString('en-US')} | ${r.name} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${wholeMs(r.wholeP50)} | ${wholeMs(r.wholeP99)} |`,
    ),
  ].join('\n');
}
