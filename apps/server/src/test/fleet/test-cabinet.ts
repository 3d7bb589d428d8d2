import crypto from 'node:crypto';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';

/**
 * A cabinet for tests: a real MQTT client speaking docs/protocol.md. It answers commands through
 * `handlers` (or stays silent), keeps every command ID it saw and never executes one twice: a
 * repeated ID gets the stored reply with `duplicate: true`, as the protocol requires.
 */
export interface Down {
  v: number;
  id: string;
  ts: number;
  type: string;
  expiresAt?: number;
  data: Record<string, unknown>;
}
export type Reply =
  { stage: 'result'; ok: boolean; result?: object; reason?: string } | { stage: 'rejected'; reason: string } | null;
export type Handler = (cmd: Down, cab: TestCabinet) => Promise<Reply> | Reply;

export interface SlotState {
  slot: number;
  powerBankId: string | null;
  battery: number | null;
  locked: boolean;
  fault: string | null;
  charging: boolean;
}

let seq = 0;
/** A unique 4-letter prefix per test run, so parallel runs on one broker never share an SN. */
export const RUN_PREFIX = Array.from(crypto.randomBytes(4), (b) => String.fromCharCode(65 + (b % 26))).join('');
export function newSn(): string {
  seq += 1;
  return `${RUN_PREFIX}${String(Date.now() % 1e8).padStart(8, '0')}${String(seq).padStart(4, '0')}`;
}
export function powerBankIdFor(sn: string, slot: number): string {
  return `${sn.slice(0, 4)}${sn.slice(-11)}${String(slot).padStart(2, '0')}`;
}

export class TestCabinet {
  client: MqttClient | null = null;
  readonly received: Down[] = [];
  readonly executed: Down[] = [];
  private readonly replies = new Map<string, object[]>();
  private waiters: { pred: (m: Down) => boolean; resolve: (m: Down) => void }[] = [];
  handlers: Partial<Record<string, Handler>> = {};
  firmware = { main: '2.3.1', board: '1.4' };
  iccid = '89860012345678901234';
  slots: SlotState[];

  constructor(
    readonly url: string,
    readonly sn: string,
    readonly secret: string,
    slotCount = 4,
  ) {
    this.slots = Array.from({ length: slotCount }, (_, i) => ({
      slot: i + 1,
      powerBankId: i < slotCount - 1 ? powerBankIdFor(sn, i + 1) : null,
      battery: i < slotCount - 1 ? 60 + i * 10 : null,
      locked: true,
      fault: null,
      charging: i < slotCount - 1,
    }));
    this.handlers = defaultHandlers();
  }

  topic(kind: 'up' | 'down' | 'status'): string {
    return `cbo/v1/cab/${this.sn}/${kind}`;
  }

  options(overrides: Partial<IClientOptions> = {}): IClientOptions {
    return {
      clientId: `cab-${this.sn}`,
      username: this.sn,
      password: this.secret,
      clean: true,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
      will: {
        topic: this.topic('status'),
        payload: Buffer.from(JSON.stringify({ online: false })),
        qos: 1,
        retain: true,
      },
      ...overrides,
    };
  }

  async connect(overrides: Partial<IClientOptions> = {}): Promise<void> {
    const client = await mqtt.connectAsync(this.url, this.options(overrides));
    this.client = client;
    client.on('message', (_t, payload) => void this.onDown(JSON.parse(payload.toString()) as Down));
    client.on('error', () => undefined);
    await client.subscribeAsync(this.topic('down'), { qos: 1 });
    await client.publishAsync(this.topic('status'), JSON.stringify({ online: true }), { qos: 1, retain: true });
  }

  async publish(type: string, data: unknown, qos: 0 | 1 = 1): Promise<void> {
    await this.client!.publishAsync(
      this.topic('up'),
      JSON.stringify({ v: 1, id: crypto.randomUUID(), ts: Date.now(), type, data }),
      { qos },
    );
  }

  /** CONNECT, register, wait for `registered`, then report the inventory. */
  async start(): Promise<Down> {
    await this.connect();
    const registered = this.next((m) => m.type === 'registered');
    await this.register();
    const r = await registered;
    await this.inventory();
    return r;
  }

  async register(): Promise<void> {
    await this.publish('register', {
      imei: '861234567890123',
      iccid: this.iccid,
      firmware: this.firmware,
      slots: this.slots.length,
      netMode: '4G',
      model: 'CB-T',
      hwVersion: 'A2',
    });
  }

  async heartbeat(heartbeatSec = 60, csq = 23): Promise<void> {
    await this.publish('heartbeat', { csq, heartbeatSec, uptimeSec: 100, netMode: '4G' }, 0);
  }

