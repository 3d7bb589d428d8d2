import { label, STOCK_REASONS, yesNo, type StockReason } from '@cbo/contract';
import { defineList } from '../../platform/list-kit.js';
import { defineModule, type Late, type Platform } from '../../platform/module.js';
import type { AssetsLate } from './needs.js';
import { formatInZone } from '../../platform/time-zone.js';
import { AssetRemoval } from './asset-removal.js';
import { DispatchService } from './dispatch.service.js';
import { assetsMenus } from './menus.js';
import { ModelService } from './model.service.js';
import { assetsRoutes } from './routes.js';
import { StockService } from './stock.service.js';
import { SupplierService } from './supplier.service.js';
import * as tables from './tables.js';
import { WarehouseService } from './warehouse.service.js';

const at = (v: string | null, tz: string) => (v ? formatInZone(v, tz) : '');
const isStockReason = (v: string): v is StockReason => (STOCK_REASONS as readonly string[]).includes(v);

/**
 * The assets module's services. `models` is what cables and Bluetooth chargers need (usable,
 * names); `stock.install` / `stock.remove` are what the outlet module calls in the transaction that
 * binds or unbinds a device (nobody else: one path for installs and removals);
 * `stock.cabinetsStocked` keeps cabinets stocked in by batch storage in step (src/wiring/fleet.ts hands it to
 * the fleet module as its need). Its late needs (AssetsLate: outlet and region names, the fleet's
 * cabinet registry, the device deletes) come from modules built after it.
 */
function createAssets({ db }: Platform, late: Late<AssetsLate>) {
  const models = new ModelService(db);
  const suppliers = new SupplierService(db);
  const warehouses = new WarehouseService(db, { names: (ids) => late.regionNames(ids) });
  const stock = new StockService(
    db,
    models,
    warehouses,
    (ids) => late.outletNames(ids),
    (sns, by) => late.registerCabinets(sns, by),
  );
  const dispatch = new DispatchService(db, stock, warehouses);
  /** Deleting device assets; the fleet and accessories delete their own rows (the late `removers`). */
  const removal = new AssetRemoval(db, () => late.removers);
  return { models, suppliers, warehouses, stock, dispatch, removal };
}

export type AssetsServices = ReturnType<typeof createAssets>;

/** The assets module: models, suppliers, warehouses, stock movements, dispatch applications, device assets. */
export const assets = defineModule({
  name: 'assets',
  tables,
  menus: assetsMenus,
  late: { outletNames: true, registerCabinets: true, removers: true, regionNames: true },
  services: (platform: Platform, _needs: Record<string, never>, late: Late<AssetsLate>) => createAssets(platform, late),
  lists: (s) => [
    defineList({
      page: 'modelQueryPage',
      export: 'modelExport',
      source: s.models,
      cells: (r, { lang, timeZone }) => ({
        deviceType: label('assets', 'deviceType', r.deviceType, lang),
        status: label('assets', 'modelStatus', r.status, lang),
        createTime: at(r.createTime, timeZone),
      }),
      widths: {
        productName: 20,
        model: 18,
        deviceType: 16,
        slotCount: 8,
        status: 10,
        devices: 10,
        remark: 30,
        createTime: 20,
      },
    }),
    defineList({
      page: 'supplierQueryPage',
      export: 'supplierExport',
      source: s.suppliers,
      cells: (r, { lang, timeZone }) => ({
        status: label('assets', 'supplierStatus', r.status, lang),
        createTime: at(r.createTime, timeZone),
      }),
      widths: {
        shortName: 18,
        factoryCode: 12,
        companyName: 30,
        status: 10,
        personInCharge: 16,
        area: 16,
        createTime: 20,
      },
    }),
    defineList({
      page: 'warehouseQueryPage',
      export: 'warehouseExport',
      source: s.warehouses,
      cells: (r, { lang, timeZone }) => ({
        area: r.regionName ?? r.area,
        type: label('assets', 'warehouseType', r.type, lang),
        status: label('assets', 'warehouseStatus', r.status, lang),
        createTime: at(r.createTime, timeZone),
      }),
      widths: { id: 8, name: 30, type: 12, area: 16, manager: 16, address: 30, load: 8, status: 10, createTime: 20 },
    }),
    defineList({
      page: 'movementQueryPage',
      export: 'movementExport',
      source: { count: (f) => s.stock.movementCount(f), rows: (f, o, l) => s.stock.movementRows(f, o, l) },
      cells: (r, { lang, timeZone }) => ({
        kind: label('assets', 'movementKind', r.kind, lang),
        deviceType: label('assets', 'deviceType', r.deviceType, lang),
        reason: isStockReason(r.reason) ? label('assets', 'stockReason', r.reason, lang) : r.reason,
        createTime: at(r.createTime, timeZone),
      }),
      widths: {
        kind: 10,
        deviceId: 20,
        deviceType: 16,
        reason: 16,
        fromWarehouseName: 24,
        toWarehouseName: 24,
        applicationNo: 20,
        operatorName: 16,
        createTime: 20,
      },
    }),
    defineList({
      page: 'assetQueryPage',
      export: 'assetExport',
      source: { count: (f) => s.stock.assetCount(f), rows: (f, o, l) => s.stock.assetRows(f, o, l) },
      cells: (r, { lang, timeZone }) => ({
        deviceType: label('assets', 'deviceType', r.deviceType, lang),
        state: label('assets', 'assetState', r.state, lang),
        agentDevice: yesNo(r.agentDevice, lang),
        updateTime: at(r.updateTime, timeZone),
      }),
      widths: {
        deviceId: 20,
        deviceType: 16,
        modelName: 24,
        state: 20,
        warehouseName: 24,
        outletName: 24,
        pendingApplicationNo: 20,
        agentDevice: 10,
        updateTime: 20,
      },
    }),
    defineList({
      page: 'dispatchQueryPage',
      export: 'dispatchExport',
      source: s.dispatch,
      cells: (r, { lang, timeZone }) => ({
        reason: label('assets', 'stockReason', r.reason, lang),
        status: label('assets', 'auditStatus', r.status, lang),
        auditTime: at(r.auditTime, timeZone),
        createTime: at(r.createTime, timeZone),
      }),
      widths: {
        applicationNo: 20,
        reason: 16,
        sponsorName: 16,
        fromWarehouseName: 24,
        toWarehouseName: 24,
        deviceCount: 10,
        status: 12,
        auditorName: 16,
        auditTime: 20,
        createTime: 20,
      },
    }),
    defineList({
      page: 'installRecordQueryPage',
      export: 'installRecordExport',
      source: { count: (f) => s.stock.installCount(f), rows: (f, o, l) => s.stock.installRows(f, o, l) },
      cells: (r, { lang, timeZone }) => ({
        kind: label('assets', 'movementKind', r.kind, lang),
        deviceType: label('assets', 'deviceType', r.deviceType, lang),
        createTime: at(r.createTime, timeZone),
      }),
      widths: { kind: 10, deviceId: 20, deviceType: 16, outletName: 24, reason: 30, operatorName: 16, createTime: 20 },
    }),
  ],
  routes: assetsRoutes,
});
