// Long for a reason: the device gateway's one connection life (the embedded broker or an external one, its authentication, topic guard and message dispatch); its constants and helpers are in gateway-support.ts.
import crypto from 'node:crypto';
import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { CabinetService } from './cabinet.service.js';
import type { CabinetReports } from './cabinet-reports.js';
import type { CommandReplies } from './command-replies.js';
import type { Downlink } from './command-rows.js';
import type { DeviceLogService } from './device-log.service.js';
import type { FleetMeter } from '../../platform/ops/metrics.js';
import { indexedMemoryPersistence } from './broker-persistence.js';
import {
  addressOf,
  authenticateCabinet,
  cabinetOf,
  DEFAULT_MQTT_PORT,
  endpointOf,
  INTERNAL_USER,
  isServer,
  newMessageId,
  REFUSALS,
  safeJson,
  SERVER_CLIENT_PREFIX,
  startupError,
  SWEEP_MS,
  withTimeout,
} from './gateway-support.js';
import type { SlotWriter } from './slot-state.js';
import {
  envelope,
  eventData,
  heartbeatData,
  inventoryData,
  isSn,
  MAX_PAYLOAD_BYTES,
  parseTopic,
  registerData,
  replyData,
  statusData,
  topics,
  TOPIC_ROOT,
} from './protocol.js';

/**
 * The device gateway. With MQTT_URL the server uses that broker; otherwise it runs an embedded
 * Aedes broker on MQTT_PORT that authenticates each cabinet (docs/protocol.md). Either way the
 * server's own MQTT client subscribes to every cabinet's `up` and `status` topics, handles each
 * cabinet's messages one at a time, and publishes commands on `down`: one code path.
 */
export class Gateway implements Downlink {
  private broker: Aedes | null = null;
  private server: net.Server | null = null;
  private client: MqttClient | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private sweeping = false;
  private readonly internalPassword = crypto.randomBytes(24).toString('base64url');
  /** What the embedded broker's authentication of a CONNECT reads (gateway-support.ts). */
  private get connecting() {
    return {
      internalPassword: this.internalPassword,
      deviceLog: this.deviceLog,
      cabinets: this.cabinets,
      reports: this.reports,
    };
  }
  /** One promise chain per cabinet: its messages are applied in the order they came. */
  private readonly queues = new Map<string, Promise<void>>();
  /** The embedded broker's current connection per SN, so a replaced one cannot mark it offline. */
  private readonly current = new Map<string, Client>();
  brokerUrl = '';

  constructor(
    private readonly config: Config,
    private readonly cabinets: CabinetService,
    private readonly reports: CabinetReports,
    private readonly slots: SlotWriter,
    private readonly replies: CommandReplies,
    private readonly deviceLog: DeviceLogService,
    private readonly log: FastifyBaseLogger,
    private readonly meter?: FleetMeter,
  ) {}

  get connected(): boolean {
    return this.client?.connected === true;
  }

  get embedded(): boolean {
    return this.broker !== null;
  }

  async start(): Promise<void> {
    if (this.config.MQTT_URL) {
      this.brokerUrl = this.config.MQTT_URL;
    } else {
      await this.startBroker();
    }
    await this.connectClient();
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    // The shared subscription is handed back first: the broker sends this group's next messages to
    // the other processes while this one finishes what it has received.
    if (this.client?.connected)
      await withTimeout(this.client.unsubscribeAsync(this.subscriptions()), 3_000).catch(() => undefined);
    await Promise.allSettled([...this.queues.values()]);
    await Promise.all([this.reports.drain(), this.slots.drain()]);
    if (this.client) await this.client.endAsync(true).catch(() => undefined);
    this.client = null;
    if (this.broker) await new Promise<void>((resolve) => this.broker!.close(() => resolve()));
    if (this.server) await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.broker = null;
    this.server = null;
    await this.deviceLog.close().catch(() => undefined);
  }

  async send(sn: string, message: Parameters<Downlink['send']>[1]): Promise<void> {
    await this.publishDown(sn, message);
  }

  private async publishDown(sn: string, message: object): Promise<void> {
    if (!this.client?.connected) throw new Error('gateway not connected');
    await this.client.publishAsync(topics.down(sn), JSON.stringify(message), { qos: 1 });
    this.meter?.mqtt('out');
  }

