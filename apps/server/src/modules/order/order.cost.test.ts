import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { engines, useServer } from '../../test/helper.js';
import { until } from '../../test/fleet/fleet-helpers.js';
import { rentalKit } from '../../test/order/rentals.js';
import { caller, networkFixture, ok, outletBody } from '../../test/outlet/outlet-fixtures.js';
import { refundChecker } from '../../test/refund-checker.js';
import { SandboxProvider } from './payments.js';
import { query } from '../../platform/db/database.js';

/**
 * The outlet's cost amount and its amortization execution ratio in the money (docs/decisions/network-and-outlets.md,
 * "The outlet's cost and its amortization"): each settle moves that ratio of what the outlet earned
 * from its payable to its owner's, until the cost is paid back; never more than the cost, under a
 * crowd of settles; a refund takes back what the order shared and leaves the cost paid back; the
 * outlet's counter always equals its costRecovery movements; the books balance.
 */
describe.each(engines)('outlet cost amortization (%s)', (engine) => {
  const s = useServer(engine, {}, { paymentProvider: new SandboxProvider({ notifyDelayMs: 5 }) });
  let token = '';
  const c = caller(s, () => token);
  let net: Awaited<ReturnType<typeof networkFixture>>;
  const services = () => s.current.server.services;
  const db = () => s.current.database.db;
  const account = (kind: string, partyId: number) => services().ledger.ledger.balance({ kind: kind as never, partyId });

  const kit = rentalKit(s, c);
  const { cabinet, order, rental } = kit;
  const outletItem = async (name: string) =>
    (
      (await ok(c.get('/device/api/v1/outlet/queryPage', { pageNum: 1, pageSize: 10, name }), 'outlets')).list as {
        name: string;
        costRecovered: number;
        costAmount: number;
      }[]
    ).find((o) => o.name === name)!;
  const recoveredInBooks = async (outletId: number) =>
    Number(
      (
        await query<{ c: string }>(
          db(),
          sql`select coalesce(sum(e.debit), 0) as c from led_entry e join led_transaction t on t.id = e.transaction_id where t.kind = 'costRecovery' and e.account = ${`outletPayable:${outletId}`}`,
        )
      )[0]!.c,
    );

  beforeAll(async () => {
    token = await s.current.login();
    net = await networkFixture(s, c);
  }, 60_000);
  afterAll(() => kit.close());

  it("pays the outlet's cost back to its agent from its shares, at the ratio, until the cost is repaid; a refund leaves it repaid", async () => {
    const name = `Cost ${crypto.randomInt(1e6)}`;
    // Agent B holds 40, the outlet 30: of a fee of 4.50 the outlet earns 1.35; half of it (0.67) pays the cost of 1.00 back.
    const outletId = (
      await ok(
        c.post(
          '/device/api/v1/outlet/saveOrUpdate',
          outletBody(net.agentB, { name, ratio: 30, hiddenRatio: 40, costAmount: 100, amortizationRatio: 50 }),
        ),
        'outlet',
      )
    ).id as number;
    const cab = await cabinet(outletId, 6);
    const back = await cabinet(outletId, 0);
    const before = {
      agent: await account('agentPayable', net.agentB),
      outlet: await account('outletPayable', outletId),
    };

    const first = await rental(cab, back, 65);
    const shares = Object.fromEntries((await order(first)).shares.map((x) => [x.party, x.amount]));
    expect(shares).toMatchObject({ outlet: 135, agentB: 45 });
    // Payables are credits (negative balances): the outlet kept 135 - 67, the agent got 45 + 67.
    expect((await account('outletPayable', outletId)) - before.outlet).toBe(-68);
    expect((await account('agentPayable', net.agentB)) - before.agent).toBe(-112);
    expect(await outletItem(name)).toMatchObject({ costRecovered: 67, costAmount: 100 });

    // The second order pays back only what is left (0.33), the third nothing.
    await rental(cab, back, 65);
    expect((await outletItem(name)).costRecovered).toBe(100);
    await rental(cab, back, 65);
    expect((await outletItem(name)).costRecovered).toBe(100);
    expect(await recoveredInBooks(outletId)).toBe(100);
    expect((await account('agentPayable', net.agentB)) - before.agent).toBe(-(45 * 3 + 100));
    expect((await account('outletPayable', outletId)) - before.outlet).toBe(-(135 * 3 - 100));

    // A whole refund of the first order takes back what it shared; the cost stays paid back.
    const refund = await ok(
      c.post('/order/api/v1/refundOrder/refundAmount', { orderNo: first, amount: 450, reason: 'cost test' }),
      'refund',
    );
    await ok(
      (await refundChecker(s)).put('/order/api/v1/refundOrder/audit', { id: refund.id, approve: true }),
      'approve',
    );
    await until(
      async () => (await ok(c.get('/order/api/v1/order/detail', { orderNo: first }), 'detail')).refundAmount === 450,
      8_000,
      'refunded',
    );
    expect((await outletItem(name)).costRecovered).toBe(100);
    expect(await recoveredInBooks(outletId)).toBe(100);

    // The fund flow names the movement in the reader's language.
    const flow = (
      await ok(
        c.post('/order/api/v1/fundFlow/account/queryPage', {
          pageNum: 1,
          pageSize: 50,
          accountCode: `outletPayable:${outletId}`,
          kind: 'costRecovery',
        }),
        'fund flow',
      )
    ).list as { kind: string; transactionKey: string; memo: string }[];
    expect(flow).toHaveLength(2);
    expect(flow.every((f) => f.kind === 'costRecovery' && f.transactionKey.startsWith('cost:'))).toBe(true);
    const tb = await services().ledger.ledger.trialBalance('en_US');
    expect(tb.totalDebit).toBe(tb.totalCredit);
  });

  it("a direct-sales outlet pays its cost back to its team's operator payable", async () => {
    const name = `Direct ${crypto.randomInt(1e6)}`;
    const outletId = (
      await ok(
        c.post(
          '/device/api/v1/outlet/saveOrUpdate',
          outletBody(0, {
            name,
            agentId: null,
            teamId: net.team,
            ratio: 50,
            hiddenRatio: 50,
            costAmount: 10000,
            amortizationRatio: 100,
          }),
        ),
        'outlet',
      )
    ).id as number;
    const cab = await cabinet(outletId, 2);
    const back = await cabinet(outletId, 0);
    const team = await account('operatorPayable', net.team);
    await rental(cab, back, 65);
    // The outlet earns 50 % of 4.50 = 2.25, all of it toward the cost.
    expect((await outletItem(name)).costRecovered).toBe(225);
    expect((await account('operatorPayable', net.team)) - team).toBeLessThanOrEqual(-225);
    expect(await account('outletPayable', outletId)).toBe(0);
  });

  it('never recovers more than the cost when 50 settles arrive at once, and locks nothing once it is repaid', async () => {
    const outletId = (
      await ok(
        c.post(
          '/device/api/v1/outlet/saveOrUpdate',
          outletBody(net.agentB, { costAmount: 1000, amortizationRatio: 100 }),
        ),
        'outlet',
      )
    ).id as number;
    const outlets = services().outlet.outlets;
    const got = await Promise.all(
      Array.from({ length: 50 }, () => db().transaction((tx) => outlets.recoverCost(tx as never, outletId, 70))),
    );
    const taken = got.reduce((sum, g) => sum + (g?.amount ?? 0), 0);
    expect(taken).toBe(1000);
    expect(got.filter((g) => g).every((g) => g!.owner.kind === 'agent' && g!.owner.id === net.agentB)).toBe(true);
    const [row] = await query<{ cost_recovered: number }>(
      db(),
      sql`select cost_recovered from out_outlet where id = ${outletId}`,
    );
    expect(Number(row!.cost_recovered)).toBe(1000);
    // Nothing is withheld from nothing, nor once the cost is repaid.
    expect(await outlets.recoverCost(db(), outletId, 500)).toBeNull();
    expect(await outlets.recoverCost(db(), outletId, 0)).toBeNull();
    if (engine === 'postgres') {
      // A repaid outlet is not a row every settle at it queues on: the settle's transaction asks and takes no lock, so
      // another connection locks the row at once (NOWAIT refuses a row locked by someone else).
      await db().transaction(async (tx) => {
        expect(await outlets.recoverCost(tx as never, outletId, 500)).toBeNull();
        await db().execute(sql`select id from out_outlet where id = ${outletId} for update nowait`);
      });
    }
  });
});
