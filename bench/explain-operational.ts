/**
 * `tsx bench/explain-operational.ts <database url> [30d|shanghai|year]`: the plan (EXPLAIN (ANALYZE,
 * BUFFERS)) of every statement the operational data's order side runs for one of bench:stats's
 * windows (the whole business), one after the other on one connection, then the statement's own run.
 * What it is for: the rows each statement touches, which (unlike wall time on a shared machine) do not
 * depend on the load (docs/benchmarks.md, "Operational data at any window").
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { openPostgres, query, type Db } from '../apps/server/src/platform/db/database.js';
import { OrderOperations } from '../apps/server/src/modules/order/order.operations.js';
import { CustomerRollups } from '../apps/server/src/modules/stats/customers.js';
import { statsContext } from './stats.js';

async function main() {
  const url = process.argv[2];
  const which = process.argv[3] ?? '30d';
  if (!url) throw new Error('usage: tsx bench/explain-operational.ts <database url> [30d|shanghai|year]');
  const database = await openPostgres(url, { max: 1 });
  const dialect = new PgDialect();
  const plans: string[] = [];
  // A db that explains each statement before running it.
  const explaining = {
    execute: async (statement: SQL) => {
      const q = dialect.sqlToQuery(statement);
      if (/^\s*set /i.test(q.sql)) return database.db.execute(statement);
      const plan = await query<{ 'QUERY PLAN': string }>(
        database.db,
        sql.raw(`EXPLAIN (ANALYZE, BUFFERS) ${inline(q.sql, q.params)}`),
      );
      plans.push(plan.map((r) => r['QUERY PLAN']).join('\n'));
      return database.db.execute(statement);
    },
    transaction: async <T>(f: (tx: unknown) => Promise<T>) => f(explaining),
  };
  // bench:stats's windows (bench/stats.ts, statsContext): 30 days by day in UTC or Asia/Shanghai, a year by month.
  const c = statsContext(database.db);
  const [win, period, timeZone] =
    which === 'year'
      ? ([c.yearByMonth, 'month', 'UTC'] as const)
      : which === 'shanghai'
        ? ([c.monthShanghai, 'day', 'Asia/Shanghai'] as const)
        : ([c.month, 'day', 'UTC'] as const);
  const w = { begin: new Date(win.beginTime), end: new Date(win.endTime), period, timeZone };
  const ops = new OrderOperations(explaining as unknown as Db);
  await query(database.db, sql`set jit = off`);
  const t0 = performance.now();
  const fig = await ops.figures({ ...w, outletIds: null });
  const t1 = performance.now();
  const ret = await new CustomerRollups(explaining as unknown as Db).returning(w, async () => 0);
  const t2 = performance.now();
  console.log(`window ${w.begin.toISOString()} .. ${w.end.toISOString()} by ${w.period} in ${w.timeZone}`);
  console.log(
    `figures: ${fig.periods.length} periods, ${fig.cabinets.length} cabinets, ${fig.outlets.length} outlets (${(t1 - t0).toFixed(0)} ms with EXPLAIN); returning customers ${ret ? ret.total : 'not from the rollup'} (${(t2 - t1).toFixed(0)} ms)`,
  );
  for (const p of plans) console.log(`\n${p}`);
  await database.close();
}

/** The statement with its parameters written in (EXPLAIN takes no parameters over the wire here). */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, i: string) => {
    const v = params[Number(i) - 1];
    if (v === null || v === undefined) return 'NULL';
    if (typeof v === 'number') return String(v);
    if (v instanceof Date) return `'${v.toISOString()}'::timestamptz`;
    return `'${String(v).replace(/'/g, "''")}'`;
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
