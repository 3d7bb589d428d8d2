import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { SupplierFilter, SupplierItem, SupplierSave, SupplierStatus } from '@cbo/contract';
import { isUniqueViolation, type Db } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { AppError } from '../../platform/http/app-error.js';
import { astSupplier } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

/** Suppliers devices are bought from. A factory code is unique (its unique index decides saves made together). */
export class SupplierService {
  constructor(private readonly db: Db) {}

  private where(f: SupplierFilter): SQL | undefined {
    const c: SQL[] = [];
    if (f.shortName) c.push(ilike(astSupplier.shortName, containing(f.shortName)));
    if (f.factoryCode) c.push(ilike(astSupplier.factoryCode, containing(f.factoryCode)));
    if (f.status) c.push(eq(astSupplier.status, f.status));
    return c.length ? and(...c) : undefined;
  }

  async count(f: SupplierFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(astSupplier).where(this.where(f));
    return Number(r!.n);
  }

  async rows(f: SupplierFilter, offset: number, limit: number): Promise<SupplierItem[]> {
    const rows = await this.db
      .select()
      .from(astSupplier)
      .where(this.where(f))
      .orderBy(desc(astSupplier.createdAt), desc(astSupplier.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => ({
      id: r.id,
      shortName: r.shortName,
      factoryCode: r.factoryCode,
      companyName: r.companyName,
      status: r.status as SupplierStatus,
      personInCharge: r.personInCharge,
      area: r.area,
      createTime: r.createdAt.toISOString(),
    }));
  }

  async save(req: SupplierSave): Promise<{ id: number }> {
    const values = {
      shortName: req.shortName,
      factoryCode: req.factoryCode,
      companyName: req.companyName,
      ...(req.personInCharge !== undefined ? { personInCharge: req.personInCharge } : {}),
      ...(req.area !== undefined ? { area: req.area } : {}),
    };
    nameAuditTarget(req.shortName);
    try {
      if (req.id === undefined) {
        const [row] = await this.db.insert(astSupplier).values(values).returning({ id: astSupplier.id });
        return { id: row!.id };
      }
      const done = await this.db
        .update(astSupplier)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(astSupplier.id, req.id))
        .returning({ id: astSupplier.id });
      if (!done.length) throw new AppError('NOT_FOUND');
      return { id: req.id };
    } catch (e) {
      throw isUniqueViolation(e) ? new AppError('SUPPLIER_CODE_TAKEN') : e;
    }
  }

  async setStatus(id: number, status: SupplierStatus): Promise<null> {
    const done = await this.db
      .update(astSupplier)
      .set({ status, updatedAt: new Date() })
      .where(eq(astSupplier.id, id))
      .returning({ shortName: astSupplier.shortName });
    if (!done.length) throw new AppError('NOT_FOUND');
    nameAuditTarget(done[0]!.shortName);
    return null;
  }
}
