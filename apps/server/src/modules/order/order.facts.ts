import { sql, type SQL } from 'drizzle-orm';
import { query, type Db } from '../../platform/db/database.js';

const HOUR = 3_600_000;

/** How the order figures of a window are grouped: not at all, per UTC hour of creation, or per rent outlet. */
export type OrderFactsGrouping = 'none' | 'hour' | 'outlet';

/** The order figures of one group (`key`: 0 ungrouped, the hour's ISO time, or the outlet id). */
export interface OrderFactSums {
  key: string | number;
  orderCount: number;
  paidAmount: number;
  refundAmount: number;
  finishedCount: number;
  rentalMinutes: number;
}

type Row = {
  k: string | number | Date | null;
  n: string | number | null;
  paid: string | number | null;
  refund: string | number | null;
  fin: string | number | null;
  mins: string | number | null;
};
const num = (v: string | number | null) => Number(v ?? 0);

/**
 * The order module's read port over its statistics rollups (docs/decisions/statistics.md, "One owner
 * for the readers"): the facts the order tables' statement triggers (rollups.sql) keep in
 * stat_order_hour and stat_order_hour_total, summed for a window together with the order rows of the
 * window's two edge hours, in one statement. It answers sums, never a screen's figure: the
 * statistics module (modules/stats/reader.ts) builds every figure from it. Its other job is the
 * housekeeping of its own rollup (`compact`).
 */
export class OrderFacts {
  constructor(private readonly db: Db) {}

  /**
   * The figures of the orders created in [begin, end], grouped `by`: the whole hours [h0, h1)
   * inside the window from a rollup (the totals over every outlet when no outlet list or grouping by
   * outlet asks for the per-outlet one), the parts of the two edge hours (the current hour among
   * them) from the order rows, live and archived, by their creation-time index: so a figure for any
   * window is exactly what the lists sum for the same creation-time filter (`created_at >= begin and
   * created_at <= end`), and a year costs some thousand rollup rows. `outletIds` limits it to those
   * outlets (an empty list reads nothing); grouped by outlet, orders without an outlet are left out.
   * Groups without an order are left out; in key order.
   */
  async sums(
    begin: Date,
    end: Date,
    outletIds: readonly number[] | null,
    by: OrderFactsGrouping,
  ): Promise<OrderFactSums[]> {
    if (outletIds && !outletIds.length) return [];
    const h0 = new Date(Math.ceil(begin.getTime() / HOUR) * HOUR);
    const h1 = new Date(Math.floor(end.getTime() / HOUR) * HOUR);
    const ids = outletIds ? `{${outletIds.join(',')}}` : null;
    const inOutlets = (col: SQL) =>
      ids
        ? sql`and ${col} = any(${ids}::bigint[])`
        : by === 'outlet'
          ? sql`and ${col} is not null and ${col} <> 0`
          : sql``;
    const key = (hourCol: SQL, outletCol: SQL) => (by === 'hour' ? hourCol : by === 'outlet' ? outletCol : sql`0`);
    const edge = (table: SQL, from: Date, to: Date, toIncluded: boolean) => {
      const upTo = toIncluded ? sql`created_at <= ${to}` : sql`created_at < ${to}`;
      return sql`select ${key(sql`date_trunc('hour', created_at, 'UTC')`, sql`outlet_id`)} as k, count(*) n, sum(paid_amount) paid, sum(refund_amount) refund,
          count(*) filter (where status = 'finished') fin, sum(billed_minutes) mins
        from ${table} where created_at >= ${from} and ${upTo} ${inOutlets(sql`outlet_id`)} group by 1`;
    };
    const edges = (from: Date, to: Date, toIncluded: boolean) =>
      sql`${edge(sql`ord_order`, from, to, toIncluded)} union all ${edge(sql`ord_order_archive`, from, to, toIncluded)}`;
    let parts: SQL;
    if (h0 < h1) {
      const rollup =
        !ids && by !== 'outlet'
          ? sql`select ${key(sql`hour`, sql`0`)} as k, sum(order_count) n, sum(paid_amount) paid, sum(refund_amount) refund, sum(finished_count) fin, sum(rental_minutes) mins
                from stat_order_hour_total where hour >= ${h0} and hour < ${h1} group by 1`
          : sql`select ${key(sql`hour`, sql`outlet_id`)} as k, sum(order_count) n, sum(paid_amount) paid, sum(refund_amount) refund, sum(finished_count) fin, sum(rental_minutes) mins
                from stat_order_hour where hour >= ${h0} and hour < ${h1} ${inOutlets(sql`outlet_id`)} group by 1`;
      parts = sql`${rollup} union all ${edges(begin, h0, false)} union all ${edges(h1, end, true)}`;
    } else {
      parts = edges(begin, end, true);
    }
    const rows = await query<Row>(
      this.db,
      sql`
      select k, sum(n) n, sum(paid) paid, sum(refund) refund, sum(fin) fin, sum(mins) mins from (${parts}) p
      group by k having sum(n) <> 0 order by k`,
    );
    return rows.map((r) => ({
      key: by === 'hour' ? new Date(r.k as string | Date).toISOString() : Number(r.k ?? 0),
      orderCount: num(r.n),
      paidAmount: num(r.paid),
      refundAmount: num(r.refund),
      finishedCount: num(r.fin),
      rentalMinutes: num(r.mins),
    }));
  }

