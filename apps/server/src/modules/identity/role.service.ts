import crypto from 'node:crypto';
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  seededRoleNamesMatching,
  storedRoleName,
  storedRoleRemark,
  type RoleDetail,
  type RoleItem,
  type RoleSaveRequest,
} from '@cbo/contract';
import { isUniqueViolation, query, type Db } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { nameAuditTarget } from '../../platform/audit/target.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import type { AccessService, Reader } from './access.service.js';
import { sysAccountRole, sysMenu, sysRole, sysRoleMenu } from './tables.js';

/**
 * Roles: name, remark, creator, weight and the menus they hold. The super role holds
 * everything and stays super; a role in use cannot be deleted.
 */
export class RoleService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
  ) {}

  async options(): Promise<{ id: number; name: string; isSuper: boolean }[]> {
    return this.db
      .select({ id: sysRole.id, name: sysRole.name, isSuper: sysRole.isSuper })
      .from(sysRole)
      .orderBy(desc(sysRole.isSuper), sysRole.id);
  }

  private where(f: { name?: string }): SQL | undefined {
    if (!f.name) return undefined;
    // A seeded role is found by its name in any language ("财务", "Finance"), as people read it.
    const seeded = seededRoleNamesMatching(f.name);
    return or(ilike(sysRole.name, containing(f.name)), seeded.length ? inArray(sysRole.name, seeded) : undefined);
  }

  /** The role list (the list kit's source): how many roles match, and a slice of them (super first, then by weight). */
  async count(f: { name?: string }): Promise<number> {
    const [total] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sysRole)
      .where(this.where(f));
    return Number(total?.n ?? 0);
  }

  async rows(f: { name?: string }, offset: number, limit: number): Promise<RoleItem[]> {
    const ids = await this.db
      .select({ id: sysRole.id })
      .from(sysRole)
      .where(this.where(f))
      .orderBy(desc(sysRole.isSuper), desc(sysRole.weight), sysRole.id)
      .limit(limit)
      .offset(offset);
    return this.items(ids.map((r) => r.id));
  }

  private async items(ids: number[]): Promise<RoleItem[]> {
    if (!ids.length) return [];
    const rows = await query<{
      id: number;
      code: string;
      name: string;
      remark: string | null;
      weight: number;
      is_super: boolean;
      creator: string | null;
      accounts: number;
      menus: number;
      created_at: string | Date;
    }>(
      this.db,
      sql`
      select r.id, r.code, r.name, r.remark, r.weight, r.is_super, a.user_name as creator, r.created_at,
             (select count(*)::int from sys_account_role ar where ar.role_id = r.id) as accounts,
             (select count(*)::int from sys_role_menu rm where rm.role_id = r.id) as menus
        from sys_role r left join sys_account a on a.id = r.created_by
       where r.id in (${sql.join(
         ids.map((i) => sql`${i}`),
         sql`, `,
       )})`,
    );
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    // An id with no row (a role deleted meanwhile, or never there) is left out: detail answers 100004.
    return ids
      .flatMap((i) => byId.get(i) ?? [])
      .map((r) => ({
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
   * directory in the tree must be held for its menus to show). A non-super editor grants only
   * menus it holds itself, edits only roles whose menus it all holds (so never the super role),
   * and does not change the menus of a role it holds: role editing is no way to raise anyone's
   * rights above the editor's, its own included. Checks and writes share one transaction, with
   * the role's row locked.
   */
  async save(p: Principal, req: RoleSaveRequest): Promise<{ id: number }> {
    // Names are unique as stored (a seeded role's name in any language is its key): the unique
    // index decides, so two roles saved at once under one name cannot both be written.
    const name = storedRoleName(req.name);
    nameAuditTarget(name);
    const remark = req.remark ? storedRoleRemark(req.remark) : null;
    return this.saveChecked(p, req, name, remark).catch((e: unknown) => {
      throw isUniqueViolation(e, 'sys_role_name_uq') ? new AppError('ROLE_NAME_TAKEN') : e;
    });
  }

  private async saveChecked(
    p: Principal,
    req: RoleSaveRequest,
    name: string,
    remark: string | null,
  ): Promise<{ id: number }> {
    // Inside the transaction only `tx` is used: the embedded database has one connection.
    return this.db.transaction(async (tx) => {
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
      if (!p.isSuper) {
        const held = await this.access.heldMenuIds(p, tx);
        if (existing) await this.assertCovered(p, existing, held, tx);
        for (const id of chosen) if (!held.has(id)) throw new AppError('ROLE_GRANT_BEYOND_OWN');
        if (existing && (await this.holdsRole(p.accountId, existing.id, tx))) {
          const before = await this.menuIdsOf(existing.id, tx);
          if (before.size !== chosen.size || [...chosen].some((id) => !before.has(id)))
            throw new AppError('OWN_ROLE_MENUS_LOCKED');
        }
      }
      let roleId: number;
      if (existing) {
        await tx.update(sysRole).set({ name, remark, weight: req.weight }).where(eq(sysRole.id, existing.id));
        roleId = existing.id;
      } else {
        const [row] = await tx
          .insert(sysRole)
          .values({
            code: `r_${crypto.randomBytes(6).toString('hex')}`,
            name,
            remark,
            weight: req.weight,
            createdBy: p.accountId,
          })
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

  /** Deletes a role no account holds; a non-super account only one whose menus it all holds. */
  async remove(p: Principal, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [role] = await tx.select().from(sysRole).where(eq(sysRole.id, id)).for('update');
      if (!role) throw new AppError('NOT_FOUND');
      nameAuditTarget(role.name);
      if (role.isSuper) throw new AppError('ROLE_SUPER_LOCKED');
      if (!p.isSuper) await this.assertCovered(p, role, await this.access.heldMenuIds(p, tx), tx);
      const [n] = await query<{ n: number }>(
        tx,
        sql`select count(*)::int as n from sys_account_role where role_id = ${id}`,
      );
      if (Number(n?.n) > 0) throw new AppError('ROLE_IN_USE', { count: Number(n?.n) });
      await tx.delete(sysRole).where(eq(sysRole.id, id));
    });
  }

  /**
   * Refuses (for a non-super principal) giving accounts any of `roleIds` that is the super role
   * or holds a menu the principal does not hold. Run it in the transaction that writes the grant.
   */
  async assertAssignable(p: Principal, roleIds: number[], tx: Reader): Promise<void> {
    if (p.isSuper || !roleIds.length) return;
    const [beyond] = await query<{ id: number }>(
      tx,
      sql`
      select r.id from sys_role r
       where r.id in (${sql.join(
         roleIds.map((i) => sql`${i}`),
         sql`, `,
       )})
         and (r.is_super or exists (
               select 1 from sys_role_menu rm
                where rm.role_id = r.id
                  and rm.menu_id not in (select mine.menu_id from sys_account_role ar join sys_role_menu mine on mine.role_id = ar.role_id
                                          where ar.account_id = ${p.accountId})))
       limit 1`,
    );
    if (beyond) throw new AppError('ROLE_ASSIGN_BEYOND_OWN');
  }

  /** A role may be edited or deleted by a non-super account only when it holds nothing more. */
  private async assertCovered(
    p: Principal,
    role: typeof sysRole.$inferSelect,
    held: Set<number>,
    tx: Reader,
  ): Promise<void> {
    if (p.isSuper) return;
    if (role.isSuper) throw new AppError('ROLE_BEYOND_OWN');
    for (const id of await this.menuIdsOf(role.id, tx)) if (!held.has(id)) throw new AppError('ROLE_BEYOND_OWN');
  }

  private async menuIdsOf(roleId: number, tx: Reader): Promise<Set<number>> {
    return new Set(
      (await tx.select({ id: sysRoleMenu.menuId }).from(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId))).map(
        (r) => r.id,
      ),
    );
  }

  private async holdsRole(accountId: number, roleId: number, tx: Reader): Promise<boolean> {
    const rows = await tx
      .select({ one: sql`1` })
      .from(sysAccountRole)
      .where(and(eq(sysAccountRole.accountId, accountId), eq(sysAccountRole.roleId, roleId)))
      .limit(1);
    return rows.length > 0;
  }

  /** Checks that every id names a role; answers whether one of them is a super role. */
  async check(roleIds: number[], tx: Pick<Db, 'select'> = this.db): Promise<{ hasSuper: boolean }> {
    const rows = await tx
      .select({ id: sysRole.id, isSuper: sysRole.isSuper })
      .from(sysRole)
      .where(inArray(sysRole.id, roleIds));
    if (rows.length !== new Set(roleIds).size) throw new AppError('ROLE_UNKNOWN');
    return { hasSuper: rows.some((r) => r.isSuper) };
  }
}
