/*
 * Over 400 lines on purpose: one cabinet's connection (MQTT session, registration, heartbeats,
 * reconnects with backoff, restarts) and its command handlers (eject, open lock, restart, config,
 * upgrade, each answered once per command id) are one state machine: a handler reads and changes
 * the connection's generation, timers, registered state and busy flags, and a reconnect cancels a
 * handler's pending steps. What stands apart is apart: the wire format in protocol.ts, the slots
 * and their charging model in slots.ts, the hardware facts drawn from the SN in hardware.ts.
 */
import { EventEmitter } from 'node:events';
import { connect, type MqttClient } from 'mqtt';
import {
  envelope,
  parseEnvelope,
  POWER_BANK_PATTERN,
  SLOT_FAULTS,
  topics,
  type CommandType,
  type Envelope,
  type Firmware,
  type HeartbeatData,
  type NetMode,
  type RegisterData,
  type ReplyData,
  type SlotFault,
  type SlotState,
} from './protocol.js';
import { digits, luhn, MODELS, seeded } from './hardware.js';
import { Slots } from './slots.js';

export interface CabinetOptions {
  sn: string;
  /** The cabinet's MQTT password (secret.ts computes it from the fleet key). */
  secret: string;
  /** Broker, e.g. mqtt://127.0.0.1:1883. */
  url: string;
  /** One of MODELS; default picked from the SN so a fleet is mixed but stable between runs. */
  model?: string;
  netMode?: NetMode;
  firmware?: Firmware;
  /** Heartbeat interval until the server says otherwise (`registered`, `config`). */
  heartbeatSec?: number;
  /** Share of physical commands (eject, openLock, upgrade) that fail, 0-1. */
  failureRate?: number;
  /** Mean delay before each answer, ms (jittered ±50 %). */
  latencyMs?: number;
  /** Battery points gained per minute while a power bank sits in a healthy slot. */
  chargePerMinute?: number;
  /** Share of slots holding a power bank at first start, 0-1. */
  fill?: number;
  /** Below this battery an eject without `force` answers `lowBattery`. */
  lowBattery?: number;
  /** No `registered` within this time: disconnect and connect again (protocol: 30 s). */
  registerTimeoutMs?: number;
  /** Reconnect backoff: first delay, doubling up to the maximum, with jitter. */
  backoffMs?: number;
  backoffMaxMs?: number;
  /** Time a restart takes (power off to CONNECT). */
  bootMs?: number;
  /** Time per 20 % of a firmware download. */
  upgradeStepMs?: number;
  /** Seconds an opened lock stays open before it latches again. */
  lockOpenMs?: number;
  /** MQTT keepalive, seconds. */
  keepaliveSec?: number;
  /** The cabinet's own clock error before the server corrects it, ms. */
  clockSkewMs?: number;
  /** Random source (tests pass a fixed one). */
  random?: () => number;
}

export interface CabinetStats {
  connects: number;
  registrations: number;
  commands: number;
  duplicates: number;
  rejected: number;
  failed: number;
  heartbeats: number;
}

export type CabinetState = 'idle' | 'connecting' | 'connected' | 'registered' | 'restarting' | 'waiting' | 'stopped';

interface StoredReply {
  at: number;
  reply: ReplyData;
}

const REPLY_MEMORY = 256;
const REPLY_MEMORY_MS = 24 * 3600_000;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * One virtual cabinet speaking docs/protocol.md. Events: `registered`, `command` (type, id),
 * `ejected` (powerBankId, battery), `state` (CabinetState), `error` is never emitted (errors are
 * kept in `lastError`) so a fleet of thousands cannot crash on one refusal.
 */
