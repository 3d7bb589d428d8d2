import type { z } from 'zod';
import { identityCalls } from './calls/identity.js';
import { systemCalls } from './calls/system.js';
import { fleetCalls } from './calls/fleet.js';

export { call, none, type CallDef } from './call.js';

/**
 * Every call of the product, written once: method, exact path (spec 7), who may call it, and the
 * schemas of its input and its `data`. Each domain writes its calls in calls/<domain>.ts; this is
 * the one table the server registers against, OpenAPI is generated from and the console calls.
 */
export const api = {
  ...identityCalls,
  ...systemCalls,
  ...fleetCalls,
} as const;

export type Api = typeof api;
export type CallName = keyof Api;
/** The input side of an optional schema: undefined where the call has none. */
export type SchemaIn<T> = [NonNullable<T>] extends [never] ? undefined : NonNullable<T> extends z.ZodType ? z.input<NonNullable<T>> : undefined;
/** The parsed side of an optional schema: what a handler receives. */
export type SchemaOut<T> = [NonNullable<T>] extends [never] ? undefined : NonNullable<T> extends z.ZodType ? z.output<NonNullable<T>> : undefined;
export type CallData<K extends CallName> = z.output<Api[K]['data']>;
export type CallQuery<K extends CallName> = SchemaIn<Api[K]['query']>;
export type CallBody<K extends CallName> = SchemaIn<Api[K]['body']>;
export type CallQueryParsed<K extends CallName> = SchemaOut<Api[K]['query']>;
export type CallBodyParsed<K extends CallName> = SchemaOut<Api[K]['body']>;
