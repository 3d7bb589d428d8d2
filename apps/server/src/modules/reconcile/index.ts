import { label } from '@cbo/contract';
import { defineList, definePage } from '../../platform/list-kit.js';
import { periodic } from '../../platform/jobs/periodic.js';
import { defineModule, type Platform } from '../../platform/module.js';
import { formatInZone } from '../../platform/time-zone.js';
import { reconcileMenus } from './menus.js';
import type { ReconcileModuleNeeds, ReconcileNeeds } from './needs.js';
import { booksOf } from './books.js';
import { ReconcileService } from './reconcile.service.js';
import { reconcileRoutes } from './routes.js';
import * as tables from './tables.js';

export type {
  ReconcileNeeds,
  ReconcileModuleNeeds,
  ReconcileBooks,
  CompanyStatement,
  BookLine,
  StatementLine,
} from './needs.js';

const money = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));
/** How often the schedule looks whether the day before is due (a look is one indexed insert that usually does nothing). */
const SCHEDULE_MS = 60_000;

function createReconcile({ db, log, config }: Platform, given: ReconcileModuleNeeds) {
  const needs: ReconcileNeeds = { ...given, books: booksOf(given.books) };
  const reconcile = new ReconcileService(db, needs, log);
  // Each day at RECONCILE_AT (server local time) the day before is reconciled, once for every company.
  const schedule = periodic(
    'reconciliation schedule',
    SCHEDULE_MS,
    async () => {
      const day = ReconcileService.dueDay(new Date(), config.RECONCILE_AT);
      if (day && (await reconcile.runScheduled(day)) > 0) log.info({ day }, 'day reconciled');
    },
    log,
  );
  return {
    reconcile,
    startSchedule: () => schedule.start(),
    stopSchedule: () => schedule.stop(),
  };
}
export type ReconcileServices = ReturnType<typeof createReconcile>;

/**
 * The reconciliation module (issue 28): each day each payment company's statement is matched
 * with the books (the order module's payments, the withdrawals' payouts), its differences shown
 * and explained by people, exported. It never changes the books.
 */
export const reconcile = defineModule({
  name: 'reconcile',
  tables,
  menus: reconcileMenus,
  services: createReconcile,
  lists: (s) => [
    definePage({ page: 'reconcileDayQueryPage', source: s.reconcile.days }),
    defineList({
      page: 'reconcileLineQueryPage',
      export: 'reconcileExport',
      source: s.reconcile.lines,
      cells: (r, { lang, timeZone }) => ({
        result: label('reconcile', 'result', r.result, lang),
        op: label('reconcile', 'op', r.op, lang),
        reference: r.reference ?? '',
        providerAmount: money(r.providerAmount),
        booksAmount: money(r.booksAmount),
        fee: money(r.fee),
        at: formatInZone(r.at, timeZone),
        explainedBy: r.explainedBy ?? '',
        explainedAt: r.explainedAt ? formatInZone(r.explainedAt, timeZone) : '',
        reason: r.reason ?? '',
      }),
      widths: { result: 16, key: 40, reference: 28, at: 20, explainedAt: 20, reason: 40 },
    }),
  ],
  routes: reconcileRoutes,
  start: async (s) => s.startSchedule(),
  stop: async (s) => s.stopSchedule(),
});
