import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../platform/db/database.js';
import { openTestPglite } from '../../test/helper.js';
import { MENU_TYPE } from '@cbo/contract';
import type { MenuSeed } from '../../platform/menus.js';
import { seedIdentity } from './seed.js';

const held = async (db: Parameters<typeof query>[0], role: string) =>
  (
    await query<{ code: string }>(
      db,
      sql`select m.code from sys_role_menu rm join sys_menu m on m.id = rm.menu_id join sys_role r on r.id = rm.role_id where r.code = ${role} order by m.code`,
    )
  ).map((r) => r.code);

const dir: MenuSeed = {
  code: 'grp',
  parent: null,
  name: 'g',
  path: '/grp',
  url: null,
  icon: null,
  type: MENU_TYPE.directory,
  order: 1,
  roles: ['finance'],
};
const first: MenuSeed = {
  code: 'grp.a',
  parent: 'grp',
  name: 'a',
  path: '/grp/a',
  url: 'x/a',
  icon: null,
  type: MENU_TYPE.menu,
  order: 1,
  roles: ['finance'],
};
const later: MenuSeed = {
  code: 'grp.b',
  parent: 'grp',
  name: 'b',
  path: '/grp/b',
  url: 'x/b',
  icon: null,
  type: MENU_TYPE.menu,
  order: 2,
  roles: ['operations'],
};
const button: MenuSeed = {
  code: 'grp.b.x',
  parent: 'grp.b',
  name: 'bx',
  path: '',
  url: null,
  icon: null,
  type: MENU_TYPE.button,
  order: 1,
  roles: ['operations'],
};

describe('seeding menus on an upgraded database', () => {
  it("a role given a new screen gets the directory above it, once; an operator's later removal of an old grant stays", async () => {
    const database = await openTestPglite();
    try {
      const { db } = database;
      const log = () => undefined;
      await seedIdentity(db, [dir, first], { userName: 'admin', password: 'admin123', language: 'zh_CN' }, log);
      expect(await held(db, 'operations')).toEqual([]);
      // The first administrator's nickname is in the language of the seeded words (DEMO_LANGUAGE).
      expect(
        (await query<{ nick_name: string }>(db, sql`select nick_name from sys_account`)).map((r) => r.nick_name),
      ).toEqual(['管理员']);
      // An operator takes the old screen away from finance; the directory stays with it.
      await db.execute(
        sql`delete from sys_role_menu where role_id = (select id from sys_role where code = 'finance') and menu_id = (select id from sys_menu where code = 'grp.a')`,
      );
      // A later release adds a screen (and its button) in the existing directory for operations.
      await seedIdentity(db, [dir, first, later, button], { userName: 'admin', language: 'en_US' }, log);
      expect(await held(db, 'operations')).toEqual(['grp', 'grp.b', 'grp.b.x']);
      expect(await held(db, 'finance')).toEqual(['grp']);
      // A restart changes nothing.
      await seedIdentity(db, [dir, first, later, button], { userName: 'admin', language: 'en_US' }, log);
      expect(await held(db, 'operations')).toEqual(['grp', 'grp.b', 'grp.b.x']);
      expect(await held(db, 'finance')).toEqual(['grp']);
      // Data once written: a later start in another language renames nobody.
      expect(
        (await query<{ nick_name: string }>(db, sql`select nick_name from sys_account`)).map((r) => r.nick_name),
      ).toEqual(['管理员']);
    } finally {
      await database.close();
    }
  });
});
