import { randomUUID } from 'node:crypto';

/** Protocol v1 as written in docs/protocol.md: topics, envelope, message types and reasons. */
export const PROTOCOL_VERSION = 1;
export const MAX_PAYLOAD_BYTES = 16 * 1024;

export const topics = {
  up: (sn: string) => `cbo/v1/cab/${sn}/up`,
  down: (sn: string) => `cbo/v1/cab/${sn}/down`,
  status: (sn: string) => `cbo/v1/cab/${sn}/status`,
};

/** SN: 4 letters and 12 or 13 digits. Power bank: 4 letters and 13 digits. */
export const SN_PATTERN = /^[A-Za-z]{4}\d{12,13}$/;
export const POWER_BANK_PATTERN = /^[A-Za-z]{4}\d{13}$/;

export interface Envelope<T = Record<string, unknown>> {
  v: number;
  id: string;
  ts: number;
  type: string;
  data: T;
  expiresAt?: number;
}

export type NetMode = '4G' | 'WIFI' | 'ETH';
export type SlotFault = 'motor' | 'sensor' | 'lock' | 'comm';
export const SLOT_FAULTS: readonly SlotFault[] = ['motor', 'sensor', 'lock', 'comm'];

export interface Firmware {
  main: string;
  board: string;
}

export interface RegisterData {
  imei: string;
  iccid: string;
  firmware: Firmware;
  slots: number;
  netMode: NetMode;
  model: string;
  hwVersion: string;
}

export interface HeartbeatData {
  csq: number;
  heartbeatSec: number;
  uptimeSec: number;
  netMode: NetMode;
}

export interface SlotState {
  slot: number;
  powerBankId: string | null;
  battery: number | null;
  locked: boolean;
  fault: SlotFault | null;
  charging: boolean;
}

export type CommandType =
  'eject' | 'restart' | 'openLock' | 'config' | 'upgrade' | 'queryVersion' | 'queryIccid' | 'queryInventory';
export const COMMAND_TYPES: readonly CommandType[] = [
  'eject',
  'restart',
  'openLock',
  'config',
  'upgrade',
  'queryVersion',
  'queryIccid',
  'queryInventory',
];

export type RejectReason = 'expired' | 'unsupported' | 'invalid' | 'busy';

export type ReplyData =
  | { cmdId: string; stage: 'ack'; duplicate?: true }
  | { cmdId: string; stage: 'progress'; percent: number; duplicate?: true }
  | { cmdId: string; stage: 'result'; ok: true; result: Record<string, unknown>; duplicate?: true }
  | { cmdId: string; stage: 'result'; ok: false; reason: string; duplicate?: true }
  | { cmdId: string; stage: 'rejected'; reason: RejectReason; duplicate?: true };

/** A message ID: unique per message, at most 40 characters (a UUID is 36). */
export function messageId(): string {
  return randomUUID();
}

export function envelope<T>(type: string, data: T, ts = Date.now()): Envelope<T> {
  return { v: PROTOCOL_VERSION, id: messageId(), ts, type, data };
}

/** Parses a payload as a v1 envelope; null for anything else (the receiver logs and drops it). */
export function parseEnvelope(payload: Buffer | string): Envelope | null {
  if (payload.length > MAX_PAYLOAD_BYTES) return null;
  let value: unknown;
  try {
    value = JSON.parse(payload.toString());
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const e = value as Partial<Envelope>;
  if (
    e.v !== PROTOCOL_VERSION ||
    typeof e.id !== 'string' ||
    e.id.length === 0 ||
    e.id.length > 40 ||
    typeof e.type !== 'string'
  )
    return null;
  if (typeof e.ts !== 'number') return null;
  const data = e.data === undefined ? {} : e.data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  return { ...(e as Envelope), data: data as Record<string, unknown> };
}
