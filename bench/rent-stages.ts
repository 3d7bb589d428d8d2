/**
 * Where an eject's time goes (issue 27, part 2), for `npm run bench:rent -- --stages`: each rental eject
 * is timed at its stages by wrapping the objects of the bench's own process (the server's services, the
 * simulated cabinets, pg's Pool), never by code in the server's paths:
 *
 *   reserved (the rent's transaction picked and recorded it) → rent answered (the customer's call returned)
 *   → published (the gateway's publish on `down`: the cabinet's physical turn came) → cabinet got it →
 *   cabinet answered (its result) → server got the result (the gateway's MQTT client) → dequeued (the
 *   cabinet's message queue reached it: `onReply`) → written (the reply's conditional update) → handed on
 *   (the turn to the next eject, the slot summary: `ejectFinished` called) → engine started, done (`ejectOutcome`).
 *
 * Besides: each cabinet's message queue by message kind (wait before its turn, time it ran), the wait for a
 * connection of the pool (transactions: `connect()`; single statements: `query`), and the event loop's delay.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import type { VirtualCabinet } from '@cbo/simulator';

type Fn = (...a: any[]) => any;

const STAGES = [
  'reserved',
  'answered',
  'published',
  'cabinetGot',
  'cabinetAnswered',
  'serverGot',
  'dequeued',
  'written',
  'handedOn',
  'engineStart',
  'engineDone',
] as const;
type Stage = (typeof STAGES)[number];

export interface Dist {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

export interface StagesReport {
  /** Each step between two consecutive stages of an eject (only ejects that reached both). */
  steps: Record<string, Dist>;
  /** From the rent's answer to each later stage. */
  fromAnswer: Record<string, Dist>;
  /** The cabinet's message queue by kind: the wait before a message ran, and how long it ran. */
  queue: Record<string, { wait: Dist; run: Dist }>;
  /** Wait for a pooled connection: transactions (`connect()`) and single statements (`query`). */
  pool: { tx: Dist; query: Dist; waitingMax: number; held: { what: string; n: number; ms: number; share: number }[] };
  /** Event loop delay (ms) of the bench process over the window. */
  loop: { p50: number; p99: number; max: number; mean: number };
  /** Calls on the eject's path and the cabinets' queues, timed (ms). */
  calls: Record<string, Dist>;
  /** Ejects that went out at once (rent's own dispatch took the turn) vs waited for another's end. */
  ejects: number;
}

const dist = (xs: number[]): Dist => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
  const r = (v: number) => Math.round(v * 10) / 10;
  return {
    n: s.length,
    p50: r(q(0.5)),
    p90: r(q(0.9)),
    p99: r(q(0.99)),
    max: r(s.at(-1) ?? NaN),
    mean: r(s.reduce((a, b) => a + b, 0) / Math.max(1, s.length)),
  };
};

