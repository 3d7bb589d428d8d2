import { VirtualCabinet, type CabinetOptions } from './cabinet.js';
import { cabinetSecret } from './secret.js';

export interface FleetOptions extends Omit<CabinetOptions, 'sn' | 'secret'> {
  /** How many cabinets. */
  count: number;
  /** 4 letters; SNs are prefix + 12 digits, numbered from `start`. */
  prefix?: string;
  start?: number;
  /** The fleet key (DEVICE_SECRET); or give `secretOf`. */
  deviceSecret?: string;
  /** Each cabinet's secret (the server's `fleet.secretOf`), when the key itself is not at hand. */
  secretOf?: (sn: string) => string | Promise<string>;
  /** Power banks coming back per minute, over the whole fleet (0: none). */
  returnsPerMinute?: number;
  /** Slot faults per minute over the whole fleet; each recovers after `faultMinutes`. */
  faultsPerMinute?: number;
  faultMinutes?: number;
  /** Cabinets connecting at the same time while the fleet starts (a ramp, as real fleets power up). */
  connectConcurrency?: number;
}

export interface FleetSummary {
  cabinets: number;
  connected: number;
  registered: number;
  commands: number;
  failed: number;
  rejected: number;
  duplicates: number;
  heartbeats: number;
  returns: number;
  faults: number;
  reconnects: number;
  lastError: string | null;
}

export interface Fleet {
  cabinets: VirtualCabinet[];
  /** Connects every cabinet (ramped); resolves once each has had its first connection attempt. */
  start(): Promise<void>;
  /** Resolves when `n` cabinets (default all) are registered, or rejects after timeoutMs. */
  waitRegistered(n?: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
  summary(): FleetSummary;
}

/** A fleet's summary before anything happened (also what a fleet in another process reports until it first speaks). */
export function emptySummary(cabinets: number): FleetSummary {
  return {
    cabinets,
    connected: 0,
    registered: 0,
    commands: 0,
    failed: 0,
    rejected: 0,
    duplicates: 0,
    heartbeats: 0,
    returns: 0,
    faults: 0,
    reconnects: 0,
    lastError: null,
  };
}

/** SN for cabinet number `n` of a prefix: 4 letters + 12 digits. */
export function serialNumber(prefix: string, n: number): string {
  return `${prefix.toUpperCase()}${String(n).padStart(12, '0')}`;
}

/** A fleet of virtual cabinets with fleet-wide returns and faults. */
export async function createFleet(options: FleetOptions): Promise<Fleet> {
  const {
    count,
    prefix = 'SIMU',
    start = 1,
    deviceSecret,
    secretOf,
    returnsPerMinute = 0,
    faultsPerMinute = 0,
    faultMinutes = 5,
    connectConcurrency = 100,
    ...cabinetOptions
  } = options;
  if (!/^[A-Za-z]{4}$/.test(prefix)) throw new Error(`prefix must be 4 letters, got "${prefix}"`);
  if (!Number.isInteger(count) || count < 0) throw new Error(`count must be a whole number, got ${count}`);
  if (!Number.isInteger(start) || start < 0 || start + count - 1 > 999_999_999_999)
    throw new Error('start and count must keep SNs within 12 digits');
  if (!deviceSecret && !secretOf) throw new Error('give deviceSecret or secretOf');
  const random = cabinetOptions.random ?? Math.random;
  const cabinets: VirtualCabinet[] = [];
  for (let i = 0; i < count; i++) {
    const sn = serialNumber(prefix, start + i);
    const secret = deviceSecret ? cabinetSecret(deviceSecret, sn) : await secretOf!(sn);
    cabinets.push(new VirtualCabinet({ ...cabinetOptions, sn, secret }));
  }
  // Power banks out on rent: those missing from their cabinets at first start, then every ejected one.
  const outOnRent: { powerBankId: string; battery: number }[] = cabinets.flatMap((c) =>
    c.missingPowerBanks().map((powerBankId) => ({ powerBankId, battery: 10 + Math.floor(random() * 60) })),
  );
  let returns = 0;
  let faults = 0;
  for (const c of cabinets) {
    c.on('ejected', (e: { powerBankId: string; battery: number }) =>
      outOnRent.push({ powerBankId: e.powerBankId, battery: Math.max(0, e.battery - 30) }),
    );
  }
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;

  /** Poisson arrivals: called every second with the expected number per second. */
  const every = (perMinute: number, fn: () => void) => {
    if (perMinute <= 0) return;
    timers.push(
      setInterval(() => {
        let expected = perMinute / 60;
        while (expected > 0) {
          if (random() < Math.min(1, expected)) fn();
          expected -= 1;
        }
      }, 1000),
    );
  };
  const registered = () => cabinets.filter((c) => c.registered);
  every(returnsPerMinute, () => {
    const ready = registered();
    if (!ready.length || !outOnRent.length) return;
    const bank = outOnRent.splice(Math.floor(random() * outOnRent.length), 1)[0]!;
    const cab = ready[Math.floor(random() * ready.length)]!;
    if (cab.returnPowerBank(bank.powerBankId, bank.battery) === null) outOnRent.push(bank);
    else returns++;
  });
  every(faultsPerMinute, () => {
    const ready = registered();
    if (!ready.length) return;
    const cab = ready[Math.floor(random() * ready.length)]!;
    const slot = cab.injectFault();
    if (slot === null) return;
    faults++;
    const t = setTimeout(() => cab.recoverFault(slot), faultMinutes * 60_000);
    timers.push(t);
  });

  return {
    cabinets,
    async start() {
      let next = 0;
      const ramp = async () => {
        while (next < cabinets.length && !stopped) {
          const c = cabinets[next++]!;
          c.start();
          // The next one starts when this one is connected (or failed), keeping `connectConcurrency` in flight.
          await new Promise<void>((resolve) => {
            const done = () => {
              c.off('state', onState);
              resolve();
            };
            const onState = (s: string) => {
              if (s !== 'connecting') done();
            };
            if (c.state !== 'connecting') return resolve();
            c.on('state', onState);
          });
        }
      };
      await Promise.all(Array.from({ length: Math.min(connectConcurrency, cabinets.length) }, ramp));
    },
    waitRegistered(n = cabinets.length, timeoutMs = 60_000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => registered().length >= n;
        if (check()) return resolve();
        const poll = setInterval(() => {
          if (check()) {
            clearInterval(poll);
            clearTimeout(t);
            resolve();
          }
        }, 50);
        const t = setTimeout(() => {
          clearInterval(poll);
          const s = cabinets.find((c) => c.lastError)?.lastError;
          reject(
            new Error(
              `${registered().length} of ${n} cabinets registered after ${timeoutMs} ms${s ? ` (last error: ${s})` : ''}`,
            ),
          );
        }, timeoutMs);
      });
    },
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      await Promise.all(cabinets.map((c) => c.stop()));
    },
    summary() {
      const s: FleetSummary = { ...emptySummary(cabinets.length), returns, faults };
      for (const c of cabinets) {
        if (c.connected) s.connected++;
        if (c.registered) s.registered++;
        s.commands += c.stats.commands;
        s.failed += c.stats.failed;
        s.rejected += c.stats.rejected;
        s.duplicates += c.stats.duplicates;
        s.heartbeats += c.stats.heartbeats;
        s.reconnects += Math.max(0, c.stats.connects - 1);
        if (c.lastError && !c.registered) s.lastError = `${c.sn}: ${c.lastError}`;
      }
      return s;
    },
  };
}
