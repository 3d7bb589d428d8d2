import { MENU_TYPE, PERMS, SPECIAL_MENU_NAMES } from '@cbo/contract';
import type { MenuSeed } from '../../platform/menus.js';

const button = MENU_TYPE.button;
const money = ['finance'] as const;

/**
 * Order separation's screen, under Order management: hidden from the sidebar (spec 2) and reached
 * by its route, /order/separation. Reading it is finance's; its buttons move partners' money.
 */
export const separationMenus: MenuSeed[] = [
  {
    code: 'order.separation',
    parent: 'order',
    name: SPECIAL_MENU_NAMES.orderSeparation,
    path: '/order/separation',
    url: 'separation/rules',
    icon: 'WalletOutlined',
    type: MENU_TYPE.menu,
    order: 90,
    perms: PERMS.separationRuleQuery,
    hidden: true,
    roles: money,
  },
  {
    code: 'order.separation.edit',
    parent: 'order.separation',
    name: 'separation.menus.btnEdit',
    path: '',
    url: null,
    icon: null,
    type: button,
    order: 1,
    perms: PERMS.separationRuleEdit,
    roles: money,
  },
  {
    code: 'order.separation.status',
    parent: 'order.separation',
    name: 'separation.menus.btnStatus',
    path: '',
    url: null,
    icon: null,
    type: button,
    order: 2,
    perms: PERMS.separationRuleStatus,
    roles: money,
  },
  {
    code: 'order.separation.delete',
    parent: 'order.separation',
    name: 'separation.menus.btnDelete',
    path: '',
    url: null,
    icon: null,
    type: button,
    order: 3,
    perms: PERMS.separationRuleDelete,
    roles: money,
  },
  {
    code: 'order.separation.orders',
    parent: 'order.separation',
    name: 'separation.menus.btnOrders',
    path: '',
    url: null,
    icon: null,
    type: button,
    order: 4,
    perms: PERMS.separationOrderQuery,
    roles: money,
  },
  {
    code: 'order.separation.restore',
    parent: 'order.separation',
    name: 'separation.menus.btnRestore',
    path: '',
    url: null,
    icon: null,
    type: button,
    order: 5,
    perms: PERMS.separationOrderRestore,
    roles: money,
  },
];
