import type { ErrorDef } from '../error-def.js';

/** Errors of the identity module (accounts, roles, menus, organization): codes 1001xx. */
export const identityErrors = {} as const satisfies Record<string, ErrorDef>;
