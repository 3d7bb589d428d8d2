import { z } from 'zod';
import { CABINET_SN_RE, NET_MODES, POWER_BANK_ID_RE, SLOT_FAULTS, type CommandType } from '@cbo/contract';

/**
 * docs/protocol.md as zod schemas, for what cabinets send. Every payload is checked here; one
 * that fails is logged and dropped, never half-applied.
 */
export const PROTOCOL_VERSION = 1;
export const TOPIC_ROOT = 'cbo/v1/cab';
export const MAX_PAYLOAD_BYTES = 16 * 1024;

export const topics = {
  up: (sn: string) => `${TOPIC_ROOT}/${sn}/up`,
  down: (sn: string) => `${TOPIC_ROOT}/${sn}/down`,
  status: (sn: string) => `${TOPIC_ROOT}/${sn}/status`,
};

/** `cbo/v1/cab/{SN}/{up|down|status}` → its parts, or null for any other topic. */
export function parseTopic(topic: string): { sn: string; kind: 'up' | 'down' | 'status' } | null {
  const parts = topic.split('/');
  if (parts.length !== 5 || `${parts[0]}/${parts[1]}/${parts[2]}` !== TOPIC_ROOT) return null;
  const kind = parts[4];
  if (kind !== 'up' && kind !== 'down' && kind !== 'status') return null;
  return { sn: parts[3]!, kind };
}

export const isSn = (v: string) => CABINET_SN_RE.test(v);

const sn = z.string().regex(CABINET_SN_RE);
const pbId = z.string().regex(POWER_BANK_ID_RE);
const version = z.string().min(1).max(32);
const slotNo = z.number().int().min(1).max(48);
const battery = z.number().int().min(0).max(100);

export const registerData = z.object({
  imei: z.string().regex(/^\d{14,16}$/),
  iccid: z.string().regex(/^[0-9A-Fa-f]{18,22}$/),
  firmware: z.object({ main: version, board: version }),
  slots: z.number().int().min(1).max(48),
  netMode: z.enum(NET_MODES),
  model: z.string().max(32).optional(),
  hwVersion: z.string().max(32).optional(),
});
export const heartbeatData = z.object({
  csq: z
    .number()
    .int()
    .refine((v) => (v >= 0 && v <= 31) || v === 99),
  heartbeatSec: z.number().int().min(1).max(3600),
  uptimeSec: z.number().int().min(0).optional(),
  netMode: z.enum(NET_MODES).optional(),
});
export const slotReport = z.object({
  slot: slotNo,
  powerBankId: pbId.nullable(),
  battery: battery.nullable(),
  locked: z.boolean(),
  fault: z.enum(SLOT_FAULTS).nullable(),
  charging: z.boolean(),
});
export type SlotReport = z.infer<typeof slotReport>;
export const inventoryData = z.object({ slots: z.array(slotReport).max(48) }).superRefine((v, ctx) => {
  const slots = new Set<number>();
  const banks = new Set<string>();
  for (const s of v.slots) {
    if (slots.has(s.slot)) ctx.addIssue({ code: 'custom', message: `slot ${s.slot} twice` });
    slots.add(s.slot);
    if (s.powerBankId) {
      if (banks.has(s.powerBankId)) ctx.addIssue({ code: 'custom', message: `${s.powerBankId} in two slots` });
      banks.add(s.powerBankId);
    }
  }
});
export const eventData = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('returned'), slot: slotNo, powerBankId: pbId, battery: battery.optional() }),
  z.object({ kind: z.literal('removed'), slot: slotNo, powerBankId: pbId.nullable().optional() }),
  z.object({ kind: z.literal('slotFault'), slot: slotNo, fault: z.enum(SLOT_FAULTS) }),
  z.object({ kind: z.literal('slotRecovered'), slot: slotNo }),
]);
export type EventData = z.infer<typeof eventData>;
const cmdId = z.string().min(1).max(40);
export const replyData = z.discriminatedUnion('stage', [
  z.object({ cmdId, stage: z.literal('ack'), duplicate: z.boolean().optional() }),
  z.object({
    cmdId,
    stage: z.literal('progress'),
    percent: z.number().min(0).max(100).transform(Math.round),
    duplicate: z.boolean().optional(),
  }),
  z.object({
    cmdId,
    stage: z.literal('result'),
    ok: z.boolean(),
    result: z.record(z.string(), z.unknown()).optional(),
    reason: z.string().max(64).optional(),
    duplicate: z.boolean().optional(),
  }),
  z.object({ cmdId, stage: z.literal('rejected'), reason: z.string().max(64), duplicate: z.boolean().optional() }),
]);
export type ReplyData = z.infer<typeof replyData>;

/** The envelope of every message (protocol.md, "Envelope"). */
export const envelope = z.object({
  v: z.literal(PROTOCOL_VERSION),
  id: z.string().min(1).max(40),
  ts: z.number().int().nonnegative(),
  type: z.string().min(1).max(32),
  data: z.unknown().optional(),
});
export type UpMessage = z.infer<typeof envelope>;

export const statusData = z.object({ online: z.boolean() });

/** Results the server reads back into the cabinet row. */
export const configResult = z.object({
  host: z.string().max(128).optional(),
  port: z.number().int().optional(),
  heartbeatSec: z.number().int().optional(),
  ftp: z
    .object({
      host: z.string().max(128).optional(),
      port: z.number().int().optional(),
      user: z.string().max(64).optional(),
    })
    .partial()
    .optional(),
});
export const versionResult = z.object({ firmware: z.object({ main: version, board: version }) });
export const iccidResult = z.object({ iccid: z.string().regex(/^[0-9A-Fa-f]{18,22}$/) });
export const ejectResult = z.object({ slot: slotNo.optional(), powerBankId: pbId.nullable().optional() });

export { sn as snSchema };
export type { CommandType };
