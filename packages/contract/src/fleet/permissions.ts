/** Permission codes of the fleet module (cabinets, power banks, the gateway, commands). */
export const fleetPerms = {
  cabinetQuery: 'device:cabinet:query',
  cabinetExport: 'device:cabinet:export',
  cabinetSecret: 'device:cabinet:secret',
  cabinetBatchStorage: 'device:cabinet:batchStorage',
  /** Delete an unbound cabinet (spec 5: a bound one is refused). */
  cabinetDelete: 'device:cabinet:delete',
  powerBankQuery: 'device:powerBank:query',
  powerBankExport: 'device:powerBank:export',
  /** Delete a power bank that is in no cabinet. */
  powerBankDelete: 'device:powerBank:delete',
  forcedEjectQuery: 'device:forcedEject:query',
  forcedEjectExport: 'device:forcedEject:export',
  forcedEjectEject: 'device:forcedEject:eject',
  firmwareQuery: 'device:firmware:query',
  firmwareUpgrade: 'device:firmware:upgrade',
  commandQuery: 'device:command:query',
  commandSend: 'device:command:send',
  deviceLogQuery: 'device:deviceLog:query',
  /** The fleet overview on the dashboard; each of its parts also needs the permission of the list it counts. */
  fleetOverview: 'device:overview:query',
} as const;
