import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Lang } from '@cbo/contract';
import { serialNumber } from '@cbo/simulator';
import { engines, useServer } from './test/helper.js';
import { caller } from './test/outlet/outlet-fixtures.js';
import { clearDemoNetwork, DEMO_CABLES, DEMO_TEAM_RATIO, makeDemoNetwork } from './demo-network.js';
import { SIMULATOR_PREFIX } from './simulated-fleet.js';
import { DEMO_WORDS } from './demo-words.js';
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
    const r = await s.current.server.services.fleet.stockIn({
      start: serialNumber(SIMULATOR_PREFIX, 1),
      end: serialNumber(SIMULATOR_PREFIX, 12),
    });
    expect(r.succeeded).toBe(12);
  });

  it('is not made without simulated cabinets (SIMULATOR=0)', async () => {
    const { db } = s.current.database;
    expect(
      await makeDemoNetwork(
        db,
        s.current.server.services,
        { simulatedCabinets: 0, leaderUserName: 'admin', language: 'zh_CN' },
        silent,
      ),
    ).toBe(false);
    expect(await n(db.select({ n: count() }).from(outOutlet))).toBe(0);
  });

  it('is made once, even when two starts make it at the same moment, all marked simulated, the cabinets bound', async () => {
    const { db } = s.current.database;
    const services = s.current.server.services;
    const made = await Promise.all(
      [1, 2].map(() =>
        makeDemoNetwork(db, services, { simulatedCabinets: 12, leaderUserName: 'admin', language: 'zh_CN' }, silent),
      ),
    );
    expect(warnings).toEqual([]);
    expect(made.filter(Boolean)).toHaveLength(1);
    expect(
      await makeDemoNetwork(
        db,
        services,
        { simulatedCabinets: 12, leaderUserName: 'admin', language: 'zh_CN' },
        silent,
      ),
    ).toBe(false);

    const outlets = (await c.get('/device/api/v1/outlet/queryPage', { pageSize: 100, simulated: 'true' })).data;
    expect(outlets.total).toBe(10);
    expect(outlets.list.every((o: { simulated: boolean }) => o.simulated)).toBe(true);
    // Two direct-sales outlets (the team's), the rest with agents, every ratio within its agent's.
    expect(outlets.list.filter((o: { direct: boolean }) => o.direct)).toHaveLength(2);
    const agents = (await c.get('/user/api/v1/agent/queryPage', { pageSize: 100 })).data.list as {
      id: number;
      ratio: number;
      level: string;
      simulated: boolean;
    }[];
    expect(
      agents
        .filter((a) => a.simulated)
        .map((a) => a.level)
        .sort(),
    ).toEqual(['A', 'B', 'C']);
    for (const o of outlets.list.filter((x: { direct: boolean }) => !x.direct))
      expect(o.ratio).toBeLessThanOrEqual(agents.find((a) => a.id === o.agent.id)!.ratio);
    // The team is the operator of the direct outlets: it holds a ratio, so their orders pay it, and it has a partner-app account.
    const team = (await c.get('/user/api/v1/team/queryPage', { pageSize: 10, name: '浦东直营' })).data.list[0];
    expect(team).toMatchObject({ ratio: DEMO_TEAM_RATIO, simulated: true });
    expect(await services.network.appAccounts.hasAccount('operator', team.id)).toBe(true);
    for (const o of outlets.list.filter((x: { direct: boolean }) => x.direct)) {
      const chain = await services.order.engine.chainOf((await services.outlet.outlets.forOrder(o.id))!);
      expect(chain.find((l) => l.party === 'operator')).toMatchObject({
        partyId: team.id,
        name: '浦东直营',
        ratio: DEMO_TEAM_RATIO,
      });
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
    const cables = (await c.get('/device/api/v1/cable/queryPage', { pageSize: 10, bound: 'true' })).data.list as {
      id: string;
      outletId: number;
    }[];
    expect(cables.map((x) => x.id).sort()).toEqual(DEMO_CABLES);
    // Each binding is an installation: its record, and the device's asset in business.
    expect(await n(db.select({ n: count() }).from(astMovement).where(eq(astMovement.kind, 'install')))).toBe(14);
    expect(await n(db.select({ n: count() }).from(astDevice).where(eq(astDevice.state, 'inBusiness')))).toBe(14);
    expect((await c.get('/device/api/v1/outlet/mapPoints')).data.points).toHaveLength(10);
    // Two passes on sale for the simulated customers to buy.
    expect(
      await n(
        db
          .select({ n: count() })
          .from(vchVoucher)
          .where(and(eq(vchVoucher.simulated, true), eq(vchVoucher.status, 'onSale'))),
      ),
    ).toBe(2);
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
    expect(
      await makeDemoNetwork(
        db,
        services,
        { simulatedCabinets: 12, leaderUserName: 'admin', language: 'zh_CN' },
        silent,
      ),
    ).toBe(false);
  });

  /** What the demo wrote, by the names a reader sees on the screens. */
  const demoNames = async () => {
    const names = (path: string, q: object = {}) =>
      c.get(path, { pageSize: 100, ...q }).then((r) =>
        (r.data.list as { name: string; simulated?: boolean }[])
          .filter((x) => x.simulated)
          .map((x) => x.name)
          .sort(),
      );
    return {
      outlets: await names('/device/api/v1/outlet/queryPage', { simulated: 'true' }),
      agents: await names('/user/api/v1/agent/queryPage'),
      teams: await names('/user/api/v1/team/queryPage'),
      regions: await names('/user/api/v1/region/queryPage'),
      pushers: await names('/user/api/v1/groundPusher/queryPage'),
      providers: await names('/user/api/v1/serviceProvider/queryPage'),
      members: (
        (await c.get('/user/api/v1/member/queryPage', { pageSize: 100 })).data.list as {
          nickname: string;
          simulated: boolean;
        }[]
      )
        .filter((m) => m.simulated)
        .map((m) => m.nickname)
        .sort(),
      vouchers: (
        await s.current.database.db
          .select({ name: vchVoucher.name })
          .from(vchVoucher)
          .where(eq(vchVoucher.simulated, true))
      )
        .map((v) => v.name)
        .sort(),
    };
  };
  const wordsOf = (lang: Lang) => {
    const w = DEMO_WORDS[lang];
    return {
      outlets: Object.values(w.outlets)
        .map((o) => o.name)
        .sort(),
      agents: Object.values(w.agents).sort(),
      teams: [w.team],
      regions: [w.region],
      pushers: [w.pusher],
      providers: [w.provider.name],
      members: [...w.members].sort(),
      vouchers: [...w.vouchers].sort(),
    };
  };

  it.each(['en_US', 'zh_TW', 'zh_CN'] as const)(
    'made in %s (DEMO_LANGUAGE), reads in that language, and keeps its words once made',
    async (lang) => {
      const { db } = s.current.database;
      const services = s.current.server.services;
      // A fresh install's demo: the mark of the earlier one forgotten.
      await db.execute(sql`delete from out_demo`);
      expect(
        await makeDemoNetwork(db, services, { simulatedCabinets: 12, leaderUserName: 'admin', language: lang }, silent),
      ).toBe(true);
      expect(warnings).toEqual([]);
      const made = await demoNames();
      expect(made).toEqual(wordsOf(lang));
      // Each language's words are its own: nothing of another language's demo in it.
      for (const other of (['zh_CN', 'zh_TW', 'en_US'] as const).filter((l) => l !== lang))
        expect(made.outlets).not.toEqual(wordsOf(other).outlets);
      const bund = (
        await c.get('/device/api/v1/outlet/queryPage', { pageSize: 100, name: DEMO_WORDS[lang].outlets.bund.name })
      ).data.list[0];
      expect(bund).toMatchObject({ address: DEMO_WORDS[lang].outlets.bund.address, remark: DEMO_WORDS[lang].remark });
      const coupons = await services.coupon.coupons.rows({ name: DEMO_WORDS[lang].coupons.duration }, 0, 5);
      expect(coupons.map((x) => x.name)).toContain(DEMO_WORDS[lang].coupons.duration);
      // Data once made: a viewer in another language reads the same names.
      expect(
        (await c.get('/user/api/v1/team/queryPage', { pageSize: 10 }, lang === 'zh_TW' ? 'zh_CN' : 'zh_TW')).data.list
          .filter((t: { simulated: boolean }) => t.simulated)
          .map((t: { name: string }) => t.name),
      ).toEqual([DEMO_WORDS[lang].team]);
      await clearDemoNetwork(db, services);
    },
  );
});
