import { z } from 'zod';
import { call, none } from '../platform/call.js';
import { idQuery, pageResult } from '../platform/envelope.js';
import { exportStarted } from '../platform/exports.js';
import * as model from './model.js';
import * as supplier from './supplier.js';
import * as warehouse from './warehouse.js';
import * as stock from './stock.js';
import * as dispatch from './dispatch.js';
import { assetsPerms } from './permissions.js';

const P = assetsPerms;
const m = 'assets';
const D = '/device/api/v1';

/** Models, suppliers, warehouses, stock movements, dispatch applications, device assets, install records. */
export const assetsCalls = {
  modelQueryPage: call({ method: 'GET', path: `${D}/model/queryPage`, access: { permission: P.modelQuery }, module: m,
    summary: 'Device models, filtered, sorted and paged, with how many devices have each', query: model.modelQuery, data: pageResult(model.modelItem) }),
  modelSave: call({ method: 'POST', path: `${D}/model/saveOrUpdate`, access: { permission: P.modelEdit }, module: m,
    summary: 'Create or edit a model (product name, model code, device type, slot count of a cabinet)', body: model.modelSave, data: model.assetSavedId }),
  modelEditStatus: call({ method: 'PUT', path: `${D}/model/editStatus`, access: { permission: P.modelEdit }, module: m,
    summary: 'Set a model normal, paused, hidden or deleted (deleted is final)', body: model.modelStatusRequest, data: none }),
  modelOptions: call({ method: 'GET', path: `${D}/model/options`, access: 'authenticated', module: m,
    summary: 'Models a device can be given now (status normal), optionally of one device type', query: model.modelOptionsQuery, data: z.array(model.modelOption) }),
  modelExport: call({ method: 'POST', path: `${D}/model/export`, access: { permission: P.modelExport }, module: m,
    summary: 'Export models to the export centre', body: model.modelFilter, data: exportStarted }),

  supplierQueryPage: call({ method: 'GET', path: `${D}/supplier/queryPage`, access: { permission: P.supplierQuery }, module: m,
    summary: 'Suppliers, filtered and paged', query: supplier.supplierQuery, data: pageResult(supplier.supplierItem) }),
  supplierSave: call({ method: 'POST', path: `${D}/supplier/saveOrUpdate`, access: { permission: P.supplierEdit }, module: m,
    summary: 'Create or edit a supplier (factory code unique)', body: supplier.supplierSave, data: model.assetSavedId }),
  supplierEditStatus: call({ method: 'PUT', path: `${D}/supplier/editStatus`, access: { permission: P.supplierEdit }, module: m,
    summary: 'Set a supplier normal or paused', body: supplier.supplierStatusRequest, data: none }),
  supplierExport: call({ method: 'POST', path: `${D}/supplier/export`, access: { permission: P.supplierExport }, module: m,
    summary: 'Export suppliers to the export centre', body: supplier.supplierFilter, data: exportStarted }),

  warehouseQueryPage: call({ method: 'GET', path: `${D}/warehouse/queryPage`, access: { permission: P.warehouseQuery }, module: m,
    summary: 'Warehouses with their load (devices in stock there now)', query: warehouse.warehouseQuery, data: pageResult(warehouse.warehouseItem) }),
  warehouseSave: call({ method: 'POST', path: `${D}/warehouse/saveOrUpdate`, access: { permission: P.warehouseEdit }, module: m,
    summary: 'Create or edit a warehouse (name unique)', body: warehouse.warehouseSave, data: model.assetSavedId }),
  warehouseEditStatus: call({ method: 'PUT', path: `${D}/warehouse/editStatus`, access: { permission: P.warehouseEdit }, module: m,
    summary: 'Set a warehouse normal or paused (only an empty one pauses)', body: warehouse.warehouseStatusRequest, data: none }),
  warehouseOptions: call({ method: 'GET', path: `${D}/warehouse/options`, access: 'authenticated', module: m,
    summary: 'Warehouses in use (status normal), for pickers', data: z.array(warehouse.warehouseOption) }),
  warehouseExport: call({ method: 'POST', path: `${D}/warehouse/export`, access: { permission: P.warehouseExport }, module: m,
    summary: 'Export warehouses to the export centre', body: warehouse.warehouseFilter, data: exportStarted }),

  stockPutIn: call({ method: 'POST', path: `${D}/stock/putIn`, access: { permission: P.stockPutIn }, module: m,
    summary: 'Put devices in a warehouse by list or ID range (at most 500); a partial failure answers -100 with the report',
    body: stock.putInRequest, data: stock.movementReport }),
  stockPutInExcel: call({ method: 'POST', path: `${D}/stock/putInExcel`, access: { permission: P.stockPutIn }, module: m,
    summary: 'Put in the devices an xlsx lists (first column of the first sheet, up to 500 KB); answers the report',
    query: stock.putInExcelQuery, data: stock.movementReport, multipart: true }),
  stockTakeOut: call({ method: 'POST', path: `${D}/stock/takeOut`, access: { permission: P.stockTakeOut }, module: m,
    summary: 'Take devices out of stock into circulation by list or ID range; a partial failure answers -100 with the report',
    body: stock.takeOutRequest, data: stock.movementReport }),
  stockTakeOutExcel: call({ method: 'POST', path: `${D}/stock/takeOutExcel`, access: { permission: P.stockTakeOut }, module: m,
    summary: 'Take out the devices an xlsx lists (first column of the first sheet, up to 500 KB); answers the report',
    query: stock.takeOutExcelQuery, data: stock.movementReport, multipart: true }),
  movementQueryPage: call({ method: 'GET', path: `${D}/stock/queryPage`, access: { permission: P.stockQuery }, module: m,
    summary: 'Stock movements (put in, take out, dispatch, install, removal), newest first', query: stock.movementQuery, data: pageResult(stock.movementItem) }),
  movementExport: call({ method: 'POST', path: `${D}/stock/export`, access: { permission: P.stockExport }, module: m,
    summary: 'Export stock movements to the export centre', body: stock.movementFilter, data: exportStarted }),

  assetQueryPage: call({ method: 'GET', path: `${D}/asset/queryPage`, access: { permission: P.assetQuery }, module: m,
    summary: 'Device assets: where each device is (in stock, out of stock, in business), its model and warehouse', query: stock.assetQuery, data: pageResult(stock.assetItem) }),
  assetDelete: call({ method: 'DELETE', path: `${D}/asset/delete`, access: { permission: P.assetDelete }, module: m,
    summary: 'Delete a device that is in no outlet, held by no dispatch and no agent (its cabinet, power bank, cable or charger row too); movements and orders are kept',
    query: stock.assetIdQuery, data: none }),
  assetExport: call({ method: 'POST', path: `${D}/asset/export`, access: { permission: P.assetExport }, module: m,
    summary: 'Export device assets to the export centre', body: stock.assetFilter, data: exportStarted }),

  dispatchApply: call({ method: 'POST', path: `${D}/dispatch/apply`, access: { permission: P.dispatchApply }, module: m,
    summary: 'Apply to dispatch devices between warehouses: all of them are held pending audit, or the application is refused with the report',
    body: dispatch.dispatchApplyRequest, data: model.assetSavedId }),
  dispatchAudit: call({ method: 'PUT', path: `${D}/dispatch/audit`, access: { permission: P.dispatchAudit }, module: m,
    summary: 'Approve (the devices move, all in one transaction) or reject (they are released) a pending application', body: dispatch.dispatchAuditRequest, data: none }),
  dispatchQueryPage: call({ method: 'GET', path: `${D}/dispatch/queryPage`, access: { permission: P.dispatchQuery }, module: m,
    summary: 'Dispatch applications, newest first', query: dispatch.dispatchQuery, data: pageResult(dispatch.dispatchItem) }),
  dispatchDetail: call({ method: 'GET', path: `${D}/dispatch/detail`, access: { permission: P.dispatchQuery }, module: m,
    summary: 'One dispatch application with its devices', query: idQuery, data: dispatch.dispatchDetail }),
  dispatchExport: call({ method: 'POST', path: `${D}/dispatch/export`, access: { permission: P.dispatchExport }, module: m,
    summary: 'Export dispatch applications to the export centre', body: dispatch.dispatchFilter, data: exportStarted }),

  installRecordQueryPage: call({ method: 'GET', path: `${D}/installRecord/queryPage`, access: { permission: P.installRecordQuery }, module: m,
    summary: 'Install and removal records: who put a device in or took it out of an outlet, when and why', query: stock.installRecordQuery, data: pageResult(stock.installRecordItem) }),
  installRecordExport: call({ method: 'POST', path: `${D}/installRecord/export`, access: { permission: P.installRecordExport }, module: m,
    summary: 'Export install and removal records to the export centre', body: stock.installRecordFilter, data: exportStarted }),
} as const;
