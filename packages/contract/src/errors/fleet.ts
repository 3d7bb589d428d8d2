import type { ErrorDef } from '../error-def.js';

/** Errors of the fleet module (cabinets, power banks, commands, the gateway): codes 1003xx. */
export const fleetErrors = {} as const satisfies Record<string, ErrorDef>;
