import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { STATS_FINANCE_FIGURES } from '@cbo/contract';
import { query, type Db } from '../../platform/db/database.js';
import { engines, useServer } from '../../test/helper.js';
import { caller, networkFixture, ok, outletBody, type Caller } from '../../test/outlet/outlet-fixtures.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FIGURES = STATS_FINANCE_FIGURES;

type Line = { kind: string; party?: number; debit?: number; credit?: number };

/** One movement of an order of an outlet (null: of none), posted at a chosen time set-wise; the ledger's triggers roll it up like any posting. */
async function move(
  db: Db,
  key: string,
  kind: string,
  orderNo: string,
  outletId: number | null,
  at: Date,
  lines: Line[],
) {
  const [t] = await query<{ id: number }>(
    db,
    sql`
    insert into led_transaction (key, kind, order_no, outlet_id, memo, fingerprint, created_at) values (${key}, ${kind}, ${orderNo}, ${outletId}, '', ${key}, ${at}) returning id`,
  );
  await db.execute(sql`
    insert into led_entry (transaction_id, account, account_kind, party_id, debit, credit, order_no, created_at)
    values ${sql.join(
      lines.map(
        (l) =>
          sql`(${t!.id}, ${l.party ? `${l.kind}:${l.party}` : l.kind}, ${l.kind}, ${l.party ?? null}, ${l.debit ?? 0}, ${l.credit ?? 0}, ${orderNo}, ${at})`,
      ),
      sql`, `,
    )}`);
}

/**
 * An order's money as the engine posts it: the fee from the deposit, the shares, optionally a refund
 * (and its failure). An order of a team's outlet (`team`) pays the team its operator share out of
 * the platform's part, and a refund takes it back pro rata.
 */
async function order(
  db: Db,
  no: string,
  outletId: number | null,
  at: Date,
  fee: number,
  refund?: { amount: number; at: Date; fails?: Date },
  team?: number,
) {
  await move(db, `settle:${no}`, 'settle', no, outletId, at, [
    { kind: 'userDeposit', party: 1, debit: fee },
    { kind: 'orderIncome', credit: fee },
  ]);
  const tax = Math.floor(fee * 0.06);
  const agent = Math.floor((fee - tax) * 0.3);
  const shop = Math.floor((fee - tax) * 0.2);
  const pusher = Math.floor((fee - tax) * 0.05);
  const operator = team ? Math.floor((fee - tax) * 0.15) : 0;
  await move(db, `share:${no}`, 'share', no, outletId, new Date(at.getTime() + 1000), [
    { kind: 'orderIncome', debit: fee },
    { kind: 'taxes', credit: tax },
    { kind: 'agentPayable', party: 3, credit: agent },
    { kind: 'outletPayable', party: outletId ?? 4, credit: shop },
    { kind: 'pusherPayable', party: 5, credit: pusher },
    ...(team ? [{ kind: 'operatorPayable', party: team, credit: operator }] : []),
    { kind: 'revenue', credit: fee - tax - agent - shop - pusher - operator },
  ]);
  if (!refund) return;
  const a = Math.floor((refund.amount * agent) / (fee - tax));
  const o = Math.floor((refund.amount * shop) / (fee - tax));
  const op = Math.floor((refund.amount * operator) / (fee - tax));
  const reversal: Line[] = [
    { kind: 'agentPayable', party: 3, debit: a },
    { kind: 'outletPayable', party: outletId ?? 4, debit: o },
    ...(team ? [{ kind: 'operatorPayable', party: team, debit: op }] : []),
    { kind: 'revenue', debit: refund.amount - a - o - op },
  ];
  await move(db, `refund:${no}`, 'refund', no, outletId, refund.at, [
    ...reversal,
    { kind: 'refunds', credit: refund.amount },
  ]);
  if (refund.fails) {
    await move(db, `refund-failed:${no}`, 'refund', no, outletId, refund.fails, [
      { kind: 'refunds', debit: refund.amount },
      ...reversal.map((l) => ({ kind: l.kind, party: l.party, credit: l.debit })),
    ]);
  } else {
    await move(db, `refund-done:${no}`, 'refund', no, outletId, new Date(refund.at.getTime() + 5000), [
      { kind: 'refunds', debit: refund.amount },
      { kind: 'providerClearing', credit: refund.amount },
    ]);
  }
}

