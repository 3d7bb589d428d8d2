import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { api, PERMS, type CallName } from '@cbo/contract';
import { ADMIN, auth, oneEngine, useServer, type TestServer } from '../../test/helper.js';

/**
 * Privilege escalation, as a class: every identity call that grants roles, menus, permission
 * codes or interface bindings, resets a password or touches an account is tried by an account
 * holding only that call's own permission menu (and the menus above it). It must be refused
 * whatever it tries to grant beyond its own holdings, or when it touches a super administrator,
 * with nothing stored changed; granting what it holds still works.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Answer {
  code: number;
  msg: string;
  data: any;
}

/** Body fields that grant something or aim at an account. */
const GRANTING_FIELD = /^(roleIds|menuIds|menuId|perms|apiIds|manageId)$|password$/i;

/** Calls matching GRANTING_FIELD that grant nothing to anyone, and why. */
const NOT_A_GRANT: Partial<Record<CallName, string>> = {
  login: "signing in with one's own password grants nothing",
  managePassword: "changes only one's own password and needs the current one",
};

/** Calls checked in their service rather than by the guard: the code they check. */
const SERVICE_CHECKED: Partial<Record<CallName, string>> = { manageUpdate: PERMS.manageEdit };

/** The field names of a call's body, through optional, default and pipe wrappers. */
function bodyKeys(schema: z.ZodType | undefined): string[] {
  let s: any = schema;
  for (let i = 0; s && i < 10; i++) {
    if (s.shape) return Object.keys(s.shape);
    s = s.def?.innerType ?? s.def?.in ?? s.def?.schema;
  }
  return [];
}

interface Fixture {
  t: TestServer;
  su: string;
  me: string;
  meId: number;
  myRole: number;
  /** A role holding exactly the caller's menus, held by `victim`. */
  okRole: number;
  victim: number;
  victimName: string;
  /** An account with the operations role: more menus than the caller. */
  bigger: number;
  adminId: number;
  superRole: number;
  opsRole: number;
  menu: (code: string) => {
    id: number;
    parentId: number;
    type: number;
    name: string;
    perms: string | null;
    buttonType: string | null;
  };
  apiId: (name: CallName) => number;
  /** A custom button made by the super admin under the menu `parent`, optionally added to the caller's role. */
  customButton: (parent: string, name: string, giveToCaller?: boolean) => Promise<number>;
}

interface Attempt {
  what: string;
  /** For DELETE: the query string. */
  input: Record<string, unknown> | ((f: Fixture) => Record<string, unknown>);
  code: number;
}

interface Case {
  call: CallName;
  refused: (f: Fixture) => Promise<Attempt[]> | Attempt[];
  /** Grants only what the caller holds; must succeed. Answers a check run afterwards. */
  allowed: (f: Fixture) => Promise<{ input: Record<string, unknown>; check: (a: Answer) => Promise<void> }[]>;
  /** Extra proof after the refusals (for example that a password was not changed). */
  afterRefusals?: (f: Fixture) => Promise<void>;
}

const VICTIM_PASSWORD = 'start123';
const accountBody = (userName: string, roleIds: number[]) => ({
  userName,
  nickName: userName,
  password: VICTIM_PASSWORD,
  roleIds,
});
const menuBody = (m: ReturnType<Fixture['menu']>, over: Record<string, unknown> = {}) => ({
  id: (m as { id: number }).id,
  parentId: m.parentId,
  type: m.type,
  name: m.name,
  ...(m.perms ? { perms: m.perms } : {}),
  ...(m.buttonType ? { buttonType: m.buttonType } : {}),
  ...over,
});

