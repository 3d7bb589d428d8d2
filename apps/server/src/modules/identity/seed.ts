import crypto from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { Lang } from '@cbo/contract';
import { query, type Db } from '../../platform/db/database.js';
import { hashPassword } from '../../platform/auth/tokens.js';
import type { MenuSeed } from '../../platform/menus.js';
import { sysAccount, sysAccountRole, sysMenu, sysRole, sysRoleMenu } from './tables.js';

/**
 * Roles a real operator needs (docs/decisions/identity-and-access.md "Seeded roles"). The super role holds every
 * menu; the others get the menus whose seed lists them in `roles` (and the directories above them),
 * when the menu is first created.
 */
export const SEEDED_ROLES = [
  { code: 'super_admin', name: 'role.superAdmin', remark: 'roleRemark.superAdmin', weight: 100, isSuper: true },
  { code: 'finance', name: 'role.finance', remark: 'roleRemark.finance', weight: 50, isSuper: false },
  { code: 'operations', name: 'role.operations', remark: 'roleRemark.operations', weight: 50, isSuper: false },
  {
    code: 'customer_service',
    name: 'role.customerService',
    remark: 'roleRemark.customerService',
    weight: 30,
    isSuper: false,
  },
] as const;

/** The first administrator's nickname, in the language of the words the first start writes (DEMO_LANGUAGE). */
const FIRST_ADMIN_NICKNAME: Readonly<Record<Lang, string>> = {
  zh_CN: '管理员',
  zh_TW: '管理員',
  en_US: 'Administrator',
};

/**
 * Seeds roles, menus and the first administrator. Idempotent: what exists is left as it is
 * (an operator may have edited it). Runs under an advisory lock so processes starting together
 * on one PostgreSQL seed once.
 */
export async function seedIdentity(
  db: Db,
  menus: readonly MenuSeed[],
  admin: { userName: string; password?: string; language: Lang },
  log: (msg: string) => void,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    // A few statements whatever the number of menus (one a menu was about a thousand statements and
    // 1.5 s of CPU of every embedded start; docs/decisions/tests-and-ci.md). Rows are offered in the
    // seeds' order, as one statement a row did, so new rows take the same ids.
    await tx
      .insert(sysRole)
      .values(SEEDED_ROLES.map((r) => ({ ...r })))
      .onConflictDoNothing();
    const roleRows = await tx.select({ id: sysRole.id, code: sysRole.code }).from(sysRole);
    const roleId = new Map(roleRows.map((r) => [r.code, r.id]));
    const superRole = roleId.get('super_admin')!;
    const byCode = new Map(menus.map((m) => [m.code, m]));
    const seen = new Set<string>();
    for (const m of menus) {
      if (m.parent && !seen.has(m.parent))
        throw new Error(`Menu seed ${m.code}: parent ${m.parent} must come before it`);
      seen.add(m.code);
    }
    const ids = await menuIds(tx, menus);
    if (menus.length) {
      // A menu whose parent is created in the same statement gets it right after (parent 0 meanwhile,
      // seen by no one: the transaction holds the seed lock and has not committed).
      const created = await tx
        .insert(sysMenu)
        .values(
          menus.map((m) => ({
            code: m.code,
            parentId: m.parent ? (ids.get(m.parent) ?? 0) : 0,
            name: m.name,
            path: m.path,
            url: m.url,
            icon: m.icon,
            type: m.type,
            orderNum: m.order,
            perms: m.perms ?? null,
            hidden: m.hidden ?? false,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: sysMenu.id, code: sysMenu.code });
      const createdNow = new Set(created.map((r) => r.code));
      for (const r of created) ids.set(r.code, r.id);
      const orphans = created.filter((r) => {
        const parent = byCode.get(r.code)!.parent;
        return parent !== null && createdNow.has(parent);
      });
      if (orphans.length) {
        const pairs = sql.join(
          orphans.map((r) => sql`(${r.id}::bigint, ${ids.get(byCode.get(r.code)!.parent!)!}::bigint)`),
          sql`, `,
        );
        await tx.execute(sql`update sys_menu set parent_id = v.parent from (values ${pairs}) as v(id, parent)
          where sys_menu.id = v.id`);
      }
      // Only a menu created now is given to its seeded roles: an operator's later changes stay. The
      // role also gets the directories above it (on an upgraded database a new screen may sit in a
      // directory created earlier for other roles; without it the screen would stay hidden).
      const holdings = new Map<string, { roleId: number; menuId: number }>();
      for (const r of created) {
        const m = byCode.get(r.code)!;
        for (const code of m.roles ?? []) {
          if (!roleId.has(code)) throw new Error(`Menu seed ${m.code}: unknown role ${code}`);
          for (let c: string | null = m.code; c; c = byCode.get(c)?.parent ?? null) {
            const h = { roleId: roleId.get(code)!, menuId: ids.get(c)! };
            holdings.set(`${h.roleId} ${h.menuId}`, h);
          }
        }
      }
      for (const m of menus)
        holdings.set(`${superRole} ${ids.get(m.code)!}`, { roleId: superRole, menuId: ids.get(m.code)! });
      await tx
        .insert(sysRoleMenu)
        .values([...holdings.values()])
        .onConflictDoNothing();
    }

    const [existing] = await query<{ n: number }>(tx, sql`select count(*)::int as n from sys_account`);
    if (Number(existing?.n) > 0) return;
    const generated = !admin.password;
    const password =
      admin.password ??
      crypto
        .randomBytes(9)
        .toString('base64url')
        .replace(/[^A-Za-z0-9]/g, 'x')
        .slice(0, 12);
    const [account] = await tx
      .insert(sysAccount)
      .values({
        userName: admin.userName,
        nickName: FIRST_ADMIN_NICKNAME[admin.language],
        passwordHash: await hashPassword(password),
      })
      .returning({ id: sysAccount.id });
    await tx.insert(sysAccountRole).values({ accountId: account!.id, roleId: superRole });
    if (generated) {
      log(
        `\n  First administrator created.\n  User name: ${admin.userName}\n  Password:  ${password}\n` +
          '  This password is shown once; change it in the personal center (/my/my).\n',
      );
    } else {
      log(`First administrator "${admin.userName}" created with the password from ADMIN_PASSWORD.`);
    }
  });
}

/** The ids of the seeded menus that exist already, by code. */
async function menuIds(tx: Db, menus: readonly MenuSeed[]): Promise<Map<string, number>> {
  if (!menus.length) return new Map();
  const rows = await tx
    .select({ id: sysMenu.id, code: sysMenu.code })
    .from(sysMenu)
    .where(
      inArray(
        sysMenu.code,
        menus.map((m) => m.code),
      ),
    );
  return new Map(rows.map((r) => [r.code, r.id]));
}
