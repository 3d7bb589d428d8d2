import { beforeAll, describe, expect, it } from 'vitest';
import { engines, useServer } from '../../test/helper.js';
import { caller, ok } from '../../test/outlet/outlet-fixtures.js';
import { listSums } from '../../test/order/stats-check.js';
import { rowSums, scopedOrders } from '../../test/order/scoped-orders.js';

const HOUR = 3_600_000;
const MIN = 60_000;
const DAY = 24 * HOUR;

/**
 * The order figures by scope and the rankings with the current hour (issue 16), on each engine:
 * for a region, an agent, an outlet or the whole business, the overview, the trend and the
 * rankings equal the orders (live and archived) summed per outlet for the same creation-time
 * filter, whole hours, the current hour and the archive alike; the orders list agrees outlet by
 * outlet; a bad scope is a message, never a 500.
 */
describe.each(engines)('order figures by scope (%s)', (engine) => {
  const s = useServer(engine);
  let token = '';
  const c = caller(s, () => token);
  const db = () => s.current.database.db;
  let f: Awaited<ReturnType<typeof scopedOrders>>;

  beforeAll(async () => {
    token = await s.current.login();
    f = await scopedOrders(s, c, 'SCP');
  });

  const windows = () => {
    const now = Date.now();
    return {
      wide: {
        beginTime: new Date(now - 50 * DAY + 17 * MIN).toISOString(),
        endTime: new Date(now + MIN).toISOString(),
      },
      thisHour: {
        beginTime: new Date(Math.floor(now / HOUR) * HOUR).toISOString(),
        endTime: new Date(now + MIN).toISOString(),
      },
      recent: {
        beginTime: new Date(now - 6 * HOUR - 7 * MIN).toISOString(),
        endTime: new Date(now + MIN).toISOString(),
      },
    };
  };

  it("the overview, trend and rankings of each scope are the sums of its outlets' orders, the current hour and the archive included", async () => {
    const scopes: [Record<string, number>, number[] | null][] = [
      [{}, null],
      [{ regionId: f.net.region }, [f.o1, f.o2, f.o3]],
      [{ regionId: f.other.region }, [f.o4]],
      [{ agentId: f.net.agentA }, [f.o1]],
      [{ agentId: f.net.agentB }, [f.o2, f.o3]],
      [{ outletId: f.o3 }, [f.o3]],
    ];
    for (const [name, w] of Object.entries(windows())) {
      for (const [scope, outlets] of scopes) {
        const tag = `${name} ${JSON.stringify(scope)}`;
        const want = await rowSums(db(), w, outlets);
        const overview = await ok(c.get('/order/api/v1/stats/overview', { ...w, ...scope }), tag);
        expect([tag, overview]).toEqual([tag, { ...w, ...want.total }]);
        const trend = await ok(c.get('/order/api/v1/stats/trend', { ...w, ...scope }), tag);
        const add = (k: 'orderCount' | 'paidAmount' | 'refundAmount') =>
          trend.points.reduce((t: number, p: Record<string, number>) => t + p[k]!, 0);
        expect([tag, add('orderCount'), add('paidAmount'), add('refundAmount')]).toEqual([
          tag,
          want.total.orderCount,
          want.total.paidAmount,
          want.total.refundAmount,
        ]);
        const ranking = await ok(c.get('/order/api/v1/stats/outletRanking', { ...w, ...scope }), tag);
        const expected = [...want.per.entries()]
          .map(([outletId, v]) => ({ outletId, orderCount: v.orderCount, paidAmount: v.paidAmount }))
          .sort((a, b) => b.paidAmount - a.paidAmount || b.orderCount - a.orderCount || a.outletId - b.outletId)
          .slice(0, 6);
        expect([tag, ranking.list.map(({ outletName: _, ...r }: { outletName: string }) => r)]).toEqual([
          tag,
          expected,
        ]);
        expect(ranking.list.every((r: { outletName: string | null }) => r.outletName)).toBe(true);
      }
    }
  });

  it('a ranking of the current hour alone is not empty: it is the orders list summed per outlet', async () => {
    const w = windows().thisHour;
    const ranking = await ok(c.get('/order/api/v1/stats/outletRanking', w), 'ranking');
    expect(ranking.list.map((r: { outletId: number }) => r.outletId)).toEqual([f.o4, f.o2, f.o1, f.o3]);
    for (const r of ranking.list) {
      const list = await listSums(c, '/order/api/v1/order/queryPage', { ...w, outletId: r.outletId } as typeof w);
      expect([r.outletId, r.orderCount, r.paidAmount]).toEqual([r.outletId, list.orderCount, list.paidAmount]);
    }
    // Agents: B's two outlets (3 x 700 + 50), the other region's A (4 x 900), A's own outlet (2 x 100).
    const agents = await ok(c.get('/order/api/v1/stats/agentRanking', w), 'agents');
    expect(
      agents.list.map((a: { agentId: number; orderCount: number; paidAmount: number }) => [
        a.agentId,
        a.orderCount,
        a.paidAmount,
      ]),
    ).toEqual([
      [f.other.agentA, 4, 3600],
      [f.net.agentB, 4, 2150],
      [f.net.agentA, 2, 200],
    ]);
    // Over the whole window the agent ranking is the outlets summed under their agents, archived orders included.
    const wide = windows().wide;
    const byAgent = await ok(
      c.get('/order/api/v1/stats/agentRanking', { ...wide, regionId: f.net.region }),
      'agents by region',
    );
    const b = await rowSums(db(), wide, [f.o2, f.o3]);
    expect(byAgent.list.find((a: { agentId: number }) => a.agentId === f.net.agentB)).toMatchObject({
      orderCount: b.total.orderCount,
      paidAmount: b.total.paidAmount,
    });
    expect(byAgent.list.map((a: { agentId: number }) => a.agentId).sort()).toEqual([f.net.agentA, f.net.agentB].sort());
  });

  it('a bad scope is a message in the caller language, never a 500', async () => {
    const w = windows().recent;
    const two = await c.get(
      '/order/api/v1/stats/overview',
      { ...w, regionId: f.net.region, agentId: f.net.agentA },
      'zh_CN',
    );
    expect(two).toMatchObject({ code: 100791, msg: '统计范围只能选择一个区域、代理商或网点' });
    expect(await c.get('/order/api/v1/stats/outletRanking', { ...w, agentId: 999999 }, 'en_US')).toMatchObject({
      code: 100793,
      msg: 'The agent of the statistics does not exist',
    });
    expect((await c.get('/order/api/v1/stats/trend', { ...w, regionId: 999999 }, 'zh_TW')).msg).toBe(
      '統計範圍的區域不存在',
    );
    expect((await c.get('/order/api/v1/stats/agentRanking', { ...w, outletId: 999999 })).code).toBe(100794);
    const junk = await c.get('/order/api/v1/stats/overview', { ...w, agentId: 'abc' });
    expect([junk.code !== 0, junk.status < 500]).toEqual([true, true]);
  });
});
