import { accessoriesPerms } from './accessories/permissions.js';
import type { CallName } from './api.js';
import { couponPerms } from './coupon/permissions.js';
import { separationPerms } from './separation/permissions.js';
import { EXTENSION_CODES, type ExtensionCode } from './system/extensions.js';
import { systemPerms } from './system/permissions.js';

/**
 * What a closed function stops, written once (docs/decisions/system-configuration.md, "Extended functions: what closing
 * stops"): the customer (app) calls it refuses with EXTENSION_CLOSED, and the permission codes of
 * its staff screens and buttons. A menu carrying one of these codes leaves the menus the console is
 * served, and every staff call declaring one is refused, while the function is closed. What is
 * not listed here goes on (an open cable package runs out, a Bluetooth session can be stopped, a
 * separated order can still be looked up and restored). Deposit-free and membership act at rent
 * and settle, in the order engine (their pay mode and benefit are not offered while closed).
 */
export const EXTENSION_GATES: Record<ExtensionCode, { appCalls: readonly CallName[]; perms: readonly string[] }> = {
  depositFree: { appCalls: [], perms: [] },
  coupons: {
    appCalls: ['appCouponRedeem', 'appMyCoupons'],
    perms: [
      couponPerms.couponQuery,
      couponPerms.couponEdit,
      couponPerms.couponIssue,
      couponPerms.userCouponQuery,
      couponPerms.couponCodeQuery,
      couponPerms.couponBatchEdit,
      couponPerms.couponCodeExport,
    ],
  },
  membership: { appCalls: [], perms: [] },
  // The screen stays (hidden from the sidebar, reached by its route) with its separated orders and their restore.
  orderSeparation: {
    appCalls: [],
    perms: [
      separationPerms.separationRuleEdit,
      separationPerms.separationRuleStatus,
      separationPerms.separationRuleDelete,
    ],
  },
  cablePackages: {
    appCalls: ['appCableQuote', 'appCableBuy'],
    perms: [
      accessoriesPerms.cableQuery,
      accessoriesPerms.cableEdit,
      accessoriesPerms.cableCode,
      accessoriesPerms.cableExport,
    ],
  },
  // Stopping a session already running stays open (appBluetoothStop).
  bluetoothChargers: {
    appCalls: ['appBluetoothQuote', 'appBluetoothStart'],
    perms: [accessoriesPerms.bluetoothQuery, accessoriesPerms.bluetoothEdit, accessoriesPerms.bluetoothExport],
  },
  // Banners stay editable in the system configuration (prepared before a campaign starts); the app is served none.
  advertising: { appCalls: ['appAdverts'], perms: [systemPerms.sceneQuery, systemPerms.sceneEdit] },
};

const byCall = new Map<string, ExtensionCode>();
const byPerm = new Map<string, ExtensionCode>();
for (const code of EXTENSION_CODES) {
  for (const c of EXTENSION_GATES[code].appCalls) byCall.set(c, code);
  for (const p of EXTENSION_GATES[code].perms) byPerm.set(p, code);
}

/** The function a call belongs to: an app call by its name, a staff call by the permission it declares. */
export function extensionOfCall(name: string, permission?: string | null): ExtensionCode | undefined {
  return byCall.get(name) ?? (permission ? byPerm.get(permission) : undefined);
}

/** The function whose staff screen or button carries this permission code. */
export function extensionOfPermission(permission: string | null | undefined): ExtensionCode | undefined {
  return permission ? byPerm.get(permission) : undefined;
}
