import { eq, sql, type SQL } from 'drizzle-orm';
import {
  PERMS,
  type ManageCreateRequest,
  type ManageFilter,
  type ManageInfo,
  type ManageItem,
  type ManageUpdateRequest,
} from '@cbo/contract';
import { isUniqueViolation, query, type Db } from '../../platform/db/database.js';
import { nameAuditTarget } from '../../platform/audit/target.js';
import { requirePhone } from '../../platform/sms/phone.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import { hashPassword } from '../../platform/auth/tokens.js';
import type { AccessService } from './access.service.js';
import type { LoginGuardService } from './login-guard.service.js';
import type { OrgService } from './org.service.js';
import type { ProfileService } from './profile.service.js';
import type { RoleService } from './role.service.js';
import type { SessionService } from './session.service.js';
import { sysAccount, sysAccountRole } from './tables.js';

type ListQuery = ManageFilter & {
  pageNum: number;
  pageSize: number;
  orderBy?: 'createTime' | 'loginCount' | 'lastLoginTime' | 'userName';
  order?: 'ascend' | 'descend';
};

const SORT_COLUMNS = {
  createTime: sql`a.created_at`,
  loginCount: sql`a.login_count`,
  lastLoginTime: sql`a.last_login_at`,
  userName: sql`lower(a.user_name)`,
};
const likeText = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const blankToNull = (v: string | undefined) => (v === undefined ? undefined : v === '' ? null : v);

/**
 * Personnel: admin accounts managed by other admins. Reading or changing another
 * account needs a permission even where the route itself is open to any signed-in account (the
 * personal center shares info and updateSysManage, see docs/decisions/identity-and-access.md).
 */
