import {
  PERMS,
  STATS_FINANCE_FIGURES,
  statsLabels,
  type Lang,
  type StatsActions,
  type StatsBusiness,
  type StatsBusinessQuery,
  type StatsDashboard,
  type StatsDashboardQuery,
  type StatsFinance,
  type StatsFinanceBreakdownRow,
  type StatsFinanceQuery,
  type StatsFinanceRow,
  type StatsFinanceScope,
  type AccountKind,
} from '@cbo/contract';
import type { Principal } from '../../platform/http/routes.js';
import { AppError } from '../../platform/http/app-error.js';
import type { LedgerOutletFigures, LedgerRangeSum, StatsNeeds } from './needs.js';
import type { ResolvedScope, StatsReader } from './reader.js';

/** The account kinds the financial data reads, and which figure each one's movements feed. */
const SHARE_FIGURE: Partial<Record<AccountKind, keyof StatsFinanceRow>> = {
  agentPayable: 'agentShare',
  outletPayable: 'outletShare',
  providerPayable: 'providerShare',
  operatorPayable: 'operatorShare',
  pusherPayable: 'pusherShare',
  revenue: 'platform',
};
export const FINANCE_KINDS: readonly AccountKind[] = [
  'orderIncome',
  'taxes',
  'fees',
  ...(Object.keys(SHARE_FIGURE) as AccountKind[]),
];

const zero = (start: string): StatsFinanceRow =>
  ({ start, ...Object.fromEntries(STATS_FINANCE_FIGURES.map((f) => [f, 0])) }) as StatsFinanceRow;

/**
 * Adds one ledger line into a period's figures (contract stats.ts says what each one is):
 * income: credits to order income; shares and the platform: what the share postings credited less
 * what refunds took back (and plus what failed refunds restored), i.e. credit − debit of the
 * `share` and `refund` movements on those accounts; refunds: what refunds took from the shares and
 * the platform, net of failed ones (debit − credit of `refund` movements there); taxes and fees:
 * their credit − debit.
 */
export function addLine(
  row: StatsFinanceRow,
  l: Pick<LedgerRangeSum, 'accountKind' | 'kind' | 'debit' | 'credit'>,
): void {
  if (l.accountKind === 'orderIncome') {
    row.income += l.credit;
    return;
  }
  if (l.accountKind === 'taxes') row.taxes += l.credit - l.debit;
  else if (l.accountKind === 'fees') row.fees += l.credit - l.debit;
  const share = SHARE_FIGURE[l.accountKind];
  if (share && (l.kind === 'share' || l.kind === 'refund')) (row[share] as number) += l.credit - l.debit;
  if (share && l.kind === 'refund') row.refunds += l.debit - l.credit;
}

/** Period starts of `[begin, end]` in a time zone: the first instant of each day, Monday week or month. */
export function periodStarts(begin: Date, end: Date, period: 'day' | 'week' | 'month', timeZone: string): Date[] {
  const starts: Date[] = [];
  let at = startOf(begin, period, timeZone);
  while (at <= end) {
    starts.push(at);
    at = next(at, period, timeZone);
  }
  return starts;
}

/** The wall clock of an instant in a zone: year, month (1-12), day, weekday (0 Sunday). */
function wall(d: Date, timeZone: string) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return {
    y: Number(p.year),
    m: Number(p.month),
    d: Number(p.day),
    wd: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(p.weekday!),
    h: Number(p.hour),
    mi: Number(p.minute),
    s: Number(p.second),
  };
}

/** The instant a zone's wall clock reads y-m-d 00:00 (the offset found by asking the zone twice, DST included). */
function midnight(y: number, m: number, d: number, timeZone: string): Date {
  const guess = Date.UTC(y, m - 1, d);
  let t = guess;
  for (let i = 0; i < 3; i++) {
    const w = wall(new Date(t), timeZone);
    const shown = Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi, w.s);
    t = guess - (shown - t);
  }
  return new Date(t);
}

function startOf(d: Date, period: 'day' | 'week' | 'month', timeZone: string): Date {
  const w = wall(d, timeZone);
  if (period === 'month') return midnight(w.y, w.m, 1, timeZone);
  if (period === 'week') {
    const back = (w.wd + 6) % 7;
    const u = new Date(Date.UTC(w.y, w.m - 1, w.d - back));
    return midnight(u.getUTCFullYear(), u.getUTCMonth() + 1, u.getUTCDate(), timeZone);
  }
  return midnight(w.y, w.m, w.d, timeZone);
}

