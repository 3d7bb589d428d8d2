/** Permission codes of the fleet module (cabinets, power banks, the gateway, commands). */
export const fleetPerms = {} as const;

/** Cabinets, power banks, commands and the gateway (issue 4). */
export const fleetCalls = {} as const;
