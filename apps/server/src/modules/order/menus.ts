import { MENU_TYPE, PERMS } from '@cbo/contract';
import type { MenuSeed } from '../../platform/menus.js';

const menu = MENU_TYPE.menu;
const button = MENU_TYPE.button;
const staff = ['operations', 'customer_service', 'finance'] as const;
const money = ['finance'] as const;

/**
 * The order module's menus: Order management (orders of the last 30 days with their staff
 * actions, refund records, orders older than 30 days).
 */
export const orderMenus: MenuSeed[] = [
  { code: 'order', parent: null, name: 'order.menus.group', path: '/order', url: null, icon: 'ProfileOutlined', type: MENU_TYPE.directory, order: 50, roles: staff },
  { code: 'order.list', parent: 'order', name: 'order.menus.orders', path: '/order/list', url: 'order/orders', icon: 'ProfileOutlined', type: menu, order: 10, perms: PERMS.orderQuery, roles: staff },
  { code: 'order.list.export', parent: 'order.list', name: 'order.menus.btnExport', path: '', url: null, icon: null, type: button, order: 1, perms: PERMS.orderExport, roles: staff },
  { code: 'order.list.end', parent: 'order.list', name: 'order.menus.btnEnd', path: '', url: null, icon: null, type: button, order: 2, perms: PERMS.orderEnd, roles: ['operations', 'customer_service'] },
  { code: 'order.list.suspend', parent: 'order.list', name: 'order.menus.btnSuspend', path: '', url: null, icon: null, type: button, order: 3, perms: PERMS.orderSuspend, roles: ['operations', 'customer_service'] },
  { code: 'order.list.init', parent: 'order.list', name: 'order.menus.btnInit', path: '', url: null, icon: null, type: button, order: 4, perms: PERMS.orderInit, roles: ['operations'] },
  { code: 'order.list.refund', parent: 'order.list', name: 'order.menus.btnRefund', path: '', url: null, icon: null, type: button, order: 5, perms: PERMS.refundAmount, roles: money },
  { code: 'order.refunds', parent: 'order', name: 'order.menus.refunds', path: '/order/refunds', url: 'order/refunds', icon: 'RollbackOutlined', type: menu, order: 20, perms: PERMS.refundQuery, roles: staff },
  { code: 'order.refunds.audit', parent: 'order.refunds', name: 'order.menus.btnRefundAudit', path: '', url: null, icon: null, type: button, order: 1, perms: PERMS.refundAudit, roles: money },
  { code: 'order.refunds.export', parent: 'order.refunds', name: 'order.menus.btnExport', path: '', url: null, icon: null, type: button, order: 2, perms: PERMS.refundExport, roles: staff },
  // Asking for a refund of a customer's balance: the same permission as refunding an order, on this screen.
  { code: 'order.refunds.balance', parent: 'order.refunds', name: 'order.menus.btnRefundBalance', path: '', url: null, icon: null, type: button, order: 3, perms: PERMS.refundAmount, roles: money },
  { code: 'order.history', parent: 'order', name: 'order.menus.history', path: '/order/history', url: 'order/archive', icon: 'ProfileOutlined', type: menu, order: 30, perms: PERMS.orderQuery, roles: staff },
  { code: 'order.history.export', parent: 'order.history', name: 'order.menus.btnExport', path: '', url: null, icon: null, type: button, order: 1, perms: PERMS.orderExport, roles: staff },
];
