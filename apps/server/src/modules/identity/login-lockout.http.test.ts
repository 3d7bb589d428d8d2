import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ADMIN, auth, engines, useServer, type TestServer } from '../../test/helper.js';
import { accountWithMenus } from '../../test/accounts.js';
import { query } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { LoginGuardService } from './login-guard.service.js';
import { sysAccount, sysLoginGuard } from './tables.js';

/** Four failures a pair (waits from the third), 20 for an address, 40 for an account. */
const MAX = 4;

describe.each(engines)('sign-in lockout (%s)', (engine) => {
  const s = useServer(engine, { LOGIN_MAX_FAILURES: String(MAX), LOGIN_WINDOW_MINUTES: '15' });
  const login = (payload: Record<string, unknown>, ip: string, lang = 'en_US') =>
    s.current.inject({
      method: 'POST',
      url: '/user/api/open/v1/auth',
      payload: { clientType: 'MANAGE_PC', ...payload },
      headers: { 'accept-language': lang },
      remoteAddress: ip,
    });
  const code = async (payload: Record<string, unknown>, ip: string) => (await login(payload, ip)).json().code as number;

  /** The guard runs on a clock the test moves; nothing sleeps. */
  let now = Date.now();
  const clock = (t: TestServer) => {
    now = Date.now() + 3600_000 * 24 * (1 + Math.random());
    t.server.services.identity.loginGuard.clock = () => new Date(now);
  };
  const skip = (ms: number) => (now += ms);

  let seq = 0;
  const account = async (password = 'right123', extra: Partial<typeof sysAccount.$inferInsert> = {}) => {
    const userName = `u${++seq}x${Math.floor(Math.random() * 1e6)}`;
    const id = await accountWithMenus(s.current.database.db, userName, password, ['dashboard']);
    if (Object.keys(extra).length)
      await s.current.database.db.update(sysAccount).set(extra).where(eq(sysAccount.id, id));
    return { id, userName };
  };
  const failuresOf = async (subject: string, ip: string) => {
    const [row] = await s.current.database.db
      .select()
      .from(sysLoginGuard)
      .where(sql`${sysLoginGuard.subject} = ${subject} and ${sysLoginGuard.ip} = ${ip}`);
    return row?.failures ?? 0;
  };

  it('user name in any case, area code + mobile and +area code + mobile are one account: they share one count', async () => {
    clock(s.current);
    const a = await account('right123', { areaCode: '86', mobile: '13900000077' });
    const ip = '10.20.0.1';
    expect(await code({ userName: a.userName.toUpperCase(), password: 'bad' }, ip)).toBe(100030);
    expect(await code({ areaCode: '86', mobile: '13900000077', password: 'bad' }, ip)).toBe(100030);
    expect(await code({ areaCode: '+86', mobile: '13900000077', password: 'bad' }, ip)).toBe(100030);
    // The third failure of the account from this address: the next try of any variant waits.
    for (const variant of [
      { userName: a.userName },
      { areaCode: '86', mobile: '13900000077' },
      { areaCode: '+86', mobile: '13900000077' },
    ]) {
      expect(await code({ ...variant, password: 'right123' }, ip)).toBe(100035);
    }
    expect(await failuresOf(`a:${a.id}`, ip)).toBe(3);
  });

  it('waits grow 1 s, 2 s, ... before a lockout; a refused try is not counted and does not extend anything', async () => {
    clock(s.current);
    const a = await account();
    const ip = '10.21.0.1';
    for (let i = 0; i < 3; i++) expect(await code({ userName: a.userName, password: 'bad' }, ip)).toBe(100030);
    const wait1 = (await login({ userName: a.userName, password: 'right123' }, ip)).json();
    expect(wait1).toMatchObject({ code: 100035, msg: 'Several failed sign-ins; try again in 1 s' });
    expect((await login({ userName: a.userName, password: 'bad' }, ip, 'zh_CN')).json().msg).toBe(
      '登录失败次数较多，请 1 秒后再试',
    );
    expect((await login({ userName: a.userName, password: 'bad' }, ip, 'zh_TW')).json().msg).toBe(
      '登入失敗次數較多，請 1 秒後再試',
    );
    expect(await failuresOf(`a:${a.id}`, ip)).toBe(3);
    skip(1000);
    // The 4th failure reaches the limit: locked out for the window from that failure.
    expect(await code({ userName: a.userName, password: 'bad' }, ip)).toBe(100030);
    const locked = (await login({ userName: a.userName, password: 'right123' }, ip)).json();
    expect(locked).toMatchObject({ code: 100031, msg: 'Too many failed sign-ins; try again in 15 min' });
    // Tries while locked change nothing: the lock still ends 15 minutes after the last counted failure.
    for (let m = 0; m < 14; m++) {
      skip(60_000);
      expect(await code({ userName: a.userName, password: 'bad' }, ip)).toBe(100031);
    }
    expect(await failuresOf(`a:${a.id}`, ip)).toBe(MAX);
    skip(60_000);
    expect(await code({ userName: a.userName, password: 'right123' }, ip)).toBe(0);
    expect(await failuresOf(`a:${a.id}`, ip)).toBe(0);
    // Every attempt is in the login log, refused ones with why.
    const reasons = await query<{ fail_reason: string | null; n: number }>(
      s.current.database.db,
      sql`
      select fail_reason, count(*)::int as n from sys_login_log where ip = ${ip} group by fail_reason order by fail_reason`,
    );
    expect(reasons.map((r) => [r.fail_reason, Number(r.n)])).toEqual([
      ['locked', 15],
      ['slowed', 3],
      ['wrong password', MAX],
      [null, 1],
    ]);
  });

  it('waits double after the third failure (1 s, 2 s, 4 s) until the limit (service, limit 10)', async () => {
    clock(s.current);
    const guard = new LoginGuardService(s.current.database.db, { maxFailures: 10, windowMinutes: 15 });
    guard.clock = () => new Date(now);
    const seen: number[] = [];
    for (let i = 0; i < 6; i++) {
      try {
        await guard.failed(await guard.reserve('u:doubling', '10.22.0.1'));
      } catch (e) {
        expect((e as AppError).errorName).toBe('LOGIN_SLOW_DOWN');
        seen.push((e as AppError).params!.seconds as number);
        skip(seen.at(-1)! * 1000);
        await guard.failed(await guard.reserve('u:doubling', '10.22.0.1'));
      }
    }
    expect(seen).toEqual([1, 2, 4]);
  });

  it("a stranger's failures from another address never block the owner's address", async () => {
    clock(s.current);
    const a = await account();
    expect(await code({ userName: a.userName, password: 'right123' }, '10.23.0.1')).toBe(0);
    for (let i = 0; i < MAX; i++) {
      expect(await code({ userName: a.userName, password: 'bad' }, '10.23.9.9')).toBe(100030);
      skip(10_000);
    }
    expect(await code({ userName: a.userName, password: 'right123' }, '10.23.9.9')).toBe(100031);
    expect(await code({ userName: a.userName, password: 'right123' }, '10.23.0.1')).toBe(0);
    // Many addresses together (10 x the pair limit) hold the account back only where it never signed in.
    for (let i = 0; i < MAX * 10 - MAX; i++)
      expect(await code({ userName: a.userName, password: 'bad' }, `10.24.${i >> 8}.${i & 255}`)).toBe(100030);
    expect(await code({ userName: a.userName, password: 'right123' }, '10.25.0.1')).toBe(100031);
    expect(await code({ userName: a.userName, password: 'right123' }, '10.23.0.1')).toBe(0);
  });

  it('an unknown name is answered exactly like an account: nothing tells whether it exists', async () => {
    clock(s.current);
    const a = await account();
    const answers = async (userName: string, ip: string) => {
      const out: number[] = [];
      for (let i = 0; i < 6; i++) {
        out.push(await code({ userName, password: 'bad' }, ip));
        if (i === 3) skip(1000);
      }
      return out;
    };
    const known = await answers(a.userName, '10.26.0.1');
    const unknown = await answers('nobody_here', '10.26.0.2');
    expect(known).toEqual([100030, 100030, 100030, 100035, 100030, 100031]);
    expect(unknown).toEqual(known);
    // An address that sprayed 5 x the pair limit of names is refused for any name it never signed in to, known or not.
    for (let i = 0; i < MAX * 5; i++) await code({ userName: `spray${i}`, password: 'bad' }, '10.26.0.3');
    expect(await code({ userName: a.userName, password: 'right123' }, '10.26.0.3')).toBe(100031);
    expect(await code({ userName: 'nobody_else', password: 'bad' }, '10.26.0.3')).toBe(100031);
  });

  it('an administrator sees the lockouts and lifts them; the account then signs in from that address', async () => {
    clock(s.current);
    const a = await account();
    const ip = '10.27.0.1';
    for (let i = 0; i < MAX; i++) {
      await code({ userName: a.userName, password: 'bad' }, ip);
      skip(10_000);
    }
    expect(await code({ userName: a.userName, password: 'right123' }, ip)).toBe(100031);
    const token = await s.current.login(ADMIN.userName, ADMIN.password, '10.27.9.1');
    const locks = (
      await s.current.inject({ url: `/user/api/v1/sys/manage/loginLocks?manageId=${a.id}`, headers: auth(token) })
    ).json();
    expect(locks.code).toBe(0);
    expect(locks.data).toEqual([
      { manageId: a.id, ip, failures: MAX, lockedUntil: new Date(now - 10_000 + 15 * 60_000).toISOString() },
    ]);
    const all = (await s.current.inject({ url: '/user/api/v1/sys/manage/loginLocks', headers: auth(token) })).json();
    expect(all.data.map((l: { manageId: number }) => l.manageId)).toContain(a.id);
    const lifted = (
      await s.current.inject({
        method: 'PUT',
        url: '/user/api/v1/sys/manage/unlockLogin',
        headers: auth(token),
        payload: { manageId: a.id },
      })
    ).json();
    expect(lifted).toMatchObject({ code: 0, data: { lifted: 1 } });
    expect(
      (
        await s.current.inject({ url: `/user/api/v1/sys/manage/loginLocks?manageId=${a.id}`, headers: auth(token) })
      ).json().data,
    ).toEqual([]);
    expect(await code({ userName: a.userName, password: 'right123' }, ip)).toBe(0);
    const unknown = (
      await s.current.inject({
        method: 'PUT',
        url: '/user/api/v1/sys/manage/unlockLogin',
        headers: auth(token, 'zh_CN'),
        payload: { manageId: 999999 },
      })
    ).json();
    expect(unknown).toMatchObject({ code: 100004, msg: '数据不存在' });
    const bad = (
      await s.current.inject({
        method: 'PUT',
        url: '/user/api/v1/sys/manage/unlockLogin',
        headers: auth(token),
        payload: { manageId: 'x' },
      })
    ).json();
    expect(bad.code).toBe(100001);
  });

  it('lifting a lockout needs its own permission; seeing them needs the personnel screen', async () => {
    const db = s.current.database.db;
    await accountWithMenus(db, 'viewer1', 'viewer123', ['system', 'system.personnel']);
    await accountWithMenus(db, 'unlocker1', 'unlock123', [
      'system',
      'system.personnel',
      'system.personnel.unlockLogin',
    ]);
    const nobodyId = await accountWithMenus(db, 'nobody1', 'nobody123', ['dashboard']);
    const viewer = await s.current.login('viewer1', 'viewer123', '10.28.0.1');
    const unlocker = await s.current.login('unlocker1', 'unlock123', '10.28.0.2');
    const nobody = await s.current.login('nobody1', 'nobody123', '10.28.0.3');
    const put = (token: string, lang = 'en_US') =>
      s.current.inject({
        method: 'PUT',
        url: '/user/api/v1/sys/manage/unlockLogin',
        headers: auth(token, lang),
        payload: { manageId: nobodyId },
      });
    expect((await put(viewer, 'zh_TW')).json()).toMatchObject({ code: 100003, msg: '沒有權限執行此操作' });
    expect((await put(nobody)).json().code).toBe(100003);
    expect((await put(unlocker)).json().code).toBe(0);
    // A super administrator's lockouts are lifted by a super administrator only.
    const unlockSuper = await s.current.inject({
      method: 'PUT',
      url: '/user/api/v1/sys/manage/unlockLogin',
      headers: auth(unlocker),
      payload: { manageId: 1 },
    });
    expect(unlockSuper.json().code).toBe(100131);
    expect(
      (await s.current.inject({ url: '/user/api/v1/sys/manage/loginLocks', headers: auth(viewer) })).json().code,
    ).toBe(0);
    expect(
      (await s.current.inject({ url: '/user/api/v1/sys/manage/loginLocks', headers: auth(nobody) })).json().code,
    ).toBe(100003);
  });

  it('50 wrong passwords at once for one pair: each is counted or refused, never more password checks than allowed', async () => {
    clock(s.current);
    const a = await account();
    const ip = '10.29.0.1';
    const codes = await Promise.all(
      Array.from({ length: 50 }, () => code({ userName: a.userName, password: 'bad' }, ip)),
    );
    const checked = codes.filter((c) => c === 100030).length;
    expect(codes.filter((c) => c !== 100030).every((c) => c === 100035 || c === 100031 || c === 100005)).toBe(true);
    // Checks in flight and failures together never pass the limit (10 by default), however they interleave.
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(s.current.config.LOGIN_MAX_FAILURES);
    expect(await failuresOf(`a:${a.id}`, ip)).toBe(checked);
    const [logged] = await query<{ n: number }>(
      s.current.database.db,
      sql`select count(*)::int as n from sys_login_log where ip = ${ip} and fail_reason = 'wrong password'`,
    );
    expect(Number(logged!.n)).toBe(checked);
  });

  it('50 wrong passwords at once from 50 addresses: the account-wide count lets exactly 10 x the pair limit through', async () => {
    clock(s.current);
    const a = await account();
    const codes = await Promise.all(
      Array.from({ length: 50 }, (_, i) => code({ userName: a.userName, password: 'bad' }, `10.30.0.${i + 1}`)),
    );
    expect(codes.filter((c) => c === 100030)).toHaveLength(MAX * 10);
    expect(codes.filter((c) => c === 100031)).toHaveLength(50 - MAX * 10);
    expect(await failuresOf(`a:${a.id}`, '*')).toBe(MAX * 10);
  });
});
