import { z } from 'zod';
import { pageQuery } from '../platform/envelope.js';
import { boolFilter, SLOT_FAULTS, sortOrder } from './shared.js';
import { powerBankId } from './rules.js';

/** Power banks as the cabinets report them: where each is, its battery, lock and eject failures. */

export const POWER_BANK_SORTS = ['powerBankId', 'battery', 'ejectFailures', 'updatedAt'] as const;
export const powerBankFilter = z.object({
  powerBankId: z.string().trim().max(17).optional(),
  /** Part of the owning cabinet's SN. */
  sn: z.string().trim().max(17).optional(),
  /** true: in a cabinet now; false: out (rented, removed or ejected). */
  inCabinet: boolFilter.optional(),
  /** true: battery at CHARGED_BATTERY_MIN or more; false: below it or not reported. */
  charged: boolFilter.optional(),
});
export type PowerBankFilter = z.infer<typeof powerBankFilter>;
export const powerBankQuery = pageQuery.extend(powerBankFilter.shape).extend({
  orderBy: z.enum(POWER_BANK_SORTS).optional(),
  order: sortOrder,
});
export type PowerBankQuery = z.infer<typeof powerBankQuery>;
export const powerBankItem = z.object({
  powerBankId: z.string(),
  /** Cabinet and slot it is in, null when out of any cabinet. */
  sn: z.string().nullable(),
  slot: z.number().int().nullable(),
  /** Last battery reported (kept when it leaves a cabinet). */
  battery: z.number().int().nullable(),
  charging: z.boolean(),
  /** Lock state of its slot; null when out. */
  locked: z.boolean().nullable(),
  fault: z.enum(SLOT_FAULTS).nullable(),
  /** Its power-bank rentals that ended and their minutes from rent to return (live and archived orders; the operational data's definition). */
  leaseCount: z.number().int(),
  leaseMinutes: z.number().int(),
  /** Eject commands for it that failed or expired unconfirmed. */
  ejectFailures: z.number().int(),
  lastCabinetSn: z.string().nullable(),
  firstSeenAt: z.string(),
  updatedAt: z.string(),
});
export type PowerBankItem = z.infer<typeof powerBankItem>;

export const powerBankIdQuery = z.object({ powerBankId });
