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
 * A module's late needs as its services see them: each one read when called, never before the bind
 * phase (reading one earlier throws, naming it). A module reads `late.x(…)` inside a method, never
 * while it is being built.
 */
export type Late<L> = { readonly [K in keyof L]: L[K] };

/** Every key of a module's late needs, each listed once (the type checks that none is left out). */
export type LateKeys<L> = { readonly [K in keyof L]-?: true };

/**
 * One domain of the server. A module owns its tables, menus and routes; it is built from the
 * platform and from `Needs`, the services of other modules built before it, which it declares as
 * an interface (in its needs.ts, in the providers' own types from their ports.ts) and a wiring
 * file (src/wiring/) builds from their services. `Late` are the needs on modules built after it:
 * declared in `late`, handed over in app.ts's one bind phase (`BuiltModule.bind`), and checked
 * before the server starts (a missing one fails the start, naming it). A module never imports
 * another module's files but its ports.ts types. What it offers other modules is the `services`
 * it answers.
 */
export interface ModuleDef<Name extends string, Needs, S, L = Record<never, never>> {
  name: Name;
  /** The keys of its late needs (`L`): bound after every module is built, before any request. */
  late?: LateKeys<L>;
  /** The module's tables (schema.ts gathers them for migrations). */
  tables: Record<string, unknown>;
  menus: readonly MenuSeed[];
  /** Columns that hold addresses of uploads: the upload sweep keeps what they name. */
  fileRefs?: readonly FileReference[];
  services(platform: Platform, needs: Needs, late: Late<L>): S | Promise<S>;
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
export function defineModule<Name extends string, Needs, S, L = Record<never, never>>(
  def: ModuleDef<Name, Needs, S, L>,
): ModuleDef<Name, Needs, S, L> {
  return def;
}

/** A module built on a platform: its descriptor and its services, as app.ts loops over them. */
export interface BuiltModule<Name extends string = string, S = unknown, L = unknown> {
  name: Name;
  services: S;
  /**
   * The bind phase: hands the module its late needs, all at once. Throws, naming them, when one
   * the module declares is missing (fails closed: no default switches a check off).
   */
  bind(late: L): void;
  /** Throws, naming the module and its late needs, when they were declared and never bound. */
  assertBound(): void;
  menus: readonly MenuSeed[];
  fileRefs: readonly FileReference[];
  lists: readonly AnyList[];
  routes(app: FastifyInstance): void;
  seed(ctx: SeedContext): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Builds a module's services and binds its descriptor to them. */
export async function buildModule<Name extends string, Needs, S, L = Record<never, never>>(
  def: ModuleDef<Name, Needs, S, L>,
  platform: Platform,
  needs: Needs,
): Promise<BuiltModule<Name, S, L>> {
  const keys = Object.keys(def.late ?? {}) as (keyof L & string)[];
  let bound: L | null = null;
  const late = {} as Late<L>;
  for (const k of keys) {
    Object.defineProperty(late, k, {
      enumerable: true,
      get: () => {
        if (!bound) throw new Error(`Module ${def.name}: its late need '${k}' was used before the bind phase.`);
        return bound[k];
      },
    });
  }
  const services = await def.services(platform, needs, late);
  return {
    name: def.name,
    services,
    bind: (given) => {
      if (bound) throw new Error(`Module ${def.name}: its late needs are bound twice.`);
      const missing = keys.filter((k) => (given as Partial<L> | undefined)?.[k] == null);
      if (missing.length)
        throw new Error(`Module ${def.name}: late need${missing.length > 1 ? 's' : ''} ${missing.join(', ')} missing.`);
      bound = given;
    },
    assertBound: () => {
      if (keys.length && !bound)
        throw new Error(`Module ${def.name}: late needs ${keys.join(', ')} were never bound (app.ts, the bind phase).`);
    },
    menus: def.menus,
    fileRefs: def.fileRefs ?? [],
    lists: def.lists?.(services, platform) ?? [],
    routes: (app) => def.routes(app, services, platform),
    seed: async (ctx) => def.seed?.(services, ctx, platform),
    start: async () => def.start?.(services),
    stop: async () => def.stop?.(services),
  };
}
