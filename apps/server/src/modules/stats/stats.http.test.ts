import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query, type Db } from '../../platform/db/database.js';
import { auth, engines, useServer } from '../../test/helper.js';
import { accountWithMenus } from '../../test/accounts.js';
import { caller, type Caller } from '../../test/outlet/outlet-fixtures.js';
import { STATS_FINANCE_FIGURES } from '@cbo/contract';
import { periodStarts } from './stats.service.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Line = { kind: string; party?: number; debit?: number; credit?: number };

/**
 * One movement posted at a chosen time, set-wise as the bench fills the books (the ledger's triggers
 * roll it up like any posting); each is balanced by construction, so the books stay balanced.
 */
async function move(db: Db, key: string, kind: string, at: Date, lines: Line[]) {
  const debit = lines.reduce((s, l) => s + (l.debit ?? 0), 0);
  const credit = lines.reduce((s, l) => s + (l.credit ?? 0), 0);
  if (debit !== credit) throw new Error(`unbalanced ${key}`);
  const [t] = await query<{ id: number }>(
    db,
    sql`
    insert into led_transaction (key, kind, order_no, memo, fingerprint, created_at) values (${key}, ${kind}, ${key}, '', ${key}, ${at}) returning id`,
  );
  for (const l of lines) {
    await db.execute(sql`
      insert into led_entry (transaction_id, account, account_kind, party_id, debit, credit, order_no, created_at)
      values (${t!.id}, ${l.party ? `${l.kind}:${l.party}` : l.kind}, ${l.kind}, ${l.party ?? null}, ${l.debit ?? 0}, ${l.credit ?? 0}, ${key}, ${at})`);
  }
}

/** An order's whole money story as the engine posts it: fee from the deposit, shares, optionally a refund (and its failure). */
async function order(db: Db, no: string, at: Date, fee: number, refund?: { amount: number; at: Date; fails?: Date }) {
  await move(db, `settle:${no}`, 'settle', at, [
    { kind: 'userDeposit', party: 1, debit: fee },
    { kind: 'orderIncome', credit: fee },
  ]);
  const tax = Math.floor(fee * 0.06);
  const agent = Math.floor((fee - tax) * 0.3);
  const outlet = Math.floor((fee - tax) * 0.2);
  // A service provider and an operator (a direct-sales team) out of the platform's part.
  const provider = Math.floor((fee - tax) * 0.05);
  const operator = Math.floor((fee - tax) * 0.1);
  await move(db, `share:${no}`, 'share', new Date(at.getTime() + 1000), [
    { kind: 'orderIncome', debit: fee },
    { kind: 'taxes', credit: tax },
    { kind: 'agentPayable', party: 3, credit: agent },
    { kind: 'outletPayable', party: 4, credit: outlet },
    { kind: 'providerPayable', party: 6, credit: provider },
    { kind: 'operatorPayable', party: 7, credit: operator },
    { kind: 'revenue', credit: fee - tax - agent - outlet - provider - operator },
  ]);
  if (!refund) return;
  const part = (share: number) => Math.floor((refund.amount * share) / (fee - tax));
  const [a, o, p, op] = [part(agent), part(outlet), part(provider), part(operator)];
  const reversal: Line[] = [
    { kind: 'agentPayable', party: 3, debit: a },
    { kind: 'outletPayable', party: 4, debit: o },
    { kind: 'providerPayable', party: 6, debit: p },
    { kind: 'operatorPayable', party: 7, debit: op },
    { kind: 'revenue', debit: refund.amount - a - o - p - op },
  ];
  await move(db, `refund:${no}`, 'refund', refund.at, [...reversal, { kind: 'refunds', credit: refund.amount }]);
  if (refund.fails) {
    await move(db, `refund-failed:${no}`, 'refund', refund.fails, [
      { kind: 'refunds', debit: refund.amount },
      ...reversal.map((l) => ({ kind: l.kind, party: l.party, credit: l.debit })),
    ]);
  } else {
    await move(db, `refund-done:${no}`, 'refund', new Date(refund.at.getTime() + 5000), [
      { kind: 'refunds', debit: refund.amount },
      { kind: 'providerClearing', credit: refund.amount },
    ]);
  }
}

