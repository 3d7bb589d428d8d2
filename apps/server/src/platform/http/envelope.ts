import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CLIENT_TYPES,
  LONE_SURROGATE_RE,
  describeError,
  errorMessage,
  Errors,
  resolveLang,
  validationText,
  type ErrorName,
  type Lang,
} from '@cbo/contract';
import { AppError, httpStatusOf } from './app-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
  }
  interface FastifyReply {
    /** The envelope code of an error answer, for the operation log. */
    envelopeCode?: number;
  }
}

/** Marks a ZodError raised by our validator compiler, with the part of the request it checked. */
export class RequestValidationError extends Error {
  constructor(readonly zodError: z.ZodError) {
    super('validation');
  }
}

/**
 * Validates with the contract's zod schemas and keeps the ZodError whole, so the message can
 * name the field in the caller's language (fastify-type-provider-zod's own compiler flattens it).
 */
export const zodValidatorCompiler =
  ({ schema }: { schema: unknown }) =>
  (data: unknown) => {
    const bad = findUnstorable(data);
    if (bad) {
      return {
        error: new RequestValidationError(
          new z.ZodError([{ code: 'custom', path: bad.path, message: bad.rule, input: undefined }]),
        ),
      };
    }
    // reportInput: the message tells a missing field ("is required") from a wrong one.
    const result = (schema as z.ZodType).safeParse(data, { reportInput: true });
    return result.success ? { value: result.data } : { error: new RequestValidationError(result.error) };
  };

/** What no text may hold: U+0000 first (its rule's message), then a lone UTF-16 surrogate. */
function unstorable(s: string): 'rule.noControl' | 'rule.loneSurrogate' | null {
  if (s.includes('\u0000')) return 'rule.noControl';
  return LONE_SURROGATE_RE.test(s) ? 'rule.loneSurrogate' : null;
}

/**
 * The path of the first string (value or key) holding U+0000 or a lone UTF-16 surrogate, anywhere
 * in a query or body, with the rule it breaks. The contract's text rule covers its text fields;
 * this also covers loosely typed parts (an export's filter, a setting's value), because
 * PostgreSQL refuses U+0000 in text and JSON and a lone surrogate in JSON (jsonb), and such a
 * value must never reach a statement.
 */
function findUnstorable(
  root: unknown,
): { path: (string | number)[]; rule: 'rule.noControl' | 'rule.loneSurrogate' } | null {
  // An explicit stack with parent links, not recursion or copied paths: a deeply nested body
  // must neither overflow the call stack nor cost memory per level.
  interface Node {
    value: unknown;
    key: string | number;
    parent: Node | null;
  }
  const pathOf = (n: Node | null, last?: string): (string | number)[] => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (; n && n.parent; n = n.parent) path.unshift(n.key);
    return path;
  };
  // A key is named in the message: its unprintable parts are written out.
  const printable = (k: string) =>
    k
      .replaceAll('\u0000', '\\0')
      .replace(new RegExp(LONE_SURROGATE_RE.source, 'g'), (c) => `\\u${c.charCodeAt(0).toString(16)}`);
  const stack: Node[] = [{ value: root, key: '', parent: null }];
  while (stack.length) {
    const node = stack.pop()!;
    const { value } = node;
    if (typeof value === 'string') {
      const rule = unstorable(value);
      if (rule) return { path: pathOf(node), rule };
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => stack.push({ value: v, key: i, parent: node }));
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        const rule = unstorable(k);
        if (rule) return { path: pathOf(node, printable(k)), rule };
        stack.push({ value: v, key: k, parent: node });
      }
    }
  }
  return null;
}

export function sendError(reply: FastifyReply, lang: Lang, name: ErrorName, params?: Record<string, unknown>) {
  reply.envelopeCode = Errors[name].code;
  return reply
    .status(httpStatusOf(name))
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify({ code: Errors[name].code, msg: errorMessage(name, lang, params), data: null }));
}

/** One error handler for the whole server: 5xx details stay in the log. */
export function installErrorHandling(app: FastifyInstance): void {
  app.addHook('onRequest', async (req) => {
    req.lang = resolveLang(req.headers['accept-language']);
    // ClientType names the caller's terminal (the console sends MANAGE_PC). Absent, the call
    // goes on as its session's terminal; present, it must be one the product knows.
    const clientType = req.headers.clienttype;
    if (
      clientType !== undefined &&
      req.routeOptions.config?.call &&
      !(CLIENT_TYPES as readonly string[]).includes(String(clientType))
    ) {
      throw new AppError('VALIDATION', { detail: `ClientType: ${validationText('invalidValue', req.lang)}` });
    }
  });

  // Fastify validates the body before the query: a call with both (a deposit's id in the query,
  // the reason in the body) would name the missing body and not the U+0000 in its query.
  app.addHook('preValidation', async (req) => {
    const bad = req.routeOptions.config?.call ? findUnstorable(req.query) : null;
    if (bad)
      throw new RequestValidationError(
        new z.ZodError([{ code: 'custom', path: bad.path, message: bad.rule, input: undefined }]),
      );
  });

  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const lang = req.lang ?? resolveLang(req.headers['accept-language']);
    if (err instanceof AppError) return sendError(reply, lang, err.errorName, err.params);
    if (err instanceof RequestValidationError) {
      return sendError(reply, lang, 'VALIDATION', { detail: describeError(err.zodError, lang) });
    }
    const status = err.statusCode ?? 500;
    if (status === 413) return sendError(reply, lang, 'PAYLOAD_TOO_LARGE');
    if (status === 429) return sendError(reply, lang, 'TOO_FREQUENT');
    if (status >= 400 && status < 500) {
      req.log.info({ err: err.message, code: err.code }, 'request refused');
      return sendError(reply, lang, 'BAD_REQUEST');
    }
    req.log.error({ err }, 'unexpected error');
    return sendError(reply, lang, 'INTERNAL');
  });
}

/**
 * Requests Node cannot read at all (a URL or headers over 16 KB, a malformed request line) never
 * reach the error handler; they are answered here with the same envelope, in the language of
 * the Accept-Language header when it arrived with the part that was read.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  err: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const header = /\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(
    Buffer.isBuffer(err.rawPacket) ? err.rawPacket.toString('latin1') : '',
  )?.[1];
  const lang = resolveLang(header);
  const [status, name]: [number, ErrorName] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'PAYLOAD_TOO_LARGE']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'BAD_REQUEST']
        : [400, 'BAD_REQUEST'];
  const body = Buffer.from(JSON.stringify({ code: Errors[name].code, msg: errorMessage(name, lang), data: null }));
  this.log.info({ code: err.code }, 'unreadable request refused');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
        `Content-Length: ${body.length}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n`,
    );
    socket.end(body);
  } else {
    socket.destroy();
  }
}

export const ok = <T>(data: T) => ({ code: 0, msg: 'success', data });
