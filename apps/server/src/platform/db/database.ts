import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import { currentTx, scoped } from './request-tx.js';
import { prepareFrequent, sessionUrl } from './prepared.js';

/**
 * One database handle for both engines: embedded PGlite (default, data in DATA_DIR/pg) and a real
 * PostgreSQL (DATABASE_URL). Code above this file sees only Drizzle and `listen`/`notify`, so it
 * runs unchanged on either. Queries use the query builder on the tables each module owns, never the
 * relational `db.query` API, so the handle carries no schema and this folder imports no module;
 * schema.ts (top level) gathers the tables for drizzle-kit alone.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/**
 * Runs `fn` in one transaction of `db` (a savepoint when `db` is a transaction already), its handle
 * typed as the `Db` every service takes: Drizzle types a transaction apart from its database, and
 * this is the one place that says they are the same to a caller.
 */
export function inTransaction<T>(
  db: Db,
  fn: (tx: Db) => Promise<T>,
  config?: Parameters<Db['transaction']>[1],
): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db), config);
}

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Subscribes to a NOTIFY channel; on PostgreSQL through one dedicated connection. */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * NOTIFY, one payload or several in order. Several outside a transaction share one statement
   * (a round trip and a pooled connection for all of them, not one each: the live outbox).
   */
  notify(channel: string, payload: string | string[]): Promise<void>;
  /**
   * Marks this process alive under the advisory-lock key (ns, key) for as long as it runs. On
   * PostgreSQL a session lock on the dedicated connection: gone when the process or that
   * connection dies, and visible to every process in pg_locks. The embedded database serves one
   * process, so there is nothing to mark.
   */
  markAlive(ns: number, key: number): Promise<void>;
  /**
   * What autovacuum does on a PostgreSQL server: statistics for the planner and dead rows cleared.
   * PGlite runs no autovacuum, so it is run at start and every MAINTENANCE_MS; a no-op on PostgreSQL.
   */
  maintain(): Promise<void>;
  /**
   * Runs `fn` while holding the advisory lock `key` (PostgreSQL: a session lock on a connection of
   * its own, so processes sharing the database take turns); the embedded database serves one process.
   */
  exclusive<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** The connection pool now (PostgreSQL; the embedded database has one connection and none). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** How often the embedded database is vacuumed and analyzed (a fraction of a second at 10,000 cabinets). */
const MAINTENANCE_MS = 10 * 60_000;

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));
/** Serialises migrations and seeding between processes that start together on one PostgreSQL. */
const MIGRATION_LOCK = 727_001;

export async function openPostgres(url: string, opts: { max?: number } = {}): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // timestamptz and bigint come back as strings by default; bigint ids fit in a JS number.
  pg.default.types.setTypeParser(20, (v) => Number(v));
  const pool = new pg.default.Pool({ connectionString: sessionUrl(url), max: opts.max ?? 10 });
  prepareFrequent(pool);
  pool.on('error', () => {
    /* an idle client died (server restart); the pool replaces it on next use */
  });
  const db = scoped(drizzle(pool) as unknown as Db);
  const lock = await pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(lock), { migrationsFolder });
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lock.release();
  }
  let listener: import('pg').PoolClient | null = null;
  const handlers = new Map<string, Set<(p: string) => void>>();
  const dedicated = async () => {
    if (!listener) {
      listener = await pool.connect();
      listener.on('notification', (n) => handlers.get(n.channel)?.forEach((h) => h(n.payload ?? '')));
    }
    return listener;
  };
  return {
    db,
    engine: 'postgres',
    async listen(channel, handler) {
      const listener = await dedicated();
      if (!handlers.has(channel)) {
        handlers.set(channel, new Set());
        await listener.query(`LISTEN "${channel}"`);
      }
      handlers.get(channel)!.add(handler);
      return async () => {
        handlers.get(channel)?.delete(handler);
      };
    },
    async notify(channel, payload) {
      if (currentTx()) return notifyAtCommit(channel, payload);
      for (const group of notifyStatements(payload)) await pool.query(notifySql(group.length), [channel, ...group]);
    },
    async markAlive(ns, key) {
      await (await dedicated()).query('SELECT pg_advisory_lock($1::int, $2::int)', [ns, key]);
    },
    async maintain() {
      /* the server's autovacuum does it */
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async exclusive(key, fn) {
      const c = await pool.connect();
      try {
        await c.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await c.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
        }
      } finally {
        c.release();
      }
    },
    async close() {
      listener?.release();
      await pool.end();
    },
  };
}

/**
 * An embedded database: in `dataDir`, or in memory when it is null. An in-memory one may start
 * from `template`, a dump of a migrated database (`pgliteTemplate`): the tests' servers start
 * from one made once per run instead of creating and migrating a database each (about 3 s
 * each on this machine). The migrations still run over it, so a stale template is brought up to
 * date, never trusted.
 */
export async function openPglite(dataDir: string | null, opts: { template?: Blob } = {}): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = dataDir
    ? new PGlite(path.join(dataDir, 'pg'))
    : new PGlite(opts.template ? { loadDataDir: opts.template } : {});
  await client.waitReady;
  const db = scoped(drizzle(client) as unknown as Db);
  await migrate(drizzle(client), { migrationsFolder });
  // Without statistics the planner takes a big table for a small one and scans it (gateway: 34 ms
  // a statement at 10,000 cabinets); frequent updates (heartbeats) leave dead rows behind.
  const maintain = async () => {
    await client.exec('VACUUM ANALYZE');
  };
  // A template was analysed when it was made.
  if (!opts.template) await maintain();
  const timer = setInterval(() => void maintain().catch(() => undefined), MAINTENANCE_MS);
  timer.unref();
  return {
    db,
    engine: 'pglite',
    maintain,
    async listen(channel, handler) {
      const unsub = await client.listen(channel, handler);
      return async () => unsub();
    },
    async notify(channel, payload) {
      if (currentTx()) return notifyAtCommit(channel, payload);
      for (const group of notifyStatements(payload)) await client.query(notifySql(group.length), [channel, ...group]);
    },
    async markAlive() {
      /* one process per data directory (lockDataDir) */
    },
    exclusive: (_key, fn) => fn(),
    async close() {
      clearInterval(timer);
      await client.close();
    },
  };
}

