import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { statsFinanceQuery } from '@cbo/contract';
import { auth, engines, useServer } from '../../test/helper.js';
import { accountWithMenus } from '../../test/accounts.js';
import { caller, ok } from '../../test/outlet/outlet-fixtures.js';
import { rowSums, scopedOrders } from '../../test/order/scoped-orders.js';

const HOUR = 3_600_000;
const MIN = 60_000;
const DAY = 24 * HOUR;
const FINANCE_TAKES_SCOPE = 'agentId' in statsFinanceQuery.shape;

type Report = {
  scope: { kind: string; id: number | null; name: string | null; outlets: number | null };
  beginTime: string;
  endTime: string;
  previous: { beginTime: string; endTime: string };
  headline: { key: string; current: number; previous: number; change: number | null }[];
  daily: { day: string; orderCount: number; paidAmount: number; refundAmount: number }[];
  topOutlets: { outletId: number; outletName: string | null; orderCount: number; paidAmount: number; share: number }[];
  money: Record<string, number> | null;
};

/** The cell values of a sheet's rows from `from` (1-based), as plain values. */
function rows(ws: ExcelJS.Worksheet, from: number): unknown[][] {
  const out: unknown[][] = [];
  ws.eachRow((row, n) => {
    if (n >= from) out.push((row.values as unknown[]).slice(1));
  });
  return out;
}

/**
 * Statistics → Operation report (issue 16), on each engine: its figures are the sums of the scope's
 * orders (the current hour and the archive included) for the window and for the previous period of
 * equal length; the daily trend adds up to them; the top outlets are the outlets' sums; the
 * workbook parsed back holds the same numbers, named in the caller's language; bad scopes and
 * windows are messages; it needs its permissions.
 */
