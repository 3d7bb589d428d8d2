/**
 * Over 400 lines on purpose: the fill is one ordered procedure (indexes saved and dropped, a year of
 * orders and their movements set-wise, indexes rebuilt, rollups folded and checked against the rows)
 * that must be read in order to be trusted.
 *
 * `npm run bench:data -- [--orders N] [--outlets M] [--database NAME] [--keep-indexes] [--fill-only]`: fills a
 * PostgreSQL database of its own with a year of business set-wise (generate_series), then times the
 * statistics (stats.ts) against the same figures computed by a whole-table GROUP BY.
 *
 * Which database: NAME (default `bench_<size>`: bench_100k, bench_1m, bench_10m) on the server of
 * BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local one, created when absent. It only ever
 * fills a database named bench_…, and the `bench_fill` table inside says what was filled and when,
 * so `npm run bench` reuses it.
 *
 * The data:
 *  - creation times over the last 52 weeks with a weekly cycle (Friday to Sunday busier) and a daily
 *    one (evenings busiest, nights quiet); orders older than 30 days go straight into the archive
 *    (final ones only, as the archive job would have moved them), the rest into the live table;
 *  - M outlets (default 500), some far busier than others; 200,000 customers; paid amounts of 1.50 to
 *    12.00, 3% refunded in full;
 *  - each order's ledger movements as the engine posts them (settle, shares; refund and its payment);
 *  - every row is `simulated` with order number `D…`, so the demo's clean-up removes them, and a
 *    second run adds nothing twice (ON CONFLICT on the number and the ledger key).
 *
 * Rows go in through the real tables, a million orders per statement, so the tables' statement
 * triggers keep every rollup that exists (the orders' and the ledger's, and any added later) exactly
 * as the server's own writes do; except the customer rollup, whose insert triggers are off during the
 * fill and which is built once after it by its migration's own backfill. What makes ten million feasible (docs/decisions/statistics.md, "Statistics at ten
 * million orders"):
 *  - the secondary (non-unique) indexes of the order and ledger tables are dropped for the fill and
 *    built once after it (a B-tree built from sorted rows instead of 70 M random inserts into indexes
 *    far larger than the server's cache), and the ledger entries' foreign key to their transaction
 *    is added back after it (one join checks every row, instead of a row-level check per entry);
 *    their definitions are kept in `bench_dropped` first, so an interrupted fill gets them back at
 *    the next run;
 *  - autovacuum is off on those tables during the fill (one VACUUM ANALYZE after it instead);
 *  - synchronous_commit off, no JIT, larger work_mem / maintenance_work_mem for this session only.
 * After the fill, the rollups are compared with a GROUP BY over the rows for a sample of hours.
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPostgres, query, type Db } from '../apps/server/src/platform/db/database.js';
import { benchStats, statsContext, statsTable } from './stats.js';
import fs from 'node:fs';
import type { AccountKind, StatsFinanceRow } from '@cbo/contract';
import { OrderFacts } from '../apps/server/src/modules/order/order.facts.js';
import { LedgerService } from '../apps/server/src/modules/ledger/ledger.service.js';
import { addLine } from '../apps/server/src/modules/stats/stats.service.js';
import { CustomerRollups } from '../apps/server/src/modules/stats/customers.js';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const quantile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;

const BILLING =
  '{"freeMinutes":3,"pricePerPeriod":150,"periodMinutes":30,"dailyCap":3000,"totalCap":9900,"deposit":9900,"buyOutDays":7}';
/** Hours of the day weighted by how busy they are (each listed as often as its weight). */
const HOURS = [
  0, 1, 6, 7, 7, 8, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 12, 13, 13, 14, 14, 15, 15, 16, 16, 17, 17, 17, 18, 18, 18, 19,
  19, 19, 19, 20, 20, 20, 20, 21, 21, 21, 22, 22, 23,
];
/** Days of the week from Monday (0), weighted: Friday to Sunday busier. */
const DAYS = [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6];
/** The tables whose secondary indexes are built after the fill. */
const BIG_TABLES = ['ord_order', 'ord_order_archive', 'led_transaction', 'led_entry'];
/**
 * The customer rollup's insert triggers (stat_customer_rollup), off during the fill: a bulk statement
 * costs them minutes (docs/benchmarks.md); the rollup is built once after the fill by its migration's own
 * backfill statements (customerRollupBackfill), the figures the trigger keeps, written once.
 */
const CUSTOMER_TRIGGERS = [
  ['ord_order', 'stat_order_zusr_ins'],
  ['ord_order_archive', 'stat_order_zusr_archive_ins'],
] as const;
/** The rollups the tables' triggers keep (analysed after a fill). */
const ROLLUPS = [
  'stat_order_hour',
  'stat_order_hour_total',
  'stat_order_cabinet_hour',
  'stat_order_cabinet_span',
  'stat_order_outlet_span',
  'stat_order_return_hour_total',
  'stat_order_return_hour',
  'stat_ledger_hour',
  'stat_ledger_day',
  'stat_ledger_outlet_hour',
  'stat_ledger_outlet_day',
  'stat_customer_first',
  'stat_customer_gap_day',
];
const CHUNK = 1_000_000;
/**
 * What the fill's rows are like; `bench_fill` records it, and a fill of an older version is upgraded
 * in place before it is measured (upgradeFill). 1: movements without their outlet (every per-outlet
 * figure in outlet 0); 2: each order's movements filed under its outlet.
 */
