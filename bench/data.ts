/**
 * `npm run bench:data -- [--orders N] [--outlets M]`: fills PostgreSQL (BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL, else the local one) with a year of orders set-wise (generate_series, one
 * statement per million), then times the statistics overview over the year against the same figures
 * computed by a whole-table GROUP BY.
 *  - creation times over the last 52 weeks with a weekly cycle (Friday to Sunday busier) and a daily
 *    one (evenings busiest, nights quiet); orders older than 30 days go straight into the archive
 *    (final ones only, as the archive job would have moved them), the rest into the live table;
 *  - M outlets (default 500), some far busier than others; 200,000 customers; paid amounts of 1.50 to
 *    12.00, 3% refunded in full;
 *  - every row is `simulated` with order number `D…`, so the demo's clean-up removes them, and a
 *    second run adds nothing twice (ON CONFLICT on the number).
 * The rollups are filled by the order tables' statement triggers as the rows go in.
 */
import { sql } from 'drizzle-orm';
import { openPostgres, query } from '../apps/server/src/platform/db/database.js';
import { OrderStats } from '../apps/server/src/modules/order/order.stats.js';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const quantile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;

const BILLING = '{"freeMinutes":3,"pricePerPeriod":150,"periodMinutes":30,"dailyCap":3000,"totalCap":9900,"deposit":9900,"buyOutDays":7}';
/** Hours of the day weighted by how busy they are (each listed as often as its weight). */
const HOURS = [0, 1, 6, 7, 7, 8, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 12, 13, 13, 14, 14, 15, 15, 16, 16, 17, 17, 17, 18, 18, 18, 19, 19, 19, 19, 20, 20, 20, 20, 21, 21, 21, 22, 22, 23];
/** Days of the week from Monday (0), weighted: Friday to Sunday busier. */
const DAYS = [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6];

async function main() {
  const orders = arg('orders', 1_000_000);
  const outlets = arg('outlets', 500);
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
  const database = await openPostgres(url, { max: 4 });
  const db = database.db;
  const CHUNK = 1_000_000;
  const t0 = performance.now();
  // One border for both tables (each statement's now() differs): every order lands in exactly one.
  const border = new Date(Date.now() - 30 * 86_400_000);
  for (let from = 1; from <= orders; from += CHUNK) {
    const to = Math.min(orders, from + CHUNK - 1);
    // g's place in the year picks its week; a hash of g its weekday, hour and second.
    const rows = sql`
      select g, c from generate_series(${from}::bigint, ${to}::bigint) g,
      lateral (select least(now() - interval '1 minute',
        date_trunc('week', now()) - make_interval(weeks => 51 - (g * 52 / ${orders + 1})::int)
          + make_interval(days => (${`{${DAYS.join(',')}}`}::int[])[1 + (g * 2654435761) % ${DAYS.length}])
          + make_interval(hours => (${`{${HOURS.join(',')}}`}::int[])[1 + (g * 40503) % ${HOURS.length}])
          + make_interval(secs => (g * 7919) % 3600)) as c) t`;
    const cols = sql.raw(`order_no, user_id, user_mobile, status, payment_kind, pay_mode, sn, power_bank_id, outlet_id, outlet_name, billing, chain,
      deposit_amount, original_amount, paid_amount, refund_amount, billed_minutes, start_at, end_at, created_at, simulated`);
    const values = sql`
      'D' || lpad(g::text, 12, '0'), 100000 + g % 200000, '86-1390000' || lpad((g % 10000)::text, 4, '0'),
      'finished', 'normal', 'deposit', 'DATA' || lpad((g % 5000)::text, 12, '0'), 'DATA' || lpad(g::text, 13, '0'),
      -- A few outlets are far busier: the square of a spread-out hash.
      1 + floor(${outlets} * power(((g * 48271) % 1000) / 1000.0, 2))::int, 'Data outlet ' || (1 + floor(${outlets} * power(((g * 48271) % 1000) / 1000.0, 2))::int),
      ${BILLING}::jsonb, '[]'::jsonb, 9900, 150 * (1 + g % 8), 150 * (1 + g % 8), case when g % 100 >= 97 then 150 * (1 + g % 8) else 0 end,
      30 * (1 + g % 8), c - interval '40 minutes', c, c, true`;
    await db.execute(sql`insert into ord_order_archive (id, ${cols}) select 9000000000 + g, ${values} from (${rows}) r where c < ${border} on conflict do nothing`);
    await db.execute(sql`insert into ord_order (${cols}) select ${values} from (${rows}) r where c >= ${border} on conflict do nothing`);
    console.log(`${to.toLocaleString()} orders (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  await db.execute(sql`analyze ord_order`);
  await db.execute(sql`analyze ord_order_archive`);
  await db.execute(sql`analyze stat_order_hour`);
  const fill = (performance.now() - t0) / 1000;

  const stats = new OrderStats(db, { agentsOf: async () => new Map(), agentNames: async () => new Map() }, async () => 0);
  const year = { beginTime: new Date(Date.now() - 365 * 86_400_000).toISOString(), endTime: new Date().toISOString() };
  const time = async (f: () => Promise<unknown>, runs = 20) => {
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await f();
      ms.push(performance.now() - t);
    }
    return { p50: quantile(ms, 0.5), p99: quantile(ms, 0.99) };
  };
  const rollup = await time(() => stats.overview(year));
  const whole = await time(
    () => query(db, sql`select count(*), sum(paid_amount), sum(refund_amount) from (select paid_amount, refund_amount, created_at from ord_order union all select paid_amount, refund_amount, created_at from ord_order_archive) o where created_at >= ${new Date(year.beginTime)} and created_at <= ${new Date(year.endTime)}`),
    3,
  );
  const a = await stats.overview(year);
  const [n] = await query<{ n: number }>(db, sql`select count(*)::int as n from stat_order_hour`);
  console.log(`\n| orders | fill s | rollup rows | overview of a year p50 / p99 ms | whole-table GROUP BY p50 / p99 ms | orderCount | paidAmount |`);
  console.log(`| ---: | ---: | ---: | ---: | ---: | ---: | ---: |`);
  console.log(`| ${orders.toLocaleString()} | ${fill.toFixed(0)} | ${n!.n} | ${rollup.p50.toFixed(1)} / ${rollup.p99.toFixed(1)} | ${whole.p50.toFixed(0)} / ${whole.p99.toFixed(0)} | ${a.orderCount} | ${a.paidAmount} |`);
  await database.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
