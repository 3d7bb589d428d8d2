import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import { hashPassword } from '../platform/auth/tokens.js';
import { sysAccount, sysAccountRole, sysMenu, sysRole, sysRoleMenu } from '../modules/identity/tables.js';

/** One argon2 hash per password for the whole run: tests make hundreds of accounts (the permission matrix one per code). */
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let h = hashes.get(password);
  if (!h) hashes.set(password, (h = hashPassword(password)));
  return h;
};

/**
 * Test fixture until personnel and role management land: an account holding a role
 * with the given menus (by seed code).
 */
export async function accountWithMenus(
  db: Db,
  userName: string,
  password: string,
  menuCodes: string[],
): Promise<number> {
  const [role] = await db
    .insert(sysRole)
    .values({ code: `r_${userName}`, name: `Role ${userName}` })
    .returning();
  for (const code of menuCodes) {
    const [m] = await db.select().from(sysMenu).where(eq(sysMenu.code, code));
    if (!m) throw new Error(`no menu ${code}`);
    await db.insert(sysRoleMenu).values({ roleId: role!.id, menuId: m.id });
  }
  const [acc] = await db
    .insert(sysAccount)
    .values({ userName, nickName: userName, passwordHash: await hashOnce(password) })
    .returning();
  await db.insert(sysAccountRole).values({ accountId: acc!.id, roleId: role!.id });
  return acc!.id;
}
