import { MENU_TYPE, PERMS } from '@cbo/contract';
import type { MenuSeed } from '../../platform/menus.js';

const money = ['finance'] as const;

/** Financial management → withdrawal management (spec 2), after the fund flows, with its review and export buttons. */
export const payoutMenus: MenuSeed[] = [
  {
    code: 'finance.withdrawal',
    parent: 'finance',
    name: 'payout.menus.withdrawals',
    path: '/finance/withdrawal',
    url: 'payout/withdrawals',
    icon: 'WalletOutlined',
    type: MENU_TYPE.menu,
    order: 50,
    perms: PERMS.payoutQuery,
    roles: money,
  },
  {
    code: 'finance.withdrawal.audit',
    parent: 'finance.withdrawal',
    name: 'payout.menus.btnAudit',
    path: '',
    url: null,
    icon: null,
    type: MENU_TYPE.button,
    order: 1,
    perms: PERMS.payoutAudit,
    roles: money,
  },
  {
    code: 'finance.withdrawal.export',
    parent: 'finance.withdrawal',
    name: 'payout.menus.btnExport',
    path: '',
    url: null,
    icon: null,
    type: MENU_TYPE.button,
    order: 2,
    perms: PERMS.payoutExport,
    roles: money,
  },
];
