import { z } from 'zod';
import { pageQuery } from '../platform/envelope.js';
import { BATCH_STORAGE_MAX, cabinetSn, QR_LABELS_MAX } from './rules.js';
import { boolFilter, NET_MODES, ONLINE_REASONS, SLOT_FAULTS, sortOrder } from './shared.js';
import { CABINET_CONDITIONS, CABINET_CONNECTIONS } from './overview.js';

/**
 * Cabinets as the console lists and shows them, their slots, their MQTT credentials, and stocking
 * them in. docs/protocol.md is the cabinet side of the same facts.
 */

/**
 * Whether a cabinet is connected: `neverConnected` until its first connection (stocked in, not
 * yet heard from), then `online` or `offline`. A cabinet that never connected is not one that dropped off.
 */
export const CONNECTION_STATES = CABINET_CONNECTIONS;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

export const CABINET_SORTS = [
  'sn',
  'csq',
  'freeSlots',
  'firmwareMain',
  'lastHeartbeatAt',
  'stockedInAt',
  'onlineChangedAt',
] as const;
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
  /** Online, offline (connected once) or never connected (overview.ts defines them). */
  connection: z.enum(CABINET_CONNECTIONS).optional(),
  /** Full, empty, weak signal or faulty (overview.ts defines them). */
  condition: z.enum(CABINET_CONDITIONS).optional(),
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
  /** Online, offline after having been connected, or never connected yet. */
  connection: z.enum(CONNECTION_STATES),
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
  /**
   * The broker endpoint (host:port) the cabinet last registered through, as the server saw the
   * connection: the server address in use when the cabinet has not reported its config.
   */
  connectedVia: z.string().nullable(),
  heartbeatSec: z.number().int().nullable(),
  ftpHost: z.string().nullable(),
  ftpPort: z.number().int().nullable(),
  ftpUser: z.string().nullable(),
  /** Whether the cabinet stands in an outlet, and the outlet's name. */
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
      if (v.start === undefined)
        return void ctx.addIssue({ code: 'custom', path: ['start'], message: 'rule.cabinetSn' });
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

/** GET qrLabels: the SNs to print, comma-separated (at most QR_LABELS_MAX). */
export const qrLabelsQuery = z.object({
  sns: z
    .string()
    .max(QR_LABELS_MAX * 18)
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((x) => x.trim().toUpperCase())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(cabinetSn).min(1).max(QR_LABELS_MAX)),
});
/** Each cabinet's label: its SN and what its QR code holds. */
export const qrLabels = z.object({
  baseUrl: z.string(),
  labels: z.array(z.object({ sn: z.string(), content: z.string() })),
});
export type QrLabels = z.infer<typeof qrLabels>;
/** Customer app: a scanned text. */
export const scanQuery = z.object({ code: z.string().max(500) });
export const scanResult = z.object({ deviceType: z.literal('cabinet'), sn: z.string() });
