import { and, count, eq, ilike, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { CableFilter } from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import type { accBluetooth, accCable } from './tables.js';

/*
 * The cable list and the charger list filter alike (the contract's bluetoothFilter is its
 * cableFilter): part of the device ID, the model, bound to an outlet or not. One place for both.
 */

type DeviceTable = typeof accCable | typeof accBluetooth;

/** The list's conditions on a cable or charger table. */
export function deviceWhere(t: DeviceTable, f: CableFilter): SQL | undefined {
  const c: SQL[] = [];
  if (f.deviceId) c.push(ilike(t.id, containing(f.deviceId)));
  if (f.modelId) c.push(eq(t.modelId, f.modelId));
  if (f.bound !== undefined) c.push(f.bound ? isNotNull(t.outletId) : isNull(t.outletId));
  return c.length ? and(...c) : undefined;
}

/** How many devices of the table the filter keeps. */
export async function deviceCount(db: Db, t: DeviceTable, f: CableFilter): Promise<number> {
  const [r] = await db.select({ n: count() }).from(t).where(deviceWhere(t, f));
  return Number(r!.n);
}
