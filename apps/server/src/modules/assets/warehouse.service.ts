import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type {
  WarehouseFilter,
  WarehouseItem,
  WarehouseQuery,
  WarehouseSave,
  WarehouseStatus,
  WarehouseType,
} from '@cbo/contract';
import { isUniqueViolation, type Db } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { AppError } from '../../platform/http/app-error.js';
import { astDevice, astWarehouse } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

/** Devices in stock in a warehouse now: its load, counted from the assets, never stored. */
const load =
  sql<number>`(select count(*) from ${astDevice} where ${astDevice.warehouseId} = ${astWarehouse.id} and ${astDevice.state} = 'inStock')`.mapWith(
    Number,
  );

/** Warehouses. A name is unique (case-insensitive, by its unique index); only an empty warehouse pauses. */
export class WarehouseService {
  constructor(
    private readonly db: Db,
    /** The regions of area management (the network module's, a late need). */
    private readonly regions: { names(ids: number[]): Promise<Map<number, string>> },
  ) {}

  private where(f: WarehouseFilter): SQL | undefined {
    const c: SQL[] = [];
    if (f.name) c.push(ilike(astWarehouse.name, containing(f.name)));
    if (f.type) c.push(eq(astWarehouse.type, f.type));
    if (f.status) c.push(eq(astWarehouse.status, f.status));
    if (f.area) c.push(ilike(astWarehouse.area, containing(f.area)));
    if (f.regionId) c.push(eq(astWarehouse.regionId, f.regionId));
    return c.length ? and(...c) : undefined;
  }

  async count(f: WarehouseFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(astWarehouse).where(this.where(f));
    return Number(r!.n);
  }

  async rows(
    q: WarehouseFilter & Pick<WarehouseQuery, 'orderBy' | 'order'>,
    offset: number,
    limit: number,
  ): Promise<WarehouseItem[]> {
    const col = q.orderBy === 'name' ? astWarehouse.name : q.orderBy === 'load' ? load : astWarehouse.createdAt;
    const rows = await this.db
      .select({ w: astWarehouse, load })
      .from(astWarehouse)
      .where(this.where(q))
      .orderBy((q.order === 'ascend' ? asc : desc)(col), desc(astWarehouse.id))
      .limit(limit)
      .offset(offset);
    const wanted = [...new Set(rows.map((r) => r.w.regionId).filter((v): v is number => v !== null))];
    const names = wanted.length ? await this.regions.names(wanted) : new Map<number, string>();
    return rows.map(({ w, load: n }) => ({
      id: w.id,
      name: w.name,
      type: w.type as WarehouseType,
      area: w.area,
      regionId: w.regionId,
      regionName: w.regionId === null ? null : (names.get(w.regionId) ?? null),
      manager: w.manager,
      address: w.address,
      load: n,
      status: w.status as WarehouseStatus,
      createTime: w.createdAt.toISOString(),
    }));
  }

  async options(): Promise<{ id: number; name: string; type: WarehouseType }[]> {
    const rows = await this.db
      .select()
      .from(astWarehouse)
      .where(eq(astWarehouse.status, 'normal'))
      .orderBy(asc(astWarehouse.name))
      .limit(1000);
    return rows.map((r) => ({ id: r.id, name: r.name, type: r.type as WarehouseType }));
  }

  async save(req: WarehouseSave): Promise<{ id: number }> {
    nameAuditTarget(req.name);
    const values = {
      name: req.name,
      type: req.type,
      ...(req.area !== undefined ? { area: req.area } : {}),
      ...(req.regionId !== undefined ? { regionId: req.regionId } : {}),
      ...(req.manager !== undefined ? { manager: req.manager } : {}),
      ...(req.address !== undefined ? { address: req.address } : {}),
    };
    if (req.regionId && !(await this.regions.names([req.regionId])).has(req.regionId))
      throw new AppError('WAREHOUSE_REGION_UNKNOWN');
    try {
      if (req.id === undefined) {
        const [row] = await this.db.insert(astWarehouse).values(values).returning({ id: astWarehouse.id });
        return { id: row!.id };
      }
      const done = await this.db
        .update(astWarehouse)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(astWarehouse.id, req.id))
        .returning({ id: astWarehouse.id });
      if (!done.length) throw new AppError('NOT_FOUND');
      return { id: req.id };
    } catch (e) {
      throw isUniqueViolation(e) ? new AppError('WAREHOUSE_NAME_TAKEN') : e;
    }
  }

  /**
   * Pausing needs an empty warehouse: one conditional update. Movements into a warehouse hold a
   * share lock on its row (`usable`), so a pause and a put-in never both pass.
   */
  async setStatus(id: number, status: WarehouseStatus): Promise<null> {
    const empty = sql`not exists (select 1 from ${astDevice} where ${astDevice.warehouseId} = ${id} and (${astDevice.state} = 'inStock' or ${astDevice.pendingApplicationId} is not null))`;
    const done = await this.db
      .update(astWarehouse)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(astWarehouse.id, id), status === 'paused' ? empty : undefined))
      .returning({ name: astWarehouse.name });
    nameAuditTarget(done[0]?.name);
    if (done.length) return null;
    const [current] = await this.db.select({ id: astWarehouse.id }).from(astWarehouse).where(eq(astWarehouse.id, id));
    throw new AppError(current ? 'WAREHOUSE_NOT_EMPTY' : 'NOT_FOUND');
  }

  /** A warehouse devices may enter or leave now (exists, status normal), its row share-locked until the transaction ends. */
  async usable(id: number): Promise<{ id: number; name: string }> {
    const [w] = await this.db
      .select({ id: astWarehouse.id, name: astWarehouse.name, status: astWarehouse.status })
      .from(astWarehouse)
      .where(eq(astWarehouse.id, id))
      .for('share');
    if (!w) throw new AppError('NOT_FOUND');
    if (w.status !== 'normal') throw new AppError('WAREHOUSE_PAUSED');
    return { id: w.id, name: w.name };
  }
}
