import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auth, engines, useServer } from '../../test/helper.js';
import { accountWithMenus } from '../../test/accounts.js';
import { query } from '../../platform/db/database.js';
import { sysAccount } from './tables.js';

type Json = { code: number; msg: string; data: any };

describe.each(engines)('verification codes under concurrency (%s)', (engine) => {
  const s = useServer(engine);
  let seq = 0;
  /** A fresh signed-in account (no menus: the personal-center calls need only a session). */
  const signedIn = async (mobile?: string) => {
    const name = `vc${++seq}`;
    const id = await accountWithMenus(s.current.database.db, name, 'pass1234', []);
    if (mobile)
      await s.current.database.db.update(sysAccount).set({ areaCode: '86', mobile }).where(eq(sysAccount.id, id));
    return { id, token: await s.current.login(name, 'pass1234', `10.50.0.${seq}`) };
  };
  const post = async (token: string, url: string, payload: object = {}) =>
    (await s.current.inject({ method: 'POST', url, headers: auth(token), payload })).json() as Json;
  const attemptsOf = async (accountId: number, purpose: string) => {
    const [r] = await query<{ attempts: number }>(
      s.current.database.db,
      sql`
      select attempts from sys_verify_code where account_id = ${accountId} and purpose = ${purpose} order by id desc limit 1`,
    );
    return Number(r!.attempts);
  };
  /** Records every code the service really compares (the hash comparison is the only place). */
  const recordComparisons = () => {
    const codes = s.current.server.services.identity.codes as unknown as { matches: (h: string, v: string) => boolean };
    const original = codes.matches.bind(codes);
    const compared: string[] = [];
    codes.matches = (h, v) => {
      compared.push(v.slice(v.lastIndexOf(':') + 1));
      return original(h, v);
    };
    return { compared, restore: () => (codes.matches = original) };
  };
  const wrongCodes = (right: string, n: number) =>
    Array.from({ length: n }, (_, i) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'));

  it.each([150, 1])(
    '300 guesses at once with the right one at %i: at most 5 compared, success only if it was among them',
    async (position) => {
      const me = await signedIn();
      const mobile = `1370000${String(position).padStart(4, '0')}`;
      expect(
        (await post(me.token, '/user/api/v1/sys/manage/updateMobileSendCode', { areaCode: '86', mobile })).code,
      ).toBe(0);
      const right = s.current.sms.lastCode(mobile)!;
      const guesses = wrongCodes(right, 300);
      guesses[position] = right;
      const spy = recordComparisons();
      try {
        const answers = await Promise.all(
          guesses.map((code) =>
            post(me.token, '/user/api/v1/sys/manage/updateMobile', { areaCode: '86', mobile, code }),
          ),
        );
        const succeeded = answers.filter((a) => a.code === 0);
        expect(succeeded).toHaveLength(spy.compared.includes(right) ? 1 : 0);
        // Every try counted was compared and no more; without a success all five were spent. Once
        // the mobile is set, later requests need a ticket for it (100044) and compare nothing.
        expect(spy.compared.length).toBeLessThanOrEqual(5);
        expect(await attemptsOf(me.id, 'newMobile')).toBe(spy.compared.length);
        if (!succeeded.length) expect(spy.compared).toHaveLength(5);
        expect(
          answers
            .filter((a) => a.code !== 0)
            .every((a) => a.code === 100040 || (succeeded.length && a.code === 100044)),
        ).toBe(true);
        const [row] = await s.current.database.db.select().from(sysAccount).where(eq(sysAccount.id, me.id));
        expect(row!.mobile).toBe(succeeded.length ? mobile : null);
        // Spent (five tries, or used): even the right code is refused now, without another comparison.
        const before = spy.compared.length;
        expect(
          (await post(me.token, '/user/api/v1/sys/manage/updateMobile', { areaCode: '86', mobile, code: right })).code,
        ).toBe(succeeded.length ? 100044 : 100040);
        expect(spy.compared.length).toBe(before);
      } finally {
        spy.restore();
      }
    },
  );

  it('50 uses of one right code at once change the mobile exactly once', async () => {
    const me = await signedIn();
    const mobile = '13700009901';
    await post(me.token, '/user/api/v1/sys/manage/updateMobileSendCode', { areaCode: '86', mobile });
    const code = s.current.sms.lastCode(mobile)!;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(me.token, '/user/api/v1/sys/manage/updateMobile', { areaCode: '86', mobile, code }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    // The others: the code is spent, or (the mobile now set) a ticket for it is missing.
    expect(answers.filter((a) => a.code !== 0).every((a) => a.code === 100040 || a.code === 100044)).toBe(true);
  });

  it('50 checks of one right code at once buy exactly one ticket (personal center and system configuration)', async () => {
    const me = await signedIn('13700009902');
    await post(me.token, '/user/api/v1/sys/manage/sendCode');
    const code = s.current.sms.lastCode('13700009902')!;
    const own = await Promise.all(
      Array.from({ length: 50 }, () => post(me.token, '/user/api/v1/sys/manage/checkCode', { code })),
    );
    expect(own.filter((a) => a.code === 0)).toHaveLength(1);

    const cfgUser = await signedIn('13700009903');
    expect((await post(cfgUser.token, '/user/api/v1/global/config/sendCode')).code).toBe(0);
    const cfgCode = s.current.sms.lastCode('13700009903')!;
    const cfg = await Promise.all(
      Array.from({ length: 50 }, () => post(cfgUser.token, '/user/api/v1/global/config/checkCode', { code: cfgCode })),
    );
    expect(cfg.filter((a) => a.code === 0)).toHaveLength(1);
    expect(cfg.filter((a) => a.code !== 0).every((a) => a.code === 100040)).toBe(true);
  });

  it('one ticket changes the mobile once: 50 spends at once, exactly one succeeds', async () => {
    const me = await signedIn('13700009904');
    const codes = s.current.server.services.identity.codes;
    const ticket = await codes.issueTicket(me.id, 'ticket', { areaCode: '86', mobile: '13700009904' }, 600);
    const spent = await Promise.all(
      Array.from({ length: 50 }, () => codes.spendTicket(s.current.database.db, me.id, 'ticket', ticket)),
    );
    expect(spent.filter(Boolean)).toHaveLength(1);
    expect(await codes.hasTicket(me.id, 'ticket', ticket)).toBe(false);
  });

  it('with a ticket, 50 changes at once with one right code: exactly one, and the ticket is spent with it', async () => {
    const me = await signedIn('13700009905');
    await post(me.token, '/user/api/v1/sys/manage/sendCode');
    const { ticket } = (
      await post(me.token, '/user/api/v1/sys/manage/checkCode', { code: s.current.sms.lastCode('13700009905')! })
    ).data;
    await post(me.token, '/user/api/v1/sys/manage/updateMobileSendCode', { areaCode: '86', mobile: '13700009906' });
    const code = s.current.sms.lastCode('13700009906')!;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(me.token, '/user/api/v1/sys/manage/updateMobile', { areaCode: '86', mobile: '13700009906', code, ticket }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(await s.current.server.services.identity.codes.hasTicket(me.id, 'ticket', ticket)).toBe(false);
  });

  it('50 sends to one number at once: one code; 50 sends to 50 numbers at once: the daily 10', async () => {
    const me = await signedIn();
    const before = s.current.sms.sent.length;
    const one = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(me.token, '/user/api/v1/sys/manage/updateMobileSendCode', { areaCode: '86', mobile: '13700009907' }),
      ),
    );
    expect(one.filter((a) => a.code === 0)).toHaveLength(1);
    expect(one.filter((a) => a.code !== 0).every((a) => a.code === 100041)).toBe(true);
    expect(s.current.sms.sent.length - before).toBe(1);

    const other = await signedIn();
    const many = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(other.token, '/user/api/v1/sys/manage/updateMobileSendCode', {
          areaCode: '86',
          mobile: `1371000${String(i).padStart(4, '0')}`,
        }),
      ),
    );
    expect(many.filter((a) => a.code === 0)).toHaveLength(10);
    expect(many.filter((a) => a.code !== 0).every((a) => a.code === 100005)).toBe(true);
  });

  it('a newer code makes the older one useless', async () => {
    const me = await signedIn();
    const codes = s.current.server.services.identity.codes;
    await codes.send(me.id, 'newMobile', { areaCode: '86', mobile: '13700009908' });
    const old = s.current.sms.lastCode('13700009908')!;
    await s.current.database.db.execute(
      sql`update sys_verify_code set created_at = created_at - interval '2 minutes' where account_id = ${me.id}`,
    );
    await codes.send(me.id, 'newMobile', { areaCode: '86', mobile: '13700009908' });
    const fresh = s.current.sms.lastCode('13700009908')!;
    if (old !== fresh)
      await expect(
        codes.consume(me.id, 'newMobile', { areaCode: '86', mobile: '13700009908' }, old),
      ).rejects.toMatchObject({ errorName: 'CODE_INVALID' });
    await codes.consume(me.id, 'newMobile', { areaCode: '86', mobile: '13700009908' }, fresh);
    await expect(
      codes.consume(me.id, 'newMobile', { areaCode: '86', mobile: '13700009908' }, fresh),
    ).rejects.toMatchObject({ errorName: 'CODE_INVALID' });
  });

  it('the code that bound a mobile does not hold the number back: the payment-settings code is sent at once, an unused one still waits', async () => {
    // The first administrator's case: no mobile yet, binds one, then opens a sensitive setting.
    const me = await signedIn();
    const mobile = '13700009909';
    expect(
      (await post(me.token, '/user/api/v1/sys/manage/updateMobileSendCode', { areaCode: '86', mobile })).code,
    ).toBe(0);
    expect(
      (
        await post(me.token, '/user/api/v1/sys/manage/updateMobile', {
          areaCode: '86',
          mobile,
          code: s.current.sms.lastCode(mobile)!,
        })
      ).code,
    ).toBe(0);
    const sent = await post(me.token, '/user/api/v1/global/config/sendCode');
    expect(sent.code).toBe(0);
    expect(s.current.sms.sent.filter((m) => m.mobile === mobile)).toHaveLength(2);
    // That code is unused: the next send to the number waits its minute, whatever the purpose.
    const again = await post(me.token, '/user/api/v1/sys/manage/sendCode');
    expect(again.code).toBe(100041);
    // And the code sent for the setting works.
    const cfgCode = s.current.sms.lastCode(mobile)!;
    expect((await post(me.token, '/user/api/v1/global/config/checkCode', { code: cfgCode })).code).toBe(0);
  });
});
