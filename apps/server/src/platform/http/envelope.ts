import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { describeError, errorMessage, Errors, resolveLang, type ErrorName, type Lang } from '@cbo/contract';
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
export const zodValidatorCompiler = ({ schema }: { schema: unknown }) => (data: unknown) => {
  const result = (schema as z.ZodType).safeParse(data);
  return result.success ? { value: result.data } : { error: new RequestValidationError(result.error) };
};

export function sendError(reply: FastifyReply, lang: Lang, name: ErrorName, params?: Record<string, unknown>) {
  reply.envelopeCode = Errors[name].code;
  return reply
    .status(httpStatusOf(name))
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify({ code: Errors[name].code, msg: errorMessage(name, lang, params), data: null }));
}

/** One error handler for the whole server (style.md 6): 5xx details stay in the log. */
export function installErrorHandling(app: FastifyInstance): void {
  app.addHook('onRequest', async (req) => {
    req.lang = resolveLang(req.headers['accept-language']);
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

export const ok = <T>(data: T) => ({ code: 0, msg: 'success', data });
