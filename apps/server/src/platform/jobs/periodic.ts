import type { FastifyBaseLogger } from 'fastify';

/** A background pass run on a timer: started by a module's `start`, stopped by its `stop`. */
export interface Periodic {
  start(): void;
  /** Clears the timers and waits for a pass that is running (it is one transaction or a few; the database closes after). */
  stop(): Promise<void>;
  /** Runs a pass now unless one is running (answers the running one then). */
  runNow(): Promise<void>;
}

/**
 * Runs `work` every `everyMs` (first after `firstMs`, by default `everyMs`), never two passes at
 * once in this process: a tick that finds a pass running is skipped. A failed pass is logged as
 * `<name> failed` and the next tick tries again. Timers do not hold the process open. Several
 * processes may run the same job; the work itself claims rows (FOR UPDATE SKIP LOCKED or a
 * conditional update), so this only keeps one process from piling passes on itself.
 */
export function periodic(
  name: string,
  everyMs: number,
  work: () => Promise<unknown>,
  log: FastifyBaseLogger,
  opts: { firstMs?: number } = {},
): Periodic {
  const timers: NodeJS.Timeout[] = [];
  let running: Promise<void> | null = null;
  const runNow = () => {
    running ??= work()
      .then(() => undefined)
      .catch((err: unknown) => log.warn({ err }, `${name} failed`))
      .finally(() => (running = null));
    return running;
  };
  const tick = () => void runNow();
  return {
    start() {
      if (timers.length) return;
      const first = opts.firstMs ?? everyMs;
      if (first !== everyMs) timers.push(setTimeout(tick, first).unref());
      timers.push(setInterval(tick, everyMs).unref());
    },
    async stop() {
      for (const t of timers.splice(0)) clearTimeout(t);
      await running;
    },
    runNow,
  };
}
