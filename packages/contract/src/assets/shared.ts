import { z } from 'zod';

/** The kinds of device a business owns; each model is of one kind, each device has one model. */
export const DEVICE_TYPES = ['cabinet', 'powerBank', 'cable', 'bluetoothCharger'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const sortOrder = z.enum(['ascend', 'descend']).optional();

/** A cabinet's ID: 4 letters and 12 or 13 digits. Every other device: 4 letters and 13 digits. Upper-cased. */
export const CABINET_ID_RE = /^[A-Z]{4}\d{12,13}$/;
export const DEVICE_ID_RE = /^[A-Z]{4}\d{13}$/;

/** Whether an ID (already trimmed and upper-cased) is well formed for a kind of device. */
export function isDeviceId(id: string, type: DeviceType): boolean {
  return (type === 'cabinet' ? CABINET_ID_RE : DEVICE_ID_RE).test(id);
}

/** One stock movement (put in, take out, dispatch request) names at most this many devices. */
export const MOVEMENT_MAX = 500;
/** An Excel list of devices: at most 500 KB, xlsx (legacy xls is refused, docs/decisions/console-conventions.md). */
export const STOCK_EXCEL_MAX_BYTES = 500 * 1024;

/**
 * What is wrong with an ID range, as a message key, or null: both well formed, the same length
 * and letters, start not above end, at most MOVEMENT_MAX devices.
 */
export function idRangeProblem(start: string, end: string): string | null {
  // Only well-formed ends are counted (a malformed one must not reach BigInt, which throws).
  if (!RANGE_END_RE.test(start) || !RANGE_END_RE.test(end)) return 'rule.deviceId';
  if (start.length !== end.length) return 'rule.idRangeLength';
  if (start.slice(0, 4) !== end.slice(0, 4)) return 'rule.idRangePrefix';
  const a = BigInt(start.slice(4));
  const b = BigInt(end.slice(4));
  if (a > b) return 'rule.idRangeOrder';
  if (b - a + 1n > BigInt(MOVEMENT_MAX)) return 'rule.movementMax';
  return null;
}

/** Every ID of a (valid) range, in order, keeping the digits' width. */
export function expandIdRange(start: string, end: string): string[] {
  const prefix = start.slice(0, 4);
  const width = start.length - 4;
  const a = BigInt(start.slice(4));
  const b = BigInt(end.slice(4));
  const out: string[] = [];
  for (let n = a; n <= b; n++) out.push(prefix + n.toString().padStart(width, '0'));
  return out;
}

/** A loosely checked device ID as typed (the strict rule depends on the kind, checked per device). */
export const deviceIdText = z.string().trim().toUpperCase().max(40);
/** A range end: letters and digits, checked against the kind's rule with the other end. */
/** What a range end looks like, for any kind (its kind's own rule is checked per device). */
export const RANGE_END_RE = /^[A-Z]{4}\d{12,13}$/;
export const rangeEnd = z.string().trim().toUpperCase().regex(RANGE_END_RE, { error: 'rule.deviceId' });
