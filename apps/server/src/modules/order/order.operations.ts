import { sql, type SQL } from 'drizzle-orm';
import { query, type Db } from '../../platform/db/database.js';

const HOUR = 3_600_000;

/** What the operational data asks of the orders: a window, its periods' grain and zone, and the rent outlets in scope (null: all). */
export interface OperationsWindow {
  begin: Date;
  end: Date;
  period: 'day' | 'week' | 'month';
  timeZone: string;
  /** The outlets of the scope (orders by their rent outlet, returns by the outlet they came back to); null for everything. */
  outletIds: readonly number[] | null;
}

export interface CabinetFigures {
  sn: string;
  outletId: number;
  orderCount: number;
  endedCount: number;
  rentedMinutes: number;
}

export interface OperationsFigures {
  /** Per period start (the zone's date_trunc of the creation hour): orders created and, of them, finished. */
  periods: { start: Date; created: number; finished: number }[];
  /** Power-bank rentals of the window's orders that ended (rented and returned), and their minutes from rent to return. */
  ended: { count: number; minutes: number };
  /** Ended power-bank rentals per duration bucket (< 30 min, 30-60, 1-2 h, 2-6 h, 6-24 h, >= 24 h). */
  durations: number[];
  /** Per rent cabinet and rent outlet (0: none), for the cabinets with orders in the window. */
  cabinets: CabinetFigures[];
  /** Returns in the window by the zone's hour of the day. */
  returnsByHour: number[];
}

type Num = string | number | null;
const num = (v: Num) => Number(v ?? 0);

/**
 * The same columns as the trigger's (migration avg_rental_power_banks, before it operations_rollup_sql),
 * from order rows `a`. Ended: a power-bank rental rented and returned (a cable package is bought, not
 * held; a Bluetooth charger session is no rental): the average rental is their minutes from rent to return.
 */
const ENDED = sql.raw("(a.device_type = 'powerBank' AND a.start_at IS NOT NULL AND a.end_at IS NOT NULL)");
const MINUTES = sql.raw('greatest(0, floor(extract(epoch FROM (a.end_at - a.start_at)) / 60))');
const bucket = (lo: number, hi: number | null) =>
  sql`(${ENDED} AND ${MINUTES} >= ${sql.raw(String(lo))}${hi === null ? sql`` : sql` AND ${MINUTES} < ${sql.raw(String(hi))}`})::int`;
const ROW_COLUMNS = sql`date_trunc('hour', a.created_at, 'UTC') AS hour, coalesce(a.outlet_id, 0) AS outlet_id, a.sn, 1 AS order_count,
  (a.status = 'finished')::int AS finished_count, ${ENDED}::int AS ended_count, (CASE WHEN ${ENDED} THEN ${MINUTES} ELSE 0 END)::bigint AS ended_minutes,
  ${bucket(0, 30)} AS d0, ${bucket(30, 60)} AS d1, ${bucket(60, 120)} AS d2, ${bucket(120, 360)} AS d3, ${bucket(360, 1440)} AS d4, ${bucket(1440, null)} AS d5, a.created_at AS at`;
/**
 * `at` is what a line is cut into periods and hours of the day by: a rollup line's UTC hour, an edge
 * row's own time (so a window starting inside an hour of a half-hour zone cuts its edge exactly).
 */
const ROLLUP_COLUMNS = sql`hour, outlet_id, sn, order_count, finished_count, ended_count, ended_minutes, d0, d1, d2, d3, d4, d5, hour AS at`;

/**
 * The order side of Statistics → Operational data (issue 16). Every figure is the sum over the
 * order rows it stands for (live and archive alike): whole hours of the window come from the
 * rollups the order tables' triggers keep (stat_order_cabinet_hour by creation hour and cabinet,
 * stat_order_return_hour by return hour and return cabinet), the parts of the two edge hours from
 * the rows themselves by their creation (or end) index, as OrderFacts does for the overview. Only
 * returning customers read rows (one index probe per customer of the window; docs/decisions/statistics.md).
 */
