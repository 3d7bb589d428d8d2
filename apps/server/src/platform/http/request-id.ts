import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Request ids: one per request, so a complaint leads to its log lines. An `x-request-id` the
 * caller (or the reverse proxy) sends is kept when it is sane: 1-64 characters of letters, digits
 * and `-_.:`; otherwise a new one is made. Every log line written while the request is handled
 * carries it as `reqId`, also those written by services through the server's logger (not only
 * `req.log`): the logger's mixin reads it from the request's async context. The answer carries it
 * in `x-request-id`, and the operation log stores it with the entry.
 */
export const REQUEST_ID_HEADER = 'x-request-id';
const SANE = /^[A-Za-z0-9._:-]{1,64}$/;

const context = new AsyncLocalStorage<{ reqId: string }>();

/** Fastify's genReqId: the caller's sane id, or a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  const one = Array.isArray(sent) ? sent[0] : sent;
  return one && SANE.test(one) ? one : crypto.randomUUID();
}

/** The id of the request being handled in this async context, if any. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.reqId;
}

/**
 * The logger's mixin: `reqId` on a line written inside a request by a logger that does not carry
 * it already (req.log has it in its bindings; a line may not hold the key twice).
 */
export function requestIdMixin(
  _merge: object,
  _level: number,
  logger?: { bindings?: () => Record<string, unknown> },
): Record<string, unknown> {
  const reqId = currentRequestId();
  if (!reqId) return {};
  return logger?.bindings?.().reqId === undefined ? { reqId } : {};
}

/**
 * Runs each request's hooks and handler in its id's context, and answers the id in a header.
 * The context is entered again before validation: reading the body runs on the socket's events,
 * outside the context entered at onRequest.
 */
export function installRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    context.run({ reqId: req.id }, done);
  });
  app.addHook('preValidation', (req, _reply, done) => {
    context.run({ reqId: req.id }, done);
  });
}
