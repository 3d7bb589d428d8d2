import { z } from 'zod';
import { pageQuery } from '../platform/envelope.js';
import { multiline } from '../platform/text-rule.js';
import { DEVICE_TYPES, sortOrder } from './shared.js';

/** Models: every device has one. Product name, model code, the kind of device, slot count for cabinets. */
export const MODEL_STATUSES = ['normal', 'paused', 'hidden', 'deleted'] as const;
export type ModelStatus = (typeof MODEL_STATUSES)[number];
/** Model code: 1-16 letters or digits. */
export const MODEL_CODE_RE = /^[A-Za-z0-9]{1,16}$/;
export const CABINET_SLOT_COUNTS = { min: 1, max: 48 } as const;

export const MODEL_SORTS = ['productName', 'model', 'createTime'] as const;
export const modelFilter = z.object({
  productName: z.string().trim().max(16).optional(),
  model: z.string().trim().max(16).optional(),
  deviceType: z.enum(DEVICE_TYPES).optional(),
  status: z.enum(MODEL_STATUSES).optional(),
});
export type ModelFilter = z.infer<typeof modelFilter>;
export const modelQuery = pageQuery
  .extend(modelFilter.shape)
  .extend({ orderBy: z.enum(MODEL_SORTS).optional(), order: sortOrder });
export type ModelQuery = z.infer<typeof modelQuery>;
export const modelItem = z.object({
  id: z.number().int(),
  productName: z.string(),
  model: z.string(),
  deviceType: z.enum(DEVICE_TYPES),
  /** Slots of a cabinet model; null for other kinds. */
  slotCount: z.number().int().nullable(),
  status: z.enum(MODEL_STATUSES),
  remark: z.string(),
  /** Devices of this model the assets know. */
  devices: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type ModelItem = z.infer<typeof modelItem>;

export const modelSave = z
  .object({
    id: z.number().int().positive().optional(),
    productName: z.string().trim().min(1).max(16),
    model: z.string().trim().regex(MODEL_CODE_RE, { error: 'rule.modelCode' }),
    deviceType: z.enum(DEVICE_TYPES),
    /** Required for a cabinet model, ignored otherwise. */
    slotCount: z.number().int().min(CABINET_SLOT_COUNTS.min).max(CABINET_SLOT_COUNTS.max).optional(),
    remark: multiline(z.string().trim().max(64)).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.deviceType === 'cabinet' && v.slotCount === undefined)
      ctx.addIssue({ code: 'custom', path: ['slotCount'], message: 'rule.slotCount' });
  });
export type ModelSave = z.infer<typeof modelSave>;
export const modelStatusRequest = z.object({ id: z.number().int().positive(), status: z.enum(MODEL_STATUSES) });

/** Models a device can be given now (status normal), for pickers; optionally of one kind. */
export const modelOptionsQuery = z.object({ deviceType: z.enum(DEVICE_TYPES).optional() });
export const modelOption = z.object({
  id: z.number().int(),
  productName: z.string(),
  model: z.string(),
  deviceType: z.enum(DEVICE_TYPES),
  slotCount: z.number().int().nullable(),
});
export type ModelOption = z.infer<typeof modelOption>;

export const assetSavedId = z.object({ id: z.number().int() });
