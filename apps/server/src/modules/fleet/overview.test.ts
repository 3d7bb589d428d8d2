import { beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { PERMS } from '@cbo/contract';
import { auth, engines, useServer } from '../../test/helper.js';
import { accountWithMenus } from '../../test/accounts.js';
import { http } from '../../test/fleet/fleet-helpers.js';
import { RUN_PREFIX } from '../../test/fleet/test-cabinet.js';
import { devCabinet, devCommand, devFirmwareBatch, devLog, devPowerBank } from './tables.js';
import { hourBuckets, OverviewService } from './overview.service.js';

const H = 3_600_000;
const sn = (n: number) => `${RUN_PREFIX}${String(n).padStart(12, '0')}`;
const OVERVIEW = '/device/api/v1/cabinet/overview';

/**
 * The fleet overview counts cabinets in each state, power banks, commands, firmware batches and
 * device log lines with the lists' own conditions: each number equals the total of the list the
 * dashboard links it to, and a part the account may not see is left out or refused.
 */
describe.each(engines)('fleet overview (%s)', (engine) => {
  const s = useServer(engine);
  let token = '';
  const api = http(s, () => token);
  const now = new Date();
  const ago = (hours: number) => new Date(now.getTime() - hours * H);

  beforeAll(async () => {
    token = await s.current.login();
    const db = s.current.database.db;
    // A fresh server has no cabinet; the simulator is not started in tests.
    expect(await db.select().from(devCabinet)).toHaveLength(0);
    const seen = { lastSeenAt: now, heartbeatSec: 60 };
    await db.insert(devCabinet).values([
      // Online, full, good signal.
      {
        sn: sn(1),
        online: true,
        onlineChangedAt: ago(30),
        registeredAt: ago(30),
        ...seen,
        csq: 25,
        slotCount: 4,
        freeSlots: 0,
        powerBanks: 4,
      },
      // Online, empty, weak signal.
      {
        sn: sn(2),
        online: true,
        onlineChangedAt: ago(30),
        registeredAt: ago(30),
        ...seen,
        csq: 5,
        slotCount: 4,
        freeSlots: 4,
        powerBanks: 0,
      },
      // Online since 5.5 h ago, neither full nor empty, signal at the weak limit.
      {
        sn: sn(3),
        online: true,
        onlineChangedAt: ago(5.5),
        registeredAt: ago(30),
        ...seen,
        csq: 9,
        slotCount: 4,
        freeSlots: 2,
        powerBanks: 2,
      },
      // Offline since 2.5 h ago, no network in its last heartbeat, a faulty slot.
      {
        sn: sn(4),
        online: false,
        onlineChangedAt: ago(2.5),
        registeredAt: ago(30),
        lastSeenAt: ago(2.5),
        csq: 99,
        slotCount: 4,
        freeSlots: 1,
        powerBanks: 3,
        faultSlots: 1,
      },
      // Never connected: nothing reported (no slots, so neither full nor empty).
      { sn: sn(5) },
      { sn: sn(6) },
    ]);
    await db.insert(devPowerBank).values([
      { powerBankId: `${RUN_PREFIX}PB0001`, sn: sn(1), slot: 1, battery: 100 },
      { powerBankId: `${RUN_PREFIX}PB0002`, sn: sn(1), slot: 2, battery: 80 },
      { powerBankId: `${RUN_PREFIX}PB0003`, sn: sn(1), slot: 3, battery: 79 },
      { powerBankId: `${RUN_PREFIX}PB0004`, sn: sn(3), slot: 1, battery: null },
      // Out of any cabinet: not counted, charged or not.
      { powerBankId: `${RUN_PREFIX}PB0005`, sn: null, battery: 100 },
    ]);
    const [running] = await db
      .insert(devFirmwareBatch)
      .values({ version: '2.0.0', url: 'https://fw.example/2.0.0.bin', total: 2 })
      .returning();
    const [finished] = await db
      .insert(devFirmwareBatch)
      .values({ version: '1.9.0', url: 'https://fw.example/1.9.0.bin', total: 1 })
      .returning();
    let id = 0;
    // A command still open (pending, sent, acknowledged) expires in the future: with a past expiry the
    // server's sweep could expire it between two reads of a test (it did on a loaded CI machine).
    const open = ['pending', 'sent', 'acknowledged'];
    const cmd = (state: string, hoursAgo: number, batchId: number | null = null) => ({
      id: `${RUN_PREFIX}-c${++id}`,
      sn: sn(1),
      type: batchId ? 'upgrade' : 'restart',
      data: {},
      state,
      batchId,
      createdAt: ago(hoursAgo),
      expiresAt: open.includes(state) ? ago(-1) : ago(hoursAgo - 0.01),
    });
    await db.insert(devCommand).values([
      cmd('failed', 1),
      cmd('failed', 3.2),
      cmd('expired', 1.1),
      cmd('succeeded', 0.2),
      cmd('succeeded', 6),
      cmd('pending', 0.1),
      // Outside the 24 h window: not counted.
      cmd('failed', 25),
      cmd('expired', 30),
      cmd('acknowledged', 0.3, running!.id),
      cmd('succeeded', 0.3, running!.id),
      cmd('succeeded', 40, finished!.id),
    ]);
    await db.insert(devLog).values([
      { sn: sn(3), kind: 'online', reason: 'heartbeat', createdAt: ago(5.5) },
      { sn: sn(4), kind: 'offline', reason: 'heartbeatTimeout', createdAt: ago(2.5) },
      { sn: 'NOPE1', kind: 'refused', reason: 'unknownSn', createdAt: ago(1) },
      { sn: 'NOPE2', kind: 'refused', reason: 'badSecret', createdAt: ago(0.5), count: 7 },
      // Outside the window.
      { sn: sn(1), kind: 'online', reason: 'register', createdAt: ago(30) },
      { sn: sn(2), kind: 'online', reason: 'register', createdAt: ago(30) },
    ]);
  });

  describe('service', () => {
    const service = () => {
      const f = s.current.server.services.fleet;
      return new OverviewService(s.current.database.db, { holdsPermission: async () => true }, f.deviceLog, () => now);
    };

    it('counts cabinets by connection and condition, as the cabinet list filters them', async () => {
      const o = await service().compute({
        cabinets: true,
        powerBanks: false,
        commands: false,
        firmware: false,
        events: false,
      });
      expect(o.cabinets).toMatchObject({
        total: 6,
        online: 3,
        offline: 1,
        neverConnected: 2,
        full: 1,
        empty: 1,
        weakSignal: 3,
        faulty: 1,
      });
      expect(o).toMatchObject({
        powerBanks: null,
        commands: null,
        firmware: null,
        events: null,
        at: now.toISOString(),
        since: ago(24).toISOString(),
      });
      const cabinets = s.current.server.services.fleet.cabinets;
      for (const connection of ['online', 'offline', 'neverConnected'] as const)
        expect(await cabinets.count({ connection })).toBe(o.cabinets![connection]);
      for (const condition of ['full', 'empty', 'weakSignal', 'faulty'] as const)
        expect(await cabinets.count({ condition })).toBe(o.cabinets![condition]);
      // The three connections split the fleet.
      expect(o.cabinets!.online + o.cabinets!.offline + o.cabinets!.neverConnected).toBe(o.cabinets!.total);
    });

    it('draws the online trend back from now through the online and offline lines', async () => {
      const o = await service().compute({
        cabinets: true,
        powerBanks: false,
        commands: false,
        firmware: false,
        events: false,
      });
      const trend = o.cabinets!.onlineTrend;
      const buckets = hourBuckets(now);
      expect(trend).toHaveLength(24);
      expect(trend.at(-1)).toEqual({ at: now.toISOString(), online: 3 });
      const bucketOf = (t: Date) => buckets.findLastIndex((b) => b <= t);
      const offlineAt = bucketOf(ago(2.5));
      const onlineAt = bucketOf(ago(5.5));
      trend.forEach((p, i) => {
        // A point is the end of its hour: after the offline line 3, between the two lines 4, before both 3.
        const want = i >= offlineAt ? 3 : i >= onlineAt ? 4 : 3;
        expect(p.online, `hour ${i}`).toBe(want);
        if (i < 23) expect(p.at).toBe(buckets[i + 1]!.toISOString());
      });
    });

    it('counts power banks in cabinets and the charged share, commands of the window, running batches and device lines', async () => {
      const o = await service().compute({
        cabinets: false,
        powerBanks: true,
        commands: true,
        firmware: true,
        events: true,
      });
      expect(o.powerBanks).toEqual({ inCabinets: 4, charged: 2, chargedPercent: 50 });
      expect(o.commands).toMatchObject({ total: 8, failed: 2, expired: 1 });
      const hourly = o.commands!.hourly;
      expect(hourly).toHaveLength(24);
      const sum = (k: 'succeeded' | 'failed' | 'expired' | 'open') => hourly.reduce((a, h) => a + h[k], 0);
      // The chart's first hour starts at most 24 h back, so the 6 h old success is in it.
      expect({
        succeeded: sum('succeeded'),
        failed: sum('failed'),
        expired: sum('expired'),
        open: sum('open'),
      }).toEqual({ succeeded: 3, failed: 2, expired: 1, open: 2 });
      expect(o.firmware).toEqual({ running: 1 });
      expect(o.events).toMatchObject({ online: 1, offline: 1, refused: 2 });
      // The device log's first page: newest line first, as the log lists them.
      expect(o.events!.recent.map((e) => e.sn)).toEqual([sn(2), sn(1), 'NOPE2', 'NOPE1', sn(4), sn(3)]);
    });

    it('has nothing to count on an empty fleet without failing', async () => {
      const o = await new OverviewService(
        s.current.database.db,
        { holdsPermission: async () => true },
        s.current.server.services.fleet.deviceLog,
        () => new Date(now.getTime() - 1000 * H),
      ).compute({
        cabinets: false,
        powerBanks: false,
        commands: true,
        firmware: false,
        events: false,
      });
      expect(o.commands).toMatchObject({ total: 0, failed: 0, expired: 0 });
      expect(o.commands!.hourly.every((h) => h.succeeded + h.failed + h.expired + h.open === 0)).toBe(true);
    });
  });

  describe('HTTP', () => {
    it('answers the overview whose numbers are the totals of the linked lists', async () => {
      const o = (await api.get(OVERVIEW)).data;
      const total = async (url: string, q: Record<string, string>) => (await api.get(url, q)).data.total as number;
      const CAB = '/device/api/v1/cabinet/queryPage';
      expect(await total(CAB, { connection: 'online' })).toBe(o.cabinets.online);
      expect(await total(CAB, { connection: 'offline' })).toBe(o.cabinets.offline);
      expect(await total(CAB, { connection: 'neverConnected' })).toBe(o.cabinets.neverConnected);
      for (const condition of ['full', 'empty', 'weakSignal', 'faulty'])
        expect(await total(CAB, { condition })).toBe(o.cabinets[condition]);
      expect(await total('/device/api/v1/powerBank/queryPage', { inCabinet: 'true', charged: 'true' })).toBe(
        o.powerBanks.charged,
      );
      expect(await total('/device/api/v1/powerBank/queryPage', { inCabinet: 'true' })).toBe(o.powerBanks.inCabinets);
      expect(await total('/device/api/v1/command/queryPage', { state: 'failed', beginTime: o.since })).toBe(
        o.commands.failed,
      );
      expect(await total('/device/api/v1/command/queryPage', { state: 'expired', beginTime: o.since })).toBe(
        o.commands.expired,
      );
      expect(await total('/device/api/v1/firmware/queryPage', { running: 'true' })).toBe(o.firmware.running);
      expect(await total('/device/api/v1/firmware/queryPage', { running: 'false' })).toBe(1);
      expect(await total('/device/api/v1/deviceLog/queryPage', { kind: 'offline', beginTime: o.since })).toBe(
        o.events.offline,
      );
      expect(o.cabinets).toMatchObject({ online: 3, offline: 1, neverConnected: 2 });
    });

    it('refuses a bad list filter with a message naming the field', async () => {
      const r = await api.get('/device/api/v1/cabinet/queryPage', { connection: 'sometimes' });
      expect(r.code).toBe(100001);
      expect(r.msg).toMatch(/connection/);
    });

    it('refuses an account without the overview, and leaves out the parts whose lists an account may not see', async () => {
      const db = s.current.database.db;
      await accountWithMenus(db, 'ovnone', 'pass1234', ['dashboard', 'device', 'device.cabinet']);
      const none = await s.current.login('ovnone', 'pass1234');
      const refused = (await s.current.inject({ url: OVERVIEW, headers: auth(none) })).json();
      expect(refused.code).toBe(100003);
      expect(
        (await s.current.inject({ url: '/user/api/v1/sys/menu/dashbord?path=/dashboard', headers: auth(none) })).json()
          .data.widgets,
      ).toEqual(['account']);

      // Customer service's share: the overview, the cabinet and power bank lists.
      await accountWithMenus(db, 'ovcs', 'pass1234', [
        'dashboard',
        'dashboard.fleetOverview',
        'device',
        'device.cabinet',
        'device.powerBank',
      ]);
      const cs = await s.current.login('ovcs', 'pass1234');
      const part = (await s.current.inject({ url: OVERVIEW, headers: auth(cs) })).json();
      expect(part.code).toBe(0);
      expect(part.data.cabinets.online).toBe(3);
      expect(part.data.powerBanks.charged).toBe(2);
      expect(part.data).toMatchObject({ commands: null, firmware: null, events: null });
      expect(
        (await s.current.inject({ url: '/user/api/v1/sys/menu/dashbord?path=/dashboard', headers: auth(cs) })).json()
          .data.widgets,
      ).toEqual(['fleetCabinets', 'fleetPowerBanks', 'account']);

      // The super administrator is given every widget.
      expect((await api.get('/user/api/v1/sys/menu/dashbord', { path: '/dashboard' })).data.widgets).toEqual([
        'orderFigures',
        'orderNow',
        'orderTrend',
        'outletRanking',
        'agentRanking',
        'business',
        'actions',
        'fleetCabinets',
        'fleetPowerBanks',
        'fleetCommands',
        'fleetFirmware',
        'fleetEvents',
        'account',
        'recentLogins',
      ]);
    });

    it('seeds the overview for operations and customer service, bound to its call', async () => {
      const { fleetMenus } = await import('./menus.js');
      const m = fleetMenus.find((x) => x.code === 'dashboard.fleetOverview')!;
      expect(m).toMatchObject({
        parent: 'dashboard',
        perms: PERMS.fleetOverview,
        roles: ['operations', 'customer_service'],
      });
      expect(
        await s.current.database.db
          .select()
          .from(devCabinet)
          .where(like(devCabinet.sn, `${RUN_PREFIX}%`)),
      ).toHaveLength(6);
    });
  });
});
