import { MENU_TYPE, PERMS } from '@cbo/contract';
import type { MenuSeed } from '../../platform/menus.js';

const money = ['finance'] as const;

/**
 * Financial management → reconciliation, after the trial balance (the books' other check), with its
 * run, explain and export buttons.
 */
export const reconcileMenus: MenuSeed[] = [
  {
    code: 'finance.reconcile',
    parent: 'finance',
    name: 'reconcile.menus.reconcile',
    path: '/finance/reconciliation',
    url: 'reconcile/reconciliation',
    icon: 'CalculatorOutlined',
    type: MENU_TYPE.menu,
    order: 45,
    perms: PERMS.reconcileQuery,
    roles: money,
  },
  {
    code: 'finance.reconcile.run',
    parent: 'finance.reconcile',
    name: 'reconcile.menus.btnRun',
    path: '',
    url: null,
    icon: null,
    type: MENU_TYPE.button,
    order: 1,
    perms: PERMS.reconcileRun,
    roles: money,
  },
  {
    code: 'finance.reconcile.explain',
    parent: 'finance.reconcile',
    name: 'reconcile.menus.btnExplain',
    path: '',
    url: null,
    icon: null,
    type: MENU_TYPE.button,
    order: 2,
    perms: PERMS.reconcileExplain,
    roles: money,
  },
  {
    code: 'finance.reconcile.export',
    parent: 'finance.reconcile',
    name: 'reconcile.menus.btnExport',
    path: '',
    url: null,
    icon: null,
    type: MENU_TYPE.button,
    order: 3,
    perms: PERMS.reconcileExport,
    roles: money,
  },
];
