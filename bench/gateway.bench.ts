/**
 * Over 400 lines on purpose: one experiment (the server process, N simulated cabinets, the command
 * load, the stages of each round trip, the report and its history) whose parts share its timings.
 *
 * `npm run bench:gateway [-- --cabinets N --rate 100 --seconds 30]`: a benchmark, not a test.
 * Starts the real server in a child process (embedded database, embedded MQTT broker, no built-in
 * simulator), stocks in N cabinets through the batch-storage call (500 a request), connects N
 * simulated cabinets from this process and lets them heartbeat, then sends queryVersion through
 * POST /device/api/v1/command/send at a steady rate and times each until its result is seen on the
 * live channel (DEVICE_COMMAND). Reports connect+register time, the server's RSS and CPU, and the
 * round trip p50/p99; writes the "## Gateway" section of docs/benchmarks.md. Every wait is bounded.
 */
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import crypto from 'node:crypto';
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { createFleet, type Fleet } from '../apps/simulator/src/index.js';
import { forkFleet, type BenchFleet } from './fleet-process.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const BATCH = 500;

const { values } = parseArgs({
  options: {
    cabinets: { type: 'string', default: '10000' },
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '30' },
    'register-timeout': { type: 'string', default: '900' },
    'connect-concurrency': { type: 'string', default: '100' },
    'no-write': { type: 'boolean', default: false },
    /** Run the server on a fresh PostgreSQL database (BENCH_DATABASE_URL, TEST_DATABASE_URL or the local one) instead of PGlite. */
    postgres: { type: 'boolean', default: false },
    /**
     * Where the simulated cabinets run: `process` (default), a child process of their own, as devices on other
     * machines; `in-process`, this process, beside the HTTP client and the live channel that time the round trips.
     */
    fleet: { type: 'string', default: 'process' },
    /** The cabinets' process's niceness (0-19; `--fleet process` only): devices whose CPU is not the node's. */
    'fleet-nice': { type: 'string', default: '0' },
    /** Writes a V8 CPU profile of the server process to this directory (node --cpu-prof). */
    profile: { type: 'string' },
  },
});
const N = Number(values.cabinets);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const REGISTER_TIMEOUT_S = Number(values['register-timeout']);
const CONCURRENCY = Number(values['connect-concurrency']);
const FLEET = values.fleet;
const FLEET_NICE = Number(values['fleet-nice']);
if (FLEET !== 'process' && FLEET !== 'in-process') {
  console.error('bench:gateway: --fleet is process or in-process');
  process.exit(2);
}
if (!Number.isInteger(FLEET_NICE) || FLEET_NICE < 0 || FLEET_NICE > 19) {
  console.error('bench:gateway: --fleet-nice is a whole number from 0 to 19');
  process.exit(2);
}
if (![N, RATE, SECONDS, REGISTER_TIMEOUT_S, CONCURRENCY].every((v) => Number.isInteger(v) && v > 0)) {
  console.error(
    'bench:gateway: --cabinets, --rate, --seconds, --register-timeout and --connect-concurrency must be positive whole numbers',
  );
  process.exit(2);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (m: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${m}`);

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

function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** CPU seconds (user + system) the process used so far. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100;
}

/** A fresh database on the PostgreSQL the other benchmarks use; dropped at the end. */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
  const pg = (await import('pg')).default;
  const name = `cbo_bench_gw_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3000 });
  await admin.connect();
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

function openFilesLimit(): number {
  try {
    return Number(execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim());
  } catch {
    return NaN;
  }
}

const STAGES = ['toCreated', 'toSent', 'toFinished', 'toLive'] as const;
/**
 * The same round trips split at the simulated cabinet's answer (its clock is the bench's) instead of `sent_at`: the
 * "sent" mark is written beside the round trip, after the publish, so it says when the mark's batch ran, not when the
 * cabinet had the command. Not in the history line (its four stages stay comparable).
 */
