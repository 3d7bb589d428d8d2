import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
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
    for (const r of SEEDED_ROLES) await tx.insert(sysRole).values(r).onConflictDoNothing();
    const roleRows = await tx.select({ id: sysRole.id, code: sysRole.code }).from(sysRole);
    const roleId = new Map(roleRows.map((r) => [r.code, r.id]));
    const ids = new Map<string, number>();
    const byCode = new Map(menus.map((m) => [m.code, m]));
    for (const m of menus) {
      const created = await tx
        .insert(sysMenu)
        .values({
          code: m.code,
          parentId: m.parent ? parentId(ids, m) : 0,
          name: m.name,
          path: m.path,
          url: m.url,
          icon: m.icon,
          type: m.type,
          orderNum: m.order,
          perms: m.perms ?? null,
          hidden: m.hidden ?? false,
        })
        .onConflictDoNothing()
        .returning({ id: sysMenu.id });
      const [row] = await tx.select({ id: sysMenu.id }).from(sysMenu).where(eq(sysMenu.code, m.code));
      ids.set(m.code, row!.id);
      // Only a menu created now is given to its seeded roles: an operator's later changes stay. The
      // role also gets the directories above it (on an upgraded database a new screen may sit in a
      // directory created earlier for other roles; without it the screen would stay hidden).
      if (created.length) {
        for (const code of m.roles ?? []) {
          const id = roleId.get(code);
          if (id === undefined) throw new Error(`Menu seed ${m.code}: unknown role ${code}`);
          for (let c: string | null = m.code; c; c = byCode.get(c)?.parent ?? null) {
            await tx
              .insert(sysRoleMenu)
              .values({ roleId: id, menuId: ids.get(c)! })
              .onConflictDoNothing();
          }
        }
      }
    }
    const [superRole] = await tx.select().from(sysRole).where(eq(sysRole.code, 'super_admin'));
    for (const id of ids.values())
      await tx.insert(sysRoleMenu).values({ roleId: superRole!.id, menuId: id }).onConflictDoNothing();

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
    await tx.insert(sysAccountRole).values({ accountId: account!.id, roleId: superRole!.id });
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

function parentId(ids: Map<string, number>, m: MenuSeed): number {
  const id = m.parent ? ids.get(m.parent) : undefined;
  if (id === undefined) throw new Error(`Menu seed ${m.code}: parent ${m.parent} must come before it`);
  return id;
}
