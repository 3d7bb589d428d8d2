import { MENU_TYPE, PERMS } from '@cbo/contract';
import type { MenuSeed } from '../../platform/menus.js';

const menu = MENU_TYPE.menu;
const button = MENU_TYPE.button;
const staff = ['operations', 'customer_service', 'finance'] as const;
const money = ['finance'] as const;

/**
 * The deposit module's menus, under Order management after the order menus: deposit orders (with
 * their statistics, export and refund buttons), deposit rules, and the rules' ignore list.
 */
export const depositMenus: MenuSeed[] = [
  { code: 'order.deposits', parent: 'order', name: 'deposit.menus.orders', path: '/order/deposits', url: 'deposit/deposits', icon: 'WalletOutlined', type: menu, order: 40, perms: PERMS.depositQuery, roles: staff },
  { code: 'order.deposits.export', parent: 'order.deposits', name: 'deposit.menus.btnExport', path: '', url: null, icon: null, type: button, order: 1, perms: PERMS.depositExport, roles: staff },
  { code: 'order.deposits.refund', parent: 'order.deposits', name: 'deposit.menus.btnRefund', path: '', url: null, icon: null, type: button, order: 2, perms: PERMS.depositRefund, roles: ['finance', 'customer_service'] },
  { code: 'order.deposits.audit', parent: 'order.deposits', name: 'deposit.menus.btnAudit', path: '', url: null, icon: null, type: button, order: 3, perms: PERMS.depositAudit, roles: money },
  { code: 'order.depositRules', parent: 'order', name: 'deposit.menus.rules', path: '/order/deposit-rules', url: 'deposit/rules', icon: 'SafetyCertificateOutlined', type: menu, order: 50, perms: PERMS.depositRuleQuery, roles: ['operations', 'finance'] },
  { code: 'order.depositRules.edit', parent: 'order.depositRules', name: 'deposit.menus.btnRuleEdit', path: '', url: null, icon: null, type: button, order: 1, perms: PERMS.depositRuleEdit, roles: ['operations'] },
  { code: 'order.depositRules.status', parent: 'order.depositRules', name: 'deposit.menus.btnRuleStatus', path: '', url: null, icon: null, type: button, order: 2, perms: PERMS.depositRuleStatus, roles: ['operations'] },
  { code: 'order.depositIgnore', parent: 'order', name: 'deposit.menus.ignore', path: '/order/deposit-ignore', url: 'deposit/ignore', icon: 'UserDeleteOutlined', type: menu, order: 60, perms: PERMS.depositIgnoreQuery, roles: ['operations', 'finance'] },
  { code: 'order.depositIgnore.edit', parent: 'order.depositIgnore', name: 'deposit.menus.btnIgnoreEdit', path: '', url: null, icon: null, type: button, order: 1, perms: PERMS.depositIgnoreEdit, roles: ['operations'] },
];