const CABINET_SPLIT = ['toAnswered', 'answeredToFinished'] as const;
type StageName = (typeof STAGES)[number] | (typeof CABINET_SPLIT)[number];
const STAGE_WORDS: Record<StageName, string> = {
  toCreated: 'POST → recorded at (HTTP, sign-in check, write-ahead operation log)',
  toSent: 'recorded at → sent at (record insert, publish)',
  toFinished: 'sent at → finished at (cabinet, reply written)',
  toLive: 'finished at → result on the live channel (fan-out)',
  toAnswered: 'recorded at → the cabinet answered (record insert, publish, broker, cabinet)',
  answeredToFinished: 'the cabinet answered → finished at (the reply in, its batch)',
};

const q = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

interface Outcome {
  cabinets: number;
  stockInMs: number;
  registered: number;
  connectMs: number;
  reconnects: number;
  rssIdle: number;
  rssConnected: number;
  rssAfterCommands: number;
  heartbeatCpuPct: number;
  heartbeatWindowS: number;
  heartbeats: number;
  benchCpuPct: number;
  load: [number, number];
  timeline: string[];
  commands: {
    sent: number;
    succeeded: number;
    failed: number;
    lost: number;
    sendErrors: number;
    p50: number;
    p99: number;
    max: number;
    achievedRate: number;
    how: string;
  };
  /**
   * On PostgreSQL, where each command's time went, by the bench's clock and the server's marks (the same machine's
   * clock): POST → created_at (HTTP, sign-in check, the write-ahead operation log), created_at → sent_at (the
   * record's insert, the publish), sent_at → finished_at (the cabinet, its reply's write), finished_at → the result on
   * the live channel (the fan-out). p50 / p99 of each, and each one's mean over the slowest 1 % of round trips.
   */
  stages: Record<StageName, { p50: number; p99: number; slowMean: number }> | null;
  /** The server's CPU (user + system) per command in the command phase, less its heartbeat-only rate, in ms. */
  cpuPerCommandMs: number;
  notes: string[];
}

/** A fleet in this process, seen through the bench's interface. */
function inProcess(fleet: Fleet): BenchFleet {
  return {
    pid: process.pid,
    start: () => fleet.start(),
    waitRegistered: (n, ms) => fleet.waitRegistered(n, ms),
    stop: () => fleet.stop(),
    summary: () => fleet.summary(),
    registered: () => fleet.cabinets.filter((c) => c.registered).map((c) => c.sn),
    onAnswered: (fn) => {
      for (const cab of fleet.cabinets) cab.on('command', (e: { id: string }) => fn(e.id, Date.now()));
    },
  };
}