export class VirtualCabinet extends EventEmitter {
  readonly sn: string;
  readonly model: string;
  readonly hwVersion: string;
  readonly imei: string;
  readonly iccid: string;
  netMode: NetMode;
  firmware: Firmware;
  config: {
    host: string;
    port: number;
    heartbeatSec: number;
    ftp: { host: string; port: number; user: string; password: string };
  };
  state: CabinetState = 'idle';
  lastError: string | null = null;
  /** Server time minus local time, learnt from `registered`. */
  clockOffsetMs = 0;
  readonly stats: CabinetStats = {
    connects: 0,
    registrations: 0,
    commands: 0,
    duplicates: 0,
    rejected: 0,
    failed: 0,
    heartbeats: 0,
  };

  private readonly opts: Required<Omit<CabinetOptions, 'model' | 'netMode' | 'firmware' | 'heartbeatSec'>>;
  private readonly slots: Slots;
  private client: MqttClient | null = null;
  private csq: number;
  private bootedAt = Date.now();
  private backoff: number;
  private timers = new Set<NodeJS.Timeout>();
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private registerTimer: NodeJS.Timeout | null = null;
  private replies = new Map<string, StoredReply>();
  private physicalBusy = false;
  private upgrading = false;
  private generation = 0;

  constructor(options: CabinetOptions) {
    super();
    this.sn = options.sn;
    const rnd = seeded(options.sn);
    const models = Object.keys(MODELS);
    this.model = options.model ?? models[Math.floor(rnd() * models.length)]!;
    const slotCount = MODELS[this.model];
    if (!slotCount) throw new Error(`Unknown model ${this.model}; one of ${models.join(', ')}`);
    this.hwVersion = rnd() < 0.5 ? 'A2' : 'B1';
    const imeiBody = '86' + digits(rnd, 12);
    this.imei = imeiBody + luhn(imeiBody);
    this.iccid = '8986' + digits(rnd, 16);
    const netModes: NetMode[] = ['4G', '4G', '4G', 'WIFI', 'ETH'];
    this.netMode = options.netMode ?? netModes[Math.floor(rnd() * netModes.length)]!;
    this.firmware = options.firmware ?? { main: '2.3.1', board: '1.4' };
    this.opts = {
      sn: options.sn,
      secret: options.secret,
      url: options.url,
      failureRate: options.failureRate ?? 0,
      latencyMs: options.latencyMs ?? 0,
      chargePerMinute: options.chargePerMinute ?? 2,
      fill: options.fill ?? 0.75,
      lowBattery: options.lowBattery ?? 20,
      registerTimeoutMs: options.registerTimeoutMs ?? 30_000,
      backoffMs: options.backoffMs ?? 1000,
      backoffMaxMs: options.backoffMaxMs ?? 30_000,
      bootMs: options.bootMs ?? 2000,
      upgradeStepMs: options.upgradeStepMs ?? 1000,
      lockOpenMs: options.lockOpenMs ?? 5000,
      keepaliveSec: options.keepaliveSec ?? 60,
      clockSkewMs: options.clockSkewMs ?? 0,
      random: options.random ?? Math.random,
    };
    this.clockOffsetMs = this.opts.clockSkewMs;
    this.backoff = this.opts.backoffMs;
    const u = new URL(options.url);
    this.config = {
      host: u.hostname,
      port: Number(u.port || 1883),
      heartbeatSec: options.heartbeatSec ?? 60,
      ftp: { host: '', port: 21, user: '', password: '' },
    };
    this.csq = 14 + Math.floor(rnd() * 14);
    this.slots = new Slots(this.sn, slotCount, this.opts.chargePerMinute, this.opts.fill, rnd);
  }

  get slotCount(): number {
    return this.slots.count;
  }

  get registered(): boolean {
    return this.state === 'registered';
  }

  get connected(): boolean {
    return this.state === 'connected' || this.state === 'registered';
  }

  /** The cabinet's clock, corrected by the server's time at registration. */
  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  /** Power banks rented out from this cabinet at first start (their slots are empty). */
  missingPowerBanks(): string[] {
    return this.slots.missingPowerBanks();
  }

  inventory(): SlotState[] {
    return this.slots.states();
  }