export class OrderOperations {
  constructor(private readonly db: Db) {}

  /** Whole hours [h0, h1) inside the window. */
  private hours(w: OperationsWindow) {
    return {
      h0: new Date(Math.ceil(w.begin.getTime() / HOUR) * HOUR),
      h1: new Date(Math.floor(w.end.getTime() / HOUR) * HOUR),
    };
  }

  private inScope(column: string, ids: readonly number[] | null): SQL {
    if (ids === null) return sql`true`;
    if (!ids.length) return sql`false`;
    return sql`${sql.raw(column)} IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`;
  }

  /** The rows of the orders created in [from, to] (or [from, to)), in the rollup's columns. */
  private edgeOrders(from: Date, to: Date, toIncluded: boolean, ids: readonly number[] | null): SQL {
    const upTo = toIncluded ? sql`a.created_at <= ${to}` : sql`a.created_at < ${to}`;
    const where = sql`a.created_at >= ${from} AND ${upTo} AND ${this.inScope('coalesce(a.outlet_id, 0)', ids)}`;
    return sql`SELECT ${ROW_COLUMNS} FROM ord_order a WHERE ${where}
      UNION ALL SELECT ${ROW_COLUMNS} FROM ord_order_archive a WHERE ${where}`;
  }

  /** The orders created in the window, in the rollup's columns: whole hours from the rollup, the edges from the rows. */
  private created(w: OperationsWindow): SQL {
    const { h0, h1 } = this.hours(w);
    if (h0 >= h1) return this.edgeOrders(w.begin, w.end, true, w.outletIds);
    return sql`SELECT ${ROLLUP_COLUMNS} FROM stat_order_cabinet_hour WHERE hour >= ${h0} AND hour < ${h1} AND ${this.inScope('outlet_id', w.outletIds)}
      UNION ALL ${this.edgeOrders(w.begin, h0, false, w.outletIds)}
      UNION ALL ${this.edgeOrders(h1, w.end, true, w.outletIds)}`;
  }

  /** The returns in the window (by end, at the outlet they came back to), one line per hour: whole hours from the rollup, the edges from the rows. */
  private returned(w: OperationsWindow): SQL {
    const { h0, h1 } = this.hours(w);
    const edge = (from: Date, to: Date, toIncluded: boolean) => {
      const upTo = toIncluded ? sql`a.end_at <= ${to}` : sql`a.end_at < ${to}`;
      const where = sql`a.end_at >= ${from} AND ${upTo} AND a.return_sn IS NOT NULL AND ${this.inScope('coalesce(a.return_outlet_id, 0)', w.outletIds)}`;
      return sql`SELECT a.end_at AS at, 1 AS n FROM ord_order a WHERE ${where}
        UNION ALL SELECT a.end_at, 1 FROM ord_order_archive a WHERE ${where}`;
    };
    if (h0 >= h1) return edge(w.begin, w.end, true);
    return sql`SELECT hour AS at, return_count AS n FROM stat_order_return_hour WHERE hour >= ${h0} AND hour < ${h1} AND ${this.inScope('outlet_id', w.outletIds)}
      UNION ALL ${edge(w.begin, h0, false)} UNION ALL ${edge(h1, w.end, true)}`;
  }