async function main() {
  const limit = openFilesLimit();
  const notes: string[] = [];
  if (Number.isFinite(limit) && limit < N + 512) {
    const msg = `ulimit -n is ${limit}: each of the two processes needs one descriptor per cabinet plus a few hundred. Raise it (ulimit -n ${N + 1024}) or use fewer cabinets.`;
    console.error(`bench:gateway: ${msg}`);
    notes.push(msg);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbo-bench-gw-'));
  const pg = values.postgres ? await freshPostgres() : null;
  const engine = pg ? 'PostgreSQL' : 'PGlite';
  const port = await freePort();
  const mqttPort = await freePort();
  const deviceSecret = crypto.randomBytes(24).toString('base64url');
  const base = `http://127.0.0.1:${port}`;
  const serverLog = path.join(dataDir, 'server.log');
  const out = fs.openSync(serverLog, 'a');
  const profileArgs = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values.profile)}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profileArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL' && k !== 'MQTT_URL')),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MQTT_PORT: String(mqttPort),
      SIMULATOR: '0',
      DEVICE_SECRET: deviceSecret,
      ADMIN_PASSWORD: 'bench123',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      WEB_DIST: path.join(dataDir, 'no-console'),
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    },
    stdio: ['ignore', out, out],
  });
  let fleet: BenchFleet | null = null;
  let ws: WebSocket | null = null;
  const pid = child.pid!;
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    ws?.close();
    if (fleet) await fleet.stop().catch(() => undefined);
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await Promise.race([new Promise((r) => child.once('exit', r)), sleep(15_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    await pg?.drop().catch(() => undefined);
  };
  let interrupted = false;
  const onSignal = () => {
    if (interrupted) return;
    interrupted = true;
    log('interrupted: stopping the cabinets and the server');
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const load0 = os.loadavg()[0]!;
  const timeline: string[] = [];
  try {
    // 1. The server is up.
    const t0 = Date.now();
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(
          `the server exited with ${child.exitCode}:\n${fs.readFileSync(serverLog, 'utf8').slice(-3000)}`,
        );
      const ok = await fetch(`${base}/healthz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      if (Date.now() - t0 > 90_000) throw new Error('the server did not answer /healthz in 90 s');
      await sleep(200);
    }
    log(`server up on :${port}, MQTT on :${mqttPort} (pid ${pid})`);
    const signIn = (await (
      await fetch(`${base}/user/api/open/v1/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'admin', password: 'bench123', clientType: 'MANAGE_PC' }),
      })
    ).json()) as { code: number; data: { token: string } };
    if (signIn.code !== 0) throw new Error(`sign-in failed: ${JSON.stringify(signIn)}`);
    const token = signIn.data.token;
    const headers = {
      authorization: token,
      clienttype: 'MANAGE_PC',
      'accept-language': 'en_US',
      'content-type': 'application/json',
    };
    const call = async <T>(
      method: string,
      p: string,
      body?: unknown,
    ): Promise<{ code: number; msg?: string; data: T }> => {
      const r = await fetch(base + p, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(120_000),
      });
      return (await r.json()) as { code: number; msg?: string; data: T };
    };
    await sleep(2000);
    const rssIdle = rssMiB(pid);

    // 2. Stock in N cabinets, 500 a request (the batch-storage screen's call).
    const tStock = Date.now();
    for (let from = 1; from <= N; from += BATCH) {
      const to = Math.min(N, from + BATCH - 1);
      const sn = (n: number) => `BNCH${String(n).padStart(12, '0')}`;
      const r = await call<{ succeeded: number; failed: unknown[] }>('POST', '/device/api/v1/cabinet/batchStorage', {
        start: sn(from),
        end: sn(to),
      });
      if (r.code !== 0) throw new Error(`batch storage ${sn(from)}..${sn(to)} answered ${r.code} ${r.msg ?? ''}`);
    }
    const stockInMs = Date.now() - tStock;
    log(`stocked in ${N} cabinets in ${(stockInMs / 1000).toFixed(1)} s`);

    // 3. Connect them all and wait for every `registered`.
    const fleetOptions = {
      count: N,
      prefix: 'BNCH',
      start: 1,
      url: `mqtt://127.0.0.1:${mqttPort}`,
      deviceSecret,
      connectConcurrency: CONCURRENCY,
    };
    fleet =
      FLEET === 'process' ? await forkFleet(fleetOptions, FLEET_NICE) : inProcess(await createFleet(fleetOptions));
    const f = fleet;
    const tConnect = Date.now();
    const progress = setInterval(() => {
      const s = f.summary();
      timeline.push(`${Math.round((Date.now() - tConnect) / 1000)} s: ${s.registered}`);
      log(
        `connected ${s.connected}, registered ${s.registered} of ${N}; server RSS ${rssMiB(pid).toFixed(0)} MiB${s.lastError ? `; last error ${s.lastError}` : ''}`,
      );
    }, 10_000);
    // The ramp runs while we wait, so --register-timeout bounds the whole connect phase.
    const starting = f.start();
    let connectMs: number;
    try {
      await f.waitRegistered(N, REGISTER_TIMEOUT_S * 1000);
      await starting;
    } catch (e) {
      notes.push((e as Error).message);
      log((e as Error).message);
    } finally {
      clearInterval(progress);
      connectMs = Date.now() - tConnect;
    }
    const registered = f.summary().registered;
    log(`${registered} of ${N} registered in ${(connectMs / 1000).toFixed(1)} s`);
    const rssConnected = rssMiB(pid);

    // 4. Heartbeats only: the server's CPU while the fleet just lives, over one whole heartbeat
    // interval (60 s, the `registered` answer's) plus a little, so every cabinet beats in it.
    const window = 65;
    const c0 = cpuSeconds(pid);
    const fleetCpu = () =>
      FLEET === 'process' ? cpuSeconds(f.pid) * 1e6 : process.cpuUsage().user + process.cpuUsage().system;
    const b0Fleet = fleetCpu();
    const hb0 = f.summary().heartbeats;
    await sleep(window * 1000);
    const heartbeatCpuPct = ((cpuSeconds(pid) - c0) / window) * 100;
    const benchCpuPct = ((fleetCpu() - b0Fleet) / 1e6 / window) * 100;
    const heartbeats = f.summary().heartbeats - hb0;
    log(
      `heartbeat window: ${heartbeats} heartbeats in ${window} s, server CPU ${heartbeatCpuPct.toFixed(0)} %, cabinets' CPU ${benchCpuPct.toFixed(0)} %`,
    );

    // 5. Commands at RATE a second for SECONDS, each timed from the POST to its result on the live channel.
    const done = new Map<string, { at: number; wall: number; state: string }>();
    let liveSeen = 0;
    ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${encodeURIComponent(token)}&clientType=MANAGE_PC`);
    ws.on('message', (raw) => {
      const at = performance.now();
      const wall = Date.now();
      try {
        const m = JSON.parse(raw.toString()) as { data?: { type?: string; data?: { id?: string; state?: string } } };
        if (m.data?.type !== 'DEVICE_COMMAND' || !m.data.data?.id) return;
        liveSeen++;
        const st = m.data.data.state ?? '';
        if (['succeeded', 'failed', 'expired'].includes(st) && !done.has(m.data.data.id))
          done.set(m.data.data.id, { at, wall, state: st });
      } catch {
        /* not ours */
      }
    });
    await new Promise<void>((resolve, reject) => {
      ws!.once('open', () => resolve());
      ws!.once('error', reject);
    });
    await sleep(500);
    const online = f.registered();
    if (!online.length) throw new Error('no cabinet registered: nothing to send commands to');
    const sent: { id: string | null; t0: number; wall: number; sendError?: string }[] = [];
    // When each cabinet answered (the simulator's 'command' event follows its reply's publish at once).
    const answeredAt = new Map<string, number>();
    f.onAnswered((id, at) => answeredAt.set(id, at));
    const cpuCmd0 = cpuSeconds(pid);
    const tCmd = performance.now();
    const total = RATE * SECONDS;
    const cmdProgress = setInterval(() => {
      const answered = sent.filter((x) => x.id || x.sendError).length;
      log(
        `commands: ${sent.length} sent, ${answered} answered by the API, ${done.size} results on the live channel; server RSS ${rssMiB(pid).toFixed(0)} MiB`,
      );
    }, 10_000);
    const inflight: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const due = tCmd + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const rec: (typeof sent)[number] = { id: null, t0: performance.now(), wall: Date.now() };
      sent.push(rec);
      const sn = online[Math.floor(Math.random() * online.length)]!;
      inflight.push(
        call<{ id: string; state: string }>('POST', '/device/api/v1/command/send', {
          sn,
          type: 'queryVersion',
          data: {},
        }).then(
          (r) => {
            if (r.code === 0) rec.id = r.data.id;
            else rec.sendError = `${r.code} ${r.msg ?? ''}`;
          },
          (e: Error) => {
            rec.sendError = e.cause instanceof Error ? `${e.message} (${e.cause.message})` : e.message;
          },
        ),
      );
    }
    const achievedRate = total / ((performance.now() - tCmd) / 1000);
    await Promise.all(inflight);
    // Wait for the stragglers (queryVersion expires after 60 s on the server).
    let how = 'live channel';
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && sent.some((s) => s.id && !done.has(s.id))) await sleep(100);
    clearInterval(cmdProgress);
    // The server's CPU in the command phase less what heartbeats alone cost it over as long: CPU per command.
    const cmdPhaseS = (performance.now() - tCmd) / 1000;
    const cpuPerCommandMs =
      ((cpuSeconds(pid) - cpuCmd0 - (heartbeatCpuPct / 100) * cmdPhaseS) * 1000) / Math.max(1, total);
    if (liveSeen === 0) {
      // The live channel carried nothing: fall back to reading each command's row (no latency then).
      how = 'not measured: no DEVICE_COMMAND on the live channel';
      notes.push('No DEVICE_COMMAND message reached the live channel; round trips are not measured.');
    }
    const lat: number[] = [];
    let succeeded = 0;
    let failed = 0;
    let lost = 0;
    let sendErrors = 0;
    for (const s of sent) {
      if (!s.id) {
        sendErrors++;
        continue;
      }
      const d = done.get(s.id);
      if (!d) {
        lost++;
        continue;
      }
      if (d.state === 'succeeded') {
        succeeded++;
        lat.push(d.at - s.t0);
      } else failed++;
    }
    lat.sort((a, b) => a - b);
    const firstError = sent.find((s) => s.sendError)?.sendError;
    if (firstError) notes.push(`First refused send: ${firstError}`);
    const rssAfterCommands = rssMiB(pid);
    // The server's own marks of each command (created_at, sent_at, finished_at), read from its database, between the
    // bench's POST and the result's arrival on the live channel: where each round trip's time went.
    let stages: Outcome['stages'] = null;
    if (pg) {
      const pgm = (await import('pg')).default;
      const c = new pgm.Client({ connectionString: pg.url });
      await c.connect();
      try {
        const ids = sent.flatMap((x) => (x.id ? [x.id] : []));
        const r = await c.query<{ id: string; c: string; s: string; f: string }>(
          `select id, extract(epoch from created_at) * 1000 as c, extract(epoch from sent_at) * 1000 as s,
                  extract(epoch from finished_at) * 1000 as f
           from dev_command where id = any($1) and state = 'succeeded' and sent_at is not null`,
          [ids],
        );
        const marks = new Map(r.rows.map((x) => [x.id, [Number(x.c), Number(x.s), Number(x.f)] as const]));
        const per = sent.flatMap((x) => {
          const m = x.id ? marks.get(x.id) : undefined;
          const d = x.id ? done.get(x.id) : undefined;
          if (!m || !d || d.state !== 'succeeded') return [];
          const total = d.at - x.t0;
          const a = answeredAt.get(x.id!) ?? NaN;
          return [{ total, parts: [m[0] - x.wall, m[1] - m[0], m[2] - m[1], d.wall - m[2], a - m[0], m[2] - a] }];
        });
        const slow = [...per].sort((a, b) => b.total - a.total).slice(0, Math.max(1, Math.ceil(per.length / 100)));
        if (per.length)
          stages = Object.fromEntries(
            [...STAGES, ...CABINET_SPLIT].map((name, i) => {
              const xs = per
                .map((p) => p.parts[i]!)
                .filter(Number.isFinite)
                .sort((a, b) => a - b);
              const slowMean = slow.reduce((a, p) => a + p.parts[i]!, 0) / slow.length;
              return [name, { p50: q(xs, 0.5), p99: q(xs, 0.99), slowMean }];
            }),
          ) as NonNullable<Outcome['stages']>;
      } finally {
        await c.end();
      }
    }
    const outcome: Outcome = {
      cabinets: N,
      stockInMs,
      registered,
      connectMs,
      reconnects: f.summary().reconnects,
      rssIdle,
      rssConnected,
      rssAfterCommands,
      heartbeatCpuPct,
      heartbeatWindowS: window,
      heartbeats,
      benchCpuPct,
      load: [load0, os.loadavg()[0]!],
      timeline,
      commands: {
        sent: total,
        succeeded,
        failed,
        lost,
        sendErrors,
        p50: q(lat, 0.5),
        p99: q(lat, 0.99),
        max: lat[lat.length - 1] ?? NaN,
        achievedRate,
        how,
      },
      stages,
      cpuPerCommandMs,
      notes,
    };
    console.log(JSON.stringify(outcome, null, 2));
    if (!values['no-write']) writeSection(outcome, limit, engine);
  } finally {
    await cleanup();
  }
}

const GATEWAY_INTRO = [
  '## Gateway',
  '',
  'Written by `npm run bench:gateway -- --cabinets N [--postgres]` (bench/gateway.bench.ts), one subsection per size and',
  'database; a new run replaces its own subsection. The server runs in its own process (`node --import tsx`, embedded Aedes',
  'broker, PGlite or PostgreSQL); the simulated cabinets run in a process of their own on the same two cores (`--fleet',
  'process`, the default since 2026-11-29; `--fleet in-process` runs them in the benchmark process beside the HTTP client',
  'and the live channel that time each round trip; `--fleet-nice N` runs their process at a lower priority), each its own',
  'MQTT connection, heartbeating at the interval the server gives in `registered`. Commands are queryVersion sent with',
  'POST /device/api/v1/command/send at a fixed rate to random registered cabinets, each timed until its final state',
  'arrives on the live channel (DEVICE_COMMAND), as a console sees it.',
  '',
].join('\n');