  /** Starts the cabinet: connects, and keeps connecting until stop(). */
  start(): void {
    if (this.state !== 'idle' && this.state !== 'stopped') return;
    this.bootedAt = Date.now();
    this.connectNow();
  }

  /**
   * Stops cleanly: says offline on its status topic itself, then DISCONNECT. A broker sends the
   * will only for a connection that breaks, and an external broker tells the server nothing else.
   */
  async stop(): Promise<void> {
    this.setState('stopped');
    this.generation++;
    this.clearTimers();
    const c = this.client;
    this.client = null;
    if (c) {
      await this.sayOffline(c);
      await c.endAsync(false).catch(() => undefined);
    }
  }

  private async sayOffline(c: MqttClient): Promise<void> {
    if (!c.connected) return;
    await c
      .publishAsync(topics.status(this.sn), JSON.stringify(this.statusPayload(false)), { qos: 1, retain: true })
      .catch(() => undefined);
  }

  /** Drops the TCP connection without DISCONNECT, as a power cut does: the broker sends the will. */
  async crash(): Promise<void> {
    this.setState('stopped');
    this.generation++;
    this.clearTimers();
    const c = this.client;
    this.client = null;
    if (c) {
      c.stream.destroy();
      await c.endAsync(true).catch(() => undefined);
    }
  }

  /** A power bank is put into an empty, healthy slot. Returns the slot, or null if none is free. */
  returnPowerBank(powerBankId: string, battery: number): number | null {
    if (!this.registered) return null;
    const s = this.slots.putBack(powerBankId, battery, this.opts.random);
    if (!s) return null;
    this.publishUp('event', { kind: 'returned', slot: s.slot, powerBankId, battery: s.battery });
    this.publishInventory();
    return s.slot;
  }

  /** A slot develops a fault (random healthy slot unless given). Returns the slot, or null. */
  injectFault(fault?: SlotFault, slot?: number): number | null {
    if (!this.registered) return null;
    const random = this.opts.random;
    const s = this.slots.breakDown(
      () => fault ?? SLOT_FAULTS[Math.floor(random() * SLOT_FAULTS.length)]!,
      random,
      slot,
    );
    if (!s) return null;
    this.publishUp('event', { kind: 'slotFault', slot: s.slot, fault: s.fault });
    this.publishInventory();
    return s.slot;
  }

  /** A faulty slot works again (random faulty slot unless given). Returns the slot, or null. */
  recoverFault(slot?: number): number | null {
    if (!this.registered) return null;
    const s = this.slots.recover(this.opts.random, slot);
    if (!s) return null;
    this.publishUp('event', { kind: 'slotRecovered', slot: s.slot });
    this.publishInventory();
    return s.slot;
  }

  hasFault(): boolean {
    return this.slots.hasFault();
  }

  // ---------------------------------------------------------------- connection

  private setState(s: CabinetState) {
    if (this.state === s) return;
    this.state = s;
    this.emit('state', s);
  }

  private later(ms: number, fn: () => void): NodeJS.Timeout {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
    return t;
  }

  private clearTimers() {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.heartbeatTimer = null;
    this.registerTimer = null;
  }

  private jitter(ms: number): number {
    return ms <= 0 ? 0 : ms * (0.5 + this.opts.random());
  }

  private connectNow() {
    const gen = ++this.generation;
    this.setState('connecting');
    const client = connect(this.opts.url, {
      clientId: `cab-${this.sn}`,
      username: this.sn,
      password: this.opts.secret,
      protocolVersion: 4,
      clean: true,
      keepalive: this.opts.keepaliveSec,
      reconnectPeriod: 0,
      connectTimeout: 30_000,
      will: {
        topic: topics.status(this.sn),
        payload: Buffer.from(JSON.stringify(this.statusPayload(false))),
        qos: 1,
        retain: true,
      },
    });
    this.client = client;
    client.on('connect', () => {
      if (gen !== this.generation) return;
      this.onConnected(client, gen);
    });
    client.on('message', (topic, payload) => {
      if (gen !== this.generation) return;
      this.onDown(payload);
    });
    client.on('error', (err) => {
      this.lastError = err.message;
    });
    client.on('close', () => {
      if (gen !== this.generation) return;
      this.onClosed();
    });
  }

