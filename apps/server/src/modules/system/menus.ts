import { MENU_TYPE, PERMS } from '@cbo/contract';
import type { MenuSeed } from '../../platform/menus.js';

const B = MENU_TYPE.button;

/**
 * The system module's screens under System management and a button for every
 * permission-coded action. Seeded roles (docs/decisions.md): finance reads the configuration and
 * keeps the pay settings; operations keeps device scenes and problem types; customer service reads
 * problem types.
 */
export const systemMenus: MenuSeed[] = [
  { code: 'system.extensions', parent: 'system', name: 'menu.extension', path: '/system/extensions', url: 'system/extensions', icon: 'ToolOutlined', type: MENU_TYPE.menu, order: 30, perms: PERMS.extensionQuery },
  { code: 'system.extensions.status', parent: 'system.extensions', name: 'sysExtension.btnStatus', path: '', url: null, icon: null, type: B, order: 1, perms: PERMS.extensionStatus },

  { code: 'system.operationLog', parent: 'system', name: 'menu.operationLog', path: '/system/operationLog', url: 'system/operation-log', icon: 'FileSearchOutlined', type: MENU_TYPE.menu, order: 55, perms: PERMS.operationLogQuery },
  { code: 'system.operationLog.export', parent: 'system.operationLog', name: 'operationLog.btnExport', path: '', url: null, icon: null, type: B, order: 1, perms: PERMS.operationLogExport },

  { code: 'system.config', parent: 'system', name: 'menu.sysConfig', path: '/system/config', url: 'system/config', icon: 'SettingOutlined', type: MENU_TYPE.menu, order: 70, perms: PERMS.configQuery, roles: ['finance'] },
  { code: 'system.config.edit', parent: 'system.config', name: 'sysConfig.btnEdit', path: '', url: null, icon: null, type: B, order: 1, perms: PERMS.configEdit },
  { code: 'system.config.pay', parent: 'system.config', name: 'sysConfig.btnPay', path: '', url: null, icon: null, type: B, order: 2, perms: PERMS.configPay, roles: ['finance'] },
  { code: 'system.config.devicePay', parent: 'system.config', name: 'sysConfig.btnDevicePay', path: '', url: null, icon: null, type: B, order: 3, perms: PERMS.configDevicePay },
  { code: 'system.config.security', parent: 'system.config', name: 'sysConfig.btnSecurity', path: '', url: null, icon: null, type: B, order: 4, perms: PERMS.configSecurity },
  { code: 'system.config.range', parent: 'system.config', name: 'sysConfig.btnRange', path: '', url: null, icon: null, type: B, order: 5, perms: PERMS.configRange },

  { code: 'system.scenes', parent: 'system', name: 'menu.deviceScene', path: '/system/scenes', url: 'system/scenes', icon: 'HddOutlined', type: MENU_TYPE.menu, order: 80, perms: PERMS.sceneQuery, roles: ['operations'] },
  { code: 'system.scenes.edit', parent: 'system.scenes', name: 'sysScene.btnEdit', path: '', url: null, icon: null, type: B, order: 1, perms: PERMS.sceneEdit, roles: ['operations'] },

  { code: 'system.problemTypes', parent: 'system', name: 'menu.problemType', path: '/system/problemTypes', url: 'system/problem-types', icon: 'MessageOutlined', type: MENU_TYPE.menu, order: 85, perms: PERMS.problemTypeQuery, roles: ['operations', 'customer_service'] },
  { code: 'system.problemTypes.edit', parent: 'system.problemTypes', name: 'problemType.btnEdit', path: '', url: null, icon: null, type: B, order: 1, perms: PERMS.problemTypeEdit, roles: ['operations'] },
  { code: 'system.problemTypes.delete', parent: 'system.problemTypes', name: 'problemType.btnDelete', path: '', url: null, icon: null, type: B, order: 2, perms: PERMS.problemTypeDelete, roles: ['operations'] },
  { code: 'system.problemTypes.export', parent: 'system.problemTypes', name: 'problemType.btnExport', path: '', url: null, icon: null, type: B, order: 3, perms: PERMS.problemTypeExport, roles: ['operations', 'customer_service'] },
];
