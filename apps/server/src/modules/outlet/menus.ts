import { MENU_TYPE, PERMS } from '@cbo/contract';
import type { MenuSeed } from '../../platform/menus.js';

const ops = ['operations'] as const;
const opsAndService = ['operations', 'customer_service'] as const;
const menu = MENU_TYPE.menu;
const button = MENU_TYPE.button;

/** Buttons of an outlet list screen (the outlet list and the direct-sales outlets share them). */
const outletButtons = (parent: string): MenuSeed[] => [
  {
    code: `${parent}.save`,
    parent,
    name: 'outlet.menus.btnSave',
    path: '',
    url: null,
    icon: null,
    type: button,
    order: 1,
    perms: PERMS.outletSave,
    roles: ops,
  },
  {
    code: `${parent}.status`,
    parent,
    name: 'outlet.menus.btnStatus',
    path: '',
    url: null,
    icon: null,
    type: button,
    order: 2,
    perms: PERMS.outletStatus,
    roles: ops,
  },
  {
    code: `${parent}.delete`,
    parent,
    name: 'outlet.menus.btnDelete',
    path: '',
    url: null,
    icon: null,
    type: button,
    order: 3,
    perms: PERMS.outletDelete,
    roles: ops,
  },
  {
    code: `${parent}.bind`,
    parent,
    name: 'outlet.menus.btnBind',
    path: '',
    url: null,
    icon: null,
    type: button,
    order: 4,
    perms: PERMS.outletBind,
    roles: ops,
  },
  {
    code: `${parent}.unbind`,
    parent,
    name: 'outlet.menus.btnUnbind',
    path: '',
    url: null,
    icon: null,
    type: button,
    order: 5,
    perms: PERMS.outletUnbind,
    roles: ops,
  },
  {
    code: `${parent}.export`,
    parent,
    name: 'outlet.menus.btnExport',
    path: '',
    url: null,
    icon: null,
    type: button,
    order: 6,
    perms: PERMS.outletExport,
    roles: ops,
  },
];

/**
 * The outlet module's menus: the Outlet management group (outlet list, map distribution) and the
 * direct-sales outlets under Operation management (a team's outlets, the same screen filtered).
 * Operations holds them all; customer service reads the outlet list and the map.
 */
export const outletMenus: MenuSeed[] = [
  {
    code: 'outlet',
    parent: null,
    name: 'outlet.menus.group',
    path: '/outlet',
    url: null,
    icon: 'ShopOutlined',
    type: MENU_TYPE.directory,
    order: 38,
    roles: opsAndService,
  },

  {
    code: 'outlet.list',
    parent: 'outlet',
    name: 'outlet.menus.outlets',
    path: '/outlet/list',
    url: 'outlet/outlets',
    icon: 'ShopOutlined',
    type: menu,
    order: 10,
    perms: PERMS.outletQuery,
    roles: opsAndService,
  },
  ...outletButtons('outlet.list'),

  {
    code: 'outlet.map',
    parent: 'outlet',
    name: 'outlet.menus.map',
    path: '/outlet/map',
    url: 'outlet/map',
    icon: 'EnvironmentOutlined',
    type: menu,
    order: 30,
    perms: PERMS.outletMap,
    roles: opsAndService,
  },

  // Direct-sales outlets sit with the teams that run them, under Operation management (the network module's group).
  {
    code: 'operation.directOutlet',
    parent: 'operation',
    name: 'outlet.menus.direct',
    path: '/operation/directOutlet',
    url: 'outlet/direct-outlets',
    icon: 'ShopOutlined',
    type: menu,
    order: 62,
    perms: PERMS.outletQuery,
    roles: ops,
  },
  ...outletButtons('operation.directOutlet'),
];
