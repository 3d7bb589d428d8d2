export default {
  // Menu and button names seeded by the server (apps/server/src/modules/fleet/menus.ts).
  menuBatchStorage: '機櫃批次入庫',
  menuFirmware: '韌體升級',
  menuDevTool: '開發者工具',
  menuDeviceLog: '設備日誌',
  cabinetExport: '匯出機櫃',
  cabinetSecret: '查看金鑰',
  powerBankExport: '匯出行動電源',
  forcedEjectEject: '強制彈出',
  forcedEjectExport: '匯出彈出紀錄',
  batchStore: '批次入庫',
  firmwareUpgrade: '升級韌體',
  commandSend: '發送指令',
};
