import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { STATS_FINANCE_FIGURES, type PayConfig } from '@cbo/contract';
import { CONFIG_DEFAULTS } from '../system/config.service.js';
import { auth, engines, exportedSheet, useServer } from '../../test/helper.js';
import { until } from '../../test/fleet/fleet-helpers.js';
import { newSn, TestCabinet } from '../../test/fleet/test-cabinet.js';
import { caller, networkFixture, ok, outletBody, type Answer } from '../../test/outlet/outlet-fixtures.js';
import { refundChecker } from '../../test/refund-checker.js';
import { SandboxProvider } from '../order/payments.js';

type FlowRow = { kind: string; accountCode: string; orderNo: string | null; debit: number; credit: number };
const SHARE_KINDS = ['agentPayable', 'outletPayable', 'providerPayable', 'operatorPayable', 'pusherPayable', 'revenue'];

/** The financial figures of fund-flow rows, as the contract defines them (stats.ts). */
function figuresOf(rows: FlowRow[]): Record<string, number> {
  const kindOf = (x: FlowRow) => x.accountCode.split(':')[0]!;
  const of = (kind: string, f: (x: FlowRow) => number, movements?: string[]) =>
    rows.filter((x) => kindOf(x) === kind && (!movements || movements.includes(x.kind))).reduce((a, x) => a + f(x), 0);
  const net = (x: FlowRow) => x.credit - x.debit;
  const income = of('orderIncome', (x) => x.credit);
  const refunds = rows
    .filter((x) => x.kind === 'refund' && SHARE_KINDS.includes(kindOf(x)))
    .reduce((a, x) => a + x.debit - x.credit, 0);
  const sr = ['share', 'refund'];
  return {
    income,
    refunds,
    net: income - refunds,
    agentShare: of('agentPayable', net, sr),
    outletShare: of('outletPayable', net, sr),
    providerShare: of('providerPayable', net, sr),
    operatorShare: of('operatorPayable', net, sr),
    pusherShare: of('pusherPayable', net, sr),
    platform: of('revenue', net, sr),
    taxes: of('taxes', net),
    fees: of('fees', net),
  };
}
const pick = (r: Record<string, number>) => Object.fromEntries(STATS_FINANCE_FIGURES.map((f) => [f, r[f]]));

/**
 * The operator's share in the financial data (issue 15/16), on each engine, through the real rental
 * engine: an order at a team's direct outlet and its partial refund. The financial data's operator
 * share is what the share and refund postings moved on the team's `operatorPayable`, the refunds
 * figure holds the operator's part of the refund (so net = income - refunds is what the platform
 * and the chain kept), and every figure equals the fund-flow rows of the order, for the whole
 * business, scoped to the team's outlet and in the breakdown by outlet, agent and region.
 */
