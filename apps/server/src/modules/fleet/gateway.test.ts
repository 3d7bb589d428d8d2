import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { sql } from 'drizzle-orm';
import { useServer } from '../../test/helper.js';
import { brokerEnv, clearRetained, fleetTargets, http, until } from '../../test/fleet/fleet-helpers.js';
import { newSn, powerBankIdFor, TestCabinet } from '../../test/fleet/test-cabinet.js';

const CAB = '/device/api/v1/cabinet';

describe.each(fleetTargets)('gateway: cabinets over MQTT ($engine, $broker broker)', ({ engine, broker }) => {
  const s = useServer(engine, brokerEnv(broker));
  let token = '';
  const api = http(s, () => token);
  const cabinets: TestCabinet[] = [];
  const url = () => s.current.server.services.gateway.brokerUrl;

  async function cabinet(opts: { slots?: number; stock?: boolean } = {}): Promise<TestCabinet> {
    const sn = newSn();
    if (opts.stock !== false) {
      const report = await s.current.server.services.fleet.stockIn({ sns: [sn] });
      expect(report.succeeded).toBe(1);
    }
    const cab = new TestCabinet(url(), sn, s.current.server.services.fleet.secretOf(sn), opts.slots ?? 4);
    cabinets.push(cab);
    return cab;
  }
  const row = async (sn: string) => (await api.get(`${CAB}/queryPage`, { sn })).data.list[0];
  const logOf = async (sn: string) =>
    (await api.get('/device/api/v1/deviceLog/queryPage', { sn, pageSize: 50 })).data.list as {
      kind: string;
      reason: string;
    }[];

  beforeAll(async () => {
    token = await s.current.login();
  });
  afterAll(async () => {
    await Promise.allSettled(cabinets.map((c) => (c.client ? c.client.endAsync(true) : Promise.resolve())));
    await clearRetained(
      broker,
      cabinets.map((c) => c.sn),
    );
  });

  it('exposes the broker url the simulator connects to', () => {
    expect(url()).toMatch(broker === 'embedded' ? /^mqtt:\/\/127\.0\.0\.1:\d+$/ : /^mqtt/);
    if (broker === 'embedded') expect(url()).not.toBe('mqtt://127.0.0.1:0');
  });

  it('registers a stocked-in cabinet: registered answer, state, slots and power banks', async () => {
    const cab = await cabinet();
    const before = await row(cab.sn);
    expect(before).toMatchObject({ online: false, iccid: null, bound: false, outletName: null, powerBanks: 0 });
    const registered = await cab.start();
    expect(registered.data).toMatchObject({ heartbeatSec: 60 });
    expect(Math.abs((registered.data.serverTime as number) - Date.now())).toBeLessThan(5_000);
    const r = await until(async () => {
      const x = await row(cab.sn);
      return x.online && x.freeSlots !== null ? x : null;
    });
    expect(r).toMatchObject({
      online: true,
      onlineReason: 'register',
      iccid: cab.iccid,
      imei: '861234567890123',
      firmwareMain: '2.3.1',
      firmwareBoard: '1.4',
      netMode: '4G',
      slots: 4,
      freeSlots: 1,
      powerBanks: 3,
      chargedPowerBanks: 1, // 60, 70, 80
      batteryAvg: 70,
      bound: false,
    });
    await cab.heartbeat(60, 17);
    await until(async () => (await row(cab.sn)).csq === 17, 8_000, 'heartbeat');
    const detail = (await api.get(`${CAB}/detail`, { sn: cab.sn })).data;
    expect(detail.slotList.map((x: { powerBankId: string | null }) => x.powerBankId)).toEqual([
      ...cab.slots.map((x) => x.powerBankId),
    ]);
    const banks = (await api.get('/device/api/v1/powerBank/queryPage', { sn: cab.sn })).data;
    expect(banks.total).toBe(3);
    expect(banks.list[0]).toMatchObject({
      sn: cab.sn,
      slot: 1,
      battery: 60,
      locked: true,
      leaseCount: 0,
      leaseMinutes: 0,
      ejectFailures: 0,
    });
    expect((await logOf(cab.sn)).map((l) => `${l.kind}:${l.reason}`)).toContain('online:register');
  });

  it('moves power banks with events, and bad payloads are dropped without harm', async () => {
    const cab = await cabinet();
    await cab.start();
    await until(async () => (await row(cab.sn)).powerBanks === 3);
    const pb = powerBankIdFor(cab.sn, 1);
    await cab.publish('event', { kind: 'removed', slot: 1, powerBankId: pb });
    await until(
      async () => (await api.get('/device/api/v1/powerBank/queryPage', { powerBankId: pb })).data.list[0]?.sn === null,
    );
    await cab.publish('event', { kind: 'returned', slot: 4, powerBankId: pb, battery: 41 });
    await cab.publish('event', { kind: 'slotFault', slot: 2, fault: 'motor' });
    // Not JSON, wrong version, bad slot, unknown type: each dropped, the next message still works.
    await cab.client!.publishAsync(cab.topic('up'), 'not json', { qos: 1 });
    await cab.publish('inventory', { slots: [{ slot: 99 }] });
    await cab.client!.publishAsync(
      cab.topic('up'),
      JSON.stringify({ v: 2, id: 'x', ts: 1, type: 'heartbeat', data: {} }),
      { qos: 1 },
    );
    await cab.publish('dance', {});
    await cab.heartbeat(60, 9);
    await until(async () => (await row(cab.sn)).csq === 9);
    const d = (await api.get(`${CAB}/detail`, { sn: cab.sn })).data;
    expect(d.slotList.find((x: { slot: number }) => x.slot === 4)).toMatchObject({ powerBankId: pb, battery: 41 });
    expect(d.slotList.find((x: { slot: number }) => x.slot === 1)).toMatchObject({ powerBankId: null });
    expect(d).toMatchObject({ faultSlots: 1, powerBanks: 3 });
  });

  it('goes offline on the will when the connection drops, and back online on register', async () => {
    const cab = await cabinet();
    await cab.start();
    await until(async () => (await row(cab.sn)).online);
    cab.drop();
    const off = await until(async () => {
      const r = await row(cab.sn);
      return r.online ? null : r;
    });
    expect(off.onlineReason).toBe('will');
    await until(
      async () => (await logOf(cab.sn)).some((l) => `${l.kind}:${l.reason}` === 'offline:will'),
      10_000,
      'offline log line',
    );
    await cab.start();
    await until(async () => (await row(cab.sn)).online);
  });

  it('goes offline after three silent heartbeat intervals', async () => {
    const cab = await cabinet();
    await cab.start();
    await cab.heartbeat(1);
    await until(async () => (await row(cab.sn)).heartbeatSec === 1);
    const started = Date.now();
    const off = await until(
      async () => {
        const r = await row(cab.sn);
        return r.online ? null : r;
      },
      10_000,
      'heartbeat timeout',
    );
    expect(off.onlineReason).toBe('heartbeatTimeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    // The device-log line is written (batched) just after the cabinet is marked offline.
    await until(
      async () => (await logOf(cab.sn)).some((l) => `${l.kind}:${l.reason}` === 'offline:heartbeatTimeout'),
      10_000,
      'offline log line',
    );
    // Still connected and heartbeating: it is back.
    await cab.heartbeat(60);
    await until(async () => (await row(cab.sn)).online);
  });

  // The embedded broker refuses such a cabinet at CONNECT (authentication tests below).
  it.runIf(broker === 'external')(
    'drops messages of a cabinet that is not in stock (external brokers let it in)',
    async () => {
      const cab = await cabinet({ stock: false });
      await cab.connect();
      await cab.register();
      await until(async () => (await logOf(cab.sn)).some((l) => l.kind === 'refused' && l.reason === 'unknownSn'));
      expect(cab.received).toEqual([]);
      expect((await api.get(`${CAB}/queryPage`, { sn: cab.sn })).data.total).toBe(0);
    },
  );

  describe.runIf(broker === 'embedded')('authentication (embedded broker)', () => {
    const refusal = async (opts: mqtt.IClientOptions) => {
      try {
        const c = await mqtt.connectAsync(url(), { reconnectPeriod: 0, connectTimeout: 5_000, ...opts });
        await c.endAsync(true);
        return 0;
      } catch (e) {
        return (e as { code?: number }).code;
      }
    };

    it('refuses an unknown SN with 5, a wrong secret with 4, a malformed SN with 5, and logs each', async () => {
      const unknown = newSn();
      const f = s.current.server.services.fleet;
      expect(await refusal({ clientId: `cab-${unknown}`, username: unknown, password: f.secretOf(unknown) })).toBe(5);
      const known = (await cabinet()).sn;
      expect(await refusal({ clientId: `cab-${known}`, username: known, password: 'x'.repeat(32) })).toBe(4);
      expect(await refusal({ clientId: `cab-${known}`, username: known, password: f.secretOf(unknown) })).toBe(4);
      expect(await refusal({ clientId: 'cab-nope', username: 'nope', password: 'x' })).toBe(5);
      expect(await refusal({ clientId: 'anything' })).toBe(5);
      // Device-log lines are written in batches, a moment after the refusal.
      await until(
        async () => (await logOf(known)).some((l) => `${l.kind}:${l.reason}` === 'refused:badSecret'),
        10_000,
        'refusal log line',
      );
      await until(async () => (await logOf(unknown)).length > 0, 10_000, 'refusal log line');
      expect((await logOf(unknown)).map((l) => `${l.kind}:${l.reason}`)).toEqual(['refused:unknownSn']);
      const all = (await api.get('/device/api/v1/deviceLog/queryPage', { kind: 'refused', pageSize: 100 })).data
        .list as { sn: string; reason: string; address: string }[];
      expect(all.find((l) => l.sn === 'nope')).toMatchObject({ reason: 'malformedSn' });
      expect(all.find((l) => l.sn === unknown)!.address).toMatch(/127\.0\.0\.1/);
    });

    it('a cabinet touches only its own topics', async () => {
      const a = await cabinet();
      const b = await cabinet();
      await b.start();
      await a.connect();
      // SUBACK 0x80: refused.
      await expect(a.client!.subscribeAsync(b.topic('down'), { qos: 1 })).rejects.toThrow(/Subscribe error/);
      // Publishing on another cabinet's topic closes the offender's connection; b is untouched.
      a.client!.publish(
        b.topic('up'),
        JSON.stringify({ v: 1, id: 'x', ts: Date.now(), type: 'heartbeat', data: { csq: 3, heartbeatSec: 60 } }),
        { qos: 1 },
      );
      await until(async () => (await logOf(a.sn)).some((l) => l.reason === 'forbiddenTopic'));
      await new Promise((r) => setTimeout(r, 300));
      expect((await row(b.sn)).csq).not.toBe(3);
    });

    it('a clean DISCONNECT is offline at once with reason disconnect', async () => {
      const cab = await cabinet();
      await cab.start();
      await until(async () => (await row(cab.sn)).online);
      await cab.disconnect();
      const off = await until(async () => {
        const r = await row(cab.sn);
        return r.online ? null : r;
      });
      expect(off.onlineReason).toBe('disconnect');
    });
  });

  it('keeps the fleet key in the database when DEVICE_SECRET is unset', async () => {
    const rows = await s.current.database.db.execute(sql`select value from dev_setting where key = 'deviceSecret'`);
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(1);
  });
});
