import { z } from 'zod';
import { pageQuery, timeRange } from '../platform/envelope.js';
import { multiline } from '../platform/text-rule.js';
import { COMMAND_STATES } from './command.js';
import { cabinetSn } from './rules.js';
import { slotNo } from './shared.js';

/** Forced ejects: a power bank pushed out of a slot by staff, recorded before it is sent, and whether it came back. */

export const FORCED_EJECT_STATES = ['notReturned', 'returned'] as const;
export type ForcedEjectState = (typeof FORCED_EJECT_STATES)[number];
/** What became of the eject itself: waiting, ejected (reply), ejected (seen by inventory), failed. */
export const EJECT_OUTCOMES = ['pending', 'ejected', 'confirmedByInventory', 'failed'] as const;
export type EjectOutcome = (typeof EJECT_OUTCOMES)[number];
export const forcedEjectRequest = z.object({
  sn: cabinetSn,
  slot: slotNo,
  reason: multiline(z.string().trim().min(1).max(100)),
});
export type ForcedEjectRequest = z.infer<typeof forcedEjectRequest>;
export const forcedEjectFilter = timeRange.extend({
  sn: z.string().trim().max(17).optional(),
  powerBankId: z.string().trim().max(17).optional(),
  state: z.enum(FORCED_EJECT_STATES).optional(),
});
export type ForcedEjectFilter = z.infer<typeof forcedEjectFilter>;
export const forcedEjectQuery = pageQuery.extend(forcedEjectFilter.shape);
export type ForcedEjectQuery = z.infer<typeof forcedEjectQuery>;
export const forcedEjectItem = z.object({
  id: z.number().int(),
  powerBankId: z.string().nullable(),
  sn: z.string(),
  slot: z.number().int(),
  reason: z.string(),
  operatorName: z.string().nullable(),
  commandId: z.string(),
  commandState: z.enum(COMMAND_STATES),
  outcome: z.enum(EJECT_OUTCOMES),
  /** Cabinet's failure reason when the eject failed. */
  failReason: z.string().nullable(),
  state: z.enum(FORCED_EJECT_STATES),
  returnedAt: z.string().nullable(),
  /** Where it came back. */
  returnedSn: z.string().nullable(),
  createdAt: z.string(),
});
export type ForcedEjectItem = z.infer<typeof forcedEjectItem>;
