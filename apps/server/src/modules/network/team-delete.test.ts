import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PayConfig } from '@cbo/contract';
import { CONFIG_DEFAULTS } from '../system/config.service.js';
import { accountWithMenus } from '../../test/accounts.js';
import { engines, useServer } from '../../test/helper.js';
import { until } from '../../test/fleet/fleet-helpers.js';
import { caller, networkFixture, ok, outletBody, type Answer } from '../../test/outlet/outlet-fixtures.js';
import { refundChecker } from '../../test/refund-checker.js';
import { SandboxProvider } from '../order/payments.js';

/**
 * Deleting a direct-sales team that earned (issue 15, "The operator's share"): on each engine,
 * through the calls, a team whose operator account holds money (or owes it, after a refund of an
 * order it was paid for) or whose operator has a withdrawal waiting for review or payout is not
 * deleted, and the refusal names the balance or the withdrawals in the caller's language; once
 * the account is zero and nothing is on its way, the team goes, with its operator's app account.
 * On PostgreSQL: a delete arriving while an application of the operator is being decided waits
 * for it and sees it.
 */
describe.each(engines)('deleting a team that earned (%s)', (engine) => {
  const sandbox = new SandboxProvider({ duplicateRate: 0, notifyDelayMs: 5 });
  const s = useServer(engine, {}, { paymentProvider: sandbox });
  let token = '';
  const c = caller(s, () => token);
  const services = () => s.current.server.services;
  const db = () => s.current.database.db;
  let net: Awaited<ReturnType<typeof networkFixture>>;
  const uniq = () => crypto.randomBytes(3).toString('hex');
  const phone = () => `136${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;

  const writePay = (over: Partial<PayConfig>) =>
    (services().system.config as unknown as { write(db: unknown, g: string, v: unknown): Promise<void> }).write(
      db(),
      'pay',
      { ...CONFIG_DEFAULTS.pay, ...over },
    );
  const remove = (id: number, lang = 'en_US') => c.del(`/user/api/v1/team/delete?id=${id}`, undefined, lang);
  /** What the operator is owed in the books (its payable is a liability: credits less debits). */
  const owed = async (team: number) =>
    0 - (await services().ledger.ledger.balance({ kind: 'operatorPayable', partyId: team }));

  /** A team of a new staff account, with its operator's partner-app account, and a direct outlet of it. */
  async function earningTeam(): Promise<{ id: number; outletId: number; mobile: string }> {
    const leader = await accountWithMenus(db(), `lead${uniq()}`, 'pass1234', []);
    const mobile = phone();
    const id = (
      await ok(
        c.post('/user/api/v1/team/saveOrUpdate', {
          name: `Earn ${uniq()}`,
          regionId: net.region,
          leaderId: leader,
          memberIds: [leader],
          ratio: 50,
          appAreaCode: '86',
          appMobile: mobile,
          appPassword: 'pass1234',
        }),
        'team',
      )
    ).id as number;
    const outletId = (
      await ok(
        c.post(
          '/device/api/v1/outlet/saveOrUpdate',
          outletBody(net.agentB, { agentId: null, teamId: id, ratio: 40, hiddenRatio: 40 }),
        ),
        'team outlet',
      )
    ).id as number;
    return { id, outletId, mobile };
  }

  /** An order at the team's outlet, 123 minutes (6.00), settled by the engine: the operator's 50 % (3.00) is shared to its account. */
  async function paidOrder(team: { id: number; outletId: number }): Promise<string> {
    const o = await usingOrder(team);
    await settled(o);
    return o.orderNo;
  }

  /** Ends an order now; the engine shares it along the chain copied at its rent. */
  async function settled(o: { id: number; orderNo: string }): Promise<void> {
    await services().order.engine.settle(o.id, new Date(), { actor: 'test', event: 'returned' });
    await until(
      async () =>
        (await ok(c.get('/order/api/v1/order/detail', { orderNo: o.orderNo }), 'detail')).status === 'finished',
      8_000,
      'paid',
    );
  }

  /** An order in use at the team's outlet for 123 minutes, its chain naming the team's operator at 50 %. */
  async function usingOrder(team: { id: number; outletId: number }): Promise<{ id: number; orderNo: string }> {
    const orderNo = `TD${Date.now()}${crypto.randomInt(0, 1e6)}`;
    const mobile = phone();
    await s.current.inject({
      method: 'POST',
      url: '/user/api/app/v1/auth/sendCode',
      payload: { areaCode: '86', mobile },
    });
    await s.current.inject({
      method: 'POST',
      url: '/user/api/app/v1/auth',
      payload: { areaCode: '86', mobile, code: s.current.sms.lastCode(mobile)!, clientType: 'USER_IOS' },
    });
    const [m] = (
      (await db().execute(sql`select id from net_member where mobile = ${mobile}`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const billing = {
      freeMinutes: 3,
      pricePerPeriod: 150,
      periodMinutes: 30,
      dailyCap: 3000,
      totalCap: 9900,
      deposit: 0,
      buyOutDays: 7,
    };
    const chain = [
      { party: 'outlet', partyId: team.outletId, name: 'O', ratio: 40 },
      { party: 'operator', partyId: team.id, name: 'T', ratio: 50 },
    ];
    const [row] = (
      (await db()
        .execute(sql`insert into ord_order (order_no, user_id, user_mobile, status, pay_mode, sn, outlet_id, outlet_name, billing, chain, deposit_amount, start_at, created_at)
      values (${orderNo}, ${m!.id}, '86-1', 'using', 'deposit', ${`TD${uniq()}`}, ${team.outletId}, 'O', ${JSON.stringify(billing)}::jsonb, ${JSON.stringify(chain)}::jsonb, 0, now() - interval '123 minutes' + interval '20 seconds', now()) returning id`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    return { id: Number(row!.id), orderNo };
  }

  /** What an order's movements put into (credit − debit) each account of a kind. */
  const orderNet = async (orderNo: string, kind: string) =>
    (
      (await db().execute(sql`select party_id::int as "partyId", sum(credit - debit)::int as net from led_entry
      where order_no = ${orderNo} and account_kind = ${kind} group by party_id`)) as unknown as {
        rows: { partyId: number | null; net: number }[];
      }
    ).rows;

  /** The operator in the partner app: applies for a withdrawal. */
  async function operatorApp(mobile: string) {
    const login = (
      await s.current.inject({
        method: 'POST',
        url: '/user/api/app/v1/auth',
        payload: { areaCode: '86', mobile, password: 'pass1234', clientType: 'AGENT_IOS' },
      })
    ).json() as Answer;
    return {
      login,
      apply: async (amount: number) => {
        const r = (
          await s.current.inject({
            method: 'POST',
            url: '/user/api/app/v1/withdrawal/apply',
            payload: {
              amount,
              method: 'wechat',
              payeeAccount: 'wx-team',
              payeeName: 'Team lead',
              idempotencyKey: crypto.randomBytes(8).toString('hex'),
            },
            headers: { authorization: login.data.token, clienttype: 'AGENT_IOS', 'accept-language': 'en_US' },
          })
        ).json() as Answer;
        expect(r.code, r.msg).toBe(0);
        return r.data.id as number;
      },
    };
  }
  const withdrawalStatus = async (id: number) =>
    (await ok(c.get('/user/api/v1/withdrawal/detail', { id }), 'withdrawal')).status as string;

  /**
   * A delete of the team arriving while `work` has written in a transaction not yet committed:
   * whether the delete was still waiting after 600 ms, and its answer once `work` committed.
   */
  async function deleteDuring(
    teamId: number,
    work: (tx: never) => Promise<void>,
  ): Promise<{ waited: boolean; answer: Answer }> {
    let commit!: () => void;
    const held = new Promise<void>((r) => (commit = r));
    let written!: () => void;
    const writing = new Promise<void>((r) => (written = r));
    const open = db().transaction(async (tx) => {
      await work(tx as never);
      written();
      await held;
    });
    await Promise.race([writing, open]); // (a failing `work` fails here, not at the test's timeout)
    const deleting = remove(teamId);
    const waited =
      (await Promise.race([
        deleting.then(() => 'answered'),
        new Promise((r) => setTimeout(() => r('waiting'), 600)),
      ])) === 'waiting';
    commit();
    await open;
    return { waited, answer: await deleting };
  }

  beforeAll(async () => {
    token = await s.current.login();
    net = await networkFixture(s, c);
    // Operators may withdraw whole units from 1.00, their earnings settled at once; no tax, so the chain shares the whole fee.
    await writePay({
      taxFeePercent: 0,
      withdrawal: {
        ...CONFIG_DEFAULTS.pay.withdrawal,
        operator: { ...CONFIG_DEFAULTS.pay.withdrawal.operator, minAmount: 100, settlementDays: 0 },
      },
    });
  }, 60_000);
  afterAll(async () => {
    await writePay({});
  });
  afterEach(async () => {
    const tb = await services().ledger.ledger.trialBalance('en_US');
    expect(tb.totalDebit).toBe(tb.totalCredit);
  });

  it("refuses while the operator holds money or has a withdrawal on its way, naming it in the caller's language; deletes once all is paid out, with the operator's app account", async () => {
    const team = await earningTeam();
    await paidOrder(team);
    expect(await owed(team.id)).toBe(300);
    // Its outlet refuses first; moved to another team, the money still does.
    expect((await remove(team.id)).code).toBe(100412);
    await ok(
      c.post('/device/api/v1/outlet/saveOrUpdate', {
        ...outletBody(net.agentB, { agentId: null, teamId: net.team, ratio: 40, hiddenRatio: 40 }),
        id: team.outletId,
      }),
      'move the outlet',
    );
    expect(await remove(team.id)).toMatchObject({
      code: 100415,
      msg: "The team's operator account holds 3.00; it can be deleted once that is settled",
    });
    expect(await remove(team.id, 'zh_CN')).toMatchObject({
      code: 100415,
      msg: '该团队的运营商账户余额为 3.00，结清后才能删除',
    });
    expect(await remove(team.id, 'zh_TW')).toMatchObject({
      code: 100415,
      msg: '該團隊的營運商帳戶餘額為 3.00，結清後才能刪除',
    });

    // The operator withdraws all of it: the account is zero, the amount held while the application waits for review.
    const app = await operatorApp(team.mobile);
    expect(app.login.code).toBe(0);
    const first = await app.apply(300);
    expect(await owed(team.id)).toBe(0);
    expect(await remove(team.id)).toMatchObject({
      code: 100416,
      msg: 'The team has 1 withdrawal(s) of 3.00 in all waiting for review or payout; it cannot be deleted yet',
    });
    expect(await remove(team.id, 'zh_CN')).toMatchObject({
      code: 100416,
      msg: '该团队有 1 笔提现（共 3.00）待审核或待打款，无法删除',
    });
    expect(await remove(team.id, 'zh_TW')).toMatchObject({
      code: 100416,
      msg: '該團隊有 1 筆提現（共 3.00）待審核或待撥款，無法刪除',
    });

    // Rejected, the amount goes back to the account: the balance refuses again.
    await ok(c.put('/user/api/v1/withdrawal/audit', { id: first, approve: false, reason: 'wrong payee' }), 'reject');
    expect(await owed(team.id)).toBe(300);
    expect((await remove(team.id)).code).toBe(100415);

    // Applied again and approved, it is with the payment company until paid: still refused.
    const second = await app.apply(300);
    // (The payment company's answer and its notification are lost: the payout stays "paying" until the sweep asks.)
    sandbox.loseNextAnswer('payout');
    sandbox.dropNotifications(1);
    await ok(c.put('/user/api/v1/withdrawal/audit', { id: second, approve: true }), 'approve');
    expect(await withdrawalStatus(second)).toBe('paying');
    expect((await remove(team.id)).code).toBe(100416);
    await until(
      async () => {
        await services().payout.payouts.sweep(new Date(Date.now() + 60_000));
        return (await withdrawalStatus(second)) === 'success';
      },
      8_000,
      'paid out',
    );

    // Paid out, nothing owed either way: the team goes, and its operator's app account with it.
    expect(await remove(team.id)).toMatchObject({ code: 0 });
    expect((await ok(c.get('/user/api/v1/team/options'), 'teams')).some((t: { id: number }) => t.id === team.id)).toBe(
      false,
    );
    const again = (
      await s.current.inject({
        method: 'POST',
        url: '/user/api/app/v1/auth',
        payload: { areaCode: '86', mobile: team.mobile, password: 'pass1234', clientType: 'AGENT_IOS' },
      })
    ).json() as Answer;
    expect(again.code).not.toBe(0);
    const [left] = (
      (await db().execute(
        sql`select count(*)::int as n from net_app_account where kind = 'operator' and party_id = ${team.id}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(Number(left!.n)).toBe(0);
    // Its mobile is free for another account.
    const leader = await accountWithMenus(db(), `lead${uniq()}`, 'pass1234', []);
    await ok(
      c.post('/user/api/v1/team/saveOrUpdate', {
        name: `Next ${uniq()}`,
        regionId: net.region,
        leaderId: leader,
        memberIds: [leader],
        ratio: 0,
        appAreaCode: '86',
        appMobile: team.mobile,
        appPassword: 'pass1234',
      }),
      'mobile reused',
    );
  });

  it('refuses while the operator owes: a refund after the payout took its part back', async () => {
    const team = await earningTeam();
    const orderNo = await paidOrder(team);
    await ok(
      c.post('/device/api/v1/outlet/saveOrUpdate', {
        ...outletBody(net.agentB, { agentId: null, teamId: net.team, ratio: 40, hiddenRatio: 40 }),
        id: team.outletId,
      }),
      'move the outlet',
    );
    const app = await operatorApp(team.mobile);
    const id = await app.apply(300);
    await ok(c.put('/user/api/v1/withdrawal/audit', { id, approve: true }), 'approve');
    await until(async () => (await withdrawalStatus(id)) === 'success', 8_000, 'paid out');
    // 2.00 of the order's 6.00 refunded: a third of every share, the operator's 1.00 of its 3.00 already paid out.
    const refund = await ok(
      c.post('/order/api/v1/refundOrder/refundAmount', { orderNo, amount: 200, reason: 'battery was low' }),
      'refund',
    );
    await ok(
      (await refundChecker(s)).put('/order/api/v1/refundOrder/audit', { id: refund.id, approve: true }),
      'approve refund',
    );
    await until(
      async () =>
        (await ok(c.get('/order/api/v1/order/detail', { orderNo }), 'detail')).refunds[0]?.status === 'complete',
      8_000,
      'refunded',
    );
    // Its payable stays at zero; the 1.00 is owed by the operator ("What a partner owes"), and keeps the team.
    expect(await owed(team.id)).toBe(0);
    expect(await services().ledger.ledger.partnerMoney({ kind: 'operatorPayable', partyId: team.id })).toEqual({
      payable: 0,
      owed: 100,
    });
    expect(await remove(team.id)).toMatchObject({
      code: 100415,
      msg: "The team's operator account holds -1.00; it can be deleted once that is settled",
    });
  });

  it("an order rented before the team was deleted and ended after it pays the team's part to the platform", async () => {
    const team = await earningTeam();
    const o = await usingOrder(team);
    await ok(
      c.post('/device/api/v1/outlet/saveOrUpdate', {
        ...outletBody(net.agentB, { agentId: null, teamId: net.team, ratio: 40, hiddenRatio: 40 }),
        id: team.outletId,
      }),
      'move the outlet',
    );
    // Nothing earned yet: the team goes while its order is still out.
    expect(await remove(team.id)).toMatchObject({ code: 0 });
    await settled(o);
    // 6.00: the outlet its 40 % (2.40), the gone operator's 50 % (3.00) and the rest (0.60) to the platform.
    expect(await orderNet(o.orderNo, 'operatorPayable')).toEqual([]);
    expect(await orderNet(o.orderNo, 'outletPayable')).toEqual([{ partyId: team.outletId, net: 240 }]);
    expect(await orderNet(o.orderNo, 'revenue')).toEqual([{ partyId: null, net: 360 }]);
    expect(await owed(team.id)).toBe(0);
    // The order's share list still tells who was promised what at the rent.
    const detail = await ok(c.get('/order/api/v1/order/detail', { orderNo: o.orderNo }), 'detail');
    expect(detail.status).toBe('finished');
  });

  it("a refund of an order the deleted team was paid for is taken from the platform, never from the gone team's account", async () => {
    const team = await earningTeam();
    const orderNo = await paidOrder(team);
    await ok(
      c.post('/device/api/v1/outlet/saveOrUpdate', {
        ...outletBody(net.agentB, { agentId: null, teamId: net.team, ratio: 40, hiddenRatio: 40 }),
        id: team.outletId,
      }),
      'move the outlet',
    );
    const app = await operatorApp(team.mobile);
    const id = await app.apply(300);
    await ok(c.put('/user/api/v1/withdrawal/audit', { id, approve: true }), 'approve');
    await until(async () => (await withdrawalStatus(id)) === 'success', 8_000, 'paid out');
    expect(await remove(team.id)).toMatchObject({ code: 0 });
    // 2.00 of 6.00: a third of each share; the outlet gives back 0.80, the platform 0.20 and the gone operator's 1.00.
    const refund = await ok(
      c.post('/order/api/v1/refundOrder/refundAmount', { orderNo, amount: 200, reason: 'battery was low' }),
      'refund',
    );
    await ok(
      (await refundChecker(s)).put('/order/api/v1/refundOrder/audit', { id: refund.id, approve: true }),
      'approve refund',
    );
    await until(
      async () =>
        (await ok(c.get('/order/api/v1/order/detail', { orderNo }), 'detail')).refunds[0]?.status === 'complete',
      8_000,
      'refunded',
    );
    expect(await owed(team.id)).toBe(0);
    expect(await orderNet(orderNo, 'operatorPayable')).toEqual([{ partyId: team.id, net: 300 }]);
    expect(await orderNet(orderNo, 'outletPayable')).toEqual([{ partyId: team.outletId, net: 160 }]);
    expect(await orderNet(orderNo, 'revenue')).toEqual([{ partyId: null, net: 60 - 120 }]);
  });

  it.runIf(engine === 'postgres')(
    'a share for the team being written when the delete arrives makes the delete wait, and the delete then sees it',
    async () => {
      const team = await earningTeam();
      await ok(
        c.post('/device/api/v1/outlet/saveOrUpdate', {
          ...outletBody(net.agentB, { agentId: null, teamId: net.team, ratio: 40, hiddenRatio: 40 }),
          id: team.outletId,
        }),
        'move the outlet',
      );
      // The engine's share in its transaction: the team's part placed (the team locked) and posted, not yet committed.
      const { waited, answer } = await deleteDuring(team.id, async (tx) => {
        const parts = await services().network.regions.standingPayables(tx, [
          { kind: 'operatorPayable' as const, partyId: team.id, amount: 100 },
        ]);
        expect(parts).toEqual([{ kind: 'operatorPayable', partyId: team.id, amount: 100 }]);
        await services().ledger.ledger.post(
          {
            idempotencyKey: `share-test:${uniq()}`,
            kind: 'share',
            memo: 'sharesOfNet',
            entries: [
              { account: { kind: 'orderIncome' }, debit: 100 },
              ...parts.map((p) => ({ account: { kind: p.kind, partyId: p.partyId }, credit: p.amount })),
            ],
          },
          tx,
        );
      });
      // Without the team's lock the delete would answer at once, against 0.00 committed in the account.
      expect(waited).toBe(true);
      expect(answer).toMatchObject({ code: 100415 });
      expect(await owed(team.id)).toBe(100);
      // Once deleted, the same placement sends the part to the platform.
      await db().transaction(async (tx) => {
        await services().ledger.ledger.post(
          {
            idempotencyKey: `share-test:${uniq()}`,
            kind: 'share',
            memo: 'sharesOfNet',
            entries: [
              { account: { kind: 'operatorPayable', partyId: team.id }, debit: 100 },
              { account: { kind: 'orderIncome' }, credit: 100 },
            ],
          },
          tx as never,
        );
      });
      expect(await remove(team.id)).toMatchObject({ code: 0 });
      await db().transaction(async (tx) => {
        expect(
          await services().network.regions.standingPayables(tx as never, [
            { kind: 'operatorPayable' as const, partyId: team.id, amount: 100 },
            { kind: 'revenue' as const, partyId: null, amount: 5 },
          ]),
        ).toEqual([{ kind: 'revenue', partyId: null, amount: 105 }]);
      });
    },
  );

  it.runIf(engine === 'postgres')(
    'waits for an application of the operator being decided at the same moment, and sees it',
    async () => {
      const team = await earningTeam();
      await paidOrder(team);
      await ok(
        c.post('/device/api/v1/outlet/saveOrUpdate', {
          ...outletBody(net.agentB, { agentId: null, teamId: net.team, ratio: 40, hiddenRatio: 40 }),
          id: team.outletId,
        }),
        'move the outlet',
      );
      // An application of all 3.00 in its transaction: the party's lock (the one every application
      // takes first), the withdrawal and its hold written, not yet committed.
      const { waited, answer } = await deleteDuring(team.id, async (tx) => {
        await services().payout.payouts.openUnderLock(tx, { kind: 'operator', id: team.id });
        const no = `W${Date.now()}${crypto.randomInt(0, 1e6)}`;
        await (tx as { execute(q: unknown): Promise<unknown> })
          .execute(sql`insert into pay_withdrawal (application_no, party_kind, party_id, party_name, setting_kind, idempotency_key, method, payee_account, payee_name, amount, fee, status)
        values (${no}, 'operator', ${team.id}, 'T', 'operator', ${uniq()}, 'wechat', 'wx', 'Lead', 300, 0, 'initiated')`);
        await services().ledger.ledger.post(
          {
            idempotencyKey: `payout-hold:${no}`,
            kind: 'withdrawal',
            memo: 'payoutHeld',
            entries: [
              { account: { kind: 'operatorPayable', partyId: team.id }, debit: 300 },
              { account: { kind: 'payoutHold' }, credit: 300 },
            ],
          },
          tx,
        );
      });
      // Without the party's lock the delete would answer at once: no withdrawal committed, 3.00 in the account.
      expect(waited).toBe(true);
      expect(answer).toMatchObject({ code: 100416 });
      expect(await owed(team.id)).toBe(0);
    },
  );
});
