import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accessLabel, api, envelope, type CallBodyParsed, type CallData, type CallName, type CallQueryParsed, type RouteAccess } from '@cbo/contract';
import { AppError } from './app-error.js';
import { ok } from './envelope.js';

/** Who is calling: set by the guard on every non-public route. */
export interface Principal {
  accountId: number;
  sessionId: number;
  userName: string;
  accountType: 'admin';
  clientType: string;
  roleCodes: string[];
  /** Role names in the same order (seeded ones are i18n keys such as role.superAdmin). */
  roleNames: string[];
  isSuper: boolean;
}

/** What the platform needs from the identity module to guard routes. */
export interface Guard {
  /** Resolves a token to a principal, or throws AppError (100020-100023). */
  authenticate(token: string | undefined, req: FastifyRequest): Promise<Principal>;
  /** True when one of the principal's roles holds a menu bound to this route. */
  authorize(principal: Principal, method: string, path: string): Promise<boolean>;
}

/** What the platform needs to write the operation log (design.md: every change by staff). */
export interface AuditSink {
  record(entry: {
    principal: Principal | null;
    method: string;
    path: string;
    behaviour: string;
    target: string | null;
    resultCode: number;
    ip: string;
    durationMs: number;
  }): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    call?: CallName;
    access?: RouteAccess;
    audit?: boolean;
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

export type Handler<K extends CallName> = (ctx: Ctx<K>) => Promise<CallData<K> | FastifyReply>;

/** Paths of the API (spec 7); every route under them must be a contract call. */
export const API_ROUTE = /^\/(user|order|device)\//;

/** Every route the server registered, with its access, for sys_api and the permission test. */
export const registeredCalls = new Set<CallName>();

export function tokenOf(req: FastifyRequest, allowCookie: boolean): string | undefined {
  const h = req.headers.authorization;
  if (h) return h.startsWith('Bearer ') ? h.slice(7).trim() : h.trim();
  // Tokens in query strings end up in logs; only the WebSocket upgrade accepts one there.
  if (allowCookie) return req.cookies?.Authorization;
  return undefined;
}

/**
 * Registers the handler of one contract call at its exact path (spec 7), with its schemas,
 * its access rule and the envelope. Routes are thin: they call a service and return its data.
 */
export function registerCall<K extends CallName>(app: FastifyInstance, name: K, handler: Handler<K>, opts: { audit?: boolean } = {}): void {
  const def = api[name];
  registeredCalls.add(name);
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
    config: { call: name, access: def.access, audit: opts.audit ?? def.method !== 'GET' },
    handler: async (req, reply) => {
      const result = await handler({
        req,
        reply,
        query: req.query as never,
        body: req.body as never,
        principal: req.principal as never,
      });
      if (result === reply) return reply;
      return ok(result);
    },
  });
}

/** The guard hook: public, any signed-in account, or a permission code (design.md). */
export function installGuard(app: FastifyInstance, guard: Guard, audit: AuditSink): void {
  app.decorateRequest('principal', null);
  // Every API route is a contract call with a declared access rule: one added any other way
  // (app.get, app.route) stops the server from starting instead of going out unguarded.
  app.addHook('onRoute', (route) => {
    if (API_ROUTE.test(route.url) && !(route.config as { call?: CallName } | undefined)?.call) {
      throw new Error(`${String(route.method)} ${route.url} is not a contract call: declare it in packages/contract/src/calls and register it with registerCall`);
    }
  });
  // onRequest, before the body is read or validated: a caller without a token learns nothing
  // about the shape of a call it may not make.
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config.access;
    if (!access || access === 'public') return;
    const call = req.routeOptions.config.call!;
    const token = tokenOf(req, api[call].download === true);
    req.principal = await guard.authenticate(token, req);
    if (typeof access === 'object' && !(await guard.authorize(req.principal, api[call].method, api[call].path))) {
      throw new AppError('FORBIDDEN');
    }
  });
  // onSend, not onResponse: the entry is written before the answer leaves, so a change the
  // caller saw succeed always has its log entry.
  app.addHook('onSend', async (req, reply, payload) => {
    const cfg = req.routeOptions.config;
    if (!cfg?.call || !cfg.audit || !req.principal) return payload;
    const def = api[cfg.call];
    // The target is named in the body, else in the query (a DELETE's delete?id=, sent with an empty body).
    const keys = ['id', 'manageId', 'userName', 'sn', 'paramType', 'deviceType'];
    const named = (src: unknown) => (src && typeof src === 'object' ? keys.map((k) => (src as Record<string, unknown>)[k]).find((v) => v !== undefined) : undefined);
    const target = named(req.body) ?? named(req.query) ?? null;
    const code = reply.envelopeCode ?? 0;
    await audit
      .record({
        principal: req.principal,
        method: def.method,
        path: def.path,
        behaviour: def.summary,
        target: target === null ? null : String(target).slice(0, 200),
        resultCode: code,
        ip: req.ip,
        durationMs: Math.round(reply.elapsedTime),
      })
      .catch((err: unknown) => req.log.error({ err }, 'operation log write failed'));
    return payload;
  });
}
