/**
 * Order rows of `npm run bench` (and `npm run bench:orders -- [--orders N] [--cycles N]` alone), on PostgreSQL:
 *  - orders created and finished per second through the engine: customers of the app API rent
 *    from simulated cabinets on the server's broker, the eject makes the order "using", the power
 *    bank goes back into another cabinet and its return event finishes the order;
 *  - the order page (POST /order/api/v1/order/queryPage, its first page and a filtered page) at N
 *    orders (default 1,000,000, filled set-wise with generate_series), against the same SQL (the
 *    query builder's, parameters inlined) run in psql.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { and, count, desc, sql } from 'drizzle-orm';
import type { OrderFilter } from '@cbo/contract';
import { loadConfig } from '../apps/server/src/config.js';
import { openPostgres, type Db } from '../apps/server/src/platform/db/database.js';
import { buildApp } from '../apps/server/src/app.js';
import { startSimulatedFleet } from '../apps/server/src/simulated-fleet.js';
import { makeDemoNetwork } from '../apps/server/src/demo-network.js';
import { SIMULATED_AREA_CODE } from '../apps/server/src/platform/sms/sms-provider.js';
import { archiveRange, liveRange, orderConditions } from '../apps/server/src/modules/order/order.archive.js';
import { ordOrder, ordOrderArchive } from '../apps/server/src/modules/order/tables.js';

export interface OrderBench {
  engine: {
    customers: number;
    cabinets: number;
    seconds: number;
    created: number;
    finished: number;
    createdPerSec: number;
    finishedPerSec: number;
    rentP50: number;
    rentP99: number;
    cycleP50: number;
    cycleP99: number;
    errors: number;
    errorKinds: Record<string, number>;
  };
  page: {
    orders: number;
    fillSeconds: number;
    rows: { name: string; apiP50: number; apiP99: number; psqlP50: number; total: number }[];
  };
}

const quantile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
};

/** A statement of the query builder with its parameters written in, for psql. */
export function inline(q: { sql: string; params: unknown[] }): string {
  return q.sql.replace(/\$(\d+)/g, (_, i: string) => {
    const v = q.params[Number(i) - 1];
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    return `'${String(v instanceof Date ? v.toISOString() : v).replace(/'/g, "''")}'`;
  });
}

