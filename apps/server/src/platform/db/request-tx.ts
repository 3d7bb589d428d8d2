import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './database.js';

/**
 * A request's transaction. A change made by staff and the operation-log row that explains it
 * commit together or not at all, so a mutating call runs inside one transaction that every
 * service joins without being handed it: the database handle every service holds (`scoped`)
 * answers with the current request's transaction while it is open, and with the pool otherwise.
 *
 * - `db.transaction(...)` inside a request becomes a savepoint of the request's transaction.
 * - Work that outlives the transaction (a fire-and-forget push, a timer) falls back to the pool
 *   once it has ended, never to a connection already handed back.
 * - In-process side effects that must see the committed change (waking a worker, closing a
 *   socket) go through `afterCommit`; NOTIFY inside the transaction is delivered at commit.
 */
interface Scope {
  tx: Db | null;
  open: boolean;
  after: (() => void)[];
}

const storage = new AsyncLocalStorage<Scope>();

/** The open request transaction of the calling context, if any. */
export function currentTx(): Db | null {
  const s = storage.getStore();
  return s?.open ? s.tx : null;
}

/** A handle that is the current request's transaction while one is open, else `base`. */
export function scoped(base: Db): Db {
  return new Proxy(base, {
    get(target, prop) {
      const t = (currentTx() ?? target) as unknown as Record<string | symbol, unknown>;
      const v = t[prop];
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(t) : v;
    },
  });
}

/**
 * Runs `fn` in one transaction joined by everything it calls through a scoped handle. Throws
 * what `fn` throws, after rolling back. `afterCommit` callbacks run once it has committed.
 */
export async function inRequestTransaction<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  const scope: Scope = { tx: null, open: false, after: [] };
  const result = await storage.run(scope, () =>
    db.transaction(async (tx) => {
      scope.tx = tx as unknown as Db;
      scope.open = true;
      const restore = queueQueries(tx);
      try {
        return await fn();
      } finally {
        scope.open = false;
        restore();
      }
    }),
  );
  for (const f of scope.after) {
    try {
      f();
    } catch {
      /* an after-commit notice must not turn a committed change into an error */
    }
  }
  return result;
}

interface QueryClient {
  query: (...args: unknown[]) => unknown;
}

/**
 * One connection runs one statement at a time. Everything a request does joins its transaction,
 * including work it starts without awaiting (a log line, a push), so two statements can be asked
 * of the connection at once; node-postgres queues them itself today but has deprecated that
 * (it goes in pg 9). The transaction's connection therefore gets a queue of its own, in the order
 * the statements were asked for, and its own `query` back when the transaction ends (the
 * connection returns to the pool). PGlite runs one statement at a time by itself.
 */
function queueQueries(tx: unknown): () => void {
  const client = (tx as { session?: { client?: unknown } }).session?.client as QueryClient | undefined;
  if (!client || typeof client.query !== 'function' || !('release' in client)) return () => {};
  const own = Object.prototype.hasOwnProperty.call(client, 'query') ? client.query : undefined;
  const original = client.query.bind(client);
  let tail: Promise<unknown> = Promise.resolve();
  client.query = (...args: unknown[]) => {
    // A callback or a submittable (cursor, stream) keeps pg's own handling.
    const first = args[0] as { submit?: unknown } | undefined;
    if (typeof args[args.length - 1] === 'function' || typeof first?.submit === 'function') return original(...args);
    const run = tail.then(() => original(...args));
    tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  };
  return () => {
    if (own) client.query = own;
    else delete (client as Partial<QueryClient>).query;
  };
}

/** Runs `fn` once the current request's transaction has committed (at once outside one). */
export function afterCommit(fn: () => void): void {
  const s = storage.getStore();
  if (s?.open) s.after.push(fn);
  else fn();
}
