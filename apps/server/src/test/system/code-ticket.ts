import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { sysAccount } from '../../modules/identity/tables.js';
import { auth, type TestServer } from '../helper.js';

const G = '/user/api/v1/global/config';

/**
 * The ticket of a checked SMS code, as staff get one before a sensitive change (pay settings,
 * merchant accounts): the admin's phone set to `mobile`, a code sent, read from the recording SMS
 * provider and checked.
 */
export async function codeTicket(t: TestServer, token: string, mobile = '13900000077'): Promise<string> {
  const db = t.database.db;
  await db.update(sysAccount).set({ areaCode: '86', mobile }).where(eq(sysAccount.userName, 'admin'));
  // Earlier sends to this number would hold the next one back a minute.
  await db.execute(sql`update sys_verify_code set created_at = created_at - interval '2 minutes'`);
  const post = async (url: string, payload: object = {}) =>
    (await t.inject({ method: 'POST', url, headers: auth(token), payload })).json() as {
      code: number;
      data: any;
    };
  expect((await post(`${G}/sendCode`)).code).toBe(0);
  const checked = await post(`${G}/checkCode`, { code: t.sms.lastCode(mobile)! });
  expect(checked.code).toBe(0);
  return checked.data.ticket as string;
}