const CASES: Case[] = [
  {
    call: 'manageCreate',
    refused: (f) => [
      { what: 'an account with the super role', input: accountBody('esc_super', [f.superRole]), code: 100130 },
      {
        what: 'an account with a role holding menus the caller lacks',
        input: accountBody('esc_ops', [f.opsRole]),
        code: 100130,
      },
      {
        what: 'an account with a permitted role and the super role',
        input: accountBody('esc_mixed', [f.okRole, f.superRole]),
        code: 100130,
      },
    ],
    allowed: async (f) => [
      {
        input: accountBody('esc_fine', [f.okRole]),
        check: async (a) => {
          const info = await call(f.t, f.su, 'GET', `/user/api/v1/sys/manage/info?manageId=${a.data.manageId}`);
          expect(info.data.roles.map((r: { id: number }) => r.id)).toEqual([f.okRole]);
        },
      },
    ],
  },
  {
    call: 'manageUpdate',
    refused: (f) => [
      {
        what: 'giving itself the super role',
        input: { manageId: f.meId, nickName: 'me', roleIds: [f.superRole] },
        code: 100132,
      },
      {
        what: 'adding the super role to its own',
        input: { manageId: f.meId, nickName: 'me', roleIds: [f.myRole, f.superRole] },
        code: 100132,
      },
      {
        what: 'giving another account the super role',
        input: { manageId: f.victim, nickName: 'victim', roleIds: [f.superRole] },
        code: 100130,
      },
      {
        what: 'giving another account a role holding menus it lacks',
        input: { manageId: f.victim, nickName: 'victim', roleIds: [f.okRole, f.opsRole] },
        code: 100130,
      },
      { what: 'renaming a super administrator', input: { manageId: f.adminId, nickName: 'Pwned' }, code: 100131 },
      {
        what: 'changing the roles of a super administrator',
        input: { manageId: f.adminId, nickName: 'Administrator', roleIds: [f.okRole] },
        code: 100131,
      },
      {
        what: 'changing the mobile of a super administrator',
        input: { manageId: f.adminId, nickName: 'Administrator', areaCode: '86', mobile: '13900000000' },
        code: 100131,
      },
    ],
    allowed: async (f) => [
      {
        input: { manageId: f.victim, nickName: 'victim', roleIds: [f.okRole, f.myRole] },
        check: async (a) =>
          expect(a.data.roles.map((r: { id: number }) => r.id).sort()).toEqual([f.okRole, f.myRole].sort()),
      },
      // Its own profile, sending the roles it already has (as an unchanged form does).
      {
        input: { manageId: f.meId, nickName: 'Renamed', roleIds: [f.myRole] },
        check: async (a) => expect(a.data.nickName).toBe('Renamed'),
      },
    ],
  },
  {
    call: 'manageStatus',
    refused: (f) => [
      { what: 'freezing a super administrator', input: { manageId: f.adminId, status: 1 }, code: 100131 },
      { what: 'setting the status of a super administrator', input: { manageId: f.adminId, status: 0 }, code: 100131 },
    ],
    allowed: async (f) => [
      { input: { manageId: f.victim, status: 1 }, check: async (a) => expect(a.code).toBe(0) },
      { input: { manageId: f.victim, status: 0 }, check: async (a) => expect(a.code).toBe(0) },
    ],
  },
  {
    call: 'manageResetPassword',
    refused: (f) => [
      {
        what: "resetting a super administrator's password",
        input: { manageId: f.adminId, password: 'taken123' },
        code: 100131,
      },
      {
        what: 'resetting the password of an account holding more than the caller',
        input: { manageId: f.bigger, password: 'taken123' },
        code: 100138,
      },
    ],
    afterRefusals: async (f) => {
      // The super administrator still signs in with its own password, not the attacker's.
      await f.t.login(ADMIN.userName, ADMIN.password, '10.9.0.1');
      const stolen = await f.t.inject({
        method: 'POST',
        url: api.login.path,
        payload: { userName: ADMIN.userName, password: 'taken123', clientType: 'MANAGE_PC' },
        remoteAddress: '10.9.0.2',
      });
      expect(stolen.json().code).toBe(100030);
    },
    allowed: async (f) => [
      {
        input: { manageId: f.victim, password: 'fresh123' },
        check: async () => void (await f.t.login(f.victimName, 'fresh123', '10.9.0.3')),
      },
    ],
  },
  {
    call: 'manageUnlockLogin',
    refused: (f) => [
      { what: "lifting a super administrator's sign-in lockout", input: { manageId: f.adminId }, code: 100131 },
    ],
    allowed: async (f) => {
      // The victim locked out at one address first (LOGIN_MAX_FAILURES wrong passwords, a minute apart on
      // the guard's clock), so there is a lockout to lift: "lifted 0" would prove nothing.
      const guard = f.t.server.services.identity.loginGuard;
      let now = Date.now();
      guard.clock = () => new Date(now);
      const attempt = (password: string) =>
        f.t.inject({
          method: 'POST',
          url: api.login.path,
          payload: { userName: f.victimName, password, clientType: 'MANAGE_PC' },
          remoteAddress: '10.9.0.4',
        });
      try {
        for (let i = 0; i < f.t.config.LOGIN_MAX_FAILURES; i++) {
          expect((await attempt('not-it-1')).json().code).toBe(100030);
          now += 61_000;
        }
        expect((await attempt(VICTIM_PASSWORD)).json().code).toBe(100031);
      } finally {
        guard.clock = () => new Date();
      }
      return [
        {
          input: { manageId: f.victim },
          check: async (a) => {
            expect(a.data.lifted).toBe(1);
            expect((await attempt(VICTIM_PASSWORD)).json().code).toBe(0);
          },
        },
      ];
    },
  },
  {
    call: 'roleSave',
    refused: async (f) => {
      const own = (await call(f.t, f.su, 'GET', `/user/api/v1/sys/role/detail?id=${f.myRole}`)).data;
      const ops = (await call(f.t, f.su, 'GET', `/user/api/v1/sys/role/detail?id=${f.opsRole}`)).data;
      return [
        {
          what: 'a new role with a menu it lacks',
          input: { name: 'esc_wide', weight: 1, menuIds: [f.menu('system.loginLog').id] },
          code: 100109,
        },
        {
          what: 'editing the super role',
          input: { id: f.superRole, name: 'role.superAdmin', weight: 100, menuIds: own.menuIds },
          code: 100133,
        },
        {
          what: 'narrowing a role holding menus it lacks',
          input: { id: f.opsRole, name: ops.name, weight: ops.weight, menuIds: [f.menu('system').id] },
          code: 100133,
        },
        {
          what: 'widening its own role',
          input: {
            id: f.myRole,
            name: own.name,
            weight: own.weight,
            menuIds: [...own.menuIds, f.menu('system.loginLog').id],
          },
          code: 100109,
        },
        {
          what: 'changing the menus of its own role',
          input: { id: f.myRole, name: own.name, weight: own.weight, menuIds: [f.menu('system').id] },
          code: 100134,
        },
      ];
    },
    allowed: async (f) => {
      const own = (await call(f.t, f.su, 'GET', `/user/api/v1/sys/role/detail?id=${f.myRole}`)).data;
      return [
        {
          input: { name: 'esc_same', weight: 1, menuIds: own.menuIds },
          check: async (a) =>
            expect((await call(f.t, f.su, 'GET', `/user/api/v1/sys/role/detail?id=${a.data.id}`)).data.menuIds).toEqual(
              own.menuIds,
            ),
        },
        // Its own role may be renamed, its menus unchanged.
        {
          input: { id: f.myRole, name: 'esc_renamed', weight: own.weight, menuIds: own.menuIds },
          check: async (a) => expect(a.data.id).toBe(f.myRole),
        },
      ];
    },
  },
  {
    call: 'roleDelete',
    refused: async (f) => {
      const wide = (
        await call(f.t, f.su, 'POST', api.roleSave.path, {
          name: 'esc_spare_wide',
          weight: 1,
          menuIds: [f.menu('system.loginLog').id],
        })
      ).data.id;
      return [
        { what: 'deleting a role holding menus it lacks', input: { id: wide }, code: 100133 },
        { what: 'deleting the super role', input: { id: f.superRole }, code: 100107 },
      ];
    },
    allowed: async (f) => {
      const own = (await call(f.t, f.su, 'GET', `/user/api/v1/sys/role/detail?id=${f.myRole}`)).data;
      const spare = (
        await call(f.t, f.su, 'POST', api.roleSave.path, { name: 'esc_spare', weight: 1, menuIds: own.menuIds })
      ).data.id;
      return [
        {
          input: { id: spare },
          check: async () =>
            expect((await call(f.t, f.su, 'GET', `/user/api/v1/sys/role/detail?id=${spare}`)).code).toBe(100004),
        },
      ];
    },
  },
  {
    call: 'menuSave',
    refused: (f) => {
      const own = f.menu('system.menus.save');
      return [
        { what: 'its own button given a code it lacks', input: menuBody(own, { perms: PERMS.roleSave }), code: 100136 },
        {
          what: 'its own button given a code only a service checks',
          input: menuBody(own, { perms: PERMS.manageEdit }),
          code: 100116,
        },
        {
          what: 'a new button with a code it lacks',
          input: { parentId: f.menu('system.menus').id, type: 2, name: 'esc', perms: PERMS.manageResetPassword },
          code: 100136,
        },
        {
          what: 'editing a menu it does not hold',
          input: menuBody(f.menu('system.loginLog.export'), { name: 'Renamed' }),
          code: 100135,
        },
        {
          what: 'a new button under a menu it does not hold',
          input: { parentId: f.menu('system.roles').id, type: 2, name: 'esc' },
          code: 100135,
        },
        {
          what: 'moving its own button under a menu it does not hold',
          input: menuBody(own, { parentId: f.menu('system.roles').id }),
          code: 100135,
        },
      ];
    },
    allowed: async (f) => [
      {
        input: {
          parentId: f.menu('system.menus').id,
          type: 2,
          name: 'esc_query',
          perms: PERMS.menuQuery,
          buttonType: 'query',
        },
        check: async (a) =>
          expect(
            (await call(f.t, f.su, 'GET', `/user/api/v1/sys/menu/queryMenuInfo?id=${a.data.id}`)).data.menu.perms,
          ).toBe(PERMS.menuQuery),
      },
      { input: menuBody(f.menu('system.menus.save'), { name: 'Save it' }), check: async (a) => expect(a.code).toBe(0) },
    ],
  },
  {
    call: 'menuBindUrls',
    refused: (f) => [
      {
        what: 'binding a route it may not call to its own button',
        input: { menuId: f.menu('system.menus.bind').id, apiIds: [f.apiId('roleSave')] },
        code: 100137,
      },
      {
        what: 'binding the reset-password route to its own menu',
        input: { menuId: f.menu('system.menus').id, apiIds: [f.apiId('manageResetPassword')] },
        code: 100137,
      },
      {
        what: 'binding a route it may call to a menu it does not hold',
        input: { menuId: f.menu('system.loginLog').id, apiIds: [f.apiId('menuRecursions')] },
        code: 100135,
      },
    ],
    allowed: async (f) => [
      {
        input: { menuId: f.menu('system.menus.bind').id, apiIds: [f.apiId('menuRecursions')] },
        check: async () => {
          const bound = (
            await call(f.t, f.su, 'GET', `/user/api/v1/sys/menu/selectBindingUrl?id=${f.menu('system.menus.bind').id}`)
          ).data;
          expect(bound.map((r: { path: string }) => r.path)).toContain(api.menuRecursions.path);
        },
      },
    ],
  },
  {
    call: 'menuDelete',
    refused: async (f) => [
      {
        what: 'deleting a menu it does not hold',
        input: { id: await f.customButton('system.roles', 'esc_theirs') },
        code: 100135,
      },
    ],
    allowed: async (f) => {
      const mine = await f.customButton('system.menus', 'esc_mine', true);
      return [
        {
          input: { id: mine },
          check: async () =>
            expect((await call(f.t, f.su, 'GET', `/user/api/v1/sys/menu/queryMenuInfo?id=${mine}`)).code).toBe(100004),
        },
      ];
    },
  },
];

