import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Aedes, type AuthenticateError } from 'aedes';
import { connectAsync, type MqttClient } from 'mqtt';
import { VirtualCabinet, type CabinetOptions } from './cabinet.js';
import { createFleet } from './fleet.js';
import { cabinetSecret } from './secret.js';
import { parseEnvelope, topics, type Envelope } from './protocol.js';

/**
 * The simulator against a real broker (Aedes, authenticating each cabinet by its secret as the
 * gateway does) and a test client playing the server: it answers `register` and sends commands.
 */
const KEY = 'test-device-secret';
let broker: Aedes;
let server: net.Server;
let url: string;
let srv: MqttClient;
const messages: { topic: string; msg: Envelope & { online?: boolean }; retain: boolean }[] = [];
const refused: string[] = [];
let answerRegister = true;
const cabinets: VirtualCabinet[] = [];

beforeAll(async () => {
  broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      if (username === 'test-server') return done(null, true);
      const sn = username ?? '';
      if (client.id !== `cab-${sn}` || password?.toString() !== cabinetSecret(KEY, sn)) {
        refused.push(sn);
        const e = new Error('bad user name or password') as AuthenticateError;
        e.returnCode = 4;
        return done(e, null);
      }
      done(null, true);
    },
  });
  server = net.createServer(broker.handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `mqtt://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  srv = await connectAsync(url, {
    clientId: 'test-server',
    username: 'test-server',
    password: 'x',
    reconnectPeriod: 0,
  });
  await srv.subscribeAsync(['cbo/v1/cab/+/up', 'cbo/v1/cab/+/status'], { qos: 1 });
  srv.on('message', (topic, payload, packet) => {
    const msg = parseEnvelope(payload) as (Envelope & { online?: boolean }) | null;
    if (!msg) throw new Error(`unreadable payload on ${topic}: ${payload.toString()}`);
    messages.push({ topic, msg, retain: packet.retain });
    const sn = topic.split('/')[3]!;
    if (msg.type === 'register' && answerRegister) {
      void srv.publishAsync(
        topics.down(sn),
        JSON.stringify({
          v: 1,
          id: randomUUID(),
          ts: Date.now() + 5000,
          type: 'registered',
          data: { serverTime: Date.now() + 5000, heartbeatSec: 1 },
        }),
        { qos: 1 },
      );
    }
  });
});

afterEach(async () => {
  await Promise.all(cabinets.splice(0).map((c) => c.stop()));
  messages.length = 0;
  answerRegister = true;
});

afterAll(async () => {
  await srv.endAsync();
  await new Promise<void>((r) => broker.close(() => r()));
  await new Promise<void>((r) => server.close(() => r()));
});

async function until<T>(fn: () => T | undefined | null | false, what: string, ms = 8000): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const from = (sn: string, type?: string) =>
  messages.filter((m) => m.topic === topics.up(sn) && (!type || m.msg.type === type));
const repliesTo = (sn: string, cmdId: string) =>
  from(sn, 'reply')
    .map((m) => m.msg.data as Record<string, unknown>)
    .filter((d) => d.cmdId === cmdId);

let n = 0;
async function cabinet(opts: Partial<CabinetOptions> = {}): Promise<VirtualCabinet> {
  const sn = `TEST${String(++n + Math.floor(Math.random() * 1e6) * 100).padStart(12, '0')}`;
  const c = new VirtualCabinet({
    sn,
    secret: cabinetSecret(KEY, sn),
    url,
    model: 'CB-12',
    bootMs: 50,
    upgradeStepMs: 20,
    backoffMs: 50,
    random: () => 0.4,
    ...opts,
  });
  cabinets.push(c);
  c.start();
  await until(() => c.registered, `${sn} registered`);
  return c;
}

function command(
  c: VirtualCabinet,
  type: string,
  data: Record<string, unknown> = {},
  opts: { id?: string; expiresAt?: number } = {},
): string {
  const id = opts.id ?? randomUUID();
  void srv.publishAsync(
    topics.down(c.sn),
    JSON.stringify({ v: 1, id, ts: Date.now(), type, expiresAt: opts.expiresAt ?? Date.now() + 30_000, data }),
    { qos: 1 },
  );
  return id;
}

async function result(c: VirtualCabinet, id: string, ms?: number) {
  return until(
    () => repliesTo(c.sn, id).find((r) => r.stage === 'result' || r.stage === 'rejected'),
    `the result of ${id}`,
    ms,
  );
}

describe('secret', () => {
  it('is the first 32 characters of base64url(HMAC-SHA256(key, SN))', () => {
    // Computed independently: printf CHGB000000000001 | openssl dgst -sha256 -hmac k -binary | basenc --base64url
    expect(cabinetSecret('k', 'CHGB000000000001')).toHaveLength(32);
    expect(cabinetSecret('k', 'CHGB000000000001')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(cabinetSecret('k', 'CHGB000000000001')).not.toBe(cabinetSecret('k', 'CHGB000000000002'));
    expect(cabinetSecret('k', 'CHGB000000000001')).toBe(KNOWN_SECRET);
  });
});
const KNOWN_SECRET = 'dDuhOd2jhrspOTpxX1GsGUKzwmOIKntP';

describe('a virtual cabinet', () => {
  it('connects as cab-{SN}, says it is online (retained), registers, syncs its clock and reports its inventory', async () => {
    const c = await cabinet({ clockSkewMs: -600_000 });
    const status = from(c.sn).length ? messages.find((m) => m.topic === topics.status(c.sn)) : undefined;
    expect(status?.msg.online).toBe(true);
    expect(status?.msg.data).toEqual({ online: true });
    const reg = from(c.sn, 'register')[0]!.msg;
    expect(reg.v).toBe(1);
    expect(reg.data).toMatchObject({ slots: 12, model: 'CB-12', firmware: { main: '2.3.1', board: '1.4' } });
    expect((reg.data as { imei: string }).imei).toMatch(/^86\d{13}$/);
    expect((reg.data as { iccid: string }).iccid).toMatch(/^8986\d{16}$/);
    expect(['4G', 'WIFI', 'ETH']).toContain((reg.data as { netMode: string }).netMode);
    // Its clock was ten minutes slow; the server said it is 5 s ahead of ours.
    expect(Math.abs(c.now() - (Date.now() + 5000))).toBeLessThan(1000);
    const inv = await until(() => from(c.sn, 'inventory')[0], 'inventory');
    const slots = (inv.msg.data as { slots: { slot: number; powerBankId: string | null; battery: number | null }[] })
      .slots;
    expect(slots.map((s) => s.slot)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    for (const s of slots) {
      if (s.powerBankId) expect(s.powerBankId).toMatch(/^[A-Z]{4}\d{13}$/);
      expect(s.battery === null).toBe(s.powerBankId === null);
    }
    // A retained status: a server that subscribes later still learns it.
    const late = await connectAsync(url, {
      clientId: 'late-server',
      username: 'test-server',
      password: 'x',
      reconnectPeriod: 0,
    });
    const got = new Promise<string>((r) => late.on('message', (_t, p) => r(p.toString())));
    await late.subscribeAsync(topics.status(c.sn), { qos: 1 });
    expect(JSON.parse(await got).online).toBe(true);
    await late.endAsync();
  });

  it('is refused with a wrong secret and keeps retrying with backoff', async () => {
    const sn = 'TEST999999999999';
    const c = new VirtualCabinet({ sn, secret: 'wrong', url, backoffMs: 50, backoffMaxMs: 200 });
    cabinets.push(c);
    c.start();
    await until(() => refused.filter((s) => s === sn).length >= 2, 'two refusals');
    expect(c.registered).toBe(false);
    expect(c.lastError).toMatch(/Bad username or password|bad user name/i);
  });

  it('reconnects when no registered answer comes within the timeout', async () => {
    answerRegister = false;
    const sn = `TEST${String(Date.now()).slice(-12)}`;
    const c = new VirtualCabinet({ sn, secret: cabinetSecret(KEY, sn), url, registerTimeoutMs: 150, backoffMs: 20 });
    cabinets.push(c);
    c.start();
    await until(() => from(sn, 'register').length >= 2, 'a second register');
    expect(c.stats.connects).toBeGreaterThanOrEqual(2);
    answerRegister = true;
    await until(() => c.registered, 'registered after the server answers');
  });

  it('heartbeats every heartbeatSec with a csq in 0-31, and batteries charge while in a slot', async () => {
    const c = await cabinet({ chargePerMinute: 600 });
    const hb = await until(
      () => (from(c.sn, 'heartbeat').length >= 2 ? from(c.sn, 'heartbeat') : null),
      'two heartbeats',
      5000,
    );
    for (const h of hb) {
      const d = h.msg.data as { csq: number; heartbeatSec: number; uptimeSec: number; netMode: string };
      expect(d.csq).toBeGreaterThanOrEqual(0);
      expect(d.csq).toBeLessThanOrEqual(31);
      expect(d.heartbeatSec).toBe(1);
      expect(d.netMode).toBe(c.netMode);
    }
    const before = c.inventory().find((s) => s.powerBankId && s.battery! < 90)!;
    await new Promise((r) => setTimeout(r, 1100));
    const after = c.inventory().find((s) => s.slot === before.slot)!;
    expect(after.battery!).toBeGreaterThan(before.battery!);
    // Charging moved batteries by 5+ points: a heartbeat brought a fresh inventory.
    await until(() => from(c.sn, 'inventory').length >= 2, 'an inventory after charging', 3000);
  });

  it('ejects: ack then result, the slot empties and the inventory follows', async () => {
    const c = await cabinet();
    const full = c.inventory().find((s) => s.powerBankId && s.battery! >= 20)!;
    const id = command(c, 'eject', { slot: full.slot });
    const r = await result(c, id);
    expect(r).toEqual({
      cmdId: id,
      stage: 'result',
      ok: true,
      result: { slot: full.slot, powerBankId: full.powerBankId },
    });
    expect(repliesTo(c.sn, id)[0]!.stage).toBe('ack');
    expect(c.inventory()[full.slot - 1]!.powerBankId).toBeNull();
    await until(
      () =>
        from(c.sn, 'inventory').some(
          (m) =>
            (m.msg.data as { slots: { slot: number; powerBankId: string | null }[] }).slots[full.slot - 1]!
              .powerBankId === null,
        ),
      'inventory without it',
    );
    // Again on the now-empty slot: slotEmpty. By an unknown power bank: notFound.
    expect(await result(c, command(c, 'eject', { slot: full.slot }))).toMatchObject({ ok: false, reason: 'slotEmpty' });
    expect(await result(c, command(c, 'eject', { powerBankId: 'PXXX9999999999999' }))).toMatchObject({
      ok: false,
      reason: 'notFound',
    });
    expect(await result(c, command(c, 'eject', { slot: 99 }))).toMatchObject({ stage: 'rejected', reason: 'invalid' });
  });

  it('ejects by power bank ID; refuses a low battery unless forced; a faulty slot answers its fault', async () => {
    const c = await cabinet();
    const banks = c.inventory().filter((s) => s.powerBankId);
    const byId = banks.find((s) => s.battery! >= 20)!;
    expect(await result(c, command(c, 'eject', { powerBankId: byId.powerBankId }))).toMatchObject({
      ok: true,
      result: { slot: byId.slot, powerBankId: byId.powerBankId },
    });
    // A cabinet whose threshold is above every battery: each eject is lowBattery unless forced.
    const picky = await cabinet({ lowBattery: 101 });
    const low = picky.inventory().find((s) => s.powerBankId)!;
    expect(await result(picky, command(picky, 'eject', { slot: low.slot }))).toMatchObject({
      ok: false,
      reason: 'lowBattery',
    });
    expect(await result(picky, command(picky, 'eject', { slot: low.slot, force: true }))).toMatchObject({
      ok: true,
      result: { slot: low.slot },
    });
    const other = c.inventory().find((s) => s.powerBankId)!;
    c.injectFault('motor', other.slot);
    await until(
      () => from(c.sn, 'event').some((m) => (m.msg.data as { kind: string }).kind === 'slotFault'),
      'slotFault event',
    );
    expect(await result(c, command(c, 'eject', { slot: other.slot }))).toMatchObject({
      ok: false,
      reason: 'motorFault',
    });
    c.recoverFault(other.slot);
    await until(
      () => from(c.sn, 'event').some((m) => (m.msg.data as { kind: string }).kind === 'slotRecovered'),
      'slotRecovered event',
    );
  });

  it('answers a repeated eject with the stored reply plus duplicate:true and never ejects twice', async () => {
    const c = await cabinet();
    const full = c.inventory().filter((s) => s.powerBankId && s.battery! >= 20);
    const first = full[0]!;
    const id = command(c, 'eject', { slot: first.slot });
    const r1 = await result(c, id);
    expect(r1).toMatchObject({ ok: true });
    // The server (or a retry in the network) sends the same command ID again: nothing moves.
    const ejected = c.listenerCount('ejected');
    let ejects = 0;
    c.on('ejected', () => ejects++);
    command(c, 'eject', { slot: first.slot }, { id });
    const dup = await until(() => repliesTo(c.sn, id).find((r) => r.duplicate), 'duplicate reply');
    expect(dup).toEqual({ ...r1, duplicate: true });
    expect(ejects).toBe(0);
    expect(c.stats.duplicates).toBe(1);
    expect(c.listenerCount('ejected')).toBe(ejected + 1);
    expect(repliesTo(c.sn, id).filter((r) => r.stage === 'result' && !r.duplicate)).toHaveLength(1);
  });

  it('rejects a command past expiresAt (judged on the server-synchronised clock) and remembers that answer', async () => {
    const c = await cabinet();
    const full = c.inventory().find((s) => s.powerBankId)!;
    // Our clock says it is still valid for 2 s, but the cabinet learnt the server runs 5 s ahead.
    const id = command(c, 'eject', { slot: full.slot }, { expiresAt: Date.now() + 2000 });
    expect(await result(c, id)).toEqual({ cmdId: id, stage: 'rejected', reason: 'expired' });
    expect(c.inventory()[full.slot - 1]!.powerBankId).toBe(full.powerBankId);
    command(c, 'eject', { slot: full.slot }, { id, expiresAt: Date.now() + 60_000 });
    expect(await until(() => repliesTo(c.sn, id).find((r) => r.duplicate), 'duplicate')).toMatchObject({
      stage: 'rejected',
      reason: 'expired',
    });
    expect(c.inventory()[full.slot - 1]!.powerBankId).toBe(full.powerBankId);
  });

  it('rejects unknown commands as unsupported and one without expiresAt as invalid', async () => {
    const c = await cabinet();
    expect(await result(c, command(c, 'selfDestruct'))).toMatchObject({ stage: 'rejected', reason: 'unsupported' });
    const id = randomUUID();
    await srv.publishAsync(
      topics.down(c.sn),
      JSON.stringify({ v: 1, id, ts: Date.now(), type: 'queryVersion', data: {} }),
      { qos: 1 },
    );
    expect(await result(c, id)).toMatchObject({ stage: 'rejected', reason: 'invalid' });
  });

  it('answers queryVersion, queryIccid and queryInventory', async () => {
    const c = await cabinet();
    expect(await result(c, command(c, 'queryVersion'))).toMatchObject({
      ok: true,
      result: { firmware: { main: '2.3.1', board: '1.4' } },
    });
    expect(await result(c, command(c, 'queryIccid'))).toMatchObject({ ok: true, result: { iccid: c.iccid } });
    const before = from(c.sn, 'inventory').length;
    expect(await result(c, command(c, 'queryInventory'))).toMatchObject({ ok: true, result: {} });
    await until(() => from(c.sn, 'inventory').length > before, 'inventory after queryInventory');
  });

  it('opens a lock, reports it open, and latches it again', async () => {
    const c = await cabinet({ lockOpenMs: 100 });
    expect(await result(c, command(c, 'openLock', { slot: 2 }))).toMatchObject({ ok: true, result: { slot: 2 } });
    expect(c.inventory()[1]!.locked).toBe(false);
    await until(() => c.inventory()[1]!.locked, 'lock latched again', 2000);
    c.injectFault('lock', 3);
    expect(await result(c, command(c, 'openLock', { slot: 3 }))).toMatchObject({ ok: false, reason: 'lockFault' });
  });

  it('applies config and answers the whole config; refuses bad values as invalid', async () => {
    const c = await cabinet();
    const r = await result(
      c,
      command(c, 'config', { heartbeatSec: 30, ftp: { host: 'ftp.example.com', user: 'fw', password: 's3cret' } }),
    );
    expect(r).toMatchObject({
      ok: true,
      result: { heartbeatSec: 30, host: '127.0.0.1', ftp: { host: 'ftp.example.com', port: 21, user: 'fw' } },
    });
    expect((r.result as { ftp: Record<string, unknown> }).ftp).not.toHaveProperty('password');
    expect(c.config.heartbeatSec).toBe(30);
    expect(c.config.ftp.password).toBe('s3cret');
    // `{}` reads the config and changes nothing.
    expect(await result(c, command(c, 'config', {}))).toMatchObject({
      ok: true,
      result: { heartbeatSec: 30, ftp: { user: 'fw' } },
    });
    expect(await result(c, command(c, 'config', { heartbeatSec: 5 }))).toMatchObject({
      stage: 'rejected',
      reason: 'invalid',
    });
    expect(await result(c, command(c, 'config', { colour: 'red' }))).toMatchObject({
      stage: 'rejected',
      reason: 'invalid',
    });
    expect(c.config.heartbeatSec).toBe(30);
  });

  it('restarts: result, disconnect, reconnect, register again', async () => {
    const c = await cabinet();
    const id = command(c, 'restart');
    expect(await result(c, id)).toMatchObject({ ok: true, result: {} });
    await until(() => from(c.sn, 'register').length >= 2 && c.registered, 'second registration');
    expect(c.stats.connects).toBe(2);
  });

  it('upgrades: ack, progress to 100, result with the version, then registers with the new firmware', async () => {
    const c = await cabinet();
    const id = command(c, 'upgrade', {
      version: '2.4.0',
      url: 'https://firmware.example.com/cb/2.4.0.bin',
      sha256: 'a'.repeat(64),
    });
    expect(await result(c, id)).toMatchObject({ ok: true, result: { version: '2.4.0' } });
    const stages = repliesTo(c.sn, id).map((r) => (r.stage === 'progress' ? `progress ${r.percent}` : r.stage));
    expect(stages).toEqual([
      'ack',
      'progress 20',
      'progress 40',
      'progress 60',
      'progress 80',
      'progress 100',
      'result',
    ]);
    const regs = await until(() => (from(c.sn, 'register').length >= 2 ? from(c.sn, 'register') : null), 're-register');
    expect((regs[1]!.msg.data as { firmware: { main: string } }).firmware.main).toBe('2.4.0');
    expect(await result(c, command(c, 'queryVersion'))).toMatchObject({ result: { firmware: { main: '2.4.0' } } });
    expect(await result(c, command(c, 'upgrade', { version: '2.5.0', url: 'not a url' }))).toMatchObject({
      stage: 'rejected',
      reason: 'invalid',
    });
  });

  it('fails physical commands at the failure rate with a reason from the protocol', async () => {
    const c = await cabinet({ failureRate: 1 });
    const full = c.inventory().find((s) => s.powerBankId && s.battery! >= 20)!;
    const r = await result(c, command(c, 'eject', { slot: full.slot }));
    expect(r).toMatchObject({ ok: false });
    expect(['motorFault', 'lockFault']).toContain(r.reason);
    expect(c.inventory()[full.slot - 1]!.powerBankId).toBe(full.powerBankId);
    const u = await result(c, command(c, 'upgrade', { version: '9.0.0', url: 'https://x.example/fw.bin' }));
    expect(['download', 'checksum', 'flash']).toContain(u.reason);
  });

  it('answers only after its latency, and a command expiring meanwhile is rejected', async () => {
    const c = await cabinet({ latencyMs: 300 });
    const t0 = Date.now();
    await result(c, command(c, 'queryIccid'));
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
    expect(await result(c, command(c, 'queryIccid', {}, { expiresAt: Date.now() + 5000 + 50 }))).toMatchObject({
      stage: 'rejected',
      reason: 'expired',
    });
  });

  it('a returned power bank goes into an empty slot: returned event, then inventory', async () => {
    // Half full: at the default three quarters, all 12 slots (seeded by the random SN) came up full in about one run in 30.
    const c = await cabinet({ fill: 0.5 });
    const empty = c.inventory().filter((s) => !s.powerBankId);
    expect(empty.length).toBeGreaterThan(0);
    const slot = c.returnPowerBank('PTES0000000000077', 41)!;
    expect(empty.map((s) => s.slot)).toContain(slot);
    const ev = await until(
      () => from(c.sn, 'event').find((m) => (m.msg.data as { kind: string }).kind === 'returned'),
      'returned event',
    );
    expect(ev.msg.data).toEqual({ kind: 'returned', slot, powerBankId: 'PTES0000000000077', battery: 41 });
    const evIdx = messages.indexOf(ev);
    await until(
      () => messages.slice(evIdx).some((m) => m.topic === topics.up(c.sn) && m.msg.type === 'inventory'),
      'inventory after return',
    );
  });

  it('an abrupt close makes the broker publish the will {online:false}; a clean stop says it itself', async () => {
    const c = await cabinet();
    await c.crash();
    const will = await until(
      () => messages.find((m) => m.topic === topics.status(c.sn) && m.msg.online === false),
      'will',
    );
    expect(will.msg.data).toEqual({ online: false });
    // A clean stop gets no will from the broker, so the cabinet publishes offline before DISCONNECT
    // (an external broker would otherwise leave the server waiting three heartbeats).
    const d = await cabinet();
    await d.stop();
    const bye = await until(
      () => messages.find((m) => m.topic === topics.status(d.sn) && m.msg.online === false),
      'offline before disconnect',
    );
    expect(bye.msg.data).toEqual({ online: false });
  });

  it('reconnects with backoff when the broker goes away, and registers again', async () => {
    const c = await cabinet();
    // Kick it off the broker the hard way: destroy its connection from the broker side.
    const conn = (broker as unknown as { clients: Record<string, { conn: net.Socket } | undefined> }).clients[
      `cab-${c.sn}`
    ]?.conn;
    expect(conn).toBeDefined();
    conn!.destroy();
    await until(() => c.stats.connects >= 2 && c.registered, 'reconnected and registered');
    expect(from(c.sn, 'register').length).toBeGreaterThanOrEqual(2);
  });
});

describe('a fleet', () => {
  it('starts N cabinets with SNs prefix + 12 digits, all registered, with a summary; returns happen', async () => {
    const fleet = await createFleet({
      count: 5,
      prefix: 'FLTX',
      start: 41,
      url,
      deviceSecret: KEY,
      returnsPerMinute: 600,
      bootMs: 50,
    });
    try {
      expect(fleet.cabinets.map((c) => c.sn)).toEqual([
        'FLTX000000000041',
        'FLTX000000000042',
        'FLTX000000000043',
        'FLTX000000000044',
        'FLTX000000000045',
      ]);
      await fleet.start();
      await fleet.waitRegistered(5, 10_000);
      expect(fleet.summary()).toMatchObject({ cabinets: 5, connected: 5, registered: 5 });
      await until(() => fleet.summary().returns > 0, 'a return', 5000);
    } finally {
      await fleet.stop();
    }
    expect(fleet.summary().connected).toBe(0);
  });

  it('refuses a bad prefix or count', async () => {
    await expect(createFleet({ count: 1, prefix: 'AB1', url, deviceSecret: KEY })).rejects.toThrow(/prefix/);
    await expect(createFleet({ count: -1, url, deviceSecret: KEY })).rejects.toThrow(/count/);
  });
});
