import type { FastifyBaseLogger } from 'fastify';
import { createFleet, MODELS, modelFor, serialNumber, type Fleet } from '@cbo/simulator';
import type { DeviceType, Lang, ModelItem, ModelSave } from '@cbo/contract';
import { DEMO_WORDS } from './demo-words.js';

/** What the built-in fleet needs from the server: the batch-storage path, the secrets, the broker. */
export interface SimulatorHost {
  fleet: {
    stockIn(input: {
      start: string;
      end: string;
    }): Promise<{ succeeded: number; failed: { sn: string; reason: string }[] }>;
    secretOf(sn: string): string;
  };
  gateway: { brokerUrl: string };
  /** The device assets: every simulated cabinet gets the model (asset model) it reports. */
  assets: {
    models: {
      rows(f: { deviceType?: DeviceType; model?: string }, offset: number, limit: number): Promise<ModelItem[]>;
      save(req: ModelSave): Promise<{ id: number }>;
    };
    stock: { giveModel(deviceIds: string[], modelId: number): Promise<number> };
  };
}

/** The asset model of a simulated cabinet model (CB-12 → SIMCB12: a model code is letters and digits). */
const assetModelCode = (model: string) => `SIM${model.replace(/[^A-Za-z0-9]/g, '')}`;

/**
 * Each simulated cabinet without a model gets the one it reports (`CB-12`, as the asset model
 * SIMCB12 "Sim cabinet" in DEMO_LANGUAGE, 12 slots), made once and found again on a restart:
 * every device has a model, the demo's too.
 */
export async function giveSimulatedModels(
  sns: string[],
  assets: SimulatorHost['assets'],
  language: Lang,
): Promise<void> {
  const words = DEMO_WORDS[language];
  const byModel = new Map<string, string[]>();
  for (const sn of sns) byModel.set(modelFor(sn), [...(byModel.get(modelFor(sn)) ?? []), sn]);
  for (const [model, ids] of byModel) {
    const code = assetModelCode(model);
    const find = async () =>
      (await assets.models.rows({ deviceType: 'cabinet', model: code }, 0, 10)).find((m) => m.model === code)?.id;
    const id =
      (await find()) ??
      // Two processes starting together: the second's save is refused as taken, and finds the first's.
      (await assets.models
        .save({
          productName: words.simulatedCabinetModel,
          model: code,
          deviceType: 'cabinet',
          slotCount: MODELS[model],
          remark: words.simulatedCabinetRemark,
        })
        .then(
          (r) => r.id,
          async () => find(),
        ));
    if (id !== undefined) await assets.stock.giveModel(ids, id);
  }
}

export const SIMULATOR_PREFIX = 'SIMU';
const BATCH = 500;

/**
 * The fleet `npm start` shows by default (SIMULATOR cabinets, SIMU000000000001…): stocked in
 * through the same service as the batch-storage screen (already in stock is fine, so a restart
 * changes nothing), then run in this process as real MQTT clients of the server's broker, so
 * they register, heartbeat and answer commands exactly as hardware would.
 */
export async function startSimulatedFleet(
  count: number,
  host: SimulatorHost,
  log: FastifyBaseLogger,
  opts: { returnsPerMinute?: number; /** DEMO_LANGUAGE: the language of the model it makes. */ language: Lang },
): Promise<Fleet | null> {
  if (count <= 0) return null;
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    const report = await host.fleet.stockIn({
      start: serialNumber(SIMULATOR_PREFIX, from),
      end: serialNumber(SIMULATOR_PREFIX, to),
    });
    const other = report.failed.filter((f) => f.reason !== 'alreadyInStock');
    if (other.length) log.warn({ failed: other.slice(0, 5) }, 'some simulated cabinets could not be stocked in');
    await giveSimulatedModels(
      Array.from({ length: to - from + 1 }, (_, i) => serialNumber(SIMULATOR_PREFIX, from + i)),
      host.assets,
      opts.language,
    );
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
