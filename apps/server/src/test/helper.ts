import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { loadConfig, type Config } from '../config.js';
import { openPglite, openPostgres, type Database } from '../platform/db/database.js';
import { RecordingSmsProvider } from '../platform/sms/sms-provider.js';
import { buildApp, type BuildOptions, type Server } from '../app.js';
import type { ExtensionCode } from '@cbo/contract';

/** The engines every server test runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const engines: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
/**
 * One engine, for tests whose outcome does not depend on the database engine: a request refused before any
 * statement (validation, unreadable bodies, lone surrogates, headers), and the permission matrices (which
 * menus and calls a role reaches). PostgreSQL when TEST_DATABASE_URL is set (the engine of production), else
 * PGlite. Rules, money, races and anything that writes run on `engines` (docs/decisions/tests-and-ci.md, "One engine
 * for
 * what no engine decides").
 */
export const oneEngine: ('pglite' | 'postgres')[] = engines.slice(-1);

export const ADMIN = { userName: 'admin', password: 'admin123' };

export interface TestServer {
  server: Server;
  database: Database;
  sms: RecordingSmsProvider;
  config: Config;
  /** Signs in and answers the token. */
  login(userName?: string, password?: string, ip?: string): Promise<string>;
  inject: Server['app']['inject'];
  close(): Promise<void>;
}

/**
 * A fresh PostgreSQL database for one test file, dropped at the end: empty, or with `template` a copy
 * of that database (the run's migrated one, test/global-setup.ts).
 */
export async function freshPostgres(
  opts: { template?: string } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `cbo_t_${crypto.randomBytes(5).toString('hex')}`;
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${opts.template ? ` TEMPLATE ${opts.template}` : ''}`);
  await admin.end();
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

let templateBlob: Blob | undefined;
/** The run's migrated template (test/global-setup.ts), read once per worker; none when run without it. */
function pgliteTemplateBlob(): Blob | undefined {
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  templateBlob ??= new Blob([fs.readFileSync(file)]);
  return templateBlob;
}

/**
 * An embedded database migrated as a test server's is: loaded from the run's template. Tests of migrating an empty
 * one (maintenance.test.ts) call openPglite(null) themselves.
 */
export function openTestPglite(): Promise<Database> {
  return openPglite(null, { template: pgliteTemplateBlob() });
}

export interface StartOptions {
  workers?: boolean;
  /** The payment company the server uses (a sandbox the test steers). */
  paymentProvider?: import('../modules/order/index.js').PaymentProvider;
  /** A logger (for tests that read the log); none by default. */
  logger?: BuildOptions['logger'];
  /** `configured`: the SMS provider the settings choose instead of the recording one. */
  sms?: 'recording' | 'configured';
  /**
   * The extended functions activated at start (seeded closed): by default those whose features the
   * tests use (TEST_EXTENSIONS). A test of the closed state closes what it tests.
   */
  extensions?: readonly ExtensionCode[];
}

/**
 * The functions a test server has activated unless told otherwise: every one whose feature worked
 * before functions were gated. Deposit-free and membership change what a rental costs and stay closed,
 * as on a new install; their tests activate them.
 */
export const TEST_EXTENSIONS: readonly ExtensionCode[] = [
  'coupons',
  'orderSeparation',
  'cablePackages',
  'bluetoothChargers',
  'advertising',
];

export async function startServer(
  engine: 'pglite' | 'postgres',
  env: Record<string, string> = {},
  opts: StartOptions = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbo-test-'));
  let drop = async () => {};
  let database: Database;
  let url: string | undefined;
  if (engine === 'postgres') {
    // A copy of the run's migrated database (the migrations still run over it, finding nothing to do).
    const fresh = await freshPostgres({ template: inject('postgresTemplate') || undefined });
    url = fresh.url;
    drop = fresh.drop;
    database = await openPostgres(url, { max: 5 });
  } else {
    database = await openPglite(null, { template: pgliteTemplateBlob() });
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_USERNAME: ADMIN.userName,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // Every test server has its own embedded broker on a free port (1883 may be taken).
    MQTT_PORT: '0',
    ...(url ? { DATABASE_URL: url } : {}),
    ...env,
  });
  const sms = new RecordingSmsProvider();
  const server = await buildApp({
    config,
    database,
    sms: opts.sms === 'configured' ? undefined : sms,
    logger: opts.logger,
    workers: opts.workers ?? false,
    paymentProvider: opts.paymentProvider,
  });
  // Tests sign many customers in from one address (inject's 127.0.0.1) within a minute: the address
  // and overall text budgets are raised as an operator raises them for a load run. The budgets'
  // own tests (network/phone.http.test.ts) set the values they test.
  await server.services.system.config.save({
    paramType: 'sms',
    values: { numberPerDay: 10, addressPerMinute: 1000, addressPerHour: 10_000, overallPerHour: 1_000_000 },
  });
  await server.services.system.extensions.activate(opts.extensions ?? TEST_EXTENSIONS);
  const t: TestServer = {
    server,
    database,
    sms,
    config,
    inject: server.app.inject.bind(server.app),
    async login(userName = ADMIN.userName, password = ADMIN.password, ip = '10.0.0.1') {
      const res = await server.app.inject({
        method: 'POST',
        url: '/user/api/open/v1/auth',
        payload: { userName, password, clientType: 'MANAGE_PC' },
        remoteAddress: ip,
      });
      const body = res.json();
      if (body.code !== 0) throw new Error(`login failed: ${body.code} ${body.msg}`);
      return body.data.token as string;
    },
    async close() {
      await server.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}

/** One server per describe block, started before its tests and closed after. */
export function useServer(
  engine: 'pglite' | 'postgres',
  env?: Record<string, string>,
  opts?: StartOptions,
): { current: TestServer } {
  const ref = {} as { current: TestServer };
  // A start applies every migration and seeds: on a loaded shared machine it has taken over a minute.
  beforeAll(async () => {
    ref.current = await startServer(engine, env, opts);
  }, 240_000);
  afterAll(async () => {
    await ref.current?.close();
  }, 120_000);
  return ref;
}

export const auth = (token: string, lang = 'en_US') => ({
  authorization: token,
  clienttype: 'MANAGE_PC',
  'accept-language': lang,
});

/**
 * Starts an export with its call and answers the first sheet of the file the export worker writes
 * (the export centre's list polled until the entry is done; the file fetched with the session's cookie).
 */
export async function exportedSheet(
  s: TestServer,
  token: string,
  url: string,
  payload: object,
  headers: Record<string, string> = auth(token),
): Promise<ExcelJS.Worksheet> {
  const started = await s.inject({ method: 'POST', url, headers, payload });
  expect(started.json().code, started.body).toBe(0);
  const id = started.json().data.exportId;
  let entry: { status: string; fileUrl: string } | undefined;
  for (let i = 0; i < 600 && entry?.status !== 'done' && entry?.status !== 'failed'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const list = (
      await s.inject({ url: '/user/api/v1/exportExcelLog/list?pageNum=1&pageSize=10', headers: auth(token) })
    ).json().data;
    entry = list.list.find((e: { id: number }) => e.id === id);
  }
  expect(entry?.status).toBe('done');
  const file = await s.inject({ url: entry!.fileUrl, cookies: { Authorization: token } });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}