async function call(t: TestServer, token: string, method: Method, url: string, payload?: unknown): Promise<Answer> {
  const r = await t.inject({ method, url, headers: auth(token), payload: payload as never });
  const body = r.json() as Answer;
  expect(r.statusCode, `${method} ${url}: ${body.msg}`).toBeLessThan(500);
  return body;
}

/** Sends the call's input as its body, or as the query of a DELETE. */
function invoke(t: TestServer, token: string, name: CallName, input: Record<string, unknown>): Promise<Answer> {
  const d = api[name];
  if (d.method === 'DELETE' || d.method === 'GET')
    return call(
      t,
      token,
      d.method,
      `${d.path}?${new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)]))}`,
    );
  return call(t, token, d.method, d.path, input);
}

/** What an escalation could change, read back as the super administrator. */
async function snapshot(t: TestServer, su: string) {
  const accounts = (await call(t, su, 'GET', '/user/api/v1/sys/manage/list?pageSize=100')).data.list.map(
    ({ loginCount: _l, lastLoginTime: _t, ...a }: Record<string, unknown>) => a,
  );
  const roles = (await call(t, su, 'GET', '/user/api/v1/sys/role/queryPage?pageSize=100')).data.list;
  const roleMenus = await Promise.all(
    roles.map(async (r: { id: number }) => (await call(t, su, 'GET', `/user/api/v1/sys/role/detail?id=${r.id}`)).data),
  );
  const menus = (await call(t, su, 'GET', '/user/api/v1/sys/menu/recursions/list')).data;
  const bindings: unknown[] = [];
  for (let page = 1; ; page++) {
    const p = (await call(t, su, 'GET', `/user/api/v1/sys/api/queryPage?pageSize=100&pageNum=${page}`)).data;
    bindings.push(...p.list.map((a: { id: number; access: string; menus: unknown }) => [a.id, a.access, a.menus]));
    if (page * 100 >= p.total) break;
  }
  return { accounts, roleMenus, menus, bindings };
}