/** Every row of a fund flow for a filter (all pages). */
async function flowRows(c: Caller, scope: 'platform' | 'account', filter: Record<string, string>) {
  const rows: { kind: string; accountCode: string; debit: number; credit: number }[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const r = await c.post(`/order/api/v1/fundFlow/${scope}/queryPage`, { pageNum, pageSize: 100, ...filter });
    expect(r.code, JSON.stringify(r)).toBe(0);
    rows.push(...r.data.list);
    if (rows.length >= r.data.total || !r.data.list.length) break;
  }
  return rows;
}

/** The financial figures the fund flows' rows of a time range stand for (each figure's definition, from the rows). */
async function flowFigures(c: Caller, range: { beginTime: string; endTime: string }) {
  const platform = await flowRows(c, 'platform', range);
  const account = await flowRows(c, 'account', range);
  const rows = [...platform, ...account];
  const of = (kind: string, side: (x: (typeof rows)[0]) => number, kinds?: string[]) =>
    rows
      .filter((x) => x.accountCode.split(':')[0] === kind && (!kinds || kinds.includes(x.kind)))
      .reduce((a, x) => a + side(x), 0);
  const net = (x: { debit: number; credit: number }) => x.credit - x.debit;
  const income = of('orderIncome', (x) => x.credit);
  const refunds = rows
    .filter(
      (x) =>
        x.kind === 'refund' &&
        ['agentPayable', 'outletPayable', 'providerPayable', 'operatorPayable', 'pusherPayable', 'revenue'].includes(
          x.accountCode.split(':')[0]!,
        ),
    )
    .reduce((a, x) => a + x.debit - x.credit, 0);
  const share = (kind: string) => of(kind, net, ['share', 'refund']);
  return {
    income,
    refunds,
    net: income - refunds,
    agentShare: share('agentPayable'),
    outletShare: share('outletPayable'),
    providerShare: share('providerPayable'),
    operatorShare: share('operatorPayable'),
    pusherShare: share('pusherPayable'),
    platform: share('revenue'),
    taxes: of('taxes', net),
    fees: of('fees', net),
  };
}

/** The ledger's hourly and daily rollups each equal a whole-table GROUP BY over the entries, key by key. */
async function ledgerRollupMatches(db: Db) {
  for (const [unit, table, col] of [
    ['hour', 'stat_ledger_hour', 'hour'],
    ['day', 'stat_ledger_day', 'day'],
  ] as const) {
    const diff = await query<Record<string, unknown>>(
      db,
      sql`
      with rows as (
        select date_trunc(${unit}, e.created_at, 'UTC') as at, e.account_kind, t.kind, sum(e.debit)::bigint as debit, sum(e.credit)::bigint as credit
        from led_entry e join led_transaction t on t.id = e.transaction_id group by 1, 2, 3),
      rolled as (select ${sql.raw(col)} as at, account_kind, kind, sum(debit)::bigint as debit, sum(credit)::bigint as credit from ${sql.raw(table)} group by 1, 2, 3
                 having sum(debit) <> 0 or sum(credit) <> 0)
      (select ${table} as tab, 'missing' as side, * from rows except select ${table}, 'missing', * from rolled)
      union all (select ${table}, 'extra', * from rolled except select ${table}, 'extra', * from rows)`,
    );
    expect(diff).toEqual([]);
  }
}

/**
 * Statistics (issue 16, second part), on each engine: the financial data equals the sums of the
 * fund-flow rows it stands for (after orders, refunds and refused refunds, across hour edges that
 * are not whole hours), its periods add up to its total, the ledger's rollup equals its entries
 * even under 60 concurrent postings of one hour; the action list and the business figures equal the
 * lists they link to and follow the account's permissions; bad windows, periods and zones are
 * messages in the caller's language.
 */
