/**
 * The signed-in request path against its floor, measured in one run on one PostgreSQL database.
 *
 * - The floor is a process of its own (bench/floor-server.mjs): one Fastify route and one pg pool
 *   that hashes the token and runs the guard's own session lookup (the statement text is taken from
 *   SessionService's query, so it cannot drift), answering the row as JSON. Nothing else.
 * - The real server is a process of its own too, started as `npm start` starts it
 *   (`node --import tsx apps/server/src/main.ts`, no simulator, no console build), so neither
 *   side shares its event loop with the benchmark or with the other.
 * - autocannon loads one target at a time from a process of its own. Rounds alternate between the
 *   targets, so a noisy neighbour on the shared machine weighs on all of them alike; the ratio of
 *   each round is taken against the floor's run in the same round, and the median of those ratios
 *   is what the benchmark reports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Placeholder } from 'drizzle-orm';
import { sessionLookupQuery } from '../apps/server/src/modules/identity/session.service.js';
import type { Db } from '../apps/server/src/platform/db/database.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

export interface CannonResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  requests: number;
  /** CPU time (user + system) the answering process spent per request, µs; NaN where /proc is not readable. */
  cpuUs: number;
}
export interface PathTarget {
  name: string;
  url: string;
  headers: Record<string, string>;
  pid: number;
}
export interface PathResult {
  name: string;
  rounds: CannonResult[];
  /** This target's rate over the floor's in the same round, per round. */
  ratios: number[];
  rps: number;
  p50: number;
  p99: number;
  /** Median of the per-round ratios. */
  ratio: number;
  /** Median CPU time of the answering process per request, µs (steadier than rates on a loaded machine). */
  cpuUs: number;
  errors: number;
}
export interface PathRun {
  results: PathResult[];
  /** 1-minute load average when each round began, and at the end. */
  load: number[];
  seconds: number;
  connections: number;
  /** Where the server's CPU profile went (--profile). */
  profile?: string;
  logLevel: string;
}

/** Runs autocannon as a child process and reads its JSON summary. */
export function cannon(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections = 16,
): Promise<CannonResult> {
  const bin = path.join(root, 'node_modules/autocannon/autocannon.js');
  const args = [
    bin,
    '-c',
    String(connections),
    '-d',
    String(seconds),
    '-j',
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]),
    url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}: ${err}`));
      const j = JSON.parse(out) as {
        requests: { average: number; total: number };
        latency: { p50: number; p99: number };
        non2xx: number;
        errors: number;
        timeouts: number;
      };
      resolve({
        rps: j.requests.average,
        p50: j.latency.p50,
        p99: j.latency.p99,
        non2xx: j.non2xx,
        errors: j.errors + j.timeouts,
        requests: j.requests.total,
        cpuUs: NaN,
      });
    });
  });
}

/** CPU time (user + system) a process has used so far, µs, from /proc (Linux); NaN elsewhere. */
export function cpuOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) in parentheses; utime and stime are the 14th and 15th.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}
/** USER_HZ: 100 on every Linux this runs on (sysconf(_SC_CLK_TCK) is not reachable from Node). */
const CLOCK_TICKS = 100;

/** Loads a target while counting the CPU time of the process that answers it. */
async function measure(t: PathTarget, seconds: number, connections: number): Promise<CannonResult> {
  const before = cpuOf(t.pid);
  const r = await cannon(t.url, t.headers, seconds, connections);
  return { ...r, cpuUs: (cpuOf(t.pid) - before) / Math.max(1, r.requests) };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return 0;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Stops a child this benchmark started: SIGTERM, then SIGKILL after 15 s. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** The statement the guard prepares, as text and the names of its placeholders in order. */
export function sessionLookupText(): { text: string; params: string[] } {
  const q = sessionLookupQuery(drizzle.mock() as unknown as Db).toSQL();
  return { text: q.sql, params: q.params.map((p) => (p as Placeholder).name as string) };
}

/** Starts the floor process on the database at url; answers its base URL and its process. */
export async function startFloor(url: string): Promise<{ base: string; child: ChildProcess }> {
  const { text, params } = sessionLookupText();
  const child = spawn(process.execPath, [path.join(root, 'bench/floor-server.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      FLOOR_DATABASE_URL: url,
      FLOOR_SQL: text,
      FLOOR_PARAMS: JSON.stringify(params),
      FLOOR_POOL: '10',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n')) resolve((JSON.parse(line!) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`the floor process exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

/** Starts the real server as `npm start` does, on the database at url; answers when /healthz answers. */
export async function startServer(
  url: string,
  opts: { dataDir: string; logLevel: string; profileDir?: string },
): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const mqttPort = await freePort();
  const log = path.join(opts.dataDir, 'server.log');
  const out = fs.openSync(log, 'a');
  const profile = opts.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(opts.profileDir)}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'MQTT_URL')),
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      MQTT_PORT: String(mqttPort),
      SIMULATOR: '0',
      ADMIN_PASSWORD: 'bench123',
      LOGIN_MAX_FAILURES: '100',
      LOG_LEVEL: opts.logLevel,
      LOG_FORMAT: 'json',
      WEB_DIST: path.join(opts.dataDir, 'no-console'),
    },
    stdio: ['ignore', out, out],
  });
  const base = `http://127.0.0.1:${port}`;
  const t0 = Date.now();
  try {
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`the server exited with ${child.exitCode}:\n${fs.readFileSync(log, 'utf8').slice(-3000)}`);
      if (
        await fetch(`${base}/healthz`)
          .then((r) => r.ok)
          .catch(() => false)
      )
        return { base, child };
      // Migrations and seeding take seconds alone, minutes on a machine loaded by other work.
      if (Date.now() - t0 > 300_000) throw new Error('the server did not answer /healthz in 300 s');
      await sleep(250);
    }
  } catch (err) {
    await stopChild(child);
    throw err;
  }
}

