export default {
  // Menu and button names seeded by the server (apps/server/src/modules/fleet/menus.ts).
  menuBatchStorage: 'Cabinet batch storage',
  menuFirmware: 'Firmware upgrade',
  menuDevTool: 'Developer tool',
  menuDeviceLog: 'Device log',
  cabinetExport: 'Export cabinets',
  cabinetSecret: 'View secret',
  powerBankExport: 'Export power banks',
  forcedEjectEject: 'Forced eject',
  forcedEjectExport: 'Export eject records',
  batchStore: 'Batch stock-in',
  firmwareUpgrade: 'Upgrade firmware',
  commandSend: 'Send command',
};
