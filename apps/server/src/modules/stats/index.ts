import { defineList } from '../../platform/list-kit.js';
import { periodic } from '../../platform/jobs/periodic.js';
import { defineModule, type Platform } from '../../platform/module.js';
import { formatInZone, timeZoneOf } from '../../platform/time-zone.js';
import { ANSWERED, registerCall } from '../../platform/http/routes.js';
import {
  statsLabels,
  type StatsFinanceBreakdownRow,
  type StatsFinanceQuery,
  type StatsFinanceRow,
  type StatsFinanceScope,
} from '@cbo/contract';
import { statsMenus } from './menus.js';
import type { StatsNeeds } from './needs.js';
import { StatsService } from './stats.service.js';
import { StatsReader } from './reader.js';
import { ReportService } from './report.service.js';
import { reportFileName, reportWorkbook } from './report-excel.js';
import type { StatsOperationalQuery, StatsOperationalRow } from '@cbo/contract';
import { OperationsService } from './operations.service.js';
import { CustomerRollups } from './customers.js';

export type { ActionProvider, StatsNeeds } from './needs.js';

const money = (cents: number) => (cents / 100).toFixed(2);

/** How often the rollups' closed hours are folded (a first run soon after the start). */
const COMPACT_MS = 10 * 60_000;
const COMPACT_FIRST_MS = 30_000;

function createStats({ log, db }: Platform, needs: StatsNeeds) {
  const customers = new CustomerRollups(db);
  const reader = new StatsReader(needs, customers);
  const stats = new StatsService(needs, reader);
  const compaction = periodic(
    'statistics rollup compaction',
    COMPACT_MS,
    async () => {
      const n = await Promise.all([...needs.compactions.map((c) => c()), customers.compact()]);
      if (n.some((x) => x > 0)) log.debug({ folded: n }, 'statistics rollups: closed hours folded');
    },
    log,
    { firstMs: COMPACT_FIRST_MS },
  );
  /** The financial data as a list (one row per period) for the export centre; the zone is the query's (the console sends the viewer's). */
  const financeRows = {
    count: async (f: StatsFinanceQuery) => (await stats.finance(f, 'UTC')).list.length,
    rows: async (f: StatsFinanceQuery, offset: number, limit: number): Promise<StatsFinanceRow[]> =>
      (await stats.finance(f, 'UTC')).list.slice(offset, offset + limit),
  };
  const report = new ReportService(needs, reader, (q, zone) => stats.finance(q, zone));
  const operations = new OperationsService(needs, reader);
  /** The operational data as a list (one row per period) for the export centre; the zone is the query's (the console sends the viewer's). */
  const operationalRows = {
    count: async (f: StatsOperationalQuery) => (await operations.operational(f, 'UTC', null)).list.length,
    rows: async (f: StatsOperationalQuery, offset: number, limit: number): Promise<StatsOperationalRow[]> =>
      (await operations.operational(f, 'UTC', null)).list.slice(offset, offset + limit),
  };
  /** The breakdown (per outlet unless `by` says agent or region) as a list for the export centre; the name of "none" is worded by the cells. */
  const breakdownRows = {
    count: async (f: StatsFinanceQuery) =>
      (await stats.finance({ ...f, by: f.by ?? 'outlet' }, 'UTC')).breakdown!.length,
    rows: async (
      f: StatsFinanceQuery,
      offset: number,
      limit: number,
    ): Promise<(StatsFinanceBreakdownRow & { by: StatsFinanceScope })[]> =>
      (await stats.finance({ ...f, by: f.by ?? 'outlet' }, 'UTC'))
        .breakdown!.slice(offset, offset + limit)
        .map((r) => ({ ...r, by: f.by ?? 'outlet' })),
  };
  return { reader, stats, financeRows, breakdownRows, operations, operationalRows, compaction, report };
}
export type StatsServices = ReturnType<typeof createStats>;

/**
 * The statistics module: every statistics call (the order figures under /order/api/v1/stats/, the
 * dashboard's one call, business figures and action list, financial and operational data, the
 * operation report), each read through its one reader (reader.ts) from the rollups the order and
 * ledger modules keep with their tables' triggers and hand over through their read ports
 * (docs/decisions/statistics.md, "One owner for the readers"). It owns the customer rollup (tables.ts: returning customers), which the order tables' triggers write (order/rollups.sql).
 */
