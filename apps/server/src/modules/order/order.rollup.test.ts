import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../platform/db/database.js';
import { engines, useServer } from '../../test/helper.js';

const HOUR = 3_600_000;

/**
 * The order rollup's lock order (migration order_rollup_lock_order), on each engine: transactions
 * that each write two orders of one hour and outlet whose totals shards (order id % 16) differ,
 * crosswise (one inserts an order of shard a and then finishes one of shard b, another the other
 * way round), all at once and each held open between its two statements, all commit, and the
 * rollups count every order once. With the totals shard locked before the outlet's row (the
 * function of migration 0021) PostgreSQL found a deadlock here and rolled one of them back.
 */
describe.each(engines)('order rollup lock order (%s)', (engine) => {
  const s = useServer(engine);
  const db = () => s.current.database.db;

  it('two-order transactions of one hour with crosswise shards, in parallel: no deadlock, every order counted once', async () => {
    const N = 40;
    const outlet = 4242;
    const sn = 'LOCKCAB000000001';
    // A closed hour of three days ago, away from the hour's edges.
    const created = new Date(Math.floor(Date.now() / HOUR) * HOUR - 72 * HOUR + 20 * 60_000);
    // Transaction g inserts an order of shard a = g % 16, then finishes an order of shard b = (g + 8) % 16:
    // transactions g and g + 8 take the same two shards in the opposite order. Ids chosen for their shard.
    const shards = (g: number) => ({ a: g % 16, b: (g + 8) % 16 });
    const row = (id: number, no: string, status: string) => sql`
      insert into ord_order (id, order_no, user_id, user_mobile, status, pay_mode, sn, billing, chain, outlet_id, paid_amount, billed_minutes, created_at, start_at)
      values (${id}, ${no}, ${300 + (id % 1000)}, '86-13900000000', ${status}, 'deposit', ${sn}, '{}'::jsonb, '[]'::jsonb, ${outlet}, 0, 0, ${created}, ${created})`;
    for (let g = 0; g < N; g++) await db().execute(row(60_000_000 + g * 16 + shards(g).b, `LOCK-OLD${g}`, 'using'));
    const one = (g: number) =>
      db().transaction(async (tx) => {
        await tx.execute(row(50_000_000 + g * 16 + shards(g).a, `LOCK-NEW${g}`, 'using'));
        // Held open between the two statements, so the others start while this one holds its first locks.
        await tx.execute(sql`select pg_sleep(0.03)`);
        await tx.execute(
          sql`update ord_order set status = 'finished', paid_amount = 300, billed_minutes = 40, end_at = start_at + interval '40 minutes' where order_no = ${`LOCK-OLD${g}`}`,
        );
      });
    const settled = await Promise.allSettled(Array.from({ length: N }, (_, g) => one(g)));
    const failed = settled.flatMap((r) =>
      r.status === 'rejected'
        ? [String((r.reason as { cause?: { message?: string } }).cause?.message ?? r.reason)]
        : [],
    );
    expect(failed).toEqual([]);
    // Every order once: the outlet's row, the totals over their shards, and the order rows themselves.
    const hour = new Date(Math.floor(created.getTime() / HOUR) * HOUR);
    const [outletRow] = await query<{ n: number; fin: number; paid: number; mins: number }>(
      db(),
      sql`
      select order_count::int as n, finished_count::int as fin, paid_amount::int as paid, rental_minutes::int as mins from stat_order_hour where hour = ${hour} and outlet_id = ${outlet}`,
    );
    const [total] = await query<{ n: number; fin: number; paid: number; shards: number }>(
      db(),
      sql`
      select sum(order_count)::int as n, sum(finished_count)::int as fin, sum(paid_amount)::int as paid, count(*) filter (where order_count <> 0)::int as shards
      from stat_order_hour_total where hour = ${hour}`,
    );
    const [rows] = await query<{ n: number; fin: number }>(
      db(),
      sql`
      select count(*)::int as n, (count(*) filter (where status = 'finished'))::int as fin from ord_order where order_no like 'LOCK-%'`,
    );
    expect(rows).toEqual({ n: 2 * N, fin: N });
    expect(outletRow).toEqual({ n: 2 * N, fin: N, paid: 300 * N, mins: 40 * N });
    expect(total).toEqual({ n: 2 * N, fin: N, paid: 300 * N, shards: 16 });
  });
});
