import { sql } from 'drizzle-orm';
import type { OrderFilter, StatsNow, StatsAgentRanking, StatsOverview, StatsOverviewQuery, StatsRanking, StatsTrend } from '@cbo/contract';
import type { OrderNeeds } from './needs.js';
import { query, type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** The longest window a statistics call answers (a year, leap or not). */
export const STATS_MAX_DAYS = 366;

type Sums = { n: string | number | null; paid: string | number | null; refund: string | number | null; fin: string | number | null; mins: string | number | null };
const num = (v: string | number | null) => Number(v ?? 0);

/** The window of a statistics call: the last 30 days ending now by default; start not after end; at most 366 days. */
export function statsWindow(q: StatsOverviewQuery, now = new Date()): { begin: Date; end: Date } {
  const end = q.endTime ? new Date(q.endTime) : now;
  const begin = q.beginTime ? new Date(q.beginTime) : new Date(end.getTime() - 30 * DAY);
  if (begin > end) throw new AppError('DATE_RANGE_ORDER');
  if (end.getTime() - begin.getTime() > STATS_MAX_DAYS * DAY) throw new AppError('STATS_RANGE_TOO_LONG');
  return { begin, end };
}

/**
 * The order figures of a window, from the hourly rollup over all outlets (stat_order_hour_total, kept by the order
 * tables' statement triggers) for the whole hours inside it and from the order rows themselves
 * (live and archive, by their creation-time index) for the parts of hours at its two edges: so a
 * figure for any window is exactly what the lists sum for the same creation-time filter
 * (`created_at >= begin and created_at <= end`), and a year costs some thousand rollup rows.
 */
export class OrderStats {
  constructor(
    private readonly db: Db,
    private readonly outlets: Pick<OrderNeeds['outlets'], 'agentsOf' | 'agentNames'>,
    /** The orders list's own count (order.queries.ts), so a "now" figure is the list's total. */
    private readonly listCount: (f: OrderFilter) => Promise<number>,
  ) {}

  /** Orders using, refunding and refund failed now: the orders list's totals for those states (its default window). */
  async now(): Promise<StatsNow> {
    const [using, refunding, refundFailed] = await Promise.all(
      (['using', 'refunding', 'refundFailed'] as const).map((status) => this.listCount({ status })),
    );
    return { using: using!, refunding: refunding!, refundFailed: refundFailed! };
  }

  async overview(q: StatsOverviewQuery): Promise<StatsOverview> {
    const { begin, end } = statsWindow(q);
    // Whole hours [h0, h1) inside [begin, end]: every order created in one of them is in the window.
    const h0 = new Date(Math.ceil(begin.getTime() / HOUR) * HOUR);
    const h1 = new Date(Math.floor(end.getTime() / HOUR) * HOUR);
    const parts: Sums[] = [];
    if (h0 < h1) {
      parts.push(...(await query<Sums>(this.db, sql`
        select sum(order_count) n, sum(paid_amount) paid, sum(refund_amount) refund, sum(finished_count) fin, sum(rental_minutes) mins
        from stat_order_hour_total where hour >= ${h0} and hour < ${h1}`)));
      parts.push(await this.raw(begin, h0, false), await this.raw(h1, end, true));
    } else {
      parts.push(await this.raw(begin, end, true));
    }
    const total = (k: keyof Sums) => parts.reduce((s, p) => s + num(p[k]), 0);
    return {
      beginTime: begin.toISOString(),
      endTime: end.toISOString(),
      orderCount: total('n'),
      paidAmount: total('paid'),
      refundAmount: total('refund'),
      finishedCount: total('fin'),
      rentalMinutes: total('mins'),
    };
  }

  /**
   * Folds the shards of the totals' closed hours (before the previous hour) into shard 0 (the
   * shards keep one hour's orders from queueing on one row; a closed hour needs one row). One
   * statement; answers the rows folded.
   */
  async compact(before = new Date(Math.floor(Date.now() / HOUR) * HOUR - HOUR)): Promise<number> {
    const [r] = await query<{ n: number }>(this.db, sql`
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
      select coalesce(sum(k), 0)::int as n from summed`);
    return r!.n;
  }

  /** Whole hours [h0, h1) inside a window. */
  private hours(q: StatsOverviewQuery) {
    const { begin, end } = statsWindow(q);
    return { h0: new Date(Math.ceil(begin.getTime() / HOUR) * HOUR), h1: new Date(Math.floor(end.getTime() / HOUR) * HOUR) };
  }

  /**
   * The orders created in each hour of the window, over every outlet (hours without any left out):
   * whole hours from the rollup, the parts of the two edge hours (the current hour among them) from
   * the order rows, so the points add up to the overview of the same window.
   */
  async trend(q: StatsOverviewQuery): Promise<StatsTrend> {
    const { begin, end } = statsWindow(q);
    const { h0, h1 } = this.hours(q);
    const edge = (from: Date, to: Date, toIncluded: boolean) => {
      const upTo = toIncluded ? sql`created_at <= ${to}` : sql`created_at < ${to}`;
      return sql`
        select date_trunc('hour', created_at, 'UTC') as hour, count(*) n, sum(paid_amount) paid, sum(refund_amount) refund from ord_order where created_at >= ${from} and ${upTo} group by 1
        union all
        select date_trunc('hour', created_at, 'UTC'), count(*), sum(paid_amount), sum(refund_amount) from ord_order_archive where created_at >= ${from} and ${upTo} group by 1`;
    };
    const parts =
      h0 < h1
        ? sql`select hour, order_count n, paid_amount paid, refund_amount refund from stat_order_hour_total where hour >= ${h0} and hour < ${h1}
              union all ${edge(begin, h0, false)} union all ${edge(h1, end, true)}`
        : edge(begin, end, true);
    const rows = await query<{ hour: string | Date; n: string; paid: string; refund: string }>(this.db, sql`
      select hour, sum(n) n, sum(paid) paid, sum(refund) refund from (${parts}) p
      group by hour having sum(n) <> 0 order by hour`);
    return { points: rows.map((r) => ({ hour: new Date(r.hour).toISOString(), orderCount: Number(r.n), paidAmount: Number(r.paid), refundAmount: Number(r.refund) })) };
  }

  /** The six outlets whose orders created in the window's whole hours paid the most (ties: more orders, then the lower id). */
  async outletRanking(q: StatsOverviewQuery): Promise<StatsRanking> {
    const { h0, h1 } = this.hours(q);
    const rows = await query<{ outlet_id: string; n: string; paid: string; name: string | null }>(this.db, sql`
      select t.outlet_id, t.n, t.paid,
             coalesce((select o.outlet_name from ord_order o where o.outlet_id = t.outlet_id order by o.created_at desc limit 1),
                      (select a.outlet_name from ord_order_archive a where a.outlet_id = t.outlet_id order by a.created_at desc limit 1)) as name
      from (select outlet_id, sum(order_count) n, sum(paid_amount) paid from stat_order_hour
            where hour >= ${h0} and hour < ${h1} and outlet_id <> 0 group by outlet_id having sum(order_count) <> 0
            order by sum(paid_amount) desc, sum(order_count) desc, outlet_id limit 6) t
      order by t.paid desc, t.n desc, t.outlet_id`);
    return { list: rows.map((r) => ({ outletId: Number(r.outlet_id), outletName: r.name, orderCount: Number(r.n), paidAmount: Number(r.paid) })) };
  }

  /**
   * The five agents whose outlets' orders created in the window's whole hours paid the most: the
   * rollup summed per outlet (one row per outlet that had orders), each outlet under the agent it
   * is under now (the outlet module's answer), outlets without an agent left out.
   */
  async agentRanking(q: StatsOverviewQuery): Promise<StatsAgentRanking> {
    const { h0, h1 } = this.hours(q);
    const rows = await query<{ outlet_id: string; n: string; paid: string }>(this.db, sql`
      select outlet_id, sum(order_count) n, sum(paid_amount) paid from stat_order_hour
      where hour >= ${h0} and hour < ${h1} and outlet_id <> 0 group by outlet_id having sum(order_count) <> 0`);
    const agents = await this.outlets.agentsOf(rows.map((r) => Number(r.outlet_id)));
    const by = new Map<number, { orderCount: number; paidAmount: number }>();
    for (const r of rows) {
      const agentId = agents.get(Number(r.outlet_id));
      if (!agentId) continue;
      const a = by.get(agentId) ?? { orderCount: 0, paidAmount: 0 };
      a.orderCount += Number(r.n);
      a.paidAmount += Number(r.paid);
      by.set(agentId, a);
    }
    const top = [...by.entries()].sort(([ia, a], [ib, b]) => b.paidAmount - a.paidAmount || b.orderCount - a.orderCount || ia - ib).slice(0, 5);
    const names = await this.outlets.agentNames(top.map(([id]) => id));
    return { list: top.map(([agentId, a]) => ({ agentId, agentName: names.get(agentId) ?? null, ...a })) };
  }

  /**
   * The cabinets a power bank was rented from by an order created in the window (live and
   * archived orders alike, by their creation-time index): the dashboard's active cabinets.
   */
  async activeCabinets(q: StatsOverviewQuery): Promise<{ beginTime: string; endTime: string; count: number }> {
    const { begin, end } = statsWindow(q);
    const [r] = await query<{ n: string }>(this.db, sql`
      select count(distinct sn) n from (
        select sn from ord_order where created_at >= ${begin} and created_at <= ${end} and device_type = 'powerBank'
        union all
        select sn from ord_order_archive where created_at >= ${begin} and created_at <= ${end} and device_type = 'powerBank'
      ) t`);
    return { beginTime: begin.toISOString(), endTime: end.toISOString(), count: Number(r!.n) };
  }

  /** The same sums read from the orders themselves (live and archive), created in [from, to] (or [from, to) when `toIncluded` is false). */
  private async raw(from: Date, to: Date, toIncluded: boolean): Promise<Sums> {
    const upTo = toIncluded ? sql`created_at <= ${to}` : sql`created_at < ${to}`;
    const [r] = await query<Sums>(this.db, sql`
      select sum(n) n, sum(paid) paid, sum(refund) refund, sum(fin) fin, sum(mins) mins from (
        select count(*) n, sum(paid_amount) paid, sum(refund_amount) refund, count(*) filter (where status = 'finished') fin, sum(billed_minutes) mins
          from ord_order where created_at >= ${from} and ${upTo}
        union all
        select count(*), sum(paid_amount), sum(refund_amount), count(*) filter (where status = 'finished'), sum(billed_minutes)
          from ord_order_archive where created_at >= ${from} and ${upTo}
      ) t`);
    return r!;
  }
}
