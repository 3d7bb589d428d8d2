/**
 * The statistics rows of `npm run bench` (and `npm run bench:stats` alone), on PostgreSQL, at each
 * size of BENCH_STATS_ORDERS (default `1000000,10000000`):
 *  - the database `bench_<size>` (bench_1m, bench_10m; data.ts) is reused when `bench_fill` says it
 *    holds that many orders, else filled first by `fillData` (a year of business, minutes at 1M, most
 *    of an hour at 10M on 2 shared cores); BENCH_FILL=0 skips a size that is not filled instead; a
 *    fill of an older generator (FILL_VERSION) is upgraded in place first (upgradeFill), also with
 *    BENCH_FILL=0, so no figure is measured on rows the generator no longer writes;
 *  - every statistics query of STATS_QUERIES (stats.ts), p50/p99, next to the same figures by a
 *    whole-table GROUP BY;
 *  - the order list pages through the API of a server on that database against the same statements
 *    timed by psql (orders.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.js';
import { openPostgres, query } from '../apps/server/src/platform/db/database.js';
import { buildApp } from '../apps/server/src/app.js';
import { sql } from 'drizzle-orm';
import {
  benchDatabaseName,
  benchDatabaseUrl,
  fillData,
  filled,
  FILL_VERSION,
  upgradeFill,
  type FillInfo,
} from './data.js';
import { benchStats, wholeMs, type StatsRow } from './stats.js';
import { apiClient, timePages, type OrderBench } from './orders.js';

export interface StatsAtSize {
  orders: number;
  database: string;
  /** The fill this run used, and whether this run made it. */
  fill: FillInfo | null;
  filledNow: boolean;
  live: number;
  archived: number;
  rows: StatsRow[];
  pages: OrderBench['page']['rows'];
  load: number;
}

/**
 * How many times each row's whole-table GROUP BY is timed at a size: BENCH_STATS_WHOLE_RUNS, else 3 (2 at
 * 5M orders and more). 0: not timed (its columns "—"); a row with a check is still compared with it first.
 */
export function wholeRuns(orders: number): number {
  const env = process.env.BENCH_STATS_WHOLE_RUNS;
  if (env !== undefined && env !== '') {
    const n = Number(env);
    if (!Number.isInteger(n) || n < 0) throw new Error(`BENCH_STATS_WHOLE_RUNS is a whole number >= 0, not ${env}`);
    return n;
  }
  return orders >= 5_000_000 ? 2 : 3;
}

