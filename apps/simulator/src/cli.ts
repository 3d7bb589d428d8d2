/**
 * `npm run simulate -- --cabinets N --url mqtt://host:port --secret <DEVICE_SECRET> [...]`:
 * runs N virtual cabinets (docs/protocol.md) until Ctrl-C, with a one-line live summary.
 *
 * `npm run simulate -- --customers N --rate R [...]`: N more customers against a running server,
 * through its app API, renting from and returning to cabinets of this process (stocked in and
 * placed in an outlet through the staff API first), R rentals per minute.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type { CallName, SmsConfig } from '@cbo/contract';
import { apiClient, type Answer, type CallApi, type CallInput } from './client.js';
import { codeFromSmsLog, driveCustomers, type CustomerSummary } from './customers.js';
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
server refuses them as unknown.

Customers: npm run simulate -- --customers N --rate R --secret <DEVICE_SECRET> [options]
  --customers N            customers renting through the app API (1-10000)
  --rate R                 rentals started per minute, all customers          required with --customers
  --api URL                the server                                         default http://127.0.0.1:8080
  --sms-log FILE           the server's DATA_DIR/sms.log (SMS_PROVIDER=file)  default ./data/sms.log
  --area-code CODE         the customers' area code                           default 86
  --hold-sec MIN-MAX       seconds a customer keeps a power bank              default 200-480
  --admin USER:PASSWORD    staff account that stocks in and places the
                           cabinets (or env ADMIN_USERNAME/ADMIN_PASSWORD)    default admin:admin123
  --outlet-id ID           the outlet the cabinets go to                      default a demo outlet
  --minutes M              stop after M minutes                               default: until Ctrl-C
  With --customers, --cabinets defaults to 4 and --prefix to SIMC: this process's cabinets,
  stocked in and bound to the outlet through the staff API (again on every run: harmless).`;

function fail(message: string): never {
  console.error(`simulate: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function num(name: string, raw: string | undefined, def: number, min: number, max: number, integer = true): number {
  if (raw === undefined) return def;
  const v = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(v) || (integer && !Number.isInteger(v)))
    fail(`--${name} must be ${integer ? 'a whole number' : 'a number'}, got "${raw}"`);
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
        customers: { type: 'string' },
        rate: { type: 'string' },
        api: { type: 'string' },
        'sms-log': { type: 'string' },
        'area-code': { type: 'string' },
        'hold-sec': { type: 'string' },
        admin: { type: 'string' },
        'outlet-id': { type: 'string' },
        minutes: { type: 'string' },
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
  const customers = values.customers === undefined ? 0 : num('customers', values.customers, 0, 1, 10_000);
  if (!customers && values.rate !== undefined) fail('--rate goes with --customers');
  if (customers && values.rate === undefined) fail('--rate is required with --customers');
  if (values.cabinets === undefined && !customers) fail('--cabinets is required');
  const count = num('cabinets', values.cabinets, 4, 1, 50_000);
  const url = values.url ?? 'mqtt://127.0.0.1:1883';
  try {
    const u = new URL(url);
    if (!['mqtt:', 'tcp:'].includes(u.protocol)) throw new Error();
  } catch {
    fail(`--url must look like mqtt://host:port, got "${url}"`);
  }
  const secret = values.secret ?? process.env.DEVICE_SECRET;
  if (!secret) fail('--secret is required (the server setting DEVICE_SECRET; or set env DEVICE_SECRET)');
  const prefix = values.prefix ?? (customers ? 'SIMC' : 'SIMU');
  if (!/^[A-Za-z]{4}$/.test(prefix)) fail(`--prefix must be 4 letters, got "${prefix}"`);
  const start = num('start', values.start, 1, 0, 999_999_999_999);
  if (start + count - 1 > 999_999_999_999) fail('--start plus --cabinets go past 12 digits');
  const failureRate = num('failure-rate', values['failure-rate'], 0, 0, 1, false);
  const latencyMs = num('latency-ms', values['latency-ms'], 0, 0, 60_000);
  const returnsPerMinute = num('returns-per-minute', values['returns-per-minute'], 0, 0, 100_000, false);
  const faultsPerMinute = num('faults-per-minute', values['faults-per-minute'], 0, 0, 100_000, false);
  const heartbeatSec = num('heartbeat-sec', values['heartbeat-sec'], 60, 1, 3600);

  const shop = customers ? customerOptions(values) : null;
  const putBudgetsBack = shop
    ? await placeCabinets(
        shop,
        Array.from({ length: count }, (_, i) => serialNumber(prefix, start + i)),
        customers,
      )
    : null;

  const fleet = await createFleet({
    count,
    prefix,
    start,
    url,
    deviceSecret: secret,
    failureRate,
    latencyMs,
    returnsPerMinute,
    faultsPerMinute,
    heartbeatSec,
  });
  console.log(
    `Simulating ${count} cabinets ${serialNumber(prefix, start)}…${serialNumber(prefix, start + count - 1)} against ${url}. Ctrl-C stops them.`,
  );
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
  if (shop) {
    await fleet
      .waitRegistered(count, 60_000)
      .catch((e: Error) =>
        fail(`the cabinets did not register: ${e.message}. Is --secret the server's DEVICE_SECRET, --url its broker?`),
      );
    const driver = driveCustomers({
      customers,
      ratePerMinute: shop.rate,
      cabinets: fleet.cabinets,
      call: shop.app,
      readCode: async (areaCode, mobile, since) =>
        codeFromSmsLog(await fs.promises.readFile(shop.smsLog, 'utf8').catch(() => ''), areaCode, mobile, since),
      areaCode: shop.areaCode,
      mobileOf: (n) => `1390${String(start).padStart(3, '0').slice(-3)}${String(n).padStart(4, '0')}`,
      holdSeconds: shop.holdSeconds,
    });
    console.log(
      `${customers} customers rent ${shop.rate} times a minute through ${shop.api} from ${count} cabinets ${serialNumber(prefix, start)}…${serialNumber(prefix, start + count - 1)} (outlet ${shop.outletId}).`,
    );
    const report = setInterval(() => console.log(customerLine(driver.summary(), startedAt)), 10_000);
    const end = async () => {
      clearInterval(report);
      await driver.stop();
      console.log(customerLine(driver.summary(), startedAt));
      await putBudgetsBack?.();
      await stop();
    };
    process.removeAllListeners('SIGINT');
    process.removeAllListeners('SIGTERM');
    process.on('SIGINT', () => void end());
    process.on('SIGTERM', () => void end());
    if (shop.minutes) setTimeout(() => void end(), shop.minutes * 60_000);
    return;
  }
  const registeredIn = async () => {
    await fleet.waitRegistered(count, 120_000).then(
      () => {
        if (tty) process.stdout.write('\n');
        console.log(`All ${count} cabinets registered in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);
      },
      (e: Error) => {
        if (tty) process.stdout.write('\n');
        console.log(
          `Not all registered yet: ${e.message}. Are they stocked in, and is --secret the server's DEVICE_SECRET?`,
        );
      },
    );
  };
  void registeredIn();
}

interface CustomerSetup {
  api: string;
  rate: number;
  smsLog: string;
  areaCode: string;
  holdSeconds: [number, number];
  admin: { userName: string; password: string };
  outletId: number | null;
  minutes: number;
  /** The server's API with the customer app's ClientType (USER_ANDROID), and with the console's (MANAGE_PC). */
  app: CallApi;
  console: CallApi;
}

