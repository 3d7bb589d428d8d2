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
 * The assets module's menus: Operation management (install and removal records, warehouses,
 * suppliers, stock in/out, dispatch audit, models) and Asset management. Operations holds them
 * all; customer service reads the device assets and the install and removal records.
 */
export const assetsMenus: MenuSeed[] = [
  {
    code: 'operation.installRecord',
    parent: 'operation',
    name: 'assets.menus.installRecords',
    path: '/operation/installRecord',
    url: 'assets/install-records',
    icon: 'FileSearchOutlined',
    type: menu,
    order: 10,
    perms: PERMS.installRecordQuery,
    roles: opsAndService,
  },
  btn('operation.installRecord.export', 'operation.installRecord', 'assets.menus.export', 1, PERMS.installRecordExport),

  {
    code: 'operation.warehouse',
    parent: 'operation',
    name: 'assets.menus.warehouses',
    path: '/operation/warehouse',
    url: 'assets/warehouses',
    icon: 'DatabaseOutlined',
    type: menu,
    order: 20,
    perms: PERMS.warehouseQuery,
    roles: ops,
  },
  btn('operation.warehouse.edit', 'operation.warehouse', 'assets.menus.edit', 1, PERMS.warehouseEdit),
  btn('operation.warehouse.export', 'operation.warehouse', 'assets.menus.export', 2, PERMS.warehouseExport),

  {
    code: 'operation.supplier',
    parent: 'operation',
    name: 'assets.menus.suppliers',
    path: '/operation/supplier',
    url: 'assets/suppliers',
    icon: 'ShopOutlined',
    type: menu,
    order: 30,
    perms: PERMS.supplierQuery,
    roles: ops,
  },
  btn('operation.supplier.edit', 'operation.supplier', 'assets.menus.edit', 1, PERMS.supplierEdit),
  btn('operation.supplier.export', 'operation.supplier', 'assets.menus.export', 2, PERMS.supplierExport),

  {
    code: 'operation.stock',
    parent: 'operation',
    name: 'assets.menus.stock',
    path: '/operation/stock',
    url: 'assets/stock',
    icon: 'ImportOutlined',
    type: menu,
    order: 40,
    perms: PERMS.stockQuery,
    roles: ops,
  },
  btn('operation.stock.putIn', 'operation.stock', 'assets.menus.putIn', 1, PERMS.stockPutIn),
  btn('operation.stock.takeOut', 'operation.stock', 'assets.menus.takeOut', 2, PERMS.stockTakeOut),
  btn('operation.stock.export', 'operation.stock', 'assets.menus.export', 3, PERMS.stockExport),

  {
    code: 'operation.dispatch',
    parent: 'operation',
    name: 'assets.menus.dispatch',
    path: '/operation/dispatch',
    url: 'assets/dispatch',
    icon: 'ExportOutlined',
    type: menu,
    order: 50,
    perms: PERMS.dispatchQuery,
    roles: ops,
  },
  btn('operation.dispatch.apply', 'operation.dispatch', 'assets.menus.apply', 1, PERMS.dispatchApply),
  btn('operation.dispatch.audit', 'operation.dispatch', 'assets.menus.audit', 2, PERMS.dispatchAudit),
  btn('operation.dispatch.export', 'operation.dispatch', 'assets.menus.export', 3, PERMS.dispatchExport),

  {
    code: 'operation.model',
    parent: 'operation',
    name: 'assets.menus.models',
    path: '/operation/model',
    url: 'assets/models',
    icon: 'HddOutlined',
    type: menu,
    order: 60,
    perms: PERMS.modelQuery,
    roles: ops,
  },
  btn('operation.model.edit', 'operation.model', 'assets.menus.edit', 1, PERMS.modelEdit),
  btn('operation.model.export', 'operation.model', 'assets.menus.export', 2, PERMS.modelExport),

  {
    code: 'asset',
    parent: null,
    name: 'assets.menus.assets',
    path: '/asset',
    url: 'assets/device-assets',
    icon: 'DatabaseOutlined',
    type: menu,
    order: 36,
    perms: PERMS.assetQuery,
    roles: opsAndService,
  },
  btn('asset.export', 'asset', 'assets.menus.export', 1, PERMS.assetExport),
  btn('asset.delete', 'asset', 'assets.menus.delete', 2, PERMS.assetDelete),
];
