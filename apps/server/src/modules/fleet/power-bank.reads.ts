import { and, asc, count, desc, ilike, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { type PowerBankFilter, type PowerBankItem, type PowerBankQuery, type SlotFault } from '@cbo/contract';
import { type Db } from '../../platform/db/database.js';
import { escapeLike } from '../../platform/db/paging.js';
import { devPowerBank } from './tables.js';
import { chargedSql } from './overview-conditions.js';

/** The power banks' list (the fleet's power-bank screen). */
export class PowerBankReads {
  constructor(
    private readonly db: Db,
    /** Each power bank's leases (rentals ended, minutes from rent to return), from the orders: the fleet's late need. */
    private readonly leases: (powerBankIds: string[]) => Promise<Map<string, { count: number; minutes: number }>>,
  ) {}

  private pbWhere(f: PowerBankFilter): SQL | undefined {
    const c: SQL[] = [];
    if (f.powerBankId) c.push(ilike(devPowerBank.powerBankId, `%${escapeLike(f.powerBankId)}%`));
    if (f.sn) c.push(ilike(devPowerBank.sn, `%${escapeLike(f.sn)}%`));
    if (f.inCabinet !== undefined) c.push(f.inCabinet ? isNotNull(devPowerBank.sn) : isNull(devPowerBank.sn));
    if (f.charged !== undefined) c.push(chargedSql(f.charged));
    return c.length ? and(...c) : undefined;
  }

  async powerBankCount(f: PowerBankFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(devPowerBank).where(this.pbWhere(f));
    return Number(r!.n);
  }

  async powerBankRows(
    q: PowerBankFilter & Partial<Pick<PowerBankQuery, 'orderBy' | 'order'>>,
    offset: number,
    limit: number,
  ): Promise<PowerBankItem[]> {
    const col = q.orderBy ? devPowerBank[q.orderBy] : devPowerBank.powerBankId;
    const dir = q.order === 'descend' ? desc : asc;
    const rows = await this.db
      .select()
      .from(devPowerBank)
      .where(this.pbWhere(q))
      .orderBy(sql`${dir(col)} nulls last`, asc(devPowerBank.powerBankId))
      .limit(limit)
      .offset(offset);
    const leases = await this.leases(rows.map((r) => r.powerBankId));
    return rows.map((r) => ({
      powerBankId: r.powerBankId,
      sn: r.sn,
      slot: r.slot,
      battery: r.battery,
      charging: r.charging,
      locked: r.locked,
      fault: r.fault as SlotFault | null,
      leaseCount: leases.get(r.powerBankId)?.count ?? 0,
      leaseMinutes: leases.get(r.powerBankId)?.minutes ?? 0,
      ejectFailures: r.ejectFailures,
      lastCabinetSn: r.lastCabinetSn,
      firstSeenAt: r.firstSeenAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }));
  }
}
