import { PERMS, STATS_FINANCE_FIGURES, statsLabels, type Lang, type StatsActions, type StatsBusiness, type StatsBusinessQuery, type StatsFinance, type StatsFinanceQuery, type StatsFinanceRow, type AccountKind } from '@cbo/contract';
import type { Principal } from '../../platform/http/routes.js';
import { AppError } from '../../platform/http/app-error.js';
import type { LedgerPeriodSum, StatsNeeds } from './needs.js';

/** The account kinds the financial data reads, and which figure each one's movements feed. */
const SHARE_FIGURE: Partial<Record<AccountKind, keyof StatsFinanceRow>> = {
  agentPayable: 'agentShare',
  outletPayable: 'outletShare',
  providerPayable: 'providerShare',
  pusherPayable: 'pusherShare',
  revenue: 'platform',
};
export const FINANCE_KINDS: readonly AccountKind[] = ['orderIncome', 'taxes', 'fees', ...(Object.keys(SHARE_FIGURE) as AccountKind[])];

const zero = (start: string): StatsFinanceRow => ({ start, ...Object.fromEntries(STATS_FINANCE_FIGURES.map((f) => [f, 0])) }) as StatsFinanceRow;

/**
 * Adds one ledger line into a period's figures (contract stats.ts says what each one is):
 * income: credits to order income; shares and the platform: what the share postings credited less
 * what refunds took back (and plus what failed refunds restored), i.e. credit − debit of the
 * `share` and `refund` movements on those accounts; refunds: what refunds took from the shares and
 * the platform, net of failed ones (debit − credit of `refund` movements there); taxes and fees:
 * their credit − debit.
 */
export function addLine(row: StatsFinanceRow, l: LedgerPeriodSum): void {
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
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', weekday: 'short', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day), wd: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(p.weekday!), h: Number(p.hour), mi: Number(p.minute), s: Number(p.second) };
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
  const u = period === 'month' ? new Date(Date.UTC(w.y, w.m, 1)) : new Date(Date.UTC(w.y, w.m - 1, w.d + (period === 'week' ? 7 : 1)));
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
 * other modules only through the needs app.ts hands in (the ledger's period sums, the order
 * module's figures, the network's registrations), never their tables.
 */
export class StatsService {
  constructor(private readonly needs: StatsNeeds) {}

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

  /** New customers (with the member list's permission) and active cabinets of a window. */
  async business(p: Principal, q: StatsBusinessQuery): Promise<StatsBusiness> {
    const { begin, end } = this.needs.orders.window(q);
    const [members, active] = await Promise.all([this.needs.access.holdsPermission(p, PERMS.memberQuery), this.needs.orders.activeCabinets(q)]);
    return {
      beginTime: begin.toISOString(),
      endTime: end.toISOString(),
      newUsers: members ? await this.needs.members.registered(begin, end) : null,
      activeCabinets: active.count,
    };
  }

  /** The financial data of a window, per period of the time zone (the query's, else the viewer's). */
  async finance(q: StatsFinanceQuery, viewerZone: string): Promise<StatsFinance> {
    const timeZone = checkZone(q.timeZone ?? viewerZone);
    const { begin, end } = this.needs.orders.window(q);
    const lines = await this.needs.ledger.periodSums({ begin, end, period: q.period, timeZone, kinds: FINANCE_KINDS });
    const list = periodStarts(begin, end, q.period, timeZone).map((s) => zero(s.toISOString()));
    const at = new Map(list.map((r) => [r.start, r]));
    const total = zero(begin.toISOString());
    for (const l of lines) {
      const row = at.get(l.start.toISOString());
      if (!row) throw new Error(`period ${l.start.toISOString()} (${q.period}, ${timeZone}) is not one of the window's`);
      addLine(row, l);
      addLine(total, l);
    }
    for (const r of [...list, total]) r.net = r.income - r.refunds;
    return { beginTime: begin.toISOString(), endTime: end.toISOString(), timeZone, period: q.period, list, total };
  }
}