/**
 * PGlite keeps its data in files and does not lock them: a second process on the same directory
 * would corrupt it. A lock file with the owner's pid refuses the second one with a clear message.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(file, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(fs.readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `The data directory ${dataDir} is in use by another server process (pid ${pid}). ` +
            'The embedded database allows one process; stop the other one, choose another DATA_DIR, ' +
            'or set DATABASE_URL to share a PostgreSQL between processes.',
        );
      }
      fs.rmSync(file, { force: true }); // stale lock of a process that is gone
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Inside a request's transaction a NOTIFY is delivered when it commits, and never if it rolls back. */
async function notifyAtCommit(channel: string, payload: string | string[]): Promise<void> {
  for (const p of typeof payload === 'string' ? [payload] : payload)
    await currentTx()!.execute(sql`select pg_notify(${channel}, ${p})`);
}

/** At most this many NOTIFYs in one statement (a select list holds at most 1664 columns). */
const NOTIFIES_PER_STATEMENT = 100;

/**
 * Payloads grouped into statements, in order. PostgreSQL delivers a payload repeated on a channel
 * within one transaction once, so a repeat starts a new statement (its own transaction).
 */
export function notifyStatements(payload: string | string[]): string[][] {
  const out: string[][] = [];
  let cur: string[] = [];
  let seen = new Set<string>();
  for (const p of typeof payload === 'string' ? [payload] : payload) {
    if (cur.length >= NOTIFIES_PER_STATEMENT || seen.has(p)) {
      out.push(cur);
      cur = [];
      seen = new Set();
    }
    cur.push(p);
    seen.add(p);
  }
  if (cur.length) out.push(cur);
  return out;
}

/** `SELECT pg_notify($1, $2), pg_notify($1, $3), …`: evaluated left to right, delivered in that order. */
const notifySql = (n: number): string =>
  `SELECT ${Array.from({ length: n }, (_, i) => `pg_notify($1, $${i + 2})`).join(', ')}`;

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * A unique index refused the write (SQLSTATE 23505), however the driver wrapped the error; with
 * `index`, only that index.
 */
export function isUniqueViolation(e: unknown, index?: string): boolean {
  for (
    let cur = e as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, depth = 0;
    cur && depth < 5;
    cur = cur.cause as typeof cur, depth++
  ) {
    if (cur.code === '23505') return index === undefined || cur.constraint === index;
  }
  return false;
}

/** Rows of a raw SQL statement (both drivers answer `{ rows }`). */
export async function query<T>(db: Pick<Db, 'execute'>, statement: SQL): Promise<T[]> {
  const res = (await db.execute(statement)) as unknown as { rows: T[] };
  return res.rows;
}

/**
 * A row as raw SQL returns it (`returning t.*`: column names, driver values) in the shape Drizzle
 * gives the same row, so a hand-written statement's answer needs no second read.
 */
export function rowFromSql<T extends PgTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, col]) => {
      const v = raw[col.name];
      return [key, v === null || v === undefined ? null : col.mapFromDriverValue(v)];
    }),
  ) as T['$inferSelect'];
}

/**
 * `= any(…)` of an array passed as one JSON parameter: an index lookup whatever the planner believes
 * of the table's size, and one statement text for any number of values. PGlite never runs
 * autovacuum, so a `join`/`in` on a JSON list was planned as a scan of every row (34 ms a statement
 * at 10,000 cabinets). Use as `where sn = ${anyOf(sns)}`.
 */
export const anyOf = (values: string[]): SQL =>
  sql`any(array(select json_array_elements_text(${JSON.stringify(values)}::json)))`;

/**
 * A `select` to reference from a statement (`with relaxed as (${relaxedCommit()}) … from relaxed`)
 * whose commit then does not wait for the disk (`synchronous_commit` off for that statement's
 * transaction alone). For writes a database crash may lose without harm because the next message
 * says it again (a heartbeat, a "seen" mark) or because a later, waited-for commit carries them to
 * disk first (the write-ahead operation-log entry before its device action's record): the log is
 * written in order, so a waited-for commit writes every earlier one. A crash of the server process
 * (kill -9) loses nothing that committed. Never relaxed inside a request's transaction: it would
 * hold for the whole of it.
 */
export const relaxedCommit = (): SQL =>
  currentTx() ? sql`select 1` : sql`select set_config('synchronous_commit', 'off', true)`;

/** Rows as one JSON parameter, for `json_to_recordset(${jsonRows(rows)}) as v(col type, …)`: one statement text for any batch. */
export const jsonRows = (rows: object[]): SQL => sql`${JSON.stringify(rows)}::json`;

/** A migrated, analysed in-memory database dumped as a data-dir archive, for `openPglite(null, { template })`. */
export async function pgliteTemplate(): Promise<Blob> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite();
  try {
    await client.waitReady;
    await migrate(drizzle(client), { migrationsFolder });
    await client.exec('VACUUM ANALYZE');
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}
