import { asc, inArray } from 'drizzle-orm';
import {
  errorMessage,
  expandIdRange,
  isDeviceId,
  type DeviceType,
  type ErrorName,
  type Lang,
  type MoveFailReason,
  type MovementReport,
} from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { nameAuditTarget, nameAuditTargets } from '../../platform/audit/target.js';
import { astDevice, astMovement } from './tables.js';

/*
 * What the stock's parts share (stock.service.ts names the parts): who moves, what a movement
 * names, its report in the caller's language, the devices' row lock and the movement record.
 */

/** Who moved devices: the signed-in account (null for the server itself). */
export interface Actor {
  id: number | null;
  name: string;
}

/** A device going into or out of an outlet, as the outlet module names it. */
export interface DeviceInOutlet {
  deviceId: string;
  deviceType: DeviceType;
  /** The model its own module knows (cables and chargers have one; cabinets none: theirs is the asset's). */
  modelId?: number | null;
  outletId: number;
  reason?: string;
}

/** The devices of a movement: a list, or a range already checked by the contract. */
export type DeviceList = { ids?: string[]; startId?: string; endId?: string };

/** A movement's operation-log entry names its devices: the codes as listed, or the range. */
export function nameDevices(list: DeviceList): void {
  if (list.ids) nameAuditTargets(list.ids);
  else nameAuditTarget(`${list.startId} – ${list.endId}`);
}

export const FAIL_ERRORS: Record<MoveFailReason, ErrorName> = {
  nonStandard: 'DEVICE_CODE_BAD',
  duplicate: 'DEVICE_CODE_DUPLICATE',
  notInStock: 'DEVICE_NOT_IN_STOCK',
  alreadyInStock: 'DEVICE_ALREADY_IN_STOCK',
  alreadyInBusiness: 'DEVICE_IN_BUSINESS',
  agentDevice: 'AGENT_DEVICE',
  pendingAudit: 'PENDING_AUDIT',
  noModel: 'NO_MODEL',
  wrongDeviceType: 'DEVICE_TYPE_WRONG',
  notFound: 'DEVICE_UNKNOWN',
};

export type DeviceRow = typeof astDevice.$inferSelect;

/** Collects a movement's failures in the caller's language, in the order the caller named the devices. */
export class Report {
  readonly failures: MovementReport['failures'] = [];
  constructor(
    private readonly lang: Lang,
    readonly total: number,
  ) {}
  fail(id: string, reason: MoveFailReason): void {
    this.failures.push({ id, reason, msg: errorMessage(FAIL_ERRORS[reason], this.lang) });
  }
  done(successes: number, order: string[]): MovementReport {
    const at = new Map(order.map((id, i) => [id, i] as const));
    const failures = [...this.failures].sort((a, b) => (at.get(a.id) ?? 0) - (at.get(b.id) ?? 0));
    return { total: this.total, successes, failures };
  }
}

/**
 * Splits what the caller named into well-formed, distinct IDs (upper-cased) and failures
 * (non-standard for the kind, repeated). `type` null: any kind's rule (take out, dispatch).
 */
export function sortIds(
  list: DeviceList,
  type: DeviceType | null,
  report: Report,
): { wanted: string[]; order: string[] } {
  const raw = list.ids ?? expandIdRange(list.startId!, list.endId!);
  const wanted: string[] = [];
  const seen = new Set<string>();
  const order: string[] = [];
  for (const r of raw) {
    const id = r.trim().toUpperCase();
    order.push(id);
    const ok = type ? isDeviceId(id, type) : isDeviceId(id, 'cabinet') || isDeviceId(id, 'powerBank');
    if (!ok) report.fail(id, 'nonStandard');
    else if (seen.has(id)) report.fail(id, 'duplicate');
    else {
      seen.add(id);
      wanted.push(id);
    }
  }
  return { wanted, order };
}

/** Why a device known to the assets cannot leave (or enter) where it is, before its state is looked at. */
export function heldReason(d: DeviceRow): MoveFailReason | null {
  if (d.agentId !== null) return 'agentDevice';
  if (d.pendingApplicationId !== null) return 'pendingAudit';
  return null;
}

/** The known devices among `ids`, locked until the transaction ends (in ID order, so two batches never deadlock). */
export async function lockDevices(tx: Db, ids: string[]): Promise<Map<string, DeviceRow>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select()
    .from(astDevice)
    .where(inArray(astDevice.deviceId, ids))
    .orderBy(asc(astDevice.deviceId))
    .for('update');
  return new Map(rows.map((r) => [r.deviceId, r]));
}

/** Movement rows, written in parts of 500. */
export async function recordMovements(tx: Db, rows: (typeof astMovement.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await tx.insert(astMovement).values(rows.slice(i, i + 500));
}
