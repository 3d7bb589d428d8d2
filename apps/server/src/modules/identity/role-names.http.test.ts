import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { auth, engines, useServer, type TestServer } from '../../test/helper.js';

type Lang = 'zh_CN' | 'zh_TW' | 'en_US';
const ROLE = '/user/api/v1/sys/role';

async function call(
  t: TestServer,
  token: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
  lang: Lang = 'en_US',
) {
  const r = await t.inject({ method, url, headers: auth(token, lang), payload: payload as never });
  return r.json() as { code: number; msg: string; data: any };
}

describe.each(engines)(
  'role names: shown and searched in the viewer language, unique as people read them (%s)',
  (engine) => {
    const s = useServer(engine);

    it('a seeded role is found by its name in any language; its remark is a key read in the viewer language', async () => {
      const token = await s.current.login();
      for (const text of ['财务', '財務', 'financ', 'role.finance']) {
        const page = await call(
          s.current,
          token,
          'GET',
          `${ROLE}/queryPage?pageNum=1&pageSize=20&name=${encodeURIComponent(text)}`,
        );
        expect(
          page.data.list.map((r: { name: string }) => r.name),
          text,
        ).toEqual(['role.finance']);
      }
      const finance = (
        await call(
          s.current,
          token,
          'GET',
          `${ROLE}/queryPage?pageNum=1&pageSize=20&name=${encodeURIComponent('财务')}`,
        )
      ).data.list[0];
      expect(finance.remark).toBe('roleRemark.finance');
      // Saving the form as shown (the name and remark in the viewer's language) keeps the keys.
      const saved = await call(
        s.current,
        token,
        'POST',
        `${ROLE}/saveOrUpdate`,
        { id: finance.id, name: '财务', remark: '资金：资金流水、退款、提现、财务统计', weight: 50, menuIds: [] },
        'zh_CN',
      );
      expect(saved.code).toBe(0);
      const after = (await call(s.current, token, 'GET', `${ROLE}/detail?id=${finance.id}`)).data;
      expect(after).toMatchObject({ name: 'role.finance', remark: 'roleRemark.finance' });
    });

    it('refuses a name another role has, in any language or case, with a message in the caller language', async () => {
      const token = await s.current.login();
      const expected: Record<Lang, string> = {
        zh_CN: '角色名称已存在',
        zh_TW: '角色名稱已存在',
        en_US: 'A role with this name already exists',
      };
      for (const [name, lang] of [
        ['超级管理员', 'zh_CN'],
        ['超級管理員', 'zh_TW'],
        ['super ADMINISTRATOR', 'en_US'],
        ['Customer service', 'en_US'],
      ] as const) {
        const r = await call(s.current, token, 'POST', `${ROLE}/saveOrUpdate`, { name, weight: 1, menuIds: [] }, lang);
        expect(r, name).toMatchObject({ code: 100108, msg: expected[lang], data: null });
      }
      const night = await call(s.current, token, 'POST', `${ROLE}/saveOrUpdate`, {
        name: 'Night shift',
        weight: 1,
        menuIds: [],
      });
      expect(night.code).toBe(0);
      expect(
        (
          await call(s.current, token, 'POST', `${ROLE}/saveOrUpdate`, {
            name: ' night SHIFT ',
            weight: 1,
            menuIds: [],
          })
        ).code,
      ).toBe(100108);
      // Renaming another role to a taken name is refused too; keeping one's own name is not.
      const day = (
        await call(s.current, token, 'POST', `${ROLE}/saveOrUpdate`, { name: 'Day shift', weight: 1, menuIds: [] })
      ).data.id;
      expect(
        (
          await call(s.current, token, 'POST', `${ROLE}/saveOrUpdate`, {
            id: day,
            name: 'Night shift',
            weight: 1,
            menuIds: [],
          })
        ).code,
      ).toBe(100108);
      expect(
        (
          await call(s.current, token, 'POST', `${ROLE}/saveOrUpdate`, {
            id: day,
            name: 'Day shift',
            weight: 2,
            menuIds: [],
          })
        ).code,
      ).toBe(0);
    });

    it('50 creates of one name at once: exactly one role is written, the others are refused with 100108', async () => {
      const token = await s.current.login();
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          call(s.current, token, 'POST', `${ROLE}/saveOrUpdate`, { name: 'Rush hour', weight: 1, menuIds: [] }),
        ),
      );
      expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
      expect(answers.filter((a) => a.code === 100108)).toHaveLength(49);
      const list = (await call(s.current, token, 'GET', `${ROLE}/list`)).data.filter(
        (r: { name: string }) => r.name.toLowerCase() === 'rush hour',
      );
      expect(list).toHaveLength(1);
    });
  },
);

