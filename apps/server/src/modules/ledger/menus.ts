import { MENU_TYPE, PERMS } from '@cbo/contract';
import type { MenuSeed } from '../../platform/menus.js';

const menu = MENU_TYPE.menu;
const button = MENU_TYPE.button;
const money = ['finance'] as const;

/**
 * The ledger's menus: Financial management (the three fund flows, each with its export, and the
 * trial balance). Finance holds them.
 */
export const ledgerMenus: MenuSeed[] = [
  {
    code: 'finance',
    parent: null,
    name: 'ledger.menus.group',
    path: '/finance',
    url: null,
    icon: 'AccountBookOutlined',
    type: MENU_TYPE.directory,
    order: 45,
    roles: money,
  },
  {
    code: 'finance.platformFlow',
    parent: 'finance',
    name: 'ledger.menus.platformFlow',
    path: '/finance/platformFlow',
    url: 'ledger/platform-flow',
    icon: 'BankOutlined',
    type: menu,
    order: 10,
    perms: PERMS.flowPlatform,
    roles: money,
  },
  {
    code: 'finance.platformFlow.export',
    parent: 'finance.platformFlow',
    name: 'ledger.menus.btnExport',
    path: '',
    url: null,
    icon: null,
    type: button,
    order: 1,
    perms: PERMS.flowExport,
    roles: money,
  },
  {
    code: 'finance.userFlow',
    parent: 'finance',
    name: 'ledger.menus.userFlow',
    path: '/finance/userFlow',
    url: 'ledger/user-flow',
    icon: 'UserOutlined',
    type: menu,
    order: 20,
    perms: PERMS.flowUser,
    roles: money,
  },
  {
    code: 'finance.userFlow.export',
    parent: 'finance.userFlow',
    name: 'ledger.menus.btnExport',
    path: '',
    url: null,
    icon: null,
    type: button,
    order: 1,
    perms: PERMS.flowExport,
    roles: money,
  },
  {
    code: 'finance.accountFlow',
    parent: 'finance',
    name: 'ledger.menus.accountFlow',
    path: '/finance/accountFlow',
    url: 'ledger/account-flow',
    icon: 'TeamOutlined',
    type: menu,
    order: 30,
    perms: PERMS.flowAccount,
    roles: money,
  },
  {
    code: 'finance.accountFlow.export',
    parent: 'finance.accountFlow',
    name: 'ledger.menus.btnExport',
    path: '',
    url: null,
    icon: null,
    type: button,
    order: 1,
    perms: PERMS.flowExport,
    roles: money,
  },
  {
    code: 'finance.trialBalance',
    parent: 'finance',
    name: 'ledger.menus.trialBalance',
    path: '/finance/trialBalance',
    url: 'ledger/trial-balance',
    icon: 'CalculatorOutlined',
    type: menu,
    order: 40,
    perms: PERMS.trialBalance,
    roles: money,
  },
];
