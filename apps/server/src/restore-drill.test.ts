import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ADMIN, freshPostgres, useServer } from './test/helper.js';
import { caller, networkFixture, ok, outletBody } from './test/outlet/outlet-fixtures.js';
import { rentalKit } from './test/order/rentals.js';
import { refundChecker } from './test/refund-checker.js';
import { until } from './test/fleet/fleet-helpers.js';
import { SandboxProvider } from './modules/order/payments.js';
import { openPostgres, query, type Database } from './platform/db/database.js';
import { loadConfig } from './config.js';
import { buildApp } from './app.js';

const run = promisify(execFile);

/** What the books and the orders say: what a restore must give back whole. */
async function figures(db: Database['db']) {
  const one = async (statement: ReturnType<typeof sql>) => (await query<Record<string, string>>(db, statement))[0]!;
  const accounts = await query<{ account: string; d: string; c: string }>(
    db,
    sql`select account, sum(debit) as d, sum(credit) as c from led_entry group by account order by account`,
  );
  return {
    orders: await one(
      sql`select count(*) as n, coalesce(sum(paid_amount), 0) as paid, coalesce(sum(refund_amount), 0) as refunded from ord_order`,
    ),
    events: await one(sql`select count(*) as n from ord_event`),
    movements: await one(sql`select count(*) as n from led_transaction`),
    accounts: accounts.map((a) => [a.account, Number(a.d), Number(a.c)]),
  };
}

/**
 * The restore drill (docs/deploy.md, "Backups"): a running server's database, with orders, shares,
 * a refund and a partner's cost recovered, is backed up with pg_dump while the server runs, restored
 * with pg_restore into a new database, and a server started on the copy answers the same trial
 * balance, order counts and ledger figures, and signs staff in.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('restore drill (postgres)', () => {
  const s = useServer('postgres', {}, { paymentProvider: new SandboxProvider({ notifyDelayMs: 5 }) });
  let token = '';
  const c = caller(s, () => token);
  const kit = rentalKit(s, c);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbo-restore-'));
  let restored: { url: string; drop: () => Promise<void> } | null = null;
  let copy: { server: Awaited<ReturnType<typeof buildApp>>; database: Database } | null = null;

  beforeAll(async () => {
    token = await s.current.login();
  });
  afterAll(async () => {
    await kit.close();
    await copy?.server.close();
    await copy?.database.close();
    await restored?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('backs up a running database and restores it whole into a new one, where a server starts and answers the same', async () => {
    const net = await networkFixture(s, c);
    const outletId = (
      await ok(
        c.post(
          '/device/api/v1/outlet/saveOrUpdate',
          outletBody(net.agentB, { costAmount: 100, amortizationRatio: 50 }),
        ),
        'outlet',
      )
    ).id as number;
    const cab = await kit.cabinet(outletId, 4);
    const back = await kit.cabinet(outletId, 0);
    const first = await kit.rental(cab, back, 65);
    await kit.rental(cab, back, 125);
    const refund = await ok(
      c.post('/order/api/v1/refundOrder/refundAmount', { orderNo: first, amount: 200, reason: 'restore drill' }),
      'refund',
    );
    await ok(
      (await refundChecker(s)).put('/order/api/v1/refundOrder/audit', { id: refund.id, approve: true }),
      'approve',
    );
    // Until the payment company's answer has come (nothing in flight: the figures stand still).
    await until(
      async () =>
        (
          (await ok(c.get('/order/api/v1/order/detail', { orderNo: first }), 'detail')) as {
            refunds: { status: string }[];
          }
        ).refunds[0]?.status === 'complete',
      8_000,
      'refund paid',
    );

    const url = s.current.config.DATABASE_URL!;
    const before = await figures(s.current.database.db);
    expect(Number(before.orders.n)).toBeGreaterThanOrEqual(2);

    // The backup is taken while the server runs (pg_dump reads one consistent snapshot).
    const dump = path.join(dir, 'cbo.dump');
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, url]);
    expect(await figures(s.current.database.db)).toEqual(before);
    restored = await freshPostgres();
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restored.url}`, dump]);

    // A server on the copy: its migrations find nothing to do, its figures are the original's.
    const database = await openPostgres(restored.url, { max: 3 });
    const data = fs.mkdtempSync(path.join(dir, 'data-'));
    const config = loadConfig({
      DATA_DIR: data,
      WEB_DIST: path.join(data, 'no-web'),
      ADMIN_USERNAME: ADMIN.userName,
      ADMIN_PASSWORD: ADMIN.password,
      DATABASE_URL: restored.url,
      MQTT_PORT: '0',
      LOG_LEVEL: 'silent',
    });
    const server = await buildApp({
      config,
      database,
      workers: false,
      paymentProvider: new SandboxProvider({ notifyDelayMs: 5 }),
    });
    copy = { server, database };
    const after = await figures(database.db);
    expect(after).toEqual(before);
    const tb = await server.services.ledger.ledger.trialBalance('en_US');
    expect(tb.totalDebit).toBe(tb.totalCredit);
    expect(tb.totalDebit).toBeGreaterThan(0);
    // Signing in works there: the accounts and their password hashes came across.
    const login = await server.app.inject({
      method: 'POST',
      url: '/user/api/open/v1/auth',
      payload: { userName: ADMIN.userName, password: ADMIN.password, clientType: 'MANAGE_PC' },
    });
    expect(login.json().code).toBe(0);
    const list = await server.app.inject({
      method: 'POST',
      url: '/order/api/v1/order/queryPage',
      headers: { authorization: login.json().data.token },
      payload: { pageNum: 1, pageSize: 10 },
    });
    expect(list.json().data.total).toBe(Number(before.orders.n));
  }, 120_000);
});
