import { z } from 'zod';
import { withTextRule } from './text-rule.js';

/**
 * How a route is guarded. Every call declares one: `public`, any signed-in account of the console,
 * `app` (a signed-in account of the agent app, never a console session), or a permission code. A permission code is held when one of the account's roles holds a menu bound
 * to the route; the super-admin role holds everything.
 */
export type RouteAccess = 'public' | 'authenticated' | 'app' | { permission: string };

export function accessLabel(access: RouteAccess): string {
  return typeof access === 'string' ? access : access.permission;
}

/**
 * One call of the product, written once: method, exact path (paths are kept as the apps already
 * call them), who may call it, and the schemas of its input and its `data`. The server registers
 * its handlers against these, OpenAPI is generated from them, and the console's request client
 * takes its paths and types from them. This file knows no domain: each domain declares its calls
 * in <domain>/calls.ts and api.ts joins them.
 */
export interface CallDef<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  access: RouteAccess;
  summary: string;
  module: string;
  query?: Q;
  body?: B;
  /** Schema of `data`; multipart and file downloads declare z.any(). */
  data: R;
  /** Multipart upload (the body is not JSON). */
  multipart?: boolean;
  /** A file download: the token may also come from the Authorization cookie. */
  download?: boolean;
}

export function call<
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(d: CallDef<Q, B, R>): CallDef<Q, B, R> {
  // Every text field of a call's input refuses control characters and lone surrogates, and every
  // number field takes a number, or a number's digits in a query string (text-rule.ts).
  return { ...d, query: d.query && withTextRule(d.query, 'query'), body: d.body && withTextRule(d.body, 'body') };
}

/** `data` of a call that answers nothing. */
export const none = z.null();
