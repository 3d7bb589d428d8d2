import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { engines, useServer } from '../../test/helper.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import { netCooperation } from './tables.js';

type Answer = { code: number; msg: string; data: any };

/**
 * Who sends cooperation applications from the apps, and how often: customers (their own,
 * attributed to the member), recruiting partners of the agent app (attributed to their app
 * account); an outlet's account is refused; each applicant and each address a few an hour.
 * Coupon-code tries are limited per customer and address by the same counter.
 */
describe.each(engines)('app calls anyone may repeat (%s)', (engine) => {
  const s = useServer(engine);
  const services = () => s.current.server.services;
  const db = () => s.current.database.db;
  const address = () => `10.${crypto.randomInt(0, 256)}.${crypto.randomInt(0, 256)}.${crypto.randomInt(1, 255)}`;
  const mobile = () => `137${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
  const apply = { type: 'store', contact: 'Shop owner', areaCode: '86', phone: '13600000000' };

  /** A customer signed in by code; its calls come from `from`. */
  async function customer(from = address()) {
    const m = mobile();
    await s.current.inject({
      method: 'POST',
      url: '/user/api/app/v1/auth/sendCode',
      remoteAddress: from,
      payload: { areaCode: '86', mobile: m },
    });
    const r = (
      await s.current.inject({
        method: 'POST',
        url: '/user/api/app/v1/auth',
        remoteAddress: from,
        payload: { areaCode: '86', mobile: m, code: s.current.sms.lastCode(m)!, clientType: 'USER_IOS' },
      })
    ).json();
    expect(r.code).toBe(0);
    const [member] = await services().network.customers.byMobiles([m]);
    const call = async (url: string, body: unknown, lang = 'en_US', remoteAddress = from): Promise<Answer> =>
      (
        await s.current.inject({
          method: 'POST',
          url,
          remoteAddress,
          payload: body as object,
          headers: { authorization: r.data.token, clienttype: 'USER_IOS', 'accept-language': lang },
        })
      ).json();
    return { id: member!.id, call };
  }

  /** An agent signed in to the agent app. */
  async function agent(from = address()) {
    const login = { areaCode: '86', mobile: mobile(), password: 'secret12' };
    await services().network.agents.save({
      ...login,
      name: `Agent ${crypto.randomBytes(2).toString('hex')}`,
      level: 'A',
      ratio: 50,
      minWithdrawal: 0,
      withdrawalFeeRate: 0,
    });
    const r = (
      await s.current.inject({
        method: 'POST',
        url: '/user/api/app/v1/auth',
        remoteAddress: from,
        payload: { ...login, clientType: 'AGENT_IOS' },
      })
    ).json();
    expect(r.code).toBe(0);
    const me = (
      await s.current.inject({ url: '/user/api/app/v1/me', headers: { authorization: r.data.token } })
    ).json();
    const call = async (url: string, body: unknown, lang = 'en_US'): Promise<Answer> =>
      (
        await s.current.inject({
          method: 'POST',
          url,
          remoteAddress: from,
          payload: body as object,
          headers: { authorization: r.data.token, clienttype: 'AGENT_IOS', 'accept-language': lang },
        })
      ).json();
    return { me: me.data, call };
  }
  const row = async (id: number) => (await db().select().from(netCooperation).where(eq(netCooperation.id, id)))[0]!;

  it("a customer's application is the customer's, a partner's is the partner's account", async () => {
    const u = await customer();
    const mine = await u.call('/user/api/app/v1/cooperation/apply', apply);
    expect(mine.code, mine.msg).toBe(0);
    expect(await row(mine.data.id)).toMatchObject({ memberId: u.id, submittedBy: null });
    const a = await agent();
    const passed = await a.call('/user/api/app/v1/cooperation/apply', { ...apply, type: 'agent' });
    expect(passed.code, passed.msg).toBe(0);
    const [account] = await db()
      .execute(`select account_id from net_agent where id = ${Number(a.me.id)}`)
      .then((r) => (r as unknown as { rows: { account_id: number }[] }).rows);
    expect(await row(passed.data.id)).toMatchObject({ memberId: null, submittedBy: Number(account!.account_id) });
  });

  it("an outlet's account is refused with its own code, in the three languages", async () => {
    const outlet = {
      accountId: 1,
      sessionId: 1,
      userName: '86-1',
      accountType: 'outlet',
      clientType: 'AGENT_IOS',
      roleCodes: [],
      roleNames: [],
      isSuper: false,
    } satisfies Principal;
    const refused = await services()
      .network.cooperation.apply(outlet, { type: 'store', contact: 'x', areaCode: '86', phone: '1' }, { ip: address() })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).errorName).toBe('COOPERATION_NOT_ALLOWED');
  });

  it("50 parallel applications of one customer: 3 stored, 47 told to wait, in the caller's language", async () => {
    const u = await customer();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        u.call(
          '/user/api/app/v1/cooperation/apply',
          { ...apply, contact: `Owner ${i}` },
          ['en_US', 'zh_CN', 'zh_TW'][i % 3],
        ),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(3);
    const limited = answers.filter((a) => a.code !== 0);
    expect(limited.every((a) => a.code === 100010)).toBe(true);
    expect(limited.map((a) => a.msg)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Too many attempts; try again in \d+ minutes$/),
        expect.stringMatching(/^操作过于频繁，请 \d+ 分钟后再试$/),
        expect.stringMatching(/^操作過於頻繁，請 \d+ 分鐘後再試$/),
      ]),
    );
    expect((await db().select().from(netCooperation).where(eq(netCooperation.memberId, u.id))).length).toBe(3);
  });

  it('one address: at most 10 applications an hour whoever sends them', async () => {
    const shared = address();
    const people = await Promise.all(Array.from({ length: 5 }, () => customer(shared)));
    const answers = await Promise.all(
      people.flatMap((p) => [1, 2, 3].map(() => p.call('/user/api/app/v1/cooperation/apply', apply))),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(10);
    expect(answers.filter((a) => a.code === 100010)).toHaveLength(5);
  });

  it('coupon codes: 50 parallel guesses of one customer, 10 answered; one address, 60 answered over several customers', async () => {
    const guess = () => Array.from({ length: 12 }, () => 'ACDEFGHJKMNP'[crypto.randomInt(0, 12)]).join('');
    const u = await customer();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => u.call('/user/api/app/v1/coupon/redeem', { code: guess() })),
    );
    expect(answers.filter((a) => a.code === 101213)).toHaveLength(10);
    expect(answers.filter((a) => a.code === 100010)).toHaveLength(40);
    const shared = address();
    const people = await Promise.all(Array.from({ length: 8 }, () => customer(shared)));
    const burst = await Promise.all(
      people.flatMap((p) =>
        Array.from({ length: 10 }, () => p.call('/user/api/app/v1/coupon/redeem', { code: guess() })),
      ),
    );
    expect(burst.filter((a) => a.code === 101213)).toHaveLength(60);
    expect(burst.filter((a) => a.code === 100010)).toHaveLength(20);
  });
});
