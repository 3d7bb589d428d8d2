import { MENU_TYPE, PERMS } from '@cbo/contract';
import type { MenuSeed } from './menu-seed.js';

/** The identity module's menus: the dashboard, the system directory and the login log. */
export const identityMenus: MenuSeed[] = [
  { code: 'dashboard', parent: null, name: 'menu.dashboard', path: '/dashboard', url: 'dashboard/index', icon: 'DashboardOutlined', type: MENU_TYPE.menu, order: 0 },
  { code: 'system', parent: null, name: 'menu.system', path: '/system', url: null, icon: 'SettingOutlined', type: MENU_TYPE.directory, order: 90 },
  { code: 'system.loginLog', parent: 'system', name: 'menu.loginLog', path: '/system/loginLog', url: 'system/login-log', icon: 'LoginOutlined', type: MENU_TYPE.menu, order: 60, perms: PERMS.loginLogQuery },
  { code: 'system.loginLog.export', parent: 'system.loginLog', name: 'menu.loginLogExport', path: '', url: null, icon: null, type: MENU_TYPE.button, order: 1, perms: PERMS.loginLogExport },
];