function customerOptions(values: Record<string, string | boolean | undefined>): CustomerSetup {
  const str = (k: string) => values[k] as string | undefined;
  const api = (str('api') ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
  try {
    if (!['http:', 'https:'].includes(new URL(api).protocol)) throw new Error();
  } catch {
    fail(`--api must look like http://host:port, got "${api}"`);
  }
  const rate = num('rate', str('rate'), 0, 0.1, 100_000, false);
  const hold = (str('hold-sec') ?? '200-480').split('-').map((x) => Number(x));
  if (hold.length !== 2 || hold.some((x) => !Number.isFinite(x) || x < 0) || hold[0]! > hold[1]!)
    fail(`--hold-sec must look like 200-480, got "${str('hold-sec')}"`);
  const admin = str('admin') ?? `${process.env.ADMIN_USERNAME ?? 'admin'}:${process.env.ADMIN_PASSWORD ?? 'admin123'}`;
  const colon = admin.indexOf(':');
  if (colon < 1) fail('--admin must look like USER:PASSWORD');
  const areaCode = (str('area-code') ?? '86').replace(/^\+/, '');
  if (!/^\d{1,4}$/.test(areaCode)) fail(`--area-code must be 1-4 digits, got "${areaCode}"`);
  const outlet = str('outlet-id');
  return {
    api,
    rate,
    smsLog: str('sms-log') ?? `${process.env.DATA_DIR ?? './data'}/sms.log`,
    areaCode,
    holdSeconds: [hold[0]!, hold[1]!],
    admin: { userName: admin.slice(0, colon), password: admin.slice(colon + 1) },
    outletId: outlet === undefined ? null : num('outlet-id', outlet, 0, 1, Number.MAX_SAFE_INTEGER),
    minutes: num('minutes', str('minutes'), 0, 0, 100_000, false),
    app: apiClient(api, 'USER_ANDROID'),
    console: apiClient(api, 'MANAGE_PC'),
  };
}

/** The console's calls, as the staff account signed in for the run. */
type Staff = <K extends CallName>(name: K, input?: CallInput<K>) => Promise<Answer<K>>;

/**
 * The server budgets verification texts per client address (docs/decisions/customers.md, "One phone, one
 * customer"), and every customer of this run signs in from this one address. When the budgets
 * cannot carry the run, they are raised for it through the staff API and put back when it ends
 * (Ctrl-C included); the answer says what to put back by hand if the process is killed.
 */
async function raiseTextBudgets(staff: Staff, customers: number): Promise<(() => Promise<void>) | null> {
  const read = await staff('configSms');
  if (read.code !== 0) fail(`cannot read the server's text budgets: ${read.msg}`);
  const was = read.data;
  const want: SmsConfig = {
    numberPerDay: was.numberPerDay,
    addressPerMinute: Math.max(was.addressPerMinute, Math.min(1000, customers)),
    addressPerHour: Math.max(was.addressPerHour, Math.min(10_000, customers * 2)),
    overallPerHour: Math.max(was.overallPerHour, Math.min(1_000_000, was.overallPerHour + customers * 2)),
  };
  const changed = (Object.keys(want) as (keyof SmsConfig)[]).filter((k) => want[k] !== was[k]);
  if (!changed.length) return null;
  const saved = await staff('configSave', { body: { paramType: 'sms', values: want } });
  if (saved.code !== 0)
    fail(
      `the text budgets (${changed.join(', ')}) cannot carry ${customers} customers from one address, and raising them was refused: ${saved.msg}`,
    );
  console.log(
    `Raised the server's text budgets for this run (${changed.map((k) => `${k} ${was[k]} -> ${want[k]}`).join(', ')}); they are put back when it ends.`,
  );
  return async () => {
    const back = await staff('configSave', { body: { paramType: 'sms', values: was } }).catch((e: Error) => ({
      code: -1,
      msg: e.message,
      data: null,
    }));
    if (back.code === 0) console.log(`Text budgets put back (${changed.map((k) => `${k} ${was[k]}`).join(', ')}).`);
    else
      console.error(
        `Could not put the text budgets back (${back.msg}); set them in System configuration: ${changed.map((k) => `${k} ${was[k]}`).join(', ')}.`,
      );
  };
}

/**
 * Stocks this process's cabinets in and binds them to an outlet in service, through the staff API
 * (again harmless), and makes room in the text budgets for the run's sign-ins. Answers what puts
 * the budgets back.
 */
async function placeCabinets(
  o: CustomerSetup,
  sns: string[],
  customers: number,
): Promise<(() => Promise<void>) | null> {
  let login: Answer<'login'>;
  try {
    login = await o.console('login', {
      body: { userName: o.admin.userName, password: o.admin.password, clientType: 'MANAGE_PC' },
    });
  } catch (e) {
    fail(`no server at ${o.api}: ${(e as Error).message}`);
  }
  if (login.code !== 0) fail(`staff sign-in as ${o.admin.userName} refused: ${login.msg}`);
  const token = login.data.token;
  const staff: Staff = (name, input) => o.console(name, input, token);
  if (o.outletId === null) {
    const page = await staff('outletQueryPage', { query: { pageNum: 1, pageSize: 100, status: 'inService' } });
    if (page.code !== 0) fail(`cannot list outlets: ${page.msg}`);
    const list = page.data.list;
    const pick = list.find((x) => x.simulated) ?? list[0];
    if (!pick) fail('no outlet in service: create one, or start the server with its demo (SIMULATOR on)');
    o.outletId = pick.id;
  }
  const stocked = await staff('cabinetBatchStorage', { body: { sns } });
  if (stocked.code !== 0) fail(`stocking the cabinets in was refused: ${stocked.msg}`);
  for (const sn of sns) {
    const bound = await staff('outletBindDevice', { body: { outletId: o.outletId, sn, reason: 'npm run simulate' } });
    // 100608: placed on an earlier run.
    if (bound.code !== 0 && bound.code !== 100608)
      console.log(`${sn}: not placed in outlet ${o.outletId}: ${bound.msg}`);
  }
  return raiseTextBudgets(staff, customers);
}

function customerLine(s: CustomerSummary, startedAt: number): string {
  const secs = Math.round((Date.now() - startedAt) / 1000);
  const refused = Object.entries(s.refused)
    .map(([code, n]) => `${code}×${n}`)
    .join(' ');
  return (
    `[${secs}s] customers ${s.customers} · signed in ${s.signedIn} · rents asked ${s.rentsAsked} · using ${s.using} · returned ${s.returned}` +
    ` · ended ${s.ended} · eject failed ${s.ejectFailed}` +
    (refused ? ` · refused ${refused}` : '') +
    (s.allBusy ? ` · all customers busy ${s.allBusy}×` : '') +
    (s.noPowerBank ? ` · no power bank ready ${s.noPowerBank}×` : '') +
    (s.lastError ? ` · last error ${s.lastError}` : '')
  );
}

main().catch((e) => {
  console.error(`simulate: ${(e as Error).message}`);
  process.exit(1);
});