export const FILL_VERSION = 2;

/**
 * The network the generated orders belong to: outlets 1..M (outlet 1 the busiest), M/10 agents of
 * ten outlets each (agent of outlet o: 1 + o % (M/10), also the party of its agentPayable entries)
 * and five regions (region of o: 1 + o % 5). The bench database has no outlet, agent or region rows:
 * the statistics bench resolves a scope from this layout (stats.ts).
 */
export function benchNetwork(outlets: number) {
  const agents = Math.max(1, Math.floor(outlets / 10));
  return {
    agents,
    regions: 5,
    agentOf: (outlet: number) => 1 + (outlet % agents),
    regionOf: (outlet: number) => 1 + (outlet % 5),
  };
}

/** bench_100k, bench_1m, bench_10m, bench_2500 … */
export function benchDatabaseName(orders: number): string {
  if (orders % 1_000_000 === 0) return `bench_${orders / 1_000_000}m`;
  if (orders % 1_000 === 0) return `bench_${orders / 1_000}k`;
  return `bench_${orders}`;
}

/**
 * The URL of the bench database `name` (default bench_<size>) on the server of BENCH_DATABASE_URL,
 * else TEST_DATABASE_URL, else the local one (their own database is only where it connects to
 * create it), created when absent.
 */
export async function benchDatabaseUrl(orders: number, name = benchDatabaseName(orders)): Promise<string> {
  if (!/^bench_[a-z0-9_]+$/.test(name)) throw new Error(`a bench database is named bench_…, not ${name}`);
  const base =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3000 });
  await c.connect();
  try {
    const { rowCount } = await c.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await c.query(`CREATE DATABASE ${name}`);
  } finally {
    await c.end();
  }
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

export interface FillInfo {
  /** FILL_VERSION of the generator that filled it (absent: 1). */
  version?: number;
  orders: number;
  outlets: number;
  filledAt: string;
  seconds: number;
  phases: { name: string; seconds: number }[];
  counts: { orders: number; transactions: number; entries: number };
  check: string;
  /** When an older fill was brought up to `version` in place (upgradeFill) instead of filled again. */
  upgraded?: { from: number; at: string; seconds: number; phases: { name: string; seconds: number }[] };
}

/** What `bench_fill` says was filled (the last complete fill), or null. */
export async function filled(db: Db): Promise<FillInfo | null> {
  const [t] = await query<{ ok: boolean }>(db, sql`select to_regclass('bench_fill') is not null as ok`);
  if (!t?.ok) return null;
  const [r] = await query<{ info: FillInfo }>(db, sql`select info from bench_fill order by id desc limit 1`);
  return r?.info ?? null;
}

/**
 * The money of orders g in [from, to] as the engine posts it, set-wise: the fee taken (settle), its
 * shares (6 % tax, 30 % of the rest to the outlet's agent, 20 % to the outlet, the platform the
 * rest) and, for the 3 % refunded in full, the refund (shares reversed) and its payment an hour
 * later. Each movement is filed under its order's outlet (led_transaction.outlet_id, as
 * LedgerService.post files an order's movement), so the per-outlet rollups split the figures by
 * outlet. Keys are the engine's, so a second run posts nothing twice; the ledger's triggers roll
 * every statement up as it goes in.
 */