/**
 * The migration that makes names unique keeps every role of a database that already holds
 * duplicates: the seeded (or oldest) one keeps the name, each other one gets its id appended.
 */
describe('role-name migration on a database holding duplicates', () => {
  it('renames duplicates, stores seeded names and remarks as keys, and then the index holds', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const all = fileURLToPath(new URL('../../../drizzle', import.meta.url));
    const journal = JSON.parse(fs.readFileSync(path.join(all, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const at = journal.entries.findIndex((e) => e.tag.endsWith('_role_names'));
    expect(at).toBeGreaterThan(0);
    // The migrations before this one, in a folder of their own.
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'cbo-mig-'));
    fs.mkdirSync(path.join(before, 'meta'));
    const earlier = journal.entries.slice(0, at);
    fs.writeFileSync(path.join(before, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: earlier }));
    for (const e of earlier) fs.copyFileSync(path.join(all, `${e.tag}.sql`), path.join(before, `${e.tag}.sql`));
    const client = new PGlite();
    try {
      await migrate(drizzle(client), { migrationsFolder: before });
      await client.exec(`
        insert into sys_role (code, name, remark) values
          ('super_admin', 'role.superAdmin', 'Holds every menu and every interface'),
          ('finance', 'role.finance', 'Money: fund flows, refunds, withdrawals, financial statistics'),
          ('r_a', '超级管理员', null), ('r_b', 'Super Administrator', null), ('r_c', 'Night', 'x'), ('r_d', 'night', 'y'),
          ('r_e', '客服', null);
        insert into sys_account (user_name, nick_name, password_hash) values ('kept', 'Kept', 'x');
        insert into sys_account_role (account_id, role_id) select a.id, r.id from sys_account a, sys_role r where r.code = 'r_a';`);
      await migrate(drizzle(client), { migrationsFolder: all });
      const rows = (
        await client.query<{ id: number; code: string; name: string; remark: string | null }>(
          'select id, code, name, remark from sys_role order by id',
        )
      ).rows;
      const byCode = Object.fromEntries(rows.map((r) => [r.code, r]));
      expect(rows).toHaveLength(7);
      expect(byCode.super_admin).toMatchObject({ name: 'role.superAdmin', remark: 'roleRemark.superAdmin' });
      expect(byCode.finance).toMatchObject({ name: 'role.finance', remark: 'roleRemark.finance' });
      expect(byCode.r_a!.name).toBe(`超级管理员 #${byCode.r_a!.id}`);
      expect(byCode.r_b!.name).toBe(`Super Administrator #${byCode.r_b!.id}`);
      expect(byCode.r_c!.name).toBe('Night');
      expect(byCode.r_d!.name).toBe(`night #${byCode.r_d!.id}`);
      // A name that reads as a seeded role's (whose own row is gone) becomes that key.
      expect(byCode.r_e!.name).toBe('role.customerService');
      // The renamed role keeps its account.
      expect(
        (await client.query('select 1 from sys_account_role where role_id = $1', [byCode.r_a!.id])).rows,
      ).toHaveLength(1);
      await expect(client.query(`insert into sys_role (code, name) values ('r_f', 'NIGHT')`)).rejects.toThrow(
        /sys_role_name_uq/,
      );
    } finally {
      await client.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  }, 180_000); // migrations of an embedded database: 4 s alone, past 30 s on a loaded 2-core machine (a rehearsal failed on it)
});