describe.each(engines)('operation report (%s)', (engine) => {
  const s = useServer(engine);
  let token = '';
  const c = caller(s, () => token);
  const db = () => s.current.database.db;
  let f: Awaited<ReturnType<typeof scopedOrders>>;
  // Three hours back to a minute ahead: the previous period (the three hours before) holds the orders of five hours ago.
  const window = () => ({
    beginTime: new Date(Date.now() - 3 * HOUR).toISOString(),
    endTime: new Date(Date.now() + MIN).toISOString(),
  });

  beforeAll(async () => {
    token = await s.current.login();
    f = await scopedOrders(s, c, 'RPT');
  });

  it("an agent's report: each figure is the sum of its outlets' orders, against the previous period of equal length", async () => {
    const w = window();
    const r: Report = await ok(
      c.get('/order/api/v1/stats/report', { ...w, agentId: f.net.agentB, timeZone: 'Asia/Shanghai' }),
      'report',
    );
    expect(r.scope).toMatchObject({ kind: 'agent', id: f.net.agentB, outlets: 2 });
    expect(r.scope.name).toMatch(/^B/);
    const len = new Date(w.endTime).getTime() - new Date(w.beginTime).getTime();
    expect(r.previous.endTime).toBe(new Date(new Date(w.beginTime).getTime() - 1).toISOString());
    expect(new Date(r.previous.endTime).getTime() - new Date(r.previous.beginTime).getTime()).toBe(len);
    const now = await rowSums(db(), w, [f.o2, f.o3]);
    const before = await rowSums(db(), r.previous, [f.o2, f.o3]);
    // B's outlets: 3 x 700 (using) + 50 (refunded 20) now; 2 x 200 five hours ago.
    expect(now.total).toMatchObject({ orderCount: 4, paidAmount: 2150, refundAmount: 20, finishedCount: 1 });
    expect(before.total).toMatchObject({ orderCount: 2, paidAmount: 400 });
    const fig = (k: string) => r.headline.find((h) => h.key === k)!;
    expect(fig('orderCount')).toEqual({
      key: 'orderCount',
      current: now.total.orderCount,
      previous: before.total.orderCount,
      change: 100,
    });
    expect(fig('paidAmount')).toEqual({ key: 'paidAmount', current: 2150, previous: 400, change: 437.5 });
    expect(fig('refundAmount')).toEqual({ key: 'refundAmount', current: 20, previous: 0, change: null });
    expect(fig('netAmount')).toMatchObject({ current: 2130, previous: 400 });
    expect(fig('finishedCount')).toMatchObject({
      current: now.total.finishedCount,
      previous: before.total.finishedCount,
    });
    // The average rental is the operational data's for the same window and scope: power-bank rentals,
    // rent to return (here 0 minutes each: rented a few seconds before their end), not billed minutes (45).
    const ops = async (x: { beginTime: string; endTime: string }) =>
      (
        await ok(
          c.get('/order/api/v1/stats/operational', {
            ...x,
            agentId: f.net.agentB,
            period: 'day',
            timeZone: 'Asia/Shanghai',
          }),
          'operational',
        )
      ).ended;
    expect(fig('avgRentalMinutes')).toMatchObject({
      current: (await ops(w)).averageMinutes,
      previous: (await ops(r.previous)).averageMinutes,
    });
    expect(fig('avgRentalMinutes').current).toBe(0);
    // The days of Shanghai add up to the window.
    const add = (k: 'orderCount' | 'paidAmount' | 'refundAmount') => r.daily.reduce((t, d) => t + d[k], 0);
    expect([add('orderCount'), add('paidAmount'), add('refundAmount')]).toEqual([4, 2150, 20]);
    expect(r.daily.every((d) => new Date(d.day).getUTCHours() === 16)).toBe(true);
    // The top outlets: o2 (2100, 97.7 %), then o3.
    expect(r.topOutlets.map((o) => [o.outletId, o.orderCount, o.paidAmount, o.share])).toEqual([
      [f.o2, 3, 2100, 97.7],
      [f.o3, 1, 50, 2.3],
    ]);
    // The money: the financial data of the same window and scope (left out while the financial data takes no scope).
    if (FINANCE_TAKES_SCOPE) {
      const fin = await ok(
        c.get('/order/api/v1/stats/finance', {
          ...w,
          agentId: f.net.agentB,
          period: 'month',
          timeZone: 'Asia/Shanghai',
        }),
        'finance',
      );
      expect(r.money).toEqual(fin.total);
    } else {
      expect(r.money).toBeNull();
    }
  });

  it("the whole business and a region over 50 days: the archive counts; the money is the financial data's total", async () => {
    const w = {
      beginTime: new Date(Date.now() - 50 * DAY).toISOString(),
      endTime: new Date(Date.now() + MIN).toISOString(),
    };
    const all: Report = await ok(c.get('/order/api/v1/stats/report', { ...w, timeZone: 'UTC' }), 'all');
    const want = await rowSums(db(), w, null);
    expect(all.scope).toEqual({ kind: 'all', id: null, name: null, outlets: null });
    expect(all.headline.find((h) => h.key === 'orderCount')!.current).toBe(want.total.orderCount);
    expect(all.headline.find((h) => h.key === 'paidAmount')!.current).toBe(want.total.paidAmount);
    expect(all.daily).toHaveLength(51);
    const fin = await ok(c.get('/order/api/v1/stats/finance', { ...w, period: 'month', timeZone: 'UTC' }), 'finance');
    expect(all.money).toEqual(fin.total);
    const region: Report = await ok(
      c.get('/order/api/v1/stats/report', { ...w, regionId: f.net.region, timeZone: 'UTC' }),
      'region',
    );
    const inRegion = await rowSums(db(), w, [f.o1, f.o2, f.o3]);
    expect(region.headline.find((h) => h.key === 'refundAmount')!.current).toBe(inRegion.total.refundAmount);
    expect(region.topOutlets.map((o) => o.outletId).sort()).toEqual([f.o1, f.o2, f.o3].sort());
    expect(region.topOutlets.reduce((t, o) => t + o.paidAmount, 0)).toBe(inRegion.total.paidAmount);
  });

  it("the workbook holds the report's numbers, a sheet per section, titled with the scope and period, named in the caller language", async () => {
    const w = window();
    const query = new URLSearchParams({ ...w, agentId: String(f.net.agentB), timeZone: 'Asia/Shanghai' }).toString();
    const r: Report = await ok(
      c.get('/order/api/v1/stats/report', { ...w, agentId: f.net.agentB, timeZone: 'Asia/Shanghai' }),
      'report',
    );
    const res = await s.current.inject({
      url: `/order/api/v1/stats/report/xlsx?${query}`,
      headers: auth(token, 'zh_CN'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const disposition = String(res.headers['content-disposition']);
    expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1]!)).toMatch(
      /^运营报告_代理商 B.+_\d{4}-\d{2}-\d{2}~\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((ws) => ws.name)).toEqual(['核心指标', '每日趋势', '网点排行', '资金']);
    for (const ws of book.worksheets) expect(String(ws.getCell('A1').value)).toBe(`运营报告 · 代理商: ${r.scope.name}`);
    const head = rows(book.worksheets[0]!, 6);
    const money = new Set(['paidAmount', 'refundAmount', 'netAmount']);
    expect(head).toEqual(
      r.headline.map((h) => [
        expect.any(String),
        money.has(h.key) ? h.current / 100 : h.current,
        money.has(h.key) ? h.previous / 100 : h.previous,
        ...(h.change === null ? [] : [h.change]),
      ]),
    );
    expect(book.worksheets[0]!.getCell('B7').numFmt).toBe('#,##0.00');
    const days = rows(book.worksheets[1]!, 6);
    expect(days.map((d) => [d[1], Math.round((d[2] as number) * 100), Math.round((d[3] as number) * 100)])).toEqual(
      r.daily.map((d) => [d.orderCount, d.paidAmount, d.refundAmount]),
    );
    const outlets = rows(book.worksheets[2]!, 6);
    expect(outlets.map((o) => [o[0], o[2], Math.round((o[3] as number) * 100), o[4]])).toEqual(
      r.topOutlets.map((o, i) => [i + 1, o.orderCount, o.paidAmount, o.share]),
    );
    const cash = rows(book.worksheets[3]!, 6);
    if (r.money) expect(cash.map((m) => Math.round((m[1] as number) * 100))).toEqual(Object.values(r.money).slice(1));
    else expect(cash).toEqual([['资金数据暂不能按此范围统计']]);
    // In English the file and the sheets say so.
    const en = await s.current.inject({
      url: `/order/api/v1/stats/report/xlsx?${query}`,
      headers: auth(token, 'en_US'),
    });
    expect(String(en.headers['content-disposition'])).toMatch(/filename="operation-report_Agent B[^"]*\.xlsx"/);
  });

  it('bad scopes and windows are messages in the caller language, never a 500', async () => {
    const w = window();
    expect(
      await c.get('/order/api/v1/stats/report', { ...w, regionId: f.net.region, agentId: f.net.agentB }, 'zh_CN'),
    ).toMatchObject({ code: 100791, msg: '统计范围只能选择一个区域、代理商或网点' });
    expect(await c.get('/order/api/v1/stats/report', { ...w, agentId: 987654 }, 'en_US')).toMatchObject({
      code: 100793,
      msg: 'The agent of the statistics does not exist',
    });
    expect((await c.get('/order/api/v1/stats/report', { ...w, outletId: 987654 }, 'zh_TW')).msg).toBe(
      '統計範圍的網點不存在',
    );
    expect((await c.get('/order/api/v1/stats/report', { beginTime: w.endTime, endTime: w.beginTime })).code).toBe(
      100062,
    );
    expect(
      (
        await c.get(
          '/order/api/v1/stats/report',
          { beginTime: new Date(Date.now() - 400 * DAY).toISOString(), endTime: w.endTime },
          'zh_CN',
        )
      ).msg,
    ).toBe('统计时间范围不能超过 366 天');
    expect(await c.get('/order/api/v1/stats/report', { ...w, timeZone: 'Mars/Olympus' }, 'zh_CN')).toMatchObject({
      code: 101401,
      msg: '时区无效：Mars/Olympus',
    });
    for (const bad of [{ beginTime: w.beginTime }, { ...w, agentId: 'x' }, { ...w, regionId: -1 }]) {
      const a = await c.get('/order/api/v1/stats/report', bad as Record<string, string>);
      expect([a.code !== 0, a.status < 500]).toEqual([true, true]);
    }
    const xlsx = await s.current.inject({
      url: `/order/api/v1/stats/report/xlsx?${new URLSearchParams({ ...w, agentId: '987654' })}`,
      headers: auth(token),
    });
    expect(xlsx.json()).toMatchObject({ code: 100793 });
  });

  it('needs its permission; the workbook needs the download button', async () => {
    const w = new URLSearchParams(window()).toString();
    await accountWithMenus(db(), 'rptnone', 'pass1234', ['dashboard']);
    const none = await s.current.login('rptnone', 'pass1234');
    expect((await s.current.inject({ url: `/order/api/v1/stats/report?${w}`, headers: auth(none) })).json().code).toBe(
      100003,
    );
    await accountWithMenus(db(), 'rptread', 'pass1234', ['statistics', 'statistics.report']);
    const reader = await s.current.login('rptread', 'pass1234');
    expect(
      (await s.current.inject({ url: `/order/api/v1/stats/report?${w}`, headers: auth(reader) })).json().code,
    ).toBe(0);
    expect(
      (await s.current.inject({ url: `/order/api/v1/stats/report/xlsx?${w}`, headers: auth(reader) })).json().code,
    ).toBe(100003);
    await accountWithMenus(db(), 'rptfull', 'pass1234', [
      'statistics',
      'statistics.report',
      'statistics.report.export',
    ]);
    const full = await s.current.login('rptfull', 'pass1234');
    expect(
      (await s.current.inject({ url: `/order/api/v1/stats/report/xlsx?${w}`, headers: auth(full) })).statusCode,
    ).toBe(200);
  });
});