  /** Orders per period, durations, per-cabinet use and returns by hour of a window. */
  async figures(w: OperationsWindow): Promise<OperationsFigures> {
    const tz = w.timeZone;
    const created = this.created(w);
    const [periods, cabinets, hours] = await Promise.all([
      query<{ start: string | Date; n: Num; fin: Num }>(
        this.db,
        sql`
        SELECT date_trunc(${w.period}, at, ${tz}) AS start, sum(order_count) n, sum(finished_count) fin
        FROM (${created}) c GROUP BY 1 HAVING sum(order_count) <> 0 ORDER BY 1`,
      ),
      query<{
        sn: string;
        outlet_id: Num;
        n: Num;
        ended: Num;
        mins: Num;
        d0: Num;
        d1: Num;
        d2: Num;
        d3: Num;
        d4: Num;
        d5: Num;
      }>(
        this.db,
        sql`
        SELECT sn, outlet_id, sum(order_count) n, sum(ended_count) ended, sum(ended_minutes) mins,
               sum(d0) d0, sum(d1) d1, sum(d2) d2, sum(d3) d3, sum(d4) d4, sum(d5) d5
        FROM (${created}) c GROUP BY 1, 2 HAVING sum(order_count) <> 0 ORDER BY 1, 2`,
      ),
      query<{ h: Num; n: Num }>(
        this.db,
        sql`
        SELECT extract(hour FROM (at AT TIME ZONE ${tz}))::int h, sum(n) n FROM (${this.returned(w)}) r GROUP BY 1`,
      ),
    ]);
    const durations = [0, 0, 0, 0, 0, 0];
    const ended = { count: 0, minutes: 0 };
    for (const c of cabinets) {
      ended.count += num(c.ended);
      ended.minutes += num(c.mins);
      [c.d0, c.d1, c.d2, c.d3, c.d4, c.d5].forEach((v, i) => (durations[i]! += num(v)));
    }
    const returnsByHour = Array.from({ length: 24 }, () => 0);
    for (const h of hours) returnsByHour[num(h.h)]! += num(h.n);
    return {
      periods: periods.map((p) => ({ start: new Date(p.start), created: num(p.n), finished: num(p.fin) })),
      ended,
      durations,
      cabinets: cabinets.map((c) => ({
        sn: c.sn,
        outletId: num(c.outlet_id),
        orderCount: num(c.n),
        endedCount: num(c.ended),
        rentedMinutes: num(c.mins),
      })),
      returnsByHour,
    };
  }

  /**
   * Returning customers: per period, the customers with an order created in it (in scope) who had
   * an order (any outlet, live or archived) created before the period started; and over the whole
   * window, those who had one before the window. One statement: the window's order rows (by the
   * creation index) and one probe per customer for the earliest order (by the customer index); the
   * window's line is the one without a start.
   */
  async returning(w: OperationsWindow): Promise<{ periods: { start: Date; n: number }[]; total: number }> {
    const where = sql`a.created_at >= ${w.begin} AND a.created_at <= ${w.end} AND ${this.inScope('coalesce(a.outlet_id, 0)', w.outletIds)}`;
    const all = await query<{ start: string | Date | null; n: Num }>(
      this.db,
      sql`
      WITH w AS (
        SELECT DISTINCT a.user_id, date_trunc(${w.period}, a.created_at, ${w.timeZone}) AS start FROM ord_order a WHERE ${where}
        UNION
        SELECT DISTINCT a.user_id, date_trunc(${w.period}, a.created_at, ${w.timeZone}) FROM ord_order_archive a WHERE ${where}
      ), u AS MATERIALIZED (
        SELECT u.user_id, least(
          (SELECT min(o.created_at) FROM ord_order o WHERE o.user_id = u.user_id),
          (SELECT min(o.created_at) FROM ord_order_archive o WHERE o.user_id = u.user_id)) AS first
        FROM (SELECT DISTINCT user_id FROM w) u
      )
      SELECT w.start, count(*) n FROM w JOIN u USING (user_id) WHERE u.first < w.start GROUP BY w.start
      UNION ALL
      SELECT NULL, count(*) FROM u WHERE u.first < ${w.begin}`,
    );
    const rows = all.filter((r) => r.start !== null);
    const t = all.find((r) => r.start === null);
    return {
      periods: rows.map((r) => ({ start: new Date(r.start!), n: num(r.n) })),
      total: num(t?.n ?? 0),
    };
  }
}
