import { and, asc, count, eq, ilike, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { devCabinet, devPowerBank } from './tables.js';

/** A cabinet as an outlet lists its devices. */
export interface BoundCabinet {
  sn: string;
  deviceType: 'cabinet';
  online: boolean;
  powerBanks: number;
  slots: number | null;
}

const asItem = (r: { sn: string; online: boolean; powerBanks: number; slotCount: number | null }): BoundCabinet => ({
  sn: r.sn,
  deviceType: 'cabinet',
  online: r.online,
  powerBanks: r.powerBanks,
  slots: r.slotCount,
});

/**
 * Which outlet a cabinet stands in. The binding is the cabinet's own column, changed only by
 * conditional updates: a bind happens only when the cabinet is bound to nothing, so among binds
 * arriving together exactly one wins; an unbind only when it is bound.
 */
export class CabinetBinding {
  readonly type = 'cabinet' as const;
  constructor(private readonly db: Db) {}

  async bind(sn: string, outletId: number): Promise<'bound' | 'alreadyBound' | 'notFound'> {
    const done = await this.db
      .update(devCabinet)
      .set({ outletId })
      .where(and(eq(devCabinet.sn, sn), isNull(devCabinet.outletId)))
      .returning({ sn: devCabinet.sn });
    if (done.length) return 'bound';
    return (await this.outletOf(sn)) === undefined ? 'notFound' : 'alreadyBound';
  }

  async unbind(sn: string): Promise<{ outletId: number } | 'notBound' | 'notFound'> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ outletId: devCabinet.outletId })
        .from(devCabinet)
        .where(eq(devCabinet.sn, sn))
        .for('update');
      if (!row) return 'notFound';
      if (row.outletId === null) return 'notBound';
      await tx.update(devCabinet).set({ outletId: null }).where(eq(devCabinet.sn, sn));
      return { outletId: row.outletId };
    });
  }

  async outletOf(sn: string): Promise<number | null | undefined> {
    const [row] = await this.db.select({ outletId: devCabinet.outletId }).from(devCabinet).where(eq(devCabinet.sn, sn));
    return row ? row.outletId : undefined;
  }

  /** The SNs of these that are cabinets the fleet knows (one read; order separation's rules name cabinets). */
  async knownCabinets(sns: string[]): Promise<Set<string>> {
    if (!sns.length) return new Set();
    const rows = await this.db.select({ sn: devCabinet.sn }).from(devCabinet).where(inArray(devCabinet.sn, sns));
    return new Set(rows.map((r) => r.sn));
  }

  async countByOutlet(outletIds: number[]): Promise<Map<number, number>> {
    if (!outletIds.length) return new Map();
    const rows = await this.db
      .select({ outletId: devCabinet.outletId, n: count() })
      .from(devCabinet)
      .where(inArray(devCabinet.outletId, outletIds))
      .groupBy(devCabinet.outletId);
    return new Map(rows.map((r) => [r.outletId!, Number(r.n)]));
  }

  async devicesOf(outletId: number): Promise<BoundCabinet[]> {
    const rows = await this.db
      .select({
        sn: devCabinet.sn,
        online: devCabinet.online,
        powerBanks: devCabinet.powerBanks,
        slotCount: devCabinet.slotCount,
      })
      .from(devCabinet)
      .where(eq(devCabinet.outletId, outletId))
      .orderBy(asc(devCabinet.sn));
    return rows.map(asItem);
  }

  async unbound(text: string | undefined, limit: number): Promise<BoundCabinet[]> {
    const rows = await this.db
      .select({
        sn: devCabinet.sn,
        online: devCabinet.online,
        powerBanks: devCabinet.powerBanks,
        slotCount: devCabinet.slotCount,
      })
      .from(devCabinet)
      .where(and(isNull(devCabinet.outletId), text ? ilike(devCabinet.sn, containing(text)) : undefined))
      .orderBy(asc(devCabinet.sn))
      .limit(limit);
    return rows.map(asItem);
  }

  /** Unbinds every cabinet of these outlets; answers which stood where (for their removal records). */
  async unbindAll(outletIds: number[]): Promise<{ sn: string; outletId: number }[]> {
    if (!outletIds.length) return [];
    const before = await this.db
      .select({ sn: devCabinet.sn, outletId: devCabinet.outletId })
      .from(devCabinet)
      .where(inArray(devCabinet.outletId, outletIds))
      .for('update');
    if (!before.length) return [];
    await this.db
      .update(devCabinet)
      .set({ outletId: null })
      .where(and(isNotNull(devCabinet.outletId), inArray(devCabinet.outletId, outletIds)));
    return before.map((r) => ({ sn: r.sn, outletId: r.outletId! }));
  }

  /** True when the code is a power bank's: power banks are never bound to outlets. */
  async isPowerBank(code: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: devPowerBank.powerBankId })
      .from(devPowerBank)
      .where(eq(devPowerBank.powerBankId, code));
    return Boolean(row);
  }
}
