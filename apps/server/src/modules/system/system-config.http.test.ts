import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auth, engines, TEST_EXTENSIONS, useServer, type TestServer } from '../../test/helper.js';
import { png } from '../../test/images.js';
import { accountWithMenus } from '../../test/accounts.js';
import { sysAccount } from '../identity/tables.js';

const G = '/user/api/v1/global/config';
const PNG = png(1, 1);

function multipart(content: Buffer) {
  const boundary = '----cbo' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function client(t: TestServer, token: string) {
  const go = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, lang = 'en_US') => {
    const res = await t.inject({ method, url, headers: auth(token, lang), ...(payload ? { payload } : {}) });
    return res.json() as { code: number; msg: string; data: any };
  };
  return {
    get: (url: string) => go('GET', url),
    put: (url: string, body: object, lang?: string) => go('PUT', url, body, lang),
    post: (url: string, body: object = {}, lang?: string) => go('POST', url, body, lang),
    del: (url: string) => go('DELETE', url),
  };
}

/** Gives the admin a mobile, then a checked code's ticket (codes go to it when no code mobile is set). */
async function ticketFor(t: TestServer, token: string, mobile = '13900000001'): Promise<string> {
  const db = t.database.db;
  await db.update(sysAccount).set({ areaCode: '86', mobile }).where(eq(sysAccount.userName, 'admin'));
  // Earlier sends to this number would hold the next one back a minute.
  await db.execute(sql`update sys_verify_code set created_at = created_at - interval '2 minutes'`);
  const c = client(t, token);
  const sent = await c.post(`${G}/sendCode`);
  expect(sent.code).toBe(0);
  const code = t.sms.lastCode(sent.data.maskedMobile.includes('****') ? mobile : mobile)!;
  const checked = await c.post(`${G}/checkCode`, { code });
  expect(checked.code).toBe(0);
  return checked.data.ticket as string;
}

