import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { WithdrawalSetting } from '@cbo/contract';
import { CONFIG_DEFAULTS } from '../system/config.service.js';
import { engines, useServer } from '../../test/helper.js';
import { until } from '../../test/fleet/fleet-helpers.js';
import { caller, networkFixture, ok, outletBody, type Answer } from '../../test/outlet/outlet-fixtures.js';
import { SandboxProvider } from '../order/payments.js';
import { APPLY, AUDIT, key, mobile, withdrawalKit } from '../../test/payout/withdrawals.js';
import { cycleOf } from './payout.service.js';

/**
 * Withdrawals on each engine, through the calls: a partner of the profit chain applies in the
 * app (spec 5's rules, the amount held in the books), staff approve or reject, the sandbox payment
 * company pays out, fails with a spec-8 reason, answers late, or its answer is lost and the sweep
 * settles it by querying. The books balance after every test; on PostgreSQL, 100 parallel
 * approvals pay once and 100 parallel applications never overdraw nor pass the daily count.
 */
describe.each(engines)('withdrawals (%s)', (engine) => {
  const sandbox = new SandboxProvider({ notifyDelayMs: 5, duplicateRate: 0 });
  const s = useServer(engine, {}, { paymentProvider: sandbox });
  let token = '';
  const c = caller(s, () => token);
  const services = () => s.current.server.services;
  const db = () => s.current.database.db;
  const setWithdrawal = (kind: 'agent' | 'serviceProvider' | 'operator', v: Partial<WithdrawalSetting>) =>
    (services().system.config as unknown as { write(db: unknown, g: string, v: unknown): Promise<void> }).write(
      db(),
      'pay',
      {
        ...CONFIG_DEFAULTS.pay,
        withdrawal: { ...CONFIG_DEFAULTS.pay.withdrawal, [kind]: { ...CONFIG_DEFAULTS.pay.withdrawal[kind], ...v } },
      },
    );
  const payable = async (kind: string, partyId: number) =>
    0 - (await services().ledger.ledger.balance({ kind: kind as never, partyId }));
  const held = async () => 0 - (await services().ledger.ledger.balance({ kind: 'payoutHold' }));

  const { earn, appLogin, agent, apply, detail, settled } = withdrawalKit(s, c);

  beforeAll(async () => {
    token = await s.current.login();
  });
  afterEach(async () => {
    const tb = await services().ledger.ledger.trialBalance('en_US');
    expect(tb.totalDebit).toBe(tb.totalCredit);
    await setWithdrawal('agent', {});
  });

  it("refuses what spec 5 and 9 refuse, in the caller's language: method, whole units, minimum, cap, balance, settlement days", async () => {
    const a = await agent();
    await earn('agentPayable', a.id, 80_000);
    await earn('agentPayable', a.id, 50_000, 1); // newer than the 7 settlement days: not withdrawable yet
    expect(await apply(a.app, 20_000, { method: 'tap' })).toMatchObject({ code: 101108 });
    expect(await apply(a.app, 20_050)).toMatchObject({ code: 101105, msg: 'The amount must be a whole number' });
    expect(await apply(a.app, 9_900, {}, 'zh_CN')).toMatchObject({ code: 101103, msg: '提现金额不能低于 100.00' });
    expect(await apply(a.app, 9_900, {}, 'zh_TW')).toMatchObject({ code: 101103, msg: '提現金額不能低於 100.00' });
    expect(await apply(a.app, 5_000_100)).toMatchObject({
      code: 101104,
      msg: 'A single withdrawal cannot exceed 50000.00',
    });
    expect(await apply(a.app, 90_000)).toMatchObject({
      code: 101106,
      msg: 'Not enough to withdraw (withdrawable now: 800.00)',
    });
    const b = await a.app('GET', '/user/api/app/v1/withdrawal/balance');
    expect(b.data).toMatchObject({
      partyKind: 'agent',
      balance: 130_000,
      withdrawable: 80_000,
      held: 0,
      minAmount: 10_000,
      usedToday: 0,
      settlementDays: 7,
    });
    // With no settlement days, everything earned may go.
    await setWithdrawal('agent', { settlementDays: 0 });
    expect((await a.app('GET', '/user/api/app/v1/withdrawal/balance')).data.withdrawable).toBe(130_000);
    // Nothing was held by the refusals.
    expect(await payable('agentPayable', a.id)).toBe(130_000);
  });

  it("an agent's own minimum and fee rate apply when stricter than the kind's", async () => {
    const a = await agent({ minWithdrawal: 30_000, withdrawalFeeRate: 2 });
    await earn('agentPayable', a.id, 100_000);
    await setWithdrawal('agent', { feePercent: 1 });
    expect(await apply(a.app, 20_000)).toMatchObject({ code: 101103, msg: 'The amount cannot be below 300.00' });
    const r = await apply(a.app, 50_000);
    expect(r.data).toMatchObject({
      status: 'initiated',
      amount: 50_000,
      fee: 1_000,
      actualAmount: 49_000,
      partyKind: 'agent',
      partyId: a.id,
    });
  });

  it('holds the amount at application; the same key answers the same application; reject gives it back, once', async () => {
    const a = await agent();
    await earn('agentPayable', a.id, 100_000);
    const hold0 = await held();
    const k = key();
    const first = await apply(a.app, 30_000, { idempotencyKey: k });
    expect(first.code).toBe(0);
    expect(first.data.applicationNo).toMatch(/^W\d+/);
    const again = await apply(a.app, 30_000, { idempotencyKey: k });
    expect(again.data.id).toBe(first.data.id);
    expect(await apply(a.app, 40_000, { idempotencyKey: k })).toMatchObject({ code: 101110 });
    expect(await payable('agentPayable', a.id)).toBe(70_000);
    expect((await held()) - hold0).toBe(30_000);
    expect((await a.app('GET', '/user/api/app/v1/withdrawal/balance')).data).toMatchObject({
      withdrawable: 70_000,
      held: 30_000,
      usedToday: 1,
    });

    const noReason = await c.put(AUDIT, { id: first.data.id, approve: false }, 'zh_CN');
    expect(noReason.code).toBe(100001);
    expect(noReason.msg).toContain('驳回时必须填写原因');
    const rejected = await ok(
      c.put(AUDIT, { id: first.data.id, approve: false, reason: 'payee name unclear' }),
      'reject',
    );
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: 'payee name unclear', reviewer: 'admin' });
    expect(await c.put(AUDIT, { id: first.data.id, approve: true })).toMatchObject({ code: 101102 });
    expect(await payable('agentPayable', a.id)).toBe(100_000);
    expect(await held()).toBe(hold0);
    const d = await detail(first.data.id);
    expect(d.history.map((h: { status: string }) => h.status)).toEqual(['initiated', 'rejected']);
    const mine = await a.app('GET', '/user/api/app/v1/withdrawal/mine?pageNum=1&pageSize=10');
    expect(mine.data).toMatchObject({ total: 1, list: [{ id: first.data.id, status: 'rejected' }] });
  });

  it('approval pays out: success with the fee to the platform; a spec-8 failure gives the amount back', async () => {
    const a = await agent();
    await earn('agentPayable', a.id, 100_000);
    await setWithdrawal('agent', { feePercent: 3 });
    const fees0 = -(await services().ledger.ledger.balance({ kind: 'fees' }));
    const clearing0 = await services().ledger.ledger.balance({ kind: 'providerClearing' });
    const w = (await apply(a.app, 40_000)).data;
    const approved = await ok(c.put(AUDIT, { id: w.id, approve: true }), 'approve');
    expect(['paying', 'success']).toContain(approved.status);
    const done = await settled(w.id);
    expect(done).toMatchObject({
      status: 'success',
      fee: 1_200,
      actualAmount: 38_800,
      reviewer: 'admin',
      automatic: false,
    });
    expect(done.providerReference).toBeTruthy();
    expect(done.history.map((h: { status: string }) => h.status)).toEqual([
      'initiated',
      'approved',
      'paying',
      'success',
    ]);
    expect(-(await services().ledger.ledger.balance({ kind: 'fees' })) - fees0).toBe(1_200);
    expect(clearing0 - (await services().ledger.ledger.balance({ kind: 'providerClearing' }))).toBe(38_800);
    expect(await payable('agentPayable', a.id)).toBe(60_000);

    sandbox.failNext('payout', 'nameMismatch');
    const f = (await apply(a.app, 20_000)).data;
    await ok(c.put(AUDIT, { id: f.id, approve: true }), 'approve');
    expect(await settled(f.id)).toMatchObject({ status: 'failed', failureReason: 'nameMismatch' });
    expect(await payable('agentPayable', a.id)).toBe(60_000);
    const list = await ok(
      c.get('/user/api/v1/withdrawal/queryPage', {
        pageNum: 1,
        pageSize: 10,
        status: 'failed',
        partyKind: 'agent',
        applicationNo: f.applicationNo,
      }),
      'list',
    );
    expect(list).toMatchObject({ total: 1, list: [{ id: f.id }] });
  });

  it('automatic mode: at or under the limit no review, straight to the payment company; above it waits', async () => {
    const a = await agent();
    await earn('agentPayable', a.id, 200_000);
    await setWithdrawal('agent', { autoLimit: 50_000 });
    const auto = (await apply(a.app, 50_000)).data;
    expect(auto.automatic).toBe(true);
    expect(await settled(auto.id)).toMatchObject({ status: 'success', reviewer: null });
    const manual = (await apply(a.app, 50_100)).data;
    expect(manual).toMatchObject({ status: 'initiated', automatic: false });
    const sum = await ok(c.get('/user/api/v1/withdrawal/summary'), 'summary');
    expect(sum.pendingCount).toBeGreaterThanOrEqual(1);
    expect(sum.pendingAmount).toBeGreaterThanOrEqual(50_100);
    await ok(c.put(AUDIT, { id: manual.id, approve: false, reason: 'test' }), 'reject');
  });

  it('the daily application count, per account per day', async () => {
    const a = await agent();
    await earn('agentPayable', a.id, 500_000);
    await setWithdrawal('agent', { dailyCount: 2 });
    for (let i = 0; i < 2; i++) expect((await apply(a.app, 10_000)).code).toBe(0);
    expect(await apply(a.app, 10_000)).toMatchObject({ code: 101107, msg: 'Daily withdrawal count reached (2)' });
  });

  it('a payment company that answers late, twice, or never is settled by querying, and pays once', async () => {
    const a = await agent();
    await earn('agentPayable', a.id, 300_000);
    const payouts = services().payout.payouts;
    // Late and notified: the notification settles it, no query needed.
    sandbox.deferNext('payout');
    const notified = (await apply(a.app, 10_000)).data;
    expect((await ok(c.put(AUDIT, { id: notified.id, approve: true }), 'approve')).status).toBe('paying');
    await until(async () => (await detail(notified.id)).status === 'success', 8_000, 'notified');
    // Late, its notification lost: "pending" now, succeeded a moment later; the sweep's query finds it.
    sandbox.deferNext('payout');
    sandbox.dropNotifications(1);
    const late = (await apply(a.app, 10_000)).data;
    expect((await ok(c.put(AUDIT, { id: late.id, approve: true }), 'approve')).status).toBe('paying');
    await new Promise((r) => setTimeout(r, 30));
    expect((await detail(late.id)).status).toBe('paying');
    await payouts.sweep(new Date(Date.now() + 60_000));
    expect((await detail(late.id)).status).toBe('success');
    // Never: the payout happened but its answer (and its notification) was lost; only a query finds it.
    sandbox.loseNextAnswer('payout');
    sandbox.dropNotifications(1);
    const lost = (await apply(a.app, 20_000)).data;
    await ok(c.put(AUDIT, { id: lost.id, approve: true }), 'approve');
    await new Promise((r) => setTimeout(r, 30));
    expect((await detail(lost.id)).status).toBe('paying');
    expect(await payouts.sweep(new Date(Date.now() + 60_000))).toBe(1);
    const d = await detail(lost.id);
    expect(d.status).toBe('success');
    // Twice: the same answer again (a repeated notification, a second sweep) changes nothing.
    const out = await sandbox.query(`payout:${d.applicationNo}`);
    expect(await payouts.applyOutcome(out!)).toBe(false);
    expect(await payouts.sweep(new Date(Date.now() + 60_000))).toBe(0);
    const paid = (await db().execute(
      sql`select count(*)::int as n from led_transaction where key = ${`payout-paid:${d.applicationNo}`}`,
    )) as unknown as { rows: { n: number }[] };
    const count = paid.rows[0]!.n;
    expect(count).toBe(1);
    expect(await payable('agentPayable', a.id)).toBe(260_000);
  });

  it('bad input on the three calls answers a code and a message, never a 500', async () => {
    const a = await agent();
    for (const body of [
      {},
      { amount: '100', method: 'wechat', payeeAccount: 'x', payeeName: 'y', idempotencyKey: key() },
      { amount: 10_000, method: 'paypal', payeeAccount: 'x', payeeName: 'y', idempotencyKey: key() },
      { amount: 10_000, method: 'wechat', payeeAccount: '', payeeName: 'y', idempotencyKey: key() },
      { amount: 10_000, method: 'wechat', payeeAccount: 'x', payeeName: 'y', idempotencyKey: 'short' },
    ]) {
      const r = await a.app('POST', APPLY, body, 'zh_CN');
      expect(r.code).toBe(100001);
      expect(r.msg).toBeTruthy();
    }
    // A console token is no app token; a customer of the rental app is no partner.
    expect(
      (
        await c.post(APPLY, {
          amount: 10_000,
          method: 'wechat',
          payeeAccount: 'x',
          payeeName: 'y',
          idempotencyKey: key(),
        })
      ).code,
    ).not.toBe(0);
    const cm = mobile();
    await s.current.inject({
      method: 'POST',
      url: '/user/api/app/v1/auth/sendCode',
      payload: { areaCode: '86', mobile: cm },
    });
    const u = (
      await s.current.inject({
        method: 'POST',
        url: '/user/api/app/v1/auth',
        payload: { areaCode: '86', mobile: cm, code: s.current.sms.lastCode(cm)!, clientType: 'USER_IOS' },
      })
    ).json() as Answer;
    const asCustomer = (
      await s.current.inject({
        method: 'POST',
        url: APPLY,
        payload: { amount: 10_000, method: 'wechat', payeeAccount: 'x', payeeName: 'y', idempotencyKey: key() },
        headers: { authorization: u.data.token, clienttype: 'USER_IOS', 'accept-language': 'en_US' },
      })
    ).json() as Answer;
    expect(asCustomer).toMatchObject({
      code: 101109,
      msg: 'Only agent, service provider, pusher, outlet and operator accounts can withdraw',
    });
    for (const q of [
      { status: 'nope' },
      { method: 'cash' },
      { partyKind: 'customer' },
      { pageNum: 0 },
      { applicationNo: 'x'.repeat(40) },
    ]) {
      const r = await c.get('/user/api/v1/withdrawal/queryPage', { pageNum: 1, pageSize: 10, ...q });
      expect(r.code).toBe(100001);
      expect(r.status).toBeLessThan(500);
    }
    for (const body of [
      {},
      { id: 'x', approve: true },
      { id: 1 },
      { id: 1, approve: 'yes' },
      { id: 1, approve: false, reason: '' },
    ]) {
      const r = await c.put(AUDIT, body);
      expect(r.code).toBe(100001);
      expect(r.status).toBeLessThan(500);
    }
    expect(await c.put(AUDIT, { id: 99_999_999, approve: true }, 'zh_TW')).toMatchObject({
      code: 101101,
      msg: '提現申請不存在',
    });
  });

  it("service providers and pushers withdraw from their own payables under their kinds' rules", async () => {
    const pm = mobile();
    const gm = mobile();
    const agentId = (await agent()).id;
    const provider = (
      await ok(
        c.post('/user/api/v1/serviceProvider/saveOrUpdate', {
          name: `P${pm.slice(-4)}`,
          contact: 'Li',
          areaCode: '86',
          mobile: pm,
          password: 'pass1234',
          ratio: 10,
        }),
        'provider',
      )
    ).id as number;
    const pusher = (
      await ok(
        c.post('/user/api/v1/groundPusher/saveOrUpdate', {
          name: `G${gm.slice(-4)}`,
          areaCode: '86',
          mobile: gm,
          password: 'pass1234',
          agentId,
          permission: 'advanced',
        }),
        'pusher',
      )
    ).id as number;
    await earn('providerPayable', provider, 50_000);
    await earn('pusherPayable', pusher, 50_000);
    await setWithdrawal('operator', { minAmount: 20_000 });
    const pApp = await appLogin(pm);
    const gApp = await appLogin(gm);
    expect((await apply(pApp, 15_000)).data).toMatchObject({ partyKind: 'serviceProvider', partyId: provider });
    expect(await apply(gApp, 15_000)).toMatchObject({ code: 101103 });
    expect((await apply(gApp, 20_000)).data).toMatchObject({ partyKind: 'pusher', partyId: pusher });
    expect(await payable('providerPayable', provider)).toBe(35_000);
    expect(await payable('pusherPayable', pusher)).toBe(30_000);
    await (services().system.config as unknown as { write(db: unknown, g: string, v: unknown): Promise<void> }).write(
      db(),
      'pay',
      CONFIG_DEFAULTS.pay,
    );
  });

  it.runIf(engine === 'postgres')('100 parallel approvals of one withdrawal pay out once', async () => {
    const a = await agent();
    await earn('agentPayable', a.id, 100_000);
    const w = (await apply(a.app, 50_000)).data;
    const answers = await Promise.all(Array.from({ length: 100 }, () => c.put(AUDIT, { id: w.id, approve: true })));
    expect(answers.filter((r) => r.code === 0)).toHaveLength(1);
    expect(answers.filter((r) => r.code !== 0).every((r) => r.code === 101102)).toBe(true);
    expect(await settled(w.id)).toMatchObject({ status: 'success' });
    const r = (await db().execute(
      sql`select count(*)::int as n from led_transaction where key like ${`payout-%:${w.applicationNo}`}`,
    )) as unknown as { rows: { n: number }[] };
    expect(r.rows[0]!.n).toBe(2); // the hold and the payout, nothing more
    expect(await payable('agentPayable', a.id)).toBe(50_000);
  });

  it('the withdrawal cycle (spec 9): weekly and monthly allow one live application per cycle; a rejected one gives the cycle back', async () => {
    const a = await agent();
    await earn('agentPayable', a.id, 100_000);
    await setWithdrawal('agent', { withdrawalCycle: 'weekly', dailyCount: 10 });
    const first = await apply(a.app, 10_000);
    expect(first.code).toBe(0);
    const next = cycleOf('weekly', new Date())!.next.toISOString().slice(0, 10);
    expect(await apply(a.app, 10_000, {}, 'zh_CN')).toMatchObject({
      code: 101111,
      msg: `每周只能申请一次提现，本周已申请；下次可于 ${next} 申请`,
    });
    expect(await apply(a.app, 10_000, {}, 'en_US')).toMatchObject({
      code: 101111,
      msg: `Withdrawals are weekly and you already applied this week; apply again from ${next}`,
    });
    // Rejected: its money is back and the cycle is free again.
    await ok(c.put(AUDIT, { id: first.data.id, approve: false, reason: 'wrong payee' }), 'reject');
    const again = await apply(a.app, 10_000);
    expect(again.code).toBe(0);
    await setWithdrawal('agent', { withdrawalCycle: 'monthly', dailyCount: 10 });
    expect(await apply(a.app, 10_000, {}, 'zh_TW')).toMatchObject({
      code: 101112,
      msg: expect.stringContaining('每月只能申請一次提現'),
    });
    // Daily: the daily count alone decides.
    await setWithdrawal('agent', { withdrawalCycle: 'daily', dailyCount: 10 });
    expect((await apply(a.app, 10_000)).code).toBe(0);
    // The cycles' bounds: Monday to Sunday, the calendar month (UTC).
    expect(cycleOf('weekly', new Date('2026-11-29T23:59:00Z'))).toEqual({
      start: new Date('2026-11-23T00:00:00Z'),
      next: new Date('2026-11-30T00:00:00Z'),
    });
    expect(cycleOf('weekly', new Date('2026-11-30T00:00:00Z'))!.start).toEqual(new Date('2026-11-30T00:00:00Z'));
    expect(cycleOf('monthly', new Date('2026-12-31T12:00:00Z'))).toEqual({
      start: new Date('2026-12-01T00:00:00Z'),
      next: new Date('2027-01-01T00:00:00Z'),
    });
    expect(cycleOf('daily', new Date())).toBeNull();
  });

  it("outlets and operators (direct-sales teams) get app accounts where they are edited, sign in and apply under their kinds' rules", async () => {
    const net = await networkFixture(s, c);
    // An agent's outlet: the password creates its app account (area code + manager phone).
    const phone = mobile();
    expect(
      (
        await c.post(
          '/device/api/v1/outlet/saveOrUpdate',
          outletBody(net.agentB, { appPassword: 'pass1234', areaCode: '', managerPhone: phone }),
        )
      ).code,
    ).toBe(100615);
    const outletId = (
      await ok(
        c.post(
          '/device/api/v1/outlet/saveOrUpdate',
          outletBody(net.agentB, { appPassword: 'pass1234', areaCode: '86', managerPhone: phone }),
        ),
        'outlet',
      )
    ).id as number;
    // Another account's mobile is refused on the field's code.
    expect(
      (
        await c.post(
          '/device/api/v1/outlet/saveOrUpdate',
          outletBody(net.agentB, { name: 'Taken', appPassword: 'pass1234', areaCode: '86', managerPhone: phone }),
        )
      ).code,
    ).not.toBe(0);
    const o = await appLogin(phone);
    expect((await o('GET', '/user/api/app/v1/me')).data).toMatchObject({ accountType: 'outlet', id: outletId });
    expect((await apply(o, 10_000)).code).toBe(101106);
    await earn('outletPayable', outletId, 50_000);
    const applied = await apply(o, 10_000);
    expect(applied).toMatchObject({ code: 0, data: { partyKind: 'outlet', partyId: outletId } });
    expect(await payable('outletPayable', outletId)).toBe(40_000);
    const kinds = async (id: number) =>
      (
        (await db().execute(sql`select setting_kind as k from pay_withdrawal where id = ${id}`)) as unknown as {
          rows: { k: string }[];
        }
      ).rows[0]!.k;
    expect(await kinds(applied.data.id)).toBe('agentOutlet');
    await ok(c.put(AUDIT, { id: applied.data.id, approve: true }), 'approve');
    expect((await settled(applied.data.id)).status).toBe('success');
    // An edit without a password keeps the account; the manager phone moves its sign-in.
    const phone2 = mobile();
    await ok(
      c.post(
        '/device/api/v1/outlet/saveOrUpdate',
        outletBody(net.agentB, { id: outletId, areaCode: '86', managerPhone: phone2 }),
      ),
      'edit',
    );
    await appLogin(phone2);

    // The operator: a direct-sales team with an app account.
    const opPhone = mobile();
    await ok(
      c.post('/user/api/v1/team/saveOrUpdate', {
        id: net.team,
        name: `Team ${opPhone.slice(-4)}`,
        regionId: net.region,
        leaderId: net.admin,
        memberIds: [net.admin],
        appAreaCode: '86',
        appMobile: opPhone,
        appPassword: 'pass1234',
      }),
      'team',
    );
    const op = await appLogin(opPhone);
    expect((await op('GET', '/user/api/app/v1/me')).data).toMatchObject({ accountType: 'operator', id: net.team });
    await earn('operatorPayable', net.team, 30_000);
    const opApplied = await apply(op, 10_000);
    expect(opApplied).toMatchObject({ code: 0, data: { partyKind: 'operator', partyId: net.team } });
    expect(await kinds(opApplied.data.id)).toBe('operator');
    const list = await ok(
      c.get('/user/api/v1/withdrawal/queryPage', { pageNum: 1, pageSize: 10, partyKind: 'operator' }),
      'list',
    );
    expect(list.list.map((r: { id: number }) => r.id)).toContain(opApplied.data.id);
  });

  it.runIf(engine === 'postgres')('100 parallel applications in a weekly cycle: one is accepted', async () => {
    const a = await agent();
    await earn('agentPayable', a.id, 10_000_000);
    await setWithdrawal('agent', { withdrawalCycle: 'weekly', dailyCount: 99 });
    const all = await Promise.all(Array.from({ length: 100 }, () => apply(a.app, 10_000)));
    expect(all.filter((r) => r.code === 0)).toHaveLength(1);
    expect(all.filter((r) => r.code !== 0).every((r) => r.code === 101111)).toBe(true);
    expect(await payable('agentPayable', a.id)).toBe(10_000_000 - 10_000);
  });

  it.runIf(engine === 'postgres')(
    '100 parallel applications never overdraw the balance nor pass the daily count',
    async () => {
      const a = await agent();
      await earn('agentPayable', a.id, 70_000);
      await setWithdrawal('agent', { dailyCount: 99 });
      const byBalance = await Promise.all(Array.from({ length: 100 }, () => apply(a.app, 10_000)));
      expect(byBalance.filter((r) => r.code === 0)).toHaveLength(7);
      expect(byBalance.filter((r) => r.code !== 0).every((r) => r.code === 101106)).toBe(true);
      expect(await payable('agentPayable', a.id)).toBe(0);

      const b = await agent();
      await earn('agentPayable', b.id, 10_000_000);
      await setWithdrawal('agent', { dailyCount: 5 });
      const byCount = await Promise.all(Array.from({ length: 100 }, () => apply(b.app, 10_000)));
      expect(byCount.filter((r) => r.code === 0)).toHaveLength(5);
      expect(byCount.filter((r) => r.code !== 0).every((r) => r.code === 101107)).toBe(true);
      expect(await payable('agentPayable', b.id)).toBe(10_000_000 - 50_000);
    },
  );
});
