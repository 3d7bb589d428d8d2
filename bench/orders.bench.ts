/**
 * `npm run bench:orders -- [--orders N] [--cycles N]`: only the order rows of `npm run bench`
 * (bench/orders.ts) on PostgreSQL; rewrites the Orders section of docs/benchmarks.md and keeps the
 * rest as it is.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchOrders, ordersSection } from './orders.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Writes a section into docs/benchmarks.md: in place of the old one, or before ## History. */
export function writeSection(heading: string, text: string): void {
  const file = path.join(root, 'docs/benchmarks.md');
  const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const parts = previous.split(/\n(?=## )/);
  const at = parts.findIndex((p) => p.startsWith(`## ${heading}\n`));
  if (at >= 0) parts[at] = text.trimEnd() + '\n';
  else {
    const history = parts.findIndex((p) => p.startsWith('## History\n'));
    parts.splice(history >= 0 ? history : parts.length, 0, text.trimEnd() + '\n');
  }
  fs.writeFileSync(file, parts.join('\n').replace(/\n{3,}/g, '\n\n'));
}

async function main() {
  const { values } = parseArgs({ options: { orders: { type: 'string' }, cycles: { type: 'string' } } });
  const orders = Number(values.orders ?? process.env.BENCH_ORDERS ?? 1_000_000);
  const cycles = Number(values.cycles ?? 400);
  const base =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const name = `cbo_bench_${crypto.randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  try {
    const r = await benchOrders(u.toString(), { orders, cycles });
    const load = os.loadavg()[0]!.toFixed(1);
    const text = ordersSection(
      r,
      `Run by \`npm run bench:orders -- --orders ${orders} --cycles ${cycles}\` on ${new Date().toISOString()}, ${os.cpus().length} cores, load average ${load} at the end (the machine may be shared).`,
    );
    writeSection('Orders', text);
    console.log(text);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
