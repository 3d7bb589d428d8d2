/**
 * The statistics queries as the console asks them, timed against a database that `npm run
 * bench:data` filled (orders and their ledger postings), each next to the same figures computed by
 * a whole-table GROUP BY over the rows they summarise:
 *  - dashboard: what the dashboard asks at once (today's and the last 7 days' overview, the 7-day
 *    trend, the top-6 outlets, today's active cabinets), run together as the console does;
 *  - financial: a year of the ledger by month (StatsService.finance through LedgerService.periodSums);
 *  - financial by day: the last 30 days by day.
 */
import { sql } from 'drizzle-orm';
import { query, type Db } from '../apps/server/src/platform/db/database.js';
import { OrderStats, statsWindow } from '../apps/server/src/modules/order/order.stats.js';
import { LedgerService } from '../apps/server/src/modules/ledger/ledger.service.js';
import { StatsService, FINANCE_KINDS } from '../apps/server/src/modules/stats/stats.service.js';

const quantile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;
const DAY = 86_400_000;

export interface StatsRow {
  name: string;
  p50: number;
  p99: number;
  wholeP50: number;
  wholeP99: number;
}

async function time(f: () => Promise<unknown>, runs: number) {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await f();
    ms.push(performance.now() - t);
  }
  return { p50: quantile(ms, 0.5), p99: quantile(ms, 0.99) };
}

export async function benchStats(db: Db, runs = 30, wholeRuns = 3): Promise<StatsRow[]> {
  const orders = new OrderStats(db, { agentsOf: async () => new Map(), agentNames: async () => new Map() }, async () => 0);
  const ledger = new LedgerService(db);
  const stats = new StatsService({
    ledger,
    orders: { window: (q) => statsWindow(q), activeCabinets: (q) => orders.activeCabinets(q) },
    members: { registered: async () => 0 },
    access: { holdsPermission: async () => true },
    actions: [],
    compactions: [],
  });
  const now = new Date();
  const midnight = new Date(Math.floor(now.getTime() / DAY) * DAY);
  const today = { beginTime: midnight.toISOString(), endTime: now.toISOString() };
  const week = { beginTime: new Date(midnight.getTime() - 6 * DAY).toISOString(), endTime: now.toISOString() };
  const year = { beginTime: new Date(now.getTime() - 365 * DAY).toISOString(), endTime: now.toISOString() };
  const month = { beginTime: new Date(midnight.getTime() - 29 * DAY).toISOString(), endTime: now.toISOString() };
  const bothTables = (cols: string) => sql.raw(`(select ${cols} from ord_order union all select ${cols} from ord_order_archive)`);
  const dashboard = () =>
    Promise.all([orders.overview(today), orders.overview(week), orders.trend(week), orders.outletRanking(week), orders.activeCabinets(today)]);
  const dashboardWhole = () =>
    Promise.all([
      query(db, sql`select count(*), sum(paid_amount), sum(refund_amount) from ${bothTables('created_at, paid_amount, refund_amount')} o where created_at >= ${new Date(today.beginTime)} and created_at <= ${now}`),
      query(db, sql`select date_trunc('hour', created_at), count(*), sum(paid_amount) from ${bothTables('created_at, paid_amount')} o where created_at >= ${new Date(week.beginTime)} and created_at <= ${now} group by 1`),
      query(db, sql`select outlet_id, sum(paid_amount) from ${bothTables('created_at, outlet_id, paid_amount')} o where created_at >= ${new Date(week.beginTime)} and created_at <= ${now} group by 1 order by 2 desc limit 6`),
      // The whole-table way: every order of the year grouped, then the figures picked from it.
      query(db, sql`select date_trunc('day', created_at), outlet_id, count(*), sum(paid_amount), count(distinct sn) from ${bothTables('created_at, outlet_id, paid_amount, sn')} o group by 1, 2`),
    ]);
  const financeWhole = (begin: Date, unit: string) =>
    query(db, sql`
      select date_trunc(${unit}, e.created_at at time zone 'UTC'), e.account_kind, t.kind, sum(e.debit), sum(e.credit)
      from led_entry e join led_transaction t on t.id = e.transaction_id
      where e.account_kind in (${sql.join(FINANCE_KINDS.map((k) => sql`${k}`), sql`, `)}) and e.created_at >= ${begin} and e.created_at <= ${now} group by 1, 2, 3`);
  const rows: StatsRow[] = [];
  const add = async (name: string, fast: () => Promise<unknown>, whole: () => Promise<unknown>) => {
    await fast();
    const a = await time(fast, runs);
    const b = await time(whole, wholeRuns);
    rows.push({ name, p50: a.p50, p99: a.p99, wholeP50: b.p50, wholeP99: b.p99 });
  };
  await add('dashboard (5 order calls at once)', dashboard, dashboardWhole);
  await add('financial data, a year by month', () => stats.finance({ ...year, period: 'month', timeZone: 'UTC' }, 'UTC'), () => financeWhole(new Date(year.beginTime), 'month'));
  await add('financial data, 30 days by day', () => stats.finance({ ...month, period: 'day', timeZone: 'UTC' }, 'UTC'), () => financeWhole(new Date(month.beginTime), 'day'));
  return rows;
}

export function statsTable(orders: number, rows: StatsRow[]): string {
  return [
    `| orders | query | p50 ms | p99 ms | whole-table GROUP BY p50 ms | p99 ms |`,
    `| ---: | --- | ---: | ---: | ---: | ---: |`,
    ...rows.map((r) => `| ${orders.toLocaleString('en-US')} | ${r.name} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.wholeP50.toFixed(0)} | ${r.wholeP99.toFixed(0)} |`),
  ].join('\n');
}
