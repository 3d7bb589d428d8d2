import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { CLIENT_TYPES, errorByCode, LIVE_PATH, LIVE_TYPES, resolveLang, type LiveType } from '@cbo/contract';
import type { Database } from '../db/database.js';
import { GroupCommit } from '../db/group-commit.js';
import { AppError } from '../http/app-error.js';
import type { Principal } from '../http/routes.js';
import { errorMessage } from '@cbo/contract';

const CHANNEL = 'cbo_live';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const MAX_NOTIFY_BYTES = 7900;
/** A console pings every 30 s; one silent for three periods is gone. */
const STALE_MS = 95_000;

type BusMessage =
  | { kind: 'to-account'; accountId: number; type: LiveType; data: unknown }
  | { kind: 'end-sessions'; sessionIds: number[]; code: number }
  | { kind: 'broadcast'; anyOf: string[]; type: LiveType; data: unknown };

/** Whether a principal holds a permission code (identity decides; cached per socket for a minute). */
export type PermissionCheck = (principal: Principal, code: string) => Promise<boolean>;
const PERMISSION_CACHE_MS = 60_000;

interface Client {
  ws: WebSocket;
  sessionId: number;
  principal: Principal;
  lastSeen: number;
  held: Map<string, { ok: boolean; at: number }>;
}

/**
 * The live channel: one WebSocket per open console at /ws?token&clientType. Messages
 * go through PostgreSQL NOTIFY, so a message for an account reaches its sockets on every
 * server process that shares the database.
 */
