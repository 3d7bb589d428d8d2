import { sql } from 'drizzle-orm';
import { query, type Db } from '../../platform/db/database.js';
import type { OperationsAsk } from './operations.needs.js';
import { periodStarts } from './stats.service.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Returning customers per period and for the whole window (operations.service.ts's shape). */
export interface Returning {
  periods: { start: Date; n: number }[];
  total: number;
}

/**
 * The days of a window the customer rollup can answer: every day of the viewer's zone in it begins at
 * one UTC hour (a zone whose offset is a whole number of hours and does not change inside the window),
 * the window begins at such a midnight and every period begins inside it. `lastEnd` is the midnight after
 * the window's last day: when the window ends before it, the orders of [end, lastEnd) must be none.
 */
export function rollupDays(w: OperationsAsk): { days: Date[]; periods: Date[]; lastEnd: Date } | null {
  const days = periodStarts(w.begin, w.end, 'day', w.timeZone);
  if (!days.length || days[0]!.getTime() !== w.begin.getTime() || w.begin.getTime() % HOUR !== 0) return null;
  const lastEnd = new Date(days.at(-1)!.getTime() + DAY);
  // No change of offset inside the window: consecutive midnights 24 h apart, the next one too.
  for (let i = 1; i < days.length; i++) if (days[i]!.getTime() - days[i - 1]!.getTime() !== DAY) return null;
  if (periodStarts(lastEnd, lastEnd, 'day', w.timeZone)[0]!.getTime() !== lastEnd.getTime()) return null;
  const periods = periodStarts(w.begin, w.end, w.period, w.timeZone);
  if (periods[0]!.getTime() !== w.begin.getTime()) return null;
  return { days, periods, lastEnd };
}

/**
 * Returning customers from the customer rollup (stat_customer_gap_day, kept by the order tables'
 * triggers: docs/decisions/statistics.md, "Returning customers from rollups"). A customer who ordered
 * in the days [a, e) had an order before a exactly when the first of those orders has a gap (days since
 * the customer's previous order) greater than its day's distance from a: so the returning customers of
 * a period are the rows of its days with gap > day - period start, those of the window the rows with
 * gap > day - window start. One statement, one index range (phase, day, gap > k) per day; without JIT
 * (its estimated cost would make PostgreSQL compile a 10 ms read first).
 */
export class CustomerRollups {
  constructor(private readonly db: Db) {}

  /**
   * The figures for the whole business, or null when the window's days are not the rollup's
   * (`rollupDays`). `ordersAfter` counts the orders created in [from, to]: asked after the read, so
   * an order it finds none of was not in the read's snapshot either.
   */
  async returning(w: OperationsAsk, ordersAfter: (from: Date, to: Date) => Promise<number>): Promise<Returning | null> {
    const d = rollupDays(w);
    if (!d) return null;
    const phase = w.begin.getUTCHours();
    const ps = d.periods.map((p) => p.getTime());
    const kp: number[] = [];
    const kt: number[] = [];
    const starts: string[] = [];
    let at = 0;
    for (const [i, day] of d.days.entries()) {
      while (at + 1 < ps.length && ps[at + 1]! <= day.getTime()) at++;
      kp.push(Math.round((day.getTime() - ps[at]!) / DAY));
      kt.push(i);
      starts.push(new Date(ps[at]!).toISOString());
    }
    const days = `{${d.days.map((x) => x.toISOString()).join(',')}}`;
    const rows = await this.db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return query<{ start: string | Date; per: string | number | null; tot: string | number | null }>(
        tx,
        sql`
        SELECT x.ps AS start, sum(r.n) FILTER (WHERE r.gap > x.kp) AS per, sum(r.n) FILTER (WHERE r.gap > x.kt) AS tot
        FROM unnest(${days}::timestamptz[], ${`{${kp.join(',')}}`}::int[], ${`{${kt.join(',')}}`}::int[], ${`{${starts.join(',')}}`}::timestamptz[]) x(day, kp, kt, ps)
        CROSS JOIN LATERAL (
          SELECT g.gap, sum(g.order_count) n FROM stat_customer_gap_day g
          WHERE g.phase = ${phase} AND g.day = x.day AND g.gap > x.kp GROUP BY g.gap
        ) r
        GROUP BY x.ps`,
      );
    });
    if (
      w.end.getTime() + 1 < d.lastEnd.getTime() &&
      (await ordersAfter(new Date(w.end.getTime() + 1), new Date(d.lastEnd.getTime() - 1))) > 0
    )
      return null;
    const periods = rows
      .map((r) => ({ start: new Date(r.start), n: Number(r.per ?? 0) }))
      .filter((p) => p.n !== 0)
      .sort((a, b) => a.start.getTime() - b.start.getTime());
    return { periods, total: rows.reduce((s, r) => s + Number(r.tot ?? 0), 0) };
  }

  /**
   * Folds the shards of closed days (begun 48 hours or more before `before`'s default, now: every
   * phase's day has ended) into shard 0: the shards keep a day's rents from queueing on one row, a
   * closed day needs one row per gap. One statement (a reader sees a day before or after its fold);
   * answers the rows folded.
   */
  async compact(before = new Date(Date.now() - 2 * DAY)): Promise<number> {
    const [r] = await query<{ n: number }>(
      this.db,
      sql`
      WITH moved AS (
        DELETE FROM stat_customer_gap_day WHERE day < ${before} AND shard <> 0 RETURNING phase, day, gap, order_count
      ), summed AS (
        SELECT phase, day, gap, sum(order_count) AS n, count(*) AS k FROM moved GROUP BY 1, 2, 3
      ), put AS (
        INSERT INTO stat_customer_gap_day AS s (phase, day, gap, shard, order_count)
        SELECT phase, day, gap, 0, n FROM summed ORDER BY 1, 2, 3
        ON CONFLICT (phase, day, gap, shard) DO UPDATE SET order_count = s.order_count + excluded.order_count
      )
      SELECT coalesce(sum(k), 0)::int AS n FROM summed`,
    );
    return r!.n;
  }
}
