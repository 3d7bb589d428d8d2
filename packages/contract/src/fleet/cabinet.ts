import { z } from 'zod';
import { multiline } from './text-rule.js';
import { pageQuery, timeRange } from './envelope.js';
import { cabinetSn, powerBankId, BATCH_STORAGE_MAX, CABINET_SN_RE, POWER_BANK_ID_RE } from './rules.js';

/**
 * The device fleet (issue 4): cabinets, their slots and power banks, commands to cabinets, firmware
 * batches, forced ejects and the device log. docs/protocol.md is the cabinet side of the same facts.
 */

/** A boolean filter in a query string: 'true'/'false' (or 1/0). */
const boolFilter = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const sortOrder = z.enum(['ascend', 'descend']).optional();

export const NET_MODES = ['4G', 'WIFI', 'ETH'] as const;
export type NetMode = (typeof NET_MODES)[number];
export const SLOT_FAULTS = ['motor', 'sensor', 'lock', 'comm'] as const;
export type SlotFault = (typeof SLOT_FAULTS)[number];

/** Why a cabinet went online (register; heartbeat from one marked offline) or offline (will, clean disconnect, 3 silent heartbeat intervals). */
export const ONLINE_REASONS = ['register', 'heartbeat', 'will', 'disconnect', 'heartbeatTimeout'] as const;
export type OnlineReason = (typeof ONLINE_REASONS)[number];

// ---------------------------------------------------------------------------------------------
// Cabinets

export const CABINET_SORTS = ['sn', 'csq', 'freeSlots', 'firmwareMain', 'lastHeartbeatAt', 'stockedInAt', 'onlineChangedAt'] as const;
export const cabinetFilter = z.object({
  /** Part of the SN. */
  sn: z.string().trim().max(17).optional(),
  online: boolFilter.optional(),
  bound: boolFilter.optional(),
  /** Part of the main firmware version. */
  firmware: z.string().trim().max(32).optional(),
  netMode: z.enum(NET_MODES).optional(),
  /** Part of the ICCID. */
  iccid: z.string().trim().max(22).optional(),
});
export type CabinetFilter = z.infer<typeof cabinetFilter>;
export const cabinetQuery = pageQuery.extend(cabinetFilter.shape).extend({
  orderBy: z.enum(CABINET_SORTS).optional(),
  order: sortOrder,
});
export type CabinetQuery = z.infer<typeof cabinetQuery>;

/**
 * One cabinet as the list shows it. Every value comes from the cabinet itself (register, heartbeat,
 * inventory, config replies) or from stock-in; null means "not reported yet", never a guess.
 */
export const cabinetItem = z.object({
  sn: z.string(),
  online: z.boolean(),
  /** Why it last went online or offline (ONLINE_REASONS); null before its first connection. */
  onlineReason: z.enum(ONLINE_REASONS).nullable(),
  imei: z.string().nullable(),
  iccid: z.string().nullable(),
  firmwareMain: z.string().nullable(),
  firmwareBoard: z.string().nullable(),
  model: z.string().nullable(),
  hwVersion: z.string().nullable(),
  /** Signal quality CSQ 0-31, 99 = no network. */
  csq: z.number().int().nullable(),
  netMode: z.enum(NET_MODES).nullable(),
  /** Slot count the cabinet registered with. */
  slots: z.number().int().nullable(),
  /** Slots without a power bank (last inventory). */
  freeSlots: z.number().int().nullable(),
  /** Power banks in the cabinet (last inventory). */
  powerBanks: z.number().int(),
  /** Power banks at 80 % or more. */
  chargedPowerBanks: z.number().int(),
  /** Average battery of the power banks inside, null when empty. */
  batteryAvg: z.number().int().nullable(),
  faultSlots: z.number().int(),
  /** Server address, port and FTP settings in force, as the cabinet's last config reply said. */
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  heartbeatSec: z.number().int().nullable(),
  ftpHost: z.string().nullable(),
  ftpPort: z.number().int().nullable(),
  ftpUser: z.string().nullable(),
  /** Outlets do not exist yet: every cabinet is unbound (outletName null). */
  bound: z.boolean(),
  outletName: z.string().nullable(),
  lastHeartbeatAt: z.string().nullable(),
  onlineChangedAt: z.string().nullable(),
  registeredAt: z.string().nullable(),
  stockedInAt: z.string(),
});
export type CabinetItem = z.infer<typeof cabinetItem>;

