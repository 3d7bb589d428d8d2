import { beforeAll, describe, expect, it } from 'vitest';
import { serialNumber } from '@cbo/simulator';
import { engines, useServer } from './test/helper.js';
import { until } from './test/fleet/fleet-helpers.js';
import { caller } from './test/outlet/outlet-fixtures.js';
import { clearDemoNetwork, makeDemoNetwork } from './demo-network.js';
import { SIMULATOR_PREFIX } from './simulated-fleet.js';
import { askFor, startSimulatedPartners, type PartnerRequest } from './simulated-partners.js';

const silent = { info: () => {}, warn: () => {}, debug: () => {} } as never;

/**
 * The demo's partners apply for withdrawals through the app's calls soon after the start, so staff
 * find applications waiting; demo:clear removes them and their money, and the books still balance.
 */
describe.each(engines)('the demo partners (%s)', (engine) => {
  const s = useServer(engine);
  let token = '';
  const c = caller(s, () => token);

  beforeAll(async () => {
    token = await s.current.login();
    await s.current.server.services.fleet.stockIn({
      start: serialNumber(SIMULATOR_PREFIX, 1),
      end: serialNumber(SIMULATOR_PREFIX, 4),
    });
    expect(
      await makeDemoNetwork(
        s.current.database.db,
        s.current.server.services,
        { simulatedCabinets: 4, leaderUserName: 'admin', language: 'en_US' },
        silent,
      ),
    ).toBe(true);
  }, 60_000);

  it('ask for a part of what they may withdraw, never more, in whole units, or wait until it reaches the minimum', () => {
    for (let i = 0; i < 2000; i++) {
      const b = {
        withdrawable: Math.floor(Math.random() * 3_000_000),
        minAmount: 100 * Math.floor(Math.random() * 200),
        singleCap: 100 * (1 + Math.floor(Math.random() * 20_000)),
      };
      const a = askFor(b, Math.random());
      if (a === null) continue;
      expect(a).toBeLessThanOrEqual(b.withdrawable);
      expect(a).toBeLessThanOrEqual(b.singleCap);
      expect(a).toBeGreaterThanOrEqual(b.minAmount);
      expect(a % 100).toBe(0);
      expect(a).toBeLessThanOrEqual(b.withdrawable * 0.5);
    }
    expect(askFor({ withdrawable: 15_000, minAmount: 10_000, singleCap: 500_000 }, 0.99)).toBeNull();
    expect(askFor({ withdrawable: 0, minAmount: 0, singleCap: 500_000 }, 0.5)).toBeNull();
  });

  it('at a real pace: a new demo finds one application to review, not a flood', async () => {
    const asked: PartnerRequest[] = [];
    const partners = startSimulatedPartners(s.current.server, silent, {
      firstSeconds: 0,
      everySeconds: 0.2,
      onRequest: (r) => asked.push(r),
    });
    try {
      await until(
        async () =>
          (await c.get('/user/api/v1/withdrawal/queryPage', { pageNum: 1, pageSize: 1, status: 'initiated' })).data
            .total >= 1,
        15_000,
        'one application',
      );
      // Ten more rounds: at about half the partners a day, a round of 0.2 s files one in ~400,000.
      await new Promise((r) => setTimeout(r, 2_000));
    } finally {
      partners.stop();
    }
    expect(asked.length).toBe(1);
    expect(asked[0]!.code).toBe(0);
    expect(asked[0]!.amount).toBeLessThanOrEqual(asked[0]!.withdrawable);
    const first = (await c.get('/user/api/v1/withdrawal/queryPage', { pageNum: 1, pageSize: 1, status: 'initiated' }))
      .data.list[0];
    expect((await c.put('/user/api/v1/withdrawal/audit', { id: first.id, approve: false, reason: 'test' })).code).toBe(
      0,
    );
  });

  it('apply through the partner app for at most what they may withdraw, one on its way and one a day each; demo:clear removes them', async () => {
    const asked: PartnerRequest[] = [];
    // Every partner is asked every round: the rules, not the pace, decide.
    const partners = startSimulatedPartners(s.current.server, silent, {
      firstSeconds: 0,
      everySeconds: 0.2,
      perDay: 1e9,
      onRequest: (r) => asked.push(r),
    });
    try {
      await until(async () => asked.length >= 3, 15_000, 'applications');
      await new Promise((r) => setTimeout(r, 1_500));
    } finally {
      partners.stop();
    }
    expect(asked.length).toBeGreaterThanOrEqual(3);
    // Never more than what it could withdraw when it asked (never refused for the balance), and within the rules.
    for (const r of asked) {
      expect(r.code).toBe(0);
      expect(r.amount).toBeLessThanOrEqual(r.withdrawable);
      expect(r.amount % 100).toBe(0);
    }
    const waiting = (
      await c.get('/user/api/v1/withdrawal/queryPage', { pageNum: 1, pageSize: 100, status: 'initiated' })
    ).data;
    expect(
      waiting.list.every(
        (w: { amount: number; actualAmount: number }) => w.amount >= 10_000 && w.actualAmount <= w.amount,
      ),
    ).toBe(true);
    // One application per partner (today's), so at most one waiting each; the partner refused earlier today did not apply again.
    const per = new Map<string, number>();
    for (const r of asked) per.set(`${r.kind}:${r.partyId}`, (per.get(`${r.kind}:${r.partyId}`) ?? 0) + 1);
    expect(Math.max(...per.values())).toBe(1);

    const first = waiting.list[0];
    expect((await c.put('/user/api/v1/withdrawal/audit', { id: first.id, approve: true })).code).toBe(0);
    await until(
      async () => (await c.get('/user/api/v1/withdrawal/detail', { id: first.id })).data.status === 'success',
      8_000,
      'paid',
    );

    await clearDemoNetwork(s.current.database.db, s.current.server.services);
    expect((await c.get('/user/api/v1/withdrawal/queryPage', { pageNum: 1, pageSize: 1 })).data.total).toBe(0);
    const tb = await s.current.server.services.ledger.ledger.trialBalance('en_US');
    expect(tb.totalDebit).toBe(tb.totalCredit);
    expect(tb.accounts.filter((a) => a.code.startsWith('payoutHold') && a.debit !== a.credit)).toEqual([]);
  });
});
