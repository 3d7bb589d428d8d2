import { MENU_TYPE, PERMS } from '@cbo/contract';
import type { MenuSeed } from '../../platform/menus.js';

const ops = ['operations'] as const;
const opsAndService = ['operations', 'customer_service'] as const;
const menu = MENU_TYPE.menu;
const button = MENU_TYPE.button;

/**
 * The fleet module's menus (Device management group). Operations holds them all; customer
 * service reads the cabinet and power bank lists and the forced eject records, and acts on nothing.
 */
export const fleetMenus: MenuSeed[] = [
  { code: 'device', parent: null, name: 'menu.device', path: '/device', url: null, icon: 'HddOutlined', type: MENU_TYPE.directory, order: 40, roles: opsAndService },

  { code: 'device.cabinet', parent: 'device', name: 'menu.cabinet', path: '/device/cabinet', url: 'fleet/cabinets', icon: 'DatabaseOutlined', type: menu, order: 10, perms: PERMS.cabinetQuery, roles: opsAndService },
  { code: 'device.cabinet.export', parent: 'device.cabinet', name: 'fleet.cabinetExport', path: '', url: null, icon: null, type: button, order: 1, perms: PERMS.cabinetExport, roles: ops },
  { code: 'device.cabinet.secret', parent: 'device.cabinet', name: 'fleet.cabinetSecret', path: '', url: null, icon: null, type: button, order: 2, perms: PERMS.cabinetSecret, roles: ops },
  { code: 'device.cabinet.delete', parent: 'device.cabinet', name: 'fleet.cabinetDelete', path: '', url: null, icon: null, type: button, order: 3, perms: PERMS.cabinetDelete, roles: ops },

  { code: 'device.powerBank', parent: 'device', name: 'menu.powerBank', path: '/device/powerBank', url: 'fleet/power-banks', icon: 'ThunderboltOutlined', type: menu, order: 20, perms: PERMS.powerBankQuery, roles: opsAndService },
  { code: 'device.powerBank.export', parent: 'device.powerBank', name: 'fleet.powerBankExport', path: '', url: null, icon: null, type: button, order: 1, perms: PERMS.powerBankExport, roles: ops },
  { code: 'device.powerBank.delete', parent: 'device.powerBank', name: 'fleet.powerBankDelete', path: '', url: null, icon: null, type: button, order: 2, perms: PERMS.powerBankDelete, roles: ops },

  { code: 'device.forcedEject', parent: 'device', name: 'menu.forcedEject', path: '/device/forcedEject', url: 'fleet/forced-eject', icon: 'ExportOutlined', type: menu, order: 30, perms: PERMS.forcedEjectQuery, roles: opsAndService },
  { code: 'device.forcedEject.eject', parent: 'device.forcedEject', name: 'fleet.forcedEjectEject', path: '', url: null, icon: null, type: button, order: 1, perms: PERMS.forcedEjectEject, roles: ops },
  { code: 'device.forcedEject.export', parent: 'device.forcedEject', name: 'fleet.forcedEjectExport', path: '', url: null, icon: null, type: button, order: 2, perms: PERMS.forcedEjectExport, roles: ops },

  // The batch storage screen lists what was stocked in (the cabinet list) and stocks in more.
  { code: 'device.batchStorage', parent: 'device', name: 'fleet.menuBatchStorage', path: '/device/batchStorage', url: 'fleet/batch-storage', icon: 'ImportOutlined', type: menu, order: 40, perms: PERMS.cabinetQuery, roles: ops },
  { code: 'device.batchStorage.store', parent: 'device.batchStorage', name: 'fleet.batchStore', path: '', url: null, icon: null, type: button, order: 1, perms: PERMS.cabinetBatchStorage, roles: ops },

  { code: 'device.firmware', parent: 'device', name: 'fleet.menuFirmware', path: '/device/firmware', url: 'fleet/firmware', icon: 'CloudUploadOutlined', type: menu, order: 50, perms: PERMS.firmwareQuery, roles: ops },
  { code: 'device.firmware.upgrade', parent: 'device.firmware', name: 'fleet.firmwareUpgrade', path: '', url: null, icon: null, type: button, order: 1, perms: PERMS.firmwareUpgrade, roles: ops },

  { code: 'device.devTool', parent: 'device', name: 'fleet.menuDevTool', path: '/device/devTool', url: 'fleet/dev-tool', icon: 'CodeOutlined', type: menu, order: 60, perms: PERMS.commandQuery, roles: ops },
  { code: 'device.devTool.send', parent: 'device.devTool', name: 'fleet.commandSend', path: '', url: null, icon: null, type: button, order: 1, perms: PERMS.commandSend, roles: ops },

  { code: 'device.command', parent: 'device', name: 'fleet.menuCommands', path: '/device/command', url: 'fleet/commands', icon: 'list', type: menu, order: 65, perms: PERMS.commandQuery, roles: ops },

  { code: 'device.deviceLog', parent: 'device', name: 'fleet.menuDeviceLog', path: '/device/deviceLog', url: 'fleet/device-log', icon: 'FileSearchOutlined', type: menu, order: 70, perms: PERMS.deviceLogQuery, roles: ops },

  // The fleet overview on the dashboard (a button of the dashboard menu): each of its parts also
  // needs the permission of the list it counts, so customer service sees cabinets and power banks only.
  { code: 'dashboard.fleetOverview', parent: 'dashboard', name: 'fleet.overviewWidget', path: '', url: null, icon: null, type: button, order: 10, perms: PERMS.fleetOverview, roles: opsAndService },
];