export const cabinetSnQuery = z.object({ sn: cabinetSn });

/** One slot of a cabinet, as its last inventory said. */
export const slotItem = z.object({
  slot: z.number().int(),
  powerBankId: z.string().nullable(),
  battery: z.number().int().nullable(),
  locked: z.boolean(),
  fault: z.enum(SLOT_FAULTS).nullable(),
  charging: z.boolean(),
  updatedAt: z.string(),
});
export type SlotItem = z.infer<typeof slotItem>;

export const cabinetDetail = cabinetItem.extend({
  uptimeSec: z.number().int().nullable(),
  /** The slots, in order (empty before the first inventory). */
  slotList: z.array(slotItem),
  inventoryAt: z.string().nullable(),
});
export type CabinetDetail = z.infer<typeof cabinetDetail>;

/** The MQTT credentials to flash into one cabinet (protocol.md, "Identity and credentials"). */
export const cabinetSecret = z.object({
  sn: z.string(),
  clientId: z.string(),
  username: z.string(),
  /** The MQTT password: base64url(HMAC-SHA256(DEVICE_SECRET, SN)), first 32 characters. */
  secret: z.string(),
});
export type CabinetSecret = z.infer<typeof cabinetSecret>;

// ---------------------------------------------------------------------------------------------
// Batch storage (stock-in)

/**
 * Cabinets by list (`sns`, each checked on its own: a bad one is a failure in the report) or by
 * range (`start`..`end`: same length, same prefix, start not above end, at most 500; a bad range
 * refuses the whole request).
 */
export const batchStorageRequest = z
  .object({
    sns: z.array(z.string().trim().max(40)).min(1).max(BATCH_STORAGE_MAX).optional(),
    start: cabinetSn.optional(),
    end: cabinetSn.optional(),
  })
  .superRefine((v, ctx) => {
    const byList = v.sns !== undefined;
    const byRange = v.start !== undefined || v.end !== undefined;
    if (byList === byRange) {
      ctx.addIssue({ code: 'custom', path: byList ? ['start'] : ['sns'], message: 'rule.snListOrRange' });
      return;
    }
    if (byRange) {
      if (v.start === undefined) return void ctx.addIssue({ code: 'custom', path: ['start'], message: 'rule.cabinetSn' });
      if (v.end === undefined) return void ctx.addIssue({ code: 'custom', path: ['end'], message: 'rule.cabinetSn' });
      const problem = snRangeProblem(v.start, v.end);
      if (problem) ctx.addIssue({ code: 'custom', path: ['end'], message: problem });
    }
  });
export type BatchStorageRequest = { sns: string[] } | { start: string; end: string };

/** Why one cabinet of a batch was not stocked in. */
export const STOCK_FAIL_REASONS = ['nonStandard', 'alreadyInStock', 'duplicate'] as const;
export type StockFailReason = (typeof STOCK_FAIL_REASONS)[number];
export const batchStorageReport = z.object({
  total: z.number().int(),
  succeeded: z.number().int(),
  /** The SNs stocked in. */
  succeededSns: z.array(z.string()),
  /** Each failure, with a reason code and its message in the caller's language. */
  failed: z.array(z.object({ sn: z.string(), reason: z.enum(STOCK_FAIL_REASONS), msg: z.string() })),
});
export type BatchStorageReport = z.infer<typeof batchStorageReport>;

