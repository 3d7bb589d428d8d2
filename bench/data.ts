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
import type { SQL } from 'drizzle-orm';
import { openPostgres, query, type Db } from '../apps/server/src/platform/db/database.js';
import { benchStats, statsTable } from './stats.js';
import { OrderStats } from '../apps/server/src/modules/order/order.stats.js';
import { LedgerService } from '../apps/server/src/modules/ledger/ledger.service.js';

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

/**
 * The money of orders g in [from, to] as the engine posts it, set-wise: the fee taken (settle), its
 * shares (6 % tax, 30 % of the rest to the outlet's agent, 20 % to the outlet, the platform the
 * rest) and, for the 3 % refunded in full, the refund (shares reversed) and its payment an hour
 * later. Keys are the engine's, so a second run posts nothing twice; the ledger's triggers roll
 * every statement up as it goes in.
 */
async function postLedger(db: Db, from: number, to: number, outlets: number) {
  const src = sql`
    select o.order_no, o.end_at as at, o.paid_amount as paid, o.outlet_id as outlet, o.user_id as usr, o.refund_amount > 0 as refunded,
           (o.paid_amount * 6 / 100) as tax, ((o.paid_amount - o.paid_amount * 6 / 100) * 30 / 100) as agent, ((o.paid_amount - o.paid_amount * 6 / 100) * 20 / 100) as shop
    from (select order_no, end_at, paid_amount, outlet_id, user_id, refund_amount from ord_order where order_no between ${code(from)} and ${code(to)}
          union all select order_no, end_at, paid_amount, outlet_id, user_id, refund_amount from ord_order_archive where order_no between ${code(from)} and ${code(to)}) o`;
  const post = (kind: string, prefix: string, shift: string, where: SQL, entries: SQL) =>
    db.execute(sql`
      with src as (${src}), t as (
        insert into led_transaction (key, kind, order_no, memo, fingerprint, created_at)
        select ${prefix} || order_no, ${kind}, order_no, '', 'bench', at + ${shift}::interval from src where ${where}
        on conflict (key) do nothing returning id, order_no, created_at)
      insert into led_entry (transaction_id, account, account_kind, party_id, debit, credit, order_no, created_at)
      select t.id, case when x.party is null then x.kind else x.kind || ':' || x.party end, x.kind, x.party, x.debit, x.credit, t.order_no, t.created_at
      from t join src s on s.order_no = t.order_no, lateral (${entries}) x(kind, party, debit, credit)`);
  const agentOf = sql.raw(`(1 + s.outlet % ${Math.max(1, Math.floor(outlets / 10))})::bigint`);
  await post('settle', 'settle:', '0 s', sql`true`, sql`values ('userDeposit', s.usr::bigint, s.paid, 0::bigint), ('orderIncome', null, 0, s.paid)`);
  await post('share', 'share:', '1 s', sql`true`, sql`values ('orderIncome', null::bigint, s.paid, 0::bigint), ('taxes', null, 0, s.tax), ('agentPayable', ${agentOf}, 0, s.agent),
    ('outletPayable', s.outlet::bigint, 0, s.shop), ('revenue', null, 0, s.paid - s.tax - s.agent - s.shop)`);
  await post('refund', 'refund:', '30 min', sql`refunded`, sql`values ('agentPayable', ${agentOf}, s.agent, 0::bigint), ('outletPayable', s.outlet::bigint, s.shop, 0),
    ('revenue', null, s.paid - s.agent - s.shop, 0), ('refunds', null, 0, s.paid)`);
  await post('refund', 'refund-done:', '90 min', sql`refunded`, sql`values ('refunds', null::bigint, s.paid, 0::bigint), ('providerClearing', null, 0, s.paid)`);
}
const code = (g: number) => 'D' + String(g).padStart(12, '0');

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
    await postLedger(db, from, to, outlets);
    console.log(`${to.toLocaleString()} orders' ledger postings (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  // What the server's statistics job does every ten minutes: fold the closed hours' shards.
  const stats0 = new OrderStats(db, { agentsOf: async () => new Map(), agentNames: async () => new Map() }, async () => 0);
  console.log(`folded ${await stats0.compact()} order total rows and ${await new LedgerService(db).compactRollup()} ledger rollup rows (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  await db.execute(sql`analyze ord_order`);
  await db.execute(sql`analyze ord_order_archive`);
  await db.execute(sql`analyze stat_order_hour`);
  await db.execute(sql`analyze stat_order_hour_total`);
  await db.execute(sql`analyze led_entry`);
  await db.execute(sql`analyze led_transaction`);
  await db.execute(sql`analyze stat_ledger_hour`);
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
  console.log('\n' + statsTable(orders, await benchStats(db)));
  await database.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