/** A staff account holding only the login-log menu, so its calls go through the permission check. */
async function staffAccount(url: string): Promise<void> {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`insert into sys_role (code, name, weight) values ('bench_reader', 'bench reader', 1)`);
    await c.query(`insert into sys_account (user_name, nick_name, password_hash)
                   select 'benchstaff', 'bench staff', password_hash from sys_account where user_name = 'admin'`);
    await c.query(`insert into sys_account_role (account_id, role_id)
                   select a.id, r.id from sys_account a, sys_role r where a.user_name = 'benchstaff' and r.code = 'bench_reader'`);
    await c.query(`insert into sys_role_menu (role_id, menu_id)
                   select r.id, m.id from sys_role r, sys_menu m where r.code = 'bench_reader' and m.code in ('system', 'system.loginLog')`);
  } finally {
    await c.end();
  }
}

/**
 * Starts the floor and the real server on a fresh PostgreSQL database (url), signs in, and
 * measures the targets in alternating rounds. Every target is checked to answer code 0 first.
 */
export async function requestPath(
  url: string,
  opts: { seconds?: number; rounds?: number; connections?: number; logLevel?: string; profileDir?: string } = {},
): Promise<PathRun> {
  const seconds = opts.seconds ?? 6;
  const rounds = opts.rounds ?? 5;
  const connections = opts.connections ?? 16;
  // What the operator gets without setting LOG_LEVEL is info: one line per request in and out.
  const logLevel = opts.logLevel ?? 'info';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbo-bench-path-'));
  const children: ChildProcess[] = [];
  try {
    const server = await startServer(url, { dataDir, logLevel, profileDir: opts.profileDir });
    children.push(server.child);
    await staffAccount(url);
    const floor = await startFloor(url);
    children.push(floor.child);
    const signIn = async (userName: string) => {
      const r = await fetch(`${server.base}/user/api/open/v1/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName, password: 'bench123', clientType: 'MANAGE_PC' }),
      });
      const b = (await r.json()) as { code: number; msg: string; data: { token: string } };
      if (b.code !== 0) throw new Error(`sign-in of ${userName} failed: ${b.msg}`);
      return b.data.token;
    };
    const admin = await signIn('admin');
    const staff = await signIn('benchstaff');
    // What the console sends: the token, its terminal, its language, and that it takes Brotli.
    const h = (token: string) => ({
      authorization: token,
      clienttype: 'MANAGE_PC',
      'accept-language': 'en_US',
      'accept-encoding': 'gzip, deflate, br',
    });
    const page = '/user/api/v1/sys/loginLog/queryPage?pageNum=1&pageSize=10';
    const targets: PathTarget[] = [
      {
        name: 'floor (own process: session lookup by token hash)',
        url: `${floor.base}/floor`,
        headers: { authorization: admin },
        pid: floor.child.pid!,
      },
      {
        name: 'user info (GET /user/api/v1/sys/user/info)',
        url: `${server.base}/user/api/v1/sys/user/info`,
        headers: h(admin),
        pid: server.child.pid!,
      },
      {
        name: 'login-log page, super administrator',
        url: server.base + page,
        headers: h(admin),
        pid: server.child.pid!,
      },
      {
        name: 'login-log page, staff role (permission checked)',
        url: server.base + page,
        headers: h(staff),
        pid: server.child.pid!,
      },
    ];
    for (const t of targets) {
      const r = await fetch(t.url, { headers: t.headers });
      const b = (await r.json()) as { code: number; msg: string };
      if (b.code !== 0) throw new Error(`${t.name} answered ${b.code} ${b.msg}`);
      await cannon(t.url, t.headers, 3, connections); // warm-up: JIT and pools
    }
    const byTarget = targets.map(() => [] as CannonResult[]);
    const load: number[] = [];
    for (let round = 0; round < rounds; round++) {
      load.push(os.loadavg()[0]!);
      for (const [i, t] of targets.entries()) byTarget[i]!.push(await measure(t, seconds, connections));
      console.log(
        `request path, round ${round + 1}/${rounds}: ${byTarget.map((rs) => `${rs[round]!.rps.toFixed(0)} (${rs[round]!.cpuUs.toFixed(0)} µs)`).join(' / ')} req/s (CPU a request) (load ${load[round]!.toFixed(1)})`,
      );
    }
    load.push(os.loadavg()[0]!);
    const results = targets.map((t, i) => {
      const rs = byTarget[i]!;
      const ratios = rs.map((r, k) => r.rps / byTarget[0]![k]!.rps);
      return {
        name: t.name,
        rounds: rs,
        ratios,
        rps: median(rs.map((r) => r.rps)),
        p50: median(rs.map((r) => r.p50)),
        p99: median(rs.map((r) => r.p99)),
        ratio: median(ratios),
        cpuUs: median(rs.map((r) => r.cpuUs)),
        errors: rs.reduce((a, r) => a + r.errors + r.non2xx, 0),
      };
    });
    return { results, load, seconds, connections, logLevel, profile: opts.profileDir };
  } finally {
    for (const c of children.reverse()) await stopChild(c);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
