import { sql } from 'drizzle-orm';
import { query, type Db } from '../../platform/db/database.js';
import { networkFixture, ok, outletBody, type Caller } from '../outlet/outlet-fixtures.js';
import type { TestServer } from '../helper.js';

const BILLING = {
  freeMinutes: 3,
  pricePerPeriod: 150,
  periodMinutes: 30,
  dailyCap: 3000,
  totalCap: 9900,
  deposit: 9900,
  buyOutDays: 7,
};

/**
 * Two regions' outlets with orders at three ages: in the current hour (a few seconds old), some
 * hours ago (whole hours of the rollup) and 40 days ago (archived by the archive job), each outlet
 * paying a different amount; some refunded, some finished with billed minutes. Answers the ids.
 */
export async function scopedOrders(s: { current: TestServer }, c: Caller, prefix: string) {
  const db = s.current.database.db;
  const net = await networkFixture(s, c);
  // A second region with an agent of its own.
  const u = `${prefix}${Date.now() % 100000}`;
  const otherRegion = (await ok(c.post('/user/api/v1/region/saveOrUpdate', { name: `R2${u}` }), 'region 2'))
    .id as number;
  const otherAgent = (
    await ok(
      c.post('/user/api/v1/agent/saveOrUpdate', {
        name: `A2${u}`,
        areaCode: '86',
        mobile: `1370${String(Date.now() % 1e7).padStart(7, '0')}`,
        password: 'pass1234',
        level: 'A',
        ratio: 60,
        regionId: otherRegion,
        minWithdrawal: 0,
        withdrawalFeeRate: 0,
      }),
      'agent 2',
    )
  ).id as number;
  const other = { region: otherRegion, agentA: otherAgent };
  const outlet = async (agentId: number) =>
    (await ok(c.post('/device/api/v1/outlet/saveOrUpdate', outletBody(agentId)), 'outlet')).id as number;
  // Region 1: o1 under agent A, o2 and o3 under agent B; region 2: o4 under its agent A.
  const o1 = await outlet(net.agentA);
  const o2 = await outlet(net.agentB);
  const o3 = await outlet(net.agentB);
  const o4 = await outlet(other.agentA);
  let seq = 0;
  const put = async (
    outletId: number,
    count: number,
    paid: number,
    age: ReturnType<typeof sql>,
    opts: { refund?: number; finished?: boolean } = {},
  ) => {
    const from = seq;
    seq += count;
    await db.execute(sql`
      insert into ord_order (order_no, user_id, user_mobile, status, pay_mode, sn, billing, chain, deposit_amount, original_amount, paid_amount, refund_amount,
                             billed_minutes, outlet_id, outlet_name, created_at, start_at, end_at)
      select ${prefix} || lpad((${from} + g)::text, 6, '0'), 2000 + g, '86-13900000000', ${opts.finished === false ? 'using' : 'finished'}, 'deposit', 'SCOPE00000000001',
             ${JSON.stringify(BILLING)}::jsonb, '[]'::jsonb, 9900, ${paid}, ${paid}, ${opts.refund ?? 0}, ${opts.finished === false ? 0 : 45}, ${outletId}, ${`Outlet ${outletId}`},
             ${age} - make_interval(secs => g), ${age} - make_interval(secs => g), ${age}
      from generate_series(1, ${count}) g`);
  };
  // The current hour: orders created seconds ago (never before this hour's start).
  const justNow = sql`greatest(date_trunc('hour', now()) + interval '10 seconds', now() - interval '1 second')`;
  await put(o1, 2, 100, justNow);
  await put(o2, 3, 700, justNow, { finished: false });
  await put(o3, 1, 50, justNow, { refund: 20 });
  await put(o4, 4, 900, justNow);
  // Whole hours some hours ago.
  const hoursAgo = sql`now() - interval '5 hours'`;
  await put(o1, 5, 300, hoursAgo, { refund: 100 });
  await put(o2, 2, 200, hoursAgo);
  await put(o4, 1, 1000, hoursAgo);
  // 40 days ago, then archived.
  const old = sql`now() - interval '40 days'`;
  await put(o1, 3, 400, old);
  await put(o3, 6, 250, old, { refund: 250 });
  await put(o4, 2, 800, old);
  const moved = await s.current.server.services.order.archive.run();
  if (moved !== 11) throw new Error(`the archive moved ${moved} of the 11 old orders`);
  return { net, other, o1, o2, o3, o4 };
}

/** The figures of the orders (live and archive) created in [begin, end] at some outlets (null: every outlet), summed from the rows themselves; per outlet. */
export async function rowSums(db: Db, w: { beginTime: string; endTime: string }, outletIds: number[] | null) {
  const rows = await query<{ outlet_id: string; n: number; paid: number; refund: number; fin: number; mins: number }>(
    db,
    sql`
    select outlet_id, count(*)::int n, sum(paid_amount)::int paid, sum(refund_amount)::int refund, (count(*) filter (where status = 'finished'))::int fin, sum(billed_minutes)::int mins
    from (select outlet_id, paid_amount, refund_amount, status, billed_minutes, created_at from ord_order
          union all select outlet_id, paid_amount, refund_amount, status, billed_minutes, created_at from ord_order_archive) o
    where created_at >= ${new Date(w.beginTime)} and created_at <= ${new Date(w.endTime)} and ${outletIds ? sql`outlet_id = any(${`{${outletIds.join(',')}}`}::bigint[])` : sql`outlet_id is not null`}
    group by outlet_id`,
  );
  const per = new Map(
    rows.map((r) => [
      Number(r.outlet_id),
      { orderCount: r.n, paidAmount: r.paid, refundAmount: r.refund, finishedCount: r.fin, rentalMinutes: r.mins },
    ]),
  );
  const total = { orderCount: 0, paidAmount: 0, refundAmount: 0, finishedCount: 0, rentalMinutes: 0 };
  for (const v of per.values()) for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += v[k];
  return { per, total };
}
