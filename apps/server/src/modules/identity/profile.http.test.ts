import { describe, expect, it } from 'vitest';
import { ADMIN, auth, engines, useServer } from '../../test/helper.js';
import { png } from '../../test/images.js';

const PNG = png(1, 1);

function multipart(name: string, filename: string, content: Buffer, type: string) {
  const boundary = '----cbo' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(engines)('personal center (%s)', (engine) => {
  const s = useServer(engine);

  it('reads and edits its own profile, with the field rules', async () => {
    const token = await s.current.login();
    const me = (await s.current.inject({ url: '/user/api/v1/sys/user/info', headers: auth(token) })).json().data;
    const info = await s.current.inject({
      url: `/user/api/v1/sys/manage/info?manageId=${me.userId}`,
      headers: auth(token),
    });
    expect(info.json().data).toMatchObject({ userName: 'admin', roles: [{ name: 'role.superAdmin' }] });
    const put = (body: object, lang = 'en_US') =>
      s.current.inject({
        method: 'PUT',
        url: '/user/api/v1/sys/manage/updateSysManage',
        headers: auth(token, lang),
        payload: { manageId: me.userId, ...body },
      });
    const ok = await put({ nickName: 'Boss', email: 'boss@example.com', note: 'night shift' });
    expect(ok.json().data).toMatchObject({ nickName: 'Boss', email: 'boss@example.com', note: 'night shift' });
    expect((await put({ nickName: 'x'.repeat(19) })).json().msg).toMatch(/nickName: must be at most 18/);
    expect((await put({ nickName: 'ok', email: 'not-an-email' }, 'zh_CN')).json().msg).toBe(
      '参数错误：email: 邮箱格式不正确',
    );
    expect((await put({ nickName: 'ok', idCard: '1'.repeat(21) })).json().code).toBe(100001);
    expect((await put({ nickName: '' })).json().code).toBe(100001);
  });

  it('changes the password (6-18, no special characters) and signs the other sessions out', async () => {
    const token = await s.current.login();
    const other = await s.current.login(undefined, undefined, '10.0.0.9');
    const change = (oldPassword: string, newPassword: string) =>
      s.current.inject({
        method: 'PUT',
        url: '/user/api/v1/sys/manage/updatePassword',
        headers: auth(token),
        payload: { oldPassword, newPassword },
      });
    expect((await change(ADMIN.password, 'abc')).json().code).toBe(100001);
    expect((await change(ADMIN.password, 'abc$%^123')).json().msg).toMatch(/without special characters/);
    expect((await change('wrong', 'newpass123')).json().code).toBe(100033);
    expect((await change(ADMIN.password, 'newpass123')).json().code).toBe(0);
    expect((await s.current.inject({ url: '/user/api/v1/sys/user/info', headers: auth(other) })).json().code).toBe(
      100022,
    );
    expect((await s.current.inject({ url: '/user/api/v1/sys/user/info', headers: auth(token) })).json().code).toBe(0);
    await s.current.login('admin', 'newpass123');
    expect((await change('newpass123', ADMIN.password)).json().code).toBe(0);
  });

  it('uploads an avatar checked by content, not by name', async () => {
    const token = await s.current.login();
    const good = multipart('file', 'me.png', PNG, 'image/png');
    const r = await s.current.inject({
      method: 'POST',
      url: '/user/api/v1/sys/manage/uploadAvatar',
      headers: { ...auth(token), ...good.headers },
      payload: good.payload,
    });
    expect(r.json().code).toBe(0);
    const url = r.json().data.url as string;
    expect(url).toMatch(/^\/files\/avatars\/[0-9a-f]{32}\.png$/);
    expect((await s.current.inject({ url })).statusCode).toBe(200);
    expect((await s.current.inject({ url: '/user/api/v1/sys/user/info', headers: auth(token) })).json().data.img).toBe(
      url,
    );

    const fake = multipart('file', 'evil.png', Buffer.from('<script>alert(1)</script>'), 'image/png');
    const bad = await s.current.inject({
      method: 'POST',
      url: '/user/api/v1/sys/manage/uploadAvatar',
      headers: { ...auth(token), ...fake.headers },
      payload: fake.payload,
    });
    expect(bad.json().code).toBe(100053);
    const big = multipart('file', 'big.png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]), 'image/png');
    const tooBig = await s.current.inject({
      method: 'POST',
      url: '/user/api/v1/sys/manage/uploadAvatar',
      headers: { ...auth(token), ...big.headers },
      payload: big.payload,
    });
    expect(tooBig.json().code).toBe(100052);
    const json = await s.current.inject({
      method: 'POST',
      url: '/user/api/v1/sys/manage/uploadAvatar',
      headers: auth(token),
      payload: {},
    });
    expect(json.json().code).toBe(100051);
  });

  it('changes the mobile with 6-digit codes that expire, are rate limited and allow 5 tries', async () => {
    const token = await s.current.login();
    const me = (await s.current.inject({ url: '/user/api/v1/sys/user/info', headers: auth(token) })).json().data;
    const post = (url: string, payload: object = {}) =>
      s.current.inject({ method: 'POST', url: `/user/api/v1/sys/manage/${url}`, headers: auth(token), payload });
    // no mobile yet: sendCode has nothing to send to; the new mobile needs only its own code
    expect(me.mobile).toBeFalsy(); // the first administrator is created without one
    expect((await post('sendCode')).json().code).toBe(100043);
    expect((await post('updateMobileSendCode', { areaCode: '86', mobile: '12ab' })).json().code).toBe(100001);
    expect((await post('updateMobileSendCode', { areaCode: '86', mobile: '13900000002' })).json().code).toBe(0);
    expect((await post('updateMobileSendCode', { areaCode: '86', mobile: '13900000002' })).json().code).toBe(100041);
    const code = s.current.sms.lastCode('13900000002')!;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await post('updateMobile', { areaCode: '86', mobile: '13900000002', code: wrong })).json().code).toBe(
      100040,
    );
    expect((await post('updateMobile', { areaCode: '86', mobile: '13900000002', code: '12' })).json().code).toBe(
      100001,
    );
    const done = await post('updateMobile', { areaCode: '86', mobile: '13900000002', code });
    expect(done.json().data).toMatchObject({ areaCode: '86', mobile: '13900000002' });
    // the account has a mobile now: any further change first needs the ticket of checkCode
    expect((await post('updateMobile', { areaCode: '86', mobile: '13900000002', code })).json().code).toBe(100044);

    // now it has a mobile: the change needs the ticket from checkCode
    expect((await post('updateMobileSendCode', { areaCode: '86', mobile: '13900000003' })).json().code).toBe(0);
    const code3 = s.current.sms.lastCode('13900000003')!;
    expect((await post('updateMobile', { areaCode: '86', mobile: '13900000003', code: code3 })).json().code).toBe(
      100044,
    );
    // the same number had a code under a minute ago: wait it out (as the console's countdown does)
    const { sql } = await import('drizzle-orm');
    await s.current.database.db.execute(sql`update sys_verify_code set created_at = created_at - interval '2 minutes'`);
    const sent = await post('sendCode');
    expect(sent.json().data).toMatchObject({ maskedMobile: '139****0002', resendSeconds: 60 });
    const current = s.current.sms.lastCode('13900000002')!;
    const ticket = (await post('checkCode', { code: current })).json().data.ticket;
    expect(ticket).toBeTruthy();
    const changed = await post('updateMobile', { areaCode: '86', mobile: '13900000003', code: code3, ticket });
    expect(changed.json().data.mobile).toBe('13900000003');
    // five wrong tries end a code
    await s.current.database.db.execute(sql`delete from sys_verify_code`);
    expect((await post('updateMobileSendCode', { areaCode: '86', mobile: '13900000004' })).json().code).toBe(0);
    const code4 = s.current.sms.lastCode('13900000004')!;
    const bad4 = code4 === '999999' ? '888888' : '999999';
    await post('sendCode');
    const t2 = (await post('checkCode', { code: s.current.sms.lastCode('13900000003')! })).json().data.ticket;
    expect(t2).toBeTruthy();
    for (let i = 0; i < 5; i++) {
      expect(
        (await post('updateMobile', { areaCode: '86', mobile: '13900000004', code: bad4, ticket: t2 })).json().code,
      ).toBe(100040);
    }
    expect(
      (await post('updateMobile', { areaCode: '86', mobile: '13900000004', code: code4, ticket: t2 })).json().code,
    ).toBe(100040);
  });

  it('another account cannot be read or edited from the personal center calls', async () => {
    const { accountWithMenus } = await import('../../test/accounts.js');
    const otherId = await accountWithMenus(s.current.database.db, 'clerk', 'clerk123', ['dashboard']);
    const adminId = (
      await s.current.inject({ url: '/user/api/v1/sys/user/info', headers: auth(await s.current.login()) })
    ).json().data.userId;
    const token = await s.current.login('clerk', 'clerk123');
    expect(
      (await s.current.inject({ url: `/user/api/v1/sys/manage/info?manageId=${adminId}`, headers: auth(token) })).json()
        .code,
    ).toBe(100003);
    expect(
      (await s.current.inject({ url: `/user/api/v1/sys/manage/info?manageId=${otherId}`, headers: auth(token) })).json()
        .code,
    ).toBe(0);
  });
});
