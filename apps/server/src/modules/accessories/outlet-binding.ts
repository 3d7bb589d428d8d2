import { AppError } from '../../platform/http/app-error.js';
import { and, asc, count, eq, ilike, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { accBluetooth, accCable } from './tables.js';

/** A cable or a charger as an outlet lists its devices (no network: no online state, no slots). */
export interface BoundAccessory {
  sn: string;
  deviceType: 'cable' | 'bluetooth';
  online: null;
  powerBanks: null;
  slots: null;
}

type Table = typeof accCable | typeof accBluetooth;

/**
 * Which outlet a cable or a Bluetooth charger is in: the device row's own `outlet_id`, given to the
 * outlet module as a binder (app.ts), the way fleet gives its cabinets'. A bind is one conditional
 * update (`where outlet_id is null`), so among binds arriving together exactly one wins; an unbind
 * locks the row. Codes are the devices' IDs, upper case.
 */
export class AccessoryBinding {
  constructor(
    private readonly db: Db,
    private readonly table: Table,
    readonly type: 'cable' | 'bluetooth',
  ) {}

  private item = (sn: string): BoundAccessory => ({
    sn,
    deviceType: this.type,
    online: null,
    powerBanks: null,
    slots: null,
  });

  async bind(sn: string, outletId: number): Promise<'bound' | 'alreadyBound' | 'notFound'> {
    const t = this.table;
    const id = sn.trim().toUpperCase();
    const done = await this.db
      .update(t)
      .set({ outletId, updatedAt: new Date() })
      .where(and(eq(t.id, id), isNull(t.outletId)))
      .returning({ id: t.id });
    if (done.length) return 'bound';
    return (await this.outletOf(id)) === undefined ? 'notFound' : 'alreadyBound';
  }

  /**
   * Deletes the cable or charger while it is bound to no outlet, in one conditional statement
   * (spec 5: a bound device cannot be deleted directly). Its issued codes and orders keep its code.
   */
  async delete(sn: string): Promise<'deleted' | 'absent'> {
    const t = this.table;
    const id = sn.trim().toUpperCase();
    const gone = await this.db
      .delete(t)
      .where(and(eq(t.id, id), isNull(t.outletId)))
      .returning({ id: t.id });
    if (gone.length) return 'deleted';
    if ((await this.outletOf(id)) === undefined) return 'absent';
    throw new AppError('DEVICE_BOUND_DELETE');
  }

  async unbind(sn: string): Promise<{ outletId: number } | 'notBound' | 'notFound'> {
    const t = this.table;
    const id = sn.trim().toUpperCase();
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select({ outletId: t.outletId }).from(t).where(eq(t.id, id)).for('update');
      if (!row) return 'notFound';
      if (row.outletId === null) return 'notBound';
      await tx.update(t).set({ outletId: null, updatedAt: new Date() }).where(eq(t.id, id));
      return { outletId: row.outletId };
    });
  }

  async outletOf(sn: string): Promise<number | null | undefined> {
    const t = this.table;
    const [row] = await this.db.select({ outletId: t.outletId }).from(t).where(eq(t.id, sn.trim().toUpperCase()));
    return row ? row.outletId : undefined;
  }

  /** The device's model (every cable and charger has one), for its asset record. */
  async modelOf(sn: string): Promise<number | null> {
    const t = this.table;
    const [row] = await this.db.select({ modelId: t.modelId }).from(t).where(eq(t.id, sn.trim().toUpperCase()));
    return row?.modelId ?? null;
  }

  async countByOutlet(outletIds: number[]): Promise<Map<number, number>> {
    const t = this.table;
    if (!outletIds.length) return new Map();
    const rows = await this.db
      .select({ outletId: t.outletId, n: count() })
      .from(t)
      .where(inArray(t.outletId, outletIds))
      .groupBy(t.outletId);
    return new Map(rows.map((r) => [r.outletId!, Number(r.n)]));
  }

  async devicesOf(outletId: number): Promise<BoundAccessory[]> {
    const t = this.table;
    const rows = await this.db.select({ id: t.id }).from(t).where(eq(t.outletId, outletId)).orderBy(asc(t.id));
    return rows.map((r) => this.item(r.id));
  }

  async unbound(text: string | undefined, limit: number): Promise<BoundAccessory[]> {
    const t = this.table;
    const rows = await this.db
      .select({ id: t.id })
      .from(t)
      .where(and(isNull(t.outletId), text ? ilike(t.id, containing(text)) : undefined))
      .orderBy(asc(t.id))
      .limit(limit);
    return rows.map((r) => this.item(r.id));
  }

  async unbindAll(outletIds: number[]): Promise<{ sn: string; outletId: number }[]> {
    const t = this.table;
    if (!outletIds.length) return [];
    const before = await this.db
      .select({ sn: t.id, outletId: t.outletId })
      .from(t)
      .where(inArray(t.outletId, outletIds))
      .for('update');
    if (!before.length) return [];
    await this.db
      .update(t)
      .set({ outletId: null, updatedAt: new Date() })
      .where(and(isNotNull(t.outletId), inArray(t.outletId, outletIds)));
    return before.map((r) => ({ sn: r.sn, outletId: r.outletId! }));
  }
}

/** Names of outlets by id (missing ids left out): the outlet module's, a late need (it is built after this one). */
export class OutletNames {
  constructor(private readonly lookup: (ids: number[]) => Promise<Map<number, string>>) {}
  async of(ids: (number | null)[]): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((v): v is number => v !== null))];
    return wanted.length ? this.lookup(wanted) : new Map();
  }
}
