import { identityPerms } from './calls/identity.js';
import { systemPerms } from './calls/system.js';
import { fleetPerms } from './calls/fleet.js';

/**
 * How a route is guarded. Every server route declares one: `public`, any signed-in account, or a
 * permission code. A permission code is held when one of the account's roles holds a menu bound
 * to the route (issue 3); the super-admin role holds everything.
 */
export type RouteAccess = 'public' | 'authenticated' | { permission: string };

/** Permission codes, `area:resource:action`, each domain's written in calls/<domain>.ts. Button
 * menus carry these in `perms`. */
export const PERMS = { ...identityPerms, ...systemPerms, ...fleetPerms } as const;
export type PermissionCode = (typeof PERMS)[keyof typeof PERMS];

export function accessLabel(access: RouteAccess): string {
  return typeof access === 'string' ? access : access.permission;
}
