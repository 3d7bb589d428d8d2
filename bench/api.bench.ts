/**
 * Over 400 lines on purpose: the entry of `npm run bench`, which runs its parts in order and writes
 * their sections of docs/benchmarks.md (each part's measuring lives in its own file).
 *
 * `npm run bench`: a benchmark, not a test. Measures over real HTTP on loopback:
 *  - sign-in, user info and menu calls per second and their p50/p99, on PGlite and on PostgreSQL
 *    (BENCH_DATABASE_URL or TEST_DATABASE_URL, else postgres://root@127.0.0.1:5432/postgres if it answers);
 *  - signed-in reads against their floor on PostgreSQL: the real server and a minimal process that
 *    only runs the guard's session lookup, each in its own process, loaded by autocannon in its own,
 *    in alternating rounds (bench/request-path.ts). `npm run bench:path` runs only this part
 *    (--rounds N, --seconds N, --log-level L, --profile DIR for the server's CPU profile) and
 *    rewrites only its section and a History line;
 *  - what a real Chromium receives over the wire before /login shows its form (JavaScript budget
 *    200 KB; the run fails when over);
 *  - orders created and finished per second through the engine, and the order page at 1M orders
 *    (BENCH_ORDERS) against the same SQL in psql, on PostgreSQL (bench/orders.ts);
 *  - the statistics (dashboard, financial data, …) and the order list pages at 1M and 10M orders
 *    (BENCH_STATS_ORDERS) on the databases bench_1m and bench_10m, filled when absent, each next to
 *    a whole-table GROUP BY or psql (bench/statistics.ts).
 * Writes docs/benchmarks.md (sections written by other benchmarks and by hand are kept). Every loop
 * is bounded in count and time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../apps/server/src/config.js';
import { openPglite, openPostgres, type Database } from '../apps/server/src/platform/db/database.js';
import { buildApp } from '../apps/server/src/app.js';
import { parseArgs } from 'node:util';
import { requestPath, type PathRun } from './request-path.js';
import { benchOrders, ordersSection, type OrderBench } from './orders.js';
import { benchStatistics, statisticsSection, type StatsAtSize } from './statistics.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** JavaScript a browser may receive over the wire before /login shows its form. */
const LOGIN_JS_BUDGET_KB = 200;
/** User info should answer at least this share of the floor's rate, the staff login-log page PAGE_TARGET. */
const PATH_TARGET = 0.5;
const PAGE_TARGET = 1 / 3;
const PATH_HEADING = 'Signed-in calls against their floor';
/** The section's name before the floor was a process of its own; replaced by PATH_HEADING. */
const OLD_PATH_HEADING = 'Signed-in calls against a bare route';

const args = parseArgs({
  options: {
    'login-only': { type: 'boolean' },
    'path-only': { type: 'boolean' },
    rounds: { type: 'string' },
    seconds: { type: 'string' },
    'log-level': { type: 'string' },
    profile: { type: 'string' },
  },
}).values;

