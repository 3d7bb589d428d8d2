import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { query, type Database } from '../db/database.js';

/** A readiness check that takes longer than this counts as failed (a load balancer waits a few seconds at most). */
const CHECK_TIMEOUT_MS = 2_000;

/** The migrations this build carries (drizzle's journal): the database must have applied at least these. */
const journal = fileURLToPath(new URL('../../../drizzle/meta/_journal.json', import.meta.url));
export function migrationsInBuild(): number {
  return (JSON.parse(fs.readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;
}

export interface ReadinessSources {
  database: Database;
  /** Whether the server's MQTT client is connected to its broker (embedded or MQTT_URL). */
  brokerConnected: () => boolean;
}

/** What a process is missing to serve, as /readyz answers it. */
export type Missing = 'starting' | 'stopping' | 'database' | 'broker' | 'migrations';

/**
 * Liveness and readiness for load balancers and orchestrators (docs/deploy.md):
 * `GET /healthz` answers 200 while the process runs (no database: a slow database must not get
 * live processes killed); `GET /readyz` answers 200 only when the database answers, the broker
 * is connected and every migration of this build is applied, and the process is neither starting
 * nor stopping; 503 with what is missing otherwise. Both are public, never audited, never limited.
 */
export class Readiness {
  private started = false;
  private stopping = false;
  private readonly expected = migrationsInBuild();

  constructor(private readonly sources: ReadinessSources) {}

  /** Start-up finished (seeds, workers): the process may take traffic. */
  markStarted(): void {
    this.started = true;
  }

  /** A stop began: readiness fails first, so load balancers take the process out before it closes. */
  markStopping(): void {
    this.stopping = true;
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  async check(): Promise<{ ready: boolean; missing: Missing[] }> {
    const missing: Missing[] = [];
    if (!this.started) missing.push('starting');
    if (this.stopping) missing.push('stopping');
    const applied = await withTimeout(this.appliedMigrations()).catch(() => null);
    if (applied === null) missing.push('database');
    else if (applied < this.expected) missing.push('migrations');
    if (!this.sources.brokerConnected()) missing.push('broker');
    return { ready: missing.length === 0, missing };
  }

  /** One round trip answers both: the database is there, and how many migrations it has applied. */
  private async appliedMigrations(): Promise<number> {
    const [r] = await query<{ n: number }>(
      this.sources.database.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    return Number(r?.n ?? 0);
  }

  register(app: FastifyInstance): void {
    app.get('/healthz', { schema: { hide: true } }, async () => ({
      code: 0,
      msg: 'success',
      data: { engine: this.sources.database.engine },
    }));
    app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
      const r = await this.check();
      return reply
        .code(r.ready ? 200 : 503)
        .send({ code: r.ready ? 0 : 503, msg: r.ready ? 'ready' : `not ready: ${r.missing.join(', ')}`, data: r });
    });
  }
}

function withTimeout<T>(p: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
