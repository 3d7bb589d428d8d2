import type {
  StatsAgentRanking,
  StatsNow,
  StatsOverview,
  StatsOverviewQuery,
  StatsRanking,
  StatsScope,
  StatsTrend,
} from '@cbo/contract';
import { statsWindow } from '../../platform/stats-window.js';
import type { OperationsAsk } from './operations.needs.js';
import type { StatsNeeds } from './needs.js';
import type { CustomerRollups, Returning } from './customers.js';

/** The part of the business a statistics call reads: everything, or the outlets of a region, an agent or one outlet (`outletIds`, null for everything). */
export interface ResolvedScope {
  kind: 'all' | 'region' | 'agent' | 'outlet';
  id: number | null;
  name: string | null;
  outletIds: number[] | null;
}

/**
 * The statistics module's one reader (docs/decisions/statistics.md, "One owner for the readers"):
 * every figure the statistics calls answer is read here, from the facts the order and ledger modules
 * keep in their rollups (written only by their tables' triggers, rollups.sql) and hand over through
 * their read ports (`needs.orders`, `needs.ledger`, `needs.operations.orders`). The screens' services
 * (stats.service.ts, report.service.ts, operations.service.ts) and the dashboard call build on it
 * and never ask those ports themselves.
 *
 * The order figures: a window's whole hours from the hourly rollups, the parts of its edge hours from
 * the order rows (the port's `sums`), so every figure equals what the orders list sums for the same
 * creation-time filter; a scoped figure (a region's, an agent's or an outlet's) reads the scope's
 * outlets, resolved by the outlet module as for every statistics call.
 */
export class StatsReader {
  constructor(
    private readonly needs: Pick<StatsNeeds, 'orders' | 'ledger' | 'places' | 'operations'>,
    /** The customer rollup (the stats module's own tables); without it returning customers are read from the order rows. */
    private readonly customers?: CustomerRollups,
  ) {}

  /** The window of a statistics call (default the last 30 days; refused when reversed or over 366 days). */
  window(q: { beginTime?: string; endTime?: string }): { begin: Date; end: Date } {
    return statsWindow(q);
  }

  /**
   * The scope of a call: at most one of region, agent and outlet (refused otherwise), which must
   * exist; a region's or an agent's outlets are the ones under it now (the outlet module's answer).
   */
  async scope(q: StatsScope): Promise<ResolvedScope> {
    const s = await this.needs.places.scope({ regionId: q.regionId, agentId: q.agentId, outletId: q.outletId });
    return { kind: s.kind, id: s.id, name: s.name, outletIds: s.kind === 'all' ? null : s.outlets.map((o) => o.id) };
  }

  /** Orders using, refunding and refund failed now: the orders list's totals for those states (its default window). */
  async now(): Promise<StatsNow> {
    const [using, refunding, refundFailed] = await Promise.all(
      (['using', 'refunding', 'refundFailed'] as const).map((status) => this.needs.orders.count({ status })),
    );
    return { using: using!, refunding: refunding!, refundFailed: refundFailed! };
  }

  /** The orders created in the window (of the scope): count, paid, refunded, finished, billed minutes. */
  async overview(q: StatsOverviewQuery, scope?: ResolvedScope): Promise<StatsOverview> {
    const { begin, end } = statsWindow(q);
    const { outletIds } = scope ?? (await this.scope(q));
    const [r] = await this.needs.orders.sums(begin, end, outletIds, 'none');
    return {
      beginTime: begin.toISOString(),
      endTime: end.toISOString(),
      orderCount: r?.orderCount ?? 0,
      paidAmount: r?.paidAmount ?? 0,
      refundAmount: r?.refundAmount ?? 0,
      finishedCount: r?.finishedCount ?? 0,
      rentalMinutes: r?.rentalMinutes ?? 0,
    };
  }

  /**
   * The orders created in each UTC hour of the window (hours without any left out), the edge hours'
   * parts included, so the points add up to the overview of the same window and scope.
   */
  async trend(q: StatsOverviewQuery, scope?: ResolvedScope): Promise<StatsTrend> {
    const { begin, end } = statsWindow(q);
    const { outletIds } = scope ?? (await this.scope(q));
    const rows = await this.needs.orders.sums(begin, end, outletIds, 'hour');
    return {
      points: rows.map((r) => ({
        hour: String(r.key),
        orderCount: r.orderCount,
        paidAmount: r.paidAmount,
        refundAmount: r.refundAmount,
      })),
    };
  }

