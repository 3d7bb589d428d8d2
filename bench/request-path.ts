/**
 * The signed-in request path against a bare route, measured in one run on one PostgreSQL
 * database by autocannon in its own process (so the load generator never shares the server's
 * event loop). The bare route is the floor any signed-in call stands on: one Fastify route
 * that looks a session up by its token hash, joined to its account, and answers JSON. The
 * ratio of a real call to it is what the benchmark reports; rounds alternate between the
 * targets so that a noisy neighbour on the machine weighs on all of them alike.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { loadConfig } from '../apps/server/src/config.js';
import { openPostgres } from '../apps/server/src/platform/db/database.js';
import { sha256 } from '../apps/server/src/platform/auth/tokens.js';
import { buildApp } from '../apps/server/src/app.js';

export interface CannonResult { rps: number; p50: number; p99: number; non2xx: number; errors: number; requests: number }
export interface PathTarget { name: string; url: string; headers: Record<string, string> }
export interface PathResult { name: string; rounds: CannonResult[]; rps: number; p50: number; p99: number; ratio: number; errors: number }

/** Runs autocannon as a child process and reads its JSON summary. */
export function cannon(url: string, headers: Record<string, string>, seconds: number, connections = 16): Promise<CannonResult> {
  const bin = path.join(path.dirname(path.dirname(new URL(import.meta.url).pathname)), 'node_modules/autocannon/autocannon.js');
  const args = [bin, '-c', String(connections), '-d', String(seconds), '-j', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]), url];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}: ${err}`));
      const j = JSON.parse(out) as { requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number; timeouts: number };
      resolve({ rps: j.requests.average, p50: j.latency.p50, p99: j.latency.p99, non2xx: j.non2xx, errors: j.errors + j.timeouts, requests: j.requests.total });
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** The bare route: a session by token hash joined to its account, over its own pool of the same size. */
export async function bareRoute(url: string) {
  const pg = (await import('pg')).default;
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const app = Fastify({ logger: false });
  app.get('/bare', async (req, reply) => {
    const token = req.headers.authorization ?? '';
    const { rows } = await pool.query<{ id: number; account_id: number; user_name: string; status: number; expires_at: Date }>(
      `select s.id, s.account_id, s.client_type, s.last_seen_at, s.expires_at, s.revoked_code, a.user_name, a.status
         from sys_session s join sys_account a on a.id = s.account_id where s.token_hash = $1`,
      [sha256(token)],
    );
    if (!rows[0]) return reply.status(401).send({ code: 100020, msg: 'not signed in', data: null });
    return { code: 0, msg: 'success', data: rows[0] };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { base: `http://127.0.0.1:${port}`, async close() { await app.close(); await pool.end(); } };
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
 * Starts the real server and the bare route on a fresh PostgreSQL database (url), signs in, and
 * measures the targets in alternating rounds. Every target is checked to answer code 0 first.
 */
export async function requestPath(url: string, opts: { seconds?: number; rounds?: number } = {}): Promise<PathResult[]> {
  const seconds = opts.seconds ?? 6;
  const rounds = opts.rounds ?? 3;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbo-bench-path-'));
  const database = await openPostgres(url, { max: 10 });
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench123', LOG_LEVEL: 'silent', LOGIN_MAX_FAILURES: '100', WEB_DIST: path.join(dataDir, 'none'), DATABASE_URL: url });
  const server = await buildApp({ config, database, workers: false });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  await staffAccount(url);
  const bare = await bareRoute(url);
  try {
    const signIn = async (userName: string) => {
      const r = await fetch(`${base}/user/api/open/v1/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName, password: 'bench123', clientType: 'MANAGE_PC' }) });
      const b = (await r.json()) as { code: number; msg: string; data: { token: string } };
      if (b.code !== 0) throw new Error(`sign-in of ${userName} failed: ${b.msg}`);
      return b.data.token;
    };
    const admin = await signIn('admin');
    const staff = await signIn('benchstaff');
    const h = (token: string) => ({ authorization: token, clienttype: 'MANAGE_PC', 'accept-language': 'en_US' });
    const page = '/user/api/v1/sys/loginLog/queryPage?pageNum=1&pageSize=10';
    const targets: PathTarget[] = [
      { name: 'bare route (session ⋈ account by token hash)', url: `${bare.base}/bare`, headers: { authorization: admin } },
      { name: 'user info (GET /user/api/v1/sys/user/info)', url: `${base}/user/api/v1/sys/user/info`, headers: h(admin) },
      { name: 'login-log page, super administrator', url: base + page, headers: h(admin) },
      { name: 'login-log page, staff role (permission checked)', url: base + page, headers: h(staff) },
    ];
    for (const t of targets) {
      const r = await fetch(t.url, { headers: t.headers });
      const b = (await r.json()) as { code: number; msg: string };
      if (b.code !== 0) throw new Error(`${t.name} answered ${b.code} ${b.msg}`);
      await cannon(t.url, t.headers, 2); // warm-up: JIT and pools
    }
    const byTarget = targets.map(() => [] as CannonResult[]);
    for (let round = 0; round < rounds; round++) {
      for (const [i, t] of targets.entries()) byTarget[i]!.push(await cannon(t.url, t.headers, seconds));
    }
    const bareRps = median(byTarget[0]!.map((r) => r.rps));
    return targets.map((t, i) => {
      const rs = byTarget[i]!;
      const rps = median(rs.map((r) => r.rps));
      return { name: t.name, rounds: rs, rps, p50: median(rs.map((r) => r.p50)), p99: median(rs.map((r) => r.p99)), ratio: rps / bareRps, errors: rs.reduce((a, r) => a + r.errors + r.non2xx, 0) };
    });
  } finally {
    await bare.close();
    await server.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
