import type { z } from 'zod';
import { identityCalls } from './identity/calls.js';
import { systemCalls } from './system/calls.js';
import { fleetCalls } from './fleet/calls.js';
import { assetsCalls } from './assets/calls.js';
import { accessoriesCalls } from './accessories/calls.js';
import { networkCalls } from './network/calls.js';
import { outletCalls } from './outlet/calls.js';
import { orderCalls } from './order/calls.js';
import { ledgerCalls } from './ledger/calls.js';
import { depositCalls } from './deposit/calls.js';
import { payoutCalls } from './payout/calls.js';
import { voucherCalls } from './voucher/calls.js';
import { statsCalls } from './stats/calls.js';
import { couponCalls } from './coupon/calls.js';
import { separationCalls } from './separation/calls.js';
import { reconcileCalls } from './reconcile/calls.js';
import { dashboardCalls } from './dashboard.js';

export { call, none, type CallDef } from './platform/call.js';

/**
 * Every call of the product in one table: each domain writes its calls in <domain>/calls.ts, and
 * this is the table the server registers against, OpenAPI is generated from and the console calls.
 */
export const api = {
  ...identityCalls,
  ...systemCalls,
  ...fleetCalls,
  ...assetsCalls,
  ...accessoriesCalls,
  ...networkCalls,
  ...outletCalls,
  ...orderCalls,
  ...ledgerCalls,
  ...depositCalls,
  ...payoutCalls,
  ...voucherCalls,
  ...statsCalls,
  ...couponCalls,
  ...separationCalls,
  ...reconcileCalls,
  ...dashboardCalls,
} as const;

export type Api = typeof api;
export type CallName = keyof Api;
/** The input side of an optional schema: undefined where the call has none. */
export type SchemaIn<T> = [NonNullable<T>] extends [never]
  ? undefined
  : NonNullable<T> extends z.ZodType
    ? z.input<NonNullable<T>>
    : undefined;
/** The parsed side of an optional schema: what a handler receives. */
export type SchemaOut<T> = [NonNullable<T>] extends [never]
  ? undefined
  : NonNullable<T> extends z.ZodType
    ? z.output<NonNullable<T>>
    : undefined;
export type CallData<K extends CallName> = z.output<Api[K]['data']>;
export type CallQuery<K extends CallName> = SchemaIn<Api[K]['query']>;
export type CallBody<K extends CallName> = SchemaIn<Api[K]['body']>;
export type CallQueryParsed<K extends CallName> = SchemaOut<Api[K]['query']>;
export type CallBodyParsed<K extends CallName> = SchemaOut<Api[K]['body']>;