  /** The name each outlet had on its latest order (live, else archived): what a ranking shows. */
  async outletNames(ids: readonly number[]): Promise<Map<number, string | null>> {
    if (!ids.length) return new Map();
    const names = await query<{ id: string; name: string | null }>(
      this.db,
      sql`
      select t.id, coalesce((select o.outlet_name from ord_order o where o.outlet_id = t.id order by o.created_at desc limit 1),
                            (select a.outlet_name from ord_order_archive a where a.outlet_id = t.id order by a.created_at desc limit 1)) as name
      from unnest(${`{${ids.join(',')}}`}::bigint[]) as t(id)`,
    );
    return new Map(names.map((n) => [Number(n.id), n.name]));
  }

  /**
   * The cabinets a power bank was rented from by an order created in [begin, end] (live and
   * archived orders alike, by their creation-time index).
   */
  async activeCabinets(begin: Date, end: Date): Promise<number> {
    const [r] = await query<{ n: string }>(
      this.db,
      sql`
      select count(distinct sn) n from (
        select sn from ord_order where created_at >= ${begin} and created_at <= ${end} and device_type = 'powerBank'
        union all
        select sn from ord_order_archive where created_at >= ${begin} and created_at <= ${end} and device_type = 'powerBank'
      ) t`,
    );
    return Number(r!.n);
  }

  /**
   * Folds the shards of the totals' closed hours (before the previous hour) into shard 0 (the
   * shards keep one hour's orders from queueing on one row; a closed hour needs one row): the
   * orders' totals, then the returns' (stat_order_return_hour_total), one statement each; answers
   * the rows folded.
   */
  async compact(before = new Date(Math.floor(Date.now() / HOUR) * HOUR - HOUR)): Promise<number> {
    const [t] = await query<{ n: number }>(
      this.db,
      sql`
      with moved as (
        delete from stat_order_return_hour_total where hour < ${before} and shard <> 0 returning hour, simulated, return_count
      ), summed as (
        select hour, simulated, sum(return_count) as n, count(*) as k from moved group by 1, 2
      ), put as (
        insert into stat_order_return_hour_total as s (hour, simulated, shard, return_count)
        select hour, simulated, 0, n from summed order by 1, 2
        on conflict (hour, simulated, shard) do update set return_count = s.return_count + excluded.return_count
      )
      select coalesce(sum(k), 0)::int as n from summed`,
    );
    const [r] = await query<{ n: number }>(
      this.db,
      sql`
      with moved as (
        delete from stat_order_hour_total where hour < ${before} and shard <> 0
        returning hour, simulated, order_count, paid_amount, refund_amount, finished_count, rental_minutes
      ), summed as (
        select hour, simulated, sum(order_count) as n, sum(paid_amount) as paid, sum(refund_amount) as refund, sum(finished_count) as fin, sum(rental_minutes) as mins, count(*) as k
        from moved group by 1, 2
      ), put as (
        insert into stat_order_hour_total as s (hour, simulated, shard, order_count, paid_amount, refund_amount, finished_count, rental_minutes)
        select hour, simulated, 0, n, paid, refund, fin, mins from summed order by 1, 2
        on conflict (hour, simulated, shard) do update set
          order_count = s.order_count + excluded.order_count, paid_amount = s.paid_amount + excluded.paid_amount,
          refund_amount = s.refund_amount + excluded.refund_amount, finished_count = s.finished_count + excluded.finished_count,
          rental_minutes = s.rental_minutes + excluded.rental_minutes
      )
      select coalesce(sum(k), 0)::int as n from summed`,
    );
    return r!.n + t!.n;
  }
}