export class ManageService {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      access: AccessService;
      orgs: OrgService;
      roles: RoleService;
      profile: ProfileService;
      sessions: SessionService;
      loginGuard: LoginGuardService;
    },
  ) {}

  private async where(f: ManageFilter): Promise<SQL> {
    const conds: SQL[] = [sql`true`];
    if (f.userName)
      conds.push(sql`(a.user_name ilike ${likeText(f.userName)} or a.nick_name ilike ${likeText(f.userName)})`);
    if (f.mobile) conds.push(sql`a.mobile like ${likeText(f.mobile)}`);
    if (f.status !== undefined) conds.push(sql`a.status = ${f.status}`);
    if (f.roleId)
      conds.push(
        sql`exists (select 1 from sys_account_role ar where ar.account_id = a.id and ar.role_id = ${f.roleId})`,
      );
    if (f.orgId) {
      const ids = await this.deps.orgs.subtreeIds(f.orgId);
      conds.push(
        ids.length
          ? sql`a.org_id in (${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )})`
          : sql`false`,
      );
    }
    return sql.join(conds, sql` and `);
  }

  async count(f: ManageFilter): Promise<number> {
    const [r] = await query<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from sys_account a where ${await this.where(f)}`,
    );
    return Number(r?.n ?? 0);
  }

  async rows(q: ListQuery, offset: number, limit: number): Promise<ManageItem[]> {
    const col = SORT_COLUMNS[q.orderBy ?? 'createTime'];
    const dir = q.order === 'ascend' ? sql`asc nulls first` : sql`desc nulls last`;
    const rows = await query<{
      id: number;
      user_name: string;
      nick_name: string;
      area_code: string | null;
      mobile: string | null;
      email: string | null;
      avatar: string | null;
      id_card: string | null;
      address: string | null;
      note: string | null;
      status: number;
      org_id: number | null;
      org_name: string | null;
      login_count: number;
      last_login_at: string | Date | null;
      created_at: string | Date;
      roles: { id: number; name: string }[] | null;
    }>(
      this.db,
      sql`
      select a.id, a.user_name, a.nick_name, a.area_code, a.mobile, a.email, a.avatar, a.id_card, a.address, a.note, a.status,
             a.org_id, o.name as org_name, a.login_count, a.last_login_at, a.created_at,
             (select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.id)
                from sys_account_role ar join sys_role r on r.id = ar.role_id where ar.account_id = a.id) as roles
        from sys_account a left join sys_org o on o.id = a.org_id
       where ${await this.where(q)}
       order by ${col} ${dir}, a.id desc
       limit ${limit} offset ${offset}`,
    );
    return rows.map((r) => ({
      manageId: Number(r.id),
      userName: r.user_name,
      nickName: r.nick_name,
      areaCode: r.area_code,
      mobile: r.mobile,
      email: r.email,
      img: r.avatar,
      idCard: r.id_card,
      address: r.address,
      note: r.note,
      status: Number(r.status),
      roles: (r.roles ?? []).map((x) => ({ id: Number(x.id), name: x.name })),
      orgId: r.org_id === null ? null : Number(r.org_id),
      orgName: r.org_name,
      loginCount: Number(r.login_count),
      lastLoginTime: r.last_login_at ? new Date(r.last_login_at).toISOString() : null,
      createTime: new Date(r.created_at).toISOString(),
    }));
  }

  /** GET info?manageId: one's own account, or another with sys:manage:query. */
  async info(p: Principal, manageId: number): Promise<ManageInfo> {
    if (manageId !== p.accountId && !(await this.deps.access.holdsPermission(p, PERMS.manageQuery)))
      throw new AppError('FORBIDDEN');
    return this.deps.profile.info(manageId);
  }

  /**
   * A new account; a non-super creator gives it only roles whose menus it holds (docs/decisions/identity-and-access.md
   * "Granting"). User names and mobiles are unique; two creates at once are decided by the unique indexes.
   */
  async create(p: Principal, req: ManageCreateRequest): Promise<{ manageId: number }> {
    return this.createChecked(p, req).catch((e: unknown) => {
      if (isUniqueViolation(e, 'sys_account_mobile_uq')) throw new AppError('MOBILE_TAKEN');
      throw isUniqueViolation(e) ? new AppError('USERNAME_TAKEN') : e;
    });
  }

  private async createChecked(p: Principal, req: ManageCreateRequest): Promise<{ manageId: number }> {
    nameAuditTarget(req.userName);
    const mobile = await this.mobilePair(req.areaCode, req.mobile, 0);
    if (req.orgId && !(await this.deps.orgs.exists(req.orgId))) throw new AppError('ORG_UNKNOWN');
    const passwordHash = await hashPassword(req.password);
    // Inside a transaction only `tx` is used: the embedded database has one connection.
    return this.db.transaction(async (tx) => {
      await this.deps.roles.check(req.roleIds, tx);
      await this.deps.roles.assertAssignable(p, [...new Set(req.roleIds)], tx);
      const taken = await tx
        .select({ id: sysAccount.id })
        .from(sysAccount)
        .where(sql`lower(${sysAccount.userName}) = lower(${req.userName})`);
      if (taken.length) throw new AppError('USERNAME_TAKEN');
      const [row] = await tx
        .insert(sysAccount)
        .values({
          userName: req.userName,
          nickName: req.nickName,
          passwordHash,
          areaCode: mobile?.areaCode ?? null,
          mobile: mobile?.mobile ?? null,
          email: req.email || null,
          idCard: req.idCard || null,
          address: req.address || null,
          note: req.note || null,
          orgId: req.orgId ?? null,
        })
        .returning({ id: sysAccount.id });
      await tx
        .insert(sysAccountRole)
        .values([...new Set(req.roleIds)].map((roleId) => ({ accountId: row!.id, roleId })));
      return { manageId: row!.id };
    });
  }

  /**
   * PUT updateSysManage. Profile fields of one's own account need nothing more; another account,
   * or roles, department or mobile (on any account), need sys:manage:edit. Only a super
   * administrator changes a super administrator; nobody changes their own roles; roles added to an
   * account must be assignable by the caller (roles it already has may stay). The account's row is
   * locked before anything is checked, so a role granted at the same moment is seen.
   */
  async update(p: Principal, req: ManageUpdateRequest): Promise<ManageInfo> {
    const managing =
      req.manageId !== p.accountId ||
      req.roleIds !== undefined ||
      req.orgId !== undefined ||
      req.mobile !== undefined ||
      req.areaCode !== undefined;
    if (managing && !(await this.deps.access.holdsPermission(p, PERMS.manageEdit))) throw new AppError('FORBIDDEN');
    const mobile = req.mobile !== undefined ? await this.mobilePair(req.areaCode, req.mobile, req.manageId) : undefined;
    if (req.orgId && !(await this.deps.orgs.exists(req.orgId))) throw new AppError('ORG_UNKNOWN');
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727003)`);
      await this.lockTarget(p, req.manageId, tx);
      if (req.roleIds) {
        await this.deps.roles.check(req.roleIds, tx);
        const before = new Set(
          (
            await tx
              .select({ id: sysAccountRole.roleId })
              .from(sysAccountRole)
              .where(eq(sysAccountRole.accountId, req.manageId))
          ).map((r) => r.id),
        );
        const after = [...new Set(req.roleIds)];
        const added = after.filter((id) => !before.has(id));
        // Sending the roles one already has (the personal center, an unchanged form) is no change.
        if (added.length || after.length !== before.size) {
          if (req.manageId === p.accountId) throw new AppError('OWN_ROLES_LOCKED');
          await this.deps.roles.assertAssignable(p, added, tx);
          await tx.delete(sysAccountRole).where(eq(sysAccountRole.accountId, req.manageId));
          await tx.insert(sysAccountRole).values(after.map((roleId) => ({ accountId: req.manageId, roleId })));
          await this.assertSuperRemains(tx);
        }
      }
      await tx
        .update(sysAccount)
        .set({
          nickName: req.nickName,
          email: blankToNull(req.email),
          idCard: blankToNull(req.idCard),
          address: blankToNull(req.address),
          note: blankToNull(req.note),
          ...(req.img !== undefined ? { avatar: blankToNull(req.img) } : {}),
          ...(req.orgId !== undefined ? { orgId: req.orgId } : {}),
          ...(mobile !== undefined ? { areaCode: mobile?.areaCode ?? null, mobile: mobile?.mobile ?? null } : {}),
          updatedAt: new Date(),
        })
        .where(eq(sysAccount.id, req.manageId));
    });
    return this.deps.profile.info(req.manageId);
  }

  /** Freezing ends every session of the account at once: its next call gets 100023. */
  async setStatus(p: Principal, manageId: number, status: 0 | 1): Promise<void> {
    if (status === 1 && manageId === p.accountId) throw new AppError('FREEZE_SELF');
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727003)`);
      await this.lockTarget(p, manageId, tx);
      await tx.update(sysAccount).set({ status, updatedAt: new Date() }).where(eq(sysAccount.id, manageId));
      if (status === 1) await this.assertSuperRemains(tx);
    });
    if (status === 1) await this.deps.sessions.endAll(manageId, 100023);
  }

  /**
   * Setting another's password is signing in as them: a non-super caller may do it only to an
   * account holding no menu it lacks itself (so never to a super administrator).
   */
  async resetPassword(p: Principal, manageId: number, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      await this.lockTarget(p, manageId, tx);
      if (!p.isSuper && manageId !== p.accountId) {
        const [beyond] = await query<{ one: number }>(
          tx,
          sql`
          select 1 as one from sys_account_role ar join sys_role_menu rm on rm.role_id = ar.role_id
           where ar.account_id = ${manageId}
             and rm.menu_id not in (select mine.menu_id from sys_account_role me join sys_role_menu mine on mine.role_id = me.role_id
                                     where me.account_id = ${p.accountId})
           limit 1`,
        );
        if (beyond) throw new AppError('ACCOUNT_BEYOND_OWN');
      }
      await tx.update(sysAccount).set({ passwordHash, updatedAt: new Date() }).where(eq(sysAccount.id, manageId));
    });
    // Whoever knew the old password is signed out; one's own current session stays.
    await this.deps.sessions.endAll(manageId, 100022, manageId === p.accountId ? p.sessionId : undefined);
  }

  /**
   * Lifts an account's sign-in lockouts (answers how many were active). Only a super administrator
   * lifts a super administrator's: lifting them again and again would give a guesser more tries.
   */
  async unlockLogin(p: Principal, manageId: number): Promise<number> {
    await this.db.transaction((tx) => this.lockTarget(p, manageId, tx));
    return this.deps.loginGuard.unlock(manageId);
  }

  /** Active sign-in lockouts of one account (NOT_FOUND for an unknown one), or of every account. */
  async loginLocks(manageId: number | undefined) {
    if (manageId !== undefined) {
      const [a] = await this.db.select({ id: sysAccount.id }).from(sysAccount).where(eq(sysAccount.id, manageId));
      if (!a) throw new AppError('NOT_FOUND');
    }
    return this.deps.loginGuard.locks(manageId);
  }

  /**
   * Locks the account's row (NOT_FOUND when there is none), then refuses a non-super caller when
   * the account holds the super role. The lock comes first: a grant of the super role holds the
   * same row lock until it commits, so it cannot slip in between this check and the write.
   */
  private async lockTarget(p: Principal, manageId: number, tx: Pick<Db, 'select' | 'execute'>): Promise<void> {
    const [a] = await tx
      .select({ id: sysAccount.id, userName: sysAccount.userName })
      .from(sysAccount)
      .where(eq(sysAccount.id, manageId))
      .for('update');
    if (!a) throw new AppError('NOT_FOUND');
    nameAuditTarget(a.userName);
    if (p.isSuper) return;
    const [sup] = await query<{ one: number }>(
      tx,
      sql`
      select 1 as one from sys_account_role ar join sys_role r on r.id = ar.role_id where ar.account_id = ${manageId} and r.is_super limit 1`,
    );
    if (sup) throw new AppError('SUPER_ADMIN_PROTECTED');
  }

  /** At least one active (not frozen) account must hold a super role after any change. */
  private async assertSuperRemains(tx: Pick<Db, 'execute'>): Promise<void> {
    const [r] = await query<{ n: number }>(
      tx,
      sql`
      select count(*)::int as n from sys_account a
       where a.status = 0 and exists (select 1 from sys_account_role ar join sys_role r on r.id = ar.role_id where ar.account_id = a.id and r.is_super)`,
    );
    if (Number(r?.n ?? 0) === 0) throw new AppError('LAST_SUPER_ADMIN');
  }

  /** Area code and mobile go together; empty clears both. */
  private async mobilePair(
    areaCode: string | undefined,
    mobile: string | undefined,
    accountId: number,
  ): Promise<{ areaCode: string; mobile: string } | null> {
    if (!mobile) return null;
    if (!(areaCode ?? '').replace(/^\+/, '')) throw new AppError('MOBILE_NEEDS_AREA_CODE');
    const phone = requirePhone(areaCode!, mobile);
    await this.deps.profile.assertMobileFree(accountId, phone.areaCode, phone.mobile);
    return phone;
  }
}
