import { MENU_TYPE, PERMS } from '@cbo/contract';
import type { MenuSeed } from '../../platform/menus.js';

const menu = MENU_TYPE.menu;
const button = MENU_TYPE.button;

/**
 * The statistics module's menus: Statistics → Financial data (with its export), held by finance;
 * and the dashboard's business figures, a button of the dashboard (like the fleet overview), held
 * by every staff role. The dashboard itself is Statistics' "data analysis" (identity seeds it at
 * /dashboard, the spec's fixed route); Statistics → Operational data (with its export) and
 * Statistics → Operation report (with its download), held by operations and finance.
 */
export const statsMenus: MenuSeed[] = [
  {
    code: 'statistics',
    parent: null,
    name: 'stats.menus.group',
    path: '/statistics',
    url: null,
    icon: 'BarChartOutlined',
    type: MENU_TYPE.directory,
    order: 5,
    roles: ['finance', 'operations'],
  },
  {
    code: 'statistics.financial',
    parent: 'statistics',
    name: 'stats.menus.financial',
    path: '/statistics/financial',
    url: 'stats/financial',
    icon: 'AccountBookOutlined',
    type: menu,
    order: 10,
    perms: PERMS.statsFinance,
    roles: ['finance'],
  },
  {
    code: 'statistics.financial.export',
    parent: 'statistics.financial',
    name: 'stats.menus.btnExport',
    path: '',
    url: null,
    icon: null,
    type: button,
    order: 1,
    perms: PERMS.statsFinanceExport,
    roles: ['finance'],
  },
  // Statistics → Operation report (report.service.ts), for operations and finance; its download is a button.
  {
    code: 'statistics.report',
    parent: 'statistics',
    name: 'report.menus.report',
    path: '/statistics/report',
    url: 'stats/report',
    icon: 'ProfileOutlined',
    type: menu,
    order: 30,
    perms: PERMS.statsReport,
    roles: ['operations', 'finance'],
  },
  {
    code: 'statistics.report.export',
    parent: 'statistics.report',
    name: 'report.menus.btnExport',
    path: '',
    url: null,
    icon: null,
    type: button,
    order: 1,
    perms: PERMS.statsReportExport,
    roles: ['operations', 'finance'],
  },
  {
    code: 'statistics.operational',
    parent: 'statistics',
    name: 'stats.menus.operational',
    path: '/statistics/operational',
    url: 'stats/operational',
    icon: 'BarChartOutlined',
    type: menu,
    order: 20,
    perms: PERMS.statsOperational,
    roles: ['operations', 'finance'],
  },
  {
    code: 'statistics.operational.export',
    parent: 'statistics.operational',
    name: 'stats.menus.btnExportOperational',
    path: '',
    url: null,
    icon: null,
    type: button,
    order: 1,
    perms: PERMS.statsOperationalExport,
    roles: ['operations', 'finance'],
  },
  {
    code: 'dashboard.actions',
    parent: 'dashboard',
    name: 'stats.menus.actionsWidget',
    path: '',
    url: null,
    icon: null,
    type: button,
    order: 21,
    perms: PERMS.statsActions,
    roles: ['operations', 'customer_service', 'finance'],
  },
  {
    code: 'dashboard.business',
    parent: 'dashboard',
    name: 'stats.menus.businessWidget',
    path: '',
    url: null,
    icon: null,
    type: button,
    order: 20,
    perms: PERMS.statsBusiness,
    roles: ['operations', 'customer_service', 'finance'],
  },
];
