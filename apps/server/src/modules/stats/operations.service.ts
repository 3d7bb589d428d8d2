import {
  DURATION_BUCKETS,
  PERMS,
  type StatsCabinetUse,
  type StatsOperational,
  type StatsOperationalQuery,
  type StatsOperationalRow,
  type StatsOutletUse,
} from '@cbo/contract';
import type { Principal } from '../../platform/http/routes.js';
import type { StatsNeeds } from './needs.js';
import type { StatsReader } from './reader.js';
import { checkZone, periodStarts } from './stats.service.js';

const zero = (start: string, newUsers: number | null): StatsOperationalRow => ({
  start,
  created: 0,
  finished: 0,
  newUsers,
  returningUsers: 0,
  failedEjects: 0,
  forcedEjects: 0,
  repairTickets: 0,
});

/**
 * Statistics → Operational data (issue 16): one window, one scope, every figure from the module
 * that owns its rows (needs wired in app.ts): orders, durations, per-cabinet use and returns from
 * the order module's rollups, returning customers from its rows, the scope's outlets from the
 * outlet module, cabinets and faults from the fleet, repair tickets from accessories, new
 * customers from the member list's count. Sums agree: the periods add up to the total, the
 * outlets' and the cabinets' orders to the orders created.
 */
export class OperationsService {
  constructor(
    private readonly needs: Pick<StatsNeeds, 'operations' | 'members' | 'access'>,
    /** The order rollups' figures are read through it. */
    private readonly reader: StatsReader,
  ) {}

