import { and, asc, count, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import { nameAuditTarget } from '../../platform/audit/target.js';
import type { ProblemTypeFilter, ProblemTypeItem } from '@cbo/contract';
import { isUniqueViolation, type Db } from '../../platform/db/database.js';
import { escapeLike } from '../../platform/db/paging.js';
import { AppError } from '../../platform/http/app-error.js';
import { sysProblemType } from './tables.js';

/** Problem types of repair tickets and feedback (in use or deleted; deleting marks). */
export class ProblemTypeService {
  constructor(private readonly db: Db) {}

  private where(f: ProblemTypeFilter): SQL | undefined {
    const conds: SQL[] = [];
    if (f.name) conds.push(ilike(sysProblemType.name, `%${escapeLike(f.name)}%`));
    if (f.status) conds.push(eq(sysProblemType.status, f.status));
    return conds.length ? and(...conds) : undefined;
  }

  async count(f: ProblemTypeFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(sysProblemType).where(this.where(f));
    return Number(r!.n);
  }

  async rows(f: ProblemTypeFilter, offset: number, limit: number): Promise<ProblemTypeItem[]> {
    const rows = await this.db
      .select()
      .from(sysProblemType)
      .where(this.where(f))
      // In use first, then by the order staff gave them.
      .orderBy(desc(sql`${sysProblemType.status} = 'inUse'`), asc(sysProblemType.sort), asc(sysProblemType.id))
      .limit(limit)
      .offset(offset);
    return rows.map(item);
  }

  /**
   * A name is unique among types in use (case-insensitive). The read below gives the usual answer;
   * two saves at the same moment are decided by the partial unique index, answered the same way.
   * Only a type still in use is changed: the update itself checks it.
   */
  async save(req: { id?: number; name: string; sort: number; remark: string }): Promise<ProblemTypeItem> {
    nameAuditTarget(req.name);
    return this.saveChecked(req).catch((e: unknown) => {
      throw isUniqueViolation(e) ? new AppError('PROBLEM_TYPE_NAME_TAKEN') : e;
    });
  }

  private async saveChecked(req: {
    id?: number;
    name: string;
    sort: number;
    remark: string;
  }): Promise<ProblemTypeItem> {
    return this.db.transaction(async (tx) => {
      const clash = await tx
        .select({ id: sysProblemType.id })
        .from(sysProblemType)
        .where(
          and(
            sql`lower(${sysProblemType.name}) = lower(${req.name})`,
            eq(sysProblemType.status, 'inUse'),
            req.id ? ne(sysProblemType.id, req.id) : undefined,
          ),
        );
      if (clash.length) throw new AppError('PROBLEM_TYPE_NAME_TAKEN');
      if (req.id === undefined) {
        const [row] = await tx
          .insert(sysProblemType)
          .values({ name: req.name, sort: req.sort, remark: req.remark })
          .returning();
        return item(row!);
      }
      const [row] = await tx
        .update(sysProblemType)
        .set({ name: req.name, sort: req.sort, remark: req.remark, updatedAt: new Date() })
        .where(and(eq(sysProblemType.id, req.id), eq(sysProblemType.status, 'inUse')))
        .returning();
      if (row) return item(row);
      const [current] = await tx
        .select({ id: sysProblemType.id })
        .from(sysProblemType)
        .where(eq(sysProblemType.id, req.id));
      throw new AppError(current ? 'PROBLEM_TYPE_DELETED' : 'NOT_FOUND');
    });
  }

  /** Marks a type in use deleted; a conditional update, so two deletes at once: one succeeds. */
  async delete(id: number): Promise<null> {
    const done = await this.db
      .update(sysProblemType)
      .set({ status: 'deleted', updatedAt: new Date() })
      .where(and(eq(sysProblemType.id, id), eq(sysProblemType.status, 'inUse')))
      .returning({ id: sysProblemType.id, name: sysProblemType.name });
    nameAuditTarget(done[0]?.name);
    if (done.length) return null;
    const [current] = await this.db
      .select({ id: sysProblemType.id })
      .from(sysProblemType)
      .where(eq(sysProblemType.id, id));
    throw new AppError(current ? 'PROBLEM_TYPE_DELETED' : 'NOT_FOUND');
  }
}

function item(r: typeof sysProblemType.$inferSelect): ProblemTypeItem {
  return {
    id: r.id,
    name: r.name,
    sort: r.sort,
    remark: r.remark,
    status: r.status as ProblemTypeItem['status'],
    createTime: r.createdAt.toISOString(),
    updateTime: r.updatedAt.toISOString(),
  };
}