function next(at: Date, period: 'day' | 'week' | 'month', timeZone: string): Date {
  const w = wall(at, timeZone);
  const u =
    period === 'month'
      ? new Date(Date.UTC(w.y, w.m, 1))
      : new Date(Date.UTC(w.y, w.m - 1, w.d + (period === 'week' ? 7 : 1)));
  return midnight(u.getUTCFullYear(), u.getUTCMonth() + 1, u.getUTCDate(), timeZone);
}

/** A zone the server knows (Intl), or the error naming it. */
export function checkZone(tz: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return tz;
  } catch {
    throw new AppError('STATS_TIME_ZONE', { zone: tz });
  }
}

/**
 * Statistics: the dashboard's business figures and action list, and the financial data. Reads
 * other modules only through the needs its wiring file (src/wiring/stats.ts) hands in (the ledger's period sums, the order
 * module's figures, the network's registrations), never their tables.
 */
export class StatsService {
  constructor(
    private readonly needs: Pick<StatsNeeds, 'places' | 'actions' | 'access' | 'members'>,
    /** Every figure of the rollups is read through it. */
    private readonly reader: StatsReader,
  ) {}

  private get places(): StatsNeeds['places'] {
    return this.needs.places;
  }

  /** The action items the account may see (each needs the permission of the list it links to), with their counts now. */
  async actions(p: Principal, lang: Lang): Promise<StatsActions> {
    const seen = await Promise.all(this.needs.actions.map((a) => this.needs.access.holdsPermission(p, a.permission)));
    const mine = this.needs.actions.filter((_, i) => seen[i]);
    const counts = await Promise.all(mine.map((a) => a.count()));
    return {
      list: mine.map((a, i) => ({
        key: a.key,
        title: Object.hasOwn(statsLabels.action, a.key) ? statsLabels.action[a.key]![lang] : a.key,
        count: counts[i]!,
        screen: a.screen,
        query: a.query,
      })),
    };
  }

  /**
   * The dashboard's statistics in one answer: each part exactly what its own call answers for its
   * window (the whole business), or null when the account lacks that call's permission. The
   * permissions are asked together, then every granted part is read at once.
   */
  async dashboard(p: Principal, q: StatsDashboardQuery, lang: Lang): Promise<StatsDashboard> {
    const today = { beginTime: q.todayBeginTime, endTime: q.endTime };
    const week = { beginTime: q.weekBeginTime, endTime: q.endTime };
    const month = { beginTime: q.monthBeginTime, endTime: q.endTime };
    // Every window is checked before anything is read (a bad one is the message its own call gives).
    for (const w of [today, week, month]) this.reader.window(w);
    const [orders, business, actions] = await Promise.all(
      [PERMS.orderQuery, PERMS.statsBusiness, PERMS.statsActions].map((code) =>
        this.needs.access.holdsPermission(p, code),
      ),
    );
    const all: ResolvedScope = { kind: 'all', id: null, name: null, outletIds: null };
    const when = <T>(granted: boolean | undefined, read: () => Promise<T>) =>
      granted ? read() : Promise.resolve(null);
    const [t, w, trend, outletRanking, agentRanking, now, b, a] = await Promise.all([
      when(orders, () => this.reader.overview(today, all)),
      when(orders, () => this.reader.overview(week, all)),
      when(orders, () => this.reader.trend(month, all)),
      when(orders, () => this.reader.outletRanking(week, all)),
      when(orders, () => this.reader.agentRanking(week, all)),
      when(orders, () => this.reader.now()),
      when(business, () => this.business(p, today)),
      when(actions, () => this.actions(p, lang)),
    ]);
    return { today: t, week: w, trend, outletRanking, agentRanking, now, business: b, actions: a };
  }

  /** New customers (with the member list's permission) and active cabinets of a window. */
  async business(p: Principal, q: StatsBusinessQuery): Promise<StatsBusiness> {
    const { begin, end } = this.reader.window(q);
    const [members, active] = await Promise.all([
      this.needs.access.holdsPermission(p, PERMS.memberQuery),
      this.reader.activeCabinets(q),
    ]);
    return {
      beginTime: begin.toISOString(),
      endTime: end.toISOString(),
      newUsers: members ? await this.needs.members.registered(begin, end) : null,
      activeCabinets: active.count,
    };
  }