describe.each(engines)('statistics (%s)', (engine) => {
  const s = useServer(engine);
  let token = '';
  const c = caller(s, () => token);
  const db = () => s.current.database.db;

  beforeAll(async () => {
    token = await s.current.login();
  });

  it('financial data: each figure is the sum of the fund-flow rows it stands for, by day, week and month', async () => {
    // Three days of orders, at minutes that are not whole hours, in hours both inside and at the window's edges.
    const base = new Date(Math.floor(Date.now() / DAY) * DAY - 5 * DAY);
    const at = (h: number, m: number) => new Date(base.getTime() + h * HOUR + m * 60_000);
    await order(db(), 'FIN1', at(1, 10), 1000);
    await order(db(), 'FIN2', at(9, 59), 2500, { amount: 500, at: at(30, 5) });
    await order(db(), 'FIN3', at(26, 30), 1800, { amount: 300, at: at(27, 1), fails: at(27, 40) });
    await order(db(), 'FIN4', at(50, 45), 4200, { amount: 4200 - Math.floor(4200 * 0.06), at: at(70, 20) });
    await move(db(), 'release:FIN5', 'release', at(33, 33), [
      { kind: 'userDeposit', party: 1, debit: 9900 },
      { kind: 'providerClearing', credit: 9800 },
      { kind: 'fees', credit: 100 },
    ]);
    // The window starts and ends inside hours that have movements (1:10 and 70:20 are in, 0:xx before and 71 after are not).
    const window = { beginTime: at(1, 5).toISOString(), endTime: at(70, 25).toISOString() };
    const r = await c.get('/order/api/v1/stats/finance', { ...window, period: 'day', timeZone: 'Asia/Shanghai' });
    expect(r.code, JSON.stringify(r)).toBe(0);
    const t = r.data.total;
    const platform = await flowRows(c, 'platform', window);
    const account = await flowRows(c, 'account', window);
    const sum = (rows: typeof platform, kind: string, side: (x: (typeof platform)[0]) => number, kinds?: string[]) =>
      rows
        .filter((x) => x.accountCode.split(':')[0] === kind && (!kinds || kinds.includes(x.kind)))
        .reduce((a, x) => a + side(x), 0);
    const net = (x: { debit: number; credit: number }) => x.credit - x.debit;
    expect(t.income).toBe(sum(platform, 'orderIncome', (x) => x.credit));
    expect(t.income).toBe(1000 + 2500 + 1800 + 4200);
    expect(t.taxes).toBe(sum(platform, 'taxes', net));
    expect(t.fees).toBe(sum(platform, 'fees', net));
    expect(t.fees).toBe(100);
    expect(t.agentShare).toBe(sum(account, 'agentPayable', net, ['share', 'refund']));
    expect(t.outletShare).toBe(sum(account, 'outletPayable', net, ['share', 'refund']));
    expect(t.providerShare).toBe(sum(account, 'providerPayable', net, ['share', 'refund']));
    expect(t.operatorShare).toBe(sum(account, 'operatorPayable', net, ['share', 'refund']));
    // The operator earned on every order and gave back its part of FIN2's and FIN4's refunds.
    expect(t.operatorShare).toBeGreaterThan(0);
    expect(sum(account, 'operatorPayable', (x) => x.debit, ['refund'])).toBeGreaterThan(0);
    expect(t.platform).toBe(sum(platform, 'revenue', net, ['share', 'refund']));
    const reversed = [...account, ...platform].filter(
      (x) =>
        x.kind === 'refund' &&
        ['agentPayable', 'outletPayable', 'providerPayable', 'operatorPayable', 'revenue'].includes(
          x.accountCode.split(':')[0]!,
        ),
    );
    expect(t.refunds).toBe(reversed.reduce((a, x) => a + x.debit - x.credit, 0));
    // The refused refund gave its shares back: only FIN2's and FIN4's count.
    expect(t.refunds).toBe(500 + 4200 - Math.floor(4200 * 0.06));
    expect(t.net).toBe(t.income - t.refunds);
    // Every period of the window is there, in order, and they add up to the total.
    for (const period of ['day', 'week', 'month'] as const) {
      const p = await c.get('/order/api/v1/stats/finance', { ...window, period, timeZone: 'Asia/Shanghai' });
      expect(p.code).toBe(0);
      expect(p.data.list.map((x: { start: string }) => x.start)).toEqual(
        periodStarts(new Date(window.beginTime), new Date(window.endTime), period, 'Asia/Shanghai').map((d) =>
          d.toISOString(),
        ),
      );
      for (const f of STATS_FINANCE_FIGURES) {
        expect([period, f, p.data.list.reduce((a: number, x: Record<string, number>) => a + x[f]!, 0)]).toEqual([
          period,
          f,
          t[f],
        ]);
      }
    }
    // Folding the closed hours' shards changes no figure and leaves one row per closed hour and key.
    const services = s.current.server.services;
    expect(await services.ledger.ledger.compactRollup()).toBeGreaterThan(0);
    await services.order.facts.compact();
    expect(
      (await c.get('/order/api/v1/stats/finance', { ...window, period: 'day', timeZone: 'Asia/Shanghai' })).data,
    ).toEqual(r.data);
    const [extra] = await query<{ n: number }>(
      db(),
      sql`select count(*)::int as n from stat_ledger_hour where shard <> 0 and hour < date_trunc('hour', now(), 'UTC') - interval '1 hour'`,
    );
    expect(extra!.n).toBe(0);
    const [extraDays] = await query<{ n: number; days: number }>(
      db(),
      sql`
      select count(*) filter (where shard <> 0)::int as n, count(distinct day)::int as days from stat_ledger_day where day < date_trunc('day', now() - interval '1 hour', 'UTC')`,
    );
    expect(extraDays).toEqual({ n: 0, days: 3 });
    // A day is a day of the zone asked: the first movement (01:10 UTC) is 09:10 in Shanghai, the same day; the day's income is FIN1 and FIN2 (09:59 UTC is 17:59).
    const day1 = r.data.list.find(
      (x: { start: string }) => x.start === new Date(base.getTime() - 8 * HOUR).toISOString(),
    );
    expect(day1.income).toBe(3500);
    await ledgerRollupMatches(db());
    const tb = await c.get('/order/api/v1/ledger/trialBalance');
    expect(tb.data.totalDebit).toBe(tb.data.totalCredit);
  });

  it('financial data: each period is the sum of the fund-flow rows of its range, whole days from the day rollup, in UTC and a half-hour zone, up to now and with edges late in their hours', async () => {
    const base = new Date(Math.floor(Date.now() / DAY) * DAY - 5 * DAY);
    const at = (h: number, m: number) => new Date(base.getTime() + h * HOUR + m * 60_000);
    // Movements in the parts of the edge hours that lie outside the windows below (the long part of
    // such an hour is read as the hour's rollup less them), one at a window's very end (included),
    // and one in the current hour (a window up to now reads that hour from its rollup).
    await order(db(), 'EDGE1', at(1, 2), 900);
    await order(db(), 'EDGE2', at(70, 55), 1100, { amount: 200, at: at(70, 57) });
    await move(db(), 'release:EDGE3', 'release', at(70, 50), [
      { kind: 'userDeposit', party: 1, debit: 5000 },
      { kind: 'providerClearing', credit: 4950 },
      { kind: 'fees', credit: 50 },
    ]);
    const hourNow = Math.floor(Date.now() / HOUR) * HOUR;
    await order(db(), 'NOW1', new Date(Math.max(hourNow, Date.now() - 5000)), 1300);
    const windows = [
      // Up to a moment still to come in the current hour, as "to the end of today" is: that hour is read from its rollup.
      {
        beginTime: at(1, 5).toISOString(),
        endTime: new Date(Math.min(Date.now() + 30_000, hourNow + HOUR - 1)).toISOString(),
      },
      { beginTime: at(0, 40).toISOString(), endTime: at(70, 50).toISOString() },
    ];
    const figures = (r: Record<string, number>) =>
      Object.fromEntries(
        Object.keys(r)
          .filter((k) => k !== 'start')
          .map((k) => [k, r[k]]),
      );
    let periods = 0;
    for (const window of windows) {
      const total = await flowFigures(c, window);
      for (const timeZone of ['UTC', 'Asia/Kolkata'])
        for (const period of ['day', 'month'] as const) {
          const r = await c.get('/order/api/v1/stats/finance', { ...window, period, timeZone });
          expect(r.code, JSON.stringify(r)).toBe(0);
          expect([timeZone, period, figures(r.data.total)]).toEqual([timeZone, period, total]);
          const starts = periodStarts(new Date(window.beginTime), new Date(window.endTime), period, timeZone);
          for (const [i, row] of (r.data.list as Record<string, number>[]).entries()) {
            const range = {
              beginTime: new Date(Math.max(starts[i]!.getTime(), new Date(window.beginTime).getTime())).toISOString(),
              endTime: i + 1 < starts.length ? new Date(starts[i + 1]!.getTime() - 1).toISOString() : window.endTime,
            };
            expect([timeZone, period, range, figures(row)]).toEqual([
              timeZone,
              period,
              range,
              await flowFigures(c, range),
            ]);
            periods++;
          }
        }
    }
    expect(periods).toBeGreaterThan(20);
    // The edges are where the test says: the first window leaves EDGE1 out and has EDGE2 and NOW1, the second has
    // EDGE1 and EDGE3 (at its very end) and leaves EDGE2 out.
    const keys = async (w: (typeof windows)[0]) =>
      new Set(
        (await flowRows(c, 'platform', w)).map((x) => (x as unknown as { transactionKey: string }).transactionKey),
      );
    const [first, second] = [await keys(windows[0]!), await keys(windows[1]!)];
    expect(['settle:EDGE1', 'settle:EDGE2', 'settle:NOW1'].map((k) => first.has(k))).toEqual([false, true, true]);
    expect(['settle:EDGE1', 'release:EDGE3', 'settle:EDGE2'].map((k) => second.has(k))).toEqual([true, true, false]);
    await ledgerRollupMatches(db());
    // Removing movements (the demo's clean-up) takes them out of both rollups; the current hour is the next test's again.
    expect(await s.current.server.services.ledger.ledger.removeOrders(['settle:NOW1', 'share:NOW1'])).toBe(2);
    await ledgerRollupMatches(db());
  });

  it('financial data: 60 postings of one hour at once, each in its own transaction, are each rolled up once; a rolled-back one leaves no trace', async () => {
    const ledger = s.current.server.services.ledger.ledger;
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        ledger.post({
          idempotencyKey: `rush:${i}`,
          kind: 'settle',
          orderNo: `RUSH${i}`,
          entries: [
            { account: { kind: 'userDeposit', partyId: 2 }, debit: 100 },
            { account: { kind: 'orderIncome' }, credit: 100 },
          ],
        }),
      ),
    );
    await db()
      .transaction(async (tx) => {
        await ledger.post(
          {
            idempotencyKey: 'rush:rolledback',
            kind: 'settle',
            entries: [
              { account: { kind: 'userDeposit', partyId: 2 }, debit: 777 },
              { account: { kind: 'orderIncome' }, credit: 777 },
            ],
          },
          tx as unknown as Db,
        );
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await ledgerRollupMatches(db());
    const now = new Date();
    const r = await c.get('/order/api/v1/stats/finance', {
      beginTime: new Date(Math.floor(now.getTime() / HOUR) * HOUR).toISOString(),
      endTime: new Date(now.getTime() + 1000).toISOString(),
      timeZone: 'UTC',
    });
    expect(r.data.total.income).toBe(6000);
    // Spread over shards: no single row took all 60.
    const [most] = await query<{ n: number }>(
      db(),
      sql`select max(credit)::int as n from stat_ledger_hour where account_kind = 'orderIncome' and hour = date_trunc('hour', now(), 'UTC')`,
    );
    expect(most!.n).toBeLessThan(6000);
  });

  it('orders of one hour in other shards do not wait for an open order transaction; 50 at once are each counted once', async () => {
    const insert = (tx: Parameters<Parameters<ReturnType<typeof db>['transaction']>[0]>[0], id: number, g: number) =>
      tx.execute(sql`
        insert into ord_order (id, order_no, user_id, user_mobile, status, pay_mode, sn, billing, chain, outlet_id, paid_amount, created_at)
        values (${id}, ${`HOT${String(g).padStart(6, '0')}`}, ${7000 + g}, '86-13900000000', 'using', 'deposit', ${`HOTCAB${String(g).padStart(10, '0')}`}, '{}'::jsonb, '[]'::jsonb, ${1000 + g}, 0, now())`);
    const hour = async () =>
      (
        await query<{ n: number }>(
          db(),
          sql`select coalesce(sum(order_count), 0)::int as n from stat_order_hour_total where hour = date_trunc('hour', now(), 'UTC')`,
        )
      )[0]!.n;
    const before = await hour();
    if (engine === 'postgres') {
      // One transaction holds its order (id ≡ 1 mod 16: totals shard 1) open; an order of the same
      // hour at another outlet (and so another cabinet) in shard 2 must not wait for it: with a lock
      // timeout it would fail if both rolled up into one totals row. A fact of the locks, not of the
      // machine's speed. (Orders of one cabinet do queue: on its day and month rows of
      // stat_order_cabinet_span, as a cabinet serves one rent at a time.)
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let insertedA!: () => void;
      const aIn = new Promise<void>((r) => (insertedA = r));
      const a = db().transaction(async (tx) => {
        await insert(tx, 900_000_001, 1);
        insertedA();
        await held;
      });
      await aIn;
      const b = db().transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '3s'`);
        await insert(tx, 900_000_002, 2);
      });
      await expect(b).resolves.toBeUndefined();
      release();
      await a;
    }
    // 50 transactions of one hour at once, each its own outlet: every one counted once.
    const made = engine === 'postgres' ? 2 : 0;
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        db().transaction(async (tx) => {
          await insert(tx, 900_000_100 + i, 100 + i);
          await tx.execute(sql`select pg_sleep(0.02)`);
        }),
      ),
    );
    expect(await hour()).toBe(before + made + 50);
  });

  it('financial data: bad windows, periods and zones are messages in the caller language, never a 500; it needs its permission', async () => {
    const zone = await c.get('/order/api/v1/stats/finance', { timeZone: 'Mars/Olympus' }, 'zh_CN');
    expect(zone).toMatchObject({ code: 101401, msg: '时区无效：Mars/Olympus' });
    const period = await c.get('/order/api/v1/stats/finance', { period: 'year' }, 'en_US');
    expect(period.code).not.toBe(0);
    expect(period.status).toBeLessThan(500);
    const far = await c.get(
      '/order/api/v1/stats/finance',
      { beginTime: new Date(Date.now() - 400 * DAY).toISOString() },
      'zh_TW',
    );
    expect(far).toMatchObject({ code: 100790, msg: '統計時間範圍不能超過 366 天' });
    const reversed = await c.get('/order/api/v1/stats/finance', {
      beginTime: new Date().toISOString(),
      endTime: new Date(Date.now() - DAY).toISOString(),
    });
    expect(reversed.code).toBe(100062);
    const junk = await c.get('/order/api/v1/stats/business', { endTime: 'tomorrow' });
    expect([junk.code !== 0, junk.status < 500]).toEqual([true, true]);
    // A year by month is twelve or thirteen periods; the default is the last 30 days by day.
    const year = await c.get('/order/api/v1/stats/finance', {
      beginTime: new Date(Date.now() - 365 * DAY).toISOString(),
      period: 'month',
      timeZone: 'America/New_York',
    });
    expect(year.data.list.length).toBeGreaterThanOrEqual(12);
    expect((await c.get('/order/api/v1/stats/finance')).data.list.length).toBe(31);
    // Only finance's screen may read it; the export starts a job in the export centre.
    await accountWithMenus(db(), 'statsnofin', 'pass1234', ['dashboard']);
    const none = await s.current.login('statsnofin', 'pass1234');
    expect((await s.current.inject({ url: '/order/api/v1/stats/finance', headers: auth(none) })).json().code).toBe(
      100003,
    );
    expect(
      (
        await s.current.inject({
          method: 'POST',
          url: '/order/api/v1/stats/finance/export',
          headers: auth(none),
          payload: {},
        })
      ).json().code,
    ).toBe(100003);
    const started = await c.post('/order/api/v1/stats/finance/export', { period: 'week', timeZone: 'Asia/Shanghai' });
    expect(started.code, JSON.stringify(started)).toBe(0);
  });

  it('the action list: each count is the total of the list it links to with its filter; an account sees only what it may open', async () => {
    await db().execute(sql`
      insert into acc_repair_ticket (no, device_type, device_id, problem_type_id, problem_type_name, description, contact, phone, status)
      select 'RPT' || g, 'cabinet', 'SN' || g, 1, 'Jam', 'stuck', 'Li', '13900000000', case when g <= 3 then 'untreated' else 'processing' end from generate_series(1, 5) g`);
    const r = await c.get('/order/api/v1/stats/actions', {}, 'zh_TW');
    expect(r.code, JSON.stringify(r)).toBe(0);
    const keys = r.data.list.map((x: { key: string }) => x.key);
    expect(keys).toEqual([
      'offlineCabinets',
      'faultyCabinets',
      'untreatedRepairs',
      'processingRepairs',
      'pendingDepositRefunds',
      'pendingRefunds',
      'pendingWithdrawals',
    ]);
    expect(r.data.list.find((x: { key: string }) => x.key === 'untreatedRepairs')).toMatchObject({
      title: '待處理報修工單',
      count: 3,
      screen: 'accessories/repairs',
      query: { status: 'untreated' },
    });
    const pages: Record<string, (q: Record<string, string>) => Promise<{ code: number; data: { total: number } }>> = {
      'fleet/cabinets': (q) => c.get('/device/api/v1/cabinet/queryPage', { pageNum: 1, pageSize: 10, ...q }),
      'accessories/repairs': (q) => c.get('/user/api/v1/repair/queryPage', { pageNum: 1, pageSize: 10, ...q }),
      'deposit/deposits': (q) => c.post('/order/api/v1/depositOrder/queryPage', { pageNum: 1, pageSize: 10, ...q }),
      'order/refunds': (q) => c.post('/order/api/v1/refundOrder/queryPage', { pageNum: 1, pageSize: 10, ...q }),
      'payout/withdrawals': (q) => c.get('/user/api/v1/withdrawal/queryPage', { pageNum: 1, pageSize: 10, ...q }),
    };
    for (const item of r.data.list) {
      const list = await pages[item.screen]!(item.query);
      expect([item.key, list.code, list.data.total]).toEqual([item.key, 0, item.count]);
    }
    // Customer service's repair screen only: the repair items and nothing else.
    await accountWithMenus(db(), 'statsrepair', 'pass1234', ['dashboard', 'dashboard.actions', 'feedback.repair']);
    const repair = await s.current.login('statsrepair', 'pass1234');
    const mine = (await s.current.inject({ url: '/order/api/v1/stats/actions', headers: auth(repair) })).json();
    expect(mine.data.list.map((x: { key: string }) => x.key)).toEqual(['untreatedRepairs', 'processingRepairs']);
  });

  it('business figures: new users are the customers registered in the window, active cabinets those rented from by its orders', async () => {
    const begin = new Date(Date.now() - 2 * HOUR);
    await db().execute(sql`
      insert into net_member (area_code, mobile, nickname, terminal, created_at)
      select '86', '1380000' || lpad(g::text, 4, '0'), 'm' || g, 'wechat', now() - make_interval(mins => g * 10) from generate_series(1, 20) g`);
    await db().execute(sql`
      insert into ord_order (order_no, user_id, user_mobile, status, pay_mode, sn, billing, chain, paid_amount, created_at)
      select 'BIZ' || g, g, '86-13900000000', 'finished', 'deposit', 'BIZCAB' || (g % 3), '{}'::jsonb, '[]'::jsonb, 100, now() - make_interval(mins => g * 10) from generate_series(1, 20) g`);
    const window = { beginTime: begin.toISOString(), endTime: new Date().toISOString() };
    const r = await c.get('/order/api/v1/stats/business', window);
    expect(r.code, JSON.stringify(r)).toBe(0);
    const [m] = await query<{ n: number }>(
      db(),
      sql`select count(*)::int as n from net_member where created_at >= ${begin} and created_at <= ${new Date(window.endTime)}`,
    );
    expect(r.data.newUsers).toBe(m!.n);
    expect(r.data.newUsers).toBeGreaterThanOrEqual(11);
    const [a] = await query<{ n: number }>(
      db(),
      sql`
      select count(distinct sn)::int as n from ord_order where created_at >= ${begin} and created_at <= ${new Date(window.endTime)} and device_type = 'powerBank'`,
    );
    expect(r.data.activeCabinets).toBe(a!.n);
    expect(r.data.activeCabinets).toBeGreaterThanOrEqual(3);
    // The trend of the same window (both edges inside hours, the current one among them) adds up to its overview.
    const trend = await c.get('/order/api/v1/stats/trend', window);
    const ov = await c.get('/order/api/v1/stats/overview', window);
    const sum = (k: string) => trend.data.points.reduce((t: number, p: Record<string, number>) => t + p[k]!, 0);
    expect([sum('orderCount'), sum('paidAmount')]).toEqual([ov.data.orderCount, ov.data.paidAmount]);
    expect(trend.data.points.at(-1).hour).toBe(new Date(Math.floor(Date.now() / HOUR) * HOUR).toISOString());
    // The dashboard grants the widget with its button; without it the call is refused.
    await accountWithMenus(db(), 'statsnobiz', 'pass1234', ['dashboard']);
    const none = await s.current.login('statsnobiz', 'pass1234');
    expect((await s.current.inject({ url: '/order/api/v1/stats/business', headers: auth(none) })).json().code).toBe(
      100003,
    );
    const dash = (
      await s.current.inject({ url: '/user/api/v1/sys/menu/dashbord?path=/dashboard', headers: auth(token) })
    ).json();
    expect(dash.data.widgets).toEqual(expect.arrayContaining(['business', 'actions']));
  });
});
