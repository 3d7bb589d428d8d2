import { beforeAll, describe, expect, it } from 'vitest';
import { serialNumber } from '@cbo/simulator';
import { engines, useServer } from './test/helper.js';
import { until } from './test/fleet/fleet-helpers.js';
import { caller } from './test/outlet/outlet-fixtures.js';
import { clearDemoNetwork, makeDemoNetwork } from './demo-network.js';
import { SIMULATOR_PREFIX } from './simulated-fleet.js';
import { startSimulatedPartners } from './simulated-partners.js';

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
    await s.current.server.services.fleet.stockIn({ start: serialNumber(SIMULATOR_PREFIX, 1), end: serialNumber(SIMULATOR_PREFIX, 4) });
    expect(await makeDemoNetwork(s.current.database.db, s.current.server.services, { simulatedCabinets: 4, leaderUserName: 'admin' }, silent)).toBe(true);
  }, 60_000);

  it('apply through the partner app within the first rounds; staff find them waiting; demo:clear removes them', async () => {
    const partners = startSimulatedPartners(s.current.server, silent, { firstSeconds: 0, everySeconds: 0.2 });
    try {
      const waiting = await until(async () => {
        const r = await c.get('/user/api/v1/withdrawal/queryPage', { pageNum: 1, pageSize: 50, status: 'initiated' });
        return r.data.total >= 3 && r.data;
      }, 15_000, 'applications waiting');
      expect(waiting.list.every((w: { amount: number; actualAmount: number }) => w.amount >= 10_000 && w.amount % 100 === 0 && w.actualAmount <= w.amount)).toBe(true);
      // At most two waiting per partner.
      const per = new Map<string, number>();
      for (const w of waiting.list as { partyKind: string; partyId: number }[]) per.set(`${w.partyKind}:${w.partyId}`, (per.get(`${w.partyKind}:${w.partyId}`) ?? 0) + 1);
      expect(Math.max(...per.values())).toBeLessThanOrEqual(2);
      // The operator (the demo's direct-sales team) is one of them, and applies too.
      await until(async () => {
        const r = await c.get('/user/api/v1/withdrawal/queryPage', { pageNum: 1, pageSize: 1, partyKind: 'operator' });
        return r.data.total >= 1;
      }, 15_000, 'an operator application');
    } finally {
      partners.stop();
    }
    const first = (await c.get('/user/api/v1/withdrawal/queryPage', { pageNum: 1, pageSize: 1, status: 'initiated' })).data.list[0];
    expect((await c.put('/user/api/v1/withdrawal/audit', { id: first.id, approve: true })).code).toBe(0);
    await until(async () => (await c.get('/user/api/v1/withdrawal/detail', { id: first.id })).data.status === 'success', 8_000, 'paid');

    await clearDemoNetwork(s.current.database.db, s.current.server.services);
    expect((await c.get('/user/api/v1/withdrawal/queryPage', { pageNum: 1, pageSize: 1 })).data.total).toBe(0);
    const tb = await s.current.server.services.ledger.ledger.trialBalance('en_US');
    expect(tb.totalDebit).toBe(tb.totalCredit);
    expect(tb.accounts.filter((a) => a.code.startsWith('payoutHold') && a.debit !== a.credit)).toEqual([]);
  });
});
