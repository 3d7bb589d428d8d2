import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { ordPayment } from './tables.js';
import { SandboxProvider } from './payments.js';
import { engines, useServer } from '../../test/helper.js';
import type { Answer } from '../../test/outlet/outlet-fixtures.js';

/**
 * Top-ups: one idempotency key is one request of one amount (fingerprinted like refunds and
 * withdrawals), and the balance gets what the payment company charged, not what was asked.
 */
describe.each(engines)('wallet recharge (%s)', (engine) => {
  const sandbox = new SandboxProvider({ duplicateRate: 1, notifyDelayMs: 5 });
  const s = useServer(engine, {}, { paymentProvider: sandbox });
  const services = () => s.current.server.services;

  async function customer(): Promise<{
    id: number;
    app: (m: 'GET' | 'POST', url: string, body?: unknown, lang?: string) => Promise<Answer>;
  }> {
    const mobile = `137${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
    expect(
      (
        await s.current.inject({
          method: 'POST',
          url: '/user/api/app/v1/auth/sendCode',
          payload: { areaCode: '86', mobile },
        })
      ).json().code,
    ).toBe(0);
    const code = s.current.sms.lastCode(mobile)!;
    const r = (
      await s.current.inject({
        method: 'POST',
        url: '/user/api/app/v1/auth',
        payload: { areaCode: '86', mobile, code, clientType: 'USER_IOS' },
      })
    ).json();
    expect(r.code).toBe(0);
    const t = r.data.token as string;
    const [me] = await services().network.customers.byMobiles([mobile]);
    return {
      id: me!.id,
      app: async (m, url, body, lang = 'en_US') =>
        (
          await s.current.inject({
            method: m,
            url,
            payload: body as object | undefined,
            headers: { authorization: t, clienttype: 'USER_IOS', 'accept-language': lang },
          })
        ).json(),
    };
  }
  const balanced = async () => {
    const tb = await services().ledger.ledger.trialBalance('en_US');
    expect(tb.totalDebit).toBe(tb.totalCredit);
  };

  it('50 parallel top-ups of 100 and 100000 under one key: one amount is recorded, charged and credited once; the other amount is refused', async () => {
    const u = await customer();
    const key = `same-key-${crypto.randomBytes(4).toString('hex')}`;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        u.app('POST', '/order/api/app/v1/wallet/recharge', { amount: i % 2 ? 100_000 : 100, idempotencyKey: key }),
      ),
    );
    const [row] = await s.current.database.db
      .select()
      .from(ordPayment)
      .where(like(ordPayment.key, `%:${key}`));
    expect(row).toMatchObject({ purpose: 'recharge', status: 'succeeded', userId: u.id });
    const won = row!.amount;
    expect(row!.charged).toBe(won);
    for (const [i, a] of answers.entries()) {
      const amount = i % 2 ? 100_000 : 100;
      if (amount === won) expect(a, `request ${i}`).toMatchObject({ code: 0, data: { balance: won } });
      else
        expect(a, `request ${i}`).toMatchObject({
          code: 100718,
          msg: 'This request key was already used for a top-up of another amount',
        });
    }
    expect((await u.app('GET', '/order/api/app/v1/wallet')).data.balance).toBe(won);
    // Asked again later: the same answer for the same amount, the refusal for the other, in each language.
    expect(
      (await u.app('POST', '/order/api/app/v1/wallet/recharge', { amount: won, idempotencyKey: key })).data.balance,
    ).toBe(won);
    const other = won === 100 ? 100_000 : 100;
    expect(
      await u.app('POST', '/order/api/app/v1/wallet/recharge', { amount: other, idempotencyKey: key }, 'zh_CN'),
    ).toMatchObject({ code: 100718, msg: '该请求编号已用于另一金额的充值' });
    expect(
      await u.app('POST', '/order/api/app/v1/wallet/recharge', { amount: other, idempotencyKey: key }, 'zh_TW'),
    ).toMatchObject({ code: 100718, msg: '該請求編號已用於另一金額的儲值' });
    await balanced();
  });

  it("one key is one customer's: another customer's top-up under the same key is its own", async () => {
    const a = await customer();
    const b = await customer();
    const key = `shared-${crypto.randomBytes(4).toString('hex')}`;
    expect(
      (await a.app('POST', '/order/api/app/v1/wallet/recharge', { amount: 500, idempotencyKey: key })).data.balance,
    ).toBe(500);
    expect(
      (await b.app('POST', '/order/api/app/v1/wallet/recharge', { amount: 700, idempotencyKey: key })).data.balance,
    ).toBe(700);
  });

  it('the balance gets what the payment company charged; the difference is an alarm, and refunds follow the charge', async () => {
    const u = await customer();
    const errors: unknown[] = [];
    const log = s.current.server.services.order.engine as unknown as { log: { error: (...a: unknown[]) => void } };
    const original = log.log.error.bind(log.log);
    log.log.error = (...a: unknown[]) => {
      errors.push(a[0]);
      original(...a);
    };
    try {
      sandbox.chargeOtherAmountNext(9_000);
      const top = await u.app('POST', '/order/api/app/v1/wallet/recharge', {
        amount: 10_000,
        idempotencyKey: `short-${crypto.randomBytes(4).toString('hex')}`,
      });
      expect(top).toMatchObject({ code: 0, data: { balance: 9_000 } });
    } finally {
      log.log.error = original;
    }
    expect(errors).toContainEqual(
      expect.objectContaining({ alarm: 'rechargeAmountDiffers', requested: 10_000, charged: 9_000 }),
    );
    const [row] = await s.current.database.db.select().from(ordPayment).where(eq(ordPayment.userId, u.id));
    expect(row).toMatchObject({ amount: 10_000, charged: 9_000, status: 'succeeded' });
    // What may be refunded is what was charged.
    const info = await services().order.refunds.balance.info(u.id);
    expect(info).toMatchObject({ balance: 9_000, refundable: 9_000 });
    await balanced();
  });
});