  /** Status payload: the envelope (every payload is one) with `online` also at the top, as the topic table writes it. */
  private statusPayload(online: boolean) {
    return { ...envelope('status', { online }, this.now()), online };
  }

  private onConnected(client: MqttClient, gen: number) {
    this.stats.connects++;
    this.lastError = null;
    this.setState('connected');
    client.subscribe(topics.down(this.sn), { qos: 1 }, (err) => {
      if (err || gen !== this.generation) return;
      client.publish(topics.status(this.sn), JSON.stringify(this.statusPayload(true)), { qos: 1, retain: true });
      this.register();
    });
  }

  private register() {
    const data: RegisterData = {
      imei: this.imei,
      iccid: this.iccid,
      firmware: { ...this.firmware },
      slots: this.slots.count,
      netMode: this.netMode,
      model: this.model,
      hwVersion: this.hwVersion,
    };
    this.publishUp('register', data);
    if (this.registerTimer) clearTimeout(this.registerTimer);
    this.registerTimer = this.later(this.opts.registerTimeoutMs, () => {
      this.lastError = `no registered answer in ${this.opts.registerTimeoutMs / 1000} s`;
      this.dropAndRetry();
    });
  }

  private onClosed() {
    if (this.state === 'stopped' || this.state === 'restarting') return;
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    this.clearTimers();
    this.generation++;
    const c = this.client;
    this.client = null;
    if (c) c.end(true);
    this.setState('waiting');
    const delay = Math.min(this.backoff, this.opts.backoffMaxMs) * (0.5 + this.opts.random() * 0.5);
    this.backoff = Math.min(this.backoff * 2, this.opts.backoffMaxMs);
    this.later(delay, () => this.connectNow());
  }

  private dropAndRetry() {
    this.scheduleReconnect();
  }

  private onRegistered(msg: Envelope) {
    const d = msg.data as { serverTime?: unknown; heartbeatSec?: unknown };
    if (typeof d.serverTime === 'number') this.clockOffsetMs = d.serverTime - Date.now();
    // The server's interval is taken as given (1-3600 s; tests use 1); `config` keeps to 10-3600.
    if (
      typeof d.heartbeatSec === 'number' &&
      Number.isInteger(d.heartbeatSec) &&
      d.heartbeatSec >= 1 &&
      d.heartbeatSec <= 3600
    ) {
      this.config.heartbeatSec = d.heartbeatSec;
    }
    if (this.registerTimer) {
      clearTimeout(this.registerTimer);
      this.timers.delete(this.registerTimer);
      this.registerTimer = null;
    }
    const first = this.state !== 'registered';
    this.backoff = this.opts.backoffMs;
    this.stats.registrations++;
    this.setState('registered');
    this.publishInventory();
    this.scheduleHeartbeat();
    if (first) this.emit('registered');
  }

  private scheduleHeartbeat() {
    if (this.heartbeatTimer) {
      clearTimeout(this.heartbeatTimer);
      this.timers.delete(this.heartbeatTimer);
    }
    this.heartbeatTimer = this.later(this.config.heartbeatSec * 1000, () => {
      this.heartbeatTimer = null;
      if (!this.registered) return;
      this.heartbeat();
      this.scheduleHeartbeat();
    });
  }

  /** Sends one heartbeat now (the timer calls it every heartbeatSec). */
  heartbeat(): void {
    // The signal wanders by a step or two and stays in the modem's 0-31 range.
    this.csq = Math.max(0, Math.min(31, this.csq + Math.round((this.opts.random() - 0.5) * 4)));
    const data: HeartbeatData = {
      csq: this.csq,
      heartbeatSec: this.config.heartbeatSec,
      uptimeSec: Math.floor((Date.now() - this.bootedAt) / 1000),
      netMode: this.netMode,
    };
    this.stats.heartbeats++;
    this.publishUp('heartbeat', data, 0);
    // Batteries charge between heartbeats; a new inventory goes out when one moved 5 points or more.
    if (this.slots.movedSinceReport()) {
      this.publishInventory();
    }
  }

