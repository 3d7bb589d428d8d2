import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../../test/helper.js';
import { brokerEnv, clearRetained, fleetTargets, http, until } from '../../test/fleet/fleet-helpers.js';
import { newSn, TestCabinet } from '../../test/fleet/test-cabinet.js';

const CAB = '/device/api/v1/cabinet';

/**
 * What the fleet screens show is what happened: never connected reads apart from offline, the
 * server address is the endpoint the cabinet came through, the configuration names the broker
 * really listening, and every command an operator orders has its device-log line (who, what).
 */
describe.each(fleetTargets)('fleet truth ($engine, $broker broker)', ({ engine, broker }) => {
  const s = useServer(engine, brokerEnv(broker));
  let token = '';
  const api = http(s, () => token);
  const cabinets: TestCabinet[] = [];

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

  it('never connected, online and offline are three states, in the list, the detail and the filter', async () => {
    const sn = newSn();
    await s.current.server.services.fleet.stockIn({ sns: [sn] });
    const row = async () => (await api.get(`${CAB}/queryPage`, { sn })).data.list[0];
    expect(await row()).toMatchObject({ sn, online: false, connection: 'neverConnected', connectedVia: null });
    const inState = async (connection: string) =>
      (await api.get(`${CAB}/queryPage`, { sn, connection })).data.total as number;
    expect(await inState('neverConnected')).toBe(1);
    expect(await inState('offline')).toBe(0);

    const cab = new TestCabinet(
      s.current.server.services.gateway.brokerUrl,
      sn,
      s.current.server.services.fleet.secretOf(sn),
      2,
    );
    cabinets.push(cab);
    await cab.start();
    const on = await until(async () => ((await row()).connection === 'online' ? row() : null), 8_000, 'online');
    // The endpoint it came through: the embedded broker's port, or the external broker's.
    const port = new URL(s.current.server.services.gateway.brokerUrl).port;
    expect(on.connectedVia).toMatch(new RegExp(`:${port}$`));
    expect((await api.get(`${CAB}/detail`, { sn })).data).toMatchObject({
      connection: 'online',
      connectedVia: on.connectedVia,
    });
    expect(await inState('online')).toBe(1);

    cab.drop(); // the connection breaks: the broker publishes the will
    await until(async () => ((await row()).connection === 'offline' ? true : null), 8_000, 'offline');
    expect(await inState('offline')).toBe(1);
    expect(await inState('neverConnected')).toBe(0);
    expect((await api.get(`${CAB}/detail`, { sn })).data.connection).toBe('offline');
  });

  it('the configuration answers where the broker really listens', async () => {
    const sys = (await api.get('/user/api/v1/global/config/findBySys')).data;
    const url = new URL(s.current.server.services.gateway.brokerUrl);
    expect(sys.broker).toMatchObject({ port: Number(url.port), external: broker === 'external' });
  });

  it('every command an operator orders writes a device-log line with who and what, with its record', async () => {
    const sn = newSn();
    await s.current.server.services.fleet.stockIn({ sns: [sn] });
    const cab = new TestCabinet(
      s.current.server.services.gateway.brokerUrl,
      sn,
      s.current.server.services.fleet.secretOf(sn),
      4,
    );
    cabinets.push(cab);
    await cab.start();
    await until(async () => (await api.get(`${CAB}/detail`, { sn })).data.slotList.length === 4, 8_000, 'inventory');

    const restart = await api.post('/device/api/v1/command/send', { sn, type: 'restart' });
    expect(restart.code).toBe(0);
    const eject = await api.post('/device/api/v1/forcedEject/eject', { sn, slot: 1, reason: 'stuck' });
    expect(eject.code).toBe(0);
    const upgrade = await api.post('/device/api/v1/firmware/upgrade', {
      sns: [sn],
      version: '9.9.9',
      url: 'https://fw.example.com/9.9.9.bin',
      sha256: 'b'.repeat(64),
    });
    expect(upgrade.code).toBe(0);

    const lines = (await api.get('/device/api/v1/deviceLog/queryPage', { sn, kind: 'operator', pageSize: 20 })).data
      .list as { reason: string; actor: string; detail: string }[];
    expect(lines.map((l) => l.reason).sort()).toEqual(['eject', 'restart', 'upgrade']);
    for (const l of lines) expect(l.actor).toBe('admin');
    expect(lines.find((l) => l.reason === 'restart')!.detail).toContain(restart.data.id);
    // Each line and its command: one exists only with the other.
    const commands = (await api.get('/device/api/v1/command/queryPage', { sn, pageSize: 20 })).data.list as {
      id: string;
      createdBy: string | null;
    }[];
    const ordered = commands.filter((c) => c.createdBy === 'admin');
    expect(ordered).toHaveLength(3);
    for (const c of ordered) expect(lines.some((l) => l.detail.includes(c.id))).toBe(true);
    // Let the cabinet finish answering before it is shut down.
    await until(
      async () => {
        const list = (await api.get('/device/api/v1/command/queryPage', { sn, pageSize: 20 })).data.list as {
          state: string;
        }[];
        return list.every((c) => ['succeeded', 'failed', 'expired'].includes(c.state)) ? true : null;
      },
      15_000,
      'commands settled',
    );
  });
});
