import crypto from 'node:crypto';
import { and, desc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { PageResult, RoleDetail, RoleItem, RoleSaveRequest } from '@cbo/contract';
import { query, type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import type { AccessService } from './access.service.js';
import { sysMenu, sysRole, sysRoleMenu } from './tables.js';

const likeText = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Roles (spec 3, 6): name, remark, creator, weight and the menus they hold. The super role holds
 * everything and stays super; a role in use cannot be deleted.
 */
export class RoleService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
  ) {}

  async options(): Promise<{ id: number; name: string; isSuper: boolean }[]> {
    return this.db.select({ id: sysRole.id, name: sysRole.name, isSuper: sysRole.isSuper }).from(sysRole).orderBy(desc(sysRole.isSuper), sysRole.id);
  }

  async page(q: { pageNum: number; pageSize: number; name?: string }): Promise<PageResult<RoleItem>> {
    const where = q.name ? ilike(sysRole.name, likeText(q.name)) : undefined;
    const [total] = await this.db.select({ n: sql<number>`count(*)::int` }).from(sysRole).where(where);
    const ids = await this.db
      .select({ id: sysRole.id })
      .from(sysRole)
      .where(where)
      .orderBy(desc(sysRole.isSuper), desc(sysRole.weight), sysRole.id)
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize);
    return { list: await this.items(ids.map((r) => r.id)), total: Number(total?.n ?? 0) };
  }

  private async items(ids: number[]): Promise<RoleItem[]> {
    if (!ids.length) return [];
    const rows = await query<{
      id: number; code: string; name: string; remark: string | null; weight: number; is_super: boolean; creator: string | null;
      accounts: number; menus: number; created_at: string | Date;
    }>(this.db, sql`
      select r.id, r.code, r.name, r.remark, r.weight, r.is_super, a.user_name as creator, r.created_at,
             (select count(*)::int from sys_account_role ar where ar.role_id = r.id) as accounts,
             (select count(*)::int from sys_role_menu rm where rm.role_id = r.id) as menus
        from sys_role r left join sys_account a on a.id = r.created_by
       where r.id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    // In the order asked; an id with no role (a detail of an unknown id) is left out.
    return ids.flatMap((i) => byId.get(i) ?? []).map((r) => ({
      id: Number(r.id),
      code: r.code,
      name: r.name,
      remark: r.remark,
      weight: Number(r.weight),
      isSuper: r.is_super,
      creator: r.creator,
      accountCount: Number(r.accounts),
      menuCount: Number(r.menus),
      createTime: new Date(r.created_at).toISOString(),
    }));
  }

  async detail(id: number): Promise<RoleDetail> {
    const [item] = await this.items([id]);
    if (!item) throw new AppError('NOT_FOUND');
    const menus = await this.db.select({ id: sysRoleMenu.menuId }).from(sysRoleMenu).where(eq(sysRoleMenu.roleId, id));
    return { ...item, menuIds: menus.map((m) => m.id).sort((a, b) => a - b) };
  }

  /**
   * Creates or updates a role. The parents of every chosen menu are added (a half-checked
   * directory in the tree must be held for its menus to show). A non-super editor may only grant
   * menus it holds itself, so role editing is no way to raise one's own rights.
   */
  async save(p: Principal, req: RoleSaveRequest): Promise<{ id: number }> {
    const held = p.isSuper ? null : await this.access.heldMenuIds(p);
    // Inside the transaction only `tx` is used: the embedded database has one connection.
    return this.db.transaction(async (tx) => {
      const clash = await tx
        .select({ id: sysRole.id })
        .from(sysRole)
        .where(and(sql`lower(${sysRole.name}) = lower(${req.name})`, req.id ? ne(sysRole.id, req.id) : undefined));
      if (clash.length) throw new AppError('ROLE_NAME_TAKEN');
      let existing: typeof sysRole.$inferSelect | undefined;
      if (req.id) {
        [existing] = await tx.select().from(sysRole).where(eq(sysRole.id, req.id)).for('update');
        if (!existing) throw new AppError('NOT_FOUND');
      }
      const all = await tx.select({ id: sysMenu.id, parentId: sysMenu.parentId }).from(sysMenu);
      const parentOf = new Map(all.map((m) => [m.id, m.parentId]));
      const chosen = new Set<number>();
      for (const id of req.menuIds) {
        if (!parentOf.has(id)) throw new AppError('NOT_FOUND');
        for (let cur: number | undefined = id; cur && !chosen.has(cur); cur = parentOf.get(cur)) chosen.add(cur);
      }
      if (held) {
        const before = existing ? new Set((await tx.select({ id: sysRoleMenu.menuId }).from(sysRoleMenu).where(eq(sysRoleMenu.roleId, existing.id))).map((r) => r.id)) : new Set<number>();
        // Menus the role already had may stay; new ones must be held by the editor.
        for (const id of chosen) if (!held.has(id) && !before.has(id)) throw new AppError('ROLE_GRANT_BEYOND_OWN');
      }
      let roleId: number;
      if (existing) {
        await tx.update(sysRole).set({ name: req.name, remark: req.remark || null, weight: req.weight }).where(eq(sysRole.id, existing.id));
        roleId = existing.id;
      } else {
        const [row] = await tx
          .insert(sysRole)
          .values({ code: `r_${crypto.randomBytes(6).toString('hex')}`, name: req.name, remark: req.remark || null, weight: req.weight, createdBy: p.accountId })
          .returning({ id: sysRole.id });
        roleId = row!.id;
      }
      // The super role holds every menu whatever is sent: it cannot be edited into a lesser one.
      if (existing?.isSuper) return { id: roleId };
      await tx.delete(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId));
      if (chosen.size) await tx.insert(sysRoleMenu).values([...chosen].map((menuId) => ({ roleId, menuId })));
      return { id: roleId };
    });
  }

  async remove(id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [role] = await tx.select().from(sysRole).where(eq(sysRole.id, id)).for('update');
      if (!role) throw new AppError('NOT_FOUND');
      if (role.isSuper) throw new AppError('ROLE_SUPER_LOCKED');
      const [n] = await query<{ n: number }>(tx, sql`select count(*)::int as n from sys_account_role where role_id = ${id}`);
      if (Number(n?.n) > 0) throw new AppError('ROLE_IN_USE', { count: Number(n?.n) });
      await tx.delete(sysRole).where(eq(sysRole.id, id));
    });
  }

  /** Checks that every id names a role; answers whether one of them is a super role. */
  async check(roleIds: number[], tx: Pick<Db, 'select'> = this.db): Promise<{ hasSuper: boolean }> {
    const rows = await tx.select({ id: sysRole.id, isSuper: sysRole.isSuper }).from(sysRole).where(inArray(sysRole.id, roleIds));
    if (rows.length !== new Set(roleIds).size) throw new AppError('ROLE_UNKNOWN');
    return { hasSuper: rows.some((r) => r.isSuper) };
  }
}
