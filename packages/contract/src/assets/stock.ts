import { z } from 'zod';
import { pageQuery, timeRange } from '../platform/envelope.js';
import {
  DEVICE_TYPES,
  deviceIdText,
  idRangeProblem,
  MOVEMENT_MAX,
  RANGE_END_RE,
  rangeEnd,
  sortOrder,
} from './shared.js';

/** Why a device moves (put in, take out, dispatch). */
export const STOCK_REASONS = [
  'purchase',
  'maintenance',
  'returnOrExchange',
  'circulation',
  'replenishment',
  'scrapped',
  'damaged',
  'other',
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];
/**
 * Why devices are dispatched between warehouses: every stock reason but "purchase" (a purchase
 * enters by a put-in; it never moves between two of our warehouses). Applications made with it
 * before stay readable (their reason is any stock reason).
 */
export const DISPATCH_REASONS = [
  'maintenance',
  'returnOrExchange',
  'circulation',
  'replenishment',
  'scrapped',
  'damaged',
  'other',
] as const satisfies readonly StockReason[];
export type DispatchReason = (typeof DISPATCH_REASONS)[number];
/** Every change of a device's place is one movement row of one of these kinds. */
export const MOVEMENT_KINDS = ['putIn', 'takeOut', 'dispatch', 'install', 'removal'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
/** Where a device is: in a warehouse, out of any (circulation), or in an outlet. */
export const ASSET_STATES = ['inStock', 'outOfStock', 'inBusiness'] as const;
export type AssetState = (typeof ASSET_STATES)[number];

/** Why one device of a movement did not move. */
export const MOVE_FAIL_REASONS = [
  'nonStandard',
  'duplicate',
  'notInStock',
  'alreadyInStock',
  'alreadyInBusiness',
  'agentDevice',
  'pendingAudit',
  'noModel',
  'wrongDeviceType',
  'notFound',
] as const;
export type MoveFailReason = (typeof MOVE_FAIL_REASONS)[number];

/** The answer of a batch movement: how many were asked, how many moved, and why each other did not. */
export const movementReport = z.object({
  total: z.number().int(),
  successes: z.number().int(),
  failures: z.array(z.object({ id: z.string(), reason: z.enum(MOVE_FAIL_REASONS), msg: z.string() })),
  /** A put-in of cabinets: how many of those put in were new to the fleet and registered with it in the same transaction. */
  registered: z.number().int().optional(),
});
export type MovementReport = z.infer<typeof movementReport>;

/** Devices by list or by range (never both): the shape every batch movement takes. */
const devicesOf = z.object({
  ids: z.array(deviceIdText).min(1).max(MOVEMENT_MAX).optional(),
  startId: rangeEnd.optional(),
  endId: rangeEnd.optional(),
});
function checkDevices(v: z.infer<typeof devicesOf>, ctx: z.core.$RefinementCtx) {
  const byList = v.ids !== undefined;
  const byRange = v.startId !== undefined || v.endId !== undefined;
  if (byList === byRange)
    return void ctx.addIssue({ code: 'custom', path: byList ? ['startId'] : ['ids'], message: 'rule.idListOrRange' });
  if (!byRange) return;
  if (v.startId === undefined)
    return void ctx.addIssue({ code: 'custom', path: ['startId'], message: 'rule.deviceId' });
  if (v.endId === undefined) return void ctx.addIssue({ code: 'custom', path: ['endId'], message: 'rule.deviceId' });
  // An end breaking the ID rule is reported by its own field's rule; its digits are not counted.
  if (!RANGE_END_RE.test(v.startId) || !RANGE_END_RE.test(v.endId)) return;
  const problem = idRangeProblem(v.startId, v.endId);
  if (problem) ctx.addIssue({ code: 'custom', path: ['endId'], message: problem });
}

/** Put devices in a warehouse. A device the assets do not know yet needs a model of its kind. */
export const putInRequest = devicesOf
  .extend({
    warehouseId: z.number().int().positive(),
    reason: z.enum(STOCK_REASONS),
    deviceType: z.enum(DEVICE_TYPES),
    modelId: z.number().int().positive().optional(),
  })
  .superRefine(checkDevices);
export type PutInRequest = z.infer<typeof putInRequest>;
/** Take devices out of stock (into circulation); with warehouseId only from that warehouse. */
export const takeOutRequest = devicesOf
  .extend({ reason: z.enum(STOCK_REASONS), warehouseId: z.number().int().positive().optional() })
  .superRefine(checkDevices);
export type TakeOutRequest = z.infer<typeof takeOutRequest>;
/** The same by Excel: the query carries these, the multipart body one xlsx file (the first column lists the IDs). */
export const putInExcelQuery = z.object({
  warehouseId: z.coerce.number().int().positive(),
  reason: z.enum(STOCK_REASONS),
  deviceType: z.enum(DEVICE_TYPES),
  modelId: z.coerce.number().int().positive().optional(),
});
export const takeOutExcelQuery = z.object({
  reason: z.enum(STOCK_REASONS),
  warehouseId: z.coerce.number().int().positive().optional(),
});

// ------------------------------------------------------------------------------- movements

export const movementFilter = timeRange.extend({
  deviceId: z.string().trim().max(17).optional(),
  kind: z.enum(MOVEMENT_KINDS).optional(),
  reason: z.enum(STOCK_REASONS).optional(),
  warehouseId: z.coerce.number().int().positive().optional(),
  deviceType: z.enum(DEVICE_TYPES).optional(),
});
export type MovementFilter = z.infer<typeof movementFilter>;
export const movementQuery = pageQuery.extend(movementFilter.shape);
export const movementItem = z.object({
  id: z.number().int(),
  kind: z.enum(MOVEMENT_KINDS),
  deviceId: z.string(),
  deviceType: z.enum(DEVICE_TYPES),
  reason: z.string(),
  fromWarehouseName: z.string().nullable(),
  toWarehouseName: z.string().nullable(),
  outletId: z.number().int().nullable(),
  applicationNo: z.string().nullable(),
  operatorName: z.string(),
  createTime: z.string(),
});
export type MovementItem = z.infer<typeof movementItem>;

/** Install and removal records: who put which device in or took it out of which outlet, when and why. */
export const INSTALL_KINDS = ['install', 'removal'] as const;
export const installRecordFilter = timeRange.extend({
  deviceId: z.string().trim().max(17).optional(),
  kind: z.enum(INSTALL_KINDS).optional(),
  outletId: z.coerce.number().int().positive().optional(),
  operatorName: z.string().trim().max(32).optional(),
});
export type InstallRecordFilter = z.infer<typeof installRecordFilter>;
export const installRecordQuery = pageQuery.extend(installRecordFilter.shape);
export const installRecordItem = z.object({
  id: z.number().int(),
  kind: z.enum(INSTALL_KINDS),
  deviceId: z.string(),
  deviceType: z.enum(DEVICE_TYPES),
  outletId: z.number().int(),
  /** The outlet's name as it is now (null when the outlet is gone). */
  outletName: z.string().nullable(),
  reason: z.string(),
  operatorName: z.string(),
  createTime: z.string(),
});
export type InstallRecordItem = z.infer<typeof installRecordItem>;

// ------------------------------------------------------------------------------- device assets

export const ASSET_SORTS = ['deviceId', 'updateTime'] as const;
export const assetFilter = z.object({
  deviceId: z.string().trim().max(17).optional(),
  deviceType: z.enum(DEVICE_TYPES).optional(),
  state: z.enum(ASSET_STATES).optional(),
  warehouseId: z.coerce.number().int().positive().optional(),
  modelId: z.coerce.number().int().positive().optional(),
});
export type AssetFilter = z.infer<typeof assetFilter>;
export const assetQuery = pageQuery
  .extend(assetFilter.shape)
  .extend({ orderBy: z.enum(ASSET_SORTS).optional(), order: sortOrder });
export const assetItem = z.object({
  deviceId: z.string(),
  deviceType: z.enum(DEVICE_TYPES),
  modelId: z.number().int().nullable(),
  modelName: z.string().nullable(),
  state: z.enum(ASSET_STATES),
  warehouseId: z.number().int().nullable(),
  warehouseName: z.string().nullable(),
  outletId: z.number().int().nullable(),
  /** The name of the outlet it is installed in. */
  outletName: z.string().nullable(),
  /** The pending dispatch application holding it, if any. */
  pendingApplicationNo: z.string().nullable(),
  agentDevice: z.boolean(),
  updateTime: z.string(),
});
export type AssetItem = z.infer<typeof assetItem>;

/** One device asset by its code (delete). */
export const assetIdQuery = z.object({ deviceId: deviceIdText.min(1) });
