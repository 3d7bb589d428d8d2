import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../platform/db/database.js';
import { engines, useServer } from '../../test/helper.js';
import { CustomerRollups, rollupDays } from './customers.js';
import { periodStarts } from './stats.service.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** A small deterministic generator, so a failure can be run again (the seed is in the test's name). */
function rng(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

const SEED = 20261129;

/**
 * Returning customers from the customer rollup (stat_customer_first, stat_customer_gap_day; trigger
 * stat_customer_rollup), on each engine: orders inserted in bulk and one by one, out of order, for
 * customers old and new; refunds and finishes (updates that do not count), an order moved to another
 * customer and another time (updates that do), deletes, the archive job's move, concurrent rents of
 * the same customers, the fold of closed days' shards. After each step the figures the reader
 * answers equal the whole-table definition (customers with an order in the period whose first order
 * anywhere is before the period's start; for the window, before the window's), for random whole-day
 * windows by day, week and month in four zones (the rollup answers UTC and Asia/Shanghai; New York
 * across a change of offset and Asia/Kolkata fall back to the rows), and every order is counted once
 * in each phase of the rollup.
 */
describe.each(engines)('returning customers from rollups (%s)', (engine) => {
  const s = useServer(engine);
  const db = () => s.current.database.db;
  const reader = () => s.current.server.services.stats.reader;
  const customers = () => new CustomerRollups(db());
  const rand = rng(SEED + (engine === 'pglite' ? 0 : 1));
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  // 100 days back to 1 day back: the archive job (30 days) moves the older finished ones.
  const today = Math.floor(Date.now() / DAY) * DAY;
  const randomTime = () => new Date(today - DAY - Math.floor(rand() * 100 * DAY) + Math.floor(rand() * 1000));
  const USERS = Array.from({ length: 14 }, (_, i) => 8_800_000 + i);
  let no = 0;

  /** `at` and `user`: one order's time and customer (a rent's), else random ones. */
  const values = (n: number, status = 'finished', at?: Date, user?: number) =>
    sql.join(
      Array.from({ length: n }, () => {
        const created = at ?? randomTime();
        no += 1;
        return sql`(${`RET-${engine}-${no}`}, ${user ?? pick(USERS)}, '86-13900000000', ${status}, 'deposit', 'RETCAB0000000001', '{}'::jsonb, '[]'::jsonb, ${1 + (no % 3)}, 300, ${created}, ${created}, ${new Date(created.getTime() + 20 * MIN)})`;
      }),
      sql`, `,
    );
  const insert = (n: number, status?: string, d = db(), at?: Date, user?: number) =>
    d.execute(sql`
      insert into ord_order (order_no, user_id, user_mobile, status, pay_mode, sn, billing, chain, outlet_id, paid_amount, created_at, start_at, end_at)
      values ${values(n, status, at, user)}`);

  /** Every order's customer and creation time, live and archive. */
  const rows = async () =>
    (
      await query<{ user_id: string | number; created_at: string | Date }>(
        db(),
        sql`select user_id, created_at from ord_order union all select user_id, created_at from ord_order_archive`,
      )
    ).map((r) => ({ user: Number(r.user_id), at: new Date(r.created_at).getTime() }));

  /** The whole-table definition, from every row. */
  async function expected(begin: Date, end: Date, period: 'day' | 'week' | 'month', tz: string) {
    const all = await rows();
    const first = new Map<number, number>();
    for (const r of all) first.set(r.user, Math.min(first.get(r.user) ?? Infinity, r.at));
    const starts = periodStarts(begin, end, period, tz).map((d) => d.getTime());
    const inWindow = all.filter((r) => r.at >= begin.getTime() && r.at <= end.getTime());
    const per = new Map<number, Set<number>>();
    const tot = new Set<number>();
    for (const r of inWindow) {
      const start = starts.findLast((x) => x <= r.at)!;
      if (first.get(r.user)! < start) per.set(start, (per.get(start) ?? new Set()).add(r.user));
      if (first.get(r.user)! < begin.getTime()) tot.add(r.user);
    }
    return {
      periods: [...per.entries()].sort((a, b) => a[0] - b[0]).map(([k, v]) => ({ start: new Date(k), n: v.size })),
      total: tot.size,
    };
  }

  /** A whole-day window of the zone: `days` days from a midnight `back` days ago, ending at a midnight less 1 ms. */
  function window(tz: string, back: number, days: number) {
    const begin = periodStarts(new Date(today - back * DAY), new Date(today - back * DAY), 'day', tz)[0]!;
    const next = periodStarts(
      new Date(begin.getTime() + days * DAY + 2 * HOUR),
      new Date(begin.getTime() + days * DAY + 2 * HOUR),
      'day',
      tz,
    )[0]!;
    return { begin, end: new Date(next.getTime() - 1) };
  }

  async function check(step: string) {
    // Each order once in every phase.
    const [n] = await query<{ orders: number; bad: number }>(
      db(),
      sql`select (select count(*) from (select 1 from ord_order union all select 1 from ord_order_archive) a)::int as orders,
        (select count(*) from (select phase, sum(order_count) c from stat_customer_gap_day group by 1) p
          where c <> (select count(*) from (select 1 from ord_order union all select 1 from ord_order_archive) a))::int as bad`,
    );
    expect(n!.bad, `${step}: every order once per phase`).toBe(0);
    const firsts = await query<{ u: string | number; f: string | Date }>(
      db(),
      sql`select user_id u, first_at f from stat_customer_first`,
    );
    const all = await rows();
    const first = new Map<number, number>();
    for (const r of all) first.set(r.user, Math.min(first.get(r.user) ?? Infinity, r.at));
    expect(new Map(firsts.map((r) => [Number(r.u), new Date(r.f).getTime()])), `${step}: first orders`).toEqual(first);

    for (let i = 0; i < 6; i++) {
      const tz = pick(['UTC', 'Asia/Shanghai', 'America/New_York', 'Asia/Kolkata']);
      const period = pick(['day', 'week', 'month'] as const);
      const { begin, end } = window(tz, 1 + Math.floor(rand() * 95), 1 + Math.floor(rand() * 60));
      const ask = { begin, end, period, timeZone: tz, outletIds: null };
      const want = await expected(begin, end, period, tz);
      const what = `${step}: ${tz} ${period} ${begin.toISOString()} .. ${end.toISOString()}`;
      // The rows' answer is in no particular order of periods (the service puts each under its start).
      const got = await reader().returning(ask);
      expect({ ...got, periods: got.periods.sort((a, b) => a.start.getTime() - b.start.getTime()) }, what).toEqual(
        want,
      );
      // The rollup itself, whenever its days are the window's.
      if (rollupDays(ask)) expect(await customers().returning(ask, async () => 0), `${what} (rollup)`).toEqual(want);
    }
    // The console's windows in UTC and Asia/Shanghai are the rollup's: 30 days by day, 3 months from a month's start by month.
    for (const tz of ['UTC', 'Asia/Shanghai']) {
      const { begin, end } = window(tz, 30, 30);
      expect(rollupDays({ begin, end, period: 'day', timeZone: tz })).not.toBeNull();
      const r = await customers().returning({ begin, end, period: 'day', timeZone: tz }, async () => 0);
      expect(r, `${step}: ${tz} 30 days`).toEqual(await expected(begin, end, 'day', tz));
      const m0 = periodStarts(new Date(today - 95 * DAY), new Date(today - 95 * DAY), 'month', tz)[0]!;
      const m1 = periodStarts(new Date(m0.getTime() + 62 * DAY), new Date(m0.getTime() + 62 * DAY), 'month', tz)[0]!;
      const months = { begin: m0, end: new Date(m1.getTime() - 1), period: 'month' as const, timeZone: tz };
      expect(await customers().returning(months, async () => 0), `${step}: ${tz} months`).toEqual(
        await expected(months.begin, months.end, 'month', tz),
      );
    }
  }

  it('equals the whole-table figures after inserts, updates, deletes, the archive, concurrent rents and the fold', async () => {
    // Bulk: one statement of 120 orders, then 40 one by one (out of time order).
    await insert(120);
    await check('bulk insert');
    for (let i = 0; i < 40; i++) await insert(1, pick(['finished', 'using']));
    await check('single inserts');
    // Rents: one order at a time, each after every other order of its customer (the trigger's short way),
    // some of them a new customer's first order, some at the same instant as the customer's latest.
    let last = 0;
    for (let i = 0; i < 30; i++) {
      const at = new Date(today - DAY + Math.floor(i / 2) * 37 * MIN);
      // An odd one: the previous one's customer at the previous one's instant.
      last = i % 5 === 0 ? 8_800_100 + i : i % 2 === 1 ? last : pick(USERS);
      await insert(1, 'using', db(), at, last);
    }
    await check('rents');

    // Refunds and finishes: updates of other columns count nothing.
    await db().execute(
      sql`update ord_order set refund_amount = 100 where order_no like ${`RET-${engine}-%`} and id % 3 = 0`,
    );
    await db().execute(sql`update ord_order set status = 'finished' where status = 'using'`);
    // An order moved to another customer and another time (counted as a delete and an insert).
    await db().execute(sql`
      update ord_order set user_id = ${USERS[0]!}, created_at = created_at - interval '3 days 5 hours'
      where id in (select id from ord_order where order_no like ${`RET-${engine}-%`} order by id limit 5)`);
    await check('updates');

    // Deletes: a customer's first order among them, then every order of one customer.
    await db().execute(
      sql`delete from ord_order where id in (select id from ord_order where user_id = ${USERS[1]!} order by created_at limit 2)`,
    );
    await db().execute(sql`delete from ord_order where user_id = ${USERS[2]!}`);
    await check('deletes');

    // The archive's move (older than 30 days): insert into the archive, delete from the live table.
    const moved = await s.current.server.services.order.archive.run();
    expect(moved).toBeGreaterThan(0);
    await check('archive');

    // Concurrent rents of the same few customers, each its own transaction as a rent is: the order inserted,
    // held open, then an update of its state (which the rollup does not count).
    const settled = await Promise.allSettled(
      Array.from({ length: 24 }, () =>
        db().transaction(async (tx) => {
          // insert() numbers its order synchronously: this one is the next number.
          const mine = `RET-${engine}-${no + 1}`;
          // Half of them after every order of their customer (the short way), half at random times.
          await insert(
            1,
            'using',
            tx as never,
            rand() < 0.5 ? new Date(today - DAY + 20 * HOUR + no * MIN) : undefined,
          );
          await tx.execute(sql`select pg_sleep(0.02)`);
          await tx.execute(sql`update ord_order set status = 'finished' where order_no = ${mine}`);
        }),
      ),
    );
    expect(settled.filter((r) => r.status === 'rejected')).toEqual([]);
    await check('concurrent rents');

    // Closed days' shards folded into shard 0: the same figures, one row per (phase, day, gap). The
    // server's own compaction job (every 10 minutes) may have folded some already: what is left, then none.
    await insert(20);
    await customers().compact(new Date(today + DAY));
    const [left] = await query<{ n: number }>(
      db(),
      sql`select count(*)::int n from stat_customer_gap_day where shard <> 0`,
    );
    expect(left!.n).toBe(0);
    await check('fold');
    await insert(30);
    await check('after the fold');
  });
});
