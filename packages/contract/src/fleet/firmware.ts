import { z } from 'zod';
import { pageQuery, timeRange } from '../platform/envelope.js';
import { COMMAND_STATES, firmwareUrl, firmwareVersion, sha256Hex } from './command.js';
import { BATCH_STORAGE_MAX, cabinetSn } from './rules.js';
import { boolFilter } from './shared.js';

/** Firmware batches: one upgrade command per chosen cabinet, followed as one batch. */

/**
 * The optional checksum of an upgrade. Empty (or blank) means "not given": a form field typed
 * into and cleared sends '', which must neither block the form nor be refused by the server.
 */
export const optionalSha256 = z
  .string()
  .trim()
  .refine((v) => v === '' || sha256Hex.safeParse(v).success, { error: 'rule.sha256' })
  .optional()
  .transform((v) => v || undefined);

export const firmwareUpgradeRequest = z.object({
  sns: z.array(cabinetSn).min(1).max(BATCH_STORAGE_MAX),
  version: firmwareVersion,
  url: firmwareUrl,
  sha256: optionalSha256,
});
export type FirmwareUpgradeRequest = z.infer<typeof firmwareUpgradeRequest>;
export const firmwareQuery = pageQuery.extend(timeRange.shape).extend({
  version: z.string().trim().max(32).optional(),
  /** true: batches with a command still pending, sent or acknowledged (in progress); false: finished. */
  running: boolFilter.optional(),
});
export type FirmwareQuery = z.infer<typeof firmwareQuery>;
export const firmwareBatchItem = z.object({
  id: z.number().int(),
  version: z.string(),
  url: z.string(),
  sha256: z.string().nullable(),
  total: z.number().int(),
  /** Commands still pending, sent or acknowledged. */
  running: z.number().int(),
  succeeded: z.number().int(),
  /** Failed or expired (an offline cabinet fails at once with reason `offline`). */
  failed: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type FirmwareBatchItem = z.infer<typeof firmwareBatchItem>;
export const firmwareIdQuery = z.object({ id: z.coerce.number().int().positive() });
export const firmwareBatchDetail = firmwareBatchItem.extend({
  items: z.array(
    z.object({
      sn: z.string(),
      commandId: z.string().nullable(),
      state: z.enum(COMMAND_STATES),
      percent: z.number().int().nullable(),
      reason: z.string().nullable(),
      /** Main firmware the cabinet reports now. */
      firmwareMain: z.string().nullable(),
      updatedAt: z.string(),
    }),
  ),
});
export type FirmwareBatchDetail = z.infer<typeof firmwareBatchDetail>;
