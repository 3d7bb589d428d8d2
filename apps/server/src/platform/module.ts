import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { CallName } from '@cbo/contract';
import type { Config } from '../config.js';
import type { OperationLogService } from './audit/operation-log.js';
import type { Database, Db } from './db/database.js';
import type { ExportService } from './exports/export-centre.js';
import type { FileStorage } from './files/storage.js';
import type { FileReference, Uploads } from './files/uploads.js';
import type { AnyList } from './list-kit.js';
import type { LiveHub } from './live/live-hub.js';
import type { MenuSeed } from './menus.js';
import type { Metrics } from './ops/metrics.js';
import type { RateLimits } from './rate-limit/rate-limit.js';
import type { SmsProvider } from './sms/sms-provider.js';

/** The services of the platform, handed to every module when it is built. */
export interface Platform {
  config: Config;
  database: Database;
  /** The request-scoped handle (inside a staff change it is that request's transaction). */
  db: Db;
  log: FastifyBaseLogger;
  live: LiveHub;
  exports: ExportService;
  audit: OperationLogService;
  files: FileStorage;
  uploads: Uploads;
  sms: SmsProvider;
  /** Rate limits per account or address of calls anyone may repeat (rate-limit.ts). */
  limits: RateLimits;
  /** The process's Prometheus metrics (ops/metrics.ts): modules count through its small interfaces. */
  metrics: Metrics;
}

/** What every module's seed may read at start. */
export interface SeedContext {
  /** Every module's menus, in module order (parents before children). */
  menus: readonly MenuSeed[];
  /** Every contract call a route was registered for. */
  calls: ReadonlySet<CallName>;
  /** Tells the person starting the server something once (the generated password). */
  announce(message: string): void;
}

/**
 * One domain of the server. A module owns its tables, menus and routes; it is built from the
 * platform and from `Needs`, the services of other modules it uses, which it declares itself as
 * an interface and app.ts passes in (a module never imports another module's files). What it
 * offers other modules is the `services` it answers.
 */
export interface ModuleDef<Name extends string, Needs, S> {
  name: Name;
  /** The module's tables (schema.ts gathers them for migrations). */
  tables: Record<string, unknown>;
  menus: readonly MenuSeed[];
  /** Columns that hold addresses of uploads: the upload sweep keeps what they name. */
  fileRefs?: readonly FileReference[];
  services(platform: Platform, needs: Needs): S | Promise<S>;
  /** Paged lists, with or without an export (list-kit.ts): their routes and export kinds are registered by app.ts. */
  lists?(services: S, platform: Platform): readonly AnyList[];
  /** The module's other routes (registerCall). */
  routes(app: FastifyInstance, services: S, platform: Platform): void;
  /** Idempotent start-up data; runs in every process, once the routes are registered. */
  seed?(services: S, ctx: SeedContext, platform: Platform): Promise<void>;
  /** Background work (brokers, sweeps), started after every module is seeded. */
  start?(services: S): Promise<void>;
  /** Stops what `start` started; modules stop in the reverse order. */
  stop?(services: S): Promise<void>;
}

/** Names a module's descriptor; the type parameters are inferred from it. */
export function defineModule<Name extends string, Needs, S>(def: ModuleDef<Name, Needs, S>): ModuleDef<Name, Needs, S> {
  return def;
}

/** A module built on a platform: its descriptor and its services, as app.ts loops over them. */
export interface BuiltModule<Name extends string = string, S = unknown> {
  name: Name;
  services: S;
  menus: readonly MenuSeed[];
  fileRefs: readonly FileReference[];
  lists: readonly AnyList[];
  routes(app: FastifyInstance): void;
  seed(ctx: SeedContext): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Builds a module's services and binds its descriptor to them. */
export async function buildModule<Name extends string, Needs, S>(
  def: ModuleDef<Name, Needs, S>,
  platform: Platform,
  needs: Needs,
): Promise<BuiltModule<Name, S>> {
  const services = await def.services(platform, needs);
  return {
    name: def.name,
    services,
    menus: def.menus,
    fileRefs: def.fileRefs ?? [],
    lists: def.lists?.(services, platform) ?? [],
    routes: (app) => def.routes(app, services, platform),
    seed: async (ctx) => def.seed?.(services, ctx, platform),
    start: async () => def.start?.(services),
    stop: async () => def.stop?.(services),
  };
}