  /**
   * The outlets (of the scope) whose orders created in the window paid the most (ties: more orders,
   * then the lower id): the orders list summed per outlet for the same creation-time filter, each
   * named as on its latest order. Six by default (the dashboard's ranking).
   */
  async outletRanking(q: StatsOverviewQuery, scope?: ResolvedScope, limit = 6): Promise<StatsRanking> {
    const { begin, end } = statsWindow(q);
    const { outletIds } = scope ?? (await this.scope(q));
    const rows = (await this.needs.orders.sums(begin, end, outletIds, 'outlet'))
      .map((r) => ({ outletId: Number(r.key), orderCount: r.orderCount, paidAmount: r.paidAmount }))
      .sort((a, b) => b.paidAmount - a.paidAmount || b.orderCount - a.orderCount || a.outletId - b.outletId)
      .slice(0, limit);
    if (!rows.length) return { list: [] };
    const names = await this.needs.orders.outletNames(rows.map((r) => r.outletId));
    return { list: rows.map((r) => ({ ...r, outletName: names.get(r.outletId) ?? null })) };
  }

  /**
   * The five agents whose outlets' orders created in the window paid the most (as the outlet
   * ranking): the figures per outlet, each outlet under the agent it is under now (the outlet
   * module's answer), outlets without an agent left out.
   */
  async agentRanking(q: StatsOverviewQuery, scope?: ResolvedScope): Promise<StatsAgentRanking> {
    const { begin, end } = statsWindow(q);
    const { outletIds } = scope ?? (await this.scope(q));
    const rows = await this.needs.orders.sums(begin, end, outletIds, 'outlet');
    const places = await this.needs.places.placesOf(rows.map((r) => Number(r.key)));
    const by = new Map<number, { orderCount: number; paidAmount: number }>();
    for (const r of rows) {
      const agentId = places.get(Number(r.key))?.agentId;
      if (!agentId) continue;
      const a = by.get(agentId) ?? { orderCount: 0, paidAmount: 0 };
      a.orderCount += r.orderCount;
      a.paidAmount += r.paidAmount;
      by.set(agentId, a);
    }
    const top = [...by.entries()]
      .sort(([ia, a], [ib, b]) => b.paidAmount - a.paidAmount || b.orderCount - a.orderCount || ia - ib)
      .slice(0, 5);
    const names = top.length
      ? await this.needs.places.names(
          'agent',
          top.map(([id]) => id),
        )
      : new Map<number, string>();
    return { list: top.map(([agentId, a]) => ({ agentId, agentName: names.get(agentId) ?? null, ...a })) };
  }

  /** The cabinets a power bank was rented from by an order created in the window (live and archived). */
  async activeCabinets(q: StatsOverviewQuery): Promise<{ beginTime: string; endTime: string; count: number }> {
    const { begin, end } = statsWindow(q);
    const count = await this.needs.orders.activeCabinets(begin, end);
    return { beginTime: begin.toISOString(), endTime: end.toISOString(), count };
  }

  /** The ledger's debit and credit per range, account kind and movement kind (whole business; its day and hour rollups and edge entries). */
  rangeSums(...a: Parameters<StatsNeeds['ledger']['rangeSums']>) {
    return this.needs.ledger.rangeSums(...a);
  }

  /** The ledger's financial figures per range and outlet (its per-outlet rollups and edge entries). */
  outletFigures(...a: Parameters<StatsNeeds['ledger']['outletFigures']>) {
    return this.needs.ledger.outletFigures(...a);
  }

  /** The operational figures of the orders (the per-cabinet rollup and edge rows) for a window and its outlets. */
  operations(w: OperationsAsk & { outletIds: readonly number[] | null }) {
    return this.needs.operations.orders.figures(w);
  }

  /**
   * Returning customers per period and for the window: for the whole business from the customer
   * rollup when the window's days are its days (customers.ts, `rollupDays`), otherwise (a scope, a
   * half-hour zone, a change of offset, a window starting inside a day) from the order rows.
   */
  async returning(w: OperationsAsk & { outletIds: readonly number[] | null }): Promise<Returning> {
    if (w.outletIds === null && this.customers) {
      const r = await this.customers.returning(w, async (from, to) =>
        (await this.needs.orders.sums(from, to, null, 'none')).reduce((s, x) => s + x.orderCount, 0),
      );
      if (r) return r;
    }
    return this.needs.operations.orders.returning(w);
  }
}
