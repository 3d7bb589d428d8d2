import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  accessLabel,
  api,
  envelope,
  errorMessage,
  Errors,
  type AccountType,
  type ErrorName,
  type CallBodyParsed,
  type CallData,
  type CallName,
  type CallQueryParsed,
  type RouteAccess,
} from '@cbo/contract';
import { AppError } from './app-error.js';
import type { Db } from '../db/database.js';
import { inRequestTransaction } from '../db/request-tx.js';
import { ok } from './envelope.js';
import { withAuditTarget, type AuditTarget } from '../audit/target.js';

/** Who is calling: set by the guard on every non-public route. */
export interface Principal {
  accountId: number;
  sessionId: number;
  userName: string;
  /** 'admin' for the console; an app account's kind for a call with `app` access. */
  accountType: AccountType;
  clientType: string;
  roleCodes: string[];
  /** Role names in the same order (seeded ones are i18n keys such as role.superAdmin). */
  roleNames: string[];
  isSuper: boolean;
  /**
   * Read with the session for a call that needs a permission: whether one of the roles holds a
   * menu bound to that route (method, path), so the check costs no second statement.
   */
  route?: { method: string; path: string; held: boolean };
}

/** What the platform needs from the identity module to guard routes. */
export interface Guard {
  /** Resolves a token to a principal, or throws AppError (100020-100023). */
  authenticate(token: string | undefined, req: FastifyRequest): Promise<Principal>;
  /** True when one of the principal's roles holds a menu bound to this route. */
  authorize(principal: Principal, method: string, path: string): Promise<boolean>;
  /**
   * Resolves a token of the agent app (calls with `app` access) to its principal, or throws
   * NOT_SIGNED_IN. Console tokens are never found here, and app tokens never by `authenticate`.
   */
  authenticateApp?(token: string | undefined, req: FastifyRequest): Promise<Principal>;
  /**
   * Refuses (throws AppError) a call whose extended function is closed: asked after the caller is
   * signed in and authorized, before the body is read. Calls of no function pass without a read.
   */
  gate?(call: CallName): Promise<void>;
}

/** One operation-log entry: who changed what, from where, with which outcome. */
export interface AuditEntry {
  principal: Principal | null;
  method: string;
  path: string;
  /** The contract call (its action is shown in the viewer's language). */
  call: CallName;
  behaviour: string;
  target: string | null;
  /** The target's name as the service found it (nameAuditTarget), when it named one. */
  targetName: string | null;
  resultCode: number;
  ip: string;
  durationMs: number;
  /** The request's id (x-request-id), as its log lines carry it. */
  requestId: string;
}

/** What the platform needs to write the operation log (every change by staff). */
export interface AuditSink {
  /** Writes the entry now, in the calling request's transaction when one is open. */
  record(entry: AuditEntry): Promise<void>;
  /** Writes the entry ahead of a change that cannot share its transaction, marked unfinished; answers its id. */
  begin(entry: AuditEntry): Promise<number>;
  /** Sets the outcome of an entry written by `begin` (and the target's name, found while it ran). */
  finish(id: number, resultCode: number, durationMs: number, targetName: string | null): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    call?: CallName;
    access?: RouteAccess;
    audit?: boolean;
    /** false: the handler commits on its own (it acts on devices after recording); audited write-ahead. */
    transaction?: boolean;
  }
  interface FastifyRequest {
    /** The target's name a service gave while the request ran (nameAuditTarget). */
    auditTarget?: AuditTarget;
    /** How this request's operation-log entry stands: written with the change, or written ahead (its id). */
    audited?: { inTx: true } | { id: number };
  }
  interface FastifyInstance {
    /** Runs an audited call's handler so that the change and its log entry commit together (installGuard). */
    runAudited?: <T>(req: FastifyRequest, reply: FastifyReply, run: () => Promise<T>) => Promise<T>;
  }
}

export type Input<K extends CallName> = {
  query: CallQueryParsed<K>;
  body: CallBodyParsed<K>;
};

export interface Ctx<K extends CallName> extends Input<K> {
  req: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in principal; routes declared `public` get null. */
  principal: K extends CallName ? Principal : never;
}

/**
 * A refusal that still answers with data (a batch that partly failed: its report): the error's
 * code and message go out with the data, and what the request changed stands.
 */
