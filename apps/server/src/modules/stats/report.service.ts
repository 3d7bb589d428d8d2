import {
  STATS_REPORT_FIGURES,
  statsFinanceQuery,
  type StatsFinance,
  type StatsFinanceQuery,
  type StatsReport,
  type StatsReportDay,
  type StatsReportFigure,
  type StatsReportQuery,
  type StatsScope,
} from '@cbo/contract';
import type { StatsNeeds } from './needs.js';
import type { StatsReader } from './reader.js';
import { checkZone, periodStarts } from './stats.service.js';

/** The financial data of a window for a scope (StatsService.finance; the scope fields pass through to it). */
export type ScopedFinance = (q: StatsFinanceQuery & StatsScope, viewerZone: string) => Promise<StatsFinance>;

/**
 * Whether the financial data's query takes a scope yet. Until it does, a scoped report leaves its
 * money section out (null) rather than show the whole business's money under a region's name.
 */
const FINANCE_TAKES_SCOPE = ['regionId', 'agentId', 'outletId'].every((k) => k in statsFinanceQuery.shape);

const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * Statistics → Operation report: one answer for the screen, the workbook and the print. The order
 * figures are the reader's (its overview, trend and outlet ranking for the scope, resolved
 * once), so they equal the orders list summed over the scope's outlets; the money is the financial
 * data's total for the same window and scope. The previous period has the window's length and ends
 * one millisecond before it starts.
 */
export class ReportService {
  constructor(
    private readonly needs: Pick<StatsNeeds, 'currency'>,
    /** The order figures and the operational data's, through the module's one reader. */
    private readonly reader: StatsReader,
    private readonly finance: ScopedFinance,
  ) {}

  async report(q: StatsReportQuery, viewerZone: string): Promise<StatsReport> {
    const timeZone = checkZone(q.timeZone ?? viewerZone);
    const { begin, end } = this.reader.window(q);
    const figures = this.reader;
    const scopeQ: StatsScope = { regionId: q.regionId, agentId: q.agentId, outletId: q.outletId };
    const scope = await figures.scope(scopeQ);
    const prevEnd = new Date(begin.getTime() - 1);
    const prevBegin = new Date(prevEnd.getTime() - (end.getTime() - begin.getTime()));
    const cur = { beginTime: begin.toISOString(), endTime: end.toISOString() };
    const prev = { beginTime: prevBegin.toISOString(), endTime: prevEnd.toISOString() };
    const money =
      FINANCE_TAKES_SCOPE || scope.kind === 'all'
        ? this.finance({ ...cur, ...scopeQ, period: 'month', timeZone }, timeZone)
        : Promise.resolve(null);
    // The average rental is the operational data's (power-bank rentals, rent to return), for the same window and scope.
    const held = (b: Date, e: Date) =>
      this.reader
        .operations({ begin: b, end: e, period: 'day', timeZone, outletIds: scope.outletIds ?? null })
        .then((f) => f.ended);
    const [now, before, trend, ranking, finance, currency, heldNow, heldBefore] = await Promise.all([
      figures.overview(cur, scope),
      figures.overview(prev, scope),
      figures.trend(cur, scope),
      figures.outletRanking(cur, scope, 10),
      money,
      this.needs.currency(),
      held(begin, end),
      held(prevBegin, prevEnd),
    ]);
    const values = (o: typeof now, ended: { count: number; minutes: number }): Record<StatsReportFigure, number> => ({
      orderCount: o.orderCount,
      paidAmount: o.paidAmount,
      refundAmount: o.refundAmount,
      netAmount: o.paidAmount - o.refundAmount,
      finishedCount: o.finishedCount,
      avgRentalMinutes: ended.count ? round1(ended.minutes / ended.count) : 0,
    });
    const [a, b] = [values(now, heldNow), values(before, heldBefore)];
    const headline = STATS_REPORT_FIGURES.map((key) => ({
      key,
      current: a[key],
      previous: b[key],
      change: b[key] === 0 ? null : round1(((a[key] - b[key]) / Math.abs(b[key])) * 100),
    }));
    // The hours added up into the days of the viewer's zone (each hour into the day it starts in).
    const days: StatsReportDay[] = periodStarts(begin, end, 'day', timeZone).map((d) => ({
      day: d.toISOString(),
      orderCount: 0,
      paidAmount: 0,
      refundAmount: 0,
    }));
    let i = 0;
    for (const p of trend.points) {
      const at = new Date(p.hour).getTime();
      while (i + 1 < days.length && new Date(days[i + 1]!.day).getTime() <= at) i++;
      const day = days[i]!;
      day.orderCount += p.orderCount;
      day.paidAmount += p.paidAmount;
      day.refundAmount += p.refundAmount;
    }
    return {
      scope: {
        kind: scope.kind,
        id: scope.id,
        name: scope.name,
        outlets: scope.outletIds ? scope.outletIds.length : null,
      },
      ...cur,
      timeZone,
      currency,
      previous: prev,
      headline,
      daily: days,
      topOutlets: ranking.list.map((r) => ({
        ...r,
        share: now.paidAmount ? round1((r.paidAmount / now.paidAmount) * 100) : 0,
      })),
      money: finance ? finance.total : null,
    };
  }
}
