import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { Fleet } from '@cbo/simulator';
import { useServer } from './test/helper.js';
import { fleetTargets, brokerEnv, http, until } from './test/fleet/fleet-helpers.js';
import { startSimulatedFleet } from './simulated-fleet.js';

const CAB = '/device/api/v1/cabinet';

/**
 * The built-in fleet of `npm start`: stocked in through the batch-storage service, registered
 * through the gateway exactly as hardware is, answering commands sent from the console's calls.
 */
describe.each(fleetTargets)('simulated fleet in the server ($engine, $broker broker)', ({ engine, broker }) => {
  const s = useServer(engine, brokerEnv(broker));
  let token = '';
  const api = http(s, () => token);
  let fleet: Fleet | null = null;
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (l: string) => void lines.push(JSON.parse(l).msg as string) });

  beforeAll(async () => {
    token = await s.current.login();
  });
  afterAll(async () => {
    await fleet?.stop();
  });

  const online = async () =>
    (await api.get(`${CAB}/queryPage`, { sn: 'SIMU', online: true, pageSize: 50 })).data as {
      total: number;
      list: { sn: string; freeSlots: number }[];
    };

  it('stocks in SIMULATOR cabinets, connects them to the gateway and says how to turn them off', async () => {
    fleet = await startSimulatedFleet(3, s.current.server.services, log, { returnsPerMinute: 0, language: 'en_US' });
    expect(fleet?.cabinets.map((c) => c.sn)).toEqual(['SIMU000000000001', 'SIMU000000000002', 'SIMU000000000003']);
    // Online, and each first inventory stored. The page's rows and its total are two reads side by
    // side, so while the cabinets come online one may see them and the other not yet: wait for both.
    const r = await until(
      async () => {
        const o = await online();
        return o.total === 3 && o.list.length === 3 && o.list.every((c) => c.freeSlots !== null) ? o : null;
      },
      15_000,
      'three simulated cabinets online with their inventory',
    );
    expect(r.list.map((c) => c.sn).sort()).toEqual(['SIMU000000000001', 'SIMU000000000002', 'SIMU000000000003']);
    expect(lines.some((l) => /3 simulated cabinets .* SIMULATOR=0 turns them off/.test(l))).toBe(true);
  });

  it('answers a command sent through the console call, and the server sees the slot empty', async () => {
    const cab = fleet!.cabinets[0]!;
    const slot = cab.inventory().find((x) => x.powerBankId)!;
    const sent = await api.post('/device/api/v1/command/send', {
      sn: cab.sn,
      type: 'eject',
      data: { slot: slot.slot, force: true },
    });
    expect(sent.code).toBe(0);
    const done = await until(
      async () => {
        const d = (await api.get('/device/api/v1/command/detail', { id: sent.data.id })).data as {
          state: string;
          result: unknown;
        };
        return ['succeeded', 'failed', 'expired'].includes(d.state) ? d : null;
      },
      10_000,
      'eject result',
    );
    expect(done).toMatchObject({ state: 'succeeded', result: { slot: slot.slot, powerBankId: slot.powerBankId } });
    const empty = cab.inventory().filter((x) => !x.powerBankId).length;
    await until(
      async () => (await online()).list.find((c) => c.sn === cab.sn)!.freeSlots === empty,
      5000,
      'inventory with the slot free',
    );
  });

  it('starts again after a restart of the server process: already stocked in is fine', async () => {
    await fleet!.stop();
    await until(async () => ((await online()).total === 0 ? true : null), 10_000, 'all offline after a clean stop');
    fleet = await startSimulatedFleet(3, s.current.server.services, log, { returnsPerMinute: 0, language: 'en_US' });
    await until(async () => ((await online()).total === 3 ? true : null), 15_000, 'online again');
    const all = (await api.get(`${CAB}/queryPage`, { sn: 'SIMU', pageSize: 50 })).data as { total: number };
    expect(all.total).toBe(3);
  });

  it('SIMULATOR=0 runs nothing', async () => {
    expect(await startSimulatedFleet(0, s.current.server.services, log, { language: 'en_US' })).toBeNull();
  });
});