/** Installs the wraps; `stop` undoes them and answers what was seen. */
export function traceStages(services: any, cabinets: VirtualCabinet[]) {
  const undo: (() => void)[] = [];
  const wrap = (obj: any, name: string, make: (orig: Fn) => Fn) => {
    const had = Object.prototype.hasOwnProperty.call(obj, name);
    const orig = obj[name] as Fn;
    obj[name] = make(orig);
    undo.push(() => {
      if (had) obj[name] = orig;
      else delete obj[name];
    });
  };
  const now = () => performance.now();
  const times = new Map<string, Partial<Record<Stage, number>>>();
  const cmdOfPb = new Map<string, string>();
  const mark = (cmd: string | undefined | null, stage: Stage) => {
    if (!cmd) return;
    const t = times.get(cmd) ?? {};
    t[stage] ??= now();
    times.set(cmd, t);
  };
  const isEject = (cmd: string) => times.has(cmd);

  const calls = new Map<string, number[]>();
  const timed = (obj: any, name: string, label: string) =>
    wrap(
      obj,
      name,
      (orig) =>
        async function (this: unknown, ...a: unknown[]) {
          const at = now();
          try {
            return await orig.apply(obj, a);
          } finally {
            const xs = calls.get(label) ?? [];
            xs.push(now() - at);
            calls.set(label, xs);
          }
        },
    );
  const rental = services.fleet.rental;
  wrap(
    rental,
    'reserveEject',
    (orig) =>
      async function (this: unknown, ...a: unknown[]) {
        const r = await orig.apply(rental, a);
        mark(r.commandId, 'reserved');
        cmdOfPb.set(r.powerBankId, r.commandId);
        return r;
      },
  );
  const gateway = services.fleet.gateway;
  wrap(
    gateway,
    'send',
    (orig) =>
      function (sn: string, m: { id: string }) {
        if (isEject(m.id)) mark(m.id, 'published');
        return orig.call(gateway, sn, m);
      },
  );
  // The cabinet's message queue, by kind: onMessage calls enqueue synchronously.
  const queue = new Map<string, { wait: number[]; run: number[] }>();
  let kind: { k: string; cmd: string | null } | null = null;
  wrap(
    gateway,
    'onMessage',
    (orig) =>
      function (topic: string, payload: Buffer, retained: boolean) {
        let k = topic.endsWith('/status') ? 'status' : 'up?';
        let cmd: string | null = null;
        try {
          const m = JSON.parse(payload.toString()) as {
            type?: string;
            data?: { stage?: string; cmdId?: string; kind?: string };
          };
          k = m.type ?? k;
          if (m.type === 'reply') {
            k = `reply ${m.data?.stage}`;
            cmd = m.data?.cmdId ?? null;
            if (m.data?.stage === 'result' && cmd && isEject(cmd)) mark(cmd, 'serverGot');
            if (cmd && !isEject(cmd)) k = `${k} (other command)`;
          } else if (m.type === 'event') k = `event ${m.data?.kind}`;
        } catch {
          /* not JSON: the gateway drops it */
        }
        kind = { k, cmd };
        try {
          return orig.call(gateway, topic, payload, retained);
        } finally {
          kind = null;
        }
      },
  );
  wrap(
    gateway,
    'enqueue',
    (orig) =>
      function (sn: string, work: () => Promise<void>) {
        const k = kind?.k ?? 'other';
        const cmd = kind?.cmd ?? null;
        const at = now();
        return orig.call(gateway, sn, async () => {
          const start = now();
          if (cmd && k === 'reply result' && isEject(cmd)) mark(cmd, 'dequeued');
          try {
            await work();
          } finally {
            const q = queue.get(k) ?? { wait: [], run: [] };
            q.wait.push(start - at);
            q.run.push(now() - start);
            queue.set(k, q);
          }
        });
      },
  );
  const replies = gateway.replies;
  const batch = replies.replies;
  wrap(
    batch,
    'add',
    (orig) =>
      async function (x: { sn: string; r: { cmdId: string; stage: string } }) {
        const out = await orig.call(batch, x);
        if (x.r.stage === 'result' && isEject(x.r.cmdId)) mark(x.r.cmdId, 'written');
        return out;
      },
  );
  wrap(
    rental,
    'ejectFinished',
    (orig) =>
      async function (row: { id: string }, ejected: boolean) {
        mark(row.id, 'written'); // the slow path (onReply's general branch) has no batch
        mark(row.id, 'handedOn');
        return orig.call(rental, row, ejected);
      },
  );
  const listener = rental.listener;
  wrap(
    listener,
    'ejectOutcome',
    (orig) =>
      async function (e: { commandId: string }) {
        mark(e.commandId, 'engineStart');
        await orig.call(listener, e);
        mark(e.commandId, 'engineDone');
      },
  );
  const sender = replies.sender;
  const slots = replies.slots;
  const reports = gateway.reports;
  timed(sender, 'next', 'sender.next (turn handed on, publish)');
  timed(slots, 'refresh', 'slots.refresh (summary after an eject)');
  timed(slots, 'event', 'slots.event (with the settle)');
  timed(slots, 'inventory', 'slots.inventory (batched)');
  timed(reports, 'touch', 'reports.touch (seen mark)');
  timed(rental, 'arrived', 'rental.arrived (the settle)');
  timed(rental, 'dispatch', 'rental.dispatch (rent: turn)');
  for (const c of cabinets) {
    const cab = c as any;
    wrap(
      cab,
      'onCommand',
      (orig) =>
        function (msg: { id: string }) {
          if (isEject(msg.id)) mark(msg.id, 'cabinetGot');
          return orig.call(cab, msg);
        },
    );
    wrap(
      cab,
      'reply',
      (orig) =>
        function (r: { cmdId: string; stage: string }) {
          if (r.stage === 'result' && isEject(r.cmdId)) mark(r.cmdId, 'cabinetAnswered');
          return orig.call(cab, r);
        },
    );
  }
  // Pool waits: a transaction asks `connect()` (a promise); a single statement, `query`, asks `connect(cb)`.
  // And how long each holds its connection (given to released), by statement text (a transaction: its first
  // statement after `begin`): which work the pool's connections are busy with.
  const poolTx: number[] = [];
  const poolQuery: number[] = [];
  const holds = new Map<string, { n: number; ms: number }>();
  let waitingMax = 0;
  let text: string | null = null;
  const short = (t: unknown) =>
    String(typeof t === 'string' ? t : ((t as { text?: string })?.text ?? '?'))
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 80);
  type Held = { acquired: number; label: string | null; tx: boolean };
  const held = new WeakMap<object, Held>();
  const watch = (client: any, tx: boolean, label: string | null) => {
    held.set(client, { acquired: now(), label, tx });
    const release = client.release as Fn;
    client.release = function (this: unknown, ...a: unknown[]) {
      const h = held.get(client);
      if (h) {
        const k = `${h.tx ? 'tx ' : ''}${h.label ?? '?'}`;
        const s0 = holds.get(k) ?? { n: 0, ms: 0 };
        s0.n++;
        s0.ms += now() - h.acquired;
        holds.set(k, s0);
        held.delete(client);
      }
      return release.apply(client, a);
    };
    // The pool gives every checkout a release of its own: wrapped each time; the query, once.
    if (client.__staged) return;
    client.__staged = true;
    const q = client.query as Fn;
    client.query = function (this: unknown, ...a: unknown[]) {
      const h = held.get(client);
      const t = short(a[0]);
      if (h && h.label === null && !/^begin/i.test(t)) h.label = t;
      return q.apply(client, a);
    };
  };
  const proto = pg.Pool.prototype as any;
  const query = proto.query as Fn;
  proto.query = function (this: unknown, t: unknown, ...a: unknown[]) {
    text = short(t);
    try {
      return query.call(this, t, ...a);
    } finally {
      text = null;
    }
  };
  undo.push(() => (proto.query = query));
  const connect = proto.connect as Fn;
  proto.connect = function (this: any, cb?: Fn) {
    const at = now();
    waitingMax = Math.max(waitingMax, this.waitingCount ?? 0);
    if (typeof cb === 'function') {
      const label = text;
      return connect.call(this, (err: unknown, client: any, ...a: unknown[]) => {
        poolQuery.push(now() - at);
        if (client) watch(client, false, label);
        return cb(err, client, ...a);
      });
    }
    const p = connect.call(this) as Promise<any>;
    return p.then((c) => {
      poolTx.push(now() - at);
      watch(c, true, null);
      return c;
    });
  };
  undo.push(() => (proto.connect = connect));
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();

  return {
    /** The customer's rent call answered with this power bank (the bench calls it). */
    answered(powerBankId: string) {
      mark(cmdOfPb.get(powerBankId), 'answered');
      cmdOfPb.delete(powerBankId);
    },
    stop(): StagesReport {
      loop.disable();
      for (const u of undo.reverse()) u();
      const steps: Record<string, Dist> = {};
      for (let i = 1; i < STAGES.length; i++) {
        const a = STAGES[i - 1]!;
        const b = STAGES[i]!;
        const xs = [...times.values()].flatMap((t) =>
          t[a] !== undefined && t[b] !== undefined ? [t[b]! - t[a]!] : [],
        );
        steps[`${a} → ${b}`] = dist(xs);
      }
      const fromAnswer: Record<string, Dist> = {};
      for (const b of STAGES.slice(2))
        fromAnswer[b] = dist(
          [...times.values()].flatMap((t) =>
            t.answered !== undefined && t[b] !== undefined ? [t[b]! - t.answered] : [],
          ),
        );
      const ms = (v: number) => Math.round(v / 1e4) / 100;
      return {
        steps,
        fromAnswer,
        queue: Object.fromEntries(
          [...queue]
            .sort((a, b) => a[0].localeCompare(b[0]))
            .map(([k, q]) => [k, { wait: dist(q.wait), run: dist(q.run) }]),
        ),
        calls: Object.fromEntries([...calls].map(([k, xs]) => [k, dist(xs)])),
        pool: {
          tx: dist(poolTx),
          query: dist(poolQuery),
          waitingMax,
          // share: of all the time connections were held
          held: (() => {
            const total = [...holds.values()].reduce((a, h) => a + h.ms, 0) || 1;
            return [...holds]
              .sort((a, b) => b[1].ms - a[1].ms)
              .slice(0, 30)
              .map(([what, h]) => ({
                what,
                n: h.n,
                ms: Math.round(h.ms),
                share: Math.round((h.ms / total) * 1000) / 10,
              }));
          })(),
        },
        loop: { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max), mean: ms(loop.mean) },
        ejects: [...times.values()].filter((t) => t.engineDone !== undefined).length,
      };
    },
  };
}