describe.each(engines)('system configuration (%s)', (engine) => {
  const s = useServer(engine);

  it('reads every group; saving basis changes what the public findValueByKey answers', async () => {
    const token = await s.current.login();
    const c = client(s.current, token);
    for (const path of [
      'findByBasis',
      'selectPayMessage',
      'findByOperation',
      'findBySys',
      'findByOther',
      'getDeviceConfigMessage',
      'queryBanner',
      'findRange',
    ]) {
      expect((await c.get(`${G}/${path}`)).code, path).toBe(0);
    }
    const basis = (await c.get(`${G}/findByBasis`)).data;
    expect(basis).toMatchObject({ brandName: 'ChargeHub', mapType: 'gaode', currency: 'CNY' });
    const saved = await c.put(`${G}/`, {
      paramType: 'basis',
      values: { ...basis, brandName: 'VoltBox', footerMessage: '© VoltBox 2026', mapType: 'google' },
    });
    expect(saved.code).toBe(0);
    const pub = await s.current.inject({
      url: '/user/api/open/v1/auth/findValueByKey?paramType=basis&paramKey=brandName',
    });
    expect(pub.json().data.paramValue).toBe('VoltBox');
    const footer = await s.current.inject({
      url: '/user/api/open/v1/auth/findValueByKey?paramType=basis&paramKey=footerMessage',
    });
    expect(footer.json().data.paramValue).toBe('© VoltBox 2026');
    // mapType is not public; the signed-in lookup answers it, the code mobile never
    expect(
      (await s.current.inject({ url: '/user/api/open/v1/auth/findValueByKey?paramType=basis&paramKey=mapType' })).json()
        .code,
    ).toBe(100004);
    expect((await c.get(`${G}/findValueByKey?paramType=basis&paramKey=mapType`)).data.paramValue).toBe('google');
    expect((await c.get(`${G}/findValueByKey?paramType=security&paramKey=codeMobile`)).code).toBe(100207);
    expect((await c.get(`${G}/findValueByKey?paramType=basis&paramKey=nothing`)).code).toBe(100207);

    const bad = await c.put(`${G}/`, { paramType: 'basis', values: { ...basis, brandName: '' } });
    expect(bad.code).toBe(100001);
    expect(bad.msg).toContain('brandName');
    expect((await c.put(`${G}/`, { paramType: 'basis', values: { ...basis, mapType: 'bing' } })).code).toBe(100001);
    expect((await c.put(`${G}/`, { paramType: 'nope', values: {} })).code).toBe(100001);
  });

  it('the customer app reads the other settings and the brand (before signing in): a saved value shows at once', async () => {
    const token = await s.current.login();
    const c = client(s.current, token);
    const info = async () => (await s.current.inject({ url: '/user/api/open/v1/app/info' })).json();
    expect((await info()).data).toMatchObject({ servicePhone: '', userAgreementUrl: '', currency: 'CNY' });
    const other = (await c.get(`${G}/findByOther`)).data;
    const saved = await c.put(`${G}/`, {
      paramType: 'other',
      values: {
        ...other,
        servicePhone: '400-820-8820',
        serviceHours: '08:00-22:00',
        userAgreementUrl: 'https://example.com/terms',
        privacyPolicyUrl: 'https://example.com/privacy',
        appDownloadUrl: 'https://example.com/app',
      },
    });
    expect(saved.code).toBe(0);
    expect((await info()).data).toEqual({
      brandName: (await c.get(`${G}/findByBasis`)).data.brandName,
      currency: 'CNY',
      servicePhone: '400-820-8820',
      serviceHours: '08:00-22:00',
      userAgreementUrl: 'https://example.com/terms',
      privacyPolicyUrl: 'https://example.com/privacy',
      appDownloadUrl: 'https://example.com/app',
    });
    // A refused value leaves what the app reads as it was.
    expect((await c.put(`${G}/`, { paramType: 'other', values: { ...other, servicePhone: 'call us' } })).code).toBe(
      100001,
    );
    expect((await info()).data.servicePhone).toBe('400-820-8820');
  });

  it('operation rules: free time within its bounds, cable package first three hours not above the 12-hour maximum, no zero amounts (three languages)', async () => {
    const token = await s.current.login();
    const c = client(s.current, token);
    const op = (await c.get(`${G}/findByOperation`)).data;
    const save = (values: object, lang = 'en_US') =>
      c.put(`${G}/`, { paramType: 'operation', values: { ...op, ...values } }, lang);
    expect((await save({ freeMinutes: 10, maxPowerBanksPerRental: 2 })).code).toBe(0);
    expect((await c.get(`${G}/findByOperation`)).data).toMatchObject({ freeMinutes: 10, maxPowerBanksPerRental: 2 });

    const cable = { cablePackage: { prepaid: 1000, firstThreeHours: 1200, maxTwelveHours: 1000 } };
    expect((await save(cable, 'en_US')).msg).toBe(
      'Invalid input: Charging-cable package first three hours: the first-three-hours amount cannot be above the 12-hour maximum',
    );
    expect((await save(cable, 'zh_CN')).msg).toBe(
      '参数错误：充电线套餐前三小时金额: 前三小时金额不能高于 12 小时封顶金额',
    );
    expect((await save(cable, 'zh_TW')).msg).toBe(
      '參數錯誤：充電線套餐前三小時金額: 前三小時金額不能高於 12 小時封頂金額',
    );
    const zero = { cablePackage: { prepaid: 0, firstThreeHours: 100, maxTwelveHours: 1000 } };
    expect((await save(zero, 'en_US')).msg).toBe(
      'Invalid input: Charging-cable package prepaid amount: cannot be zero',
    );
    expect((await save(zero, 'zh_CN')).msg).toBe('参数错误：充电线套餐预付金额: 金额不能为 0');
    expect((await save(zero, 'zh_TW')).msg).toBe('參數錯誤：充電線套餐預付金額: 金額不能為 0');
    const free = { freeMinutes: 90, maxFreeMinutes: 60 };
    expect((await save(free, 'en_US')).msg).toBe(
      'Invalid input: Free minutes: free minutes must lie between the minimum and maximum free time',
    );
    expect((await save(free, 'zh_CN')).msg).toBe('参数错误：免费时长: 免费时长必须在最小和最大免费时长之间');
    expect((await save(free, 'zh_TW')).msg).toBe('參數錯誤：免費時長: 免費時長必須在最小和最大免費時長之間');
    expect((await save({ minFreeMinutes: 30, maxFreeMinutes: 20, freeMinutes: 25 })).msg).toContain(
      'Minimum free time: the minimum cannot be above the maximum',
    );
    expect((await save({ maxPowerBanksPerRental: 0 })).code).toBe(100001);
    expect((await save({ operatorOrderVisibleDays: 1.5 })).code).toBe(100001);
  });

  it('pay settings need a code ticket: none, wrong code and expired ticket are refused', async () => {
    const token = await s.current.login();
    const c = client(s.current, token);
    const pay = (await c.get(`${G}/selectPayMessage`)).data;
    expect(Object.keys(pay.withdrawal).sort()).toEqual([
      'agent',
      'agentOutlet',
      'directOutlet',
      'operator',
      'serviceProvider',
    ]);

    expect((await c.put(`${G}/updateIsNull`, { ticket: 'made-up', values: pay })).code).toBe(100201);
    expect((await c.put(`${G}/updateIsNull`, { values: pay })).code).toBe(100001);

    // no mobile on file and no code mobile: nowhere to send a code
    await s.current.database.db
      .update(sysAccount)
      .set({ areaCode: null, mobile: null })
      .where(eq(sysAccount.userName, 'admin'));
    expect((await c.post(`${G}/sendCode`)).code).toBe(100043);

    await s.current.database.db
      .update(sysAccount)
      .set({ areaCode: '86', mobile: '13900000001' })
      .where(eq(sysAccount.userName, 'admin'));
    await s.current.database.db.execute(sql`update sys_verify_code set created_at = created_at - interval '2 minutes'`);
    const sent = await c.post(`${G}/sendCode`);
    expect(sent.data).toMatchObject({ maskedMobile: '139****0001', expireSeconds: 300 });
    expect((await c.post(`${G}/sendCode`)).code).toBe(100041);
    const code = s.current.sms.lastCode('13900000001')!;
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await c.post(`${G}/checkCode`, { code: wrong })).code).toBe(100040);
    expect((await c.post(`${G}/checkCode`, { code: '12ab' }, 'zh_CN')).msg).toBe('参数错误：code: 验证码为 6 位数字');
    const { ticket, expireSeconds } = (await c.post(`${G}/checkCode`, { code })).data;
    expect(expireSeconds).toBe(600);
    // a code is used once
    expect((await c.post(`${G}/checkCode`, { code })).code).toBe(100040);

    const next = {
      ...pay,
      taxFeePercent: 6,
      depositRefundFeePercent: 1,
      withdrawal: { ...pay.withdrawal, agent: { ...pay.withdrawal.agent, minAmount: 2000, autoLimit: 50000 } },
    };
    expect((await c.put(`${G}/updateIsNull`, { ticket, values: next })).code).toBe(0);
    const stored = (await c.get(`${G}/selectPayMessage`)).data;
    expect(stored.taxFeePercent).toBe(6);
    expect(stored.withdrawal.agent).toMatchObject({ minAmount: 2000, autoLimit: 50000 });
    // another account cannot use this account's ticket
    await accountWithMenus(s.current.database.db, 'payclerk', 'clerk123', ['system.config', 'system.config.pay']);
    const clerk = client(s.current, await s.current.login('payclerk', 'clerk123'));
    expect((await clerk.put(`${G}/updateIsNull`, { ticket, values: next })).code).toBe(100201);
    expect((await clerk.get(`${G}/selectPayMessage`)).code).toBe(0);

    // rules in three languages
    const rule = (w: object, lang: string) =>
      c.put(
        `${G}/updateIsNull`,
        {
          ticket,
          values: { ...next, withdrawal: { ...next.withdrawal, operator: { ...next.withdrawal.operator, ...w } } },
        },
        lang,
      );
    const minAbove = { singleCap: 1000, minAmount: 2000 };
    expect((await rule(minAbove, 'en_US')).msg).toBe(
      'Invalid input: Operator – Minimum withdrawal: the minimum withdrawal cannot be above the single-transaction cap',
    );
    expect((await rule(minAbove, 'zh_CN')).msg).toBe('参数错误：运营商·最低提现金额: 最低提现金额不能高于单笔上限');
    expect((await rule(minAbove, 'zh_TW')).msg).toBe('參數錯誤：營運商·最低提現金額: 最低提現金額不能高於單筆上限');
    const fee = { feePercent: 101 };
    // Fields are named by their label in the caller's language, never by their key.
    expect((await rule(fee, 'en_US')).msg).toBe('Invalid input: Operator – Fee rate: must be at most 100');
    expect((await rule(fee, 'zh_CN')).msg).toBe('参数错误：运营商·手续费率: 不能大于 100');
    expect((await rule(fee, 'zh_TW')).msg).toBe('參數錯誤：營運商·手續費率: 不能大於 100');
    expect((await rule({ minAmount: 9_999_999 * 100 + 1, singleCap: 999_999_999 }, 'en_US')).msg).toContain(
      'Minimum withdrawal: the minimum withdrawal must be from 0 to 9999999',
    );
    expect((await rule({ autoLimit: 99_999_999 }, 'en_US')).msg).toContain(
      'Automatic payout limit: the automatic-mode upper limit cannot be above the single-transaction cap',
    );
    expect((await rule({ methods: [] }, 'en_US')).code).toBe(100001);
    expect((await rule({ feePercent: 2.5 }, 'zh_TW')).msg).toBe('參數錯誤：營運商·手續費率: 必須是 0-100 的整數');
    const hourly = { ...next, bluetoothHourlyLimit: 2000, bluetoothDailyCap: 1000 };
    for (const [lang, text] of [
      ['en_US', 'Bluetooth charger hourly price limit: the hourly price cannot be above the daily cap'],
      ['zh_CN', '蓝牙充电器每小时价格上限: 每小时价格不能高于每日封顶'],
      ['zh_TW', '藍牙充電器每小時價格上限: 每小時價格不能高於每日封頂'],
    ] as const) {
      const msg = (await c.put(`${G}/updateIsNull`, { ticket, values: hourly }, lang)).msg;
      expect(msg).toContain(text);
      expect(msg).not.toContain('bluetoothHourlyLimit');
    }
    const prepay = { ...next, bluetoothPrepayDefault: 99_999 };
    expect((await c.put(`${G}/updateIsNull`, { ticket, values: prepay }, 'zh_CN')).msg).toContain(
      '默认预付金额不能高于预付上限',
    );
    expect((await c.put(`${G}/updateIsNull`, { ticket, values: { ...next, taxFeePercent: -1 } })).code).toBe(100001);

    // the ticket expires
    await s.current.database.db.execute(
      sql`update sys_verify_code set expires_at = now() - interval '1 second' where purpose = 'ticketConfig'`,
    );
    expect((await c.put(`${G}/updateIsNull`, { ticket, values: next })).code).toBe(100201);
    // and so does a code
    await s.current.database.db.execute(sql`update sys_verify_code set created_at = created_at - interval '2 minutes'`);
    await c.post(`${G}/sendCode`);
    const late = s.current.sms.lastCode('13900000001')!;
    await s.current.database.db.execute(
      sql`update sys_verify_code set expires_at = now() - interval '1 second' where purpose = 'configCode'`,
    );
    expect((await c.post(`${G}/checkCode`, { code: late })).code).toBe(100040);
  });

  it('device payment configs by index, each change with a ticket; banners; addresses; outlet page address', async () => {
    const token = await s.current.login();
    const c = client(s.current, token);
    const values = {
      name: 'Cabinet deposit',
      deviceType: 'cabinet',
      payMode: 'deposit',
      channels: ['wechat', 'alipay'],
      amount: 9900,
      buyoutPrice: 9900,
      buyoutDays: 3,
      enabled: true,
    };
    expect((await c.post(`${G}/addDevicePay/`, { ticket: 'none', values })).code).toBe(100201);
    const ticket = await ticketFor(s.current, token);
    const a = await c.post(`${G}/addDevicePay/`, { ticket, values });
    expect(a.data).toMatchObject({ index: 1, name: 'Cabinet deposit', amount: 9900 });
    const b = await c.post(`${G}/addDevicePay/`, {
      ticket,
      values: { ...values, name: 'Cable prepay', deviceType: 'cable', payMode: 'prepay', amount: 500 },
    });
    expect(b.data.index).toBe(2);
    expect((await c.get(`${G}/getDevicePayByIndex?index=2`)).data.name).toBe('Cable prepay');
    expect((await c.get(`${G}/getDevicePayByIndex?index=9`)).code).toBe(100004);
    expect((await c.get(`${G}/getDevicePayByIndex?index=x`)).code).toBe(100001);
    const upd = await c.put(`${G}/updateDevicePay`, { ticket, id: a.data.id, values: { ...values, amount: 5000 } });
    expect(upd.data.amount).toBe(5000);
    expect((await c.put(`${G}/updateDevicePay`, { ticket: 'x', id: a.data.id, values })).code).toBe(100201);
    const depositHigh = await c.post(
      `${G}/addDevicePay/`,
      { ticket, values: { ...values, amount: 10000, buyoutPrice: 9900 } },
      'zh_CN',
    );
    expect(depositHigh.msg).toBe('参数错误：金额: 押金不能高于买断价');
    expect((await c.post(`${G}/addDevicePay/`, { ticket, values: { ...values, amount: 0 } })).msg).toContain(
      'Amount: cannot be zero',
    );
    expect((await c.post(`${G}/addDevicePay/`, { ticket, values: { ...values, name: 'x'.repeat(17) } })).code).toBe(
      100001,
    );
    expect((await c.del(`${G}/delete?kind=devicePay&id=${b.data.id}`)).code).toBe(100201);
    expect((await c.del(`${G}/delete?kind=devicePay&id=${b.data.id}&ticket=${encodeURIComponent(ticket)}`)).code).toBe(
      0,
    );
    expect((await c.get(`${G}/getDeviceConfigMessage`)).data.map((d: { name: string }) => d.name)).toEqual([
      'Cabinet deposit',
    ]);

    const banner = await c.post(`${G}/addBanner`, {
      title: 'Summer',
      img: '/files/images/a.png',
      link: 'https://example.com/summer',
      sort: 2,
      enabled: true,
    });
    expect(banner.code).toBe(0);
    expect(
      (
        await c.post(
          `${G}/addBanner`,
          { title: 'Bad', img: 'javascript:alert(1)', link: '', sort: 1, enabled: true },
          'en_US',
        )
      ).msg,
    ).toContain('img: must be a link starting with http://, https:// or /');
    const changed = await c.put(`${G}/updateUserBanner`, {
      id: banner.data.id,
      title: 'Winter',
      img: '/files/images/b.png',
      link: '',
      sort: 1,
      enabled: false,
    });
    expect(changed.data).toMatchObject({ title: 'Winter', enabled: false });
    expect((await c.get(`${G}/queryBanner`)).data).toHaveLength(1);
    expect((await c.del(`${G}/delete?kind=banner&id=${banner.data.id}`)).code).toBe(0);
    expect((await c.del(`${G}/delete?kind=banner&id=${banner.data.id}`)).code).toBe(100004);

    expect(
      (
        await c.put(`${G}/updateAddress`, {
          qrCodeBaseUrl: 'https://u.example.com/scan',
          deviceServerHost: 'mqtt.example.com',
          deviceServerPort: 8883,
        })
      ).code,
    ).toBe(0);
    expect(
      (
        await c.put(
          `${G}/updateAddress`,
          { qrCodeBaseUrl: '', deviceServerHost: 'bad host!', deviceServerPort: 8883 },
          'zh_TW',
        )
      ).msg,
    ).toBe('參數錯誤：deviceServerHost: 主機名稱格式不正確');
    expect(
      (await c.put(`${G}/updateAddress`, { qrCodeBaseUrl: '', deviceServerHost: '', deviceServerPort: 70000 })).code,
    ).toBe(100001);
    expect(
      (await c.put('/user/api/v1/store/updateAllStoreUrl', { storeUrl: 'https://u.example.com/store?id={id}' })).code,
    ).toBe(0);
    expect((await c.put('/user/api/v1/store/updateAllStoreUrl', { storeUrl: 'ftp://x' })).code).toBe(100001);
    const sys = (await c.get(`${G}/findBySys`)).data;
    expect(sys).toMatchObject({
      address: { deviceServerHost: 'mqtt.example.com', deviceServerPort: 8883 },
      storeUrl: 'https://u.example.com/store?id={id}',
      codeMobile: null,
    });
  });

  it('the system code mobile: set with a ticket and its own code, then codes go there; clearing returns them to own mobiles', async () => {
    const token = await s.current.login();
    const c = client(s.current, token);
    const ticket = await ticketFor(s.current, token, '13900000001');
    expect((await c.put(`${G}/updateSysSendCode`, { ticket: 'x', areaCode: '86', mobile: '13800000009' })).code).toBe(
      100201,
    );
    expect(
      (await c.put(`${G}/updateSysSendCode`, { ticket, areaCode: '86', mobile: '13800000009' })).data.maskedMobile,
    ).toBe('138****0009');
    const code = s.current.sms.lastCode('13800000009')!;
    expect(
      (
        await c.post(`${G}/updateSysCheckCode`, {
          ticket,
          areaCode: '86',
          mobile: '13800000009',
          code: code === '000000' ? '111111' : '000000',
        })
      ).code,
    ).toBe(100040);
    const set = await c.post(`${G}/updateSysCheckCode`, { ticket, areaCode: '86', mobile: '13800000009', code });
    expect(set.data.codeMobile).toBe('+86 138****0009');
    await s.current.database.db.execute(sql`update sys_verify_code set created_at = created_at - interval '2 minutes'`);
    expect((await c.post(`${G}/sendCode`)).data.maskedMobile).toBe('138****0009');
    expect((await c.post(`${G}/updateSysCheckCode`, { ticket, clear: true })).data.codeMobile).toBeNull();
  });

  it('range settings bound the configured values: a value outside is refused, and so is a range that excludes one', async () => {
    const token = await s.current.login();
    const c = client(s.current, token);
    const range = (await c.get(`${G}/findRange`)).data;
    const op = (await c.get(`${G}/findByOperation`)).data;
    // the cable package is 10.00; a range up to 5.00 would leave it outside
    const narrow = { ...range, cablePackageAmount: { min: 0, max: 500 } };
    const refused = await c.put(`${G}/updateRange`, narrow, 'en_US');
    expect(refused.code).toBe(100203);
    expect(refused.msg).toBe(
      'The range leaves the configured Charging-cable package prepaid amount (10.00) outside; change that setting first',
    );
    expect((await c.put(`${G}/updateRange`, narrow, 'zh_CN')).msg).toBe(
      '范围不包含当前配置的 充电线套餐预付金额（10.00），请先修改该配置',
    );
    expect((await c.put(`${G}/updateRange`, { ...range, hourlyPrice: { min: 500, max: 100 } }, 'zh_CN')).msg).toBe(
      '参数错误：每小时价格·最小值: 最小值不能大于最大值',
    );
    // The hourly price of Bluetooth chargers is 1.00: a range from 2.00 excludes it, named by its label.
    const hourly = await c.put(`${G}/updateRange`, { ...range, hourlyPrice: { min: 200, max: 1000 } }, 'zh_TW');
    expect(hourly).toMatchObject({
      code: 100203,
      msg: '範圍不包含目前設定的 藍牙充電器每小時價格上限（1.00），請先修改該設定',
    });
    expect((await c.put(`${G}/updateRange`, { ...range, cablePackageAmount: { min: 100, max: 2000 } })).code).toBe(0);
    const above = await c.put(
      `${G}/`,
      {
        paramType: 'operation',
        values: { ...op, cablePackage: { prepaid: 3000, firstThreeHours: 300, maxTwelveHours: 1000 } },
      },
      'en_US',
    );
    expect(above).toMatchObject({
      code: 100202,
      msg: 'Charging-cable package prepaid amount must be between 1.00 and 20.00 (range settings)',
    });
    const zh = await c.put(
      `${G}/`,
      {
        paramType: 'operation',
        values: { ...op, cablePackage: { prepaid: 3000, firstThreeHours: 300, maxTwelveHours: 1000 } },
      },
      'zh_CN',
    );
    expect(zh.msg).toBe('充电线套餐预付金额 必须在 1.00 到 20.00 之间（范围设置）');
  });

  it('extended functions: activation and re-activation need a ticket, closing does not', async () => {
    const token = await s.current.login();
    const c = client(s.current, token);
    const page = (await c.get('/user/api/v1/extension/queryPage?pageNum=1&pageSize=20')).data;
    expect(page.total).toBeGreaterThanOrEqual(5);
    const ext = page.list[0];
    expect(ext).toMatchObject({ status: 'closed', activateTime: null });
    expect((await c.post('/user/api/v1/extension/editStatus', { id: ext.id, status: 'activated' })).code).toBe(100201);
    const ticket = await ticketFor(s.current, token);
    const on = await c.post('/user/api/v1/extension/editStatus', { id: ext.id, status: 'activated', ticket });
    expect(on.data.status).toBe('activated');
    expect(on.data.activateTime).not.toBeNull();
    expect((await c.post('/user/api/v1/extension/editStatus', { id: ext.id, status: 'activated', ticket })).code).toBe(
      100206,
    );
    expect((await c.post('/user/api/v1/extension/editStatus', { id: ext.id, status: 'closed' })).data.status).toBe(
      'closed',
    );
    // The test server activated the functions its features' tests use (test/helper.ts); deposit-free stays closed.
    expect((await c.get('/user/api/v1/extension/queryPage?status=activated')).data.total).toBe(TEST_EXTENSIONS.length);
    expect((await c.post('/user/api/v1/extension/editStatus', { id: ext.id, status: 'paused' })).code).toBe(100001);
    expect((await c.post('/user/api/v1/extension/editStatus', { id: 99999, status: 'closed' })).code).toBe(100004);
  });

  it('device scenes and problem types', async () => {
    const token = await s.current.login();
    const c = client(s.current, token);
    const scenes = (await c.get('/device/api/v1/device/sceneList')).data;
    expect(scenes.map((x: { deviceType: string }) => x.deviceType)).toEqual(['cabinet', 'cable', 'bluetooth']);
    const upd = await c.put('/device/api/v1/device/updateImgAndAddr', {
      deviceType: 'cable',
      img: '/files/images/c.png',
      link: 'https://example.com/cable',
    });
    expect(upd.data).toMatchObject({ deviceType: 'cable', img: '/files/images/c.png' });
    expect((await c.get('/device/api/v1/device/sceneDetail?deviceType=cable')).data.link).toBe(
      'https://example.com/cable',
    );
    expect(
      (await c.put('/device/api/v1/device/updateImgAndAddr', { deviceType: 'drone', img: '/x.png', link: '' })).code,
    ).toBe(100001);
    expect(
      (await c.put('/device/api/v1/device/updateImgAndAddr', { deviceType: 'cable', img: '', link: '' }, 'zh_CN')).msg,
    ).toBe('参数错误：img: 不能为空');

    const P = '/user/api/v1/problemType';
    const a = await c.post(`${P}/saveOrUpdate`, { name: 'Will not eject', sort: 1, remark: '' });
    expect(a.data).toMatchObject({ name: 'Will not eject', status: 'inUse' });
    expect((await c.post(`${P}/saveOrUpdate`, { name: 'will NOT eject', sort: 2, remark: '' })).code).toBe(100204);
    expect((await c.post(`${P}/saveOrUpdate`, { name: 'x'.repeat(17), sort: 2, remark: '' }, 'zh_TW')).msg).toBe(
      '參數錯誤：name: 長度不能超過 16 個字元',
    );
    const edited = await c.post(`${P}/saveOrUpdate`, {
      id: a.data.id,
      name: 'No eject',
      sort: 3,
      remark: 'slot jammed',
    });
    expect(edited.data).toMatchObject({ name: 'No eject', remark: 'slot jammed' });
    await c.post(`${P}/saveOrUpdate`, { name: 'Screen broken', sort: 2, remark: '' });
    expect((await c.del(`${P}/delete?id=${a.data.id}`)).code).toBe(0);
    expect((await c.del(`${P}/delete?id=${a.data.id}`)).code).toBe(100205);
    expect((await c.post(`${P}/saveOrUpdate`, { id: a.data.id, name: 'Back', sort: 1, remark: '' })).code).toBe(100205);
    // a deleted name may be used again
    expect((await c.post(`${P}/saveOrUpdate`, { name: 'No eject', sort: 1, remark: '' })).code).toBe(0);
    const deleted = (await c.get(`${P}/queryPage?status=deleted`)).data;
    expect(deleted.total).toBe(1);
    expect((await c.get(`${P}/queryPage?name=screen`)).data.list[0].name).toBe('Screen broken');
    expect((await c.post(`${P}/export`, { status: 'inUse' })).code).toBe(0);
    expect((await c.post(`${P}/export`, { name: 'nothing here' })).code).toBe(100071);
  });

  it('operation log: every change listed with who and result, filtered, 30-day rule, export', async () => {
    const token = await s.current.login();
    const c = client(s.current, token);
    await c.post('/user/api/v1/problemType/saveOrUpdate', { name: 'Logged type', sort: 1, remark: '' });
    const started = Date.now();
    await c.post('/user/api/v1/problemType/saveOrUpdate', { name: 'Logged type', sort: 1, remark: '' });
    const took = Date.now() - started;
    const L = '/user/api/v1/sys/operationLog/queryPage';
    const all = (await c.get(`${L}?behaviour=problem%20type&pageSize=50`)).data;
    expect(all.list[0]).toMatchObject({
      userName: 'admin',
      accountType: 'admin',
      terminal: 'MANAGE_PC',
      method: 'POST',
      path: '/user/api/v1/problemType/saveOrUpdate',
      resultCode: 100204,
      result: 'fail',
    });
    expect(all.list[1]).toMatchObject({ resultCode: 0, result: 'success' });
    // The duration is the server's own time for the call: a whole number within what the caller waited.
    expect(Number.isInteger(all.list[0].durationMs)).toBe(true);
    expect(all.list[0].durationMs).toBeLessThanOrEqual(took + 1);
    const fails = (await c.get(`${L}?result=fail&pageSize=100`)).data.list;
    expect(fails.every((r: { resultCode: number }) => r.resultCode !== 0)).toBe(true);
    expect((await c.get(`${L}?userName=nobody`)).data.total).toBe(0);
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
    expect((await c.get(`${L}?beginTime=${encodeURIComponent(old)}`)).code).toBe(100060);
    expect((await c.get(`${L}?result=maybe`)).code).toBe(100001);
    expect((await c.post('/user/api/v1/sys/operationLog/export', { result: 'success' })).code).toBe(0);
    // deleting by query names its target
    const del = await c.post('/user/api/v1/problemType/saveOrUpdate', { name: 'Temp', sort: 1, remark: '' });
    // the console sends DELETE with an empty JSON body
    await s.current.inject({
      method: 'DELETE',
      url: `/user/api/v1/problemType/delete?id=${del.data.id}`,
      headers: auth(token),
      payload: {},
    });
    expect((await c.get(`${L}?behaviour=delete`)).data.list[0].target).toBe(String(del.data.id));
  });

  it('permissions: customer service reads problem types and nothing of the configuration', async () => {
    await accountWithMenus(s.current.database.db, 'cs1', 'cs123456', ['system.problemTypes']);
    const c = client(s.current, await s.current.login('cs1', 'cs123456'));
    expect((await c.get('/user/api/v1/problemType/queryPage')).code).toBe(0);
    expect((await c.post('/user/api/v1/problemType/saveOrUpdate', { name: 'Nope', sort: 1, remark: '' })).code).toBe(
      100003,
    );
    expect((await c.get(`${G}/findByBasis`)).code).toBe(100003);
    expect((await c.put(`${G}/updateRange`, {})).code).toBe(100003);
    expect((await c.get('/user/api/v1/sys/operationLog/queryPage')).code).toBe(100003);
    expect((await s.current.inject({ url: `${G}/findByBasis` })).json().code).toBe(100020);
  });

  it('uploads a logo checked by content and serves it', async () => {
    const token = await s.current.login();
    const good = multipart(PNG);
    const r = await s.current.inject({
      method: 'POST',
      url: `${G}/uploadImage`,
      headers: { ...auth(token), ...good.headers },
      payload: good.payload,
    });
    const url = r.json().data.url as string;
    expect(url).toMatch(/^\/files\/images\/[0-9a-f]{32}\.png$/);
    expect((await s.current.inject({ url })).statusCode).toBe(200);
    const fake = multipart(Buffer.from('<svg onload=alert(1)>'));
    expect(
      (
        await s.current.inject({
          method: 'POST',
          url: `${G}/uploadImage`,
          headers: { ...auth(token), ...fake.headers },
          payload: fake.payload,
        })
      ).json().code,
    ).toBe(100053);
  });
});