describe.each(engines)("the operator's share in the financial data (%s)", (engine) => {
  const sandbox = new SandboxProvider({ duplicateRate: 0, notifyDelayMs: 5 });
  const s = useServer(engine, {}, { paymentProvider: sandbox, workers: true });
  let token = '';
  const c = caller(s, () => token);
  const cabinets: TestCabinet[] = [];
  let net: Awaited<ReturnType<typeof networkFixture>>;
  let directId = 0;
  let cab: TestCabinet;
  const services = () => s.current.server.services;
  const db = () => s.current.database.db;
  const writePay = (over: Partial<PayConfig>) =>
    (services().system.config as unknown as { write(db: unknown, g: string, v: unknown): Promise<void> }).write(
      db(),
      'pay',
      { ...CONFIG_DEFAULTS.pay, ...over },
    );
  const detail = async (orderNo: string) =>
    (await ok(c.get('/order/api/v1/order/detail', { orderNo }), 'detail')) as any;

  async function customer(): Promise<(m: 'GET' | 'POST', url: string, body?: unknown) => Promise<Answer>> {
    const mobile = `135${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
    await s.current.inject({
      method: 'POST',
      url: '/user/api/app/v1/auth/sendCode',
      payload: { areaCode: '86', mobile },
    });
    const r = (
      await s.current.inject({
        method: 'POST',
        url: '/user/api/app/v1/auth',
        payload: { areaCode: '86', mobile, code: s.current.sms.lastCode(mobile)!, clientType: 'USER_IOS' },
      })
    ).json();
    const t = r.data.token as string;
    return async (m, url, body) =>
      (
        await s.current.inject({
          method: m,
          url,
          payload: body as object | undefined,
          headers: { authorization: t, clienttype: 'USER_IOS', 'accept-language': 'en_US' },
        })
      ).json();
  }

  /** A rental at the team's outlet, ended by staff as if it had lasted 120 min: 6.00 paid. */
  async function paidOrder(): Promise<string> {
    const app = await customer();
    const r = await app('POST', '/order/api/app/v1/order/rent', { sn: cab.sn });
    expect(r.code, r.msg).toBe(0);
    await until(async () => (await detail(r.data.orderNo)).status === 'using', 8_000, 'using');
    await db().execute(
      sql`update ord_order set start_at = now() - make_interval(mins => 120), created_at = now() - make_interval(mins => 120) where order_no = ${r.data.orderNo}`,
    );
    await ok(
      c.post('/order/api/v1/order/endOrder', {
        orderNo: r.data.orderNo,
        endTime: new Date().toISOString(),
        reason: 'end',
      }),
      'end',
    );
    expect(await detail(r.data.orderNo)).toMatchObject({ status: 'finished', paidAmount: 600 });
    return r.data.orderNo as string;
  }

  beforeAll(async () => {
    token = await s.current.login();
    net = await networkFixture(s, c);
    // The team holds 33 %; its direct outlet keeps 40 %, its service provider 10 % of the platform's 60.
    await ok(
      c.post('/user/api/v1/team/saveOrUpdate', {
        id: net.team,
        name: `Op ${crypto.randomBytes(3).toString('hex')}`,
        regionId: net.region,
        leaderId: net.admin,
        memberIds: [net.admin],
        ratio: 33,
      }),
      'team',
    );
    directId = (
      await ok(
        c.post(
          '/device/api/v1/outlet/saveOrUpdate',
          outletBody(net.agentB, {
            agentId: null,
            teamId: net.team,
            regionId: net.region,
            ratio: 40,
            hiddenRatio: 40,
            serviceProviderId: net.provider,
            serviceProviderRatio: 10,
          }),
        ),
        'direct outlet',
      )
    ).id;
    const sn = newSn();
    await services().fleet.stockIn({ sns: [sn] });
    await ok(c.post('/device/api/v1/outlet/bindDevice', { outletId: directId, sn }), 'bind');
    cab = new TestCabinet(services().gateway.brokerUrl, sn, services().fleet.secretOf(sn), 24);
    cab.slots.forEach((x, i) =>
      i < 20
        ? Object.assign(x, { battery: 100 })
        : Object.assign(x, { powerBankId: null, battery: null, charging: false }),
    );
    cabinets.push(cab);
    await cab.start();
    await until(async () => (await services().fleet.rental.availability(sn)).available >= 20, 8_000, 'inventory');
    await writePay({ taxFeePercent: 6 });
  }, 60_000);
  afterAll(async () => {
    await writePay({});
    await Promise.allSettled(cabinets.map((x) => (x.client ? x.client.endAsync(true) : Promise.resolve())));
  });

  it("an order at the team's outlet and its partial refund: the operator share is its entries, refunds hold its part, every figure is the fund flows'", async () => {
    const begin = new Date(Date.now() - 60_000).toISOString();
    const orderNo = await paidOrder();
    // 2.00 of 6.00 refunded and approved: a third of every share goes back, the operator's 186 less 62.
    const applied = await ok(
      c.post('/order/api/v1/refundOrder/refundAmount', { orderNo, amount: 200, reason: 'battery was low' }),
      'refund',
    );
    await ok(
      (await refundChecker(s)).put('/order/api/v1/refundOrder/audit', { id: applied.id, approve: true }),
      'approve refund',
    );
    await until(async () => (await detail(orderNo)).refunds[0]?.status === 'complete', 8_000, 'refund complete');
    const window = { beginTime: begin, endTime: new Date(Date.now() + 1000).toISOString() };

    // The order's fund-flow rows (the platform's accounts and the chain's).
    const rows: FlowRow[] = [];
    for (const scope of ['platform', 'account'] as const) {
      const r = await c.post(`/order/api/v1/fundFlow/${scope}/queryPage`, {
        pageNum: 1,
        pageSize: 100,
        ...window,
        orderNo,
      });
      expect(r.code, r.msg).toBe(0);
      expect(r.data.list.length).toBe(r.data.total);
      rows.push(...r.data.list);
    }
    const operatorRows = rows.filter((x) => x.accountCode === `operatorPayable:${net.team}`);
    expect(operatorRows.map((x) => [x.kind, x.debit, x.credit]).sort()).toEqual([
      ['refund', 62, 0],
      ['share', 0, 186],
    ]);
    const expected = figuresOf(rows);
    expect(expected).toMatchObject({ income: 600, operatorShare: 124, net: 600 - expected.refunds! });
    // The refunds figure holds every share's part of the refund, the operator's 62 among them.
    const withoutOperator = rows
      .filter(
        (x) =>
          x.kind === 'refund' &&
          SHARE_KINDS.filter((k) => k !== 'operatorPayable').includes(x.accountCode.split(':')[0]!),
      )
      .reduce((a, x) => a + x.debit - x.credit, 0);
    expect(expected.refunds! - withoutOperator).toBe(62);

    for (const timeZone of ['Asia/Shanghai', 'UTC']) {
      const whole = await c.get('/order/api/v1/stats/finance', { ...window, timeZone, by: 'region' });
      expect(whole.code, whole.msg).toBe(0);
      expect([timeZone, pick(whole.data.total)]).toEqual([timeZone, expected]);
      expect(whole.data.breakdown.find((r: { id: number }) => r.id === net.region)).toMatchObject(expected);
      const scoped = await c.get('/order/api/v1/stats/finance', {
        ...window,
        timeZone,
        outletId: directId,
        by: 'outlet',
      });
      expect(scoped.code, scoped.msg).toBe(0);
      expect([timeZone, pick(scoped.data.total)]).toEqual([timeZone, expected]);
      expect(scoped.data.breakdown.map((r: { id: number }) => r.id)).toEqual([directId]);
      expect(pick(scoped.data.breakdown[0])).toEqual(expected);
      // The team's outlet is of no agent: its money is the "No agent" row.
      const byAgent = await c.get('/order/api/v1/stats/finance', { ...window, timeZone, by: 'agent' });
      expect(pick(byAgent.data.breakdown.find((r: { id: number }) => r.id === 0))).toEqual(expected);
    }
    // Both workbooks carry the column: the periods' and the breakdown's, in the caller's language.
    for (const [path, first] of [
      ['/order/api/v1/stats/finance/export', '时段'],
      ['/order/api/v1/stats/finance/breakdown/export', '编号'],
    ] as const) {
      const ws = await exported(path, { ...window, timeZone: 'Asia/Shanghai', outletId: directId, by: 'outlet' });
      const head = (ws.getRow(1).values as unknown[]).slice(1);
      expect(head[0]).toBe(first);
      const col = head.indexOf('运营商分润') + 1;
      expect(head.indexOf('服务商分润') + 2).toBe(col);
      let cents = 0;
      for (let r = 2; r <= ws.rowCount; r++) cents += Math.round(Number(ws.getRow(r).getCell(col).value) * 100);
      expect([path, cents]).toEqual([path, 124]);
    }
    const tb = await services().ledger.ledger.trialBalance('en_US');
    expect(tb.totalDebit).toBe(tb.totalCredit);
  });

  /** An export of the export centre, written by its worker, as the first sheet of the file (in Chinese). */
  const exported = (path: string, body: Record<string, unknown>) =>
    exportedSheet(s.current, token, path, body, auth(token, 'zh_CN'));
});
