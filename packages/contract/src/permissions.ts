import { identityPerms } from './identity/permissions.js';
import { systemPerms } from './system/permissions.js';
import { fleetPerms } from './fleet/permissions.js';
import { assetsPerms } from './assets/permissions.js';
import { accessoriesPerms } from './accessories/permissions.js';
import { networkPerms } from './network/permissions.js';
import { outletPerms } from './outlet/permissions.js';
import { orderPerms } from './order/permissions.js';
import { ledgerPerms } from './ledger/permissions.js';
import { depositPerms } from './deposit/permissions.js';
import { payoutPerms } from './payout/permissions.js';
import { voucherPerms } from './voucher/permissions.js';
import { statsPerms } from './stats/permissions.js';
import { couponPerms } from './coupon/permissions.js';
import { separationPerms } from './separation/permissions.js';
import { reconcilePerms } from './reconcile/permissions.js';

export { accessLabel, type RouteAccess } from './platform/call.js';

/**
 * Permission codes, `area:resource:action`, each domain's written in <domain>/permissions.ts.
 * Button menus carry these in `perms`. call.ts declares only the shape of a call's access, so the
 * catalogue of calls and codes depends on it and never the other way round.
 */
export const PERMS = {
  ...identityPerms,
  ...systemPerms,
  ...fleetPerms,
  ...assetsPerms,
  ...accessoriesPerms,
  ...networkPerms,
  ...outletPerms,
  ...orderPerms,
  ...ledgerPerms,
  ...depositPerms,
  ...voucherPerms,
  ...statsPerms,
  ...payoutPerms,
  ...couponPerms,
  ...separationPerms,
  ...reconcilePerms,
} as const;
export type PermissionCode = (typeof PERMS)[keyof typeof PERMS];