export class LiveHub {
  private readonly clients = new Map<number, Set<Client>>();
  private unlisten: (() => Promise<void>) | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private check: PermissionCheck = async (p) => p.isSuper;
  /**
   * Messages that are sent together share NOTIFYs: a JSON array per NOTIFY, up to the payload
   * limit (a fleet's heartbeats would otherwise be one statement per cabinet), and the NOTIFYs of
   * a batch share one statement (they were one round trip each, in a row, and a command's result
   * waited behind a fleet's changed heartbeats). Order is kept.
   */
  private readonly outbox = new GroupCommit<string, void>(
    async (messages) => {
      await this.database.notify(
        CHANNEL,
        packs(messages, MAX_NOTIFY_BYTES).map((pack) => `[${pack.join(',')}]`),
      );
      return messages.map(() => undefined);
    },
    { maxBatch: 2000 },
  );

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(CHANNEL, (payload) => {
      try {
        const parsed = JSON.parse(payload) as BusMessage | BusMessage[];
        for (const m of Array.isArray(parsed) ? parsed : [parsed]) this.deliver(m);
      } catch (err) {
        this.log.warn({ err }, 'bad live bus message');
      }
    });
    this.sweeper = setInterval(() => this.sweep(), 30_000).unref();
  }

  async stop(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    await this.outbox.drain();
    await this.unlisten?.();
    for (const set of this.clients.values()) for (const c of set) c.ws.close(1001, 'server stopping');
    this.clients.clear();
  }

  /** Sends a message to every open console of an account, on every process. */
  async publish(accountId: number, type: LiveType, data: unknown): Promise<void> {
    await this.outbox.add(JSON.stringify({ kind: 'to-account', accountId, type, data } satisfies BusMessage));
  }

  /**
   * Sends a message to every open console whose account holds one of the permission codes, on
   * every process (fleet state: every console that may see a cabinet gets its changes).
   */
  async broadcast(anyOf: string[], type: LiveType, data: unknown): Promise<void> {
    await this.outbox.add(JSON.stringify({ kind: 'broadcast', anyOf, type, data } satisfies BusMessage));
  }

  /** How broadcast decides who may see a message (set by the identity module at start). */
  setPermissionCheck(check: PermissionCheck): void {
    this.check = check;
  }

  /** Tells the consoles of ended sessions why, and closes their sockets. */
  async endSessions(sessionIds: number[], code: number): Promise<void> {
    await this.outbox.add(JSON.stringify({ kind: 'end-sessions', sessionIds, code } satisfies BusMessage));
  }

  get connectionCount(): number {
    let n = 0;
    for (const s of this.clients.values()) n += s.size;
    return n;
  }

  register(
    app: FastifyInstance,
    authenticate: (token: string | undefined, req: FastifyRequest) => Promise<Principal>,
  ): void {
    app.get(LIVE_PATH, { websocket: true }, async (socket: WebSocket, req: FastifyRequest) => {
      const q = req.query as Record<string, string | undefined>;
      const lang = resolveLang(req.headers['accept-language'] ?? (q.lang as string | undefined));
      // Buffer what arrives while the token is checked, so an early PING is not lost.
      const early: string[] = [];
      const onEarly = (raw: Buffer) => early.push(raw.toString());
      socket.on('message', onEarly);
      let principal: Principal;
      try {
        if (q.clientType && !(CLIENT_TYPES as readonly string[]).includes(q.clientType))
          throw new AppError('CLIENT_TYPE_UNKNOWN');
        principal = await authenticate(q.token, req);
      } catch (err) {
        const name = err instanceof AppError ? err.errorName : 'INTERNAL';
        const code = errorByCode(err instanceof AppError ? err.code : 100009)?.code ?? 100009;
        socket.send(JSON.stringify({ code, msg: errorMessage(name, lang), data: null }));
        socket.close(4401, 'unauthorized');
        return;
      }
      socket.off('message', onEarly);
      const client: Client = {
        ws: socket,
        sessionId: principal.sessionId,
        principal,
        lastSeen: Date.now(),
        held: new Map(),
      };
      const set = this.clients.get(principal.accountId) ?? new Set<Client>();
      set.add(client);
      this.clients.set(principal.accountId, set);
      const onMessage = (raw: string) => {
        client.lastSeen = Date.now();
        let msg: { type?: unknown };
        try {
          msg = JSON.parse(raw) as { type?: unknown };
        } catch {
          return; // not JSON: ignore rather than drop the console
        }
        if (msg?.type === 'PING') send(socket, LIVE_TYPES.pong, { time: new Date().toISOString() });
      };
      socket.on('message', (raw: Buffer) => onMessage(raw.toString()));
      socket.on('close', () => {
        set.delete(client);
        if (!set.size) this.clients.delete(principal.accountId);
      });
      socket.on('error', () => socket.terminate());
      send(socket, LIVE_TYPES.handshake, { accountId: principal.accountId, sessionId: principal.sessionId });
      early.forEach(onMessage);
    });
  }

  private deliver(m: BusMessage): void {
    if (m.kind === 'to-account') {
      for (const c of this.clients.get(m.accountId) ?? []) send(c.ws, m.type, m.data);
      return;
    }
    if (m.kind === 'broadcast') {
      for (const set of this.clients.values()) for (const c of set) void this.deliverIfHeld(c, m.anyOf, m.type, m.data);
      return;
    }
    const ended = new Set(m.sessionIds);
    for (const set of this.clients.values()) {
      for (const c of set) {
        if (!ended.has(c.sessionId)) continue;
        send(c.ws, LIVE_TYPES.sessionEnded, { code: m.code });
        c.ws.close(4401, 'session ended');
      }
    }
  }

  private async deliverIfHeld(c: Client, anyOf: string[], type: LiveType, data: unknown): Promise<void> {
    try {
      const now = Date.now();
      for (const code of anyOf) {
        let held = c.held.get(code);
        if (!held || now - held.at > PERMISSION_CACHE_MS) {
          held = { ok: await this.check(c.principal, code), at: now };
          c.held.set(code, held);
        }
        if (held.ok) return send(c.ws, type, data);
      }
    } catch (err) {
      this.log.warn({ err }, 'live permission check failed');
    }
  }

  private sweep(): void {
    const now = Date.now();
    for (const set of this.clients.values()) for (const c of set) if (now - c.lastSeen > STALE_MS) c.ws.terminate();
  }
}

/** Groups JSON messages so each group, as a JSON array, stays under `max` bytes (a bigger one goes alone). */
export function packs(messages: string[], max: number): string[][] {
  const out: string[][] = [];
  let cur: string[] = [];
  let size = 2;
  for (const m of messages) {
    const n = Buffer.byteLength(m) + 1;
    if (cur.length && size + n > max) {
      out.push(cur);
      cur = [];
      size = 2;
    }
    cur.push(m);
    size += n;
  }
  if (cur.length) out.push(cur);
  return out;
}

function send(ws: WebSocket, type: LiveType, data: unknown): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ code: 0, data: { type, data } }));
}
