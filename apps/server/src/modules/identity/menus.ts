import { MENU_TYPE, PERMS } from '@cbo/contract';
import type { MenuSeed, SeededRole } from '../../platform/menus.js';

const button = (code: string, parent: string, name: string, order: number, perms: string, roles?: readonly SeededRole[]): MenuSeed => ({
  code, parent, name, path: '', url: null, icon: null, type: MENU_TYPE.button, order, perms, ...(roles ? { roles } : {}),
});

/**
 * The identity module's menus: the dashboard, the system directory and its identity screens.
 * Which seeded roles hold what is explained in docs/decisions.md ("Seeded roles").
 */
export const identityMenus: MenuSeed[] = [
  { code: 'dashboard', parent: null, name: 'menu.dashboard', path: '/dashboard', url: 'dashboard/index', icon: 'DashboardOutlined', type: MENU_TYPE.menu, order: 0,
    roles: ['finance', 'operations', 'customer_service'] },
  { code: 'system', parent: null, name: 'menu.system', path: '/system', url: null, icon: 'SettingOutlined', type: MENU_TYPE.directory, order: 90,
    roles: ['operations', 'customer_service'] },

  { code: 'system.personnel', parent: 'system', name: 'menu.personnel', path: '/system/personnel', url: 'system/personnel', icon: 'TeamOutlined', type: MENU_TYPE.menu, order: 10,
    perms: PERMS.manageQuery, roles: ['operations', 'customer_service'] },
  button('system.personnel.add', 'system.personnel', 'personnel.btnAdd', 1, PERMS.manageAdd),
  button('system.personnel.edit', 'system.personnel', 'personnel.btnEdit', 2, PERMS.manageEdit),
  button('system.personnel.status', 'system.personnel', 'personnel.btnStatus', 3, PERMS.manageStatus),
  button('system.personnel.resetPassword', 'system.personnel', 'personnel.btnResetPassword', 4, PERMS.manageResetPassword),
  button('system.personnel.export', 'system.personnel', 'personnel.btnExport', 5, PERMS.manageExport, ['operations']),
  button('system.personnel.unlockLogin', 'system.personnel', 'personnel.btnUnlockLogin', 6, PERMS.manageUnlockLogin),

  { code: 'system.organization', parent: 'system', name: 'menu.organization', path: '/system/organization', url: 'system/organization', icon: 'ClusterOutlined', type: MENU_TYPE.menu, order: 20,
    roles: ['operations'] },
  button('system.organization.save', 'system.organization', 'organization.btnSave', 1, PERMS.orgSave),
  button('system.organization.delete', 'system.organization', 'organization.btnDelete', 2, PERMS.orgDelete),

  { code: 'system.roles', parent: 'system', name: 'menu.roleManage', path: '/system/roles', url: 'system/roles', icon: 'SafetyOutlined', type: MENU_TYPE.menu, order: 30, perms: PERMS.roleQuery },
  button('system.roles.save', 'system.roles', 'roleAdmin.btnSave', 1, PERMS.roleSave),
  button('system.roles.delete', 'system.roles', 'roleAdmin.btnDelete', 2, PERMS.roleDelete),

  { code: 'system.menus', parent: 'system', name: 'menu.menuManage', path: '/system/menus', url: 'system/menus', icon: 'MenuOutlined', type: MENU_TYPE.menu, order: 40, perms: PERMS.menuQuery },
  button('system.menus.save', 'system.menus', 'menuAdmin.btnSave', 1, PERMS.menuSave),
  button('system.menus.delete', 'system.menus', 'menuAdmin.btnDelete', 2, PERMS.menuDelete),
  button('system.menus.bind', 'system.menus', 'menuAdmin.btnBind', 3, PERMS.menuBind),

  { code: 'system.interfaces', parent: 'system', name: 'menu.interface', path: '/system/interfaces', url: 'system/interfaces', icon: 'ApiOutlined', type: MENU_TYPE.menu, order: 50, perms: PERMS.apiQuery },

  { code: 'system.loginLog', parent: 'system', name: 'menu.loginLog', path: '/system/loginLog', url: 'system/login-log', icon: 'LoginOutlined', type: MENU_TYPE.menu, order: 60, perms: PERMS.loginLogQuery,
    roles: ['operations'] },
  { code: 'system.loginLog.export', parent: 'system.loginLog', name: 'menu.loginLogExport', path: '', url: null, icon: null, type: MENU_TYPE.button, order: 1, perms: PERMS.loginLogExport },
];
