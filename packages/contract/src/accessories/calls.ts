import { z } from 'zod';
import { call, none } from '../platform/call.js';
import { pageResult } from '../platform/envelope.js';
import { exportStarted } from '../platform/exports.js';
import * as cable from './cable.js';
import * as repair from './repair.js';
import { accessoriesPerms } from './permissions.js';

const P = accessoriesPerms;
const m = 'accessories';

/** Charging cables and their offline codes (docs/offline-codes.md), Bluetooth chargers, billing by Excel, repair tickets. */
export const accessoriesCalls = {
  cableQueryPage: call({ method: 'GET', path: '/device/api/v1/cable/queryPage', access: { permission: P.cableQuery }, module: m,
    summary: 'Charging cables with their packages and code position', query: cable.cableQuery, data: pageResult(cable.cableItem) }),
  cableExport: call({ method: 'POST', path: '/device/api/v1/cable/export', access: { permission: P.cableExport }, module: m,
    summary: 'Export the charging cables to the export centre', body: cable.cableFilter, data: exportStarted }),
  cableAdd: call({ method: 'POST', path: '/device/api/v1/cable/add', access: { permission: P.cableEdit }, module: m,
    summary: 'Add a charging cable with its model and package tiers (its code secret is made here)', body: cable.cableAdd, data: cable.cableItem }),
  cableUpdate: call({ method: 'PUT', path: '/device/api/v1/cable/update', access: { permission: P.cableEdit }, module: m,
    summary: "Change a cable's model and package tiers", body: cable.cableUpdate, data: cable.cableItem }),
  cableDelete: call({ method: 'DELETE', path: '/device/api/v1/cable/delete', access: { permission: P.cableDelete }, module: m,
    summary: 'Delete a charging cable bound to no outlet (with its device asset); its orders and issued codes are kept', query: cable.accDeviceIdQuery, data: none }),
  cableIssueCode: call({ method: 'POST', path: '/device/api/v1/cable/issueCode', access: { permission: P.cableCode }, module: m,
    summary: 'Issue the offline code of a purchased duration at the next ring position (rate limited)', body: cable.cableIssueCode, data: cable.cableCodeItem }),
  cableReissueCode: call({ method: 'POST', path: '/device/api/v1/cable/reissueCode', access: { permission: P.cableCode }, module: m,
    summary: "Issue a new code for the last code's duration (power lost mid-session; rate limited)", body: cable.cableReissueCode, data: cable.cableCodeItem }),
  cableCodeQueryPage: call({ method: 'GET', path: '/device/api/v1/cable/codes', access: { permission: P.cableCode }, module: m,
    summary: "A cable's issued codes, newest first", query: cable.cableCodeQuery, data: pageResult(cable.cableCodeItem) }),

  bluetoothQueryPage: call({ method: 'GET', path: '/device/api/v1/bluetooth/queryPage', access: { permission: P.bluetoothQuery }, module: m,
    summary: 'Bluetooth chargers with their packages and billing', query: cable.bluetoothQuery, data: pageResult(cable.bluetoothItem) }),
  bluetoothExport: call({ method: 'POST', path: '/device/api/v1/bluetooth/export', access: { permission: P.bluetoothExport }, module: m,
    summary: 'Export the Bluetooth chargers to the export centre', body: cable.bluetoothFilter, data: exportStarted }),
  bluetoothAdd: call({ method: 'POST', path: '/device/api/v1/bluetooth/add', access: { permission: P.bluetoothEdit }, module: m,
    summary: "Add a Bluetooth charger: model, tiers and billing within the system's Bluetooth settings", body: cable.bluetoothAdd, data: cable.bluetoothItem }),
  bluetoothUpdate: call({ method: 'PUT', path: '/device/api/v1/bluetooth/update', access: { permission: P.bluetoothEdit }, module: m,
    summary: "Change a Bluetooth charger's model, tiers and billing", body: cable.bluetoothUpdate, data: cable.bluetoothItem }),
  bluetoothDelete: call({ method: 'DELETE', path: '/device/api/v1/bluetooth/delete', access: { permission: P.bluetoothDelete }, module: m,
    summary: 'Delete a Bluetooth charger bound to no outlet (with its device asset); its orders are kept', query: cable.accDeviceIdQuery, data: none }),
  bluetoothLimits: call({ method: 'GET', path: '/device/api/v1/bluetooth/limits', access: { permission: P.bluetoothQuery }, module: m,
    summary: "The system's Bluetooth settings: prepayment maximum and default, daily cap, hourly limit", data: cable.bluetoothLimits }),

  billingTemplate: call({ method: 'GET', path: '/device/api/v1/billing/template', access: { permission: P.billingImport }, module: m,
    summary: 'The billing batch-update template (xlsx)', data: z.any(), download: true }),
  billingImport: call({ method: 'POST', path: '/device/api/v1/billing/import', access: { permission: P.billingImport }, module: m,
    summary: 'Update device billing from an xlsx file up to 1 MB (a legacy xls is refused with its own message); a partial failure answers -100 with the report', data: cable.billingImportReport, multipart: true }),

  repairQueryPage: call({ method: 'GET', path: '/user/api/v1/repair/queryPage', access: { permission: P.repairQuery }, module: m,
    summary: 'Repair tickets (problem feedback), newest first', query: repair.repairQuery, data: pageResult(repair.repairItem) }),
  repairExport: call({ method: 'POST', path: '/user/api/v1/repair/export', access: { permission: P.repairExport }, module: m,
    summary: 'Export repair tickets to the export centre', body: repair.repairFilter, data: exportStarted }),
  repairAdd: call({ method: 'POST', path: '/user/api/v1/repair/add', access: { permission: P.repairAdd }, module: m,
    summary: 'Record a repair ticket (untreated)', body: repair.repairCreate, data: repair.repairItem }),
  repairProcess: call({ method: 'PUT', path: '/user/api/v1/repair/process', access: { permission: P.repairProcess }, module: m,
    summary: 'Move a ticket forward: processing or finished, never back', body: repair.repairProcess, data: repair.repairItem }),
  repairProblemTypes: call({ method: 'GET', path: '/user/api/v1/repair/problemTypes', access: { permission: P.repairQuery }, module: m,
    summary: 'Problem types in use, to choose from', data: z.array(repair.repairProblemType) }),
  repairUploadPicture: call({ method: 'POST', path: '/user/api/v1/repair/uploadPicture', access: { permission: P.repairAdd }, module: m,
    summary: "Upload a ticket picture: a whole PNG or JPEG, up to 2 MB; counts in the uploader's quota", data: repair.repairPictureUploaded, multipart: true }),
} as const;