  private publishUp(type: string, data: unknown, qos: 0 | 1 = 1): boolean {
    const c = this.client;
    if (!c || !c.connected) return false;
    c.publish(topics.up(this.sn), JSON.stringify(envelope(type, data, this.now())), { qos });
    return true;
  }

  private publishInventory() {
    const slots = this.inventory();
    this.slots.markReported();
    this.publishUp('inventory', { slots });
  }

  // ---------------------------------------------------------------- commands

  private onDown(payload: Buffer) {
    const msg = parseEnvelope(payload);
    if (!msg) return; // a real cabinet logs and drops what it cannot read
    if (msg.type === 'registered') {
      this.onRegistered(msg);
      return;
    }
    void this.onCommand(msg);
  }

  private reply(r: ReplyData) {
    const stored = this.replies.get(r.cmdId);
    if (stored) stored.reply = r;
    this.publishUp('reply', r);
  }

  private remember(cmdId: string): void {
    const now = Date.now();
    this.replies.set(cmdId, { at: now, reply: { cmdId, stage: 'ack' } });
    // At least the last 256 IDs, and every ID younger than 24 h.
    for (const [id, r] of this.replies) {
      if (this.replies.size <= REPLY_MEMORY || now - r.at < REPLY_MEMORY_MS) break;
      this.replies.delete(id);
    }
  }

  private reject(cmdId: string, reason: 'expired' | 'unsupported' | 'invalid' | 'busy') {
    this.stats.rejected++;
    this.reply({ cmdId, stage: 'rejected', reason });
    this.emit('command', { id: cmdId, outcome: 'rejected', reason });
  }

  private fail(cmdId: string, reason: string) {
    this.stats.failed++;
    this.reply({ cmdId, stage: 'result', ok: false, reason });
    this.emit('command', { id: cmdId, outcome: 'failed', reason });
  }

  private succeed(cmdId: string, result: Record<string, unknown>) {
    this.reply({ cmdId, stage: 'result', ok: true, result });
    this.emit('command', { id: cmdId, outcome: 'succeeded' });
  }

  private async onCommand(msg: Envelope) {
    const seen = this.replies.get(msg.id);
    if (seen) {
      this.stats.duplicates++;
      this.publishUp('reply', { ...seen.reply, duplicate: true });
      return;
    }
    this.remember(msg.id);
    this.stats.commands++;
    const type = msg.type as CommandType;
    const gen = this.generation;
    if (typeof msg.expiresAt !== 'number' || !Number.isFinite(msg.expiresAt)) return this.reject(msg.id, 'invalid');
    if (this.now() > msg.expiresAt) return this.reject(msg.id, 'expired');
    const handlers: Record<CommandType, () => Promise<void> | void> = {
      eject: () => this.eject(msg),
      restart: () => this.restart(msg),
      openLock: () => this.openLock(msg),
      config: () => this.applyConfig(msg),
      upgrade: () => this.upgrade(msg),
      queryVersion: () => this.succeed(msg.id, { firmware: { ...this.firmware } }),
      queryIccid: () => this.succeed(msg.id, { iccid: this.iccid }),
      queryInventory: () => {
        this.succeed(msg.id, {});
        this.publishInventory();
      },
    };
    const handler = Object.hasOwn(handlers, type) ? handlers[type] : undefined;
    if (!handler) return this.reject(msg.id, 'unsupported');
    if (this.opts.latencyMs > 0) {
      await sleep(this.jitter(this.opts.latencyMs));
      if (gen !== this.generation) return; // the connection went away meanwhile: the server will see no answer
      // Checked again after the delay: a real cabinet's queue can hold a command past its life.
      if (this.now() > msg.expiresAt) return this.reject(msg.id, 'expired');
    }
    await handler();
  }

