import { describe, expect, it } from 'vitest';
import { api, type CallName } from '@cbo/contract';
import { auth, oneEngine, useServer } from '../../test/helper.js';
import { accountWithMenus } from '../../test/accounts.js';
import { registeredCalls } from '../../platform/http/routes.js';
import { eq } from 'drizzle-orm';
import { sysMenu } from './tables.js';

describe.each(oneEngine)('menus and permissions (%s)', (engine) => {
  const s = useServer(engine);

  it('listByUser gives the super admin the whole tree without buttons', async () => {
    const token = await s.current.login();
    const r = await s.current.inject({ url: '/user/api/v1/sys/menu/listByUser', headers: auth(token) });
    const tree = r.json().data;
    expect(r.json().code).toBe(0);
    expect(tree.map((m: { path: string }) => m.path)).toEqual([
      '/dashboard',
      '/statistics',
      '/operation',
      '/direct',
      '/asset',
      '/outlet',
      '/device',
      '/finance',
      '/order',
      '/member',
      '/agent',
      '/feedback',
      '/system',
    ]);
    const system = tree.find((m: { path: string }) => m.path === '/system');
    expect(system).toMatchObject({ type: 0, url: null, roles: null });
    expect(system.children.map((m: { path: string; url: string }) => [m.path, m.url])).toEqual(
      expect.arrayContaining([
        ['/system/personnel', 'system/personnel'],
        ['/system/organization', 'system/organization'],
        ['/system/roles', 'system/roles'],
        ['/system/menus', 'system/menus'],
        ['/system/interfaces', 'system/interfaces'],
        ['/system/loginLog', 'system/login-log'],
      ]),
    );
    for (const screen of system.children) expect(screen.children).toEqual([]); // buttons are not routes
  });

  it('getButton answers the held buttons of a screen', async () => {
    const token = await s.current.login();
    const r = await s.current.inject({
      url: '/user/api/v1/sys/menu/getButton?path=/system/loginLog',
      headers: auth(token),
    });
    expect(r.json().data).toEqual(['sys:loginLog:export']);
    const none = await s.current.inject({ url: '/user/api/v1/sys/menu/getButton?path=/nowhere', headers: auth(token) });
    expect(none.json().data).toEqual([]);
    const bad = await s.current.inject({ url: '/user/api/v1/sys/menu/getButton', headers: auth(token) });
    expect(bad.json().code).toBe(100001);
  });

  it('a role with the login log but not its export button: sees the menu, may query, may not export', async () => {
    await accountWithMenus(s.current.database.db, 'viewer', 'viewer123', ['dashboard', 'system', 'system.loginLog']);
    const token = await s.current.login('viewer', 'viewer123');
    const tree = (await s.current.inject({ url: '/user/api/v1/sys/menu/listByUser', headers: auth(token) })).json()
      .data;
    expect(tree[1].children.map((m: { path: string }) => m.path)).toEqual(['/system/loginLog']);
    expect(tree[1].children[0].roles).toEqual(expect.arrayContaining(['r_viewer', 'super_admin']));
    const buttons = (
      await s.current.inject({ url: '/user/api/v1/sys/menu/getButton?path=/system/loginLog', headers: auth(token) })
    ).json().data;
    expect(buttons).toEqual([]);
    expect(
      (await s.current.inject({ url: '/user/api/v1/sys/loginLog/queryPage', headers: auth(token) })).json().code,
    ).toBe(0);
    const exp = await s.current.inject({
      method: 'POST',
      url: '/user/api/v1/sys/loginLog/export',
      headers: auth(token, 'zh_TW'),
      payload: {},
    });
    expect(exp.statusCode).toBe(403);
    expect(exp.json()).toMatchObject({ code: 100003, msg: '沒有權限執行此操作' });
    const dash = (
      await s.current.inject({ url: '/user/api/v1/sys/menu/dashbord?path=/dashboard', headers: auth(token) })
    ).json().data;
    expect(dash.widgets).toEqual(['account', 'recentLogins']);
  });

  it('an account with only the dashboard sees only the dashboard and is refused the login log', async () => {
    await accountWithMenus(s.current.database.db, 'plain', 'plain123', ['dashboard']);
    const token = await s.current.login('plain', 'plain123');
    const tree = (await s.current.inject({ url: '/user/api/v1/sys/menu/listByUser', headers: auth(token) })).json()
      .data;
    expect(tree.map((m: { path: string }) => m.path)).toEqual(['/dashboard']);
    expect(
      (await s.current.inject({ url: '/user/api/v1/sys/loginLog/queryPage', headers: auth(token) })).json().code,
    ).toBe(100003);
    const dash = (
      await s.current.inject({ url: '/user/api/v1/sys/menu/dashbord?path=/dashboard', headers: auth(token) })
    ).json().data;
    expect(dash.widgets).toEqual(['account']);
  });

  it("the previous sign-in is the one before this session's, not this one, and none on a first sign-in", async () => {
    await accountWithMenus(s.current.database.db, 'twice', 'twice123', ['dashboard']);
    const get = async (url: string, token: string) =>
      (await s.current.inject({ url, headers: auth(token) })).json().data;
    const info = (token: string) => get('/user/api/v1/sys/user/info', token);
    const previous = (token: string) => get('/user/api/v1/sys/user/previousLogin', token);
    const first = await s.current.login('twice', 'twice123', '198.51.100.1');
    expect(await info(first)).toMatchObject({ lastLoginIp: '198.51.100.1' });
    expect(await previous(first)).toEqual({ previousLoginTime: null, previousLoginIp: null });
    const second = await s.current.login('twice', 'twice123', '198.51.100.2');
    const now = await info(second);
    const before = await previous(second);
    expect(now).toMatchObject({ lastLoginIp: '198.51.100.2' });
    expect(before).toMatchObject({ previousLoginIp: '198.51.100.1' });
    expect(new Date(before.previousLoginTime).getTime()).toBeLessThan(new Date(now.lastLoginTime).getTime());
    // The first session still sees the sign-in before its own: none.
    expect((await previous(first)).previousLoginTime).toBeNull();
    // User info, asked on every page load, no longer reads the login log.
    expect(now).not.toHaveProperty('previousLoginTime');
    expect((await s.current.inject({ url: '/user/api/v1/sys/user/previousLogin' })).json().code).toBe(100020);
  });

  it('pathStatus tells a route the account may not open (exists, not granted) from one that does not exist', async () => {
    await accountWithMenus(s.current.database.db, 'pathdash', 'plain123', ['dashboard']);
    const token = await s.current.login('pathdash', 'plain123');
    const status = async (path: string) =>
      (
        await s.current.inject({
          url: `/user/api/v1/sys/menu/pathStatus?path=${encodeURIComponent(path)}`,
          headers: auth(token),
        })
      ).json();
    expect((await status('/system/loginLog')).data).toEqual({ exists: true, granted: false });
    expect((await status('/system/loginLog/')).data).toEqual({ exists: true, granted: false });
    expect((await status('/system')).data).toEqual({ exists: true, granted: false });
    expect((await status('/dashboard')).data).toEqual({ exists: true, granted: true });
    expect((await status('/system/nowhere')).data).toEqual({ exists: false, granted: false });
    expect((await status('')).code).toBe(100001);
    const admin = await s.current.login();
    const super_ = (
      await s.current.inject({ url: '/user/api/v1/sys/menu/pathStatus?path=/system/loginLog', headers: auth(admin) })
    ).json().data;
    expect(super_).toEqual({ exists: true, granted: true });
    expect(
      (await s.current.inject({ url: '/user/api/v1/sys/menu/pathStatus?path=/system/loginLog' })).json().code,
    ).toBe(100020);
  });

  // Generated from the route table: every route the server registered, by its declared access.
  it('matrix: every non-public route refuses no token; every permission route refuses a role without it', async () => {
    await accountWithMenus(s.current.database.db, 'nobody', 'nobody123', []);
    const token = await s.current.login('nobody', 'nobody123');
    const calls = [...registeredCalls] as CallName[];
    expect(calls.length).toBe(Object.keys(api).length);
    for (const name of calls) {
      const def = api[name];
      if (def.access === 'public') continue;
      const anon = await s.current.inject({
        method: def.method,
        url: def.path,
        payload: def.method === 'GET' ? undefined : {},
      });
      expect(anon.json().code, `${name} without a token`).toBe(100020);
      if (typeof def.access === 'object') {
        const r = await s.current.inject({
          method: def.method,
          url: def.path,
          headers: auth(token),
          payload: def.method === 'GET' ? undefined : {},
        });
        expect(r.json().code, `${name} without the permission`).toBe(100003);
      }
    }
  });

  // One account and sign-in per permission code: the time grows with the codes, so the limit is the test's own.
  it(
    'matrix: every permission route accepts an account whose role holds only the menu bound to it',
    { timeout: 360_000 },
    async () => {
      const db = s.current.database.db;
      const byCode = new Map<string, CallName[]>();
      for (const name of registeredCalls as Set<CallName>) {
        const access = api[name].access;
        if (typeof access === 'object') byCode.set(access.permission, [...(byCode.get(access.permission) ?? []), name]);
      }
      expect(byCode.size).toBeGreaterThan(10);
      let n = 0;
      for (const [code, names] of byCode) {
        // The seeded menu carrying the code is the one bound to its routes: every code has one.
        const menus = await db.select({ code: sysMenu.code }).from(sysMenu).where(eq(sysMenu.perms, code));
        expect(menus.length, `a menu carries ${code}`).toBeGreaterThan(0);
        const user = `only${n++}`;
        await accountWithMenus(db, user, 'secret123', [menus[0]!.code]);
        const token = await s.current.login(user, 'secret123');
        for (const name of names) {
          const def = api[name];
          const r = await s.current.inject({
            method: def.method,
            url: def.path,
            headers: auth(token),
            payload: def.method === 'GET' ? undefined : {},
          });
          // A download (an Excel template) answers the file itself, not the envelope: it was let through.
          const code = String(r.headers['content-type']).includes('json') ? r.json().code : 0;
          expect(code, `${name} with only ${menus[0]!.code}`).not.toBe(100003);
          expect(r.statusCode, `${name} with only ${menus[0]!.code}`).toBeLessThan(500);
        }
        // ...and is still refused a route of another code.
        const other = [...byCode.keys()].find((c) => c !== code)!;
        const od = api[byCode.get(other)![0]!];
        const refused = await s.current.inject({
          method: od.method,
          url: od.path,
          headers: auth(token),
          payload: od.method === 'GET' ? undefined : {},
        });
        expect(refused.json().code, `${code} holder calling ${other}`).toBe(100003);
      }
    },
  );
});