/** Every fund-flow row of a filter (all pages). */
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

/** The financial figures of fund-flow rows, worded as the contract defines them (stats.ts). */
function figuresOf(rows: { kind: string; accountCode: string; debit: number; credit: number }[]) {
  const of = (kind: string, f: (x: (typeof rows)[0]) => number, kinds?: string[]) =>
    rows
      .filter((x) => x.accountCode.split(':')[0] === kind && (!kinds || kinds.includes(x.kind)))
      .reduce((a, x) => a + f(x), 0);
  const net = (x: { debit: number; credit: number }) => x.credit - x.debit;
  const sr = ['share', 'refund'];
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

const pick = (r: Record<string, number>): Record<string, number> => Object.fromEntries(FIGURES.map((f) => [f, r[f]!]));
const add = (rows: Record<string, number>[]) =>
  Object.fromEntries(FIGURES.map((f) => [f, rows.reduce((a, r) => a + r[f]!, 0)]));

/**
 * The per-outlet rollups equal a whole-table GROUP BY over the entries (hour and day, outlet by
 * outlet), every figure, each written here from its definition (contract stats.ts).
 */
async function outletRollupsMatch(db: Db) {
  const share = (kind: string) =>
    sql`sum(case when e.account_kind = ${kind} and t.kind in ('share', 'refund') then e.credit - e.debit else 0 end)::bigint`;
  const columns = [
    'income',
    'refunds',
    'agent_share',
    'outlet_share',
    'provider_share',
    'operator_share',
    'pusher_share',
    'platform',
    'taxes',
    'fees',
  ];
  const nonZero = sql.raw(columns.map((c) => `${c} <> 0`).join(' or '));
  for (const [table, unit] of [
    ['stat_ledger_outlet_hour', 'hour'],
    ['stat_ledger_outlet_day', 'day'],
  ] as const) {
    const diff = await query<Record<string, unknown>>(
      db,
      sql`
      with rows as (
        select date_trunc(${unit}, e.created_at, 'UTC') as at, coalesce(t.outlet_id, 0) as outlet,
          sum(case when e.account_kind = 'orderIncome' then e.credit else 0 end)::bigint as income,
          sum(case when e.account_kind in ('agentPayable', 'outletPayable', 'providerPayable', 'operatorPayable', 'pusherPayable', 'revenue') and t.kind = 'refund' then e.debit - e.credit else 0 end)::bigint as refunds,
          ${share('agentPayable')} as agent_share, ${share('outletPayable')} as outlet_share, ${share('providerPayable')} as provider_share,
          ${share('operatorPayable')} as operator_share, ${share('pusherPayable')} as pusher_share, ${share('revenue')} as platform,
          sum(case when e.account_kind = 'taxes' then e.credit - e.debit else 0 end)::bigint as taxes,
          sum(case when e.account_kind = 'fees' then e.credit - e.debit else 0 end)::bigint as fees
        from led_entry e join led_transaction t on t.id = e.transaction_id group by 1, 2),
      rolled as (select ${sql.raw(unit)} as at, outlet_id as outlet, ${sql.raw(columns.join(', '))} from ${sql.raw(table)})
      (select 'missing' as side, * from rows where ${nonZero} except select 'missing', * from rolled where ${nonZero})
      union all (select 'extra', * from rolled where ${nonZero} except select 'extra', * from rows where ${nonZero})`,
    );
    expect([table, diff]).toEqual([table, []]);
  }
}

/**
 * Financial data by region, agent and outlet (issue 16): a scope's figures are the sums of the
 * fund-flow entries of its outlets' orders; the breakdown's rows add up to the whole business's
 * figures of the same window (whole UTC days, whole hours and parts of hours alike, in zones with
 * whole- and half-hour offsets); the per-outlet rollups follow postings and removals; bad scopes
 * are messages, never a 500.
 */
describe.each(engines)('financial data by region, agent and outlet (%s)', (engine) => {
  const s = useServer(engine);
  let token = '';
  const c = caller(s, () => token);
  const db = () => s.current.database.db;
  let net: Awaited<ReturnType<typeof networkFixture>>;
  let region2 = 0;
  let o1 = 0;
  let o2 = 0;
  let o3 = 0;
  let o4 = 0;
  const base = new Date(Math.floor(Date.now() / DAY) * DAY - 6 * DAY);
  const at = (h: number, m: number) => new Date(base.getTime() + h * HOUR + m * 60_000);
  // From inside an hour with movements on day 0 to inside one on day 4: whole days, whole hours and parts of hours.
  // The first edge is the longer part of its hour (55 min: read as the hour less 1:00-1:05), the last one too (45 min).
  const window = { beginTime: at(1, 5).toISOString(), endTime: at(98, 45).toISOString() };
  const orders: Record<number, string[]> = {};

  beforeAll(async () => {
    token = await s.current.login();
    net = await networkFixture(s, c);
    region2 = (await ok(c.post('/user/api/v1/region/saveOrUpdate', { name: `R2${Date.now() % 100000}` }), 'region 2'))
      .id;
    o1 = (
      await ok(c.post('/device/api/v1/outlet/saveOrUpdate', outletBody(net.agentA, { regionId: net.region })), 'o1')
    ).id;
    o2 = (
      await ok(c.post('/device/api/v1/outlet/saveOrUpdate', outletBody(net.agentB, { regionId: net.region })), 'o2')
    ).id;
    o3 = (await ok(c.post('/device/api/v1/outlet/saveOrUpdate', outletBody(net.agentA, { regionId: region2 })), 'o3'))
      .id;
    // A direct outlet of the team: its orders pay the team an operator share.
    o4 = (
      await ok(
        c.post(
          '/device/api/v1/outlet/saveOrUpdate',
          outletBody(net.agentA, { agentId: null, teamId: net.team, regionId: net.region }),
        ),
        'o4',
      )
    ).id;
    const plan: [number | null, number, number, number, { amount: number; h: number; m: number; failsH?: number }?][] =
      [
        [o1, 1, 10, 1000],
        [o1, 9, 59, 2500, { amount: 500, h: 30, m: 5 }],
        [o2, 26, 30, 1800, { amount: 300, h: 27, m: 1, failsH: 27 }],
        [o3, 50, 45, 4200, { amount: 3948, h: 70, m: 20 }],
        [o2, 73, 12, 990],
        [o3, 98, 20, 660],
        [null, 40, 40, 770],
        [o4, 27, 15, 3000, { amount: 1000, h: 51, m: 50 }], // a partial refund at the team's outlet
        [o4, 60, 5, 1200, { amount: 400, h: 60, m: 30, failsH: 61 }], // refused by the payment company
        [o1, 0, 30, 5000], // before the window
        [o1, 1, 2, 777], // before it, in its first hour
        [o2, 98, 50, 5000], // after it, in its last hour
      ];
    for (const [i, [outlet, h, m, fee, refund]] of plan.entries()) {
      const no = `FS${engine}${i}`;
      (orders[outlet ?? 0] ??= []).push(no);
      await order(
        db(),
        no,
        outlet,
        at(h, m),
        fee,
        refund && {
          amount: refund.amount,
          at: at(refund.h, refund.m),
          fails: refund.failsH ? at(refund.failsH, 40) : undefined,
        },
        outlet === o4 ? net.team : undefined,
      );
    }
    await move(db(), `release:FS${engine}x`, 'release', `FS${engine}x`, null, at(33, 33), [
      { kind: 'userDeposit', party: 1, debit: 9900 },
      { kind: 'providerClearing', credit: 9800 },
      { kind: 'fees', credit: 100 },
    ]);
  });

  it('the breakdown by outlet, agent and region adds up to the whole business of the same window', async () => {
    for (const timeZone of ['Asia/Shanghai', 'Asia/Kolkata', 'UTC']) {
      const whole = await c.get('/order/api/v1/stats/finance', { ...window, timeZone });
      expect(whole.code, JSON.stringify(whole)).toBe(0);
      expect(whole.data.scope).toBeNull();
      expect(whole.data.breakdown).toBeNull();
      expect(whole.data.total.income).toBeGreaterThan(0);
      for (const by of ['outlet', 'agent', 'region']) {
        const r = await c.get('/order/api/v1/stats/finance', { ...window, timeZone, by });
        expect(r.code).toBe(0);
        expect([timeZone, by, add(r.data.breakdown)]).toEqual([timeZone, by, pick(whole.data.total)]);
        // The release's fee and the order of no outlet are the row of id 0, named in the caller's language.
        const none = r.data.breakdown.find((x: { id: number }) => x.id === 0);
        expect(none.fees).toBe(100);
        expect(none.name).toBe({ outlet: 'No outlet', agent: 'No agent', region: 'No region' }[by]);
      }
    }
    const byOutlet = (await c.get('/order/api/v1/stats/finance', { ...window, by: 'outlet' })).data.breakdown as ({
      id: number;
      name: string;
    } & Record<string, number>)[];
    const row = (id: number) =>
      pick(byOutlet.find((x) => x.id === id) ?? Object.fromEntries(FIGURES.map((f) => [f, 0])));
    const byAgent = (await c.get('/order/api/v1/stats/finance', { ...window, by: 'agent' })).data.breakdown as ({
      id: number;
      name: string;
    } & Record<string, number>)[];
    expect(pick(byAgent.find((x) => x.id === net.agentA)!)).toEqual(add([row(o1), row(o3)]));
    expect(byAgent.find((x) => x.id === net.agentA)!.name).toMatch(/^A/);
    const byRegion = (await c.get('/order/api/v1/stats/finance', { ...window, by: 'region' })).data.breakdown as ({
      id: number;
    } & Record<string, number>)[];
    expect(pick(byRegion.find((x) => x.id === net.region)!)).toEqual(add([row(o1), row(o2), row(o4)]));
    // The team's outlet is of no agent: the "No agent" row holds its figures, its operator share among them.
    expect(row(o4).operatorShare).toBeGreaterThan(0);
    expect(byAgent.find((x) => x.id === 0)!.operatorShare).toBe(row(o4).operatorShare);
    expect(add(byOutlet).operatorShare).toBe(row(o4).operatorShare);
    expect(pick(byRegion.find((x) => x.id === region2)!)).toEqual(row(o3));
    // Busiest income first.
    expect(byOutlet.map((x) => x.income)).toEqual(byOutlet.map((x) => x.income).sort((a, b) => b! - a!));
  });

  it("a scope's figures are the sums of the fund-flow entries of its outlets' orders, and its periods add up to them", async () => {
    const flows = async (nos: string[]) => {
      const rows = [];
      for (const orderNo of nos)
        rows.push(
          ...(await flowRows(c, 'platform', { ...window, orderNo })),
          ...(await flowRows(c, 'account', { ...window, orderNo })),
        );
      return figuresOf(rows);
    };
    const scopes: [Record<string, number>, string[]][] = [
      [{ outletId: o1 }, orders[o1]!],
      [{ outletId: o2 }, orders[o2]!],
      [{ outletId: o4 }, orders[o4]!],
      [{ agentId: net.agentA }, [...orders[o1]!, ...orders[o3]!]],
      [{ agentId: net.agentB }, orders[o2]!],
      [{ regionId: net.region }, [...orders[o1]!, ...orders[o2]!, ...orders[o4]!]],
      [{ regionId: region2 }, orders[o3]!],
    ];
    for (const [scope, nos] of scopes) {
      const expected = await flows(nos);
      expect(expected.income).toBeGreaterThan(0);
      for (const timeZone of ['Asia/Shanghai', 'Asia/Kolkata']) {
        for (const period of ['day', 'week', 'month']) {
          const r = await c.get('/order/api/v1/stats/finance', { ...window, ...scope, period, timeZone, by: 'outlet' });
          expect(r.code, JSON.stringify(r)).toBe(0);
          expect([scope, period, pick(r.data.total)]).toEqual([scope, period, expected]);
          expect([scope, period, add(r.data.list)]).toEqual([scope, period, expected]);
          expect(add(r.data.breakdown)).toEqual(expected);
          expect(r.data.scope).toMatchObject({
            kind: Object.keys(scope)[0]!.replace('Id', ''),
            id: Object.values(scope)[0],
          });
        }
      }
    }
    // The team's outlet: the operator share is what the share postings credited the team's account
    // less its part of the completed refund (the refused one gave its part back); the refunds figure
    // holds that part, so it is the whole 10.00 refunded, and net is income less it.
    const team = (await c.get('/order/api/v1/stats/finance', { ...window, outletId: o4 })).data.total;
    const operatorRows = await flowRows(c, 'account', { ...window, accountCode: `operatorPayable:${net.team}` });
    expect(operatorRows.map((x) => x.kind).sort()).toEqual(['refund', 'refund', 'refund', 'share', 'share']);
    expect(team.operatorShare).toBe(operatorRows.reduce((a, x) => a + x.credit - x.debit, 0));
    expect(team.operatorShare).toBe(
      Math.floor(2820 * 0.15) + Math.floor(1128 * 0.15) - Math.floor((1000 * Math.floor(2820 * 0.15)) / 2820),
    );
    expect([team.income, team.refunds, team.net]).toEqual([4200, 1000, 3200]);
    // A day is the zone's day: o1's 01:10 and 09:59 UTC orders are both on Shanghai's first day.
    const day = await c.get('/order/api/v1/stats/finance', {
      ...window,
      outletId: o1,
      period: 'day',
      timeZone: 'Asia/Shanghai',
    });
    expect(
      day.data.list.find((x: { start: string }) => x.start === new Date(base.getTime() - 8 * HOUR).toISOString())
        .income,
    ).toBe(3500);
    expect(day.data.scope.name).toMatch(/^Outlet /);
  });

  it('the per-outlet rollups equal the entries summed, after postings through the ledger and removals', async () => {
    await outletRollupsMatch(db());
    // A posting of a rental order is filed under the order's outlet, asked of the order module in the posting's transaction.
    const no = `FSL${engine}`;
    await db().execute(sql`
      insert into ord_order (order_no, user_id, user_mobile, status, payment_kind, pay_mode, sn, power_bank_id, outlet_id, outlet_name, billing, chain,
        deposit_amount, original_amount, paid_amount, refund_amount, billed_minutes, start_at, end_at, created_at, simulated)
      values (${no}, 1, '13900000000', 'finished', 'normal', 'deposit', 'FSLSN', 'FSLPB', ${o2}, 'o2', '{}'::jsonb, '[]'::jsonb, 0, 300, 300, 0, 30, now(), now(), now(), false)`);
    const ledger = s.current.server.services.ledger.ledger;
    await ledger.post({
      idempotencyKey: `settle:${no}`,
      kind: 'settle',
      orderNo: no,
      entries: [
        { account: { kind: 'userDeposit', partyId: 1 }, debit: 300 },
        { account: { kind: 'orderIncome' }, credit: 300 },
      ],
    });
    const [t] = await query<{ outlet_id: string }>(
      db(),
      sql`select outlet_id from led_transaction where key = ${`settle:${no}`}`,
    );
    expect(Number(t!.outlet_id)).toBe(o2);
    const now = {
      beginTime: new Date(Date.now() - HOUR).toISOString(),
      endTime: new Date(Date.now() + 1000).toISOString(),
    };
    const o2now = await c.get('/order/api/v1/stats/finance', { ...now, outletId: o2 });
    expect(o2now.data.total.income).toBe(300);
    // Removing the orders' movements (the demo's clean-up) takes them out of the rollups too.
    await ledger.removeOrders([no, ...orders[o3]!]);
    await outletRollupsMatch(db());
    expect((await c.get('/order/api/v1/stats/finance', { ...now, outletId: o2 })).data.total.income).toBe(0);
    const gone = await c.get('/order/api/v1/stats/finance', { ...window, regionId: region2, by: 'outlet' });
    expect([gone.data.total.income, gone.data.breakdown]).toEqual([0, []]);
  });

  it('bad scopes are messages in the caller language, never a 500; the breakdown exports', async () => {
    const two = await c.get('/order/api/v1/stats/finance', { outletId: o1, agentId: net.agentA }, 'zh_CN');
    expect(two).toMatchObject({ code: 100791, msg: '统计范围只能选择一个区域、代理商或网点' });
    expect((await c.get('/order/api/v1/stats/finance', { regionId: net.region, outletId: o1 }, 'en_US')).msg).toBe(
      'Choose one region, agent or outlet for the statistics, not several',
    );
    expect(await c.get('/order/api/v1/stats/finance', { agentId: 987654 }, 'en_US')).toMatchObject({
      code: 100793,
      msg: 'The agent of the statistics does not exist',
    });
    expect((await c.get('/order/api/v1/stats/finance', { regionId: net.region, agentId: 1 }, 'zh_TW')).msg).toBe(
      '統計範圍只能選擇一個區域、代理商或網點',
    );
    for (const bad of [
      { outletId: '0' },
      { agentId: '-3' },
      { regionId: 'abc' },
      { outletId: '1.5' },
      { by: 'city' },
    ]) {
      const r = await c.get('/order/api/v1/stats/finance', bad);
      expect([bad, r.code !== 0, r.status < 500]).toEqual([bad, true, true]);
    }
    // An outlet nobody has is refused, as in every statistics call.
    expect(await c.get('/order/api/v1/stats/finance', { outletId: 987654321 }, 'en_US')).toMatchObject({
      code: 100794,
      msg: 'The outlet of the statistics does not exist',
    });
    for (const body of [
      { ...window, by: 'agent' },
      { ...window, regionId: net.region },
    ]) {
      const started = await c.post('/order/api/v1/stats/finance/breakdown/export', body);
      expect(started.code, JSON.stringify(started)).toBe(0);
    }
  });
});

/**
 * The operator_share migrations on a database whose books already hold operator entries (orders at
 * a team's outlets since team_ratio, which the old rollup function counted in no figure): afterwards
 * the per-outlet rollups equal the entries summed in every figure, operator_share and the operator's
 * part of refunds added, every other figure of every row as it was; postings after it are counted by
 * the new function.
 */
describe('operator_share migration on a database holding operator entries', () => {
  it('adds the operator entries already posted to operator_share and refunds, and changes no other figure', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const all = fileURLToPath(new URL('../../../drizzle', import.meta.url));
    const journal = JSON.parse(fs.readFileSync(path.join(all, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const at = journal.entries.findIndex((e) => e.tag.endsWith('_operator_share'));
    expect(at).toBeGreaterThan(0);
    expect(journal.entries[at + 1]?.tag).toMatch(/_operator_share_sql$/);
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'cbo-mig-'));
    fs.mkdirSync(path.join(before, 'meta'));
    const earlier = journal.entries.slice(0, at);
    fs.writeFileSync(path.join(before, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: earlier }));
    for (const e of earlier) fs.copyFileSync(path.join(all, `${e.tag}.sql`), path.join(before, `${e.tag}.sql`));
    const client = new PGlite();
    try {
      const db = drizzle(client) as unknown as Db;
      await migrate(drizzle(client), { migrationsFolder: before });
      const base = new Date(Date.UTC(2026, 0, 5, 10, 20));
      const t = (minutes: number) => new Date(base.getTime() + minutes * 60_000);
      // Outlet 11 is a team's (team 7): two orders, a partial refund and a refused one; outlet 12 is an agent's.
      await order(db, 'MIG1', 11, t(0), 3000, { amount: 1000, at: t(70) }, 7);
      await order(
        db,
        'MIG2',
        11,
        t(24 * 60 + 5),
        1200,
        { amount: 400, at: t(24 * 60 + 30), fails: t(24 * 60 + 50) },
        7,
      );
      await order(db, 'MIG3', 12, t(30), 2500, { amount: 500, at: t(75) });
      const columns = [
        'income',
        'refunds',
        'agent_share',
        'outlet_share',
        'provider_share',
        'pusher_share',
        'platform',
        'taxes',
        'fees',
      ];
      const rows = async (table: string, col: string) =>
        query<Record<string, string>>(
          db,
          sql`select ${sql.raw(col)} as at, outlet_id, ${sql.raw(columns.join(', '))} from ${sql.raw(table)} order by 1, 2`,
        );
      const old = {
        hour: await rows('stat_ledger_outlet_hour', 'hour'),
        day: await rows('stat_ledger_outlet_day', 'day'),
      };
      // The old function left the operator out: outlet 11's refunds are short of its part.
      const opRefunds = Math.floor((1000 * Math.floor(2820 * 0.15)) / 2820);
      const shortRefunds = old.day.filter((r) => Number(r.outlet_id) === 11).reduce((a, r) => a + Number(r.refunds), 0);
      expect(shortRefunds).toBe(1000 - opRefunds);

      await migrate(drizzle(client), { migrationsFolder: all });
      await outletRollupsMatch(db);
      const [op] = await query<{ share: string; refunds: string }>(
        db,
        sql`select sum(operator_share) as share, sum(refunds) as refunds from stat_ledger_outlet_day where outlet_id = 11`,
      );
      expect(Number(op!.share)).toBe(Math.floor(2820 * 0.15) + Math.floor(1128 * 0.15) - opRefunds);
      expect(Number(op!.refunds)).toBe(1000);
      // Every other figure of every row is as it was; refunds changed only by the operator's part, only where it was.
      for (const [unit, table] of [
        ['hour', 'stat_ledger_outlet_hour'],
        ['day', 'stat_ledger_outlet_day'],
      ] as const) {
        const now = await rows(table, unit);
        expect(now.map((r) => ({ ...r, refunds: 0 }))).toEqual(old[unit].map((r) => ({ ...r, refunds: 0 })));
        const grown = now
          .map((r, i) => [Number(r.outlet_id), Number(r.refunds) - Number(old[unit][i]!.refunds)])
          .filter(([, d]) => d !== 0);
        // By hour, MIG2's refund and its refusal are in two hours of one day: its part is added to one and taken from the other.
        const op2 = Math.floor((400 * Math.floor(1128 * 0.15)) / 1128);
        expect([unit, grown]).toEqual([
          unit,
          unit === 'day'
            ? [[11, opRefunds]]
            : [
                [11, opRefunds],
                [11, op2],
                [11, -op2],
              ],
        ]);
      }
      // Postings after the migration are rolled up by the new function.
      await order(db, 'MIG4', 11, t(48 * 60), 2000, undefined, 7);
      await outletRollupsMatch(db);
      const [after] = await query<{ share: string }>(
        db,
        sql`select sum(operator_share) as share from stat_ledger_outlet_hour where outlet_id = 11`,
      );
      expect(Number(after!.share)).toBe(Number(op!.share) + Math.floor(1880 * 0.15));
    } finally {
      await client.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  }, 180_000); // two whole migrations of an embedded database: slow on a loaded 2-core machine (the 30 s default failed in CI)
});