  // ------------------------------------------------------------------------------------------
  // The embedded broker

  private async startBroker(): Promise<void> {
    const broker = await Aedes.createBroker({
      id: 'cbo',
      heartbeatInterval: 60_000,
      connectTimeout: 30_000,
      persistence: indexedMemoryPersistence(),
    });
    broker.authenticate = (client, username, password, done) => {
      void authenticateCabinet(this.connecting, client, username, password).then(
        (refusal) => {
          if (!refusal) return done(null, true);
          const err = new Error(refusal) as AuthenticateError;
          err.returnCode = REFUSALS[refusal];
          done(err, null);
        },
        (err: unknown) => {
          this.log.error({ err }, 'mqtt authentication failed');
          const e = new Error('server unavailable') as AuthenticateError;
          e.returnCode = 3;
          done(e, null);
        },
      );
    };
    broker.authorizePublish = (client, packet, done) => {
      if (!client || isServer(client)) return done(null);
      const sn = cabinetOf(client);
      const t = parseTopic(packet.topic);
      if (!t || t.sn !== sn || t.kind === 'down') {
        void this.deviceLog.record({
          sn,
          kind: 'refused',
          reason: 'forbiddenTopic',
          address: addressOf(client),
          detail: `publish ${packet.topic}`.slice(0, 255),
        });
        return done(new Error('forbidden topic'));
      }
      if (packet.payload && packet.payload.length > MAX_PAYLOAD_BYTES) return done(new Error('payload too large'));
      done(null);
    };
    broker.authorizeSubscribe = (client, sub, done) => {
      if (isServer(client)) return done(null, sub);
      const sn = cabinetOf(client);
      if (sub.topic === topics.down(sn)) return done(null, sub);
      void this.deviceLog.record({
        sn,
        kind: 'refused',
        reason: 'forbiddenTopic',
        address: addressOf(client),
        detail: `subscribe ${sub.topic}`.slice(0, 255),
      });
      done(null, null);
    };
    broker.on('client', (client) => {
      if (!isServer(client)) this.current.set(cabinetOf(client), client);
    });
    broker.on('clientDisconnect', (client) => {
      if (isServer(client)) return;
      const sn = cabinetOf(client);
      if (this.current.get(sn) !== client) return; // replaced by a newer connection
      this.current.delete(sn);
      // A clean DISCONNECT leaves no will; a dropped connection's will arrives on `status`.
      if ((client as Client & { _disconnected?: boolean })._disconnected)
        this.enqueue(sn, () => this.cabinets.goOffline(sn, 'disconnect', addressOf(client)));
    });
    broker.on('clientError', (client, err) =>
      this.log.debug({ client: client?.id, err: err.message }, 'mqtt client error'),
    );
    const server = net.createServer((socket) => {
      socket.setNoDelay(true);
      broker.handle(socket);
    });
    const listen = (port: number) =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, this.config.MQTT_HOST, () => {
          server.off('error', reject);
          resolve();
        });
      });
    const chosen = this.config.MQTT_PORT;
    try {
      await listen(chosen ?? DEFAULT_MQTT_PORT);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
      if (chosen !== undefined) {
        throw startupError(
          `MQTT_PORT ${chosen} on ${this.config.MQTT_HOST} is already in use (another broker such as Mosquitto?). ` +
            'Set MQTT_PORT to a free port (0 picks one), or set MQTT_URL to use that broker instead of the embedded one.',
        );
      }
      // Not chosen by the operator: a local broker (Mosquitto) often holds 1883, and the first
      // start must still work. Cabinets of a real fleet need a fixed port: set MQTT_PORT.
      await listen(0);
      this.log.warn(
        { port: (server.address() as net.AddressInfo).port },
        `port ${DEFAULT_MQTT_PORT} is in use (another MQTT broker?): the embedded broker took a free port instead. Set MQTT_PORT to fix one, or MQTT_URL to use that broker.`,
      );
    }
    server.on('error', (err) => this.log.error({ err }, 'mqtt listener error'));
    this.broker = broker;
    this.server = server;
    const port = (server.address() as net.AddressInfo).port;
    this.brokerUrl = `mqtt://127.0.0.1:${port}`;
    this.log.info({ port }, 'embedded MQTT broker listening');
  }

  /**
   * Where cabinets reach the broker: the embedded broker's listening address and port, or the
   * external broker's host and port (never its credentials); null before the gateway started.
   */
  /** Cabinets connected to the embedded broker now; null with an external broker (it knows, not this process). */
  get cabinetConnections(): number | null {
    return this.broker ? this.current.size : null;
  }

  endpoint(): { host: string; port: number; external: boolean } | null {
    if (this.config.MQTT_URL) {
      const u = new URL(this.config.MQTT_URL);
      return { host: u.hostname, port: Number(u.port) || (u.protocol === 'mqtts:' ? 8883 : 1883), external: true };
    }
    if (!this.server?.listening) return null;
    return { host: this.config.MQTT_HOST, port: (this.server.address() as net.AddressInfo).port, external: false };
  }

  /** The external broker's host:port: what a cabinet connected through when the server cannot see its connection. */
  private externalEndpoint(): string | null {
    const e = this.config.MQTT_URL ? this.endpoint() : null;
    return e ? `${e.host}:${e.port}` : null;
  }

  // ------------------------------------------------------------------------------------------
  // The server's own client (embedded or external broker, one code path)

  private async connectClient(): Promise<void> {
    const clientId = `${SERVER_CLIENT_PREFIX}${crypto.randomBytes(6).toString('hex')}`;
    const opts: mqtt.IClientOptions = {
      clientId,
      clean: true,
      reconnectPeriod: 2_000,
      connectTimeout: 10_000,
      keepalive: 30,
    };
    if (this.embedded) Object.assign(opts, { username: INTERNAL_USER, password: this.internalPassword });
    const client = await mqtt.connectAsync(this.brokerUrl, opts);
    noDelay(client);
    client.on('error', (err) => this.log.warn({ err: err.message }, 'gateway mqtt error'));
    client.on('offline', () => this.log.warn('gateway lost the MQTT broker; reconnecting'));
    client.on('message', (topic, payload, packet) => this.onMessage(topic, payload, packet.retain));
    // clean sessions: subscribe again after every reconnect (a new socket: no delay on it either).
    client.on('connect', () => {
      noDelay(client);
      void this.subscribe(client).catch((err: unknown) => this.log.error({ err }, 'gateway subscribe failed'));
    });
    this.client = client;
    await this.subscribe(client);
  }

  /** The topics the server's client subscribes to: shared by the group on an external broker, so several server processes each handle a message once. */
  private subscriptions(): string[] {
    const group = !this.embedded && this.config.MQTT_SHARE_GROUP ? `$share/${this.config.MQTT_SHARE_GROUP}/` : '';
    return [`${group}${TOPIC_ROOT}/+/up`, `${group}${TOPIC_ROOT}/+/status`];
  }

  private async subscribe(client: MqttClient): Promise<void> {
    await client.subscribeAsync(Object.fromEntries(this.subscriptions().map((t) => [t, { qos: 1 as const }])));
  }

  private onMessage(topic: string, payload: Buffer, retained: boolean): void {
    this.meter?.mqtt('in');
    const t = parseTopic(topic);
    if (!t || t.kind === 'down') return;
    if (!isSn(t.sn)) {
      void this.deviceLog.record({
        sn: t.sn,
        kind: 'refused',
        reason: 'malformedSn',
        detail: `message on ${topic}`.slice(0, 255),
      });
      return;
    }
    if (payload.length > MAX_PAYLOAD_BYTES) {
      this.log.warn({ sn: t.sn, bytes: payload.length }, 'device payload too large; dropped');
      return;
    }
    this.enqueue(t.sn, () => (t.kind === 'status' ? this.onStatus(t.sn, payload, retained) : this.onUp(t.sn, payload)));
  }

  private enqueue(sn: string, work: () => Promise<void>): void {
    const prev = this.queues.get(sn) ?? Promise.resolve();
    const next = prev
      .then(work)
      .catch((err: unknown) => this.log.error({ err, sn }, 'device message failed'))
      .finally(() => {
        if (this.queues.get(sn) === next) this.queues.delete(sn);
      });
    this.queues.set(sn, next);
  }

  private parse<T extends z.ZodType>(sn: string, what: string, schema: T, value: unknown): z.infer<T> | null {
    const r = schema.safeParse(value);
    if (r.success) return r.data;
    this.log.warn({ sn, what, issues: r.error.issues.slice(0, 3) }, 'bad device payload dropped');
    return null;
  }

  private async onStatus(sn: string, payload: Buffer, retained: boolean): Promise<void> {
    const status = this.parse(sn, 'status', statusData, safeJson(payload));
    if (!status) return;
    if (status.online) return; // online starts with `register`
    if (retained) {
      // A retained will from before this server subscribed: only true if nothing was heard since.
      const cab = await this.cabinets.get(sn);
      if (!cab?.online) return;
    }
    if (!(await this.cabinets.get(sn))) return this.unknown(sn, 'status');
    await this.cabinets.goOffline(sn, 'will');
  }

  private async onUp(sn: string, payload: Buffer): Promise<void> {
    const msg = this.parse(sn, 'envelope', envelope, safeJson(payload));
    if (!msg) return;
    switch (msg.type) {
      case 'register': {
        const d = this.parse(sn, 'register', registerData, msg.data);
        if (!d) return;
        const client = this.current.get(sn);
        const r = await this.reports.register(
          sn,
          d,
          client ? addressOf(client) : null,
          client ? endpointOf(client) : this.externalEndpoint(),
        );
        if (!r) return this.unknown(sn, 'register');
        await this.publishDown(sn, {
          v: 1,
          id: newMessageId(),
          ts: Date.now(),
          type: 'registered',
          data: { serverTime: Date.now(), heartbeatSec: r.heartbeatSec },
        });
        return;
      }
      case 'heartbeat': {
        const d = this.parse(sn, 'heartbeat', heartbeatData, msg.data);
        if (d && !(await this.reports.heartbeat(sn, d))) return this.unknown(sn, 'heartbeat');
        return;
      }
      case 'inventory': {
        const d = this.parse(sn, 'inventory', inventoryData, msg.data);
        if (!d) return;
        const r = await this.slots.inventory(sn, d.slots);
        if (!r.known) return this.unknown(sn, 'inventory');
        if (r.expiredEjects) await this.replies.reconcile(sn, d.slots);
        return;
      }
      case 'event': {
        const d = this.parse(sn, 'event', eventData, msg.data);
        if (d && !(await this.slots.event(sn, d))) return this.unknown(sn, 'event');
        return;
      }
      case 'reply': {
        const d = this.parse(sn, 'reply', replyData, msg.data);
        if (!d) return;
        // The seen mark and the reply's write go side by side, not one after the other: the reply
        // is what an operator or a customer waits for, and it only moves a command of this SN (an
        // SN not in stock has none, so its reply changes nothing and is logged as unknown here).
        const [known] = await Promise.all([this.reports.touch(sn), this.replies.onReply(sn, d)]);
        if (!known) return this.unknown(sn, 'reply');
        return;
      }
      default:
        this.log.info({ sn, type: msg.type }, 'unknown device message type ignored');
    }
  }

  /** A message from an SN not in stock (possible through an external broker): dropped and logged. */
  private async unknown(sn: string, what: string): Promise<void> {
    await this.deviceLog.record({ sn, kind: 'refused', reason: 'unknownSn', detail: `${what} message dropped` });
  }

  private async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      await this.cabinets.sweepOffline();
      await this.replies.expire();
    } catch (err) {
      this.log.error({ err }, 'fleet sweep failed');
    } finally {
      this.sweeping = false;
    }
  }
}

/**
 * The server's client writes without Nagle's delay. Its connection carries a PUBACK for every
 * heartbeat and reply besides the commands: with Nagle a command's PUBLISH written while a PUBACK
 * was unacknowledged waited for the broker's delayed ACK (tens of milliseconds on a busy
 * connection, bench:gateway's "recorded → sent"). The embedded broker's sockets have no delay.
 */
function noDelay(client: MqttClient): void {
  (client.stream as Partial<net.Socket> | undefined)?.setNoDelay?.(true);
}
