import { beforeAll, describe, expect, it } from 'vitest';
import { accountWithMenus } from '../../test/accounts.js';
import { engines, useServer } from '../../test/helper.js';
import { caller, ok } from '../../test/outlet/outlet-fixtures.js';
import { scopedOrders } from '../../test/order/scoped-orders.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * The dashboard asks once (stats/dashboard), on each engine: every part equals what its own call
 * answers for the same window (the order figures, the trend, the rankings, orders now, business
 * figures, the action list), with orders in whole hours and in the current hour; an account without
 * a part's permission gets null for it; a bad window is a message in the caller's language, never a 500.
 */
describe.each(engines)('the dashboard in one call (%s)', (engine) => {
  const s = useServer(engine);
  let token = '';
  const c = caller(s, () => token);

  beforeAll(async () => {
    token = await s.current.login();
    await scopedOrders(s, c, 'DSH');
  });

  it('each part is what its own call answers for the same window', async () => {
    const now = Date.now();
    const end = new Date(now).toISOString();
    // Day starts of some zone (not whole UTC days: the windows cut hours at their edges).
    const todayBegin = new Date(Math.floor(now / DAY) * DAY - 90 * 60_000);
    const q = {
      todayBeginTime: todayBegin.toISOString(),
      weekBeginTime: new Date(todayBegin.getTime() - 6 * DAY).toISOString(),
      monthBeginTime: new Date(todayBegin.getTime() - 29 * DAY).toISOString(),
      endTime: end,
    };
    const d = await ok(c.get('/order/api/v1/stats/dashboard', q), 'dashboard');
    const today = { beginTime: q.todayBeginTime, endTime: end };
    const week = { beginTime: q.weekBeginTime, endTime: end };
    const month = { beginTime: q.monthBeginTime, endTime: end };
    const [overview, weekOverview, trend, outlets, agents, nowFigures, business, actions] = await Promise.all([
      ok(c.get('/order/api/v1/stats/overview', today), 'overview'),
      ok(c.get('/order/api/v1/stats/overview', week), 'week'),
      ok(c.get('/order/api/v1/stats/trend', month), 'trend'),
      ok(c.get('/order/api/v1/stats/outletRanking', week), 'outlets'),
      ok(c.get('/order/api/v1/stats/agentRanking', week), 'agents'),
      ok(c.get('/order/api/v1/stats/now'), 'now'),
      ok(c.get('/order/api/v1/stats/business', today), 'business'),
      ok(c.get('/order/api/v1/stats/actions'), 'actions'),
    ]);
    expect(d.today).toEqual(overview);
    expect(d.week).toEqual(weekOverview);
    expect(d.trend).toEqual(trend);
    expect(d.outletRanking).toEqual(outlets);
    expect(d.agentRanking).toEqual(agents);
    expect(d.now).toEqual(nowFigures);
    expect(d.business).toEqual(business);
    expect(d.actions).toEqual(actions);
    // Not vacuous: the fixture's orders (some hours ago and in the current hour) are in it.
    expect(d.week.orderCount).toBeGreaterThanOrEqual(8);
    expect(d.outletRanking.list.length).toBeGreaterThanOrEqual(3);
    expect(d.agentRanking.list.length).toBeGreaterThanOrEqual(1);
    expect(
      d.trend.points.some((p: { hour: string }) => new Date(p.hour).getTime() >= Math.floor(now / HOUR) * HOUR),
    ).toBe(true);
  });

  it('a part the account may not read is null; bad windows are messages, never a 500', async () => {
    const db = s.current.database.db;
    await accountWithMenus(db, `dshonly${engine}`, 'pass1234', ['dashboard', 'dashboard.business']);
    const other = await s.current.login(`dshonly${engine}`, 'pass1234');
    const end = new Date().toISOString();
    const begin = new Date(Date.now() - DAY).toISOString();
    const q = { todayBeginTime: begin, weekBeginTime: begin, monthBeginTime: begin, endTime: end };
    const r = await caller(s, () => other).get('/order/api/v1/stats/dashboard', q);
    expect(r.code, JSON.stringify(r)).toBe(0);
    expect(r.data.business).not.toBeNull();
    for (const part of ['today', 'week', 'trend', 'outletRanking', 'agentRanking', 'now', 'actions'])
      expect(r.data[part], part).toBeNull();

    const reversed = await c.get(
      '/order/api/v1/stats/dashboard',
      { ...q, todayBeginTime: end, endTime: begin },
      'zh_CN',
    );
    expect(reversed.status).toBeLessThan(500);
    expect(reversed.code).not.toBe(0);
    expect(reversed.msg).toMatch(/[\u4e00-\u9fff]/);
    const tooLong = await c.get('/order/api/v1/stats/dashboard', {
      ...q,
      monthBeginTime: new Date(Date.now() - 400 * DAY).toISOString(),
    });
    expect(tooLong.code).toBe(100790);
    const missing = await c.get('/order/api/v1/stats/dashboard', { endTime: end });
    expect(missing.status).toBeLessThan(500);
    expect(missing.code).not.toBe(0);
  });
});