export function statsSizes(): number[] {
  return (process.env.BENCH_STATS_ORDERS ?? '1000000,10000000')
    .split(',')
    .map((x) => Number(x.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

export async function benchStatistics(
  sizes = statsSizes(),
  log: (s: string) => void = (s) => console.log(s),
): Promise<StatsAtSize[]> {
  const out: StatsAtSize[] = [];
  for (const orders of sizes) {
    // BENCH_DATABASE_PREFIX (e.g. a branch's name): bench_<prefix>_1m instead of bench_1m, so two people's fills do not meet.
    const prefix = process.env.BENCH_DATABASE_PREFIX;
    const url = await benchDatabaseUrl(
      orders,
      prefix ? benchDatabaseName(orders).replace(/^bench_/, `bench_${prefix}_`) : undefined,
    );
    const name = new URL(url).pathname.slice(1);
    let database = await openPostgres(url, { max: 10 });
    let fill = await filled(database.db);
    let filledNow = false;
    if (!fill || fill.orders !== orders) {
      if (process.env.BENCH_FILL === '0') {
        log(`${name}: not filled with ${orders} orders (BENCH_FILL=0), skipped`);
        await database.close();
        continue;
      }
      await database.close();
      log(`${name}: filling with ${orders.toLocaleString('en-US')} orders`);
      fill = await fillData(url, { orders, log: (s) => log(`${name}: ${s}`) });
      filledNow = true;
      database = await openPostgres(url, { max: 10 });
    } else if ((fill.version ?? 1) < FILL_VERSION) {
      await database.close();
      fill = await upgradeFill(url, fill, (s) => log(`${name}: ${s}`));
      database = await openPostgres(url, { max: 10 });
    }
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbo-bench-stats-'));
    try {
      const db = database.db;
      const [n] = await query<{ live: number; archived: number }>(
        db,
        sql`select (select count(*) from ord_order)::int as live, (select count(*) from ord_order_archive)::int as archived`,
      );
      log(
        `${name}: ${n!.live.toLocaleString('en-US')} live and ${n!.archived.toLocaleString('en-US')} archived orders, filled ${fill.filledAt}`,
      );
      const rows = await benchStats(db, fill.outlets, 30, wholeRuns(orders), (s) => log(`${name}: ${s}`));
      // The order list through a server on this database, as the console calls it.
      const config = loadConfig({
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: 'bench123',
        LOG_LEVEL: 'silent',
        WEB_DIST: path.join(dataDir, 'none'),
        MQTT_PORT: '0',
        DATABASE_URL: url,
      });
      const server = await buildApp({ config, database, workers: false });
      let pages: OrderBench['page']['rows'] = [];
      try {
        await server.app.listen({ port: 0, host: '127.0.0.1' });
        const call = apiClient(`http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`);
        const signIn = await call('POST', '/user/api/open/v1/auth', {
          userName: 'admin',
          password: 'bench123',
          clientType: 'MANAGE_PC',
        });
        if (signIn.code !== 0) throw new Error(`sign-in on ${name}: ${signIn.code} ${signIn.msg}`);
        pages = await timePages(url, db, call, `staff:${signIn.data.token as string}`, [
          { name: 'first page (last 30 days, no filter)', body: { pageNum: 1, pageSize: 20 } },
          {
            name: 'filtered page (status finished, one outlet, page 3)',
            body: { pageNum: 3, pageSize: 20, status: 'finished', outletId: 7 },
          },
          {
            name: 'archive, first page (the 30 days before; the bench orders are demo ones)',
            archive: true,
            body: { pageNum: 1, pageSize: 20, userType: 'demo' },
          },
        ]);
        for (const p of pages)
          log(`${name}: ${p.name}: API ${p.apiP50.toFixed(1)} ms, psql ${p.psqlP50.toFixed(1)} ms, total ${p.total}`);
      } finally {
        await server.close();
      }
      out.push({
        orders,
        database: name,
        fill,
        filledNow,
        live: n!.live,
        archived: n!.archived,
        rows,
        pages,
        load: os.loadavg()[0]!,
      });
    } finally {
      await database.close().catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return out;
}

const n = (x: number) => x.toLocaleString('en-US');

/** The runs of the whole-table side as the section's header says them. */
function wholeRunsText(results: StatsAtSize[]): string {
  const runs = results.map((r) => `${wholeRuns(r.orders)} at ${n(r.orders)}`);
  if (results.every((r) => wholeRuns(r.orders) === 0))
    return 'not timed in this run: BENCH_STATS_WHOLE_RUNS=0, "—" in its columns; the rows with a check were still compared with it once';
  if (results.some((r) => wholeRuns(r.orders) === 0))
    return `runs: ${runs.join(', ')}; 0 is not timed (BENCH_STATS_WHOLE_RUNS=0, "—" in its columns; the rows with a check were still compared with it once)`;
  return process.env.BENCH_STATS_WHOLE_RUNS ? `runs: ${runs.join(', ')}` : '3 runs; 2 at 10M';
}

/** The "Statistics at 1M and 10M orders" section of docs/benchmarks.md. */
export function statisticsSection(results: StatsAtSize[], note = ''): string {
  const lines = ['## Statistics at 1M and 10M orders', ''];
  if (!results.length)
    return [
      ...lines,
      'Not measured: no bench database was filled (BENCH_STATS_ORDERS, BENCH_FILL=0) or PostgreSQL was not reachable.',
    ].join('\n');
  lines.push(
    'Written by `npm run bench` and `npm run bench:stats` (bench/statistics.ts). Each size has a PostgreSQL database of its own',
    '(`bench_1m`, `bench_10m`), filled once by `npm run bench:data -- --orders N` (a year of business: weekly and daily cycles,',
    "500 outlets of very different trade, 200,000 customers, 3 % refunded, orders older than 30 days in the archive, each order's",
    "ledger movements; the rollups kept by the tables' own triggers as the rows go in) and reused while `bench_fill` says so.",
    'Each query as the console asks it (30 runs after a warm-up) next to the same figures by a GROUP BY over every row they',
    `summarise (${wholeRunsText(results)}). The operational rows are first checked figure by figure against that GROUP BY`,
    '(the run stops when one differs). Targets: the dashboard under 50 ms; the order page within twice the raw query.',
    '',
    '| orders | query | p50 ms | p99 ms | whole-table GROUP BY p50 ms | p99 ms |',
    '| ---: | --- | ---: | ---: | ---: | ---: |',
  );
  for (const r of results)
    for (const q of r.rows)
      lines.push(
        `| ${n(r.orders)} | ${q.name} | ${q.p50.toFixed(1)} | ${q.p99.toFixed(1)} | ${wholeMs(q.wholeP50)} | ${wholeMs(q.wholeP99)} |`,
      );
  lines.push(
    '',
    'The order list at the same sizes: "API" is the list call over loopback HTTP on a server on that database (10 calls after 2',
    'warm-ups; the list runs its count and its page side by side), "psql" the same two statements (the query builder\'s,',
    "parameters written in) timed by psql's `\\timing`, the slower of the two per run.",
    '',
    '| orders | page | total | API p50 ms | API p99 ms | psql p50 ms | API / psql |',
    '| ---: | --- | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const r of results)
    for (const p of r.pages)
      lines.push(
        `| ${n(r.orders)} | ${p.name} | ${n(p.total)} | ${p.apiP50.toFixed(1)} | ${p.apiP99.toFixed(1)} | ${p.psqlP50.toFixed(1)} | ${(p.apiP50 / Math.max(0.1, p.psqlP50)).toFixed(1)}× |`,
      );
  const verdicts = results.map((r) => {
    const d = r.rows.find((q) => q.name.startsWith('dashboard'));
    const slow = r.pages.filter((p) => p.apiP50 > 2 * p.psqlP50);
    return `${n(r.orders)}: dashboard ${d ? `${d.p50.toFixed(1)} ms at p50, ${d.p50 < 50 ? 'within' : 'over'} its 50 ms (p99 ${d.p99.toFixed(1)} ms)` : 'not timed'}; order pages ${slow.length ? `over twice the raw query: ${slow.map((p) => `${p.name} ${(p.apiP50 / Math.max(0.1, p.psqlP50)).toFixed(1)}×`).join(', ')}` : 'within twice the raw query'}.`;
  });
  lines.push('', `Against the targets (from this run): ${verdicts.join(' ')}`);
  lines.push(
    '',
    '| database | orders (live + archive) | ledger transactions / entries | filled | fill s | where the fill time went | rollup check | load average at the end |',
    '| --- | ---: | ---: | --- | ---: | --- | --- | ---: |',
  );
  for (const r of results) {
    const f = r.fill!;
    lines.push(
      `| ${r.database} | ${n(r.live)} + ${n(r.archived)} | ${n(f.counts.transactions)} / ${n(f.counts.entries)} | ${f.filledAt.slice(0, 16).replace('T', ' ')} UTC${r.filledNow ? ' (this run)' : ''}${f.upgraded ? `, upgraded from version ${f.upgraded.from} ${f.upgraded.at.slice(0, 16).replace('T', ' ')} UTC in ${f.upgraded.seconds.toFixed(0)} s` : ''} | ${f.seconds.toFixed(0)} | ${f.phases.map((p) => `${p.name} ${p.seconds.toFixed(0)}`).join(', ')} | ${f.check} | ${r.load.toFixed(1)} |`,
    );
  }
  lines.push(
    '',
    'A reused database keeps the dates of its fill: "today" and "7 days" read what is there (fewer rows as it ages); refill with `npm run bench:data` (drop the database first) for figures of a current year.',
  );
  if (note) lines.push('', note);
  return lines.join('\n');
}
