import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { serialNumber } from '@cbo/simulator';
import { engines, useServer } from './test/helper.js';
import { caller } from './test/outlet/outlet-fixtures.js';
import { clearDemoNetwork, DEMO_CABLES, DEMO_TEAM_RATIO, makeDemoNetwork } from './demo-network.js';
import { SIMULATOR_PREFIX } from './simulated-fleet.js';
import { devCabinet } from './modules/fleet/tables.js';
import { netAgent, netAppAccount, netRegion } from './modules/network/tables.js';
import { outOutlet } from './modules/outlet/tables.js';
import { astDevice, astMovement } from './modules/assets/tables.js';
import { vchVoucher } from './modules/voucher/tables.js';

/** A log that keeps warnings: the demo swallows its failure into one, so a test reads them. */
const warnings: unknown[] = [];
const silent = { info: () => {}, warn: (o: unknown) => warnings.push(o) } as never;

describe.each(engines)('the demo network (%s)', (engine) => {
  const s = useServer(engine);
  let token = '';
  const c = caller(s, () => token);
  const n = async (q: Promise<{ n: number }[]>) => Number((await q)[0]!.n);

  beforeAll(async () => {
    token = await s.current.login();
    // The simulated cabinets npm start stocks in (SIMU…01 to …12).
    const r = await s.current.server.services.fleet.stockIn({ start: serialNumber(SIMULATOR_PREFIX, 1), end: serialNumber(SIMULATOR_PREFIX, 12) });
    expect(r.succeeded).toBe(12);
  });

  it('is not made without simulated cabinets (SIMULATOR=0)', async () => {
    const { db } = s.current.database;
    expect(await makeDemoNetwork(db, s.current.server.services, { simulatedCabinets: 0, leaderUserName: 'admin' }, silent)).toBe(false);
    expect(await n(db.select({ n: count() }).from(outOutlet))).toBe(0);
  });

  it('is made once, even when two starts make it at the same moment, all marked simulated, the cabinets bound', async () => {
    const { db } = s.current.database;
    const services = s.current.server.services;
    const made = await Promise.all([1, 2].map(() => makeDemoNetwork(db, services, { simulatedCabinets: 12, leaderUserName: 'admin' }, silent)));
    expect(warnings).toEqual([]);
    expect(made.filter(Boolean)).toHaveLength(1);
    expect(await makeDemoNetwork(db, services, { simulatedCabinets: 12, leaderUserName: 'admin' }, silent)).toBe(false);

    const outlets = (await c.get('/device/api/v1/outlet/queryPage', { pageSize: 100, simulated: 'true' })).data;
    expect(outlets.total).toBe(10);
    expect(outlets.list.every((o: { simulated: boolean }) => o.simulated)).toBe(true);
    // Two direct-sales outlets (the team's), the rest with agents, every ratio within its agent's.
    expect(outlets.list.filter((o: { direct: boolean }) => o.direct)).toHaveLength(2);
    const agents = (await c.get('/user/api/v1/agent/queryPage', { pageSize: 100 })).data.list as { id: number; ratio: number; level: string; simulated: boolean }[];
    expect(agents.filter((a) => a.simulated).map((a) => a.level).sort()).toEqual(['A', 'B', 'C']);
    for (const o of outlets.list.filter((x: { direct: boolean }) => !x.direct)) expect(o.ratio).toBeLessThanOrEqual(agents.find((a) => a.id === o.agent.id)!.ratio);
    // The team is the operator of the direct outlets: it holds a ratio, so their orders pay it, and it has a partner-app account.
    const team = (await c.get('/user/api/v1/team/queryPage', { pageSize: 10, name: 'Pudong Direct' })).data.list[0];
    expect(team).toMatchObject({ ratio: DEMO_TEAM_RATIO, simulated: true });
    expect(await services.network.appAccounts.hasAccount('operator', team.id)).toBe(true);
    for (const o of outlets.list.filter((x: { direct: boolean }) => x.direct)) {
      const chain = await services.order.engine.chainOf((await services.outlet.outlets.forOrder(o.id))!);
      expect(chain.find((l) => l.party === 'operator')).toMatchObject({ partyId: team.id, name: 'Pudong Direct', ratio: DEMO_TEAM_RATIO });
    }
    // Positions around central Shanghai.
    for (const o of outlets.list) {
      expect(o.lat).toBeGreaterThan(31.1);
      expect(o.lat).toBeLessThan(31.35);
      expect(o.lng).toBeGreaterThan(121.3);
      expect(o.lng).toBeLessThan(121.55);
    }
    // 12 cabinets, two to an outlet while they last, and two charging cables the simulated customers buy packages of.
    expect(outlets.list.reduce((sum: number, o: { devices: number }) => sum + o.devices, 0)).toBe(14);
    const cables = (await c.get('/device/api/v1/cable/queryPage', { pageSize: 10, bound: 'true' })).data.list as { id: string; outletId: number }[];
    expect(cables.map((x) => x.id).sort()).toEqual(DEMO_CABLES);
    // Each binding is an installation: its record, and the device's asset in business.
    expect(await n(db.select({ n: count() }).from(astMovement).where(eq(astMovement.kind, 'install')))).toBe(14);
    expect(await n(db.select({ n: count() }).from(astDevice).where(eq(astDevice.state, 'inBusiness')))).toBe(14);
    expect((await c.get('/device/api/v1/outlet/mapPoints')).data.points).toHaveLength(10);
    // Two passes on sale for the simulated customers to buy.
    expect(await n(db.select({ n: count() }).from(vchVoucher).where(and(eq(vchVoucher.simulated, true), eq(vchVoucher.status, 'onSale'))))).toBe(2);
  });

  it('is removed whole by demo:clear (cabinets unbound, real records kept) and not made again', async () => {
    const { db } = s.current.database;
    const services = s.current.server.services;
    const region = (await c.post('/user/api/v1/region/saveOrUpdate', { name: 'Real region' })).data.id as number;
    const removed = await clearDemoNetwork(db, services);
    expect(removed.outlets).toBe(10);
    expect(removed.network).toBeGreaterThanOrEqual(7);
    expect(await n(db.select({ n: count() }).from(outOutlet).where(eq(outOutlet.simulated, true)))).toBe(0);
    expect(await n(db.select({ n: count() }).from(netAgent).where(eq(netAgent.simulated, true)))).toBe(0);
    // The team's operator account went with the team.
    expect(await n(db.select({ n: count() }).from(netAppAccount).where(eq(netAppAccount.kind, 'operator')))).toBe(0);
    expect(await n(db.select({ n: count() }).from(vchVoucher).where(eq(vchVoucher.simulated, true)))).toBe(0);
    expect(await n(db.select({ n: count() }).from(devCabinet).where(isNotNull(devCabinet.outletId)))).toBe(0);
    // Unbinding is removal, whoever does it: a record for each cabinet, none left in business.
    expect(await n(db.select({ n: count() }).from(astMovement).where(eq(astMovement.kind, 'removal')))).toBe(14);
    expect(await n(db.select({ n: count() }).from(astDevice).where(eq(astDevice.state, 'inBusiness')))).toBe(0);
    expect(await n(db.select({ n: count() }).from(netRegion).where(eq(netRegion.id, region)))).toBe(1);
    expect(await makeDemoNetwork(db, services, { simulatedCabinets: 12, leaderUserName: 'admin' }, silent)).toBe(false);
  });
});
