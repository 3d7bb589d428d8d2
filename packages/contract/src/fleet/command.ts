import { z } from 'zod';
import { pageQuery, timeRange } from '../platform/envelope.js';
import { cabinetSn, powerBankId } from './rules.js';
import { slotNo } from './shared.js';

/** Commands to one cabinet: their types, life, data and the row the console shows. */

export const COMMAND_TYPES = [
  'restart',
  'openLock',
  'config',
  'upgrade',
  'queryVersion',
  'queryIccid',
  'queryInventory',
  'eject',
] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];
/** Commands that move something: never sent to an offline cabinet, never resent. */
export const PHYSICAL_COMMANDS: readonly CommandType[] = ['eject', 'openLock'];
export const COMMAND_STATES = ['pending', 'sent', 'acknowledged', 'succeeded', 'failed', 'expired'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];
export const FINAL_COMMAND_STATES: readonly CommandState[] = ['succeeded', 'failed', 'expired'];
/** Time to live per type (protocol.md, "Command life on the server"). */
export const COMMAND_TTL_MS: Record<CommandType, number> = {
  eject: 30_000,
  openLock: 30_000,
  restart: 60_000,
  config: 60_000,
  queryVersion: 60_000,
  queryIccid: 60_000,
  queryInventory: 60_000,
  upgrade: 600_000,
};

export const ftpConfig = z
  .object({
    host: z.string().trim().min(1).max(128).optional(),
    port: z.number().int().min(1).max(65535).optional(),
    user: z.string().trim().max(64).optional(),
    password: z.string().max(64).optional(),
  })
  .strict();
export const cabinetConfigData = z
  .object({
    host: z.string().trim().min(1).max(128).optional(),
    port: z.number().int().min(1).max(65535).optional(),
    heartbeatSec: z.number().int().min(10).max(3600).optional(),
    ftp: ftpConfig.optional(),
  })
  .strict();
export const firmwareVersion = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[0-9A-Za-z._-]+$/, { error: 'rule.firmwareVersion' });
export const firmwareUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^(https?|ftp):\/\/\S+$/i, { error: 'rule.firmwareUrl' });
export const sha256Hex = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{64}$/, { error: 'rule.sha256' });
export const upgradeData = z
  .object({ version: firmwareVersion, url: firmwareUrl, sha256: sha256Hex.optional() })
  .strict();
export const ejectData = z.union([
  z.object({ slot: slotNo, force: z.boolean().optional() }).strict(),
  z.object({ powerBankId, force: z.boolean().optional() }).strict(),
]);
const empty = z.object({}).strict().default({});

/** The developer tool's command: a cabinet, a type and its data (protocol.md table). */
export const commandSendRequest = z.discriminatedUnion('type', [
  z.object({ sn: cabinetSn, type: z.literal('restart'), data: empty }),
  z.object({ sn: cabinetSn, type: z.literal('openLock'), data: z.object({ slot: slotNo }).strict() }),
  z.object({ sn: cabinetSn, type: z.literal('config'), data: cabinetConfigData.default({}) }),
  z.object({ sn: cabinetSn, type: z.literal('upgrade'), data: upgradeData }),
  z.object({ sn: cabinetSn, type: z.literal('queryVersion'), data: empty }),
  z.object({ sn: cabinetSn, type: z.literal('queryIccid'), data: empty }),
  z.object({ sn: cabinetSn, type: z.literal('queryInventory'), data: empty }),
  z.object({ sn: cabinetSn, type: z.literal('eject'), data: ejectData }),
]);
export type CommandSendRequest = z.infer<typeof commandSendRequest>;

export const commandFilter = timeRange.extend({
  sn: z.string().trim().max(17).optional(),
  type: z.enum(COMMAND_TYPES).optional(),
  state: z.enum(COMMAND_STATES).optional(),
  batchId: z.coerce.number().int().positive().optional(),
});
export type CommandFilter = z.infer<typeof commandFilter>;
export const commandQuery = pageQuery.extend(commandFilter.shape);
export type CommandQuery = z.infer<typeof commandQuery>;
export const commandIdQuery = z.object({ id: z.string().trim().min(1).max(40) });

export const commandItem = z.object({
  /** The command's ID, also the MQTT message ID the cabinet de-duplicates by. */
  id: z.string(),
  sn: z.string(),
  type: z.enum(COMMAND_TYPES),
  data: z.record(z.string(), z.unknown()),
  state: z.enum(COMMAND_STATES),
  /** Last progress percentage (upgrade). */
  percent: z.number().int().nullable(),
  /** `result` of a successful reply. */
  result: z.unknown().nullable(),
  /** Failure reason: the cabinet's (slotEmpty, lockFault, download...), `rejected:<reason>`, or `expired`. */
  reason: z.string().nullable(),
  /** The cabinet answered with a stored reply: it had seen this ID and did not act again. */
  duplicate: z.boolean(),
  /** For an expired eject: the queryInventory sent to check the slot, and what it showed. */
  checkCommandId: z.string().nullable(),
  confirmedByInventory: z.boolean().nullable(),
  batchId: z.number().int().nullable(),
  /** Who asked (account name); null for the server's own commands. */
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type CommandItem = z.infer<typeof commandItem>;
