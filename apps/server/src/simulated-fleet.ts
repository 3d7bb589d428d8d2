import type { FastifyBaseLogger } from 'fastify';
import { createFleet, serialNumber, type Fleet } from '@cbo/simulator';

/** What the built-in fleet needs from the server: the batch-storage path, the secrets, the broker. */
export interface SimulatorHost {
  fleet: {
    stockIn(input: { start: string; end: string }): Promise<{ succeeded: number; failed: { sn: string; reason: string }[] }>;
    secretOf(sn: string): string;
  };
  gateway: { brokerUrl: string };
}

export const SIMULATOR_PREFIX = 'SIMU';
const BATCH = 500;

/**
 * The fleet `npm start` shows by default (SIMULATOR cabinets, SIMU000000000001…): stocked in
 * through the same service as the batch-storage screen (already in stock is fine, so a restart
 * changes nothing), then run in this process as real MQTT clients of the server's broker, so
 * they register, heartbeat and answer commands exactly as hardware would.
 */
export async function startSimulatedFleet(count: number, host: SimulatorHost, log: FastifyBaseLogger, opts: { returnsPerMinute?: number } = {}): Promise<Fleet | null> {
  if (count <= 0) return null;
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    const report = await host.fleet.stockIn({ start: serialNumber(SIMULATOR_PREFIX, from), end: serialNumber(SIMULATOR_PREFIX, to) });
    const other = report.failed.filter((f) => f.reason !== 'alreadyInStock');
    if (other.length) log.warn({ failed: other.slice(0, 5) }, 'some simulated cabinets could not be stocked in');
  }
  const fleet = await createFleet({
    count,
    prefix: SIMULATOR_PREFIX,
    start: 1,
    url: host.gateway.brokerUrl,
    secretOf: (sn) => host.fleet.secretOf(sn),
    // Inventories move a little: a power bank comes back now and then. No failures or faults, so
    // nobody trying the console meets a surprise they did not ask for.
    returnsPerMinute: opts.returnsPerMinute ?? 1,
  });
  await fleet.start();
  log.info(
    `${count} simulated cabinets (${serialNumber(SIMULATOR_PREFIX, 1)}…${serialNumber(SIMULATOR_PREFIX, count)}) run against ${host.gateway.brokerUrl}; SIMULATOR=0 turns them off.`,
  );
  return fleet;
}
