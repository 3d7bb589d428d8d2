import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api } from '@cbo/contract';
import { auth, engines, useServer } from '../../test/helper.js';

const agentBody = (over: Record<string, unknown>) => ({
  name: 'Agent',
  areaCode: '86',
  mobile: String(13000000000 + Math.floor(Math.random() * 999_999_999)),
  password: 'secret12',
  level: 'A',
  ratio: 60,
  minWithdrawal: 10000,
  withdrawalFeeRate: 1,
  ...over,
});

describe.each(engines)('network calls (%s)', (engine) => {
  const s = useServer(engine, { LOGIN_MAX_FAILURES: '5' });
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, lang = 'en_US') => {
    const token = await s.current.login();
    const res = await s.current.inject({ method, url, payload, headers: auth(token, lang) });
    expect(res.statusCode).toBeLessThan(500);
    return res.json() as { code: number; msg: string; data: any };
  };
  const save = (body: object, lang?: string) => call('POST', '/user/api/v1/agent/saveOrUpdate', body, lang);

  it('creates an A-B-C chain and answers the chain from the platform down, totalling 100', async () => {
    const a = await save(agentBody({ name: 'Chain A', ratio: 60 }));
    expect(a.code).toBe(0);
    const b = await save(agentBody({ name: 'Chain B', level: 'B', parentId: a.data.id, ratio: 40 }));
    expect(b.code).toBe(0);
    const c = await save(agentBody({ name: 'Chain C', level: 'C', parentId: b.data.id, ratio: 25 }));
    expect(c.code).toBe(0);
    const d = await call('GET', `/user/api/v1/agent/detail?id=${c.data.id}`);
    expect(d.data.chain.map((l: { earns: number }) => l.earns)).toEqual([40, 20, 15, 25]);
    expect(d.data.chain.reduce((t: number, l: { earns: number }) => t + l.earns, 0)).toBe(100);
    const page = await call('GET', '/user/api/v1/agent/queryPage?pageNum=1&pageSize=10&level=B&name=Chain');
    expect(page.data.total).toBe(1);
    expect(page.data.list[0]).toMatchObject({
      name: 'Chain B',
      parentName: 'Chain A',
      balance: 0,
      totalRevenue: 0,
      childCount: 1,
    });
  });

  it('refuses a child above its parent, a wrong parent level, and a lowered ratio that would break a child (naming it)', async () => {
    const a = await save(agentBody({ name: 'Rule A', ratio: 50 }));
    const above = await save(agentBody({ name: 'Rule B', level: 'B', parentId: a.data.id, ratio: 51 }));
    expect(above).toMatchObject({ code: 100404, msg: 'The ratio cannot be above the 50% that parent "Rule A" holds' });
    const wrongLevel = await save(agentBody({ name: 'Rule C', level: 'C', parentId: a.data.id, ratio: 10 }));
    expect(wrongLevel).toMatchObject({ code: 100402, msg: 'The parent of a level C agent must be a level B agent' });
    const noParent = await save(agentBody({ name: 'Rule B2', level: 'B', ratio: 10 }));
    expect(noParent.code).toBe(100402);
    const aWithParent = await save(agentBody({ name: 'Rule A2', level: 'A', parentId: a.data.id, ratio: 10 }));
    expect(aWithParent.code).toBe(100403);
    const body = agentBody({ name: 'Rule B', level: 'B', parentId: a.data.id, ratio: 45 });
    const b = await save(body);
    expect(b.code).toBe(0);
    const lowered = await save(
      { ...agentBody({ name: 'Rule A', ratio: 40 }), id: a.data.id, password: undefined },
      'zh_CN',
    );
    expect(lowered).toMatchObject({ code: 100405, msg: '「Rule B」的分润比例为 45%，比例不能低于它' });
    const ok = await save({ ...agentBody({ name: 'Rule A', ratio: 45 }), id: a.data.id, password: undefined });
    expect(ok.code).toBe(0);
  });

  it('answers bad input of every agent call with 100001 and the field, never a 500', async () => {
    const bad = [
      await save({ ...agentBody({}), ratio: 101 }),
      await save({ ...agentBody({}), ratio: 1.5 }),
      await save({ ...agentBody({}), level: 'D' }),
      await save({ ...agentBody({}), mobile: '12ab' }),
      await save({ ...agentBody({}), minWithdrawal: 150 }),
      await save({ ...agentBody({}), password: 'a b' }),
      await save({ ...agentBody({}), name: '' }),
      await call('GET', '/user/api/v1/agent/queryPage?pageNum=0'),
      await call('GET', '/user/api/v1/agent/queryPage?level=X'),
      await call('PUT', '/user/api/v1/agent/updateStatus', { id: 1, status: 2 }),
      await call('GET', '/user/api/v1/agent/detail?id=abc'),
    ];
    for (const r of bad) expect(r.code, r.msg).toBe(100001);
    expect((await save({ ...agentBody({}), minWithdrawal: 150 })).msg).toMatch(/whole amount/);
    expect((await save({ ...agentBody({}), password: undefined })).code).toBe(100408);
    expect((await call('PUT', '/user/api/v1/agent/updateStatus', { id: 999999, status: 1 })).code).toBe(100004);
    expect((await call('GET', '/user/api/v1/agent/detail?id=999999')).code).toBe(100004);
    expect((await save({ ...agentBody({}), regionId: 999999 })).code).toBe(100413);
  });

  it('refuses a mobile another app account uses', async () => {
    const first = await save(agentBody({ name: 'Mob 1', mobile: '13911112222' }));
    expect(first.code).toBe(0);
    const again = await save(agentBody({ name: 'Mob 2', mobile: '13911112222' }));
    expect(again.code).toBe(100407);
    const provider = await call('POST', '/user/api/v1/serviceProvider/saveOrUpdate', {
      name: 'P',
      contact: 'C',
      areaCode: '+86',
      mobile: '13911112222',
      password: 'secret12',
      ratio: 10,
    });
    expect(provider.code).toBe(100407);
  });

  it('signs an agent in to the app; its token opens app calls only, and a console token never opens them', async () => {
    const a = await save(agentBody({ name: 'App A', mobile: '13700001111', password: 'apppass1' }));
    const app = (payload: object, ip = '10.9.0.1') =>
      s.current.inject({ method: 'POST', url: '/user/api/app/v1/auth', payload, remoteAddress: ip });
    const bad = await app({ areaCode: '86', mobile: '13700001111', password: 'apppass1', clientType: 'MANAGE_PC' });
    expect(bad.json().code).toBe(100001);
    const res = await app({ areaCode: '+86', mobile: '13700001111', password: 'apppass1', clientType: 'AGENT_IOS' });
    expect(res.json()).toMatchObject({ code: 0, data: { accountType: 'agent' } });
    const token = res.json().data.token as string;
    const byName = await app({ userName: '13700001111', password: 'apppass1', clientType: 'AGENT_ANDROID' });
    expect(byName.json().code).toBe(0);

    const me = await s.current.inject({ method: 'GET', url: '/user/api/app/v1/me', headers: { authorization: token } });
    expect(me.json()).toMatchObject({
      code: 0,
      data: { id: a.data.id, name: 'App A', level: 'A', accountType: 'agent' },
    });
    // The app token on console calls: not signed in, as any unknown token.
    for (const url of [
      '/user/api/v1/sys/user/info',
      '/user/api/v1/agent/queryPage',
      '/user/api/v1/sys/user/selectUserByType?type=agent',
    ]) {
      const r = await s.current.inject({ method: 'GET', url, headers: { authorization: token } });
      expect(r.json().code, url).toBe(100020);
    }
    // Every console call refuses the app token, and every app call a console token, before reading the input.
    const consoleToken = await s.current.login();
    for (const [name, def] of Object.entries(api)) {
      if (def.access === 'public') continue;
      const r = await s.current.inject({
        method: def.method,
        url: def.path,
        headers: { authorization: def.access === 'app' ? consoleToken : token },
        payload: def.method === 'GET' ? undefined : {},
      });
      expect(r.json().code, name).toBe(100020);
    }

    // The login log shows the kind and the terminal; an app change is in the operation log with them.
    const apply = await s.current.inject({
      method: 'POST',
      url: '/user/api/app/v1/cooperation/apply',
      headers: { authorization: token },
      payload: { type: 'store', contact: 'Shop owner', areaCode: '86', phone: '13600000000' },
    });
    expect(apply.json().code).toBe(0);
    const log = await call('GET', '/user/api/v1/sys/loginLog/queryPage?pageNum=1&pageSize=50&accountType=agent');
    expect(
      log.data.list.some(
        (x: { terminal: string; result: string }) => x.terminal === 'AGENT_IOS' && x.result === 'success',
      ),
    ).toBe(true);
    const ops = await s.current.database.db.execute(
      sql`select account_type, terminal from sys_operation_log where path = '/user/api/app/v1/cooperation/apply'`,
    );
    expect((ops as unknown as { rows: unknown[] }).rows).toEqual([{ account_type: 'agent', terminal: 'AGENT_IOS' }]);

    // Freezing the agent ends its app session and refuses its sign-in.
    expect(
      (await call('PUT', '/user/api/v1/agent/updateStatus', { id: a.data.id, status: 1, reason: 'audit' })).code,
    ).toBe(0);
    expect(
      (await s.current.inject({ method: 'GET', url: '/user/api/app/v1/me', headers: { authorization: token } })).json()
        .code,
    ).toBe(100023);
    expect(
      (await app({ areaCode: '86', mobile: '13700001111', password: 'apppass1', clientType: 'AGENT_IOS' })).json().code,
    ).toBe(100032);
  });

  it('puts failed app sign-ins under the console lockout rules', async () => {
    await save(agentBody({ name: 'Lock A', mobile: '13700002222', password: 'apppass1' }));
    const app = (password: string) =>
      s.current.inject({
        method: 'POST',
        url: '/user/api/app/v1/auth',
        payload: { areaCode: '86', mobile: '13700002222', password, clientType: 'AGENT_IOS' },
        remoteAddress: '10.9.9.9',
      });
    const guard = s.current.server.services.identity.loginGuard;
    let t = Date.now();
    guard.clock = () => new Date(t);
    try {
      for (let i = 0; i < 5; i++) {
        expect((await app('wrongpass')).json().code).toBe(100030);
        t += 120_000;
      }
      const locked = await app('apppass1');
      expect(locked.json().code).toBe(100031);
    } finally {
      guard.clock = () => new Date();
    }
  });
});