describe('the escalation cases cover the contract', () => {
  it('every non-GET identity call whose body grants or aims at an account has a case', () => {
    const granting = (Object.keys(api) as CallName[]).filter((n) => {
      const d = api[n];
      return d.module === 'identity' && d.method !== 'GET' && bodyKeys(d.body).some((k) => GRANTING_FIELD.test(k));
    });
    // A sanity check of the enumeration itself: it finds the calls the probe abused.
    expect(granting).toEqual(
      expect.arrayContaining([
        'manageCreate',
        'manageUpdate',
        'manageResetPassword',
        'menuSave',
        'menuBindUrls',
        'roleSave',
      ]),
    );
    const covered = new Set<CallName>([...CASES.map((c) => c.call), ...(Object.keys(NOT_A_GRANT) as CallName[])]);
    expect(granting.filter((n) => !covered.has(n))).toEqual([]);
    for (const c of CASES) expect(api[c.call].module).toBe('identity');
  });
});

describe.each(oneEngine)('privilege escalation (%s)', (engine) => {
  const s = useServer(engine);

  async function fixture(name: CallName, index: number): Promise<Fixture> {
    const t = s.current;
    const su = await t.login();
    const tree = (await call(t, su, 'GET', '/user/api/v1/sys/menu/recursions/list')).data;
    const byCode = new Map<string, any>();
    const walk = (ns: any[]) => ns.forEach((n) => (byCode.set(n.code, n), walk(n.children)));
    walk(tree);
    const menu = (code: string) => {
      const m = byCode.get(code);
      if (!m) throw new Error(`no menu ${code}`);
      return m;
    };
    const routes = (await call(t, su, 'GET', '/user/api/v1/sys/menu/queryAllUrls')).data as {
      id: number;
      method: string;
      path: string;
    }[];
    const apiId = (n: CallName) => routes.find((r) => r.method === api[n].method && r.path === api[n].path)!.id;
    const roleList = (await call(t, su, 'GET', '/user/api/v1/sys/role/list')).data as { id: number; name: string }[];
    const roleNamed = (n: string) => roleList.find((r) => r.name === n)!.id;

    // The caller holds the menu carrying the call's permission code, and the menus above it.
    const access = api[name].access;
    const code = typeof access === 'object' ? access.permission : SERVICE_CHECKED[name];
    expect(code, `${name} needs a permission`).toBeTruthy();
    const permMenu = [...byCode.values()].find((m) => m.perms === code);
    expect(permMenu, `a menu carries ${code}`).toBeTruthy();
    const myRole = (
      await call(t, su, 'POST', api.roleSave.path, { name: `esc_role_${index}`, weight: 1, menuIds: [permMenu.id] })
    ).data.id;
    const okRole = (
      await call(t, su, 'POST', api.roleSave.path, { name: `esc_ok_${index}`, weight: 1, menuIds: [permMenu.id] })
    ).data.id;
    const meId = (await call(t, su, 'POST', api.manageCreate.path, accountBody(`esc${index}`, [myRole]))).data.manageId;
    const victim = (await call(t, su, 'POST', api.manageCreate.path, accountBody(`vic${index}`, [okRole]))).data
      .manageId;
    const bigger = (
      await call(t, su, 'POST', api.manageCreate.path, accountBody(`big${index}`, [roleNamed('role.operations')]))
    ).data.manageId;
    const me = await t.login(`esc${index}`, 'start123');
    const adminId = (await call(t, su, 'GET', '/user/api/v1/sys/user/info')).data.userId;
    return {
      t,
      su,
      me,
      meId,
      myRole,
      okRole,
      victim,
      victimName: `vic${index}`,
      bigger,
      adminId,
      menu,
      apiId,
      superRole: roleNamed('role.superAdmin'),
      opsRole: roleNamed('role.operations'),
      async customButton(parent, label, giveToCaller = false) {
        const id = (await call(t, su, 'POST', api.menuSave.path, { parentId: menu(parent).id, type: 2, name: label }))
          .data.id;
        if (giveToCaller) {
          const own = (await call(t, su, 'GET', `/user/api/v1/sys/role/detail?id=${myRole}`)).data;
          expect(
            (
              await call(t, su, 'POST', api.roleSave.path, {
                id: myRole,
                name: own.name,
                weight: 1,
                menuIds: [...own.menuIds, id],
              })
            ).code,
          ).toBe(0);
        }
        return id;
      },
    };
  }

  CASES.forEach((c, index) => {
    it(`${c.call}: refuses what the caller does not hold and touching a super administrator; allows what it holds`, async () => {
      const f = await fixture(c.call, index);
      const attempts = await c.refused(f);
      const before = await snapshot(f.t, f.su);
      for (const a of attempts) {
        const input = typeof a.input === 'function' ? a.input(f) : a.input;
        for (const lang of ['zh_CN', 'zh_TW', 'en_US'] as const) {
          const d = api[c.call];
          const url =
            d.method === 'DELETE'
              ? `${d.path}?${new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)]))}`
              : d.path;
          const r = await f.t.inject({
            method: d.method,
            url,
            headers: auth(f.me, lang),
            payload: d.method === 'DELETE' ? undefined : (input as never),
          });
          expect(r.json(), `${c.call}: ${a.what} (${lang})`).toMatchObject({ code: a.code, data: null });
          expect(r.json().msg, `${c.call}: ${a.what} (${lang}) has a message`).toBeTruthy();
        }
        expect(await snapshot(f.t, f.su), `${c.call}: ${a.what} changed nothing`).toEqual(before);
      }
      await c.afterRefusals?.(f);
      for (const ok of await c.allowed(f)) {
        const r = await invoke(f.t, f.me, c.call, ok.input);
        expect(r.code, `${c.call} allowed: ${r.msg}`).toBe(0);
        await ok.check(r);
      }
    });
  });

  it('the refusals read in three languages', async () => {
    const f = await fixture('manageCreate', 100);
    const msgs: Record<string, string> = {};
    for (const lang of ['zh_CN', 'zh_TW', 'en_US'] as const) {
      const r = await f.t.inject({
        method: 'POST',
        url: api.manageCreate.path,
        headers: auth(f.me, lang),
        payload: accountBody('esc_lang', [f.superRole]),
      });
      msgs[lang] = r.json().msg;
    }
    expect(msgs).toEqual({
      zh_CN: '不能分配含有您自己没有的权限的角色',
      zh_TW: '不能分配含有您自己沒有的權限的角色',
      en_US: 'You cannot grant a role that holds permissions you do not have',
    });
  });

  it('a role change racing a grant of the super role never strips it: 50 edits at once', async () => {
    const f = await fixture('manageUpdate', 101);
    const target = f.victim;
    const spare = (
      await call(f.t, f.su, 'POST', api.roleSave.path, {
        name: 'esc_race',
        weight: 1,
        menuIds: (await call(f.t, f.su, 'GET', `/user/api/v1/sys/role/detail?id=${f.okRole}`)).data.menuIds,
      })
    ).data.id;
    // 50 identical edits by a non-super editor, and among them the super administrator makes
    // the target a super administrator. Whatever the order, the target must end up super: an
    // edit before the grant is overwritten by it, and one after it is refused.
    const edits = Array.from({ length: 50 }, () => ({
      token: f.me,
      body: { manageId: target, nickName: 'raced', roleIds: [spare] },
    }));
    edits.splice(1, 0, { token: f.su, body: { manageId: target, nickName: 'raced', roleIds: [f.superRole] } });
    const answers = await Promise.all(edits.map((e) => call(f.t, e.token, 'PUT', api.manageUpdate.path, e.body)));
    expect(answers[1]!.code).toBe(0);
    for (const a of answers) expect([0, 100131]).toContain(a.code);
    const info = await call(f.t, f.su, 'GET', `/user/api/v1/sys/manage/info?manageId=${target}`);
    expect(info.data.roles.map((r: { id: number }) => r.id)).toEqual([f.superRole]);
  });

  it('50 identical attempts at once to give oneself the super role all fail and store nothing', async () => {
    const f = await fixture('manageUpdate', 102);
    const before = await snapshot(f.t, f.su);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(f.t, f.me, 'PUT', api.manageUpdate.path, {
          manageId: f.meId,
          nickName: 'me',
          roleIds: [f.myRole, f.superRole],
        }),
      ),
    );
    expect(answers.map((a) => a.code)).toEqual(Array(50).fill(100132));
    expect(await snapshot(f.t, f.su)).toEqual(before);
  });
});
