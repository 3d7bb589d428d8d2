/**
 * Over 400 lines on purpose: one run's set-up (server, cabinets, customers), the customers' loop and
 * its measures, and the optional statement trace read together as one experiment.
 *
 * The capacity of the rent path (issue 27, part 2): `npm run bench:rent`, on PostgreSQL and PGlite.
 *
 * One server (built in this process, as bench/orders.ts does) with its embedded broker; enough
 * simulated cabinets (48 slots, 80 % full, charging fast, so every power bank is charged) that supply
 * is never the limit; customers of the app API renting (deposit) and returning as fast as the server
 * lets them for a fixed time. A customer's cycle: POST rent, wait until the engine has taken the
 * cabinet's eject result (the order is "using"), put the power bank into a random cabinet with a free
 * slot, wait until the engine has settled the return (fee, deposit released, shares, ledger).
 *
 * The waits listen to the fleet's RentalListener (the engine's own entry points, wrapped) instead of
 * polling the API, so the customers' waiting costs the server nothing. The sandbox payment company's
 * own time is measured on every charge (its `charge`, wrapped) and taken off each rent call, as the
 * issue asks: "rent net" is what the server itself adds.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { createFleet, serialNumber } from '@cbo/simulator';
import { loadConfig } from '../apps/server/src/config.js';
import { openPglite, openPostgres, query, type Database } from '../apps/server/src/platform/db/database.js';
import { buildApp } from '../apps/server/src/app.js';
import { makeDemoNetwork } from '../apps/server/src/demo-network.js';
import { SIMULATOR_PREFIX } from '../apps/server/src/simulated-fleet.js';
import { SIMULATED_AREA_CODE } from '../apps/server/src/platform/sms/sms-provider.js';
import type { RentalListener } from '../apps/server/src/modules/fleet/rental-port.js';
import { apiClient } from './orders.js';
import { traceStatements, UNTRACED, type TraceReport } from './rent-trace.js';
import { traceStages, type StagesReport } from './rent-stages.js';

export interface RentBench {
  engine: 'PostgreSQL' | 'PGlite';
  /** When the customers started (UTC, ISO). */
  at: string;
  customers: number;
  cabinets: number;
  seconds: number;
  rents: number;
  settled: number;
  rentsPerSec: number;
  settledPerSec: number;
  /** The rent call as the customer sees it, and less the payment company's own time. */
  rentP50: number;
  rentP99: number;
  rentNetP50: number;
  rentNetP99: number;
  providerP50: number;
  /** From the rent call's answer until the engine took the eject's result (the order is using). */
  ejectP50: number;
  ejectP99: number;
  /** From the power bank going into a slot until the engine settled the order. */
  settleP50: number;
  settleP99: number;
  errors: Record<string, number>;
  /** Orders finished in the database at the end, and whether the ledger balances. */
  finishedInDb: number;
  ledgerBalanced: boolean;
  load: [number, number];
  /** This process's CPU (user + system) over the renting window, and per rent. */
  cpuMs: number;
  cpuMsPerRent: number;
  /** With `trace`: statements and transactions of the window, and PostgreSQL's view of its backends. */
  trace?: TraceReport & {
    statementsPerRent: number;
    /**
     * Median statements sent while one rent call was answered, and from a return to its settle (the process's
     * other work in those windows too: meaningful with one customer, `--customers 1`).
     */
    rentCallStatements: number;
    settleStatements: number;
    /** pg_stat_activity of this database sampled every 250 ms: state and wait, counted. */
    activity: Record<string, number>;
    /** CPU of this database's backends over the window (from /proc, when PostgreSQL runs here). */
    pgCpuMs: number | null;
  };
  /** With `stages`: each eject's stages, the cabinets' message queues, the pool's waits, the event loop (bench/rent-stages.ts). */
  stages?: StagesReport;
}

const quantile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolvers by power bank: the bench's customers wait on the engine's own entry points. */
class Waits<T> {
  private readonly waiting = new Map<string, (v: T) => void>();
  wait(key: string, ms: number): Promise<T | null> {
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.waiting.delete(key);
        resolve(null);
      }, ms);
      this.waiting.set(key, (v) => {
        clearTimeout(t);
        this.waiting.delete(key);
        resolve(v);
      });
    });
  }
  done(key: string, v: T): void {
    this.waiting.get(key)?.(v);
  }
}