  async inventory(): Promise<void> {
    await this.publish('inventory', { slots: this.slots });
  }

  async reply(cmdId: string, body: object): Promise<void> {
    const list = this.replies.get(cmdId) ?? [];
    list.push(body);
    this.replies.set(cmdId, list);
    await this.publish('reply', { cmdId, ...body });
  }

  /** The next message on `down` matching pred (already received ones count). */
  next(pred: (m: Down) => boolean, timeoutMs = 8_000): Promise<Down> {
    const have = this.received.find(pred);
    if (have) return Promise.resolve(have);
    return new Promise((resolve, reject) => {
      const w = { pred, resolve };
      this.waiters.push(w);
      setTimeout(() => {
        this.waiters = this.waiters.filter((x) => x !== w);
        reject(new Error(`${this.sn}: no matching down message in ${timeoutMs} ms`));
      }, timeoutMs).unref();
    });
  }

  /** Drops the TCP connection without DISCONNECT: the broker publishes the will. */
  drop(): void {
    (this.client as unknown as { stream: { destroy(): void } }).stream.destroy();
    this.client?.end(true);
  }

  async disconnect(): Promise<void> {
    await this.client?.endAsync();
  }

  private async onDown(m: Down): Promise<void> {
    this.received.push(m);
    for (const w of [...this.waiters]) {
      if (w.pred(m)) {
        this.waiters = this.waiters.filter((x) => x !== w);
        w.resolve(m);
      }
    }
    if (m.type === 'registered') return;
    await this.handle(m);
  }

  /** The same command arriving again (a QoS 1 redelivery after a lost PUBACK), not sent by the server. */
  async redeliver(m: Down): Promise<void> {
    await this.handle(m);
  }

  private async handle(m: Down): Promise<void> {
    const stored = this.replies.get(m.id);
    if (stored) {
      // Seen before: never executed again; the stored reply, marked duplicate.
      for (const r of stored) await this.publish('reply', { cmdId: m.id, ...r, duplicate: true });
      return;
    }
    if (m.expiresAt !== undefined && m.expiresAt < Date.now())
      return this.reply(m.id, { stage: 'rejected', reason: 'expired' });
    const handler = this.handlers[m.type];
    if (!handler) return;
    this.executed.push(m);
    const r = await handler(m, this);
    if (r) await this.reply(m.id, r);
  }
}

/** What a healthy cabinet answers to each command of protocol.md. */
export function defaultHandlers(): Partial<Record<string, Handler>> {
  return {
    restart: () => ({ stage: 'result', ok: true, result: {} }),
    openLock: async (c, cab) => {
      await cab.reply(c.id, { stage: 'ack' });
      return { stage: 'result', ok: true, result: { slot: c.data.slot } };
    },
    config: (c) => {
      const { ftp = {}, ...rest } = c.data as { ftp?: Record<string, unknown> };
      const { password: _password, ...ftpShown } = ftp; // the answer never carries the FTP password
      return {
        stage: 'result',
        ok: true,
        result: {
          host: 'iot.example.com',
          port: 1883,
          heartbeatSec: 60,
          ...rest,
          ftp: { host: 'ftp.example.com', port: 21, user: 'cab', ...ftpShown },
        },
      };
    },
    upgrade: async (c, cab) => {
      await cab.reply(c.id, { stage: 'ack' });
      for (const p of [30, 70]) await cab.reply(c.id, { stage: 'progress', percent: p });
      cab.firmware = { ...cab.firmware, main: String(c.data.version) };
      return { stage: 'result', ok: true, result: { version: c.data.version } };
    },
    queryVersion: (_c, cab) => ({ stage: 'result', ok: true, result: { firmware: cab.firmware } }),
    queryIccid: (_c, cab) => ({ stage: 'result', ok: true, result: { iccid: cab.iccid } }),
    queryInventory: async (c, cab) => {
      await cab.reply(c.id, { stage: 'result', ok: true, result: {} });
      await cab.inventory();
      return null;
    },
    eject: async (c, cab) => {
      const slot = cab.slots.find((s) =>
        c.data.slot !== undefined ? s.slot === c.data.slot : s.powerBankId === c.data.powerBankId,
      );
      if (!slot) return { stage: 'result', ok: false, reason: 'notFound' };
      if (!slot.powerBankId) return { stage: 'result', ok: false, reason: 'slotEmpty' };
      const powerBankId = slot.powerBankId;
      Object.assign(slot, { powerBankId: null, battery: null, charging: false });
      await cab.reply(c.id, { stage: 'result', ok: true, result: { slot: slot.slot, powerBankId } });
      await cab.inventory();
      return null;
    },
  };
}
