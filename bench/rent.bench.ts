/**
 * `npm run bench:rent [-- --customers 200 --cabinets 40 --seconds 60] [--pglite-only|--postgres-only] [--no-write] [--trace] [--stages]`:
 * the rent path's capacity (bench/rent.ts) on PostgreSQL (a fresh database on BENCH_DATABASE_URL,
 * TEST_DATABASE_URL or the local server, dropped after) and on PGlite; rewrites the "Rent path"
 * section of docs/benchmarks.md and adds its rows to that section's history.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchRent, type RentBench } from './rent.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const FILE = path.join(root, 'docs/benchmarks.md');
const HEADING = 'Rent path';
const log = (m: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${m}`);

/** Targets of issue 27 on PostgreSQL. */
const TARGET = { rentsPerSec: 100, rentNetP99: 250 };

const f0 = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '—');
const f1 = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '—');

function row(r: RentBench): string {
  const errs =
    Object.entries(r.errors)
      .map(([k, n]) => `${k} × ${n}`)
      .join('; ') || 'none';
  return (
    `| ${r.at.slice(0, 16)} | ${r.engine} | ${r.load[0].toFixed(1)} / ${r.load[1].toFixed(1)} | ${r.customers} | ${r.cabinets} | ${f0(r.seconds)} ` +
    `| ${f1(r.rentsPerSec)} | ${f1(r.settledPerSec)} | ${f0(r.rentNetP50)} / ${f0(r.rentNetP99)} | ${f0(r.rentP50)} / ${f0(r.rentP99)} (provider ${f0(r.providerP50)}) ` +
    `| ${f0(r.ejectP50)} / ${f0(r.ejectP99)} | ${f0(r.settleP50)} / ${f0(r.settleP99)} | ${errs} |`
  );
}

function verdict(r: RentBench): string {
  if (r.engine !== 'PostgreSQL') return '';
  const miss: string[] = [];
  if (r.rentsPerSec < TARGET.rentsPerSec)
    miss.push(
      `rents ${f1(r.rentsPerSec)}/s, ${f0((1 - r.rentsPerSec / TARGET.rentsPerSec) * 100)} % under ${TARGET.rentsPerSec}/s`,
    );
  if (r.rentNetP99 > TARGET.rentNetP99)
    miss.push(
      `rent p99 ${f0(r.rentNetP99)} ms beyond the provider, ${f0(r.rentNetP99 - TARGET.rentNetP99)} ms over ${TARGET.rentNetP99}`,
    );
  if (r.settledPerSec < r.rentsPerSec * 0.9) miss.push(`settles ${f1(r.settledPerSec)}/s behind rents`);
  const other = Object.keys(r.errors).filter((k) => !k.includes('100708'));
  if (other.length) miss.push(`errors other than "no power bank": ${other.join(', ')}`);
  return miss.length ? `Targets missed at load ${r.load[1].toFixed(1)}: ${miss.join('; ')}.` : 'Targets met.';
}

const INTRO = [
  `## ${HEADING}`,
  '',
  "Written by `npm run bench:rent` (bench/rent.bench.ts, bench/rent.ts): one server in the benchmark's process with its",
  'embedded broker, simulated cabinets of 48 slots 80 % full that charge fast (every power bank lendable: supply is never the',
  "limit), and customers of the app API who each rent (deposit), wait until the engine took the eject's result, put the power",
  'bank into a random cabinet with a free slot and wait until the engine settled it (fee, deposit released, shares, ledger),',
  "as fast as the server lets them, for a fixed time. The waits listen to the engine's own entry points, not the API.",
  '"Rent net" is the rent call less the sandbox payment company\'s own time for that call\'s charge (150 ms configured), measured',
  'on each charge. "Eject" is from the rent call\'s answer to the order being "using"; "settle" from the power bank entering a',
  'slot to the order settled. Targets (issue 27, PostgreSQL): 100 rents/s, rent net p99 at most 250 ms, settles at the same',
  'rate, no error but "no power bank". The load average (1 minute, start / end) is beside each row: the machine is shared.',
  '',
  '| date (UTC) | engine | load | customers | cabinets | s | rents/s | settled/s | rent net p50 / p99 ms | rent call p50 / p99 ms | eject p50 / p99 ms | settle p50 / p99 ms | errors |',
  '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
];

function writeRows(rows: RentBench[]): void {
  const previous = fs.readFileSync(FILE, 'utf8');
  const parts = previous.split(/\n(?=## )/);
  const at = parts.findIndex((p) => p.startsWith(`## ${HEADING}\n`));
  const kept = at >= 0 ? parts[at]!.split('\n').filter((l) => /^\| \d{4}-/.test(l)) : [];
  const notes = at >= 0 ? parts[at]!.split('\n### Notes\n')[1] : undefined;
  const verdicts = rows.map(verdict).filter(Boolean);
  const text = [
    ...INTRO,
    ...kept,
    ...rows.map(row),
    '',
    ...(verdicts.length ? [`Last run: ${verdicts.join(' ')}`, ''] : []),
    ...(notes ? ['### Notes', notes.trimEnd()] : []),
  ].join('\n');
  if (at >= 0) parts[at] = text.trimEnd() + '\n';
  else {
    const history = parts.findIndex((p) => p.startsWith('## History\n'));
    parts.splice(history >= 0 ? history : parts.length, 0, text.trimEnd() + '\n');
  }
  fs.writeFileSync(FILE, parts.join('\n').replace(/\n{3,}/g, '\n\n'));
}

async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3000 });
  await admin.connect();
  const name = `cbo_bench_rent_${crypto.randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      customers: { type: 'string', default: '200' },
      cabinets: { type: 'string', default: '40' },
      seconds: { type: 'string', default: '60' },
      'postgres-only': { type: 'boolean', default: false },
      'pglite-only': { type: 'boolean', default: false },
      'no-write': { type: 'boolean', default: false },
      // Statements, transactions and what they await (bench/rent-trace.ts); for finding where the time goes.
      trace: { type: 'boolean', default: false },
      // Each eject's stages, the cabinets' message queues, the pool's waits, the event loop (bench/rent-stages.ts).
      stages: { type: 'boolean', default: false },
    },
  });
  const customers = Number(values.customers);
  const cabinets = Number(values.cabinets);
  const seconds = Number(values.seconds);
  if (![customers, cabinets, seconds].every((v) => Number.isInteger(v) && v > 0)) {
    console.error('bench:rent: --customers, --cabinets and --seconds must be positive whole numbers');
    process.exit(2);
  }
  const results: RentBench[] = [];
  if (!values['pglite-only']) {
    const pg = await freshPostgres();
    try {
      log('PostgreSQL');
      results.push(
        await benchRent({ url: pg.url, customers, cabinets, seconds, log, trace: values.trace, stages: values.stages }),
      );
      console.log(JSON.stringify(results.at(-1), null, 2));
    } finally {
      await pg.drop().catch(() => undefined);
    }
  }
  if (!values['postgres-only']) {
    log('PGlite');
    results.push(
      await benchRent({ url: null, customers, cabinets, seconds, log, trace: values.trace, stages: values.stages }),
    );
    console.log(JSON.stringify(results.at(-1), null, 2));
  }
  for (const r of results) console.log(row(r));
  for (const r of results) if (verdict(r)) console.log(verdict(r));
  if (!values['no-write']) writeRows(results);
  console.log(
    `load average now ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
