import { MENU_TYPE, PERMS } from '@cbo/contract';
import type { MenuSeed } from '../../platform/menus.js';

const menu = MENU_TYPE.menu;
const button = MENU_TYPE.button;

/**
 * The statistics module's menus: Statistics → Financial data (with its export), held by finance;
 * and the dashboard's business figures, a button of the dashboard (like the fleet overview), held
 * by every staff role. The dashboard itself is Statistics' "data analysis" (identity seeds it at
 * /dashboard, the spec's fixed route); operational data and the operation report get their menus
 * when their screens exist.
 */
export const statsMenus: MenuSeed[] = [
  { code: 'statistics', parent: null, name: 'stats.menus.group', path: '/statistics', url: null, icon: 'BarChartOutlined', type: MENU_TYPE.directory, order: 5, roles: ['finance'] },
  { code: 'statistics.financial', parent: 'statistics', name: 'stats.menus.financial', path: '/statistics/financial', url: 'stats/financial', icon: 'AccountBookOutlined', type: menu, order: 10, perms: PERMS.statsFinance, roles: ['finance'] },
  { code: 'statistics.financial.export', parent: 'statistics.financial', name: 'stats.menus.btnExport', path: '', url: null, icon: null, type: button, order: 1, perms: PERMS.statsFinanceExport, roles: ['finance'] },
  { code: 'dashboard.actions', parent: 'dashboard', name: 'stats.menus.actionsWidget', path: '', url: null, icon: null, type: button, order: 21, perms: PERMS.statsActions, roles: ['operations', 'customer_service', 'finance'] },
  { code: 'dashboard.business', parent: 'dashboard', name: 'stats.menus.businessWidget', path: '', url: null, icon: null, type: button, order: 20, perms: PERMS.statsBusiness, roles: ['operations', 'customer_service', 'finance'] },
];
