/**
 * `npm run bench`: a benchmark, not a test. Measures over real HTTP on loopback:
 *  - sign-in, user info and menu calls per second and their p50/p99, on PGlite and on PostgreSQL
 *    (BENCH_DATABASE_URL or TEST_DATABASE_URL, else postgres://root@127.0.0.1:5432/postgres if it answers);
 *  - the gzip size of the JavaScript a real Chromium loads for /login (budget 250 KB).
 * Writes docs/benchmarks.md. Every loop is bounded in count and time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../apps/server/src/config.js';
import { openPglite, openPostgres, type Database } from '../apps/server/src/platform/db/database.js';
import { buildApp } from '../apps/server/src/app.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const LOGIN_BUDGET_KB = 250;

interface Result { name: string; engine: string; requests: number; concurrency: number; rps: number; p50: number; p99: number; errors: number }

async function load(name: string, engine: string, total: number, concurrency: number, fire: () => Promise<boolean>, maxMs = 60_000): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  const started = performance.now();
  async function worker() {
    while (issued < total && performance.now() - started < maxMs) {
      issued++;
      const t0 = performance.now();
      const ok = await fire().catch(() => false);
      latencies.push(performance.now() - t0);
      if (!ok) errors++;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return { name, engine, requests: latencies.length, concurrency, rps: latencies.length / elapsed, p50: q(0.5), p99: q(0.99), errors };
}

async function pgUrl(): Promise<string | null> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    const name = `cbo_bench_${crypto.randomBytes(4).toString('hex')}`;
    await c.query(`CREATE DATABASE ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    return u.toString();
  } catch {
    return null;
  } finally {
    await c.end().catch(() => undefined);
  }
}

async function dropDb(url: string) {
  const pg = (await import('pg')).default;
  const base = new URL(url);
  const name = base.pathname.slice(1);
  base.pathname = '/postgres';
  const c = new pg.Client({ connectionString: base.toString() });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.end();
}

async function benchEngine(engine: 'pglite' | 'postgres', url?: string): Promise<Result[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbo-bench-'));
  const database: Database = engine === 'postgres' ? await openPostgres(url!, { max: 10 }) : await openPglite(path.join(dataDir));
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench123', LOG_LEVEL: 'silent', LOGIN_MAX_FAILURES: '100', WEB_DIST: path.join(dataDir, 'none'), ...(url ? { DATABASE_URL: url } : {}) });
  const server = await buildApp({ config, database, workers: false });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  const signIn = async () => {
    const r = await fetch(`${base}/user/api/open/v1/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'admin', password: 'bench123', clientType: 'MANAGE_PC' }) });
    const b = (await r.json()) as { code: number; data: { token: string } };
    return b;
  };
  const token = (await signIn()).data.token;
  const get = (p: string) => async () => {
    const r = await fetch(base + p, { headers: { authorization: token, clienttype: 'MANAGE_PC', 'accept-language': 'en_US' } });
    return ((await r.json()) as { code: number }).code === 0;
  };
  const results: Result[] = [];
  // warm up the JIT and the connection pool
  await load('warm-up', engine, 200, 8, get('/user/api/v1/sys/user/info'));
  results.push(await load('sign-in (argon2id)', engine, 200, 4, async () => (await signIn()).code === 0));
  results.push(await load('user info', engine, 3000, 16, get('/user/api/v1/sys/user/info')));
  results.push(await load('menu (listByUser)', engine, 3000, 16, get('/user/api/v1/sys/menu/listByUser')));
  await server.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return results;
}

/** Loads /login in Chromium and sums the gzip size of every script it fetched. */
async function loginBundle(): Promise<{ files: { url: string; raw: number; gzip: number }[]; gzipKB: number } | null> {
  const dist = path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) return null;
  const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));
  if (!chromium) return null;
  const { chromium: pw } = await import('playwright-core');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbo-bench-web-'));
  const database = await openPglite(null);
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench123', LOG_LEVEL: 'silent' });
  const server = await buildApp({ config, database, workers: false });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as { port: number };
  const browser = await pw.launch({ executablePath: chromium, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const files: { url: string; raw: number; gzip: number }[] = [];
  try {
    const page = await browser.newPage();
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      const body = await res.body().catch(() => null);
      if (body) files.push({ url: new URL(res.url()).pathname, raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length });
    });
    await page.goto(`http://127.0.0.1:${port}/login`, { waitUntil: 'networkidle' });
    await page.waitForSelector('input[type=password]', { timeout: 15_000 });
  } finally {
    await browser.close();
    await server.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const gzipKB = files.reduce((a, f) => a + f.gzip, 0) / 1024;
  return { files, gzipKB };
}

async function main() {
  const results: Result[] = [];
  results.push(...(await benchEngine('pglite')));
  const url = await pgUrl();
  if (url) {
    try {
      results.push(...(await benchEngine('postgres', url)));
    } finally {
      await dropDb(url);
    }
  }
  const bundle = await loginBundle();
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const lines = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (bench/api.bench.ts). A benchmark, not a test: numbers depend on the machine.',
    `Last run: ${new Date().toISOString()} on ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.`,
    '',
    '## API over loopback HTTP',
    '',
    'One server process; clients in the same process with the given concurrency. Sign-in is dominated by',
    'argon2id hashing (19 MiB, t=2), which is deliberate: it is what makes a stolen hash expensive.',
    '',
    '| call | engine | requests | concurrency | req/s | p50 ms | p99 ms | errors |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.map((r) => `| ${r.name} | ${r.engine} | ${r.requests} | ${r.concurrency} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} |`),
    url ? '' : '\nPostgreSQL was not reachable, so only PGlite was measured.',
    '',
    '## JavaScript loaded for /login',
    '',
  ];
  if (bundle) {
    lines.push(
      `Budget: ${LOGIN_BUDGET_KB} KB gzip. Measured: **${bundle.gzipKB.toFixed(1)} KB** gzip (level 9) over ${bundle.files.length} scripts that Chromium fetched for /login` +
        ` — ${bundle.gzipKB <= LOGIN_BUDGET_KB ? 'within budget' : 'OVER BUDGET'}.`,
      '',
      '| script | raw KB | gzip KB |',
      '| --- | ---: | ---: |',
      ...bundle.files.sort((a, b) => b.gzip - a.gzip).map((f) => `| ${f.url} | ${(f.raw / 1024).toFixed(1)} | ${(f.gzip / 1024).toFixed(1)} |`),
    );
  } else {
    lines.push('Not measured: build the console (`npm run build`) and install Chromium first.');
  }
  // Sections other benchmarks write (## Gateway, by bench/gateway.bench.ts) are kept as they are.
  const previous = fs.existsSync(path.join(root, 'docs/benchmarks.md')) ? fs.readFileSync(path.join(root, 'docs/benchmarks.md'), 'utf8') : '';
  const gateway = previous.indexOf('\n## Gateway\n');
  const kept = gateway >= 0 ? '\n' + previous.slice(gateway + 1).split(/\n(?=## (?!Gateway\n))/)[0]!.trimEnd() + '\n' : '';
  const out = lines.join('\n') + '\n' + kept;
  fs.mkdirSync(path.join(root, 'docs'), { recursive: true });
  fs.writeFileSync(path.join(root, 'docs/benchmarks.md'), out);
  console.log(out);
  if (bundle && bundle.gzipKB > LOGIN_BUDGET_KB) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
