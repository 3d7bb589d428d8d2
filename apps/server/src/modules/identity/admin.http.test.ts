import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { callName } from '@cbo/contract';
import WebSocket from 'ws';
import { auth, engines, useServer, type TestServer } from '../../test/helper.js';
import { png } from '../../test/images.js';
import { accountWithMenus } from '../../test/accounts.js';

type Lang = 'zh_CN' | 'zh_TW' | 'en_US';

async function call(
  t: TestServer,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  lang: Lang = 'en_US',
) {
  const r = await t.inject({ method, url, headers: auth(token, lang), payload: payload as never });
  return r.json() as { code: number; msg: string; data: any };
}

const createBody = (over: Record<string, unknown> = {}) => ({
  userName: 'clerk',
  nickName: 'Clerk',
  password: 'clerk123',
  roleIds: [1],
  ...over,
});

describe.each(engines)('system management: personnel, departments, roles, menus (%s)', (engine) => {
  const s = useServer(engine);
  const roleId = async (token: string, name: string) =>
    (await call(s.current, token, 'GET', '/user/api/v1/sys/role/list')).data.find(
      (r: { name: string }) => r.name === name,
    ).id as number;

  it('seeds the four roles; the seeded roles hold the menus their seeds list', async () => {
    const token = await s.current.login();
    const roles = (await call(s.current, token, 'GET', '/user/api/v1/sys/role/list')).data.map(
      (r: { name: string }) => r.name,
    );
    expect(roles).toEqual(
      expect.arrayContaining(['role.superAdmin', 'role.finance', 'role.operations', 'role.customerService']),
    );
    const ops = await call(
      s.current,
      token,
      'GET',
      `/user/api/v1/sys/role/detail?id=${await roleId(token, 'role.operations')}`,
    );
    const tree = (await call(s.current, token, 'GET', '/user/api/v1/sys/menu/recursions/list')).data;
    const flat: { id: number; code: string }[] = [];
    const walk = (ns: { id: number; code: string; children: never[] }[]) =>
      ns.forEach((n) => (flat.push(n), walk(n.children)));
    walk(tree);
    const codes = ops.data.menuIds.map((id: number) => flat.find((m) => m.id === id)!.code);
    expect(codes).toEqual(expect.arrayContaining(['dashboard', 'system', 'system.personnel', 'system.loginLog']));
    expect(codes).not.toContain('system.roles');
    expect(codes).not.toContain('system.menus');
  });

  it('validation: each field rule in all three languages', async () => {
    const token = await s.current.login();
    const cases: [Record<string, unknown>, string, Record<Lang, string>][] = [
      [
        { userName: 'has space' },
        'userName',
        {
          zh_CN: '用户名为 1-18 位字母、数字或下划线',
          zh_TW: '使用者名稱為 1-18 位字母、數字或底線',
          en_US: 'must be 1-18 letters, digits or underscores',
        },
      ],
      [
        { userName: 'a'.repeat(19) },
        'userName',
        { zh_CN: '用户名为 1-18 位', zh_TW: '使用者名稱為 1-18 位', en_US: 'must be 1-18 letters' },
      ],
      [
        { nickName: 'n'.repeat(19) },
        'nickName',
        { zh_CN: '长度不能超过 18 个字符', zh_TW: '長度不能超過 18 個字元', en_US: 'must be at most 18 characters' },
      ],
      [{ nickName: '' }, 'nickName', { zh_CN: '不能为空', zh_TW: '不能為空', en_US: 'is required' }],
      [
        { password: 'abc12' },
        'password',
        {
          zh_CN: '密码为 6-18 位字母或数字',
          zh_TW: '密碼為 6-18 位字母或數字',
          en_US: 'must be 6-18 letters or digits',
        },
      ],
      [
        { password: 'abc123!' },
        'password',
        { zh_CN: '不能包含特殊字符', zh_TW: '不能包含特殊字元', en_US: 'without special characters' },
      ],
      [
        { email: 'not-an-email' },
        'email',
        { zh_CN: '邮箱格式不正确', zh_TW: '電子郵件格式不正確', en_US: 'must be a valid email address' },
      ],
      [
        { email: `${'e'.repeat(28)}@x.io` },
        'email',
        { zh_CN: '长度不能超过 32 个字符', zh_TW: '長度不能超過 32 個字元', en_US: 'must be at most 32 characters' },
      ],
      [
        { idCard: '1'.repeat(21) },
        'idCard',
        { zh_CN: '长度不能超过 20 个字符', zh_TW: '長度不能超過 20 個字元', en_US: 'must be at most 20 characters' },
      ],
      [
        { note: 'x'.repeat(19) },
        'note',
        { zh_CN: '长度不能超过 18 个字符', zh_TW: '長度不能超過 18 個字元', en_US: 'must be at most 18 characters' },
      ],
      [
        { areaCode: '86', mobile: '12ab' },
        'mobile',
        { zh_CN: '手机号格式错误', zh_TW: '手機號碼格式錯誤', en_US: 'must be 1-20 digits' },
      ],
      [{ roleIds: [] }, 'roleIds', { zh_CN: '至少选择 1 项', zh_TW: '至少選擇 1 項', en_US: 'needs at least 1 items' }],
    ];
    for (const [over, field, msgs] of cases) {
      for (const lang of ['zh_CN', 'zh_TW', 'en_US'] as const) {
        const r = await call(s.current, token, 'POST', '/user/api/v1/sys/manage', createBody(over), lang);
        expect(r.code, `${field} ${lang}`).toBe(100001);
        expect(r.msg, `${field} ${lang}`).toContain(field);
        expect(r.msg, `${field} ${lang}`).toContain(msgs[lang]);
      }
    }
    // Role weight: 1-10 digits.
    for (const lang of ['zh_CN', 'zh_TW', 'en_US'] as const) {
      const r = await call(
        s.current,
        token,
        'POST',
        '/user/api/v1/sys/role/saveOrUpdate',
        { name: 'W', weight: 12345678901, menuIds: [] },
        lang,
      );
      expect(r.code).toBe(100001);
      expect(r.msg).toContain('weight');
      expect(r.msg).toContain(
        { zh_CN: '不能大于 9999999999', zh_TW: '不能大於 9999999999', en_US: 'must be at most 9999999999' }[lang],
      );
    }
    // The same rules hold on updateSysManage.
    const bad = await call(
      s.current,
      token,
      'PUT',
      '/user/api/v1/sys/manage/updateSysManage',
      { manageId: 1, nickName: 'n'.repeat(19) },
      'zh_TW',
    );
    expect(bad).toMatchObject({ code: 100001, msg: expect.stringContaining('nickName') });
  });

  it('creates an account, refuses a taken user name or mobile, lists and filters it', async () => {
    const token = await s.current.login();
    const ops = await roleId(token, 'role.operations');
    const dept = (
      await call(s.current, token, 'POST', '/user/api/v1/sys/org/saveOrUpdate', { parentId: 0, name: 'Ops' })
    ).data.id;
    const sub = (
      await call(s.current, token, 'POST', '/user/api/v1/sys/org/saveOrUpdate', { parentId: dept, name: 'North' })
    ).data.id;
    const created = await call(
      s.current,
      token,
      'POST',
      '/user/api/v1/sys/manage',
      createBody({
        userName: 'north_1',
        roleIds: [ops],
        orgId: sub,
        areaCode: '86',
        mobile: '13800000001',
        email: 'n1@x.io',
      }),
    );
    expect(created.code).toBe(0);
    expect(
      await call(
        s.current,
        token,
        'POST',
        '/user/api/v1/sys/manage',
        createBody({ userName: 'NORTH_1', roleIds: [ops] }),
        'zh_CN',
      ),
    ).toMatchObject({ code: 100101, msg: '用户名已存在' });
    expect(
      (
        await call(
          s.current,
          token,
          'POST',
          '/user/api/v1/sys/manage',
          createBody({ userName: 'north_2', roleIds: [ops], areaCode: '86', mobile: '13800000001' }),
        )
      ).code,
    ).toBe(100042);
    expect(
      (
        await call(
          s.current,
          token,
          'POST',
          '/user/api/v1/sys/manage',
          createBody({ userName: 'north_2', roleIds: [99999] }),
        )
      ).code,
    ).toBe(100104);
    expect(
      (
        await call(
          s.current,
          token,
          'POST',
          '/user/api/v1/sys/manage',
          createBody({ userName: 'north_2', roleIds: [ops], mobile: '1380' }),
        )
      ).code,
    ).toBe(100118);

    // The department filter covers the subtree.
    const byDept = await call(s.current, token, 'GET', `/user/api/v1/sys/manage/list?orgId=${dept}`);
    expect(byDept.data.total).toBe(1);
    expect(byDept.data.list[0]).toMatchObject({
      userName: 'north_1',
      orgName: 'North',
      roles: [{ id: ops, name: 'role.operations' }],
      status: 0,
    });
    expect(
      (await call(s.current, token, 'GET', `/user/api/v1/sys/manage/list?roleId=${ops}&userName=NORTH`)).data.total,
    ).toBe(1);
    expect((await call(s.current, token, 'GET', '/user/api/v1/sys/manage/list?status=1')).data.total).toBe(0);
    expect((await call(s.current, token, 'GET', '/user/api/v1/sys/manage/list?mobile=0000001')).data.total).toBe(1);

    // A department with accounts or sub-departments cannot be deleted; it cannot move under itself.
    expect((await call(s.current, token, 'DELETE', `/user/api/v1/sys/org/delete?id=${dept}`)).code).toBe(100110);
    expect(
      (await call(s.current, token, 'DELETE', `/user/api/v1/sys/org/delete?id=${sub}`, undefined, 'en_US')).msg,
    ).toBe('This department has 1 account(s) and cannot be deleted');
    expect(
      (
        await call(s.current, token, 'POST', '/user/api/v1/sys/org/saveOrUpdate', {
          id: dept,
          parentId: sub,
          name: 'Ops',
        })
      ).code,
    ).toBe(100112);
    const tree = (await call(s.current, token, 'GET', '/user/api/v1/sys/org/tree')).data;
    expect(tree[0]).toMatchObject({ name: 'Ops', children: [{ name: 'North', accountCount: 1 }] });
  });

  it('info and updateSysManage: own profile for anyone; another account or roles need the permission', async () => {
    const token = await s.current.login();
    const ops = await roleId(token, 'role.operations');
    const selfId = await accountWithMenus(s.current.database.db, 'selfish', 'selfish1', [
      'dashboard',
      'system',
      'system.personnel',
    ]);
    const other = (
      await call(
        s.current,
        token,
        'POST',
        '/user/api/v1/sys/manage',
        createBody({ userName: 'victim', roleIds: [ops] }),
      )
    ).data.manageId;
    const mine = await s.current.login('selfish', 'selfish1');
    expect((await call(s.current, mine, 'GET', `/user/api/v1/sys/manage/info?manageId=${selfId}`)).code).toBe(0);
    expect(
      (
        await call(s.current, mine, 'PUT', '/user/api/v1/sys/manage/updateSysManage', {
          manageId: selfId,
          nickName: 'Me',
        })
      ).data.nickName,
    ).toBe('Me');
    // Holding the personnel menu (sys:manage:query) lets it read others, not change them.
    expect((await call(s.current, mine, 'GET', `/user/api/v1/sys/manage/info?manageId=${other}`)).code).toBe(0);
    expect(
      (
        await call(s.current, mine, 'PUT', '/user/api/v1/sys/manage/updateSysManage', {
          manageId: other,
          nickName: 'Hacked',
        })
      ).code,
    ).toBe(100003);
    expect(
      (
        await call(s.current, mine, 'PUT', '/user/api/v1/sys/manage/updateSysManage', {
          manageId: selfId,
          nickName: 'Me',
          roleIds: [1],
        })
      ).code,
    ).toBe(100003);
    const plain = await accountWithMenus(s.current.database.db, 'plain2', 'plain123', ['dashboard']);
    const plainToken = await s.current.login('plain2', 'plain123');
    expect((await call(s.current, plainToken, 'GET', `/user/api/v1/sys/manage/info?manageId=${other}`)).code).toBe(
      100003,
    );
    expect((await call(s.current, plainToken, 'GET', `/user/api/v1/sys/manage/info?manageId=${plain}`)).code).toBe(0);
    // With the edit button (sys:manage:edit) it may, adding only roles whose menus it holds itself.
    await accountWithMenus(s.current.database.db, 'editor', 'editor123', [
      'system',
      'system.personnel',
      'system.personnel.edit',
    ]);
    const editor = await s.current.login('editor', 'editor123');
    const names = (await call(s.current, token, 'GET', '/user/api/v1/sys/menu/getMenuName')).data as {
      id: number;
      path: string;
    }[];
    const reader = (
      await call(s.current, token, 'POST', '/user/api/v1/sys/role/saveOrUpdate', {
        name: 'Reader',
        weight: 1,
        menuIds: [names.find((m) => m.path === '/system/personnel')!.id],
      })
    ).data.id;
    expect(
      (
        await call(s.current, editor, 'PUT', '/user/api/v1/sys/manage/updateSysManage', {
          manageId: other,
          nickName: 'Renamed',
          roleIds: [ops, await roleId(token, 'role.finance')],
        })
      ).code,
    ).toBe(100130);
    const edited = await call(s.current, editor, 'PUT', '/user/api/v1/sys/manage/updateSysManage', {
      manageId: other,
      nickName: 'Renamed',
      roleIds: [ops, reader],
      areaCode: '852',
      mobile: '91234567',
    });
    expect(edited.code).toBe(0);
    expect(edited.data).toMatchObject({ nickName: 'Renamed', areaCode: '852', mobile: '91234567' });
    expect(edited.data.roles).toHaveLength(2);
  });

  it('freezing: not oneself, not the last super admin; the frozen account gets 100023 on its next call and its socket closes', async () => {
    const token = await s.current.login();
    const admin = (await call(s.current, token, 'GET', '/user/api/v1/sys/user/info')).data.userId;
    expect(
      await call(
        s.current,
        token,
        'PUT',
        '/user/api/v1/sys/manage/updateSysManageStatus',
        { manageId: admin, status: 1 },
        'zh_TW',
      ),
    ).toMatchObject({ code: 100102, msg: '不能凍結自己的帳號' });

    // A second super admin may not freeze the first when it is the last active one... after the first is frozen.
    const superId = await roleId(token, 'role.superAdmin');
    const boss = (
      await call(
        s.current,
        token,
        'POST',
        '/user/api/v1/sys/manage',
        createBody({ userName: 'boss', roleIds: [superId] }),
      )
    ).data.manageId;
    const bossToken = await s.current.login('boss', 'clerk123');
    expect(
      (
        await call(s.current, bossToken, 'PUT', '/user/api/v1/sys/manage/updateSysManageStatus', {
          manageId: admin,
          status: 1,
        })
      ).code,
    ).toBe(0);
    expect((await call(s.current, token, 'GET', '/user/api/v1/sys/user/info')).code).toBe(100023);
    // boss is now the last active super admin; it cannot drop the role either, as nobody changes their own roles.
    expect(
      (
        await call(s.current, bossToken, 'PUT', '/user/api/v1/sys/manage/updateSysManage', {
          manageId: boss,
          nickName: 'Boss',
          roleIds: [await roleId(bossToken, 'role.finance')],
        })
      ).code,
    ).toBe(100132);
    expect(
      (
        await call(s.current, bossToken, 'PUT', '/user/api/v1/sys/manage/updateSysManageStatus', {
          manageId: admin,
          status: 0,
        })
      ).code,
    ).toBe(0);
    const again = await s.current.login();

    // A live socket of the frozen account closes at once, and its very next call gets 100023.
    const ops = await roleId(again, 'role.operations');
    const target = (
      await call(
        s.current,
        again,
        'POST',
        '/user/api/v1/sys/manage',
        createBody({ userName: 'tofreeze', roleIds: [ops] }),
      )
    ).data.manageId;
    const victim = await s.current.login('tofreeze', 'clerk123');
    await s.current.server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = s.current.server.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${victim}&clientType=MANAGE_PC`);
    const messages: { data: { type: string; data: unknown } | null }[] = [];
    ws.on('message', (raw) => messages.push(JSON.parse(raw.toString())));
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    await new Promise<void>((r) => ws.on('open', () => r()));
    await expect.poll(() => messages.length).toBeGreaterThan(0);
    expect(
      (
        await call(s.current, again, 'PUT', '/user/api/v1/sys/manage/updateSysManageStatus', {
          manageId: target,
          status: 1,
        })
      ).code,
    ).toBe(0);
    expect((await call(s.current, victim, 'GET', '/user/api/v1/sys/user/info')).code).toBe(100023);
    expect(await closed).toBe(4401);
    expect(messages.map((m) => m.data?.type)).toContain('SESSION_ENDED');
    expect(messages.at(-1)?.data?.data).toEqual({ code: 100023 });
    expect(
      (
        await s.current.inject({
          method: 'POST',
          url: '/user/api/open/v1/auth',
          payload: { userName: 'tofreeze', password: 'clerk123', clientType: 'MANAGE_PC' },
        })
      ).json().code,
    ).toBe(100032);
    expect(
      (await call(s.current, again, 'GET', `/user/api/v1/sys/manage/list?status=1`)).data.list.map(
        (r: { userName: string }) => r.userName,
      ),
    ).toEqual(['tofreeze']);
  });

  it('reset password: the new one works, the old sessions end', async () => {
    const token = await s.current.login();
    const ops = await roleId(token, 'role.operations');
    const id = (
      await call(
        s.current,
        token,
        'POST',
        '/user/api/v1/sys/manage',
        createBody({ userName: 'forgetful', roleIds: [ops] }),
      )
    ).data.manageId;
    const old = await s.current.login('forgetful', 'clerk123');
    expect(
      (
        await call(s.current, token, 'PUT', '/user/api/v1/sys/manage/resetPassword', {
          manageId: id,
          password: 'bad!pass',
        })
      ).code,
    ).toBe(100001);
    expect(
      (
        await call(s.current, token, 'PUT', '/user/api/v1/sys/manage/resetPassword', {
          manageId: id,
          password: 'newpass99',
        })
      ).code,
    ).toBe(0);
    expect((await call(s.current, old, 'GET', '/user/api/v1/sys/user/info')).code).toBe(100022);
    await s.current.login('forgetful', 'newpass99');
  });

  it('roles: create with menus (parents added), grant only what one holds, the super role and roles in use are protected', async () => {
    const token = await s.current.login();
    const names = (await call(s.current, token, 'GET', '/user/api/v1/sys/menu/getMenuName')).data as {
      id: number;
      path: string;
    }[];
    const loginLog = names.find((m) => m.path === '/system/loginLog')!.id;
    const saved = await call(s.current, token, 'POST', '/user/api/v1/sys/role/saveOrUpdate', {
      name: 'Auditor',
      remark: 'reads logs',
      weight: 5,
      menuIds: [loginLog],
    });
    expect(saved.code).toBe(0);
    const detail = (await call(s.current, token, 'GET', `/user/api/v1/sys/role/detail?id=${saved.data.id}`)).data;
    expect(detail).toMatchObject({
      name: 'Auditor',
      remark: 'reads logs',
      weight: 5,
      isSuper: false,
      creator: 'admin',
      accountCount: 0,
    });
    expect(detail.menuIds).toEqual([names.find((m) => m.path === '/system')!.id, loginLog].sort((a, b) => a - b));
    expect(
      (
        await call(s.current, token, 'POST', '/user/api/v1/sys/role/saveOrUpdate', {
          name: 'auditor',
          weight: 1,
          menuIds: [],
        })
      ).code,
    ).toBe(100108);

    // The account holding it sees the login log, and a role editor without the roles menu cannot widen it.
    await call(
      s.current,
      token,
      'POST',
      '/user/api/v1/sys/manage',
      createBody({ userName: 'auditor1', roleIds: [saved.data.id] }),
    );
    const aud = await s.current.login('auditor1', 'clerk123');
    const tree = (await call(s.current, aud, 'GET', '/user/api/v1/sys/menu/listByUser')).data;
    expect(tree.map((m: { path: string }) => m.path)).toEqual(['/system']);
    expect((await call(s.current, aud, 'GET', '/user/api/v1/sys/loginLog/queryPage')).code).toBe(0);
    await accountWithMenus(s.current.database.db, 'roler', 'roler123', ['system', 'system.roles', 'system.roles.save']);
    const roler = await s.current.login('roler', 'roler123');
    expect(
      (
        await call(s.current, roler, 'POST', '/user/api/v1/sys/role/saveOrUpdate', {
          name: 'Wider',
          weight: 1,
          menuIds: [loginLog],
        })
      ).code,
    ).toBe(100109);

    // In use: clear error; the super role: never deleted, stays super when edited.
    expect(
      (await call(s.current, token, 'DELETE', `/user/api/v1/sys/role/delete?id=${saved.data.id}`, undefined, 'en_US'))
        .msg,
    ).toBe('This role is held by 1 account(s) and cannot be deleted');
    const superId = await roleId(token, 'role.superAdmin');
    expect((await call(s.current, token, 'DELETE', `/user/api/v1/sys/role/delete?id=${superId}`)).code).toBe(100107);
    expect(
      (
        await call(s.current, token, 'POST', '/user/api/v1/sys/role/saveOrUpdate', {
          id: superId,
          name: 'role.superAdmin',
          weight: 100,
          menuIds: [loginLog],
        })
      ).code,
    ).toBe(0);
    const sup = (await call(s.current, token, 'GET', `/user/api/v1/sys/role/detail?id=${superId}`)).data;
    expect(sup.isSuper).toBe(true);
    expect(sup.menuIds.length).toBeGreaterThan(10);
    const unused = (
      await call(s.current, token, 'POST', '/user/api/v1/sys/role/saveOrUpdate', {
        name: 'Temp',
        weight: 1,
        menuIds: [],
      })
    ).data.id;
    expect((await call(s.current, token, 'DELETE', `/user/api/v1/sys/role/delete?id=${unused}`)).code).toBe(0);
    const page = await call(s.current, token, 'GET', '/user/api/v1/sys/role/queryPage?name=audit');
    expect(page.data).toMatchObject({ total: 1, list: [{ name: 'Auditor', accountCount: 1 }] });
  });

  it('menus: create, bind routes, the guard follows; children and built-in menus are not deleted', async () => {
    const token = await s.current.login();
    const names = (await call(s.current, token, 'GET', '/user/api/v1/sys/menu/getMenuName')).data as {
      id: number;
      path: string;
    }[];
    const system = names.find((m) => m.path === '/system')!.id;
    const roles = names.find((m) => m.path === '/system/roles')!.id;
    expect(
      (
        await call(s.current, token, 'POST', '/user/api/v1/sys/menu/saveOrUpdateMenu', {
          parentId: 0,
          type: 2,
          name: 'x',
        })
      ).code,
    ).toBe(100114);
    expect(
      (
        await call(s.current, token, 'POST', '/user/api/v1/sys/menu/saveOrUpdateMenu', {
          parentId: system,
          type: 1,
          name: 'x',
          path: '/system/roles',
          url: 'system/roles',
        })
      ).code,
    ).toBe(100119);
    expect(
      (
        await call(s.current, token, 'POST', '/user/api/v1/sys/menu/saveOrUpdateMenu', {
          parentId: roles,
          type: 2,
          name: 'x',
          perms: 'no:such:code',
        })
      ).code,
    ).toBe(100116);
    const bad = await call(
      s.current,
      token,
      'POST',
      '/user/api/v1/sys/menu/saveOrUpdateMenu',
      { parentId: system, type: 1, name: 'x', path: 'no-slash', url: 'a/b' },
      'zh_CN',
    );
    expect(bad).toMatchObject({ code: 100001, msg: expect.stringContaining('路由须以 / 开头') });

    // A custom menu and a button under it, bound by hand to the interface list.
    const page = await call(s.current, token, 'POST', '/user/api/v1/sys/menu/saveOrUpdateMenu', {
      parentId: system,
      type: 1,
      name: 'Audit',
      path: '/system/audit',
      url: 'system/interfaces',
      icon: 'ApiOutlined',
      orderNum: 99,
    });
    expect(page.code).toBe(0);
    const btn = await call(s.current, token, 'POST', '/user/api/v1/sys/menu/saveOrUpdateMenu', {
      parentId: page.data.id,
      type: 2,
      name: 'Look',
      buttonType: 'query',
    });
    const routes = (await call(s.current, token, 'GET', '/user/api/v1/sys/menu/urlList?nameOrPath=sys/api/queryPage'))
      .data;
    expect(routes).toHaveLength(1);
    expect(
      (
        await call(s.current, token, 'POST', '/user/api/v1/sys/menu/bindingUrl', {
          menuId: btn.data.id,
          apiIds: [routes[0].id],
        })
      ).code,
    ).toBe(0);
    expect(
      (await call(s.current, token, 'GET', `/user/api/v1/sys/menu/selectBindingUrl?id=${btn.data.id}`)).data,
    ).toMatchObject([{ path: '/user/api/v1/sys/api/queryPage', fixed: false }]);
    await accountWithMenus(s.current.database.db, 'looker', 'looker123', [] as string[]);
    const looker = await s.current.login('looker', 'looker123');
    expect((await call(s.current, looker, 'GET', '/user/api/v1/sys/api/queryPage')).code).toBe(100003);
    const lookRole = (
      await call(s.current, token, 'POST', '/user/api/v1/sys/role/saveOrUpdate', {
        name: 'Looker',
        weight: 1,
        menuIds: [btn.data.id],
      })
    ).data.id;
    const lookerId = (await call(s.current, token, 'GET', '/user/api/v1/sys/manage/list?userName=looker')).data.list[0]
      .manageId;
    await call(s.current, token, 'PUT', '/user/api/v1/sys/manage/updateSysManage', {
      manageId: lookerId,
      nickName: 'looker',
      roleIds: [lookRole],
    });
    const apis = await call(s.current, looker, 'GET', '/user/api/v1/sys/api/queryPage?nameOrPath=sys/api/queryPage');
    expect(apis.code).toBe(0);
    expect(apis.data.list[0].menus.map((m: { name: string }) => m.name)).toEqual(
      expect.arrayContaining(['menu.interface', 'Look']),
    );
    // Unbinding takes effect on the next call.
    await call(s.current, token, 'POST', '/user/api/v1/sys/menu/bindingUrl', { menuId: btn.data.id, apiIds: [] });
    expect((await call(s.current, looker, 'GET', '/user/api/v1/sys/api/queryPage')).code).toBe(100003);
    // Giving the button a permission code binds the routes declaring it, and they stay fixed.
    await call(s.current, token, 'POST', '/user/api/v1/sys/menu/saveOrUpdateMenu', {
      id: btn.data.id,
      parentId: page.data.id,
      type: 2,
      name: 'Look',
      buttonType: 'query',
      perms: 'sys:api:query',
    });
    expect((await call(s.current, looker, 'GET', '/user/api/v1/sys/api/queryPage')).code).toBe(0);
    await call(s.current, token, 'POST', '/user/api/v1/sys/menu/bindingUrl', { menuId: btn.data.id, apiIds: [] });
    expect(
      (await call(s.current, token, 'GET', `/user/api/v1/sys/menu/selectBindingUrl?id=${btn.data.id}`)).data,
    ).toMatchObject([{ fixed: true }]);

    const info = (await call(s.current, token, 'GET', `/user/api/v1/sys/menu/queryMenuInfo?id=${btn.data.id}`)).data;
    expect(info).toMatchObject({
      menu: { name: 'Look', type: 2, buttonType: 'query', builtIn: false },
      parent: { name: 'Audit' },
    });
    expect(
      (await call(s.current, token, 'DELETE', `/user/api/v1/sys/menu/delete?id=${page.data.id}`, undefined, 'en_US'))
        .msg,
    ).toBe('This menu has 1 child menu(s) or button(s); delete them first');
    expect((await call(s.current, token, 'DELETE', `/user/api/v1/sys/menu/delete?id=${roles}`)).code).toBe(100113);
    const loginLogExport = (
      await call(s.current, token, 'GET', '/user/api/v1/sys/menu/recursions/list?name=loginLogExport')
    ).data[0].children[0].children[0];
    expect((await call(s.current, token, 'DELETE', `/user/api/v1/sys/menu/delete?id=${loginLogExport.id}`)).code).toBe(
      100115,
    );
    expect((await call(s.current, token, 'DELETE', `/user/api/v1/sys/menu/delete?id=${btn.data.id}`)).code).toBe(0);
    expect((await call(s.current, token, 'DELETE', `/user/api/v1/sys/menu/delete?id=${page.data.id}`)).code).toBe(0);
  });

  it("interfaces: each named in the caller's language and found by that name in any language; a removed one by its stored name", async () => {
    const token = await s.current.login();
    const page = (q: string, lang: Lang) =>
      call(
        s.current,
        token,
        'GET',
        `/user/api/v1/sys/api/queryPage?pageSize=100&nameOrPath=${encodeURIComponent(q)}`,
        undefined,
        lang,
      );
    const named: Record<Lang, string> = { zh_CN: '查询角色', zh_TW: '查詢角色', en_US: 'Query roles' };
    for (const lang of ['zh_CN', 'zh_TW', 'en_US'] as const) {
      const byPath = (await page('sys/role/queryPage', lang)).data.list;
      expect(byPath).toMatchObject([
        { call: 'roleQueryPage', name: named[lang], path: '/user/api/v1/sys/role/queryPage' },
      ]);
      // The name shown, in each language, finds the route whatever the caller's language.
      for (const text of Object.values(named))
        expect((await page(text, lang)).data.list.map((r: { call: string }) => r.call)).toContain('roleQueryPage');
    }
    // A change is named by its operation-log action; the picker's search and list answer the same names.
    const picker = (
      await call(
        s.current,
        token,
        'GET',
        `/user/api/v1/sys/menu/urlList?nameOrPath=${encodeURIComponent('保存角色')}`,
        undefined,
        'zh_TW',
      )
    ).data;
    expect(picker).toMatchObject([{ call: 'roleSave', name: '儲存角色', method: 'POST' }]);
    const all = (await call(s.current, token, 'GET', '/user/api/v1/sys/menu/queryAllUrls', undefined, 'zh_CN'))
      .data as { call: string | null; name: string }[];
    expect(all.filter((r) => r.call === null || r.name !== callName(r.call, 'zh_CN'))).toEqual([]);
    expect(all.find((r) => r.call === 'apiQueryPage')?.name).toBe('查询接口');
    // A route this version no longer has keeps the name it was stored with, and is found by it.
    await s.current.database.db.execute(
      sql`insert into sys_api (method, path, name, module, access, present) values ('GET', '/user/api/v1/gone/list', 'Gone list', 'system', 'authenticated', false)`,
    );
    expect((await page('gone list', 'zh_CN')).data.list).toMatchObject([
      { call: null, name: 'Gone list', present: false },
    ]);
    expect((await page('不存在的名字', 'zh_CN')).data.total).toBe(0);
  });

  it('menu icons: exactly 64x64 images, measured on the decoded pixels', async () => {
    const token = await s.current.login();
    const upload = async (bytes: Buffer) => {
      const boundary = '----cbo';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="i.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const r = await s.current.inject({
        method: 'POST',
        url: '/user/api/v1/sys/menu/uploadIcon',
        headers: { ...auth(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
      return r.json() as { code: number; data: { url: string } | null };
    };
    expect((await upload(png(128, 128))).code).toBe(100117);
    const ok = await upload(png(64, 64));
    expect(ok.code).toBe(0);
    expect(ok.data!.url).toMatch(/^\/files\/images\/[0-9a-f]+\.png$/);
  });
});
