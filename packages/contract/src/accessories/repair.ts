import { z } from 'zod';
import { pageQuery, timeRange } from '../platform/envelope.js';
import { mobile } from '../platform/rules.js';
import { multiline } from '../platform/text-rule.js';

/** Problem feedback: repair tickets from untreated through processing to finished, never back. */
export const REPAIR_STATUSES = ['untreated', 'processing', 'finished'] as const;
export type RepairStatus = (typeof REPAIR_STATUSES)[number];
export const REPAIR_DEVICE_TYPES = ['cabinet', 'powerBank', 'cable', 'bluetoothCharger'] as const;
export type RepairDeviceType = (typeof REPAIR_DEVICE_TYPES)[number];
export const REPAIR_PICTURES_MAX = 6;
const picture = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(/^(https?:\/\/|\/)\S+$/, { error: 'rule.repairPicture' });

export const repairFilter = timeRange.extend({
  no: z.string().trim().max(20).optional(),
  deviceId: z.string().trim().max(17).optional(),
  deviceType: z.enum(REPAIR_DEVICE_TYPES).optional(),
  problemTypeId: z.coerce.number().int().positive().optional(),
  status: z.enum(REPAIR_STATUSES).optional(),
});
export type RepairFilter = z.infer<typeof repairFilter>;
export const repairQuery = pageQuery.extend(repairFilter.shape);
export type RepairQuery = z.infer<typeof repairQuery>;
export const repairItem = z.object({
  id: z.number().int(),
  no: z.string(),
  deviceType: z.enum(REPAIR_DEVICE_TYPES),
  deviceId: z.string(),
  problemTypeId: z.number().int(),
  /** The type's name when the ticket was submitted (kept if the type is renamed or deleted). */
  problemTypeName: z.string(),
  contact: z.string(),
  phone: z.string(),
  description: z.string(),
  pictures: z.array(z.string()),
  status: z.enum(REPAIR_STATUSES),
  /** The device is to be taken out of business while it is repaired. */
  outOfBusiness: z.boolean(),
  /** Whether the asset records took it out (false until the device assets know the device). */
  outOfBusinessApplied: z.boolean(),
  handlerName: z.string().nullable(),
  result: z.string(),
  submitTime: z.string(),
  processTime: z.string().nullable(),
  finishTime: z.string().nullable(),
});
export type RepairItem = z.infer<typeof repairItem>;
export const repairCreate = z.object({
  deviceType: z.enum(REPAIR_DEVICE_TYPES),
  deviceId: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{4}\d{12,13}$/, { error: 'rule.repairDeviceId' }),
  problemTypeId: z.number().int().positive(),
  contact: z.string().trim().min(1).max(18),
  phone: mobile,
  description: multiline(z.string().trim().min(1).max(200)),
  pictures: z.array(picture).max(REPAIR_PICTURES_MAX),
  outOfBusiness: z.boolean(),
});
export type RepairCreate = z.infer<typeof repairCreate>;
/** Move a ticket forward: untreated → processing → finished (or straight to finished). */
export const repairProcess = z.object({
  id: z.number().int().positive(),
  status: z.enum(['processing', 'finished']),
  result: multiline(z.string().trim().max(200)).optional(),
  /** Take the device out of business now (only ever set, never cleared by a ticket). */
  outOfBusiness: z.boolean().optional(),
});
export const repairProblemType = z.object({ id: z.number().int(), name: z.string() });
export const repairPictureUploaded = z.object({ url: z.string() });
