import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { engines, useServer } from '../../test/helper.js';
import { accountWithMenus } from '../../test/accounts.js';
import { until } from '../../test/fleet/fleet-helpers.js';
import { newSn, TestCabinet } from '../../test/fleet/test-cabinet.js';
import { caller, networkFixture, ok, outletBody, type Answer } from '../../test/outlet/outlet-fixtures.js';
import { refundChecker } from '../../test/refund-checker.js';
import { SandboxProvider } from '../order/payments.js';

type FlowRow = { kind: string; accountCode: string; debit: number; credit: number };

/**
 * Figures that were a constant or disagreed (issue 25), on each engine, through the real rental,
 * settle and reviewed refunds: an agent's balance and total revenue in its list are its fund flow's
 * sums; a region's turnover is its outlets' turnover; a refund awaiting its second approver is
 * pending everywhere and refunded nowhere, and once finally approved the order list, the dashboard's
 * overview, the operation report (headline and money block) and the financial data all say the same.
 */
describe.each(engines)('figures from the books (%s)', (engine) => {
  const sandbox = new SandboxProvider({ notifyDelayMs: 5 });
  const s = useServer(engine, {}, { paymentProvider: sandbox });
  let token = '';
  const c = caller(s, () => token);
  let reviewerToken = '';
  const reviewer = caller(s, () => reviewerToken);
  let cab: TestCabinet;
  let net: Awaited<ReturnType<typeof networkFixture>>;
  let outletId = 0;
  const services = () => s.current.server.services;
  const db = () => s.current.database.db;
  const since = new Date(Date.now() - 6 * 3_600_000).toISOString();
  const window = () => ({ beginTime: since, endTime: new Date(Date.now() + 60_000).toISOString() });

  async function customer(): Promise<(m: 'GET' | 'POST', url: string, body?: unknown) => Promise<Answer>> {
    const mobile = `136${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
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
  const detail = async (orderNo: string) =>
    (await ok(c.get('/order/api/v1/order/detail', { orderNo }), 'detail')) as any;

  /** A finished order that paid `minutes` worth (3 free, then 1.50 per started 30 min). */
  async function paidOrder(minutes: number): Promise<{ orderNo: string; paid: number }> {
    const app = await customer();
    const r = await app('POST', '/order/api/app/v1/order/rent', { sn: cab.sn });
    expect(r.code).toBe(0);
    await until(async () => (await detail(r.data.orderNo)).status === 'using', 8_000, 'using');
    await db().execute(
      sql`update ord_order set start_at = now() - make_interval(mins => ${minutes}), created_at = now() - make_interval(mins => ${minutes}) where order_no = ${r.data.orderNo}`,
    );
    await ok(
      c.post('/order/api/v1/order/endOrder', {
        orderNo: r.data.orderNo,
        endTime: new Date().toISOString(),
        reason: 'end',
      }),
      'end',
    );
    const d = await detail(r.data.orderNo);
    expect(d.status).toBe('finished');
    return { orderNo: r.data.orderNo, paid: d.paidAmount };
  }

  /** Every fund-flow row of an account (all pages). */
  async function flow(accountCode: string): Promise<FlowRow[]> {
    const rows: FlowRow[] = [];
    for (let pageNum = 1; ; pageNum++) {
      const r = await ok(
        c.post('/order/api/v1/fundFlow/account/queryPage', { pageNum, pageSize: 100, accountCode }),
        'flow',
      );
      rows.push(...r.list);
      if (rows.length >= r.total || !r.list.length) break;
    }
    return rows;
  }

  /** The refunded figure of each screen for the outlet and the window. */
  async function refundedEverywhere(orderNos: string[]) {
    const w = window();
    const list = await ok(
      c.post('/order/api/v1/order/queryPage', { pageNum: 1, pageSize: 100, outletId, ...w }),
      'orders',
    );
    const mine = list.list.filter((o: { orderNo: string }) => orderNos.includes(o.orderNo));
    const overview = await ok(c.get('/order/api/v1/stats/overview', { ...w, outletId }), 'overview');
    const report = await ok(c.get('/order/api/v1/stats/report', { ...w, outletId, timeZone: 'UTC' }), 'report');
    const finance = await ok(
      c.get('/order/api/v1/stats/finance', { ...w, outletId, period: 'day', timeZone: 'UTC' }),
      'finance',
    );
    return {
      list: mine.reduce((a: number, o: { refundAmount: number }) => a + o.refundAmount, 0),
      listPending: mine.reduce((a: number, o: { refundPendingAmount: number }) => a + o.refundPendingAmount, 0),
      dashboard: overview.refundAmount,
      reportHeadline: report.headline.find((h: { key: string }) => h.key === 'refundAmount').current,
      reportMoney: report.money?.refunds ?? null,
      finance: finance.total.refunds,
    };
  }

  beforeAll(async () => {
    token = await s.current.login();
    net = await networkFixture(s, c);
    outletId = (
      await ok(
        c.post('/device/api/v1/outlet/saveOrUpdate', outletBody(net.agentB, { ratio: 30, hiddenRatio: 30 })),
        'outlet',
      )
    ).id;
    const sn = newSn();
    await services().fleet.stockIn({ sns: [sn] });
    await ok(c.post('/device/api/v1/outlet/bindDevice', { outletId, sn }), 'bind');
    cab = new TestCabinet(services().gateway.brokerUrl, sn, services().fleet.secretOf(sn), 24);
    cab.slots.forEach((y, i) =>
      i < 12
        ? Object.assign(y, { battery: 100 })
        : Object.assign(y, { powerBankId: null, battery: null, charging: false }),
    );
    await cab.start();
    await until(async () => (await services().fleet.rental.availability(sn)).available >= 12, 8_000, 'inventory');
    await accountWithMenus(db(), 'figuresreviewer', 'review123', ['order', 'order.refunds', 'order.refunds.audit']);
    reviewerToken = await s.current.login('figuresreviewer', 'review123');
    // Refunds above 2.00 need two approvers.
    await db().execute(
      sql`update sys_param set param_value = '200' where param_type = 'pay' and param_key = 'refundSecondApprovalAbove'`,
    );
  }, 90_000);
  afterAll(async () => {
    if (cab?.client) await cab.client.endAsync(true);
  });

  it('a refund counts as refunded at its final approval on every screen; one awaiting its second approver is pending, apart', async () => {
    const a = await paidOrder(120); // 6.00
    const b = await paidOrder(120);
    expect([a.paid, b.paid]).toEqual([600, 600]);
    // 1.00 refunded (one approval), 2.50 awaiting its second approver.
    const one = await ok(
      c.post('/order/api/v1/refundOrder/refundAmount', { orderNo: a.orderNo, amount: 100, reason: 'battery was low' }),
      'ask 1',
    );
    await ok(
      (await refundChecker(s)).put('/order/api/v1/refundOrder/audit', { id: one.id, approve: true }),
      'approve 1',
    );
    await until(async () => (await detail(a.orderNo)).status === 'finished', 8_000, 'refund 1 complete');
    const two = await ok(
      c.post('/order/api/v1/refundOrder/refundAmount', { orderNo: b.orderNo, amount: 250, reason: 'battery was low' }),
      'ask 2',
    );
    expect(two.approvalsNeeded).toBe(2);
    await ok(
      (await refundChecker(s)).put('/order/api/v1/refundOrder/audit', { id: two.id, approve: true }),
      'first approval',
    );
    // Before issue 25: the list said 3.50 (2.50 of it only asked for), the dashboard and the report headline 3.50, the money 1.00.
    expect(await refundedEverywhere([a.orderNo, b.orderNo])).toEqual({
      list: 100,
      listPending: 250,
      dashboard: 100,
      reportHeadline: 100,
      reportMoney: 100,
      finance: 100,
    });
    await ok(reviewer.put('/order/api/v1/refundOrder/audit', { id: two.id, approve: true }), 'second approval');
    await until(async () => (await detail(b.orderNo)).status === 'finished', 8_000, 'refund 2 complete');
    expect(await refundedEverywhere([a.orderNo, b.orderNo])).toEqual({
      list: 350,
      listPending: 0,
      dashboard: 350,
      reportHeadline: 350,
      reportMoney: 350,
      finance: 350,
    });
  });

  it("an agent's balance and total revenue in its list are its fund flow's sums; a region's turnover is its outlets' turnover", async () => {
    const agents = await ok(
      c.get('/user/api/v1/agent/queryPage', { pageNum: 1, pageSize: 100, regionId: net.region }),
      'agents',
    );
    for (const id of [net.agentA, net.agentB]) {
      const rows = await flow(`agentPayable:${id}`);
      const revenue = rows
        .filter((r) => r.kind === 'share' || r.kind === 'refund')
        .reduce((t, r) => t + r.credit - r.debit, 0);
      const balance = rows.reduce((t, r) => t + r.credit - r.debit, 0);
      const item = agents.list.find((x: { id: number }) => x.id === id);
      // Shares of 2 x 6.00 less what the refunds took back: never the old literal 0.
      expect(revenue).toBeGreaterThan(0);
      expect([id, item.totalRevenue, item.balance]).toEqual([id, revenue, balance]);
    }
    // The financial data's agent share for the outlet is what both agents earned from it.
    const fin = await ok(
      c.get('/order/api/v1/stats/finance', {
        beginTime: since,
        endTime: new Date(Date.now() + 60_000).toISOString(),
        outletId,
        period: 'day',
        timeZone: 'UTC',
      }),
      'finance',
    );
    const both = agents.list
      .filter((x: { id: number }) => x.id === net.agentA || x.id === net.agentB)
      .reduce((t: number, x: { totalRevenue: number }) => t + x.totalRevenue, 0);
    expect(fin.total.agentShare).toBe(both);
    // Region turnover: its outlets' turnover (what their orders paid less what was refunded), 12.00 - 3.50.
    const outlets = await ok(
      c.get('/device/api/v1/outlet/queryPage', { pageNum: 1, pageSize: 100, regionId: net.region }),
      'outlets',
    );
    const sum = outlets.list.reduce((t: number, o: { turnover: number }) => t + o.turnover, 0);
    const regions = await ok(c.get('/user/api/v1/region/queryPage', { pageNum: 1, pageSize: 100 }), 'regions');
    const region = regions.list.find((r: { id: number }) => r.id === net.region);
    expect([region.turnover, sum]).toEqual([850, 850]);
  });

  it("a power bank's leases in its list are its ended rentals and their minutes from rent to return (they were a stored 0)", async () => {
    const orders = await ok(
      c.post('/order/api/v1/order/queryPage', { pageNum: 1, pageSize: 100, outletId, ...window() }),
      'orders',
    );
    const held = new Map<string, { count: number; minutes: number }>();
    for (const o of orders.list as { powerBankId: string | null; startTime: string | null; endTime: string | null }[]) {
      if (!o.powerBankId || !o.startTime || !o.endTime) continue;
      const was = held.get(o.powerBankId) ?? { count: 0, minutes: 0 };
      held.set(o.powerBankId, {
        count: was.count + 1,
        minutes: was.minutes + Math.floor((Date.parse(o.endTime) - Date.parse(o.startTime)) / 60_000),
      });
    }
    expect(held.size).toBeGreaterThan(0);
    for (const [powerBankId, want] of held) {
      const page = await ok(
        c.get('/device/api/v1/powerBank/queryPage', { pageNum: 1, pageSize: 10, powerBankId }),
        'power banks',
      );
      const pb = page.list.find((x: { powerBankId: string }) => x.powerBankId === powerBankId);
      expect([powerBankId, pb.leaseCount, pb.leaseMinutes]).toEqual([powerBankId, want.count, want.minutes]);
      expect(want.minutes).toBeGreaterThanOrEqual(119);
    }
  });
});
