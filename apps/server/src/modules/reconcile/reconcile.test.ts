import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { SandboxProvider } from '../order/payments.js';
import { ordPayment } from '../order/tables.js';
import { auth, engines, exportedSheet, useServer } from '../../test/helper.js';
import { rentalKit } from '../../test/order/rentals.js';
import { caller, networkFixture, ok, outletBody } from '../../test/outlet/outlet-fixtures.js';
import { ReconcileService } from './reconcile.service.js';
import { rcnRun } from './tables.js';

/**
 * The daily reconciliation against the sandbox's real statement files: differences planted
 * through the sandbox (a charge whose notification was dropped and never applied, a refund only
 * at the company, a charge off by a cent) next to matched lines; the result shows exactly those,
 * explanations are kept once, by whom, and the books never change.
 */
describe.each(engines)('reconciliation (%s)', (engine) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbo-statements-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const sandbox = new SandboxProvider({ duplicateRate: 0, notifyDelayMs: 5, statementDir: dir });
  const s = useServer(engine, {}, { paymentProvider: sandbox, workers: true });
  const services = () => s.current.server.services;
  const today = () => new Date().toISOString().slice(0, 10);
  let token = '';
  const call = async (method: 'GET' | 'POST', url: string, payload?: object, lang = 'en_US') => {
    token ||= await s.current.login();
    return (await s.current.inject({ method, url, payload, headers: auth(token, lang) })).json();
  };

  /** A customer signed in through the app (the rental kit's), with their id and a top-up of their own. */
  async function customer(): Promise<{ id: number; recharge: (amount: number) => Promise<{ code: number }> }> {
    const u = await kit.customer();
    const [me] = await services().network.customers.byMobiles([u.mobile]);
    return {
      id: me!.id,
      recharge: (amount) =>
        u.app('POST', '/order/api/app/v1/wallet/recharge', { amount, idempotencyKey: crypto.randomUUID() }),
    };
  }

  /** What the books hold: payments recorded and the trial balance. Reconciliation must leave both as they are. */
  const booksNow = async () => {
    const [p] = await s.current.database.db.select({ n: count() }).from(ordPayment);
    const tb = await services().ledger.ledger.trialBalance('en_US');
    return { payments: Number(p!.n), debit: tb.totalDebit, credit: tb.totalCredit };
  };

  const planted: Record<string, string> = {};
  const c = caller(s, () => token);
  const kit = rentalKit(s, c);
  beforeAll(async () => {
    token ||= await s.current.login();
  }, 60_000);
  afterAll(() => kit.close());

  it('a day with planted differences shows exactly them beside the matched lines', async () => {
    // Matched: a rental's deposit charged before its order existed (the order holds it) and the rest given back.
    const net = await networkFixture(s, c);
    const outletId = (
      await ok(
        c.post('/device/api/v1/outlet/saveOrUpdate', outletBody(net.agentB, { name: `Rcn ${crypto.randomInt(1e6)}` })),
        'outlet',
      )
    ).id as number;
    const orderNo = await kit.rental(await kit.cabinet(outletId, 2), await kit.cabinet(outletId, 0), 65);
    const u = await customer();
    // Matched: a top-up charged and recorded.
    expect((await u.recharge(500)).code).toBe(0);
    // Off by a cent: the company charges 1001 for a top-up of 1000.
    sandbox.chargeOtherAmountNext(1001);
    expect((await u.recharge(1000)).code).toBe(0);
    // A charge whose notification was dropped and never applied: the books hold it pending.
    const pendingKey = `recharge:${u.id}:${crypto.randomUUID()}`;
    await s.current.database.db
      .insert(ordPayment)
      .values({ key: pendingKey, op: 'charge', purpose: 'recharge', userId: u.id, amount: 800 });
    sandbox.dropNotifications(1);
    expect(
      await sandbox.charge({ key: pendingKey, amount: 800, userId: u.id, description: 't', deferred: true }),
    ).toMatchObject({ status: 'pending' });
    // A refund only at the company.
    const refundKey = `refund:planted:${crypto.randomUUID()}`;
    await sandbox.statementOnly({ key: refundKey, op: 'refund', amount: 300 });
    planted.pending = pendingKey;
    planted.refund = refundKey;
    // The deferred charge goes through at the company a moment later (its line is then on the statement).
    for (let i = 0; i < 100 && !(await sandbox.statement(today())).some((l) => l.key === pendingKey); i++)
      await new Promise((r) => setTimeout(r, 20));

    const before = await booksNow();
    const [day] = await services().reconcile.reconcile.runNow(today(), 'sandbox', 'finance1');
    expect(day).toMatchObject({ provider: 'sandbox', status: 'done', runBy: 'finance1', day: today() });
    expect(await booksNow()).toEqual(before);

    const lines = await services().reconcile.reconcile.lines.rows({ runId: day!.id }, 0, 1000);
    const differences = lines.filter((l) => l.result !== 'matched');
    // Differences first, each of the planted ones and nothing else.
    expect(lines.slice(0, differences.length)).toEqual(differences);
    expect(differences.map((l) => [l.result, l.op, l.providerAmount, l.booksAmount]).sort()).toEqual(
      [
        ['amountDiffers', 'charge', 1001, 1000],
        ['booksPending', 'charge', 800, 800],
        ['providerOnly', 'refund', 300, null],
      ].sort(),
    );
    expect(differences.find((l) => l.result === 'booksPending')!.key).toBe(pendingKey);
    expect(differences.find((l) => l.result === 'providerOnly')!.key).toBe(refundKey);
    expect(differences.find((l) => l.result === 'amountDiffers')!.fee).toBe(6);
    // The rental: its deposit (rent:<member>:<orderNo>) and what went back (release:<orderNo>), both matched.
    const rented = lines.filter((l) => l.key.endsWith(`:${orderNo}`));
    expect(rented.map((l) => [l.op, l.key.split(':')[0], l.result]).sort()).toEqual([
      ['charge', 'rent', 'matched'],
      ['refund', 'release', 'matched'],
    ]);
    const ours = lines.find((l) => l.result === 'matched' && l.providerAmount === 500 && l.key.includes(`:${u.id}:`));
    expect(ours).toMatchObject({ booksAmount: 500, fee: 3 });
    expect(day).toMatchObject({ amountDiffers: 1, booksPending: 1, providerOnly: 1, booksOnly: 0, unexplained: 3 });
    expect(day!.matched).toBe(lines.length - 3);
    const statement = await sandbox.statement(today());
    expect(day!.fees).toBe(statement.reduce((a, l) => a + l.fee, 0));
  });

  it('a difference is explained once, by whom and why; a run again keeps it and replaces the rest', async () => {
    const r = services().reconcile.reconcile;
    const [day] = await r.days.rows({ provider: 'sandbox', beginDay: today(), endDay: today() }, 0, 10);
    const lines = await r.lines.rows({ runId: day!.id }, 0, 1000);
    const refund = lines.find((l) => l.key === planted.refund)!;
    const matched = lines.find((l) => l.result === 'matched')!;
    const explained = await r.explain(refund.id, 'Refunded by hand at the company', 'finance2');
    expect(explained).toMatchObject({ explainedBy: 'finance2', reason: 'Refunded by hand at the company' });
    await expect(r.explain(refund.id, 'Again', 'finance3')).rejects.toMatchObject({
      errorName: 'RECONCILE_LINE_EXPLAINED',
    });
    await expect(r.explain(matched.id, 'Nothing to say', 'finance3')).rejects.toMatchObject({
      errorName: 'RECONCILE_LINE_MATCHED',
    });
    await expect(r.explain(99_999_999, 'No such line', 'finance3')).rejects.toMatchObject({
      errorName: 'RECONCILE_LINE_NOT_FOUND',
    });
    expect((await r.days.rows({ provider: 'sandbox', beginDay: today(), endDay: today() }, 0, 10))[0]).toMatchObject({
      unexplained: 2,
    });

    const [again] = await r.runNow(today(), 'sandbox', 'finance3');
    expect(again).toMatchObject({ id: day!.id, runBy: 'finance3', unexplained: 2, providerOnly: 1 });
    const after = await r.lines.rows({ runId: day!.id }, 0, 1000);
    expect(after.find((l) => l.key === planted.refund)).toMatchObject({
      id: refund.id,
      explainedBy: 'finance2',
      reason: 'Refunded by hand at the company',
    });
    // The unexplained lines are this run's (new rows), the same differences.
    const pending = after.find((l) => l.key === planted.pending)!;
    expect(pending.result).toBe('booksPending');
    expect(pending.id).not.toBe(lines.find((l) => l.key === planted.pending)!.id);
    expect(after.length).toBe(lines.length);
    // Days with differences left to explain.
    expect((await r.days.rows({ differences: true }, 0, 10)).map((d) => d.id)).toContain(day!.id);
  });

  it('20 staff runs of one day at once are one run; 20 scheduled runs of a day are one run', async () => {
    const real = services().order.book;
    const slow = new ReconcileService(
      s.current.database.db,
      {
        providers: () => ['sandbox'],
        statements: async (d) => {
          await new Promise((r) => setTimeout(r, 300));
          return [{ provider: 'sandbox', timeZone: 'UTC', lines: await sandbox.statement(d) }];
        },
        books: (from, to) => real.lines(from, to),
      },
      s.current.server.app.log,
    );
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => slow.runNow('2026-01-15', undefined, `staff${i}`)),
    );
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    for (const a of answers.filter((x) => x.status === 'rejected'))
      expect((a as PromiseRejectedResult).reason).toMatchObject({ errorName: 'RECONCILE_RUNNING' });
    const ran = await Promise.all(Array.from({ length: 20 }, () => slow.runScheduled('2026-01-16')));
    expect(ran.reduce((a, b) => a + b, 0)).toBe(1);
    const rows = await s.current.database.db.select().from(rcnRun);
    expect(rows.filter((r) => r.day === '2026-01-15')).toMatchObject([{ runs: 1, status: 'done' }]);
    expect(rows.filter((r) => r.day === '2026-01-16')).toMatchObject([{ runs: 1, status: 'done', runBy: 'schedule' }]);
    // The schedule does not run a day again once it has a run.
    expect(await slow.runScheduled('2026-01-15')).toBe(0);
  });

  it('calls: days, lines, run, explain and export through HTTP; bad input is refused with a code', async () => {
    const days = await call('GET', `/order/api/v1/reconciliation/queryPage?pageNum=1&pageSize=10&beginDay=${today()}`);
    expect(days.code).toBe(0);
    const day = days.data.list.find((d: { provider: string }) => d.provider === 'sandbox');
    expect(day).toMatchObject({ day: today(), status: 'done' });
    expect(await call('GET', '/order/api/v1/reconciliation/providers')).toMatchObject({
      code: 0,
      data: { providers: ['sandbox'] },
    });
    const lines = await call(
      'GET',
      `/order/api/v1/reconciliation/lines?runId=${day.id}&result=amountDiffers&pageNum=1&pageSize=10`,
    );
    expect(lines).toMatchObject({ code: 0, data: { total: 1, list: [{ providerAmount: 1001, booksAmount: 1000 }] } });
    const line = lines.data.list[0];
    // Bad input: a reason too short, a bad day, an unknown company, a day to come, an unknown run.
    const short = await call('POST', '/order/api/v1/reconciliation/explain', { id: line.id, reason: 'x' });
    expect(short.code).toBe(100001);
    expect(short.msg).toMatch(/reason/);
    expect((await call('POST', '/order/api/v1/reconciliation/run', { day: '2026-02-30' })).code).toBe(100001);
    expect((await call('POST', '/order/api/v1/reconciliation/run', { day: 'yesterday' })).code).toBe(100001);
    expect(await call('POST', '/order/api/v1/reconciliation/run', { day: today(), provider: 'wechat' })).toMatchObject({
      code: 101502,
      msg: 'Unknown payment company: wechat',
    });
    expect(
      await call('POST', '/order/api/v1/reconciliation/run', { day: today(), provider: 'wechat' }, 'zh_CN'),
    ).toMatchObject({ code: 101502, msg: '支付渠道不存在：wechat' });
    expect((await call('POST', '/order/api/v1/reconciliation/run', { day: '2099-01-01' })).code).toBe(101503);
    expect((await call('GET', '/order/api/v1/reconciliation/lines?runId=99999999&pageNum=1&pageSize=10')).code).toBe(
      101507,
    );
    expect(
      (await s.current.inject({ method: 'GET', url: '/order/api/v1/reconciliation/providers' })).json().code,
    ).not.toBe(0);

    const explained = await call('POST', '/order/api/v1/reconciliation/explain', {
      id: line.id,
      reason: 'The company charged a cent more; asked them to refund it',
    });
    expect(explained).toMatchObject({ code: 0, data: { explainedBy: 'admin' } });
    expect((await call('POST', '/order/api/v1/reconciliation/explain', { id: line.id, reason: 'twice' })).code).toBe(
      101506,
    );
    const run = await call('POST', '/order/api/v1/reconciliation/run', { day: today() });
    expect(run).toMatchObject({ code: 0, data: [{ provider: 'sandbox', status: 'done', runBy: 'admin' }] });

    const sheet = await exportedSheet(s.current, token, '/order/api/v1/reconciliation/export', { runId: day.id });
    const rows = sheet.getSheetValues().slice(1) as unknown[][];
    const header = (rows[0] as string[]).slice(1);
    expect(header).toEqual([
      'Result',
      'Type',
      'Request key',
      'Payment reference',
      'Company amount',
      'Books amount',
      'Fee',
      'Time',
      'Explained by',
      'Explained at',
      'Explanation',
    ]);
    const body = rows.slice(1).map((r) => (r as unknown[]).slice(1));
    expect(
      body
        .filter((r) => r[0] !== 'Matched')
        .map((r) => [r[0], r[4], r[5], r[8] ?? ''])
        .sort(),
    ).toEqual(
      [
        ['Amounts differ', '10.01', '10.00', 'admin'],
        ['Books still pending', '8.00', '8.00', ''],
        ['Only at the company', '3.00', undefined, 'finance2'],
      ].sort(),
    );
  });
});