export class AnswerWithError<T> {
  constructor(
    /** The error whose code is answered. */
    readonly code: ErrorName,
    readonly data: T,
    /** The error whose message is answered (by default the same one), with its values. */
    readonly message: { name: ErrorName; params?: Record<string, unknown> } = { name: code },
  ) {}
}

/**
 * What a handler returns after answering by itself (`reply.send` of a file stream). Returning the
 * reply instead would be awaited (a reply is a thenable that settles when the answer is written)
 * and then answered a second time, which Fastify logs as "Reply was already sent".
 */
export const ANSWERED: unique symbol = Symbol('answered');

export type Handler<K extends CallName> = (
  ctx: Ctx<K>,
) => Promise<CallData<K> | AnswerWithError<CallData<K>> | typeof ANSWERED>;

/** Paths of the API; every route under them must be a contract call. */
export const API_ROUTE = /^\/(user|order|device)\//;

/** Every route the server registered, with its access, for sys_api and the permission test. */
export const registeredCalls = new Set<CallName>();

/** The calls that write an operation-log entry (a change made by a signed-in account), for the log's tests. */
export const auditedCalls = new Set<CallName>();

export function tokenOf(req: FastifyRequest, allowCookie: boolean): string | undefined {
  const h = req.headers.authorization;
  if (h) return h.startsWith('Bearer ') ? h.slice(7).trim() : h.trim();
  // Tokens in query strings end up in logs; only the WebSocket upgrade accepts one there.
  if (allowCookie) return req.cookies?.Authorization;
  return undefined;
}

/**
 * Registers the handler of one contract call at its exact path, with its schemas,
 * its access rule and the envelope. Routes are thin: they call a service and return its data.
 */
export function registerCall<K extends CallName>(
  app: FastifyInstance,
  name: K,
  handler: Handler<K>,
  opts: { audit?: boolean; transaction?: boolean } = {},
): void {
  const def = api[name];
  registeredCalls.add(name);
  const audit = opts.audit ?? def.method !== 'GET';
  if (audit && def.access !== 'public') auditedCalls.add(name);
  const schema: Record<string, unknown> = {
    // The OpenAPI operation is named after the contract call, so clients generated from the
    // document use the same names as the console; every call but a public one needs the token.
    operationId: name,
    summary: def.summary,
    tags: [def.module],
    'x-permission': accessLabel(def.access),
    ...(def.access === 'public' ? {} : { security: [{ token: [] }] }),
  };
  if (def.query) schema.querystring = def.query;
  if (def.body && !def.multipart) schema.body = def.body;
  if (!def.download && !def.multipart) schema.response = { 200: envelope(def.data) };
  app.route({
    method: def.method,
    url: def.path,
    schema,
    config: { call: name, access: def.access, audit, transaction: opts.transaction ?? true },
    handler: async (req, reply) => {
      req.auditTarget = {};
      const target = req.auditTarget;
      const run = () =>
        withAuditTarget(target, () =>
          handler({
            req,
            reply,
            query: req.query as never,
            body: req.body as never,
            principal: req.principal as never,
          }),
        );
      const audited = req.routeOptions.config.audit && req.principal && app.runAudited;
      // One answer per request, given here after the change committed (never from inside it).
      const result = audited ? await app.runAudited!(req, reply, run) : await run();
      if (result === ANSWERED) return reply;
      if (!(result instanceof AnswerWithError)) return ok(result);
      reply.envelopeCode = Errors[result.code].code;
      return {
        code: reply.envelopeCode,
        msg: errorMessage(result.message.name, req.lang, result.message.params),
        data: result.data,
      };
    },
  });
}

