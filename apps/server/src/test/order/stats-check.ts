import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { ORDER_USER_TYPES } from '@cbo/contract';
import { query, type Db } from '../../platform/db/database.js';
import type { caller } from '../outlet/outlet-fixtures.js';

type Caller = ReturnType<typeof caller>;
type Row = { paidAmount: number; refundAmount: number };

/** Every page of a list call for a filter: the count and the sums of the rows staff see. */
export async function listSums(
  c: Caller,
  url: string,
  filter: { beginTime: string; endTime: string },
): Promise<{ orderCount: number; paidAmount: number; refundAmount: number }> {
  // The archive answers one user type at a time (spec 5): its whole is the sum of both.
  if (url.includes('/archive/') && !('userType' in filter)) {
    const parts = await Promise.all(
      ORDER_USER_TYPES.map((userType) => listSums(c, url, { ...filter, userType } as typeof filter)),
    );
    return parts.reduce((a, b) => ({
      orderCount: a.orderCount + b.orderCount,
      paidAmount: a.paidAmount + b.paidAmount,
      refundAmount: a.refundAmount + b.refundAmount,
    }));
  }
  let pageNum = 1;
  let total = 0;
  const rows: Row[] = [];
  for (;;) {
    const r = await c.post(url, { pageNum, pageSize: 100, ...filter });
    expect(r.code, `${url} ${JSON.stringify(r)}`).toBe(0);
    total = r.data.total;
    rows.push(...(r.data.list as Row[]));
    if (rows.length >= total || !r.data.list.length) break;
    pageNum++;
  }
  expect(rows).toHaveLength(total);
  return {
    orderCount: total,
    paidAmount: rows.reduce((s, x) => s + x.paidAmount, 0),
    refundAmount: rows.reduce((s, x) => s + x.refundAmount, 0),
  };
}

/** The overview call for a window. */
export async function overview(c: Caller, filter: { beginTime: string; endTime: string }) {
  const r = await c.get('/order/api/v1/stats/overview', filter);
  expect(r.code, JSON.stringify(r)).toBe(0);
  return r.data as {
    orderCount: number;
    paidAmount: number;
    refundAmount: number;
    finishedCount: number;
    rentalMinutes: number;
  };
}

/**
 * The rollup equals a whole-table GROUP BY over the orders (live and archive) key by key: each
 * figure is the sum of the rows it stands for.
 */
export async function rollupMatchesRows(db: Db) {
  const diff = await query<Record<string, unknown>>(
    db,
    sql`
    with rows as (
      select date_trunc('hour', created_at, 'UTC') as hour, coalesce(outlet_id, 0) as outlet_id, simulated,
             count(*)::bigint as order_count, sum(paid_amount)::bigint as paid_amount, sum(refund_amount)::bigint as refund_amount,
             count(*) filter (where status = 'finished')::bigint as finished_count, sum(billed_minutes)::bigint as rental_minutes
      from (select created_at, outlet_id, simulated, paid_amount, refund_amount, status, billed_minutes from ord_order
            union all select created_at, outlet_id, simulated, paid_amount, refund_amount, status, billed_minutes from ord_order_archive) o
      group by 1, 2, 3),
    rolled as (select hour, outlet_id, simulated, order_count, paid_amount, refund_amount, finished_count, rental_minutes from stat_order_hour
               where order_count <> 0 or paid_amount <> 0 or refund_amount <> 0 or finished_count <> 0 or rental_minutes <> 0)
    (select 'missing' as side, * from rows except select 'missing', * from rolled)
    union all
    (select 'extra', * from rolled except select 'extra', * from rows)`,
  );
  expect(diff).toEqual([]);
  // The totals over every outlet (summed over their shards) are the per-outlet rows summed.
  const totals = await query<Record<string, unknown>>(
    db,
    sql`
    with per as (select hour, simulated, sum(order_count)::bigint as n, sum(paid_amount)::bigint as paid, sum(refund_amount)::bigint as refund,
                        sum(finished_count)::bigint as fin, sum(rental_minutes)::bigint as mins from stat_order_hour group by 1, 2),
         tot as (select hour, simulated, sum(order_count)::bigint as n, sum(paid_amount)::bigint as paid, sum(refund_amount)::bigint as refund,
                        sum(finished_count)::bigint as fin, sum(rental_minutes)::bigint as mins from stat_order_hour_total group by 1, 2)
    (select * from per except select * from tot) union all (select * from tot except select * from per)`,
  );
  expect(totals).toEqual([]);
  const [n] = await query<{ n: number }>(db, sql`select count(*)::int as n from stat_order_hour`);
  return n!.n;
}