interface Result {
  name: string;
  engine: string;
  requests: number;
  concurrency: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(
  name: string,
  engine: string,
  total: number,
  concurrency: number,
  fire: () => Promise<boolean>,
  maxMs = 60_000,
): Promise<Result> {
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
  return {
    name,
    engine,
    requests: latencies.length,
    concurrency,
    rps: latencies.length / elapsed,
    p50: q(0.5),
    p99: q(0.99),
    errors,
  };
}

async function pgUrl(): Promise<string | null> {
  const url =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
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
  const database: Database =
    engine === 'postgres' ? await openPostgres(url!, { max: 10 }) : await openPglite(path.join(dataDir));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'bench123',
    LOG_LEVEL: 'silent',
    LOGIN_MAX_FAILURES: '100',
    WEB_DIST: path.join(dataDir, 'none'),
    ...(url ? { DATABASE_URL: url } : {}),
  });
  const server = await buildApp({ config, database, workers: false });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  const signIn = async () => {
    const r = await fetch(`${base}/user/api/open/v1/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'admin', password: 'bench123', clientType: 'MANAGE_PC' }),
    });
    const b = (await r.json()) as { code: number; data: { token: string } };
    return b;
  };
  const token = (await signIn()).data.token;
  const get = (p: string) => async () => {
    const r = await fetch(base + p, {
      headers: { authorization: token, clienttype: 'MANAGE_PC', 'accept-language': 'en_US' },
    });
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

interface Transfer {
  url: string;
  type: string;
  encoding: string;
  raw: number;
  wire: number;
}

/**
 * Loads /login in Chromium from the real server (built console, compressed files) and adds up
 * what went over the wire (CDP's encodedDataLength: headers and the body as sent) for every file
 * the page had loaded when the sign-in form appeared (its resource timing at that moment).
 */
async function loginBundle(): Promise<{ files: Transfer[]; jsKB: number; cssKB: number; allKB: number } | null> {
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
  const browser = await pw.launch({
    executablePath: chromium,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const seen = new Map<
    string,
    { url: string; type: string; encoding: string; raw: number; wire: number; done: boolean }
  >();
  let renderedIds: Set<string>;
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    cdp.on(
      'Network.responseReceived',
      (e: { requestId: string; type: string; response: { url: string; headers: Record<string, string> } }) => {
        const enc =
          Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1] ?? 'none';
        seen.set(e.requestId, {
          url: new URL(e.response.url).pathname,
          type: e.type,
          encoding: enc,
          raw: 0,
          wire: 0,
          done: false,
        });
      },
    );
    cdp.on('Network.dataReceived', (e: { requestId: string; dataLength: number }) => {
      const f = seen.get(e.requestId);
      if (f) f.raw += e.dataLength;
    });
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
      const f = seen.get(e.requestId);
      if (f) Object.assign(f, { wire: e.encodedDataLength, done: true });
    });
    // The moment the form is in the page, the page itself lists what it had loaded (resource
    // timing lists finished files only): what is fetched after, or still in flight (the brand
    // name, fetched when the browser is idle), was not needed to show the form.
    // A string, not a function: tsx would add its name helper, which the page does not have.
    await page.addInitScript(`(() => {
      const done = () => {
        if (window.__loginLoaded || !document.querySelector('input[type=password]')) return false;
        window.__loginLoaded = [location.pathname, ...performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)];
        return true;
      };
      new MutationObserver((_, o) => { if (done()) o.disconnect(); }).observe(document, { childList: true, subtree: true });
    })();`);
    await page.goto(`http://127.0.0.1:${port}/login`);
    await page.waitForSelector('input[type=password]', { timeout: 30_000 });
    const loaded = new Set((await (await page.waitForFunction('window.__loginLoaded')).jsonValue()) as string[]);
    await page.waitForLoadState('networkidle');
    renderedIds = new Set([...seen].filter(([, f]) => loaded.has(f.url)).map(([id]) => id));
  } finally {
    await browser.close();
    await server.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const files = [...seen]
    .filter(([id]) => renderedIds.has(id))
    .map(([, f]) => ({ url: f.url, type: f.type, encoding: f.encoding, raw: f.raw, wire: f.wire }));
  const kb = (type?: string) => files.filter((f) => !type || f.type === type).reduce((a, f) => a + f.wire, 0) / 1024;
  return { files, jsKB: kb('Script'), cssKB: kb('Stylesheet'), allKB: kb() };
}

