import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ADMIN, auth, engines, useServer } from '../../test/helper.js';
import { hashPassword } from '../../platform/auth/tokens.js';
import { sysAccount, sysAccountRole, sysRole, sysSession } from './tables.js';

describe.each(engines)('sign-in and sessions (%s)', (engine) => {
  const s = useServer(engine, { LOGIN_MAX_FAILURES: '5' });
  const login = (payload: unknown, headers: Record<string, string> = {}, ip = '10.1.1.1') =>
    s.current.inject({
      method: 'POST',
      url: '/user/api/open/v1/auth',
      payload: payload as object,
      headers,
      remoteAddress: ip,
    });

  it('signs in with a trimmed user name and answers token and browserType', async () => {
    const res = await login({
      userName: '  admin ',
      password: ADMIN.password,
      clientType: 'MANAGE_PC',
      browserType: 3,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.data.browserType).toBe(3);
  });

  it('stores only the hash of the token', async () => {
    const token = await s.current.login();
    const rows = await s.current.database.db.select().from(sysSession);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('signs in with area code and mobile', async () => {
    await s.current.database.db
      .update(sysAccount)
      .set({ areaCode: '86', mobile: '13800000001' })
      .where(sql`user_name = 'admin'`);
    const res = await login({
      areaCode: ' 86 ',
      mobile: '13800000001',
      password: ADMIN.password,
      clientType: 'MANAGE_PC',
    });
    expect(res.json().code).toBe(0);
  });

  it('refuses a wrong password in the caller language, and logs the attempt', async () => {
    const zh = await login(
      { userName: 'admin', password: 'nope', clientType: 'MANAGE_PC' },
      { 'accept-language': 'zh_CN' },
      '10.2.0.1',
    );
    expect(zh.json()).toMatchObject({ code: 100030, msg: '账号或密码错误', data: null });
    const tw = await login(
      { userName: 'admin', password: 'nope', clientType: 'MANAGE_PC' },
      { 'accept-language': 'zh-TW' },
      '10.2.0.2',
    );
    expect(tw.json().msg).toBe('帳號或密碼錯誤');
    const en = await login(
      { userName: 'ghost', password: 'nope', clientType: 'MANAGE_PC' },
      { 'accept-language': 'en-US,en;q=0.9' },
      '10.2.0.3',
    );
    expect(en.json()).toMatchObject({ code: 100030, msg: 'Wrong account or password' });
    const rows = await s.current.database.db.execute(
      sql`select result, fail_reason from sys_login_log where ip = '10.2.0.3'`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ result: 'fail', fail_reason: 'unknown account' }]);
  });

  // The guard's clock moves instead of the test waiting out the short waits between failures.
  const stepClock = () => {
    let t = Date.now();
    s.current.server.services.identity.loginGuard.clock = () => new Date(t);
    return {
      skip: (ms: number) => (t += ms),
      restore: () => (s.current.server.services.identity.loginGuard.clock = () => new Date()),
    };
  };

  it('locks an account at one address after 5 failures there, even with the right password; other addresses still sign in', async () => {
    const db = s.current.database.db;
    const [role] = await db.select().from(sysRole).limit(1);
    const [acc] = await db
      .insert(sysAccount)
      .values({ userName: 'locky', nickName: 'L', passwordHash: await hashPassword('right123') })
      .returning();
    await db.insert(sysAccountRole).values({ accountId: acc!.id, roleId: role!.id });
    const clock = stepClock();
    for (let i = 0; i < 5; i++) {
      const r = await login({ userName: 'locky', password: 'wrong' }, {}, '10.3.0.1');
      expect(r.json().code).toBe(100030);
      clock.skip(61_000);
    }
    const locked = await login({ userName: 'locky', password: 'right123' }, { 'accept-language': 'en_US' }, '10.3.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe(100031);
    expect(locked.json().msg).toMatch(/try again in \d+ min/);
    const elsewhere = await login({ userName: 'locky', password: 'right123' }, {}, '10.3.0.2');
    expect(elsewhere.json().code).toBe(0);
    clock.restore();
  });

  it('an address failing on many names is refused for accounts it never signed in to, not for one that did', async () => {
    const db = s.current.database.db;
    const [role] = await db.select().from(sysRole).limit(1);
    const [acc] = await db
      .insert(sysAccount)
      .values({ userName: 'sprayed', nickName: 'S', passwordHash: await hashPassword('right123') })
      .returning();
    await db.insert(sysAccountRole).values({ accountId: acc!.id, roleId: role!.id });
    await s.current.login(ADMIN.userName, ADMIN.password, '10.4.0.1');
    // 5 failures a pair, 5 times that for one address over the accounts it never signed in to.
    for (let i = 0; i < 25; i++)
      expect((await login({ userName: `nobody${i}`, password: 'x' }, {}, '10.4.0.1')).json().code).toBe(100030);
    expect((await login({ userName: 'sprayed', password: 'right123' }, {}, '10.4.0.1')).json().code).toBe(100031);
    expect((await login({ userName: 'admin', password: ADMIN.password }, {}, '10.4.0.1')).json().code).toBe(0);
    expect((await login({ userName: 'sprayed', password: 'right123' }, {}, '10.4.0.2')).json().code).toBe(0);
  });

  it.each([
    ['missing password', { userName: 'admin' }, /password/],
    ['neither user name nor mobile', { password: 'x' }, /userName/],
    ['wrong types', { userName: 12, password: true }, /userName|password/],
    ['10,000-character user name', { userName: 'a'.repeat(10_000), password: 'x' }, /userName/],
    ['unknown client type', { userName: 'admin', password: 'x', clientType: 'TOASTER' }, /clientType/],
  ])('answers bad input (%s) with code 100001 naming the field, never a 500', async (_n, payload, field) => {
    const r = await login(payload, { 'accept-language': 'en_US' });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe(100001);
    expect(r.json().msg).toMatch(field);
  });

  it('answers broken JSON and a wrong content type with a clear code', async () => {
    const broken = await s.current.inject({
      method: 'POST',
      url: '/user/api/open/v1/auth',
      payload: '{"userName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe(100002);
    const xml = await s.current.inject({
      method: 'POST',
      url: '/user/api/open/v1/auth',
      payload: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBeLessThan(500);
    expect(xml.json().code).not.toBe(0);
  });

  it('user info needs a token: none, forged, revoked and expired get 100020/100021', async () => {
    const url = '/user/api/v1/sys/user/info';
    expect((await s.current.inject({ url })).json().code).toBe(100020);
    expect((await s.current.inject({ url, headers: auth('forged-token-value') })).json().code).toBe(100020);
    expect((await s.current.inject({ url, headers: auth('x'.repeat(5000)) })).json().code).toBe(100020);
    const token = await s.current.login();
    const ok = await s.current.inject({ url, headers: auth(token) });
    expect(ok.json().data).toMatchObject({ userName: 'admin', roles: ['super_admin'] });
    expect(ok.json().data.lastLoginTime).not.toBeNull();
    const bearer = await s.current.inject({ url, headers: { authorization: `Bearer ${token}` } });
    expect(bearer.json().code).toBe(0);
    // logout revokes
    expect(
      (
        await s.current.inject({ method: 'POST', url: '/user/api/v1/auth/logout', headers: auth(token), payload: {} })
      ).json().code,
    ).toBe(0);
    expect((await s.current.inject({ url, headers: auth(token) })).json().code).toBe(100021);
    // idle expiry
    const t2 = await s.current.login();
    await s.current.database.db.execute(
      sql`update sys_session set last_seen_at = now() - interval '1 day' where revoked_at is null`,
    );
    const expired = await s.current.inject({ url, headers: auth(t2, 'zh_CN') });
    expect(expired.json()).toMatchObject({ code: 100021, msg: '登录已过期，请重新登录' });
  });

  it('a frozen account is refused at once (100023) and cannot sign in', async () => {
    const token = await s.current.login();
    await s.current.database.db
      .update(sysAccount)
      .set({ status: 1 })
      .where(sql`user_name = 'admin'`);
    expect((await s.current.inject({ url: '/user/api/v1/sys/user/info', headers: auth(token) })).json().code).toBe(
      100023,
    );
    const r = await login({ userName: 'admin', password: ADMIN.password }, {}, '10.9.9.9');
    expect(r.json().code).toBe(100032);
    await s.current.database.db
      .update(sysAccount)
      .set({ status: 0 })
      .where(sql`user_name = 'admin'`);
  });

  it('every attempt is in the login log, which pages and filters', async () => {
    const token = await s.current.login();
    const page = await s.current.inject({
      url: '/user/api/v1/sys/loginLog/queryPage?pageNum=1&pageSize=3&result=fail',
      headers: auth(token),
    });
    const body = page.json();
    expect(body.code).toBe(0);
    expect(body.data.list).toHaveLength(3);
    expect(body.data.total).toBeGreaterThan(3);
    expect(body.data.list.every((r: { result: string }) => r.result === 'fail')).toBe(true);
    const byName = await s.current.inject({
      url: '/user/api/v1/sys/loginLog/queryPage?userName=lock',
      headers: auth(token),
    });
    const named = byName.json().data.list as { userName: string }[];
    // The earlier tests' attempts as "locky" are there (an empty page would pass any "every").
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((r) => r.userName === 'locky')).toBe(true);
  });

  it('rejects a login-log range over 30 days and a start after its end', async () => {
    const token = await s.current.login();
    const long = await s.current.inject({
      url: '/user/api/v1/sys/loginLog/queryPage?beginTime=2026-01-01T00:00:00Z&endTime=2026-03-01T00:00:00Z',
      headers: auth(token),
    });
    expect(long.json().code).toBe(100060);
    const reversed = await s.current.inject({
      url: '/user/api/v1/sys/loginLog/queryPage?beginTime=2026-03-01T00:00:00Z&endTime=2026-02-01T00:00:00Z',
      headers: auth(token),
    });
    expect(reversed.json().code).toBe(100062);
    const junk = await s.current.inject({
      url: '/user/api/v1/sys/loginLog/queryPage?beginTime=yesterday-ish&pageSize=1000',
      headers: auth(token),
    });
    expect(junk.json().code).toBe(100001);
  });
});

describe.each(engines)('single session (%s)', (engine) => {
  const s = useServer(engine, { SESSION_SINGLE: '1' });
  it('a new sign-in ends the older session with 100022', async () => {
    const first = await s.current.login();
    await s.current.login(undefined, undefined, '10.0.0.2');
    const r = await s.current.inject({ url: '/user/api/v1/sys/user/info', headers: auth(first) });
    expect(r.json().code).toBe(100022);
  });
});
