import { z } from 'zod';
import { pageQuery, timeRange } from '../platform/envelope.js';
import { multiline } from '../platform/text-rule.js';
import { deviceIdText, MOVEMENT_MAX } from './shared.js';
import { DISPATCH_REASONS, MOVEMENT_KINDS, STOCK_REASONS } from './stock.js';
import { DEVICE_TYPES } from './shared.js';

/** Dispatch applications: devices move between warehouses only once an application is approved. */
export const AUDIT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AuditStatus = (typeof AUDIT_STATUSES)[number];

export const dispatchApplyRequest = z
  .object({
    fromWarehouseId: z.number().int().positive(),
    toWarehouseId: z.number().int().positive(),
    reason: z.enum(DISPATCH_REASONS),
    ids: z.array(deviceIdText).min(1).max(MOVEMENT_MAX),
    remark: multiline(z.string().trim().max(64)).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.fromWarehouseId === v.toWarehouseId)
      ctx.addIssue({ code: 'custom', path: ['toWarehouseId'], message: 'rule.sameWarehouse' });
  });
export type DispatchApplyRequest = z.infer<typeof dispatchApplyRequest>;
export const dispatchAuditRequest = z.object({
  id: z.number().int().positive(),
  approve: z.boolean(),
  reason: multiline(z.string().trim().max(64)).optional(),
});
export type DispatchAuditRequest = z.infer<typeof dispatchAuditRequest>;

export const dispatchFilter = timeRange.extend({
  applicationNo: z.string().trim().max(32).optional(),
  status: z.enum(AUDIT_STATUSES).optional(),
  fromWarehouseId: z.coerce.number().int().positive().optional(),
  toWarehouseId: z.coerce.number().int().positive().optional(),
});
export type DispatchFilter = z.infer<typeof dispatchFilter>;
export const dispatchQuery = pageQuery.extend(dispatchFilter.shape);
export const dispatchItem = z.object({
  id: z.number().int(),
  applicationNo: z.string(),
  reason: z.enum(STOCK_REASONS),
  remark: z.string(),
  sponsorName: z.string(),
  /** The applicant's account (null for applications older than it was kept): it may not audit its own application. */
  sponsorId: z.number().int().nullable(),
  fromWarehouseId: z.number().int(),
  fromWarehouseName: z.string(),
  toWarehouseId: z.number().int(),
  toWarehouseName: z.string(),
  deviceCount: z.number().int(),
  status: z.enum(AUDIT_STATUSES),
  auditorName: z.string().nullable(),
  auditReason: z.string(),
  auditTime: z.string().nullable(),
  createTime: z.string(),
});
export type DispatchItem = z.infer<typeof dispatchItem>;
/** What happened to an application, oldest first: applied, then approved or rejected, then (approved) the devices moved. */
export const DISPATCH_EVENTS = ['applied', 'approved', 'rejected', 'moved'] as const;
export type DispatchEvent = (typeof DISPATCH_EVENTS)[number];
export const dispatchDetail = dispatchItem.extend({
  deviceIds: z.array(z.string()),
  /** Each device of the application: its kind and model as the assets know it now, and whether the approval moved it. */
  devices: z.array(
    z.object({
      deviceId: z.string(),
      deviceType: z.enum(DEVICE_TYPES).nullable(),
      modelName: z.string().nullable(),
      moved: z.boolean(),
    }),
  ),
  history: z.array(
    z.object({
      event: z.enum(DISPATCH_EVENTS),
      at: z.string(),
      by: z.string().nullable(),
      /** The remark (applied), the audit reason (approved, rejected), how many devices (moved). */
      note: z.string(),
      /** The movement kind written for each device (moved only). */
      kind: z.enum(MOVEMENT_KINDS).nullable(),
    }),
  ),
});
export type DispatchDetail = z.infer<typeof dispatchDetail>;