async function postLedger(
  db: Db,
  from: number,
  to: number,
  outlets: number,
  step: (name: string, f: () => Promise<unknown>) => Promise<void>,
) {
  const src = sql`
    select o.order_no, o.end_at as at, o.paid_amount as paid, o.outlet_id as outlet, o.user_id as usr, o.refund_amount > 0 as refunded,
           (o.paid_amount * 6 / 100) as tax, ((o.paid_amount - o.paid_amount * 6 / 100) * 30 / 100) as agent, ((o.paid_amount - o.paid_amount * 6 / 100) * 20 / 100) as shop
    from (select order_no, end_at, paid_amount, outlet_id, user_id, refund_amount from ord_order where order_no between ${code(from)} and ${code(to)}
          union all select order_no, end_at, paid_amount, outlet_id, user_id, refund_amount from ord_order_archive where order_no between ${code(from)} and ${code(to)}) o`;
  const post = (kind: string, prefix: string, shift: string, where: SQL, entries: SQL) =>
    step(`ledger ${prefix.slice(0, -1)}`, () =>
      db.execute(sql`
      with src as (${src}), t as (
        insert into led_transaction (key, kind, order_no, outlet_id, memo, fingerprint, created_at)
        select ${prefix} || order_no, ${kind}, order_no, outlet, '', 'bench', at + ${shift}::interval from src where ${where}
        on conflict (key) do nothing returning id, order_no, created_at)
      insert into led_entry (transaction_id, account, account_kind, party_id, debit, credit, order_no, created_at)
      select t.id, case when x.party is null then x.kind else x.kind || ':' || x.party end, x.kind, x.party, x.debit, x.credit, t.order_no, t.created_at
      from t join src s on s.order_no = t.order_no, lateral (${entries}) x(kind, party, debit, credit)`),
    );
  const agentOf = sql.raw(`(1 + s.outlet % ${benchNetwork(outlets).agents})::bigint`);
  await post(
    'settle',
    'settle:',
    '0 s',
    sql`true`,
    sql`values ('userDeposit', s.usr::bigint, s.paid, 0::bigint), ('orderIncome', null, 0, s.paid)`,
  );
  await post(
    'share',
    'share:',
    '1 s',
    sql`true`,
    sql`values ('orderIncome', null::bigint, s.paid, 0::bigint), ('taxes', null, 0, s.tax), ('agentPayable', ${agentOf}, 0, s.agent),
    ('outletPayable', s.outlet::bigint, 0, s.shop), ('revenue', null, 0, s.paid - s.tax - s.agent - s.shop)`,
  );
  await post(
    'refund',
    'refund:',
    '30 min',
    sql`refunded`,
    sql`values ('agentPayable', ${agentOf}, s.agent, 0::bigint), ('outletPayable', s.outlet::bigint, s.shop, 0),
    ('revenue', null, s.paid - s.agent - s.shop, 0), ('refunds', null, 0, s.paid)`,
  );
  await post(
    'refund',
    'refund-done:',
    '90 min',
    sql`refunded`,
    sql`values ('refunds', null::bigint, s.paid, 0::bigint), ('providerClearing', null, 0, s.paid)`,
  );
}
const code = (g: number) => 'D' + String(g).padStart(12, '0');