/** The SNs of a range, or why it is not one (a `rule.*` key). Both ends must be valid SNs. */
export function snRangeProblem(start: string, end: string): string | null {
  if (start.length !== end.length) return 'rule.snRangeLength';
  if (start.slice(0, 4) !== end.slice(0, 4)) return 'rule.snRangePrefix';
  const a = Number(start.slice(4));
  const b = Number(end.slice(4));
  if (a > b) return 'rule.snRangeOrder';
  if (b - a + 1 > BATCH_STORAGE_MAX) return 'rule.batchStorageMax';
  return null;
}
export function expandSnRange(start: string, end: string): string[] {
  const prefix = start.slice(0, 4);
  const width = start.length - 4;
  const a = Number(start.slice(4));
  const b = Number(end.slice(4));
  const out: string[] = [];
  for (let n = a; n <= b; n++) out.push(prefix + String(n).padStart(width, '0'));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Power banks

export const POWER_BANK_SORTS = ['powerBankId', 'battery', 'ejectFailures', 'updatedAt'] as const;
export const powerBankFilter = z.object({
  powerBankId: z.string().trim().max(17).optional(),
  /** Part of the owning cabinet's SN. */
  sn: z.string().trim().max(17).optional(),
  /** true: in a cabinet now; false: out (rented, removed or ejected). */
  inCabinet: boolFilter.optional(),
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
  /** Rentals do not exist yet: 0 until orders count them, never invented. */
  leaseCount: z.number().int(),
  leaseMinutes: z.number().int(),
  /** Eject commands for it that failed or expired unconfirmed. */
  ejectFailures: z.number().int(),
  lastCabinetSn: z.string().nullable(),
  firstSeenAt: z.string(),
  updatedAt: z.string(),
});
export type PowerBankItem = z.infer<typeof powerBankItem>;

// ---------------------------------------------------------------------------------------------
// Commands

export const COMMAND_TYPES = ['restart', 'openLock', 'config', 'upgrade', 'queryVersion', 'queryIccid', 'queryInventory', 'eject'] as const;
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

const slotNo = z.number().int().min(1).max(48);
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
export const firmwareVersion = z.string().trim().min(1).max(32).regex(/^[0-9A-Za-z._-]+$/, { error: 'rule.firmwareVersion' });
export const firmwareUrl = z.string().trim().max(500).regex(/^(https?|ftp):\/\/\S+$/i, { error: 'rule.firmwareUrl' });
export const sha256Hex = z.string().trim().regex(/^[0-9a-fA-F]{64}$/, { error: 'rule.sha256' });
export const upgradeData = z.object({ version: firmwareVersion, url: firmwareUrl, sha256: sha256Hex.optional() }).strict();
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

// ---------------------------------------------------------------------------------------------
// Forced eject

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

// ---------------------------------------------------------------------------------------------
// Firmware

export const firmwareUpgradeRequest = z.object({
  sns: z.array(cabinetSn).min(1).max(BATCH_STORAGE_MAX),
  version: firmwareVersion,
  url: firmwareUrl,
  sha256: sha256Hex.optional(),
});
export type FirmwareUpgradeRequest = z.infer<typeof firmwareUpgradeRequest>;
export const firmwareQuery = pageQuery.extend(timeRange.shape).extend({ version: z.string().trim().max(32).optional() });
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

// ---------------------------------------------------------------------------------------------
// Device log

/** refused: a connection or message the gateway turned away; online/offline: a change of state. */
export const DEVICE_LOG_KINDS = ['refused', 'online', 'offline'] as const;
export type DeviceLogKind = (typeof DEVICE_LOG_KINDS)[number];
/** Reasons: ONLINE_REASONS for online/offline; for refused: */
export const REFUSE_REASONS = ['malformedSn', 'unknownSn', 'badSecret', 'badClientId', 'forbiddenTopic'] as const;
export type RefuseReason = (typeof REFUSE_REASONS)[number];
export const deviceLogFilter = timeRange.extend({
  sn: z.string().trim().max(40).optional(),
  kind: z.enum(DEVICE_LOG_KINDS).optional(),
});
export const deviceLogQuery = pageQuery.extend(deviceLogFilter.shape);
export type DeviceLogQuery = z.infer<typeof deviceLogQuery>;
export const deviceLogItem = z.object({
  id: z.number().int(),
  /** As the device gave it (may be malformed for a refusal). */
  sn: z.string().nullable(),
  kind: z.enum(DEVICE_LOG_KINDS),
  reason: z.string(),
  /** Remote address when the embedded broker saw it. */
  address: z.string().nullable(),
  detail: z.string().nullable(),
  /** Attempts this row stands for: one address's repeated refusals within a minute share a row. */
  count: z.number().int(),
  createdAt: z.string(),
});
export type DeviceLogItem = z.infer<typeof deviceLogItem>;

export { cabinetSn, powerBankId, CABINET_SN_RE, POWER_BANK_ID_RE };
