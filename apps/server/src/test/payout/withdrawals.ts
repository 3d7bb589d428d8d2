import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { until } from '../fleet/fleet-helpers.js';
import { ok, type Answer, type caller } from '../outlet/outlet-fixtures.js';
import type { TestServer } from '../helper.js';

export const mobile = () => `137${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
export const key = () => crypto.randomBytes(8).toString('hex');
export const APPLY = '/user/api/app/v1/withdrawal/apply';
export const AUDIT = '/user/api/v1/withdrawal/audit';

/**
 * Withdrawals for a test: an agent signed in to the partner app, earnings posted to its payable as
 * the share leaves them (`daysAgo` old, past the settlement days), an application through the app,
 * the staff detail, and waiting until the payout is settled.
 */
export function withdrawalKit(s: { current: TestServer }, c: ReturnType<typeof caller>) {
  const services = () => s.current.server.services;
  const db = () => s.current.database.db;

  /** Earnings of an order `daysAgo` days old, as the share posting leaves them. */
  async function earn(
    kind: 'agentPayable' | 'providerPayable' | 'pusherPayable' | 'outletPayable' | 'operatorPayable',
    partyId: number,
    amount: number,
    daysAgo = 30,
  ): Promise<void> {
    const orderNo = `T${crypto.randomBytes(6).toString('hex')}`;
    await services().ledger.ledger.post({
      idempotencyKey: `test-share:${orderNo}`,
      kind: 'share',
      orderNo,
      entries: [
        { account: { kind: 'orderIncome' }, debit: amount },
        { account: { kind, partyId }, credit: amount },
      ],
    });
    await db().execute(
      sql`update led_entry set created_at = now() - make_interval(days => ${daysAgo}) where order_no = ${orderNo}`,
    );
  }

  async function appLogin(m: string) {
    const r = (
      await s.current.inject({
        method: 'POST',
        url: '/user/api/app/v1/auth',
        payload: { areaCode: '86', mobile: m, password: 'pass1234', clientType: 'AGENT_IOS' },
      })
    ).json() as Answer;
    expect(r.code).toBe(0);
    const t = r.data.token as string;
    return (method: 'GET' | 'POST', url: string, body?: unknown, lang = 'en_US'): Promise<Answer> =>
      s.current
        .inject({
          method,
          url,
          payload: body as object | undefined,
          headers: { authorization: t, clienttype: 'AGENT_IOS', 'accept-language': lang },
        })
        .then((x) => x.json() as Answer);
  }
  type App = Awaited<ReturnType<typeof appLogin>>;

  /** A new agent (with its own minimum and fee rate) signed in to the partner app. */
  async function agent(own: { minWithdrawal?: number; withdrawalFeeRate?: number } = {}) {
    const m = mobile();
    const region = (await ok(c.post('/user/api/v1/region/saveOrUpdate', { name: `R${key().slice(0, 6)}` }), 'region'))
      .id as number;
    const id = (
      await ok(
        c.post('/user/api/v1/agent/saveOrUpdate', {
          name: `Agent ${m.slice(-4)}`,
          areaCode: '86',
          mobile: m,
          password: 'pass1234',
          level: 'A',
          ratio: 60,
          regionId: region,
          minWithdrawal: own.minWithdrawal ?? 0,
          withdrawalFeeRate: own.withdrawalFeeRate ?? 0,
        }),
        'agent',
      )
    ).id as number;
    return { id, app: await appLogin(m) };
  }
  const apply = (app: App, amount: number, over: object = {}, lang = 'en_US') =>
    app(
      'POST',
      APPLY,
      {
        amount,
        method: 'wechat',
        payeeAccount: 'wx-openid-123',
        payeeName: 'Zhang San',
        idempotencyKey: key(),
        ...over,
      },
      lang,
    );
  const detail = async (id: number) => ok(c.get('/user/api/v1/withdrawal/detail', { id }), 'detail');
  const settled = (id: number) =>
    until(
      async () => ['success', 'failed'].includes((await detail(id)).status) && (await detail(id)),
      8_000,
      'payout settled',
    );
  return { earn, appLogin, agent, apply, detail, settled };
}
