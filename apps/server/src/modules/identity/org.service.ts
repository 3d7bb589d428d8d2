import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { nameAuditTarget } from '../../platform/audit/target.js';
import type { OrgNode, OrgSaveRequest } from '@cbo/contract';
import { isUniqueViolation, query, type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { sysAccount, sysOrg } from './tables.js';

/** Departments: a tree; an account belongs to one; the personnel list filters by subtree. */
export class OrgService {
  constructor(private readonly db: Db) {}

  async tree(): Promise<OrgNode[]> {
    const rows = await this.db.select().from(sysOrg).orderBy(asc(sysOrg.orderNum), asc(sysOrg.id));
    const counts = await query<{ org_id: number; n: number }>(
      this.db,
      sql`
      select org_id, count(*)::int as n from sys_account where org_id is not null group by org_id`,
    );
    const countOf = new Map(counts.map((c) => [Number(c.org_id), Number(c.n)]));
    const nodes = new Map<number, OrgNode>(
      rows.map((r) => [
        r.id,
        {
          id: r.id,
          parentId: r.parentId,
          name: r.name,
          orderNum: r.orderNum,
          accountCount: countOf.get(r.id) ?? 0,
          children: [],
        },
      ]),
    );
    const roots: OrgNode[] = [];
    for (const n of nodes.values()) {
      const parent = n.parentId ? nodes.get(n.parentId) : undefined;
      if (parent) parent.children.push(n);
      else roots.push(n);
    }
    return roots;
  }

  /** The department and every department below it. */
  async subtreeIds(id: number): Promise<number[]> {
    const rows = await query<{ id: number }>(
      this.db,
      sql`
      with recursive t(id) as (select id from sys_org where id = ${id}
        union all select o.id from sys_org o join t on o.parent_id = t.id)
      select id from t`,
    );
    return rows.map((r) => Number(r.id));
  }

  async exists(id: number): Promise<boolean> {
    return (await this.db.select({ id: sysOrg.id }).from(sysOrg).where(eq(sysOrg.id, id))).length > 0;
  }

  async nameOf(id: number | null): Promise<string | null> {
    if (!id) return null;
    const [r] = await this.db.select({ name: sysOrg.name }).from(sysOrg).where(eq(sysOrg.id, id));
    return r?.name ?? null;
  }

  /**
   * Changes to the department tree take one transaction lock, so a department is never created
   * under one being deleted, and two moves at once cannot make a loop. Sibling names are also
   * decided by their unique index.
   */
  async save(req: OrgSaveRequest): Promise<{ id: number }> {
    return this.saveLocked(req).catch((e: unknown) => {
      throw isUniqueViolation(e) ? new AppError('ORG_NAME_TAKEN') : e;
    });
  }

  private async saveLocked(req: OrgSaveRequest): Promise<{ id: number }> {
    nameAuditTarget(req.name);
    return this.db.transaction(async (tx) => {
      await lockTree(tx);
      if (req.parentId !== 0) {
        const [parent] = await tx.select({ id: sysOrg.id }).from(sysOrg).where(eq(sysOrg.id, req.parentId));
        if (!parent) throw new AppError('ORG_UNKNOWN');
      }
      const clash = await tx
        .select({ id: sysOrg.id })
        .from(sysOrg)
        .where(
          and(eq(sysOrg.parentId, req.parentId), eq(sysOrg.name, req.name), req.id ? ne(sysOrg.id, req.id) : undefined),
        );
      if (clash.length) throw new AppError('ORG_NAME_TAKEN');
      if (req.id) {
        const [found] = await tx.select({ id: sysOrg.id }).from(sysOrg).where(eq(sysOrg.id, req.id));
        if (!found) throw new AppError('NOT_FOUND');
        if (req.parentId !== 0) {
          const below = await query<{ id: number }>(
            tx,
            sql`
            with recursive t(id) as (select id from sys_org where id = ${req.id}
              union all select o.id from sys_org o join t on o.parent_id = t.id)
            select id from t where id = ${req.parentId}`,
          );
          if (below.length) throw new AppError('ORG_PARENT_INVALID');
        }
        await tx
          .update(sysOrg)
          .set({ parentId: req.parentId, name: req.name, orderNum: req.orderNum })
          .where(eq(sysOrg.id, req.id));
        return { id: req.id };
      }
      const [row] = await tx
        .insert(sysOrg)
        .values({ parentId: req.parentId, name: req.name, orderNum: req.orderNum })
        .returning({ id: sysOrg.id });
      return { id: row!.id };
    });
  }

  async remove(id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockTree(tx);
      const [found] = await tx
        .select({ id: sysOrg.id, name: sysOrg.name })
        .from(sysOrg)
        .where(eq(sysOrg.id, id))
        .for('update');
      if (!found) throw new AppError('NOT_FOUND');
      nameAuditTarget(found.name);
      const children = await tx.select({ id: sysOrg.id }).from(sysOrg).where(eq(sysOrg.parentId, id)).limit(1);
      if (children.length) throw new AppError('ORG_HAS_CHILDREN');
      const [n] = await query<{ n: number }>(
        tx,
        sql`select count(*)::int as n from ${sysAccount} where org_id = ${id}`,
      );
      if (Number(n?.n) > 0) throw new AppError('ORG_HAS_ACCOUNTS', { count: Number(n?.n) });
      await tx.delete(sysOrg).where(eq(sysOrg.id, id));
    });
  }
}

async function lockTree(tx: Pick<Db, 'execute'>): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727004)`);
}
