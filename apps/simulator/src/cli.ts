/**
 * `npm run simulate -- --cabinets N --url mqtt://host:port --secret <DEVICE_SECRET> [...]`:
 * runs N virtual cabinets (docs/protocol.md) until Ctrl-C, with a one-line live summary.
 */
import { parseArgs } from 'node:util';
import { createFleet, serialNumber, type FleetSummary } from './fleet.js';

const USAGE = `Usage: npm run simulate -- --cabinets N --url mqtt://host:port --secret <DEVICE_SECRET> [options]

  --cabinets N             how many cabinets (1-50000)                       required
  --url URL                the broker: mqtt://host:port                      default mqtt://127.0.0.1:1883
  --secret KEY             the fleet key DEVICE_SECRET (or env DEVICE_SECRET) required
  --prefix ABCD            4 letters; SNs are prefix + 12 digits             default SIMU
  --start N                number of the first SN                           default 1
  --failure-rate R         share of ejects/lock openings/upgrades that fail default 0
  --latency-ms MS          mean delay before each answer                    default 0
  --returns-per-minute R   power banks returned per minute, whole fleet     default 0
  --faults-per-minute R    slot faults per minute, whole fleet              default 0
  --heartbeat-sec S        interval until the server says otherwise         default 60
  --help                   this text

The cabinets must be stocked in first (Device management > Cabinet batch storage), or the
server refuses them as unknown.`;

function fail(message: string): never {
  console.error(`simulate: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function num(name: string, raw: string | undefined, def: number, min: number, max: number, integer = true): number {
  if (raw === undefined) return def;
  const v = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(v) || (integer && !Number.isInteger(v))) fail(`--${name} must be ${integer ? 'a whole number' : 'a number'}, got "${raw}"`);
  if (v < min || v > max) fail(`--${name} must be between ${min} and ${max}, got ${v}`);
  return v;
}

function line(s: FleetSummary, startedAt: number): string {
  const secs = Math.round((Date.now() - startedAt) / 1000);
  return (
    `[${secs}s] cabinets ${s.cabinets} · connected ${s.connected} · registered ${s.registered} · commands answered ${s.commands}` +
    ` (failed ${s.failed}, rejected ${s.rejected}, duplicates ${s.duplicates}) · heartbeats ${s.heartbeats} · returns ${s.returns}` +
    ` · faults ${s.faults} · reconnects ${s.reconnects}` +
    (s.lastError && s.registered < s.cabinets ? ` · last error ${s.lastError}` : '')
  );
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        cabinets: { type: 'string' },
        url: { type: 'string' },
        secret: { type: 'string' },
        prefix: { type: 'string' },
        start: { type: 'string' },
        'failure-rate': { type: 'string' },
        'latency-ms': { type: 'string' },
        'returns-per-minute': { type: 'string' },
        'faults-per-minute': { type: 'string' },
        'heartbeat-sec': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    fail((e as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (values.cabinets === undefined) fail('--cabinets is required');
  const count = num('cabinets', values.cabinets, 0, 1, 50_000);
  const url = values.url ?? 'mqtt://127.0.0.1:1883';
  try {
    const u = new URL(url);
    if (!['mqtt:', 'tcp:'].includes(u.protocol)) throw new Error();
  } catch {
    fail(`--url must look like mqtt://host:port, got "${url}"`);
  }
  const secret = values.secret ?? process.env.DEVICE_SECRET;
  if (!secret) fail('--secret is required (the server setting DEVICE_SECRET; or set env DEVICE_SECRET)');
  const prefix = values.prefix ?? 'SIMU';
  if (!/^[A-Za-z]{4}$/.test(prefix)) fail(`--prefix must be 4 letters, got "${prefix}"`);
  const start = num('start', values.start, 1, 0, 999_999_999_999);
  if (start + count - 1 > 999_999_999_999) fail('--start plus --cabinets go past 12 digits');
  const failureRate = num('failure-rate', values['failure-rate'], 0, 0, 1, false);
  const latencyMs = num('latency-ms', values['latency-ms'], 0, 0, 60_000);
  const returnsPerMinute = num('returns-per-minute', values['returns-per-minute'], 0, 0, 100_000, false);
  const faultsPerMinute = num('faults-per-minute', values['faults-per-minute'], 0, 0, 100_000, false);
  const heartbeatSec = num('heartbeat-sec', values['heartbeat-sec'], 60, 1, 3600);

  const fleet = await createFleet({ count, prefix, start, url, deviceSecret: secret, failureRate, latencyMs, returnsPerMinute, faultsPerMinute, heartbeatSec });
  console.log(`Simulating ${count} cabinets ${serialNumber(prefix, start)}…${serialNumber(prefix, start + count - 1)} against ${url}. Ctrl-C stops them.`);
  const startedAt = Date.now();
  const tty = process.stdout.isTTY;
  let lastPrinted = '';
  const print = (force = false) => {
    const l = line(fleet.summary(), startedAt);
    if (tty) process.stdout.write(`\r\x1b[2K${l}`);
    else if (force || l.replace(/^\[\d+s\] /, '') !== lastPrinted) console.log(l);
    lastPrinted = l.replace(/^\[\d+s\] /, '');
  };
  const timer = setInterval(print, tty ? 1000 : 10_000);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(timer);
    print(true);
    if (tty) process.stdout.write('\n');
    await fleet.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  await fleet.start();
  const registeredIn = async () => {
    await fleet.waitRegistered(count, 120_000).then(
      () => {
        if (tty) process.stdout.write('\n');
        console.log(`All ${count} cabinets registered in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);
      },
      (e: Error) => {
        if (tty) process.stdout.write('\n');
        console.log(`Not all registered yet: ${e.message}. Are they stocked in, and is --secret the server's DEVICE_SECRET?`);
      },
    );
  };
  void registeredIn();
}

main().catch((e) => {
  console.error(`simulate: ${(e as Error).message}`);
  process.exit(1);
});
