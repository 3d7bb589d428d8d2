import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { cabinetOfQr, cabinetQrContent } from '@cbo/contract';
import { auth, engines, useServer } from '../../test/helper.js';
import { http } from '../../test/fleet/fleet-helpers.js';
import { newSn } from '../../test/fleet/test-cabinet.js';

const D = '/device/api/v1';
const ADDRESS = '/user/api/v1/global/config/updateAddress';

describe('cabinet QR content (one rule for printing and reading back)', () => {
  it('appends the SN to the base address and reads it back; anything else is not ours', () => {
    expect(cabinetQrContent('https://u.example.com/scan', 'CHGB000000000001')).toBe(
      'https://u.example.com/scan?sn=CHGB000000000001',
    );
    expect(cabinetQrContent('https://u.example.com/q?c=1', 'CHGB000000000001')).toBe(
      'https://u.example.com/q?c=1&sn=CHGB000000000001',
    );
    expect(cabinetOfQr('https://u.example.com/scan', 'https://u.example.com/scan?sn=chgb000000000001')).toBe(
      'CHGB000000000001',
    );
    expect(cabinetOfQr('https://u.example.com/q?c=1', 'https://u.example.com/q?c=1&sn=CHGB000000000001')).toBe(
      'CHGB000000000001',
    );
    for (const text of [
      'https://other.example.com/scan?sn=CHGB000000000001',
      'https://u.example.com/scan?sn=NOTASN',
      'https://u.example.com/scan?sn=CHGB000000000001&x=1',
      'CHGB000000000001',
      '',
    ]) {
      expect(cabinetOfQr('https://u.example.com/scan', text)).toBeNull();
    }
    expect(cabinetOfQr('', 'https://u.example.com/scan?sn=CHGB000000000001')).toBeNull();
  });
});

/** Cabinet QR labels (one and a batch) from the QR code address; a scan that is not ours is "QR code non-standard" (spec 8). */
describe.each(engines)('cabinet QR labels and scans (%s)', (engine) => {
  const s = useServer(engine);
  let token = '';
  const api = http(s, () => token);
  const put = async (url: string, payload: unknown, lang = 'en_US') =>
    (await s.current.inject({ method: 'PUT', url, payload: payload as object, headers: auth(token, lang) })).json() as {
      code: number;
      msg: string;
      data: any;
    };
  let appToken = '';
  const scan = async (code: string, lang = 'en_US') =>
    (
      await s.current.inject({
        method: 'GET',
        url: `${D.replace('/v1', '/app/v1')}/scan?code=${encodeURIComponent(code)}`,
        headers: { authorization: appToken, clienttype: 'USER_IOS', 'accept-language': lang },
      })
    ).json() as { code: number; msg: string; data: any };
  const setBase = (qrCodeBaseUrl: string) =>
    put(ADDRESS, { qrCodeBaseUrl, deviceServerHost: '', deviceServerPort: 1883 });

  beforeAll(async () => {
    token = await s.current.login();
    const mobile = `136${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
    await s.current.inject({
      method: 'POST',
      url: '/user/api/app/v1/auth/sendCode',
      payload: { areaCode: '86', mobile },
    });
    const code = s.current.sms.lastCode(mobile)!;
    appToken = (
      await s.current.inject({
        method: 'POST',
        url: '/user/api/app/v1/auth',
        payload: { areaCode: '86', mobile, code, clientType: 'USER_IOS' },
      })
    ).json().data.token;
  });

  it('labels need the QR code address; then one and a batch are built from it, and follow a change at once', async () => {
    const [a, b] = [newSn(), newSn()];
    expect((await api.post(`${D}/cabinet/batchStorage`, { sns: [a, b] })).code).toBe(0);
    expect(await api.get(`${D}/cabinet/qrLabels`, { sns: a })).toMatchObject({
      code: 100314,
      msg: 'Set the QR code address in the system configuration first',
    });
    expect((await setBase('https://u.example.com/scan')).code).toBe(0);

    expect(await api.get(`${D}/cabinet/qrLabels`, { sns: a.toLowerCase() })).toMatchObject({
      code: 0,
      data: {
        baseUrl: 'https://u.example.com/scan',
        labels: [{ sn: a, content: `https://u.example.com/scan?sn=${a}` }],
      },
    });
    const batch = await api.get(`${D}/cabinet/qrLabels`, { sns: `${b}, ${a},${b}` });
    expect(batch.data.labels.map((l: { sn: string }) => l.sn)).toEqual([b, a]);

    expect((await setBase('https://rent.example.org/c')).code).toBe(0);
    expect((await api.get(`${D}/cabinet/qrLabels`, { sns: a })).data.labels[0].content).toBe(
      `https://rent.example.org/c?sn=${a}`,
    );

    // Bad input is named, never a 500; an SN never stocked in is not found.
    expect((await api.get(`${D}/cabinet/qrLabels`, { sns: 'nope' })).code).toBe(100001);
    expect((await api.get(`${D}/cabinet/qrLabels`, {})).code).toBe(100001);
    expect(
      (await api.get(`${D}/cabinet/qrLabels`, { sns: Array.from({ length: 201 }, () => newSn()).join(',') })).code,
    ).toBe(100001);
    expect((await api.get(`${D}/cabinet/qrLabels`, { sns: newSn() })).code).toBe(100303);
  });

  it("a scan of our label names its cabinet; any other text is 'QR code non-standard' in the caller's language", async () => {
    const sn = newSn();
    expect((await api.post(`${D}/cabinet/batchStorage`, { sns: [sn] })).code).toBe(0);
    expect((await setBase('https://u.example.com/scan')).code).toBe(0);
    const content = (await api.get(`${D}/cabinet/qrLabels`, { sns: sn })).data.labels[0].content as string;
    expect(await scan(content)).toMatchObject({ code: 0, data: { deviceType: 'cabinet', sn } });

    expect(await scan(`https://evil.example.com/scan?sn=${sn}`)).toMatchObject({
      code: 100313,
      msg: 'QR code non-standard',
    });
    expect((await scan('hello', 'zh_CN')).msg).toBe('二维码不规范');
    expect((await scan('hello', 'zh_TW')).msg).toBe('二維碼不規範');
    expect((await scan(`https://u.example.com/scan?sn=${newSn()}`)).code).toBe(100303);
    // A label printed under the old address is not ours once the address changes.
    expect((await setBase('https://rent.example.org/c')).code).toBe(0);
    expect((await scan(content)).code).toBe(100313);
    // Staff tokens are not the customer app's.
    expect(
      (await s.current.inject({ method: 'GET', url: `/device/api/app/v1/scan?code=x`, headers: auth(token) })).json()
        .code,
    ).not.toBe(0);
  });
});
