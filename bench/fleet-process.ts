/**
 * The gateway bench's simulated cabinets in a process of their own (`npm run bench:gateway`, the default; `--fleet
 * in-process` keeps them in the bench's process as before). Ten thousand cabinets stand for ten thousand devices on
 * other machines: in the bench's own process their heartbeats and answers share one event loop with the HTTP client
 * and the live channel that time each round trip, so a busy moment of the cabinets delays the clock that measures the
 * server. Here they run in a child (optionally at a lower priority, `--fleet-nice`, as devices whose CPU is not the
 * node's), and tell the bench over IPC what the bench needs: the summary, the registered cabinets, and when each
 * cabinet answered a command (Date.now(): the same machine's clock as the server's marks).
 *
 * Run as a script it is the child; imported it gives `forkFleet`.
 */
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { emptySummary, type FleetOptions, type FleetSummary } from '../apps/simulator/src/index.js';

type ToChild = { type: 'start' } | { type: 'wait'; n: number; timeoutMs: number } | { type: 'stop' };
type ToParent =
  | { type: 'summary'; summary: FleetSummary; registered?: string[] }
  | { type: 'answered'; ids: [string, number][] }
  | { type: 'started' }
  | { type: 'waited'; error?: string }
  | { type: 'stopped' }
  | { type: 'failed'; error: string };

/** What the gateway bench uses of a fleet, whichever process runs it. */
export interface BenchFleet {
  start(): Promise<void>;
  waitRegistered(n: number, timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
  summary(): FleetSummary;
  /** The SNs of the registered cabinets (as of the last summary). */
  registered(): string[];
  /** Called with a command's id and the wall-clock time its cabinet answered it. */
  onAnswered(fn: (id: string, at: number) => void): void;
  /** The process running the cabinets (for its CPU time). */
  pid: number;
}

const self = fileURLToPath(import.meta.url);

/** Starts `options.count` cabinets in a child process at `nice` (0: as the bench). */
export async function forkFleet(options: FleetOptions & { deviceSecret: string }, nice = 0): Promise<BenchFleet> {
  const root = path.dirname(path.dirname(self));
  const args = ['--import', 'tsx', self, JSON.stringify(options)];
  const child: ChildProcess =
    nice > 0
      ? spawn('nice', ['-n', String(nice), process.execPath, ...args], {
          cwd: root,
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        })
      : spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let summary: FleetSummary = emptySummary(options.count);
  let registered: string[] = [];
  const answered: ((id: string, at: number) => void)[] = [];
  const waiting = new Map<string, ((m: ToParent) => void)[]>();
  const expect = (type: ToParent['type']) =>
    new Promise<ToParent>((resolve, reject) => {
      const list = waiting.get(type) ?? [];
      list.push(resolve);
      waiting.set(type, list);
      child.once('exit', (code) => reject(new Error(`the cabinets' process exited (${code}) before '${type}'`)));
    });
  child.on('message', (raw) => {
    const m = raw as ToParent;
    if (m.type === 'summary') {
      summary = m.summary;
      if (m.registered) registered = m.registered;
    } else if (m.type === 'answered') {
      for (const [id, at] of m.ids) for (const fn of answered) fn(id, at);
    }
    const list = waiting.get(m.type);
    if (list?.length) list.shift()!(m);
  });
  const send = (m: ToChild) => child.send(m);
  return {
    pid: child.pid!,
    async start() {
      send({ type: 'start' });
      await expect('started');
    },
    async waitRegistered(n, timeoutMs) {
      send({ type: 'wait', n, timeoutMs });
      const m = (await expect('waited')) as { error?: string };
      // The summary with the registered list follows the answer.
      await expect('summary');
      if (m.error) throw new Error(m.error);
    },
    async stop() {
      if (child.exitCode !== null) return;
      send({ type: 'stop' });
      await Promise.race([expect('stopped').catch(() => undefined), new Promise((r) => setTimeout(r, 15_000))]);
      child.kill('SIGTERM');
    },
    summary: () => summary,
    registered: () => registered,
    onAnswered: (fn) => void answered.push(fn),
  };
}

/** The child: one fleet, driven by the parent's messages. */
async function child(options: FleetOptions) {
  const { createFleet } = await import('../apps/simulator/src/index.js');
  const fleet = await createFleet(options);
  const post = (m: ToParent) => process.send!(m);
  const list = () => fleet.cabinets.filter((c) => c.registered).map((c) => c.sn);
  // Answers go up in small batches (every 2 ms at most), so IPC is not one message a command.
  let pending: [string, number][] = [];
  let flush: NodeJS.Timeout | null = null;
  for (const cab of fleet.cabinets)
    cab.on('command', (e: { id: string }) => {
      pending.push([e.id, Date.now()]);
      flush ??= setTimeout(() => {
        post({ type: 'answered', ids: pending });
        pending = [];
        flush = null;
      }, 2);
    });
  const tick = setInterval(() => post({ type: 'summary', summary: fleet.summary() }), 1000);
  process.on('message', (raw) => {
    const m = raw as ToChild;
    if (m.type === 'start') void fleet.start().then(() => post({ type: 'started' }));
    else if (m.type === 'wait')
      void fleet.waitRegistered(m.n, m.timeoutMs).then(
        () => {
          post({ type: 'waited' });
          post({ type: 'summary', summary: fleet.summary(), registered: list() });
        },
        (e: Error) => {
          post({ type: 'waited', error: e.message });
          post({ type: 'summary', summary: fleet.summary(), registered: list() });
        },
      );
    else if (m.type === 'stop') {
      clearInterval(tick);
      void fleet.stop().then(() => {
        post({ type: 'stopped' });
        process.exit(0);
      });
    }
  });
  process.on('disconnect', () => process.exit(0));
}

if (process.argv[1] === self) {
  child(JSON.parse(process.argv[2]!) as FleetOptions).catch((e: Error) => {
    process.send?.({ type: 'failed', error: e.message } satisfies ToParent);
    process.exit(1);
  });
}