/** Milliseconds psql's \timing reports for each run of a statement (the server's own work, no HTTP). */
export function psqlTimes(url: string, statement: string, runs: number): number[] {
  const script = ['\\timing on', ...Array.from({ length: runs }, () => `${statement};`)].join('\n');
  const out = execFileSync('psql', [url, '-X', '-q', '-o', '/dev/null', '-f', '-'], {
    input: script,
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  return [...out.matchAll(/Time: ([\d.]+) ms/g)].map((m) => Number(m[1]));
}

export interface PageTarget {
  name: string;
  /** The archive's list (orders older than 30 days, POST /order/api/v1/order/archive/queryPage) instead of the live one. */
  archive?: boolean;
  body: OrderFilter & { pageNum: number; pageSize: number };
}
type Call = (
  method: 'GET' | 'POST',
  p: string,
  body?: unknown,
  token?: string,
) => Promise<{ code: number; msg: string; data: any }>;

/**
 * Times list pages through the API (10 calls after 2 warm-ups) against the same two statements (the
 * query builder's count and page, parameters inlined) timed by psql, the slower of the two per run.
 */
export async function timePages(
  url: string,
  db: Db,
  call: Call,
  staff: string,
  targets: PageTarget[],
): Promise<OrderBench['page']['rows']> {
  const rows: OrderBench['page']['rows'] = [];
  for (const t of targets) {
    const api: number[] = [];
    let total = 0;
    for (let i = 0; i < 12; i++) {
      const a = performance.now();
      const r = await call(
        'POST',
        t.archive ? '/order/api/v1/order/archive/queryPage' : '/order/api/v1/order/queryPage',
        t.body,
        staff,
      );
      if (r.code !== 0) throw new Error(`queryPage ${r.code} ${r.msg}`);
      total = r.data.total as number;
      if (i >= 2) api.push(performance.now() - a);
    }
    // The same statements the list runs (its count and its page), from the same conditions.
    const table = t.archive ? ordOrderArchive : ordOrder;
    const where = and(
      orderConditions(
        table,
        t.body,
        t.archive ? archiveRange(t.body.beginTime, t.body.endTime) : liveRange(t.body.beginTime, t.body.endTime),
      ),
    );
    const countSql = inline(db.select({ n: count() }).from(table).where(where).toSQL());
    const pageSql = inline(
      db
        .select()
        .from(table)
        .where(where)
        .orderBy(desc(table.createdAt), desc(table.id))
        .limit(t.body.pageSize)
        .offset((t.body.pageNum - 1) * t.body.pageSize)
        .toSQL(),
    );
    const c = psqlTimes(url, countSql, 10).slice(2);
    const p = psqlTimes(url, pageSql, 10).slice(2);
    // The list runs its count and its page side by side on two connections: the slower of the two bounds it.
    const psql = c.map((x, i) => Math.max(x, p[i] ?? 0));
    rows.push({
      name: t.name,
      apiP50: quantile(api, 0.5),
      apiP99: quantile(api, 0.99),
      psqlP50: quantile(psql, 0.5),
      total,
    });
  }
  return rows;
}

/** A client of a server's API (console and app headers by token kind). */
export function apiClient(base: string): Call {
  return async (method, p, body, token) => {
    const r = await fetch(base + p, {
      method,
      headers: {
        clienttype: token?.startsWith('staff:') ? 'MANAGE_PC' : 'USER_ANDROID',
        'accept-language': 'en_US',
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: token.replace(/^staff:/, '') } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await r.json()) as { code: number; msg: string; data: any };
  };
}

export async function benchOrders(url: string, opts: { orders: number; cycles: number }): Promise<OrderBench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbo-bench-orders-'));
  const database = await openPostgres(url, { max: 10 });
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'bench123',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'none'),
    MQTT_PORT: '0',
    DATABASE_URL: url,
  });
  const server = await buildApp({ config, database, workers: false });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  const log = pino({ level: 'silent' });
  const cabinets = 10;
  const fleet = (await startSimulatedFleet(cabinets, server.services, log, {
    returnsPerMinute: 0,
    language: 'en_US',
  }))!;
  await fleet.waitRegistered(cabinets, 60_000);
  await makeDemoNetwork(
    database.db,
    server.services,
    { simulatedCabinets: cabinets, leaderUserName: 'admin', language: 'en_US' },
    log,
  );
  const call = apiClient(base);
  try {
    // ------------------------------------------------------------ through the engine
    const customers = 20;
    const tokens: string[] = [];
    for (let i = 0; i < customers; i++) {
      const mobile = `1380999${String(i).padStart(4, '0')}`;
      // The +999 customers sign in through the customers' service, as the simulated customers do: every public
      // entrance refuses +999 (docs/decisions/customers.md, "One phone, one customer").
      const { customers: people } = server.services.network;
      await people.sendCode(SIMULATED_AREA_CODE, mobile, { simulated: true });
      const code = server.services.simulatedTexts.takeCode(mobile)!;
      const signed = await people.signIn(
        { areaCode: SIMULATED_AREA_CODE, mobile, code, clientType: 'USER_ANDROID' },
        { ip: '127.0.0.1', headers: { 'user-agent': 'bench customer' } },
        { simulated: true },
      );
      tokens.push(signed.token);
    }
    const rentMs: number[] = [];
    const cycleMs: number[] = [];
    let created = 0;
    let finished = 0;
    let errors = 0;
    const errorKinds: Record<string, number> = {};
    const failed = (kind: string) => {
      errors++;
      errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
    };
    let left = opts.cycles;
    const started = performance.now();
    const status = async (orderNo: string, token: string) =>
      (await call('GET', `/order/api/app/v1/order/detail?orderNo=${orderNo}`, undefined, token)).data?.status as string;
    const until = async (orderNo: string, token: string, want: string[]) => {
      for (let i = 0; i < 400; i++) {
        const st = await status(orderNo, token);
        if (want.includes(st)) return st;
        await new Promise((r) => setTimeout(r, 25));
      }
      return null;
    };
    await Promise.all(
      tokens.map(async (token) => {
        while (left-- > 0 && performance.now() - started < 120_000) {
          const regs = fleet.cabinets.filter((c) => c.registered);
          // A cabinet the server says has a charged power bank (a customer looks at the app first).
          let from: (typeof regs)[number] | undefined;
          for (const c of [...regs].sort(() => Math.random() - 0.5)) {
            const q = await call('GET', `/order/api/app/v1/order/quote?sn=${c.sn}`, undefined, token);
            if (q.code === 0 && q.data.available > 0) {
              from = c;
              break;
            }
          }
          if (!from) {
            failed('no cabinet with a charged power bank');
            await new Promise((r) => setTimeout(r, 200));
            continue;
          }
          const t0 = performance.now();
          const rent = await call(
            'POST',
            '/order/api/app/v1/order/rent',
            { sn: from.sn, payMode: 'deposit', idempotencyKey: crypto.randomUUID() },
            token,
          );
          if (rent.code !== 0) {
            failed(`rent ${rent.code} ${rent.msg}`);
            continue;
          }
          rentMs.push(performance.now() - t0);
          created++;
          const out = await until(rent.data.orderNo as string, token, ['using', 'closed']);
          if (out !== 'using') {
            failed(out === 'closed' ? 'eject failed (order closed, deposit back)' : 'no eject result in 10 s');
            continue;
          }
          const to =
            regs
              .filter((c) => c !== from)
              .sort(() => Math.random() - 0.5)
              .find((c) => c.returnPowerBank(rent.data.powerBankId as string, 100) !== null) ??
            (from.returnPowerBank(rent.data.powerBankId as string, 100) !== null ? from : null);
          if (!to) {
            failed('no free slot to return into');
            continue;
          }
          if ((await until(rent.data.orderNo as string, token, ['finished'])) !== 'finished') {
            failed('not finished 10 s after the return');
            continue;
          }
          finished++;
          cycleMs.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const engine = {
      customers,
      cabinets,
      seconds,
      created,
      finished,
      createdPerSec: created / seconds,
      finishedPerSec: finished / seconds,
      rentP50: quantile(rentMs, 0.5),
      rentP99: quantile(rentMs, 0.99),
      cycleP50: quantile(cycleMs, 0.5),
      cycleP99: quantile(cycleMs, 0.99),
      errors,
      errorKinds,
    };
    await fleet.stop();

    // ------------------------------------------------------------ the order page at N orders
    const db = database.db;
    const t0 = performance.now();
    // Set-wise: N orders over the last 29 days, 50 outlets, the states in their usual shares.
    await db.execute(sql`
      insert into ord_order (order_no, user_id, user_mobile, status, payment_kind, pay_mode, sn, power_bank_id, outlet_id, outlet_name, billing, chain,
                             deposit_amount, original_amount, paid_amount, billed_minutes, start_at, end_at, created_at, simulated)
      select 'B' || lpad(g::text, 12, '0'), 100000 + g % 50000, '86-1390000' || lpad((g % 10000)::text, 4, '0'),
             (array['finished','finished','finished','finished','finished','finished','closed','using','awaitingDeduction','refunding'])[1 + g % 10],
             'normal', 'deposit', 'BNCH' || lpad((g % 2000)::text, 12, '0'), 'BNCH' || lpad(g::text, 13, '0'),
             1000 + g % 50, 'Bench outlet ' || (g % 50), '{"freeMinutes":3,"pricePerPeriod":150,"periodMinutes":30,"dailyCap":3000,"totalCap":9900,"deposit":9900,"buyOutDays":7}'::jsonb, '[]'::jsonb,
             9900, 150 * (g % 7), 150 * (g % 7), 30 * (g % 7), c - interval '40 minutes', c, c, true
      from generate_series(1, ${opts.orders}) g, lateral (select now() - make_interval(secs => (g::bigint * 29 * 86400 / ${opts.orders})::double precision) as c) t`);
    await db.execute(sql`analyze ord_order`);
    const fillSeconds = (performance.now() - t0) / 1000;
    const staff = `staff:${(await call('POST', '/user/api/open/v1/auth', { userName: 'admin', password: 'bench123', clientType: 'MANAGE_PC' })).data.token as string}`;
    const rows = await timePages(url, db, call, staff, [
      { name: 'first page (last 30 days, no filter)', body: { pageNum: 1, pageSize: 20 } },
      {
        name: 'filtered page (status finished, one outlet, page 3)',
        body: { pageNum: 3, pageSize: 20, status: 'finished', outletId: 1003 },
      },
    ]);
    return { engine, page: { orders: opts.orders, fillSeconds, rows } };
  } finally {
    await fleet.stop().catch(() => undefined);
    await server.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The Orders section of docs/benchmarks.md. */
export function ordersSection(r: OrderBench | null, note = ''): string {
  const lines = ['## Orders', ''];
  if (!r) return [...lines, 'Not measured: PostgreSQL was not reachable.'].join('\n');
  const e = r.engine;
  lines.push(
    'On PostgreSQL, one server process with its embedded broker and 10 simulated cabinets of the demo network. Through the',
    `engine: ${e.customers} customers of the app API in parallel, each renting (deposit), waiting for the cabinet's eject to make the order`,
    '"using", putting the power bank into another cabinet and waiting for the return event to finish the order (fee, release, shares).',
    '',
    '| customers | seconds | orders created | created / s | orders finished | finished / s | rent call p50 / p99 ms | rent to finished p50 / p99 ms | errors |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| ${e.customers} | ${e.seconds.toFixed(1)} | ${e.created} | ${e.createdPerSec.toFixed(1)} | ${e.finished} | ${e.finishedPerSec.toFixed(1)} | ${e.rentP50.toFixed(0)} / ${e.rentP99.toFixed(0)} | ${e.cycleP50.toFixed(0)} / ${e.cycleP99.toFixed(0)} | ${e.errors} |`,
    '',
    'The rent call includes the sandbox payment company taking the deposit (it answers in about 150 ms, as a real one would) before',
    "the order is recorded and the eject sent; a cycle includes the cabinet's eject and return reports over MQTT.",
    ...(e.errors
      ? [
          '',
          `Errors by kind: ${Object.entries(e.errorKinds)
            .map(([k, n]) => `${k} × ${n}`)
            .join('; ')}.`,
        ]
      : []),
    '',
    `The order page at **${r.page.orders.toLocaleString('en-US')} orders** (filled set-wise with generate_series in ${r.page.fillSeconds.toFixed(1)} s, over the last 29 days,`,
    '50 outlets). "API" is `POST /order/api/v1/order/queryPage` over loopback HTTP (10 calls after 2 warm-ups; the list runs its count and its',
    'page side by side); "psql" is the same two statements (the query builder\'s, parameters written in) timed by psql\'s `\\timing`,',
    "the slower of the two per run: the database's own floor under the call.",
    '',
    '| page | total | API p50 ms | API p99 ms | psql p50 ms | API / psql |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...r.page.rows.map(
      (x) =>
        `| ${x.name} | ${x.total.toLocaleString('en-US')} | ${x.apiP50.toFixed(1)} | ${x.apiP99.toFixed(1)} | ${x.psqlP50.toFixed(1)} | ${(x.apiP50 / Math.max(0.1, x.psqlP50)).toFixed(1)}× |`,
    ),
  );
  if (note) lines.push('', note);
  return lines.join('\n');
}
