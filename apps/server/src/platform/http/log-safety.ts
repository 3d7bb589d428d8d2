import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { MERCHANT_SECRETS } from '@cbo/contract';
import { requestIdMixin } from './request-id.js';

/** Fields that hold a merchant secret (contract: MERCHANT_SECRETS); censored wherever they appear in a line. */
const MERCHANT_SECRET_NAMES = Object.values(MERCHANT_SECRETS).flat();

/** Query parameters that carry a credential (the live channel's `/ws?token=…`). */
const SECRET_PARAMS = /([?&](?:token|authorization|access_token)=)[^&#]*/gi;

/** A URL as it may be logged: credential values in the query replaced with [redacted]. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/**
 * Logger options that never write a session token: the request line is logged with credential
 * query values replaced, and the Authorization and Cookie headers are censored wherever a request
 * or its headers end up in a log line. Applied to whatever logger the server is given.
 */
export function safeLogger(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = logger === true ? {} : (logger as Record<string, unknown>);
  return {
    ...base,
    // Lines written by services while a request is handled carry its id too.
    mixin: requestIdMixin,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'res.headers["set-cookie"]',
        // Merchant secrets (system/merchant-accounts.ts), should a request body or a values object reach a line.
        ...MERCHANT_SECRET_NAMES.flatMap((k) => [k, `*.${k}`, `*.*.${k}`, `*.*.*.${k}`]),
      ],
      censor: '[redacted]',
    },
    serializers: {
      ...(base.serializers as Record<string, unknown> | undefined),
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