  private fails(): boolean {
    return this.opts.failureRate > 0 && this.opts.random() < this.opts.failureRate;
  }

  private async eject(msg: Envelope) {
    const d = msg.data as { slot?: unknown; powerBankId?: unknown; force?: unknown };
    const bySlot = d.slot !== undefined;
    if (
      bySlot ? !this.slots.at(d.slot) : !(typeof d.powerBankId === 'string' && POWER_BANK_PATTERN.test(d.powerBankId))
    ) {
      return this.reject(msg.id, 'invalid');
    }
    if (d.force !== undefined && typeof d.force !== 'boolean') return this.reject(msg.id, 'invalid');
    if (this.physicalBusy || this.upgrading) return this.reject(msg.id, 'busy');
    this.physicalBusy = true;
    try {
      this.reply({ cmdId: msg.id, stage: 'ack' });
      const s = bySlot ? this.slots.at(d.slot) : this.slots.holding(d.powerBankId);
      if (!s) return this.fail(msg.id, 'notFound');
      if (!s.powerBankId) return this.fail(msg.id, 'slotEmpty');
      const force = d.force === true;
      if (!force && s.fault === 'lock') return this.fail(msg.id, 'lockFault');
      if (!force && s.fault === 'motor') return this.fail(msg.id, 'motorFault');
      const battery = this.slots.batteryOf(s);
      if (!force && battery < this.opts.lowBattery) return this.fail(msg.id, 'lowBattery');
      if (this.opts.latencyMs > 0) await sleep(this.jitter(this.opts.latencyMs));
      if (this.fails()) return this.fail(msg.id, this.opts.random() < 0.5 ? 'motorFault' : 'lockFault');
      const powerBankId = s.powerBankId;
      this.slots.take(s);
      this.succeed(msg.id, { slot: s.slot, powerBankId });
      this.publishInventory();
      this.emit('ejected', { powerBankId, battery });
    } finally {
      this.physicalBusy = false;
    }
  }

  private async openLock(msg: Envelope) {
    const d = msg.data as { slot?: unknown };
    const s = this.slots.at(d.slot);
    if (!s) return this.reject(msg.id, 'invalid');
    if (this.physicalBusy || this.upgrading) return this.reject(msg.id, 'busy');
    this.physicalBusy = true;
    try {
      this.reply({ cmdId: msg.id, stage: 'ack' });
      if (s.fault === 'lock' || this.fails()) return this.fail(msg.id, 'lockFault');
      s.locked = false;
      this.succeed(msg.id, { slot: s.slot });
      this.publishInventory();
      this.later(this.opts.lockOpenMs, () => {
        s.locked = true;
        if (this.registered) this.publishInventory();
      });
    } finally {
      this.physicalBusy = false;
    }
  }

  private restart(msg: Envelope) {
    if (this.upgrading) return this.reject(msg.id, 'busy');
    this.succeed(msg.id, {});
    this.reboot();
  }

  /** Disconnects (after the last reply left), boots for bootMs, connects and registers again. */
  private reboot() {
    const c = this.client;
    this.clearTimers();
    this.generation++;
    this.client = null;
    this.setState('restarting');
    const boot = () => {
      this.bootedAt = Date.now();
      this.later(this.opts.bootMs, () => {
        if (this.state === 'restarting') this.connectNow();
      });
    };
    if (c) void this.sayOffline(c).then(() => c.end(false, {}, boot));
    else boot();
  }