export const stats = defineModule({
  name: 'stats',
  tables: {},
  menus: statsMenus,
  services: createStats,
  lists: (s) => [
    defineList({
      export: 'statsFinanceExport',
      source: s.financeRows,
      cells: (r, { timeZone }) => ({
        start: formatInZone(r.start, timeZone).slice(0, 10),
        income: money(r.income),
        refunds: money(r.refunds),
        net: money(r.net),
        agentShare: money(r.agentShare),
        outletShare: money(r.outletShare),
        providerShare: money(r.providerShare),
        operatorShare: money(r.operatorShare),
        pusherShare: money(r.pusherShare),
        platform: money(r.platform),
        taxes: money(r.taxes),
        fees: money(r.fees),
      }),
      widths: { start: 20 },
    }),
    defineList({
      export: 'statsOperationalExport',
      source: s.operationalRows,
      cells: (r, { timeZone }) => ({ start: formatInZone(r.start, timeZone).slice(0, 10), newUsers: r.newUsers ?? '' }),
      widths: { start: 20 },
    }),
    defineList({
      export: 'statsFinanceBreakdownExport',
      source: s.breakdownRows,
      cells: (r, { lang }) => ({
        name: r.id === 0 ? statsLabels.none[r.by][lang] : r.name,
        income: money(r.income),
        refunds: money(r.refunds),
        net: money(r.net),
        agentShare: money(r.agentShare),
        outletShare: money(r.outletShare),
        providerShare: money(r.providerShare),
        operatorShare: money(r.operatorShare),
        pusherShare: money(r.pusherShare),
        platform: money(r.platform),
        taxes: money(r.taxes),
        fees: money(r.fees),
      }),
      widths: { name: 24 },
    }),
  ],
  start: async (s) => s.compaction.start(),
  stop: async (s) => s.compaction.stop(),
  routes: (app, s) => {
    // The order figures (spec section 7: their paths under /order/api/v1/stats/ stay as they were).
    registerCall(app, 'orderStatsOverview', ({ query }) => s.reader.overview(query), { audit: false });
    registerCall(app, 'orderStatsTrend', ({ query }) => s.reader.trend(query), { audit: false });
    registerCall(app, 'orderStatsOutletRanking', ({ query }) => s.reader.outletRanking(query), { audit: false });
    registerCall(app, 'orderStatsAgentRanking', ({ query }) => s.reader.agentRanking(query), { audit: false });
    registerCall(app, 'orderStatsNow', () => s.reader.now(), { audit: false });
    registerCall(app, 'statsDashboard', ({ principal, query, req }) => s.stats.dashboard(principal, query, req.lang), {
      audit: false,
    });
    registerCall(app, 'statsActions', ({ principal, req }) => s.stats.actions(principal, req.lang), { audit: false });
    registerCall(app, 'statsBusiness', ({ principal, query }) => s.stats.business(principal, query), { audit: false });
    registerCall(
      app,
      'statsOperational',
      ({ query, req, principal }) => s.operations.operational(query, timeZoneOf(req.headers['x-time-zone']), principal),
      { audit: false },
    );
    registerCall(
      app,
      'statsReport',
      ({ query, req }) => s.report.report(query, timeZoneOf(req.headers['x-time-zone'])),
      { audit: false },
    );
    registerCall(app, 'statsReportExport', async ({ query, req, reply }) => {
      const r = await s.report.report(query, timeZoneOf(req.headers['x-time-zone']));
      const file = await reportWorkbook(r, req.lang);
      const name = reportFileName(r, req.lang);
      const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
      // Answered here (a file, not the envelope); the wrapper sends nothing more.
      reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('cache-control', 'private, no-store')
        .send(file);
      return ANSWERED;
    });
    registerCall(
      app,
      'statsFinance',
      ({ query, req }) => s.stats.finance(query, timeZoneOf(req.headers['x-time-zone']), req.lang),
      { audit: false },
    );
  },
});
