export default {
  // Menu and button names seeded by the server (apps/server/src/modules/fleet/menus.ts).
  menuBatchStorage: '机柜批量入库',
  menuFirmware: '固件升级',
  menuDevTool: '开发者工具',
  menuDeviceLog: '设备日志',
  cabinetExport: '导出机柜',
  cabinetSecret: '查看密钥',
  powerBankExport: '导出充电宝',
  forcedEjectEject: '强制弹出',
  forcedEjectExport: '导出弹出记录',
  batchStore: '批量入库',
  firmwareUpgrade: '升级固件',
  commandSend: '发送指令',
};