  private applyConfig(msg: Envelope) {
    const d = msg.data as Record<string, unknown>;
    const allowed = new Set(['host', 'port', 'heartbeatSec', 'ftp']);
    const keys = Object.keys(d);
    // `{}` changes nothing and reads the config (protocol.md).
    if (keys.some((k) => !allowed.has(k))) return this.reject(msg.id, 'invalid');
    const port = (v: unknown) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 65535;
    const host = (v: unknown) => typeof v === 'string' && v.length >= 1 && v.length <= 253 && !/\s/.test(v);
    if ('host' in d && !host(d.host)) return this.reject(msg.id, 'invalid');
    if ('port' in d && !port(d.port)) return this.reject(msg.id, 'invalid');
    if (
      'heartbeatSec' in d &&
      !(Number.isInteger(d.heartbeatSec) && (d.heartbeatSec as number) >= 10 && (d.heartbeatSec as number) <= 3600)
    ) {
      return this.reject(msg.id, 'invalid');
    }
    let ftp = this.config.ftp;
    if ('ftp' in d) {
      const f = d.ftp as Record<string, unknown> | null;
      if (!f || typeof f !== 'object' || Array.isArray(f)) return this.reject(msg.id, 'invalid');
      if (Object.keys(f).some((k) => !['host', 'port', 'user', 'password'].includes(k)))
        return this.reject(msg.id, 'invalid');
      if ('host' in f && !host(f.host)) return this.reject(msg.id, 'invalid');
      if ('port' in f && !port(f.port)) return this.reject(msg.id, 'invalid');
      if ('user' in f && !(typeof f.user === 'string' && f.user.length <= 64)) return this.reject(msg.id, 'invalid');
      if ('password' in f && !(typeof f.password === 'string' && f.password.length <= 64))
        return this.reject(msg.id, 'invalid');
      ftp = { ...ftp, ...(f as Partial<typeof ftp>) };
    }
    this.config = {
      host: (d.host as string | undefined) ?? this.config.host,
      port: (d.port as number | undefined) ?? this.config.port,
      heartbeatSec: (d.heartbeatSec as number | undefined) ?? this.config.heartbeatSec,
      ftp,
    };
    // The whole config in force, without the FTP password (it never travels back).
    const { password: _password, ...ftpShown } = this.config.ftp;
    this.succeed(msg.id, { ...this.config, ftp: ftpShown });
    // The new interval applies from now. (A real cabinet given a new host/port would connect there
    // on its next start; the simulator keeps its broker, see README.)
    if ('heartbeatSec' in d && this.registered) this.scheduleHeartbeat();
  }

  private async upgrade(msg: Envelope) {
    const d = msg.data as { version?: unknown; url?: unknown; sha256?: unknown };
    const version = d.version;
    let urlOk = false;
    try {
      urlOk = typeof d.url === 'string' && ['http:', 'https:', 'ftp:'].includes(new URL(d.url).protocol);
    } catch {
      urlOk = false;
    }
    if (typeof version !== 'string' || !/^[0-9A-Za-z][0-9A-Za-z.\-_]{0,31}$/.test(version) || !urlOk)
      return this.reject(msg.id, 'invalid');
    if (d.sha256 !== undefined && !(typeof d.sha256 === 'string' && /^[0-9a-fA-F]{64}$/.test(d.sha256)))
      return this.reject(msg.id, 'invalid');
    if (this.upgrading || this.physicalBusy) return this.reject(msg.id, 'busy');
    this.upgrading = true;
    const gen = this.generation;
    try {
      this.reply({ cmdId: msg.id, stage: 'ack' });
      const failAt = this.fails() ? Math.floor(this.opts.random() * 5) : -1;
      for (let step = 0; step < 5; step++) {
        await sleep(this.opts.upgradeStepMs);
        if (gen !== this.generation) return; // lost the connection mid-download: no answer, the server expires it
        if (step === failAt) return this.fail(msg.id, step < 3 ? 'download' : step === 3 ? 'checksum' : 'flash');
        this.reply({ cmdId: msg.id, stage: 'progress', percent: (step + 1) * 20 });
      }
      this.firmware = { ...this.firmware, main: version };
      this.succeed(msg.id, { version });
    } finally {
      this.upgrading = false;
    }
    this.reboot();
  }
}
