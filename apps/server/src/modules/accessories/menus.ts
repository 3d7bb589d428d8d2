import { MENU_TYPE, PERMS } from '@cbo/contract';
import type { MenuSeed } from '../../platform/menus.js';

const ops = ['operations'] as const;
const opsAndService = ['operations', 'customer_service'] as const;
const menu = MENU_TYPE.menu;
const button = MENU_TYPE.button;
const btn = (
  code: string,
  parent: string,
  name: string,
  order: number,
  perms: string,
  roles: readonly ('operations' | 'customer_service')[] = ops,
): MenuSeed => ({
  code,
  parent,
  name,
  path: '',
  url: null,
  icon: null,
  type: button,
  order,
  perms,
  roles,
});

/**
 * The accessories module's menus: cables, Bluetooth chargers and the billing batch under Device
 * management (fleet's directory), and problem feedback in a Feedback directory of its own.
 * Operations holds them all; customer service reads the devices and handles repair tickets.
 */
export const accessoriesMenus: MenuSeed[] = [
  {
    code: 'device.cable',
    parent: 'device',
    name: 'accessories.menus.cable',
    path: '/device/cable',
    url: 'accessories/cables',
    icon: 'ApiOutlined',
    type: menu,
    order: 80,
    perms: PERMS.cableQuery,
    roles: opsAndService,
  },
  btn('device.cable.edit', 'device.cable', 'accessories.menus.cableEdit', 1, PERMS.cableEdit),
  btn('device.cable.code', 'device.cable', 'accessories.menus.cableCode', 2, PERMS.cableCode, opsAndService),
  btn('device.cable.export', 'device.cable', 'accessories.menus.cableExport', 3, PERMS.cableExport),
  btn('device.cable.delete', 'device.cable', 'accessories.menus.cableDelete', 4, PERMS.cableDelete),

  {
    code: 'device.bluetooth',
    parent: 'device',
    name: 'accessories.menus.bluetooth',
    path: '/device/bluetooth',
    url: 'accessories/bluetooth',
    icon: 'ThunderboltOutlined',
    type: menu,
    order: 90,
    perms: PERMS.bluetoothQuery,
    roles: opsAndService,
  },
  btn('device.bluetooth.edit', 'device.bluetooth', 'accessories.menus.bluetoothEdit', 1, PERMS.bluetoothEdit),
  btn('device.bluetooth.export', 'device.bluetooth', 'accessories.menus.bluetoothExport', 2, PERMS.bluetoothExport),
  btn('device.bluetooth.delete', 'device.bluetooth', 'accessories.menus.bluetoothDelete', 3, PERMS.bluetoothDelete),

  {
    code: 'device.billing',
    parent: 'device',
    name: 'accessories.menus.billing',
    path: '/device/billing',
    url: 'accessories/billing-import',
    icon: 'ImportOutlined',
    type: menu,
    order: 100,
    perms: PERMS.billingImport,
    roles: ops,
  },

  {
    code: 'feedback.repair',
    parent: 'feedback',
    name: 'accessories.menus.repair',
    path: '/feedback/repair',
    url: 'accessories/repairs',
    icon: 'ToolOutlined',
    type: menu,
    order: 10,
    perms: PERMS.repairQuery,
    roles: opsAndService,
  },
  btn('feedback.repair.add', 'feedback.repair', 'accessories.menus.repairAdd', 1, PERMS.repairAdd, opsAndService),
  btn(
    'feedback.repair.process',
    'feedback.repair',
    'accessories.menus.repairProcess',
    2,
    PERMS.repairProcess,
    opsAndService,
  ),
  btn(
    'feedback.repair.export',
    'feedback.repair',
    'accessories.menus.repairExport',
    3,
    PERMS.repairExport,
    opsAndService,
  ),
];
