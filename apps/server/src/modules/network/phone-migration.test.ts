import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { canonicalPhone, isPhone } from '@cbo/contract';

/**
 * The canonical-phone migration on a database that already holds one phone under several splits
 * (issue 26: members 45, 46, 47 were one person): the oldest is kept and made canonical, the others
 * are marked, reported with what they were, and their sessions end; nothing is deleted.
 */
describe('canonical-phone migration on a database holding duplicates', () => {
  it('keeps the oldest, marks and reports the others, and agrees with the contract', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const all = fileURLToPath(new URL('../../../drizzle', import.meta.url));
    const journal = JSON.parse(fs.readFileSync(path.join(all, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const at = journal.entries.findIndex((e) => e.tag.endsWith('_phone_canonical'));
    expect(at).toBeGreaterThan(0);
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'cbo-mig-'));
    fs.mkdirSync(path.join(before, 'meta'));
    const earlier = journal.entries.slice(0, at);
    fs.writeFileSync(path.join(before, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: earlier }));
    for (const e of earlier) fs.copyFileSync(path.join(all, `${e.tag}.sql`), path.join(before, `${e.tag}.sql`));
    const client = new PGlite();
    try {
      await migrate(drizzle(client), { migrationsFolder: before });
      // Three members of one phone (oldest first), one other, one simulated, one that is no phone.
      await client.exec(`
        insert into net_member (id, area_code, mobile, nickname, terminal, created_at) values
          (45, '861', '3611110077', 'a', 'USER_IOS', now() - interval '3 days'),
          (46, '8', '613611110077', 'b', 'USER_IOS', now() - interval '2 days'),
          (47, '86', '13611110077', 'c', 'USER_IOS', now() - interval '1 day'),
          (48, '852', '091234567', 'd', 'USER_IOS', now()),
          (49, '999', '13800000001', 'e', 'USER_IOS', now()),
          (50, '12', '34', 'f', 'USER_IOS', now());
        insert into net_member_session (token_hash, member_id, client_type, expires_at) values
          ('t45', 45, 'USER_IOS', now() + interval '1 day'), ('t46', 46, 'USER_IOS', now() + interval '1 day'), ('t47', 47, 'USER_IOS', now() + interval '1 day');
        insert into net_app_account (id, kind, area_code, mobile, password_hash, created_at) values
          (7, 'agent', '86', '019900000001', 'x', now() - interval '1 day'),
          (8, 'groundPromoter', '8', '619900000001', 'x', now());
        insert into sys_account (id, user_name, nick_name, password_hash, area_code, mobile, created_at) values
          (90, 'one', 'one', 'x', '+86', '13900000001', now() - interval '1 day'),
          (91, 'two', 'two', 'x', '86', '013900000001', now());
      `);
      await migrate(drizzle(client), { migrationsFolder: all });
      const rows = async (q: string) => (await client.query(q)).rows;
      expect(await rows('select id, area_code, mobile, duplicate_of from net_member order by id')).toEqual([
        { id: 45, area_code: '86', mobile: '13611110077', duplicate_of: null },
        { id: 46, area_code: '86', mobile: '13611110077', duplicate_of: 45 },
        { id: 47, area_code: '86', mobile: '13611110077', duplicate_of: 45 },
        { id: 48, area_code: '852', mobile: '91234567', duplicate_of: null },
        { id: 49, area_code: '999', mobile: '13800000001', duplicate_of: null },
        { id: 50, area_code: '12', mobile: '34', duplicate_of: null },
      ]);
      expect(
        await rows('select member_id, revoked_at is not null as revoked from net_member_session order by member_id'),
      ).toEqual([
        { member_id: 45, revoked: false },
        { member_id: 46, revoked: true },
        { member_id: 47, revoked: true },
      ]);
      expect(await rows('select id, area_code, mobile, duplicate_of from net_app_account order by id')).toEqual([
        { id: 7, area_code: '86', mobile: '19900000001', duplicate_of: null },
        { id: 8, area_code: '86', mobile: '19900000001', duplicate_of: 7 },
      ]);
      expect(await rows('select id, area_code, mobile from sys_account where id in (90, 91) order by id')).toEqual([
        { id: 90, area_code: '86', mobile: '13900000001' },
        { id: 91, area_code: null, mobile: null },
      ]);
      expect(
        await rows(
          'select kind, row_id, kept_id, area_code_was, mobile_was, area_code, mobile from net_phone_duplicate order by kind, row_id',
        ),
      ).toEqual([
        {
          kind: 'appAccount',
          row_id: 8,
          kept_id: 7,
          area_code_was: '8',
          mobile_was: '619900000001',
          area_code: '86',
          mobile: '19900000001',
        },
        {
          kind: 'member',
          row_id: 46,
          kept_id: 45,
          area_code_was: '8',
          mobile_was: '613611110077',
          area_code: '86',
          mobile: '13611110077',
        },
        {
          kind: 'member',
          row_id: 47,
          kept_id: 45,
          area_code_was: '86',
          mobile_was: '13611110077',
          area_code: '86',
          mobile: '13611110077',
        },
        {
          kind: 'member',
          row_id: 50,
          kept_id: null,
          area_code_was: '12',
          mobile_was: '34',
          area_code: null,
          mobile: null,
        },
        {
          kind: 'staff',
          row_id: 91,
          kept_id: 90,
          area_code_was: '86',
          mobile_was: '013900000001',
          area_code: '86',
          mobile: '13900000001',
        },
      ]);
      // The kept member is the phone's only current one: a second current row is refused.
      await expect(
        client.query(
          `insert into net_member (area_code, mobile, nickname, terminal) values ('86', '13611110077', 'g', 'USER_IOS')`,
        ),
      ).rejects.toThrow(/net_member_mobile_uq/);

      // The SQL canonical_phone and the contract's canonicalPhone give the same answers.
      const cases: [string, string][] = [
        ['86', '13611110002'],
        ['8', '613611110002'],
        ['861', '3611110002'],
        ['0086', '013611110002'],
        ['+1', '2125550123'],
        ['44', '07700900123'],
        ['88', '6912345678'],
        ['39', '0612345678'],
        ['3', '90612345678'],
        ['225', '0707070707'],
        ['7', '9161234567'],
        ['800', '12345678'],
        ['0', '13800000001'],
        ['86', '123'],
        ['86', '1234567890123456'],
        ['8a', '1'],
        ['', '8613800000001'],
        ['999', '013800000001'],
        ['242', '061234567'],
      ];
      for (const [a, m] of cases) {
        const [r] = (await client.query<{ p: string[] | null }>('select canonical_phone($1, $2) as p', [a, m])).rows;
        const ts = canonicalPhone(a, m, { simulated: true });
        expect(r!.p, `${a}|${m}`).toEqual(isPhone(ts) ? [ts.areaCode, ts.mobile] : null);
      }
    } finally {
      await client.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  }, 300_000);
});
