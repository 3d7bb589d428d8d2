import { sql, type SQL } from 'drizzle-orm';
import type {
  OrderFilter,
  StatsNow,
  StatsAgentRanking,
  StatsOverview,
  StatsOverviewQuery,
  StatsRanking,
  StatsScope,
  StatsTrend,
} from '@cbo/contract';
import type { OrderNeeds } from './needs.js';
import { query, type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** The longest window a statistics call answers (a year, leap or not). */
export const STATS_MAX_DAYS = 366;

type Sums = {
  n: string | number | null;
  paid: string | number | null;
  refund: string | number | null;
  fin: string | number | null;
  mins: string | number | null;
};
const num = (v: string | number | null) => Number(v ?? 0);

/** The window of a statistics call: the last 30 days ending now by default; start not after end; at most 366 days. */
export function statsWindow(q: StatsOverviewQuery, now = new Date()): { begin: Date; end: Date } {
  const end = q.endTime ? new Date(q.endTime) : now;
  const begin = q.beginTime ? new Date(q.beginTime) : new Date(end.getTime() - 30 * DAY);
  if (begin > end) throw new AppError('DATE_RANGE_ORDER');
  if (end.getTime() - begin.getTime() > STATS_MAX_DAYS * DAY) throw new AppError('STATS_RANGE_TOO_LONG');
  return { begin, end };
}

/** The part of the business a statistics call reads: everything, or the outlets of a region, an agent or one outlet (`outletIds`, null for everything). */
export interface ResolvedScope {
  kind: 'all' | 'region' | 'agent' | 'outlet';
  id: number | null;
  name: string | null;
  outletIds: number[] | null;
}

/** How the figures of a window are grouped: not at all, per UTC hour, or per outlet. */
type By = 'none' | 'hour' | 'outlet';
type Keyed = Sums & { k: string | number | Date | null };

/**
 * The order figures of a window, from the hourly rollup over all outlets (stat_order_hour_total, kept by the order
 * tables' statement triggers) for the whole hours inside it and from the order rows themselves
 * (live and archive, by their creation-time index) for the parts of hours at its two edges: so a
 * figure for any window is exactly what the lists sum for the same creation-time filter
 * (`created_at >= begin and created_at <= end`), and a year costs some thousand rollup rows.
 * A scoped figure (a region's, an agent's or an outlet's) reads the per-outlet rollup
 * (stat_order_hour) of the scope's outlets the same way; the rankings too, so a ranking includes
 * the current hour and equals the orders list summed per outlet for the same filter.
 */
export class OrderStats {
  constructor(
    private readonly db: Db,
    private readonly outlets: Pick<OrderNeeds['outlets'], 'agentsOf' | 'agentNames' | 'scope'>,
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

  /**
   * The scope of a call: at most one of region, agent and outlet (refused otherwise), which must
   * exist; a region's or an agent's outlets are the ones under it now (the outlet module's answer).
   */
  async scope(q: StatsScope): Promise<ResolvedScope> {
    const s = await this.outlets.scope({ regionId: q.regionId, agentId: q.agentId, outletId: q.outletId });
    return { kind: s.kind, id: s.id, name: s.name, outletIds: s.kind === 'all' ? null : s.outlets.map((o) => o.id) };
  }

  async overview(q: StatsOverviewQuery, scope?: ResolvedScope): Promise<StatsOverview> {
    const { begin, end } = statsWindow(q);
    const { outletIds } = scope ?? (await this.scope(q));
    const [r] = await this.sums(begin, end, outletIds, 'none');
    return {
      beginTime: begin.toISOString(),
      endTime: end.toISOString(),
      orderCount: num(r?.n ?? null),
      paidAmount: num(r?.paid ?? null),
      refundAmount: num(r?.refund ?? null),
      finishedCount: num(r?.fin ?? null),
      rentalMinutes: num(r?.mins ?? null),
    };
  }

  /**
   * The figures of the orders created in [begin, end], grouped `by`: the whole hours [h0, h1)
   * inside the window from a rollup (the totals over every outlet when no scope or grouping by
   * outlet asks for the per-outlet one), the parts of the two edge hours (the current hour among
   * them) from the order rows, live and archived. `outletIds` limits it to those outlets (an empty
   * list reads nothing); grouped by outlet, orders without an outlet are left out.
   */
  private async sums(begin: Date, end: Date, outletIds: number[] | null, by: By): Promise<Keyed[]> {
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
    return query<Keyed>(
      this.db,
      sql`
      select k, sum(n) n, sum(paid) paid, sum(refund) refund, sum(fin) fin, sum(mins) mins from (${parts}) p
      group by k having sum(n) <> 0 order by k`,
    );
  }

  /**
   * Folds the shards of the totals' closed hours (before the previous hour) into shard 0 (the
   * shards keep one hour's orders from queueing on one row; a closed hour needs one row). One
   * statement; answers the rows folded.
   */
  async compact(before = new Date(Math.floor(Date.now() / HOUR) * HOUR - HOUR)): Promise<number> {
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
    return r!.n;
  }

  /**
   * The orders created in each hour of the window (hours without any left out): whole hours from
   * the rollup, the parts of the two edge hours (the current hour among them) from the order rows,
   * so the points add up to the overview of the same window and scope.
   */
  async trend(q: StatsOverviewQuery, scope?: ResolvedScope): Promise<StatsTrend> {
    const { begin, end } = statsWindow(q);
    const { outletIds } = scope ?? (await this.scope(q));
    const rows = await this.sums(begin, end, outletIds, 'hour');
    return {
      points: rows.map((r) => ({
        hour: new Date(r.k as string | Date).toISOString(),
        orderCount: num(r.n),
        paidAmount: num(r.paid),
        refundAmount: num(r.refund),
      })),
    };
  }

  /**
   * The outlets (of the scope) whose orders created in the window paid the most, whole hours and
   * edge parts alike (ties: more orders, then the lower id): the orders list summed per outlet for
   * the same creation-time filter. Six by default (the dashboard's ranking).
   */
  async outletRanking(q: StatsOverviewQuery, scope?: ResolvedScope, limit = 6): Promise<StatsRanking> {
    const { begin, end } = statsWindow(q);
    const { outletIds } = scope ?? (await this.scope(q));
    const rows = (await this.sums(begin, end, outletIds, 'outlet'))
      .map((r) => ({ outletId: Number(r.k), orderCount: num(r.n), paidAmount: num(r.paid) }))
      .sort((a, b) => b.paidAmount - a.paidAmount || b.orderCount - a.orderCount || a.outletId - b.outletId)
      .slice(0, limit);
    if (!rows.length) return { list: [] };
    const names = await query<{ id: string; name: string | null }>(
      this.db,
      sql`
      select t.id, coalesce((select o.outlet_name from ord_order o where o.outlet_id = t.id order by o.created_at desc limit 1),
                            (select a.outlet_name from ord_order_archive a where a.outlet_id = t.id order by a.created_at desc limit 1)) as name
      from unnest(${`{${rows.map((r) => r.outletId).join(',')}}`}::bigint[]) as t(id)`,
    );
    const nameOf = new Map(names.map((n) => [Number(n.id), n.name]));
    return {
      list: rows.map((r) => ({
        outletId: r.outletId,
        outletName: nameOf.get(r.outletId) ?? null,
        orderCount: r.orderCount,
        paidAmount: r.paidAmount,
      })),
    };
  }

  /**
   * The five agents whose outlets' orders created in the window paid the most (whole hours and
   * edge parts alike, as the outlet ranking): the figures per outlet, each outlet under the agent it
   * is under now (the outlet module's answer), outlets without an agent left out.
   */
  async agentRanking(q: StatsOverviewQuery, scope?: ResolvedScope): Promise<StatsAgentRanking> {
    const { begin, end } = statsWindow(q);
    const { outletIds } = scope ?? (await this.scope(q));
    const rows = await this.sums(begin, end, outletIds, 'outlet');
    const agents = await this.outlets.agentsOf(rows.map((r) => Number(r.k)));
    const by = new Map<number, { orderCount: number; paidAmount: number }>();
    for (const r of rows) {
      const agentId = agents.get(Number(r.k));
      if (!agentId) continue;
      const a = by.get(agentId) ?? { orderCount: 0, paidAmount: 0 };
      a.orderCount += num(r.n);
      a.paidAmount += num(r.paid);
      by.set(agentId, a);
    }
    const top = [...by.entries()]
      .sort(([ia, a], [ib, b]) => b.paidAmount - a.paidAmount || b.orderCount - a.orderCount || ia - ib)
      .slice(0, 5);
    const names = await this.outlets.agentNames(top.map(([id]) => id));
    return { list: top.map(([agentId, a]) => ({ agentId, agentName: names.get(agentId) ?? null, ...a })) };
  }

  /**
   * The cabinets a power bank was rented from by an order created in the window (live and
   * archived orders alike, by their creation-time index): the dashboard's active cabinets.
   */
  async activeCabinets(q: StatsOverviewQuery): Promise<{ beginTime: string; endTime: string; count: number }> {
    const { begin, end } = statsWindow(q);
    const [r] = await query<{ n: string }>(
      this.db,
      sql`
      select count(distinct sn) n from (
        select sn from ord_order where created_at >= ${begin} and created_at <= ${end} and device_type = 'powerBank'
        union all
        select sn from ord_order_archive where created_at >= ${begin} and created_at <= ${end} and device_type = 'powerBank'
      ) t`,
    );
    return { beginTime: begin.toISOString(), endTime: end.toISOString(), count: Number(r!.n) };
  }
}
