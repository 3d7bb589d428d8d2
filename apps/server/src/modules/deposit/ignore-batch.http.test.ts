import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { engines, useServer } from '../../test/helper.js';
import { http } from '../../test/fleet/fleet-helpers.js';

const IGNORE = '/order/api/v1/depositOrder';

/** The deposit exemption (ignore) list by a batch of phone numbers, with spec 8's partial failure report. */
describe.each(engines)('deposit ignore list batch (%s)', (engine) => {
  const s = useServer(engine);
  let token = '';
  const api = http(s, () => token);
  const mobile = () => `137${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
  async function customer(): Promise<string> {
    const m = mobile();
    await s.current.inject({
      method: 'POST',
      url: '/user/api/app/v1/auth/sendCode',
      payload: { areaCode: '86', mobile: m },
    });
    const code = s.current.sms.lastCode(m)!;
    const r = (
      await s.current.inject({
        method: 'POST',
        url: '/user/api/app/v1/auth',
        payload: { areaCode: '86', mobile: m, code, clientType: 'USER_IOS' },
      })
    ).json();
    expect(r.code).toBe(0);
    return m;
  }
  const listed = async (m: string) =>
    (await api.get(`${IGNORE}/orderRuleIgnoreList`, { pageNum: 1, pageSize: 10, mobile: m })).data.list as {
      userMobile: string;
      remark: string | null;
    }[];

  beforeAll(async () => {
    token = await s.current.login();
  });

  it('adds whom it can and reports every skipped line with its reason, in the caller language', async () => {
    const [a, b, c] = [await customer(), await customer(), await customer()];
    const unknown = mobile();
    const all = await api.post(`${IGNORE}/orderRuleIgnoreBatch`, { phones: [`+86 ${a}`, b], remark: 'VIP' });
    expect(all).toMatchObject({ code: 0, data: { total: 2, succeeded: 2, failed: [] } });
    expect(await listed(a)).toMatchObject([{ userMobile: `86-${a}`, remark: 'VIP' }]);

    const partial = await api.post(`${IGNORE}/orderRuleIgnoreBatch`, {
      phones: [`0086-${c}`, a, unknown, 'hello', '', `86-${c}`],
    });
    expect(partial.code).toBe(-100);
    expect(partial.msg).toBe('5 numbers: 1 added, 4 skipped');
    expect(partial.data).toEqual({
      total: 5,
      succeeded: 1,
      failed: [
        { phone: a, reason: 'alreadyExempt', msg: 'Already exempt' },
        { phone: unknown, reason: 'unknown', msg: 'No customer has this phone' },
        { phone: 'hello', reason: 'notPhone', msg: 'Not a phone number' },
        { phone: `86-${c}`, reason: 'duplicate', msg: 'Repeated in this batch' },
      ],
    });
    expect(await listed(c)).toHaveLength(1);
    const zh = await api.post(`${IGNORE}/orderRuleIgnoreBatch`, { phones: [b, unknown] }, 'zh_CN');
    expect(zh.msg).toBe('共 2 个号码，成功 0 个，跳过 2 个');
    expect(zh.data.failed.map((f: { msg: string }) => f.msg)).toEqual(['已在白名单中', '用户不存在']);

    // Bad input is named, never a 500.
    expect((await api.post(`${IGNORE}/orderRuleIgnoreBatch`, { phones: [] })).code).toBe(100001);
    expect(
      (await api.post(`${IGNORE}/orderRuleIgnoreBatch`, { phones: Array.from({ length: 1001 }, () => '1') })).code,
    ).toBe(100001);
    expect((await api.post(`${IGNORE}/orderRuleIgnoreBatch`, {})).code).toBe(100001);
  });

  it('two batches naming one customer at once add it once', async () => {
    const m = await customer();
    const [x, y] = await Promise.all([
      api.post(`${IGNORE}/orderRuleIgnoreBatch`, { phones: [m] }),
      api.post(`${IGNORE}/orderRuleIgnoreBatch`, { phones: [m] }),
    ]);
    expect([x.data.succeeded, y.data.succeeded].sort()).toEqual([0, 1]);
    expect(await listed(m)).toHaveLength(1);
  });
});