/** The guard hook: public, any signed-in account, or a permission code. */
export function installGuard(app: FastifyInstance, guard: Guard, audit: AuditSink, db: Db): void {
  app.decorateRequest('principal', null);
  // Every API route is a contract call with a declared access rule: one added any other way
  // (app.get, app.route) stops the server from starting instead of going out unguarded.
  app.addHook('onRoute', (route) => {
    if (API_ROUTE.test(route.url) && !(route.config as { call?: CallName } | undefined)?.call) {
      throw new Error(
        `${String(route.method)} ${route.url} is not a contract call: declare it in packages/contract/src/calls and register it with registerCall`,
      );
    }
  });
  // onRequest, before the body is read or validated: a caller without a token learns nothing
  // about the shape of a call it may not make.
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config.access;
    if (!access || access === 'public') return;
    const call = req.routeOptions.config.call!;
    const token = tokenOf(req, api[call].download === true);
    if (access === 'app') {
      if (!guard.authenticateApp) throw new AppError('NOT_SIGNED_IN');
      req.principal = await guard.authenticateApp(token, req);
      await guard.gate?.(call);
      return;
    }
    req.principal = await guard.authenticate(token, req);
    if (typeof access === 'object' && !(await guard.authorize(req.principal, api[call].method, api[call].path))) {
      throw new AppError('FORBIDDEN');
    }
    await guard.gate?.(call);
  });
  const entry = (req: FastifyRequest, reply: FastifyReply, resultCode: number): AuditEntry => {
    const def = api[req.routeOptions.config.call!];
    return {
      principal: req.principal,
      call: req.routeOptions.config.call!,
      method: def.method,
      path: def.path,
      behaviour: def.summary,
      target: targetOf(req),
      targetName: targetNameOf(req),
      resultCode,
      ip: req.ip,
      durationMs: Math.round(reply.elapsedTime),
      requestId: req.id,
    };
  };
  // A change and its entry commit together: the handler runs in one transaction that the entry
  // joins before it commits; if the entry cannot be written, the change is rolled back with it.
  // A handler that must commit before it acts (a device command is recorded, committed, then
  // sent) is audited ahead instead: its entry is written, marked unfinished, before it runs.
  app.decorate('runAudited', async <T>(req: FastifyRequest, reply: FastifyReply, run: () => Promise<T>): Promise<T> => {
    if (req.routeOptions.config.transaction === false) {
      req.audited = { id: await audit.begin(entry(req, reply, Errors.UNFINISHED.code)) };
      return run();
    }
    req.audited = { inTx: true };
    let outcome: { result: T } | { kept: AppError };
    try {
      outcome = await inRequestTransaction(db, async () => {
        try {
          const result = await run();
          // A partial batch report commits what succeeded with the code it answers.
          await audit.record(entry(req, reply, result instanceof AnswerWithError ? Errors[result.code].code : 0));
          return { result };
        } catch (err) {
          if (!(err instanceof AppError && err.opts.keep)) throw err;
          // A refusal whose bookkeeping stands (a counted wrong code) commits with its entry.
          await audit.record(entry(req, reply, err.code));
          return { kept: err };
        }
      });
    } catch (err) {
      req.audited = undefined; // rolled back: the refusal is logged as the answer leaves
      throw err;
    }
    if ('kept' in outcome) throw outcome.kept;
    return outcome.result;
  });
  // A refused or failed change changed nothing (its transaction rolled back): its entry is
  // written on its own as the answer leaves, with the code the caller got.
  app.addHook('onSend', async (req, reply, payload) => {
    const cfg = req.routeOptions.config;
    if (!cfg?.call || !cfg.audit || !req.principal) return payload;
    const code = reply.envelopeCode ?? 0;
    const state = req.audited;
    const write =
      state && 'inTx' in state
        ? null
        : state
          ? audit.finish(state.id, code, Math.round(reply.elapsedTime), targetNameOf(req))
          : audit.record(entry(req, reply, code));
    await write?.catch((err: unknown) => req.log.error({ err }, 'operation log write failed'));
    return payload;
  });
}

/**
 * The target's name as the service gave it (nameAuditTarget). A call open to any signed-in
 * account or to the app acts on the caller's own account unless its service names another target
 * (a password, a mobile, a sign-out): the caller's user name then names it.
 */
function targetNameOf(req: FastifyRequest): string | null {
  const named = req.auditTarget?.name;
  if (named) return named;
  const access = req.routeOptions.config.access;
  return (access === 'authenticated' || access === 'app') && req.principal ? req.principal.userName : null;
}

/** The target is named in the body, else in the query (a DELETE's delete?id=, sent with an empty body). */
function targetOf(req: FastifyRequest): string | null {
  const keys = ['id', 'manageId', 'userName', 'sn', 'paramType', 'deviceType'];
  const named = (src: unknown) =>
    src && typeof src === 'object'
      ? keys.map((k) => (src as Record<string, unknown>)[k]).find((v) => v !== undefined)
      : undefined;
  const target = named(req.body) ?? named(req.query) ?? null;
  return target === null ? null : String(target).slice(0, 200); // control characters: OperationLogService
}