describe.each(engines)('network calls: bad input and the other lists (%s)', (engine) => {
  const s = useServer(engine);
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, lang = 'en_US') => {
    const token = await s.current.login();
    const res = await s.current.inject({ method, url, payload, headers: auth(token, lang) });
    expect(res.statusCode, url).toBeLessThan(500);
    return res.json() as { code: number; msg: string; data: any };
  };

  it('answers every bad input with a code and a message naming the field, never a 500', async () => {
    const cases: [Parameters<typeof call>[0], string, object | undefined][] = [
      ['POST', '/user/api/v1/region/saveOrUpdate', { name: '' }],
      ['POST', '/user/api/v1/region/saveOrUpdate', { name: 'x'.repeat(17) }],
      ['POST', '/user/api/v1/region/saveOrUpdate', { name: 'Ok', managerId: 'me' }],
      ['DELETE', '/user/api/v1/region/delete?id=0', undefined],
      ['GET', '/user/api/v1/region/queryPage?pageSize=101', undefined],
      ['POST', '/user/api/v1/team/saveOrUpdate', { name: 'T', regionId: 1 }],
      [
        'POST',
        '/user/api/v1/team/saveOrUpdate',
        { name: 'T', regionId: 1, leaderId: 1, memberIds: Array.from({ length: 51 }, (_, i) => i + 1) },
      ],
      ['DELETE', '/user/api/v1/team/delete?id=x', undefined],
      [
        'POST',
        '/user/api/v1/groundPusher/saveOrUpdate',
        { name: 'P', areaCode: '86', mobile: '1', password: 'secret12', agentId: 1, permission: 'basic' },
      ],
      [
        'POST',
        '/user/api/v1/groundPusher/saveOrUpdate',
        {
          name: 'P',
          areaCode: '86',
          mobile: '1',
          password: 'secret12',
          agentId: 1,
          permission: 'advanced',
          idCardFront: 'javascript:alert(1)',
        },
      ],
      ['PUT', '/user/api/v1/groundPusher/updateStatus', { id: 1, status: 1, reason: 'x'.repeat(33) }],
      [
        'POST',
        '/user/api/v1/serviceProvider/saveOrUpdate',
        { name: 'S', contact: 'C', areaCode: '86', mobile: '1', password: 'secret12', ratio: 101 },
      ],
      ['PUT', '/user/api/v1/serviceProvider/updateStatus', { id: -1, status: 0 }],
      ['GET', '/user/api/v1/member/queryPage?terminal=MANAGE_PC', undefined],
      ['PUT', '/user/api/v1/member/updateStatus', { id: 1, status: 1 }],
      ['PUT', '/user/api/v1/member/updateStatus', { id: 1, status: 1, reason: '   ' }],
      ['PUT', '/user/api/v1/member/updateStatus', { id: 1, status: 1, reason: 'x'.repeat(33) }],
      ['GET', '/user/api/v1/cooperation/queryPage?status=done', undefined],
      ['PUT', '/user/api/v1/cooperation/handle', { id: 1, status: 'unprocessed' }],
      ['GET', '/user/api/v1/sys/user/selectUserByType?type=admin', undefined],
      ['GET', '/user/api/v1/sys/user/selectUserByType', undefined],
      ['POST', '/user/api/v1/member/export', { level: 'Z' }],
    ];
    for (const [method, url, body] of cases) {
      const r = await call(method, url, body);
      expect(r.code, `${method} ${url} ${JSON.stringify(body)}`).toBe(100001);
      expect(r.msg).toMatch(/^Invalid input: \S+/);
    }
    const zh = await call('PUT', '/user/api/v1/member/updateStatus', { id: 1, status: 1 }, 'zh_CN');
    expect(zh.msg).toContain('冻结用户需填写原因');
    const app = await s.current.inject({
      method: 'POST',
      url: '/user/api/app/v1/auth',
      payload: { password: 'x', clientType: 'AGENT_IOS' },
    });
    expect(app.json().code).toBe(100001);
    expect(
      (
        await s.current.inject({
          method: 'POST',
          url: '/user/api/app/v1/auth',
          payload: 'not json',
          headers: { 'content-type': 'application/json' },
        })
      ).json().code,
    ).toBe(100002);
    expect((await s.current.inject({ method: 'GET', url: '/user/api/app/v1/me' })).json().code).toBe(100020);
  });

  it('keeps regions, teams, pushers, providers, members and applications, with refusals in the caller language', async () => {
    const region = await call('POST', '/user/api/v1/region/saveOrUpdate', {
      name: 'Harbour',
      managerId: 1,
      remark: 'pier',
    });
    expect(region.code).toBe(0);
    expect((await call('POST', '/user/api/v1/region/saveOrUpdate', { name: 'harbour' }, 'zh_TW')).msg).toBe(
      '名稱「harbour」已存在',
    );
    expect((await call('POST', '/user/api/v1/region/saveOrUpdate', { name: 'Nobody', managerId: 999999 })).code).toBe(
      100410,
    );
    const team = await call('POST', '/user/api/v1/team/saveOrUpdate', {
      name: 'Harbour crew',
      regionId: region.data.id,
      leaderId: 1,
    });
    expect(team.code).toBe(0);
    const regions = await call('GET', '/user/api/v1/region/queryPage?name=Harb');
    expect(regions.data.list[0]).toMatchObject({
      name: 'Harbour',
      teamCount: 1,
      turnover: 0,
      managerName: expect.any(String),
    });
    expect(await call('DELETE', `/user/api/v1/region/delete?id=${region.data.id}`, undefined, 'zh_CN')).toMatchObject({
      code: 100401,
      msg: '该区域下有人员，无法删除',
    });
    const teams = await call('GET', `/user/api/v1/team/queryPage?regionId=${region.data.id}`);
    expect(teams.data.list[0]).toMatchObject({ name: 'Harbour crew', regionName: 'Harbour', members: [{ id: 1 }] });
    expect((await call('DELETE', `/user/api/v1/team/delete?id=${team.data.id}`)).code).toBe(0);
    expect((await call('DELETE', `/user/api/v1/region/delete?id=${region.data.id}`)).code).toBe(0);
    expect((await call('DELETE', `/user/api/v1/region/delete?id=${region.data.id}`)).code).toBe(100004);

    const a = await call('POST', '/user/api/v1/agent/saveOrUpdate', agentBody({ name: 'Pusher boss' }));
    const p = await call('POST', '/user/api/v1/groundPusher/saveOrUpdate', {
      name: 'Walker',
      areaCode: '86',
      mobile: '13122223333',
      password: 'secret12',
      agentId: a.data.id,
      permission: 'advanced',
      idCardFront: '/files/images/a.png',
    });
    expect(p.code).toBe(0);
    expect(
      (
        await call('POST', '/user/api/v1/groundPusher/saveOrUpdate', {
          name: 'Lost',
          areaCode: '86',
          mobile: '13122224444',
          password: 'secret12',
          agentId: 999999,
          permission: 'advanced',
        })
      ).code,
    ).toBe(100413);
    const pushers = await call('GET', `/user/api/v1/groundPusher/queryPage?agentId=${a.data.id}`);
    expect(pushers.data.list[0]).toMatchObject({
      name: 'Walker',
      agentName: 'Pusher boss',
      permission: 'advanced',
      idCardFront: '/files/images/a.png',
      status: 0,
    });
    expect((await call('PUT', '/user/api/v1/groundPusher/updateStatus', { id: p.data.id, status: 1 })).code).toBe(0);

    const sp = await call('POST', '/user/api/v1/serviceProvider/saveOrUpdate', {
      name: 'Fixers',
      contact: 'Lee',
      areaCode: '86',
      mobile: '13122225555',
      password: 'secret12',
      ratio: 100,
    });
    expect(sp.code).toBe(0);
    const sps = await call('GET', '/user/api/v1/serviceProvider/queryPage?name=Fix');
    expect(sps.data.list[0]).toMatchObject({ name: 'Fixers', ratio: 100, outletCount: 0 });
    const spApp = await s.current.inject({
      method: 'POST',
      url: '/user/api/app/v1/auth',
      payload: { areaCode: '86', mobile: '13122225555', password: 'secret12', clientType: 'AGENT_WECHAT' },
    });
    expect(spApp.json().data.accountType).toBe('serviceProvider');

    const m = await s.current.server.services.network.members.create({
      areaCode: '86',
      mobile: '13999990000',
      nickname: 'Walker fan',
      terminal: 'USER_ALIPAY',
      level: 'B',
    });
    expect(
      (await call('PUT', '/user/api/v1/member/updateStatus', { id: m.id, status: 1, reason: 'lost bank' })).code,
    ).toBe(0);
    const members = await call('GET', '/user/api/v1/member/queryPage?status=1&level=B');
    expect(members.data.list).toEqual([
      expect.objectContaining({ id: m.id, freezeReason: 'lost bank', terminal: 'USER_ALIPAY' }),
    ]);
    const picked = await call('GET', '/user/api/v1/sys/user/selectUserByType?type=groundPromoter&keyword=Walk');
    expect(picked.data).toMatchObject({ total: 1, list: [{ name: 'Walker', status: 1 }] });

    const c = await s.current.server.services.network.cooperation.submit({
      type: 'agent',
      contact: 'Applicant',
      areaCode: '86',
      phone: '13811112222',
    });
    expect(
      (await call('PUT', '/user/api/v1/cooperation/handle', { id: c.id, status: 'processing', note: 'called back' }))
        .code,
    ).toBe(0);
    expect((await call('PUT', '/user/api/v1/cooperation/handle', { id: c.id, status: 'processed' })).code).toBe(0);
    expect((await call('PUT', '/user/api/v1/cooperation/handle', { id: c.id, status: 'processing' })).code).toBe(
      100008,
    );
    const apps = await call('GET', '/user/api/v1/cooperation/queryPage?status=processed');
    expect(apps.data.list[0]).toMatchObject({
      number: expect.stringMatching(/^CA\d{8}\d{6}$/),
      status: 'processed',
      handlerName: expect.any(String),
    });

    // The lists export through the export centre (an account queues a few at a time): the deleted region has no rows.
    expect((await call('POST', '/user/api/v1/region/export', {})).code).toBe(100071);
    expect((await call('POST', '/user/api/v1/member/export', { level: 'B' })).code).toBe(0);
  });
});