/** A section of the previous docs/benchmarks.md (from its heading to the next one of its level), or ''. */
function sectionOf(previous: string, heading: string): string {
  const at = previous.indexOf(`\n## ${heading}\n`);
  return at >= 0
    ? previous
        .slice(at + 1)
        .split(/\n(?=## )/)[0]!
        .trimEnd()
    : '';
}

/** `npm run bench:login`: only what /login transfers, printed, not written to docs/benchmarks.md. */
async function loginOnly() {
  const bundle = await loginBundle();
  if (!bundle) {
    console.error('Not measured: build the console (npm run build) and install Chromium first.');
    process.exitCode = 1;
    return;
  }
  for (const f of bundle.files.sort((a, b) => b.wire - a.wire))
    console.log(`${(f.wire / 1024).toFixed(1).padStart(7)} KB  ${f.encoding.padEnd(4)} ${f.type.padEnd(10)} ${f.url}`);
  console.log(
    `/login: ${bundle.jsKB.toFixed(1)} KB of JavaScript over the wire (budget ${LOGIN_JS_BUDGET_KB} KB), ${bundle.allKB.toFixed(1)} KB in all`,
  );
  if (bundle.jsKB > LOGIN_JS_BUDGET_KB) process.exitCode = 1;
}

/** The request path's section of docs/benchmarks.md. */
function pathSection(run: PathRun | null): string[] {
  const lines = [
    `## ${PATH_HEADING}`,
    '',
    'Both sides run in processes of their own on one PostgreSQL database. The real server is started as `npm start`',
    `starts it (\`node --import tsx apps/server/src/main.ts\`, no simulator, LOG_LEVEL ${run?.logLevel ?? 'info'}). The floor`,
    '(bench/floor-server.mjs) is one Fastify route and one pg pool of the same size (10) that hashes the token, runs the',
    "guard's own session lookup (the statement text SessionService prepares, prepared by name as well) and answers the row",
    'as JSON: nothing else. The real calls go through everything a console call does (security headers, language, the',
    'guard with its permission check, zod validation and serialisation, the envelope, compression, the request log).',
    `The load comes from autocannon in its own process (${run?.connections ?? 16} connections, keep-alive, ${run?.seconds ?? 6} s a run); rounds`,
    "alternate between the targets, each round's rate is divided by the floor's in the same round, and the table gives",
    `the median of those ratios. Targets: user info at ${PATH_TARGET * 100} % of the floor or more, the staff login-log page at`,
    `${(PAGE_TARGET * 100).toFixed(0)} % or more. CPU µs a request is the CPU time (user + system, from /proc) of the process that`,
    'answered, over the requests it answered: it moves far less than the rates when other work loads the machine (the',
    "database's own CPU is not in it). `npm run bench:path` runs only this part.",
    '',
  ];
  if (!run) return [...lines, 'Not measured: PostgreSQL was not reachable.'];
  const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
  return [
    ...lines,
    '| target | req/s | of the floor | of the floor, per round | CPU µs a request | p50 ms | p99 ms | req/s per round | errors |',
    '| --- | ---: | ---: | --- | ---: | ---: | ---: | --- | ---: |',
    ...run.results.map(
      (r) =>
        `| ${r.name} | ${r.rps.toFixed(0)} | ${pct(r.ratio)} | ${r.ratios.map(pct).join(', ')} | ${r.cpuUs.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.rounds.map((x) => x.rps.toFixed(0)).join(', ')} | ${r.errors} |`,
    ),
    '',
    `Load average (1 min) at the start of each round: ${run.load
      .slice(0, -1)
      .map((l) => l.toFixed(1))
      .join(', ')}; ${run.load.at(-1)!.toFixed(1)} at the end.`,
  ];
}

/** A History line: the request path's ratios and what /login transfers, '-' for what was not measured. */
function historyRow(now: string, run: PathRun | null, jsKB: number | null, note: string): string {
  const info = run?.results.find((r) => r.name.startsWith('user info'));
  const page = run?.results.find((r) => r.name.startsWith('login-log page, staff'));
  const pct = (r: { ratio: number } | undefined) => (r ? `${(r.ratio * 100).toFixed(0)} %` : '-');
  const load = run ? `; load ${Math.min(...run.load).toFixed(1)}-${Math.max(...run.load).toFixed(1)}` : '';
  return `| ${now.slice(0, 10)} | ${pct(info)} | ${pct(page)} | ${jsKB === null ? '-' : jsKB.toFixed(1)} | ${note}${load} |`;
}

const HISTORY_HEAD = [
  '## History',
  '',
  'One line per run of `npm run bench` (older lines were written by hand from the numbers of their day).',
  '',
  '| date | user info, % of the floor | login-log page (staff), % of the floor | JS transferred for /login, KB | note |',
  '| --- | ---: | ---: | ---: | --- |',
].join('\n');

async function measurePath(): Promise<PathRun | null> {
  const url = await pgUrl();
  if (!url) return null;
  try {
    return await requestPath(url, {
      rounds: args.rounds ? Number(args.rounds) : undefined,
      seconds: args.seconds ? Number(args.seconds) : undefined,
      logLevel: args['log-level'],
      profileDir: args.profile,
    });
  } finally {
    await dropDb(url);
  }
}

/** `npm run bench:path`: only the request path; its section and a History line are rewritten, the rest kept. */
async function pathOnly() {
  const run = await measurePath();
  const file = path.join(root, 'docs/benchmarks.md');
  const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const now = new Date().toISOString();
  const section = pathSection(run).join('\n');
  const parts = previous.split(/\n(?=## )/).map((p) => p.trimEnd());
  const at = parts.findIndex((p) => p.startsWith(`## ${PATH_HEADING}\n`) || p.startsWith(`## ${OLD_PATH_HEADING}\n`));
  if (at >= 0) parts[at] = section;
  else parts.splice(1, 0, section);
  const h = parts.findIndex((p) => p.startsWith('## History\n'));
  const row = historyRow(now, run, null, '`npm run bench:path`');
  if (h >= 0) parts[h] = `${parts[h]}\n${row}`;
  else parts.push(`${HISTORY_HEAD}\n${row}`);
  fs.writeFileSync(file, parts.join('\n\n') + '\n');
  console.log(section);
  if (!run) process.exitCode = 1;
}

async function main() {
  if (args['login-only']) return loginOnly();
  if (args['path-only']) return pathOnly();
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
  // The signed-in path against its floor: a database of its own, the server and the floor in processes of their own.
  const pathRun = url ? await measurePath() : null;
  let orders: OrderBench | null = null;
  const url3 = await pgUrl();
  if (url3) {
    try {
      orders = await benchOrders(url3, { orders: Number(process.env.BENCH_ORDERS ?? 1_000_000), cycles: 400 });
    } finally {
      await dropDb(url3);
    }
  }
  let statistics: StatsAtSize[] = [];
  if (url3) statistics = await benchStatistics();
  const bundle = await loginBundle();
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const now = new Date().toISOString();
  const lines = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (bench/api.bench.ts). A benchmark, not a test: numbers depend on the machine.',
    `Last run: ${now} on ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version};`,
    `load average ${os.loadavg()[0]!.toFixed(1)} at the end (the machine may be shared with other work).`,
    '',
    ...pathSection(pathRun),
  ];
  lines.push(
    '',
    '## API over loopback HTTP',
    '',
    'One server process; clients in the same process with the given concurrency. Sign-in is dominated by',
    'argon2id hashing (19 MiB, t=2), which is deliberate: it is what makes a stolen hash expensive.',
    '',
    '| call | engine | requests | concurrency | req/s | p50 ms | p99 ms | errors |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.engine} | ${r.requests} | ${r.concurrency} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} |`,
    ),
    url ? '' : '\nPostgreSQL was not reachable, so only PGlite was measured.',
    '',
    '## What /login transfers',
    '',
  );
  if (bundle) {
    const within = bundle.jsKB <= LOGIN_JS_BUDGET_KB;
    lines.push(
      `What Chromium received over the wire (encodedDataLength: headers and body as sent, Brotli when offered) for every file it`,
      `the page had loaded when the sign-in form appeared. Budget: ${LOGIN_JS_BUDGET_KB} KB of JavaScript. Measured: **${bundle.jsKB.toFixed(1)} KB** of JavaScript`,
      `(${bundle.files.filter((f) => f.type === 'Script').length} scripts), ${bundle.cssKB.toFixed(1)} KB of CSS, ${bundle.allKB.toFixed(1)} KB in all — ${within ? 'within budget' : 'OVER BUDGET'}.`,
      '',
      '| file | type | encoding | KB unpacked | KB transferred |',
      '| --- | --- | --- | ---: | ---: |',
      ...bundle.files
        .sort((a, b) => b.wire - a.wire)
        .map(
          (f) =>
            `| ${f.url} | ${f.type} | ${f.encoding} | ${(f.raw / 1024).toFixed(1)} | ${(f.wire / 1024).toFixed(1)} |`,
        ),
    );
  } else {
    lines.push('Not measured: build the console (`npm run build`) and install Chromium first.');
  }
  // Sections other benchmarks write (## Gateway, by bench/gateway.bench.ts) are kept as they are;
  // ## History gains one line per run.
  const previous = fs.existsSync(path.join(root, 'docs/benchmarks.md'))
    ? fs.readFileSync(path.join(root, 'docs/benchmarks.md'), 'utf8')
    : '';
  const history = sectionOf(previous, 'History') || HISTORY_HEAD;
  // Every other section of the previous file (the gateway's, hand-written ones) stays, in its order.
  const own = [
    PATH_HEADING,
    OLD_PATH_HEADING,
    'API over loopback HTTP',
    'What /login transfers',
    'Orders',
    'Statistics at 1M and 10M orders',
    'History',
  ];
  const kept = previous
    .split(/\n(?=## )/)
    .filter((p) => p.startsWith('## ') && !own.some((h) => p.startsWith(`## ${h}\n`)))
    .map((p) => p.trimEnd());
  const out =
    [
      lines.join('\n'),
      ordersSection(orders),
      statisticsSection(statistics),
      ...kept,
      history + '\n' + historyRow(now, pathRun, bundle ? bundle.jsKB : null, '`npm run bench`'),
    ]
      .filter(Boolean)
      .join('\n\n') + '\n';
  fs.mkdirSync(path.join(root, 'docs'), { recursive: true });
  fs.writeFileSync(path.join(root, 'docs/benchmarks.md'), out);
  console.log(out);
  if (bundle && bundle.jsKB > LOGIN_JS_BUDGET_KB) {
    console.error(
      `/login transfers ${bundle.jsKB.toFixed(1)} KB of JavaScript, over its ${LOGIN_JS_BUDGET_KB} KB budget`,
    );
    process.exitCode = 1;
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