/** Builds the indexes and foreign keys a fill dropped (this one or an interrupted one) and turns autovacuum back on. */
async function restore(db: Db, step: (name: string, f: () => Promise<unknown>) => Promise<void>) {
  const dropped = await query<{ name: string; kind: string; def: string }>(
    db,
    sql`select name, kind, def from bench_dropped order by kind desc, name`,
  );
  for (const d of dropped) {
    if (d.kind === 'index')
      await step('indexes', () => db.execute(sql.raw(d.def.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS '))));
    else {
      const [has] = await query<{ n: number }>(
        db,
        sql`select count(*)::int as n from pg_constraint where conname = ${d.name}`,
      );
      // Adding the key checks every row against the table it references, in one join.
      if (!has!.n) await step('foreign keys', () => db.execute(sql.raw(d.def)));
    }
    await db.execute(sql`delete from bench_dropped where name = ${d.name}`);
  }
  for (const t of BIG_TABLES) await db.execute(sql.raw(`alter table ${t} reset (autovacuum_enabled)`));
}

/**
 * Fills the database (a year of `orders` orders over `outlets` outlets and their ledger movements),
 * folds the closed hours' rollup shards as the server's job does, checks the rollups against the
 * rows for a sample of hours, and records the fill in `bench_fill`.
 */
export async function fillData(
  url: string,
  opts: { orders: number; outlets?: number; keepIndexes?: boolean; log?: (s: string) => void },
): Promise<FillInfo> {
  const { orders } = opts;
  const outlets = opts.outlets ?? 500;
  const log = opts.log ?? ((s: string) => console.log(s));
  // One connection: the session settings below hold for every statement.
  const database = await openPostgres(url, { max: 1 });
  const db = database.db;
  const t0 = performance.now();
  const phases = new Map<string, number>();
  const step = async (name: string, f: () => Promise<unknown>) => {
    const t = performance.now();
    await f();
    phases.set(name, (phases.get(name) ?? 0) + (performance.now() - t) / 1000);
  };
  const elapsed = () => `${((performance.now() - t0) / 1000).toFixed(0)} s, load ${os.loadavg()[0]!.toFixed(1)}`;
  try {
    await db.execute(sql`set synchronous_commit = off`);
    await db.execute(sql`set work_mem = '256MB'`);
    await db.execute(sql`set maintenance_work_mem = '1GB'`);
    await db.execute(sql`set jit = off`);
    await db.execute(
      sql`create table if not exists bench_dropped (name text primary key, kind text not null, def text not null)`,
    );
    await db.execute(sql`create table if not exists bench_fill (id serial primary key, info jsonb not null)`);
    // Rows an older generator wrote stay (a second run adds nothing twice): bring them up to this version first.
    const before = await filled(db);
    if (before && (before.version ?? 1) < FILL_VERSION) {
      log(`the database holds a fill of version ${before.version ?? 1}: upgrading its rows first`);
      await upgradeRows(db, step);
    }
    if (!opts.keepIndexes) {
      const list = sql.join(
        BIG_TABLES.map((t) => sql`${t}::regclass`),
        sql`, `,
      );
      await db.execute(sql`
        insert into bench_dropped (name, kind, def)
        select c.relname, 'index', pg_get_indexdef(i.indexrelid) from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid in (${list}) and not i.indisunique and not i.indisprimary
        union all
        select conname, 'foreign key', format('ALTER TABLE %s ADD CONSTRAINT %I %s', conrelid::regclass, conname, pg_get_constraintdef(oid)) from pg_constraint
        where contype = 'f' and conrelid in (${list}) and confrelid in (${list})
        on conflict do nothing`);
      for (const d of await query<{ name: string; kind: string; def: string }>(
        db,
        sql`select name, kind, def from bench_dropped`,
      )) {
        if (d.kind === 'index') await db.execute(sql.raw(`drop index if exists ${d.name}`));
        else
          await db.execute(sql.raw(`${d.def.replace(/ ADD CONSTRAINT .*/, '')} DROP CONSTRAINT IF EXISTS ${d.name}`));
      }
      for (const t of BIG_TABLES) await db.execute(sql.raw(`alter table ${t} set (autovacuum_enabled = false)`));
    }
    for (const [table, trigger] of CUSTOMER_TRIGGERS)
      await db.execute(sql.raw(`alter table ${table} disable trigger ${trigger}`));
    // One border for both tables (each statement's now() differs): every order lands in exactly one.
    const border = new Date(Date.now() - 30 * 86_400_000);
    for (let from = 1; from <= orders; from += CHUNK) {
      const to = Math.min(orders, from + CHUNK - 1);
      // g's place in the year picks its week; a hash of g its weekday, hour and second.
      const rows = sql`
        select g, c from generate_series(${from}::bigint, ${to}::bigint) g,
        lateral (select date_trunc('week', now()) - make_interval(weeks => 51 - (g * 52 / ${orders + 1})::int)
            + make_interval(days => (${`{${DAYS.join(',')}}`}::int[])[1 + (g * 2654435761) % ${DAYS.length}])
            + make_interval(hours => (${`{${HOURS.join(',')}}`}::int[])[1 + (g * 40503) % ${HOURS.length}])
            + make_interval(secs => (g * 7919) % 3600) as c0) w,
        -- The current week's orders whose time is still to come fall a week earlier (clamping them to
        -- now, as before, piled a week's remaining orders into the last minute: 124,432 orders "today"
        -- at 10M, every one of them in the minute before the fill).
        lateral (select case when c0 > now() - interval '1 minute' then c0 - interval '7 days' else c0 end as c) t`;
      const cols =
        sql.raw(`order_no, user_id, user_mobile, status, payment_kind, pay_mode, sn, power_bank_id, outlet_id, outlet_name, billing, chain,
        deposit_amount, original_amount, paid_amount, refund_amount, billed_minutes, start_at, end_at, created_at, simulated`);
      const values = sql`
        'D' || lpad(g::text, 12, '0'), 100000 + g % 200000, '86-1390000' || lpad((g % 10000)::text, 4, '0'),
        'finished', 'normal', 'deposit', 'DATA' || lpad((g % 5000)::text, 12, '0'), 'DATA' || lpad(g::text, 13, '0'),
        -- A few outlets are far busier: the square of a spread-out hash.
        1 + floor(${outlets} * power(((g * 48271) % 1000) / 1000.0, 2))::int, 'Data outlet ' || (1 + floor(${outlets} * power(((g * 48271) % 1000) / 1000.0, 2))::int),
        ${BILLING}::jsonb, '[]'::jsonb, 9900, 150 * (1 + g % 8), 150 * (1 + g % 8), case when g % 100 >= 97 then 150 * (1 + g % 8) else 0 end,
        30 * (1 + g % 8), c - interval '40 minutes', c, c, true`;
      await step('orders', () =>
        db.execute(
          sql`insert into ord_order_archive (id, ${cols}) select 9000000000 + g, ${values} from (${rows}) r where c < ${border} on conflict do nothing`,
        ),
      );
      await step('orders', () =>
        db.execute(
          sql`insert into ord_order (${cols}) select ${values} from (${rows}) r where c >= ${border} on conflict do nothing`,
        ),
      );
      log(`${to.toLocaleString('en-US')} orders (${elapsed()})`);
      await postLedger(db, from, to, outlets, step);
      log(`${to.toLocaleString('en-US')} orders' ledger postings (${elapsed()})`);
    }
    await restore(db, step);
    log(`secondary indexes built (${elapsed()})`);
    await step('customer rollup', async () => {
      await db.execute(sql`truncate stat_customer_first, stat_customer_gap_day`);
      for (const statement of customerRollupBackfill()) await db.execute(sql.raw(statement));
      for (const [table, trigger] of CUSTOMER_TRIGGERS)
        await db.execute(sql.raw(`alter table ${table} enable trigger ${trigger}`));
    });
    log(`customer rollup built from the orders (${elapsed()})`);
    // What the server's statistics job does every ten minutes: fold the closed hours' shards.
    const stats0 = new OrderFacts(db);
    let folded = '';
    await step('fold rollup shards', async () => {
      folded = `folded ${await stats0.compact()} order total rows and ${await new LedgerService(
        db,
        async () => new Map(),
        async () => null,
      ).compactRollup()} ledger rollup rows, ${await new CustomerRollups(db).compact()} customer rollup rows`;
    });
    log(`${folded} (${elapsed()})`);
    for (const t of [...BIG_TABLES, ...ROLLUPS])
      await step('vacuum analyze', () => db.execute(sql.raw(`vacuum (analyze) ${t}`)));
    log(`vacuumed and analysed (${elapsed()})`);
    let check = '';
    await step('rollup check', async () => {
      check = await checkRollups(db);
    });
    log(`${check} (${elapsed()})`);
    const [c] = await query<{ o: number; t: number; e: number }>(
      db,
      sql`
      select (select count(*) from ord_order where order_no like 'D%') + (select count(*) from ord_order_archive where order_no like 'D%') as o,
             (select count(*) from led_transaction) as t, (select count(*) from led_entry) as e`,
    );
    const info: FillInfo = {
      version: FILL_VERSION,
      orders,
      outlets,
      filledAt: new Date().toISOString(),
      seconds: (performance.now() - t0) / 1000,
      phases: [...phases].map(([name, seconds]) => ({ name, seconds })),
      counts: { orders: Number(c!.o), transactions: Number(c!.t), entries: Number(c!.e) },
      check,
    };
    await db.execute(sql`insert into bench_fill (info) values (${JSON.stringify(info)}::jsonb)`);
    return info;
  } finally {
    await database.close();
  }
}

/**
 * Brings the rows of a fill of version 1 up to FILL_VERSION set-wise (on a database of its own,
 * instead of a refill: 26 minutes at 10M): files each of the orders' movements under its order's
 * outlet (one UPDATE joined to both order tables) and builds the per-outlet ledger rollups again
 * from the entries, with the ledger_outlet_sql migration's own backfill statements (the figures the
 * trigger computes, written once). Nothing else of a version-1 fill differs.
 */
async function upgradeRows(db: Db, step: (name: string, f: () => Promise<unknown>) => Promise<void>) {
  await step('upgrade: movements filed under their outlet', () =>
    db.execute(sql`
      update led_transaction t set outlet_id = o.outlet_id
      from (select order_no, outlet_id from ord_order where order_no like 'D%' union all select order_no, outlet_id from ord_order_archive where order_no like 'D%') o
      where t.order_no = o.order_no and t.outlet_id is distinct from o.outlet_id`),
  );
  await step('upgrade: per-outlet ledger rollups rebuilt', async () => {
    await db.execute(sql`truncate stat_ledger_outlet_hour, stat_ledger_outlet_day`);
    for (const statement of outletRollupBackfill()) await db.execute(sql.raw(statement));
  });
  for (const t of ['led_transaction', 'stat_ledger_outlet_hour', 'stat_ledger_outlet_day'])
    await step('vacuum analyze', () => db.execute(sql.raw(`vacuum (analyze) ${t}`)));
}

/** The customer_rollup migration's statements that fill the customer rollup from every order. */
function customerRollupBackfill(): string[] {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/drizzle');
  const file = fs.readdirSync(dir).find((f) => /^\d+_customer_rollup\.sql$/.test(f));
  if (!file) throw new Error(`no customer_rollup migration in ${dir}`);
  const statements = fs
    .readFileSync(path.join(dir, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((x) =>
      x
        .trim()
        .replace(/^(--[^\n]*\n)+/, '')
        .trim(),
    )
    .filter(
      (x) =>
        /^(INSERT|WITH)\b/.test(x) &&
        /INSERT INTO "stat_customer_(first|gap_day)"/.test(x) &&
        x.includes('FROM "ord_order"'),
    );
  if (statements.length !== 2)
    throw new Error(`${file}: expected the first-order and the gap backfill, found ${statements.length} statements`);
  return statements;
}

/** The ledger_outlet_sql migration's statements that fill the per-outlet rollups from every entry. */
function outletRollupBackfill(): string[] {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/drizzle');
  const file = fs.readdirSync(dir).find((f) => /^\d+_ledger_outlet_sql\.sql$/.test(f));
  if (!file) throw new Error(`no ledger_outlet_sql migration in ${dir}`);
  const statements = fs
    .readFileSync(path.join(dir, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((x) => x.trim())
    .filter((x) => /^INSERT INTO "stat_ledger_outlet_(hour|day)"/.test(x) && x.includes('FROM "led_entry"'));
  if (statements.length !== 2)
    throw new Error(`${file}: expected the hour and the day backfill, found ${statements.length} statements`);
  return statements;
}

/**
 * Upgrades a fill of an older FILL_VERSION in place (upgradeRows), checks the rollups against the
 * rows again and records the fill as this version, with the upgrade's phases and time.
 */
export async function upgradeFill(
  url: string,
  info: FillInfo,
  log: (s: string) => void = (s) => console.log(s),
): Promise<FillInfo> {
  const database = await openPostgres(url, { max: 1 });
  const db = database.db;
  const t0 = performance.now();
  const phases = new Map<string, number>();
  const step = async (name: string, f: () => Promise<unknown>) => {
    const t = performance.now();
    await f();
    phases.set(name, (phases.get(name) ?? 0) + (performance.now() - t) / 1000);
  };
  try {
    await db.execute(sql`set synchronous_commit = off`);
    await db.execute(sql`set work_mem = '256MB'`);
    await db.execute(sql`set maintenance_work_mem = '1GB'`);
    await db.execute(sql`set jit = off`);
    const from = info.version ?? 1;
    log(`upgrading the fill from version ${from} to ${FILL_VERSION} in place`);
    await upgradeRows(db, step);
    let check = '';
    await step('rollup check', async () => {
      check = await checkRollups(db);
    });
    const seconds = (performance.now() - t0) / 1000;
    log(
      `upgraded in ${seconds.toFixed(0)} s (${[...phases].map(([n, t]) => `${n} ${t.toFixed(0)} s`).join(', ')}); ${check}`,
    );
    const next: FillInfo = {
      ...info,
      version: FILL_VERSION,
      check,
      upgraded: {
        from,
        at: new Date().toISOString(),
        seconds,
        phases: [...phases].map(([name, t]) => ({ name, seconds: t })),
      },
    };
    await db.execute(sql`insert into bench_fill (info) values (${JSON.stringify(next)}::jsonb)`);
    return next;
  } finally {
    await database.close();
  }
}

/**
 * The rollups against a GROUP BY over the rows they summarise, for 48 hours spread over the year
 * (every 182nd hour from a year ago): orders per hour and outlet (count, paid, refunds, finished,
 * minutes), the hourly totals, the ledger per hour (and per day, for 12 of those hours' days),
 * account kind and movement kind, and the
 * financial figures per outlet (stat_ledger_outlet_hour) in those hours and (stat_ledger_outlet_day)
 * in 12 of their days, after checking that those hours' movements are filed under their order's
 * outlet. Throws on any difference.
 */
export async function checkRollups(db: Db): Promise<string> {
  const hours = sql`(select date_trunc('hour', now() - interval '365 days', 'UTC') + make_interval(hours => 182 * k) as h, k from generate_series(0, 47) k)`;
  const orderDiff = await query<{ n: number }>(
    db,
    sql`
    with h as ${hours},
    rows as (select date_trunc('hour', created_at, 'UTC') as hour, coalesce(outlet_id, 0) as outlet, simulated, count(*) as n, sum(paid_amount) as paid, sum(refund_amount) as refund,
               count(*) filter (where status = 'finished') as fin, sum(billed_minutes) as mins
             from (select created_at, outlet_id, simulated, paid_amount, refund_amount, status, billed_minutes from ord_order union all
                   select created_at, outlet_id, simulated, paid_amount, refund_amount, status, billed_minutes from ord_order_archive) o
             join h on o.created_at >= h.h and o.created_at < h.h + interval '1 hour' group by 1, 2, 3),
    roll as (select hour, outlet_id as outlet, simulated, order_count as n, paid_amount as paid, refund_amount as refund, finished_count as fin, rental_minutes as mins
             from stat_order_hour where hour in (select h from h) and (order_count <> 0 or paid_amount <> 0 or refund_amount <> 0 or finished_count <> 0 or rental_minutes <> 0)),
    total as (select hour, simulated, sum(order_count) as n, sum(paid_amount) as paid from stat_order_hour_total where hour in (select h from h) group by 1, 2 having sum(order_count) <> 0),
    rows_total as (select hour, simulated, sum(n) as n, sum(paid) as paid from rows group by 1, 2)
    select ((select count(*) from (select * from rows except select * from roll) a) + (select count(*) from (select * from roll except select * from rows) b)
          + (select count(*) from (select * from rows_total except select * from total) c) + (select count(*) from (select * from total except select * from rows_total) d))::int as n`,
  );
  const ledgerDiff = await query<{ n: number }>(
    db,
    sql`
    with h as ${hours},
    rows as (select date_trunc('hour', e.created_at, 'UTC') as hour, e.account_kind, t.kind, sum(e.debit) as debit, sum(e.credit) as credit
             from led_entry e join h on e.created_at >= h.h and e.created_at < h.h + interval '1 hour' join led_transaction t on t.id = e.transaction_id
             group by 1, 2, 3),
    roll as (select hour, account_kind, kind, sum(debit) as debit, sum(credit) as credit from stat_ledger_hour where hour in (select h from h)
             group by 1, 2, 3 having sum(debit) <> 0 or sum(credit) <> 0)
    select ((select count(*) from (select * from rows except select * from roll) a) + (select count(*) from (select * from roll except select * from rows) b))::int as n`,
  );
  const [sample] = await query<{ o: number; e: number }>(
    db,
    sql`
    with h as ${hours}
    select (select count(*) from (select created_at from ord_order union all select created_at from ord_order_archive) o join h on o.created_at >= h.h and o.created_at < h.h + interval '1 hour')::int as o,
           (select count(*) from led_entry e join h on e.created_at >= h.h and e.created_at < h.h + interval '1 hour')::int as e`,
  );
  const bad = orderDiff[0]!.n + ledgerDiff[0]!.n;
  if (bad) throw new Error(`rollups differ from a GROUP BY over their rows in ${bad} rows of 48 sampled hours`);
  // The movements of those hours are filed under their order's outlet (a fill of version 1 filed none).
  const [misfiled] = await query<{ n: number }>(
    db,
    sql`
    with h as ${hours}
    select count(distinct t.id)::int as n from led_entry e join h on e.created_at >= h.h and e.created_at < h.h + interval '1 hour'
    join led_transaction t on t.id = e.transaction_id
    join (select order_no, outlet_id from ord_order union all select order_no, outlet_id from ord_order_archive) o on o.order_no = t.order_no
    where t.outlet_id is distinct from o.outlet_id`,
  );
  if (misfiled!.n)
    throw new Error(`${misfiled!.n} movements of the 48 sampled hours are not filed under their order's outlet`);
  const outletHours = await outletRollupDiff(
    db,
    'hour',
    sql`select h as a, h + interval '1 hour' as b from ${hours} x`,
  );
  const outletDays = await outletRollupDiff(
    db,
    'day',
    sql`select distinct date_trunc('day', h, 'UTC') as a, date_trunc('day', h, 'UTC') + interval '1 day' as b from ${hours} x where k % 4 = 0`,
  );
  if (outletHours.bad || outletDays.bad)
    throw new Error(
      `per-outlet ledger rollups differ from the entries summed per outlet in ${outletHours.bad} hour rows of 48 sampled hours and ${outletDays.bad} day rows of 12 sampled days`,
    );
  // The whole-business day rollup (stat_ledger_day) of those 12 days, from the same entries summed over the outlets.
  const dayRows = await query<{ at: Date | string; account_kind: string; kind: string; debit: string; credit: string }>(
    db,
    sql`
    with s as (select distinct date_trunc('day', h, 'UTC') as a from ${hours} x where k % 4 = 0)
    select day as at, account_kind, kind, sum(debit) as debit, sum(credit) as credit from stat_ledger_day join s on day = s.a group by 1, 2, 3`,
  );
  const byDay = new Map<string, [number, number]>();
  for (const l of outletDays.lines) {
    const k = `${new Date(l.at).toISOString()}|${l.account_kind}|${l.kind}`;
    const v = byDay.get(k) ?? [0, 0];
    byDay.set(k, [v[0] + Number(l.debit), v[1] + Number(l.credit)]);
  }
  const rolledDays = new Map(
    dayRows.map((r) => [
      `${new Date(r.at).toISOString()}|${r.account_kind}|${r.kind}`,
      [Number(r.debit), Number(r.credit)] as [number, number],
    ]),
  );
  const dayBad = [...new Set([...byDay.keys(), ...rolledDays.keys()])].filter(
    (k) => (byDay.get(k) ?? [0, 0]).join() !== (rolledDays.get(k) ?? [0, 0]).join(),
  ).length;
  if (dayBad)
    throw new Error(
      `the ledger's day rollup differs from a GROUP BY over the entries in ${dayBad} rows of 12 sampled days`,
    );
  return (
    `rollups equal a GROUP BY over their rows in 48 sampled hours (${sample!.o.toLocaleString('en-US')} orders, ${sample!.e.toLocaleString('en-US')} ledger entries); ` +
    `per-outlet ledger rows equal the entries by outlet in those hours (${outletHours.rows.toLocaleString('en-US')} rows, ${outletHours.outlets} outlets) and, with the ledger's day rows, in 12 of their days (${outletDays.rows.toLocaleString('en-US')} rows, ${outletDays.entries.toLocaleString('en-US')} entries)`
  );
}

const OUTLET_FIGURES = [
  'income',
  'refunds',
  'agentShare',
  'outletShare',
  'providerShare',
  'operatorShare',
  'pusherShare',
  'platform',
  'taxes',
  'fees',
] as const;

/**
 * One per-outlet ledger rollup (`unit` hour or day) against its entries in the given spans (a, b):
 * the entries summed per span, outlet of their movement, account kind and movement kind (`lines`,
 * also the whole-business day check's), turned into the financial figures by the financial data's
 * own addLine, row by row against the rollup's rows (rows of all-zero figures are no rows).
 * Answers the rows that differ.
 */
async function outletRollupDiff(db: Db, unit: 'hour' | 'day', spans: SQL) {
  const lines = await query<{
    at: Date | string;
    outlet: string;
    account_kind: string;
    kind: string;
    debit: string;
    credit: string;
    n: string;
  }>(
    db,
    sql`
    with s as (${spans})
    select s.a as at, coalesce(t.outlet_id, 0) as outlet, e.account_kind, t.kind, sum(e.debit) as debit, sum(e.credit) as credit, count(*) as n
    from s join led_entry e on e.created_at >= s.a and e.created_at < s.b join led_transaction t on t.id = e.transaction_id
    group by 1, 2, 3, 4`,
  );
  const table = sql.raw(unit === 'hour' ? 'stat_ledger_outlet_hour' : 'stat_ledger_outlet_day');
  const rolled = await query<Record<string, string | Date>>(
    db,
    sql`
    with s as (${spans})
    select r.${sql.raw(unit)} as at, r.outlet_id as outlet, r.income, r.refunds, r.agent_share as "agentShare", r.outlet_share as "outletShare", r.provider_share as "providerShare",
           r.operator_share as "operatorShare", r.pusher_share as "pusherShare", r.platform, r.taxes, r.fees
    from ${table} r join s on r.${sql.raw(unit)} = s.a`,
  );
  const key = (at: Date | string, outlet: string | number) => `${new Date(at).toISOString()}|${Number(outlet)}`;
  const fromEntries = new Map<string, StatsFinanceRow>();
  let entries = 0;
  for (const l of lines) {
    const k = key(l.at, l.outlet);
    let row = fromEntries.get(k);
    if (!row)
      fromEntries.set(
        k,
        (row = { start: k, net: 0, ...Object.fromEntries(OUTLET_FIGURES.map((f) => [f, 0])) } as StatsFinanceRow),
      );
    addLine(row, {
      accountKind: l.account_kind as AccountKind,
      kind: l.kind,
      debit: Number(l.debit),
      credit: Number(l.credit),
    });
    entries += Number(l.n);
  }
  const figures = (r: Record<string, unknown> | undefined) => OUTLET_FIGURES.map((f) => Number(r?.[f] ?? 0)).join(',');
  const none = OUTLET_FIGURES.map(() => 0).join(',');
  const fromRollup = new Map(rolled.map((r) => [key(r.at!, r.outlet as string), r]));
  let bad = 0;
  for (const k of new Set([...fromEntries.keys(), ...fromRollup.keys()])) {
    const a = figures(fromEntries.get(k) as unknown as Record<string, unknown> | undefined);
    const b = figures(fromRollup.get(k));
    if (a !== b && !(a === none && b === none)) bad++;
  }
  const rows = [...fromRollup.values()].filter((r) => figures(r) !== none);
  return { bad, rows: rows.length, outlets: new Set(rows.map((r) => Number(r.outlet))).size, entries, lines };
}

async function main() {
  const orders = arg('orders', 1_000_000);
  const outlets = arg('outlets', 500);
  const i = process.argv.indexOf('--database');
  const url = await benchDatabaseUrl(orders, i > 0 ? process.argv[i + 1] : undefined);
  console.log(`filling ${new URL(url).pathname.slice(1)} with ${orders.toLocaleString('en-US')} orders`);
  const info = await fillData(url, { orders, outlets, keepIndexes: process.argv.includes('--keep-indexes') });
  console.log(
    `\nfill: ${info.seconds.toFixed(0)} s (${info.phases.map((p) => `${p.name} ${p.seconds.toFixed(0)} s`).join(', ')}); ${info.counts.orders.toLocaleString('en-US')} orders, ${info.counts.transactions.toLocaleString('en-US')} ledger transactions, ${info.counts.entries.toLocaleString('en-US')} entries; load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' / ')}`,
  );
  if (process.argv.includes('--fill-only')) return;

  const database = await openPostgres(url, { max: 4 });
  const db = database.db;
  try {
    // The statistics module's reader over the order module's read port, as the server wires it.
    const stats = statsContext(db, outlets).orders;
    const year = {
      beginTime: new Date(Date.now() - 365 * 86_400_000).toISOString(),
      endTime: new Date().toISOString(),
    };
    const time = async (f: () => Promise<unknown>, runs = 20) => {
      const ms: number[] = [];
      for (let k = 0; k < runs; k++) {
        const t = performance.now();
        await f();
        ms.push(performance.now() - t);
      }
      return { p50: quantile(ms, 0.5), p99: quantile(ms, 0.99) };
    };
    const rollup = await time(() => stats.overview(year));
    const whole = await time(
      () =>
        query(
          db,
          sql`select count(*), sum(paid_amount), sum(refund_amount) from (select paid_amount, refund_amount, created_at from ord_order union all select paid_amount, refund_amount, created_at from ord_order_archive) o where created_at >= ${new Date(year.beginTime)} and created_at <= ${new Date(year.endTime)}`,
        ),
      3,
    );
    const a = await stats.overview(year);
    const [n] = await query<{ n: number }>(db, sql`select count(*)::int as n from stat_order_hour`);
    console.log(
      `\n| orders | fill s | rollup rows | overview of a year p50 / p99 ms | whole-table GROUP BY p50 / p99 ms | orderCount | paidAmount |`,
    );
    console.log(`| ---: | ---: | ---: | ---: | ---: | ---: | ---: |`);
    console.log(
      `| ${orders.toLocaleString('en-US')} | ${info.seconds.toFixed(0)} | ${n!.n} | ${rollup.p50.toFixed(1)} / ${rollup.p99.toFixed(1)} | ${whole.p50.toFixed(0)} / ${whole.p99.toFixed(0)} | ${a.orderCount} | ${a.paidAmount} |`,
    );
    console.log('\n' + statsTable(orders, await benchStats(db, outlets)));
  } finally {
    await database.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