  /**
   * The financial data of a window, per period of the time zone (the query's, else the viewer's):
   * of the whole business, or of one region's, agent's or outlet's orders (`regionId`, `agentId`,
   * `outletId`: at most one), and with `by` the window's figures per outlet, agent or region of
   * that scope. Every period is one range of the ledger's reads: the whole business from its day
   * and hour rollups (rangeSums), a scope and the breakdown from its per-outlet rollups
   * (outletFigures); an outlet's agent and region are its current ones.
   */
  async finance(q: StatsFinanceQuery, viewerZone: string, lang: Lang = 'zh_CN'): Promise<StatsFinance> {
    const timeZone = checkZone(q.timeZone ?? viewerZone);
    const { begin, end } = this.reader.window(q);
    const starts = periodStarts(begin, end, q.period, timeZone);
    const list = starts.map((s) => zero(s.toISOString()));
    const total = zero(begin.toISOString());
    let scope: StatsFinance['scope'] = null;
    let outlets: number[] | undefined;
    // Each period's part of the window, the last one up to and including its end.
    const ranges = starts.map((s, i) => ({
      key: s.toISOString(),
      begin: s < begin ? begin : s,
      end: starts[i + 1] ?? end,
      closed: i === starts.length - 1,
    }));
    const at = new Map(list.map((r) => [r.start, r]));
    if (q.regionId !== undefined || q.agentId !== undefined || q.outletId !== undefined) {
      const s = await this.places.scope({ regionId: q.regionId, agentId: q.agentId, outletId: q.outletId });
      if (s.kind !== 'all') {
        outlets = s.outlets.map((o) => o.id);
        scope = { kind: s.kind, id: s.id!, name: s.name ?? `#${s.id}` };
      }
    }
    if (!scope) {
      for (const l of await this.reader.rangeSums(ranges, FINANCE_KINDS)) {
        addLine(at.get(l.key)!, l);
        addLine(total, l);
      }
    } else {
      for (const f of await this.reader.outletFigures(ranges, outlets)) {
        addFigures(at.get(f.key)!, f);
        addFigures(total, f);
      }
    }
    for (const r of [...list, total]) r.net = r.income - r.refunds;
    const breakdown = q.by ? await this.breakdown(q.by, begin, end, outlets, lang) : null;
    return {
      beginTime: begin.toISOString(),
      endTime: end.toISOString(),
      timeZone,
      period: q.period,
      list,
      total,
      scope,
      breakdown,
    };
  }

  /** The window's figures per outlet, agent or region (of these outlets when given), busiest income first; id 0 gathers money of none. */
  private async breakdown(
    by: StatsFinanceScope,
    begin: Date,
    end: Date,
    outlets: number[] | undefined,
    lang: Lang,
  ): Promise<StatsFinanceBreakdownRow[]> {
    const figures = await this.reader.outletFigures([{ key: 'window', begin, end, closed: true }], outlets);
    const places =
      by === 'outlet' ? null : await this.places.placesOf(figures.map((f) => f.outletId).filter((id) => id > 0));
    const rows = new Map<number, StatsFinanceBreakdownRow>();
    for (const f of figures) {
      const place = places?.get(f.outletId);
      const id = by === 'outlet' ? f.outletId : ((by === 'agent' ? place?.agentId : place?.regionId) ?? 0);
      let row = rows.get(id);
      if (!row) {
        const { start: _start, ...figs } = zero('');
        row = { id, name: '', ...figs };
        rows.set(id, row);
      }
      addFigures(row, f);
    }
    // Outlets whose movements were all removed (rollup rows back at 0) are no rows.
    const list = [...rows.values()].filter((r) => STATS_FINANCE_FIGURES.some((f) => r[f] !== 0));
    const ids = list.map((r) => r.id).filter((id) => id > 0);
    const names = ids.length ? await this.places.names(by, ids) : new Map<number, string>();
    for (const r of list) {
      r.net = r.income - r.refunds;
      r.name = r.id === 0 ? statsLabels.none[by][lang] : (names.get(r.id) ?? `#${r.id}`);
    }
    return list.sort((a, b) => b.income - a.income || a.id - b.id);
  }
}

/** Adds an outlet's figures of a range into a row (the rollup's figures are already the contract's). */
function addFigures(row: Omit<StatsFinanceRow, 'start'>, f: LedgerOutletFigures): void {
  for (const k of STATS_FINANCE_FIGURES) if (k !== 'net') row[k] += f[k];
}
