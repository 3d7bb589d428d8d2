import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auth, engines, useServer } from '../../test/helper.js';

/**
 * The app's two kinds of session (agent app accounts in net_app_session, customers in
 * net_member_session) under the one session primitive (platform/auth/sessions.ts), as the
 * console's are in session-idle.http.test.ts: the idle limit with renewal on use, the maximum age,
 * sign-out, a password change and simultaneous first calls.
 */
describe.each(engines)('app and customer sessions (%s)', (engine) => {
  const s = useServer(engine, { SESSION_IDLE_MINUTES: '1' });
  const db = () => s.current.database.db;
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await db().execute(q)) as unknown as { rows: T[] }).rows;

  /** Moves the last use of the table's live sessions back, as if that much time had passed. */
  const elapse = (table: 'net_app_session' | 'net_member_session', seconds: number) =>
    db().execute(
      sql`update ${sql.identifier(table)} set last_seen_at = last_seen_at - make_interval(secs => ${seconds}) where revoked_at is null`,
    );

  let n = 0;
  const agent = async () => {
    n++;
    const mobile = `1370000${String(1000 + n)}`;
    const token = await s.current.login();
    const saved = await s.current.inject({
      method: 'POST',
      url: '/user/api/v1/agent/saveOrUpdate',
      headers: auth(token),
      payload: {
        name: `Session agent ${n}`,
        areaCode: '86',
        mobile,
        password: 'apppass1',
        level: 'A',
        ratio: 60,
        minWithdrawal: 10000,
        withdrawalFeeRate: 1,
      },
    });
    expect(saved.json().code).toBe(0);
    const signIn = async () => {
      const r = await s.current.inject({
        method: 'POST',
        url: '/user/api/app/v1/auth',
        payload: { areaCode: '86', mobile, password: 'apppass1', clientType: 'AGENT_IOS' },
      });
      expect(r.json().code).toBe(0);
      return r.json().data.token as string;
    };
    return { id: saved.json().data.id as number, name: `Session agent ${n}`, mobile, signIn, staff: token };
  };
  const me = async (token: string) =>
    (await s.current.inject({ url: '/user/api/app/v1/me', headers: { authorization: token } })).json().code as number;

  const customer = async (mobile: string) => {
    await s.current.inject({
      method: 'POST',
      url: '/user/api/app/v1/auth/sendCode',
      payload: { areaCode: '86', mobile },
    });
    const r = await s.current.inject({
      method: 'POST',
      url: '/user/api/app/v1/auth',
      payload: { areaCode: '86', mobile, code: s.current.sms.lastCode(mobile)!, clientType: 'USER_ANDROID' },
    });
    expect(r.json()).toMatchObject({ code: 0, data: { accountType: 'user' } });
    return r.json().data.token as string;
  };
  const wallet = async (token: string) =>
    (await s.current.inject({ url: '/order/api/app/v1/wallet', headers: { authorization: token } })).json()
      .code as number;

  it('keeps only the hash of an app token, renews it on use inside the idle limit and ends it after', async () => {
    const a = await agent();
    const token = await a.signIn();
    const stored = await rows<{ token_hash: string }>(
      sql`select token_hash from net_app_session where account_id = ${a.id}`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.token_hash).not.toContain(token);
    for (let i = 0; i < 4; i++) {
      await elapse('net_app_session', 50);
      expect(await me(token)).toBe(0);
    }
    await elapse('net_app_session', 61);
    expect(await me(token)).toBe(100021);
    // Too long to be a token, or none: not signed in.
    expect(await me('x'.repeat(129))).toBe(100020);
  });

  it('ends an app session past its maximum age, at sign-out, and at a password change', async () => {
    const a = await agent();
    const old = await a.signIn();
    await db().execute(
      sql`update net_app_session set expires_at = now() - interval '1 second' where account_id = ${a.id}`,
    );
    expect(await me(old)).toBe(100021);

    const out = await a.signIn();
    expect(await me(out)).toBe(0);
    const bye = await s.current.inject({
      method: 'POST',
      url: '/user/api/app/v1/logout',
      headers: { authorization: out },
      payload: {},
    });
    expect(bye.json().code).toBe(0);
    expect(await me(out)).toBe(100021);

    const live = await a.signIn();
    const changed = await s.current.inject({
      method: 'POST',
      url: '/user/api/v1/agent/saveOrUpdate',
      headers: auth(a.staff),
      payload: {
        id: a.id,
        name: a.name,
        areaCode: '86',
        mobile: a.mobile,
        password: 'apppass2',
        level: 'A',
        ratio: 60,
        minWithdrawal: 10000,
        withdrawalFeeRate: 1,
      },
    });
    expect(changed.json().code).toBe(0);
    expect(await me(live)).toBe(100021);
  });

  it('a customer session renews on use, ends when idle, and signs out', async () => {
    const token = await customer('13800007001');
    expect(await wallet(token)).toBe(0);
    await elapse('net_member_session', 50);
    expect(await wallet(token)).toBe(0);
    await elapse('net_member_session', 50);
    expect(await wallet(token)).toBe(0);
    await elapse('net_member_session', 61);
    expect(await wallet(token)).toBe(100021);

    const again = await customer('13800007001');
    expect(await wallet(again)).toBe(0);
    const bye = await s.current.inject({
      method: 'POST',
      url: '/user/api/app/v1/logout',
      headers: { authorization: again },
      payload: {},
    });
    expect(bye.json().code).toBe(0);
    expect(await wallet(again)).toBe(100021);
  });

  it('50 simultaneous calls after a pause all pass, and the renewal is written once', async () => {
    const token = await customer('13800007002');
    await elapse('net_member_session', 30);
    const [before] = await rows<{ t: string }>(
      sql`select last_seen_at::text as t from net_member_session where revoked_at is null order by id desc limit 1`,
    );
    // A row trigger counts the writes of last_seen_at on this table while the calls run.
    await db().execute(sql`create table if not exists session_touch_count (n int)`);
    await db().execute(sql`delete from session_touch_count`);
    await db().execute(sql`create or replace function session_touch_counted() returns trigger language plpgsql as $$
      begin insert into session_touch_count values (1); return new; end $$`);
    await db().execute(sql`create trigger session_touch_counted after update of last_seen_at on net_member_session
      for each row execute function session_touch_counted()`);
    try {
      const codes = await Promise.all(Array.from({ length: 50 }, () => wallet(token)));
      expect(codes).toEqual(Array(50).fill(0));
      const [after] = await rows<{ t: string }>(
        sql`select last_seen_at::text as t from net_member_session where revoked_at is null order by id desc limit 1`,
      );
      expect(after!.t).not.toBe(before!.t);
      const [writes] = await rows<{ n: number }>(sql`select count(*)::int as n from session_touch_count`);
      expect(writes!.n).toBe(1);
    } finally {
      await db().execute(sql`drop trigger session_touch_counted on net_member_session`);
      await db().execute(sql`drop function session_touch_counted()`);
      await db().execute(sql`drop table session_touch_count`);
    }
  });
});
