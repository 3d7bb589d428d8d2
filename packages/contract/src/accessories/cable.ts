import { z } from 'zod';
import { pageQuery } from '../platform/envelope.js';
import {
  accDeviceId,
  accMoneyPositive,
  OFFLINE_CODE_RE,
  packageTier,
  packageTiers,
  PACKAGE_HOURS_MAX,
  PACKAGE_MAX,
  packageProblem,
} from './rules.js';

/** A boolean filter in a query string: 'true'/'false' (or 1/0). */
export const accBoolFilter = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
export const accSortOrder = z.enum(['ascend', 'descend']).optional();

// ---------------------------------------------------------------------------------- charging cables

export const CABLE_SORTS = ['id', 'createTime', 'position'] as const;
export const cableFilter = z.object({
  /** Part of the device ID. */
  deviceId: z.string().trim().max(17).optional(),
  modelId: z.coerce.number().int().positive().optional(),
  /** true: bound to an outlet; false: not bound. */
  bound: accBoolFilter.optional(),
});
export type CableFilter = z.infer<typeof cableFilter>;
export const cableQuery = pageQuery
  .extend(cableFilter.shape)
  .extend({ orderBy: z.enum(CABLE_SORTS).optional(), order: accSortOrder });
export type CableQuery = z.infer<typeof cableQuery>;
export const cableItem = z.object({
  id: z.string(),
  modelId: z.number().int().nullable(),
  /** "product name / model" of its model; null when the model is unknown. */
  modelName: z.string().nullable(),
  /** The outlet it is bound to; null: not bound. */
  outletId: z.number().int().nullable(),
  /** That outlet's name (null: not bound, or the outlet is gone). */
  outletName: z.string().nullable(),
  packages: z.array(packageTier),
  /** The next position of its code ring the server will issue. */
  position: z.number().int(),
  codesIssued: z.number().int(),
  lastCodeTime: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type CableItem = z.infer<typeof cableItem>;
/** Add a cable: its ID, model and package tiers. */
export const cableAdd = z.object({
  deviceId: accDeviceId,
  modelId: z.number().int().positive(),
  packages: packageTiers,
});
/** Edit a cable's model and tiers (the ID stays). */
export const cableUpdate = cableAdd;

/** Issue the code of a purchased duration: one of the cable's package tiers, by its hours. */
export const cableIssueCode = z.object({
  deviceId: accDeviceId,
  hours: z.number().int().min(1).max(PACKAGE_HOURS_MAX),
});
/** Issue a new code for the last one's duration (the user lost power mid-session). */
export const cableReissueCode = z.object({ deviceId: accDeviceId });
export const CODE_KINDS = ['issue', 'reissue'] as const;
export const cableCodeItem = z.object({
  id: z.number().int(),
  cableId: z.string(),
  /** Position in the cable's ring (counted from 0, never reused by the server). */
  position: z.number().int(),
  hours: z.number().int(),
  code: z.string().regex(OFFLINE_CODE_RE),
  kind: z.enum(CODE_KINDS),
  issuedBy: z.string().nullable(),
  issueTime: z.string(),
});
export type CableCodeItem = z.infer<typeof cableCodeItem>;
export const cableCodeQuery = pageQuery.extend({ cableId: accDeviceId });

// --------------------------------------------------------------------------------- Bluetooth chargers

export const BLUETOOTH_SORTS = ['id', 'createTime', 'hourlyPrice'] as const;
export const bluetoothFilter = cableFilter;
export type BluetoothFilter = z.infer<typeof bluetoothFilter>;
export const bluetoothQuery = pageQuery
  .extend(bluetoothFilter.shape)
  .extend({ orderBy: z.enum(BLUETOOTH_SORTS).optional(), order: accSortOrder });
export type BluetoothQuery = z.infer<typeof bluetoothQuery>;
/** A charger's billing: hourly price, daily cap and the prepayment frozen up front. */
export const bluetoothBilling = z.object({
  hourlyPrice: accMoneyPositive,
  dailyCap: accMoneyPositive,
  prepayment: accMoneyPositive,
});
export type BluetoothBilling = z.infer<typeof bluetoothBilling>;
export const bluetoothItem = z.object({
  id: z.string(),
  modelId: z.number().int().nullable(),
  modelName: z.string().nullable(),
  outletId: z.number().int().nullable(),
  outletName: z.string().nullable(),
  packages: z.array(packageTier),
  hourlyPrice: z.number().int(),
  dailyCap: z.number().int(),
  prepayment: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type BluetoothItem = z.infer<typeof bluetoothItem>;
/** Tiers of a charger are optional (0 to 10), with the cable's rules. */
const optionalTiers = z
  .array(packageTier)
  .max(PACKAGE_MAX)
  .superRefine((tiers, ctx) => {
    const p = packageProblem(tiers);
    if (p) ctx.addIssue({ code: 'custom', path: [p.index, p.field], message: p.key });
  });
export const bluetoothAdd = z
  .object({ deviceId: accDeviceId, modelId: z.number().int().positive(), packages: optionalTiers })
  .extend(bluetoothBilling.shape)
  .refine((b) => b.hourlyPrice <= b.dailyCap, { error: 'rule.hourlyNotAboveDailyCap', path: ['hourlyPrice'] });
export const bluetoothUpdate = bluetoothAdd;
/** The system's Bluetooth settings every charger's billing stays within, and the default prepayment. */
export const bluetoothLimits = z.object({
  prepayMax: z.number().int(),
  prepayDefault: z.number().int(),
  dailyCap: z.number().int(),
  hourlyLimit: z.number().int(),
});
export type BluetoothLimits = z.infer<typeof bluetoothLimits>;

// ------------------------------------------------------------------------- billing batch update (Excel)

/** The report of a batch: how many rows, how many applied, and each failure with why. */
export const billingImportReport = z.object({
  total: z.number().int(),
  successes: z.number().int(),
  failures: z.array(z.object({ row: z.number().int(), id: z.string(), reason: z.string() })),
});
export type BillingImportReport = z.infer<typeof billingImportReport>;

/** One cable or charger by its code (delete). */
export const accDeviceIdQuery = z.object({ deviceId: accDeviceId });