  /**
   * The operational data; new customers only for the whole business and an account that may read the
   * member list. Without an account (`p` null: the export, which cannot tell who asked) there are none:
   * a permission boundary is not crossed by exporting.
   */
  async operational(q: StatsOperationalQuery, viewerZone: string, p: Principal | null): Promise<StatsOperational> {
    const ops = this.needs.operations;
    const timeZone = checkZone(q.timeZone ?? viewerZone);
    const { begin, end } = this.reader.window(q);
    const scope = await ops.outlets.resolve({ regionId: q.regionId, agentId: q.agentId, outletId: q.outletId });
    const all = scope.kind === 'all';
    const outletIds = all ? null : scope.outlets.map((o) => o.id);
    const cabinetsNow = await ops.fleet.cabinetsAt(outletIds);
    const sns = all ? null : cabinetsNow.map((c) => c.sn);
    const w = { begin, end, period: q.period, timeZone };
    const members = all && p !== null && (await this.needs.access.holdsPermission(p, PERMS.memberQuery));
    const starts = periodStarts(begin, end, q.period, timeZone);
    const [fig, returning, faults, repairs, registered] = await Promise.all([
      this.reader.operations({ ...w, outletIds }),
      this.reader.returning({ ...w, outletIds }),
      ops.fleet.faults({ ...w, sns }),
      ops.repairs.perPeriod({ ...w, cabinets: sns }),
      members ? this.registered(starts, begin, end) : Promise.resolve(null),
    ]);

    const list = starts.map((s, i) => zero(s.toISOString(), registered ? registered.periods[i]! : null));
    const at = new Map(list.map((r) => [r.start, r]));
    const row = (start: Date) => {
      const r = at.get(start.toISOString());
      if (!r) throw new Error(`period ${start.toISOString()} (${q.period}, ${timeZone}) is not one of the window's`);
      return r;
    };
    for (const x of fig.periods)
      Object.assign(row(x.start), {
        created: row(x.start).created + x.created,
        finished: row(x.start).finished + x.finished,
      });
    for (const x of returning.periods) row(x.start).returningUsers += x.n;
    for (const x of faults) {
      row(x.start).failedEjects += x.failedEjects;
      row(x.start).forcedEjects += x.forcedEjects;
    }
    for (const x of repairs) row(x.start).repairTickets += x.n;
    const total = zero(begin.toISOString(), registered ? registered.total : null);
    for (const r of list)
      for (const k of ['created', 'finished', 'failedEjects', 'forcedEjects', 'repairTickets'] as const)
        total[k] += r[k];
    total.returningUsers = returning.total;

    // Per cabinet: every cabinet standing in the scope now (idle ones at 0), plus those with orders in it that stand elsewhere now.
    const outletName = new Map(scope.outlets.map((o) => [o.id, o.name]));
    const cabinets = new Map<string, StatsCabinetUse>();
    for (const c of cabinetsNow)
      cabinets.set(c.sn, {
        sn: c.sn,
        outletId: c.outletId,
        outletName: c.outletId === null ? null : (outletName.get(c.outletId) ?? null),
        orderCount: 0,
        endedCount: 0,
        rentedMinutes: 0,
      });
    const outlets = new Map<number, StatsOutletUse>();
    for (const o of scope.outlets)
      outlets.set(o.id, {
        outletId: o.id,
        outletName: o.name,
        cabinets: 0,
        orderCount: 0,
        endedCount: 0,
        rentedMinutes: 0,
      });
    for (const c of cabinetsNow)
      if (c.outletId !== null && outlets.has(c.outletId)) outlets.get(c.outletId)!.cabinets += 1;
    for (const c of fig.cabinets) {
      const cab = cabinets.get(c.sn) ?? {
        sn: c.sn,
        outletId: c.outletId || null,
        outletName: outletName.get(c.outletId) ?? null,
        orderCount: 0,
        endedCount: 0,
        rentedMinutes: 0,
      };
      cab.orderCount += c.orderCount;
      cab.endedCount += c.endedCount;
      cab.rentedMinutes += c.rentedMinutes;
      cabinets.set(c.sn, cab);
    }
    // Orders count at the outlet they were rented at (0: none, or an outlet since deleted).
    for (const o of fig.outlets) {
      const out = outlets.get(o.outletId) ?? {
        outletId: o.outletId,
        outletName: outletName.get(o.outletId) ?? null,
        cabinets: 0,
        orderCount: 0,
        endedCount: 0,
        rentedMinutes: 0,
      };
      out.orderCount += o.orderCount;
      out.endedCount += o.endedCount;
      out.rentedMinutes += o.rentedMinutes;
      outlets.set(o.outletId, out);
    }
    const busiest = <T extends { orderCount: number; rentedMinutes: number }>(a: T, b: T) =>
      b.orderCount - a.orderCount || b.rentedMinutes - a.rentedMinutes;

    return {
      beginTime: begin.toISOString(),
      endTime: end.toISOString(),
      timeZone,
      period: q.period,
      scope: { kind: scope.kind, id: scope.id, name: scope.name },
      list,
      total,
      ended: {
        count: fig.ended.count,
        minutes: fig.ended.minutes,
        averageMinutes: fig.ended.count ? Math.round((fig.ended.minutes / fig.ended.count) * 10) / 10 : 0,
      },
      durations: DURATION_BUCKETS.map((bucket, i) => ({ bucket, count: fig.durations[i] ?? 0 })),
      returnsByHour: fig.returnsByHour,
      outlets: [...outlets.values()].sort((a, b) => busiest(a, b) || a.outletId - b.outletId),
      cabinets: [...cabinets.values()].sort((a, b) => busiest(a, b) || a.sn.localeCompare(b.sn)),
    };
  }

  /** Customers registered in each period (clipped to the window) and in the whole window: the member list's counts. */
  private async registered(starts: Date[], begin: Date, end: Date): Promise<{ periods: number[]; total: number }> {
    const periods: number[] = [];
    for (let i = 0; i < starts.length; i++) {
      const from = starts[i]! < begin ? begin : starts[i]!;
      const next = starts[i + 1];
      const to = next && new Date(next.getTime() - 1) < end ? new Date(next.getTime() - 1) : end;
      periods.push(await this.needs.members.registered(from, to));
    }
    return { periods, total: await this.needs.members.registered(begin, end) };
  }
}
