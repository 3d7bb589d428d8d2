import { MENU_TYPE, PERMS } from '@cbo/contract';
import type { MenuSeed } from '../../platform/menus.js';

const menu = MENU_TYPE.menu;
const button = MENU_TYPE.button;
const staff = ['operations', 'customer_service', 'finance'] as const;

/** The voucher module's menus, under Order management: vouchers (create, edit, on/off sale) and voucher orders (export, refund). */
export const voucherMenus: MenuSeed[] = [
  {
    code: 'order.vouchers',
    parent: 'order',
    name: 'voucher.menus.vouchers',
    path: '/order/vouchers',
    url: 'voucher/vouchers',
    icon: 'GiftOutlined',
    type: menu,
    order: 70,
    perms: PERMS.voucherQuery,
    roles: ['operations', 'finance'],
  },
  {
    code: 'order.vouchers.edit',
    parent: 'order.vouchers',
    name: 'voucher.menus.btnEdit',
    path: '',
    url: null,
    icon: null,
    type: button,
    order: 1,
    perms: PERMS.voucherEdit,
    roles: ['operations'],
  },
  {
    code: 'order.voucherOrders',
    parent: 'order',
    name: 'voucher.menus.voucherOrders',
    path: '/order/voucherOrders',
    url: 'voucher/voucher-orders',
    icon: 'ProfileOutlined',
    type: menu,
    order: 80,
    perms: PERMS.voucherOrderQuery,
    roles: staff,
  },
  {
    code: 'order.voucherOrders.export',
    parent: 'order.voucherOrders',
    name: 'voucher.menus.btnExport',
    path: '',
    url: null,
    icon: null,
    type: button,
    order: 1,
    perms: PERMS.voucherOrderExport,
    roles: staff,
  },
  {
    code: 'order.voucherOrders.refund',
    parent: 'order.voucherOrders',
    name: 'voucher.menus.btnRefund',
    path: '',
    url: null,
    icon: null,
    type: button,
    order: 2,
    perms: PERMS.voucherOrderRefund,
    roles: ['finance'],
  },
];