/**
 * Samples pg_stat_activity of the bench's database every 250 ms on a connection of its own: each
 * backend's state and wait ("idle in transaction" is PostgreSQL waiting for this process inside a
 * transaction), and the backends' CPU from /proc when the server runs on this machine.
 */
async function sampleActivity(
  url: string,
): Promise<{ stop: () => Promise<{ activity: Record<string, number>; cpuMs: number | null }> }> {
  const pgm = (await import('pg')).default;
  const c = new pgm.Client({ connectionString: url });
  Object.assign(c, { [UNTRACED]: true });
  await c.connect();
  const activity: Record<string, number> = {};
  const cpu = new Map<number, { first: number; last: number }>();
  const tick = Number(process.env.CLK_TCK ?? 100);
  const cpuOf = (pid: number): number | null => {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return ((Number(f[11]) + Number(f[12])) * 1000) / tick;
    } catch {
      return null;
    }
  };
  let stopping = false;
  const loop = (async () => {
    while (!stopping) {
      const { rows } = await c.query<{ pid: number; state: string | null; w: string | null }>(
        `select pid, state, wait_event_type || ':' || wait_event as w from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      );
      for (const r of rows) {
        const k = `${r.state ?? '?'}${r.w ? ` (${r.w})` : ''}`;
        activity[k] = (activity[k] ?? 0) + 1;
        const t = cpuOf(r.pid);
        if (t !== null) {
          const s = cpu.get(r.pid);
          if (s) s.last = t;
          else cpu.set(r.pid, { first: t, last: t });
        }
      }
      await sleep(250);
    }
  })();
  return {
    stop: async () => {
      stopping = true;
      await loop;
      await c.end();
      const ms = [...cpu.values()].reduce((a, s) => a + s.last - s.first, 0);
      return { activity, cpuMs: cpu.size ? ms : null };
    },
  };
}

export async function benchRent(opts: {
  url: string | null;
  customers: number;
  cabinets: number;
  seconds: number;
  log?: (m: string) => void;
  /** Count statements and the gaps inside transactions (bench/rent-trace.ts), and sample pg_stat_activity. */
  trace?: boolean;
  /** Time each eject's stages, the cabinets' queues, the pool and the event loop (bench/rent-stages.ts). */
  stages?: boolean;
}): Promise<RentBench> {
  const say = opts.log ?? (() => undefined);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbo-bench-rent-'));
  const database: Database = opts.url ? await openPostgres(opts.url, { max: 10 }) : await openPglite(dataDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'bench123',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'none'),
    MQTT_PORT: '0',
    ...(opts.url ? { DATABASE_URL: opts.url } : {}),
  });
  const server = await buildApp({ config, database, workers: false });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  const services = server.services;
  const log = pino({ level: 'silent' });
  const call = apiClient(base);
  const load0 = os.loadavg()[0]!;
  let fleet: Awaited<ReturnType<typeof createFleet>> | null = null;
  try {
    // ------------------------------------------------------------ cabinets, full and charged
    await services.fleet.stockIn({
      start: serialNumber(SIMULATOR_PREFIX, 1),
      end: serialNumber(SIMULATOR_PREFIX, opts.cabinets),
    });
    // Charging fast (a point every 10 ms), so every power bank is charged within a second: supply is never the limit.
    fleet = await createFleet({
      count: opts.cabinets,
      prefix: SIMULATOR_PREFIX,
      start: 1,
      url: services.gateway.brokerUrl,
      secretOf: (sn) => services.fleet.secretOf(sn),
      model: 'CB-48',
      fill: 0.8,
      chargePerMinute: 6000,
    });
    await fleet.start();
    await fleet.waitRegistered(opts.cabinets, 120_000);
    await makeDemoNetwork(
      database.db,
      services,
      { simulatedCabinets: opts.cabinets, leaderUserName: 'admin', language: 'en_US' },
      log,
    );
    // The demo binds two cabinets an outlet while its outlets last; the others go to its outlets too.
    const outlets = (
      await query<{ id: number }>(
        database.db,
        sql`select distinct outlet_id as id from dev_cabinet where outlet_id is not null order by 1`,
      )
    ).map((r) => Number(r.id));
    for (let n = 1; n <= opts.cabinets; n++) {
      await services.outlet.outlets
        .bind({
          outletId: outlets[(n - 1) % outlets.length]!,
          sn: serialNumber(SIMULATOR_PREFIX, n),
          reason: 'Rent bench',
        })
        .catch(() => undefined);
    }
    // Wait until the server sees the charged power banks (inventories follow the charge).
    const t0 = Date.now();
    for (;;) {
      let total = 0;
      for (const c of fleet.cabinets) total += (await services.fleet.rental.availability(c.sn)).available;
      if (total >= opts.cabinets * 30 || Date.now() - t0 > 60_000) {
        say(`${total} charged power banks in ${opts.cabinets} cabinets`);
        break;
      }
      await sleep(1000);
    }

    // ------------------------------------------------------------ the engine's entry points, observed
    const ejected = new Waits<boolean>();
    const settled = new Waits<true>();
    const rental = services.fleet.rental as unknown as { listener: RentalListener };
    const inner = rental.listener;
    rental.listener = {
      ejectOutcome: async (e) => {
        await inner.ejectOutcome(e);
        if (e.powerBankId) ejected.done(e.powerBankId, e.ejected);
      },
      returned: async (e) => {
        await inner.returned(e);
        settled.done(e.powerBankId, true);
      },
    };
    const provider = services.order.provider;
    const charge = provider.charge.bind(provider);
    const providerMs = new Map<string, number>();
    provider.charge = async (req) => {
      const a = performance.now();
      try {
        return await charge(req);
      } finally {
        providerMs.set(req.key.split(':').pop()!, performance.now() - a);
      }
    };

    // ------------------------------------------------------------ customers
    const tokens: string[] = [];
    for (let i = 0; i < opts.customers; i++) {
      const mobile = `1381${String(i).padStart(7, '0')}`;
      // The +999 customers sign in through the customers' service, as the simulated customers do: every public
      // entrance refuses +999, and their texts take from no budget of real texts (docs/decisions/customers.md).
      const { customers } = services.network;
      await customers.sendCode(SIMULATED_AREA_CODE, mobile, { simulated: true });
      const code = services.simulatedTexts.takeCode(mobile)!;
      const signed = await customers.signIn(
        { areaCode: SIMULATED_AREA_CODE, mobile, code, clientType: 'USER_ANDROID' },
        { ip: '127.0.0.1', headers: { 'user-agent': 'bench customer' } },
        { simulated: true },
      );
      tokens.push(signed.token);
    }
    say(`${tokens.length} customers signed in; renting for ${opts.seconds} s`);
    const rentMs: number[] = [];
    const rentNetMs: number[] = [];
    const provMs: number[] = [];
    const ejectMs: number[] = [];
    const settleMs: number[] = [];
    const errors: Record<string, number> = {};
    const rentStatements: number[] = [];
    const settleStatements: number[] = [];
    const failed = (kind: string) => (errors[kind] = (errors[kind] ?? 0) + 1);
    let rents = 0;
    let settledN = 0;
    const cabinets = fleet.cabinets;
    const tracer = opts.trace ? traceStatements() : null;
    const staged = opts.stages ? traceStages(services, cabinets) : null;
    const sampler = opts.trace && opts.url ? await sampleActivity(opts.url) : null;
    const at = new Date().toISOString();
    const cpu0 = process.cpuUsage();
    const started = performance.now();
    const end = started + opts.seconds * 1000;
    await Promise.all(
      tokens.map(async (token) => {
        while (performance.now() < end) {
          const from = cabinets[crypto.randomInt(0, cabinets.length)]!;
          const key = crypto.randomUUID();
          const a = performance.now();
          const s0 = tracer?.count() ?? 0;
          tracer?.window(opts.customers === 1 ? 'rent' : null);
          const rent = await call(
            'POST',
            '/order/api/app/v1/order/rent',
            { sn: from.sn, payMode: 'deposit', idempotencyKey: key },
            token,
          ).catch((e: Error) => ({ code: -1, msg: e.message, data: null }));
          const b = performance.now();
          tracer?.window(null);
          if (rent.code !== 0) {
            failed(`rent ${rent.code} ${rent.msg}`);
            await sleep(50);
            continue;
          }
          rents++;
          if (tracer) rentStatements.push(tracer.count() - s0);
          rentMs.push(b - a);
          const p = providerMs.get(key) ?? 0;
          providerMs.delete(key);
          provMs.push(p);
          rentNetMs.push(b - a - p);
          const pb = rent.data.powerBankId as string;
          staged?.answered(pb);
          // A customer waits at the cabinet for the power bank (the ejects of one cabinet go one after
          // another): up to two minutes, then gives up; the order still open, they rent no more.
          const out = rent.data.status === 'using' ? true : await ejected.wait(pb, 120_000);
          if (out === null) {
            failed('no eject result in 120 s');
            break;
          }
          if (out === false) {
            failed('eject failed (order closed, deposit back)');
            continue;
          }
          ejectMs.push(performance.now() - b);
          if (performance.now() >= end) break;
          // Into a random cabinet with a free slot (the waiter is set before the power bank goes in).
          const done = settled.wait(pb, 30_000);
          const c = performance.now();
          const s1 = tracer?.count() ?? 0;
          tracer?.window(opts.customers === 1 ? 'settle' : null);
          const order = [...cabinets].sort(() => Math.random() - 0.5);
          if (!order.some((x) => x.returnPowerBank(pb, 100) !== null)) {
            failed('no free slot to return into');
            continue;
          }
          const isDone = await done;
          tracer?.window(null);
          if (!isDone) {
            failed('not settled 30 s after the return');
            continue;
          }
          settledN++;
          if (tracer) settleStatements.push(tracer.count() - s1);
          settleMs.push(performance.now() - c);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const traced = tracer?.stop();
    const stages = staged?.stop();
    const sampled = await sampler?.stop();
    const db = database.db;
    const [fin] = await query<{ n: number }>(
      db,
      sql`select count(*)::int as n from ord_order where status = 'finished'`,
    );
    // A failed rental eject is a customer charged and refunded for nothing: the cabinet's own reason for each, so the
    // row says which (slotEmpty would be the server lending what had left; expired, a turn that came too late).
    const failedEjects = await query<{ reason: string | null; state: string; n: number }>(
      db,
      sql`select state, reason, count(*)::int as n from dev_command
          where type = 'eject' and created_by is null and state in ('failed', 'expired') group by 1, 2`,
    );
    for (const f of failedEjects) {
      const k = `eject ${f.state}${f.reason ? ` (${f.reason})` : ''}`;
      errors[k] = (errors[k] ?? 0) + Number(f.n);
    }
    const [bal] = await query<{ d: string; c: string }>(
      db,
      sql`select coalesce(sum(debit), 0)::text as d, coalesce(sum(credit), 0)::text as c from led_entry`,
    );
    return {
      engine: opts.url ? 'PostgreSQL' : 'PGlite',
      at,
      customers: opts.customers,
      cabinets: opts.cabinets,
      seconds,
      rents,
      settled: settledN,
      rentsPerSec: rents / seconds,
      settledPerSec: settledN / seconds,
      rentP50: quantile(rentMs, 0.5),
      rentP99: quantile(rentMs, 0.99),
      rentNetP50: quantile(rentNetMs, 0.5),
      rentNetP99: quantile(rentNetMs, 0.99),
      providerP50: quantile(provMs, 0.5),
      ejectP50: quantile(ejectMs, 0.5),
      ejectP99: quantile(ejectMs, 0.99),
      settleP50: quantile(settleMs, 0.5),
      settleP99: quantile(settleMs, 0.99),
      errors,
      finishedInDb: Number(fin?.n ?? 0),
      ledgerBalanced: bal?.d === bal?.c,
      load: [load0, os.loadavg()[0]!],
      cpuMs,
      cpuMsPerRent: cpuMs / Math.max(1, rents),
      ...(stages ? { stages } : {}),
      ...(traced
        ? {
            trace: {
              ...traced,
              statementsPerRent: traced.statements / Math.max(1, rents),
              rentCallStatements: quantile(rentStatements, 0.5),
              settleStatements: quantile(settleStatements, 0.5),
              activity: sampled?.activity ?? {},
              pgCpuMs: sampled?.cpuMs ?? null,
            },
          }
        : {}),
    };
  } finally {
    await fleet?.stop().catch(() => undefined);
    await server.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