const HISTORY = '### Gateway history';
const HISTORY_HEAD = [
  'One line per run, appended by the command (the subsections above keep only the last run of each size and database);',
  'the lines of 2026-11-22 and the first of 2026-11-29 were written by hand from the subsections of their day. Target at',
  '10,000 cabinets on PostgreSQL: p99 at most 50 ms. Load is the 1-minute load average at the start / end: the machine',
  'is shared, compare lines of like load. "CPU/cmd" is the server\'s CPU per command less its heartbeat-only rate.',
  '"Stages p99" (PostgreSQL) are POST → recorded / → sent / → result written / → on the live channel, each its own p99.',
  '"Cabinets" says where the simulated cabinets ran when not in the benchmark\'s process (from 2026-11-29 23:00: "own',
  'process", with its niceness when not 0).',
  '',
  '| date (UTC) | commit | cabinets | database | load | registered | answered | p50 ms | p99 ms | max ms | CPU/cmd ms | stages p99 ms |',
  '| --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
];

function commit(): string {
  try {
    return (
      execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim() +
      (execSync('git status --porcelain', { cwd: root }).toString().trim() ? '+' : '')
    );
  } catch {
    return '—';
  }
}

function writeSection(o: Outcome, limit: number, engine: string) {
  const file = path.join(root, 'docs/benchmarks.md');
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '—');
  const heading = `### ${o.cabinets} cabinets, ${engine}`;
  const sub = [
    heading,
    '',
    `${new Date().toISOString()}, ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, \`ulimit -n\` ${limit};`,
    `load average ${o.load[0].toFixed(1)} at the start and ${o.load[1].toFixed(1)} at the end (the machine is shared with other work).`,
    '',
    '| measure | value |',
    '| --- | ---: |',
    `| cabinets stocked in (batch storage, ${BATCH} a call) | ${o.cabinets} in ${(o.stockInMs / 1000).toFixed(1)} s |`,
    `| registered (CONNECT, auth, register, registered) | ${o.registered} of ${o.cabinets} |`,
    `| connect + register time | ${(o.connectMs / 1000).toFixed(1)} s (${(o.registered / (o.connectMs / 1000)).toFixed(1)} cabinets/s) |`,
    `| reconnects during the run | ${o.reconnects} |`,
    `| server RSS idle, before any cabinet | ${o.rssIdle.toFixed(0)} MiB |`,
    `| server RSS with the cabinets connected | ${o.rssConnected.toFixed(0)} MiB |`,
    `| server RSS after the command phase | ${o.rssAfterCommands.toFixed(0)} MiB |`,
    `| heartbeats in ${o.heartbeatWindowS} s of heartbeats only | ${o.heartbeats} (${(o.heartbeats / o.heartbeatWindowS).toFixed(0)}/s) |`,
    `| server CPU in that window | ${o.heartbeatCpuPct.toFixed(0)} % of one core |`,
    `| the simulated cabinets' CPU in that window (${FLEET === 'process' ? `their own process${FLEET_NICE ? `, nice ${FLEET_NICE}` : ''}` : 'benchmark process'}) | ${o.benchCpuPct.toFixed(0)} % of one core |`,
    `| commands sent | ${o.commands.sent} at ${o.commands.achievedRate.toFixed(0)}/s |`,
    `| succeeded / failed / no result in 20 s / refused or HTTP error | ${o.commands.succeeded} / ${o.commands.failed} / ${o.commands.lost} / ${o.commands.sendErrors} |`,
    `| round trip p50 (POST → result on the ${o.commands.how}) | ${ms(o.commands.p50)} ms |`,
    `| round trip p99 | ${ms(o.commands.p99)} ms |`,
    `| round trip max | ${ms(o.commands.max)} ms |`,
    `| server CPU per command (command phase less the heartbeat-only rate) | ${o.cpuPerCommandMs.toFixed(2)} ms |`,
    ...(o.stages
      ? [...STAGES, ...CABINET_SPLIT].map((name) => {
          const x = o.stages![name];
          return `| ${STAGE_WORDS[name]}: p50 / p99 / mean of the slowest 1 % | ${ms(x.p50)} / ${ms(x.p99)} / ${ms(x.slowMean)} ms |`;
        })
      : []),
    '',
    `Registered cabinets over time (every 10 s): ${o.timeline.join(', ') || 'all within the first 10 s'}.`,
    ...(o.notes.length ? ['', ...o.notes.map((n) => `- ${n}`)] : []),
    '',
  ].join('\n');
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const start = text.indexOf('\n## Gateway\n');
  const before = start >= 0 ? text.slice(0, start + 1) : text.replace(/\n*$/, '\n\n');
  const rest = start >= 0 ? text.slice(start + 1) : '';
  const nextTop = rest.indexOf('\n## ', 1);
  const gateway = nextTop >= 0 ? rest.slice(0, nextTop + 1) : rest;
  const after = nextTop >= 0 ? rest.slice(nextTop + 1) : '';
  // Keep the other subsections of earlier runs; replace this one.
  const subs = gateway
    .split(/\n(?=### )/)
    .slice(1)
    .map((x) => x.trimEnd() + '\n');
  const kept = subs.filter((x) => !x.startsWith(heading + '\n') && !x.startsWith(HISTORY + '\n'));
  // Every run adds a line to the history, so a regression of the round trip shows beside its load.
  const old = subs.find((x) => x.startsWith(HISTORY + '\n'));
  const rows = old ? old.split('\n').filter((l) => /^\| (\d{4}-|before)/.test(l)) : [];
  const stage = o.stages ? STAGES.map((name) => ms(o.stages![name].p99)).join(' / ') : '—';
  rows.push(
    `| ${new Date().toISOString().slice(0, 16)} | ${commit()} | ${o.cabinets}${FLEET === 'process' ? ` (own process${FLEET_NICE ? `, nice ${FLEET_NICE}` : ''})` : ''} | ${engine} | ${o.load[0].toFixed(1)} / ${o.load[1].toFixed(1)} | ${o.registered} | ${o.commands.succeeded} of ${o.commands.sent} | ${ms(o.commands.p50)} | ${ms(o.commands.p99)} | ${ms(o.commands.max)} | ${o.cpuPerCommandMs.toFixed(2)} | ${stage} |`,
  );
  const history = [HISTORY, '', ...HISTORY_HEAD, ...rows, ''].join('\n');
  const all = [...kept, sub].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  all.push(history);
  fs.writeFileSync(file, before + GATEWAY_INTRO + '\n' + all.join('\n') + (after ? '\n' + after : ''));
  log(`wrote "${heading}" in the Gateway section of ${path.relative(root, file)}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
