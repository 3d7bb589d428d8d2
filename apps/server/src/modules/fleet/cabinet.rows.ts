import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type CabinetItem, type NetMode, type OnlineReason, type SlotFault, type SlotItem } from '@cbo/contract';
import { rowFromSql, type Db } from '../../platform/db/database.js';
import { devCabinet, devSetting, devSlot } from './tables.js';

/*
 * A cabinet's row and how the console sees it, the fleet key and a cabinet's secret: what the
 * cabinet service, the reports and the slot state share.
 */

/** Heartbeat interval a cabinet is told, and assumed, until it reports its own. */
export const DEFAULT_HEARTBEAT_SEC = 60;
/** Offline after this many heartbeat intervals without any message (protocol.md). */
export const MISSED_HEARTBEATS = 3;

export type CabinetRow = typeof devCabinet.$inferSelect;

/** A dev_cabinet row as raw SQL returns it (`returning c.*`), in Drizzle's shape. */
export const cabinetRowFromSql = (raw: Record<string, unknown>): CabinetRow => rowFromSql(devCabinet, raw);

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The fleet key: DEVICE_SECRET, or one generated once and kept in the database. */
export async function loadFleetKey(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(devSetting)
    .values({ key: 'deviceSecret', value: crypto.randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(devSetting).where(eq(devSetting.key, 'deviceSecret'));
  return row!.value;
}

/** A cabinet's MQTT password: base64url(HMAC-SHA256(key, SN)), first 32 characters. */
export function deriveSecret(key: string, sn: string): string {
  return crypto.createHmac('sha256', key).update(sn).digest('base64url').slice(0, 32);
}

export function toItem(r: CabinetRow): CabinetItem {
  return {
    sn: r.sn,
    online: r.online,
    connection: r.online ? 'online' : r.onlineChangedAt ? 'offline' : 'neverConnected',
    onlineReason: (r.onlineReason as OnlineReason | null) ?? null,
    imei: r.imei,
    iccid: r.iccid,
    firmwareMain: r.firmwareMain,
    firmwareBoard: r.firmwareBoard,
    model: r.model,
    hwVersion: r.hwVersion,
    csq: r.csq,
    netMode: (r.netMode as NetMode | null) ?? null,
    slots: r.slotCount,
    freeSlots: r.freeSlots,
    powerBanks: r.powerBanks,
    chargedPowerBanks: r.chargedPowerBanks,
    batteryAvg: r.batteryAvg,
    faultSlots: r.faultSlots,
    host: r.host,
    port: r.port,
    connectedVia: r.connectedVia,
    heartbeatSec: r.heartbeatSec,
    ftpHost: r.ftpHost,
    ftpPort: r.ftpPort,
    ftpUser: r.ftpUser,
    bound: r.outletId !== null,
    outletName: null,
    lastHeartbeatAt: iso(r.lastHeartbeatAt),
    onlineChangedAt: iso(r.onlineChangedAt),
    registeredAt: iso(r.registeredAt),
    stockedInAt: r.stockedInAt.toISOString(),
  };
}

export function toSlotItem(r: typeof devSlot.$inferSelect): SlotItem {
  return {
    slot: r.slot,
    powerBankId: r.powerBankId,
    battery: r.battery,
    locked: r.locked,
    fault: r.fault as SlotFault | null,
    charging: r.charging,
    updatedAt: r.updatedAt.toISOString(),
  };
}
