import { sql, type SQL } from 'drizzle-orm';
import { query, type Db } from '../../platform/db/database.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** What the operational data asks of the orders: a window, its periods' grain and zone, and the rent outlets in scope (null: all). */
export interface OperationsWindow {
  begin: Date;
  end: Date;
  period: 'day' | 'week' | 'month';
  timeZone: string;
  /** The outlets of the scope (orders by their rent outlet, returns by the outlet they came back to); null for everything. */
  outletIds: readonly number[] | null;
}

/** A cabinet's orders in the window (all rent outlets of the scope together). */
export interface CabinetFigures {
  sn: string;
  /** The lowest rent outlet id of its orders in the window (0: none): where it counts when it stands nowhere in the scope now. */
  outletId: number;
  orderCount: number;
  endedCount: number;
  rentedMinutes: number;
}

/** A rent outlet's orders in the window (0: none, or an outlet since deleted). */
export interface OutletFigures {
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
  /** Per rent cabinet, for the cabinets with orders in the window. */
  cabinets: CabinetFigures[];
  /** Per rent outlet, for the outlets with orders in the window. */
  outlets: OutletFigures[];
  /** Returns in the window by the zone's hour of the day. */
  returnsByHour: number[];
}

type Num = string | number | null;
type Line = {
  sn: string | null;
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
};
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
 * rollups the order tables' triggers keep, the parts of the two edge hours from the rows themselves
 * by their creation (or end) index, as OrderFacts does for the overview. What each figure reads
 * (issue 27, part 5: rows that grow with days and cabinets or outlets, not with orders): orders per
 * period from the hourly totals (stat_order_hour_total; a scope: its outlets' day and month rows of
 * stat_order_outlet_span where a whole UTC day or month falls in one period, stat_order_hour for the other
 * hours); per cabinet and per outlet, the ended rentals and their durations from whole UTC months and days
 * (stat_order_cabinet_span, stat_order_outlet_span, both keyed by rent outlet: a scope reads its outlets')
 * and hours (stat_order_cabinet_hour); returns by hour from stat_order_return_hour_total (a scope:
 * stat_order_return_hour, by its outlets). Returning customers here read rows (one index probe per customer
 * of the window): the stats module answers the console's windows from its customer rollup and asks this
 * only for the others (docs/decisions/statistics.md).
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

  /**
   * An order row's outlet column in the scope, a row without one counting as outlet 0 (the rollups'
   * key): `coalesce(column, 0) IN ids` written so that the outlet indexes (outlet_id, created_at) can
   * read only the scope's rows (coalesce hid the column from them: an agent's window read every order
   * of the window by creation and kept 2 % of them).
   */
  private rowsInScope(column: string, ids: readonly number[] | null): SQL {
    if (ids === null || !ids.length) return this.inScope(column, ids);
    const listed = this.inScope(column, ids);
    return ids.includes(0) ? sql`(${listed} OR ${sql.raw(column)} IS NULL)` : listed;
  }

  /** The rows of the orders created in [from, to] (or [from, to)), in the rollup's columns. */
  private edgeOrders(from: Date, to: Date, toIncluded: boolean, ids: readonly number[] | null): SQL {
    const upTo = toIncluded ? sql`a.created_at <= ${to}` : sql`a.created_at < ${to}`;
    const where = sql`a.created_at >= ${from} AND ${upTo} AND ${this.rowsInScope('a.outlet_id', ids)}`;
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

  /**
   * The window's whole hours [h0, h1) cut in levels: whole UTC months [m0, m1), whole UTC days [d0, m0)
   * and [m1, d1) around them, and the hours [h0, d0) and [d1, h1) left (null: no whole day inside).
   */
  private levels(w: OperationsWindow) {
    const { h0, h1 } = this.hours(w);
    const d0 = new Date(Math.ceil(h0.getTime() / DAY) * DAY);
    const d1 = new Date(Math.floor(h1.getTime() / DAY) * DAY);
    if (d0 >= d1) return null;
    const monthOf = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
    let m0 = monthOf(d0);
    if (m0 < d0) m0 = this.monthAfter(d0);
    let m1 = monthOf(d1);
    if (m0 >= m1) m0 = m1 = d1;
    return { h0, h1, d0, d1, m0, m1 };
  }

  /** The first instant of the UTC month after the one of `d`. */
  private monthAfter(d: Date): Date {
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
  }

  /**
   * Whether no order was created after the window's end in the end's UTC month (spanLines): one CTE of the lines
   * statement, so both kinds of lines share one test, planned once (two index probes, one per order table).
   */
  private presentCte(w: OperationsWindow): SQL {
    const mEnd = this.monthAfter(w.end);
    const later = (t: string) => sql`SELECT 1 FROM ${sql.raw(t)} WHERE created_at > ${w.end} AND created_at < ${mEnd}`;
    return sql`present AS MATERIALIZED (SELECT NOT EXISTS (${later('ord_order')}) AND NOT EXISTS (${later('ord_order_archive')}) AS p)`;
  }

  /** The edge rows of spanLines' levels (the window's parts before its first and after its last whole hour), as CTEs. */
  private edgeCtes(w: OperationsWindow): SQL {
    const { h0, h1 } = this.hours(w);
    return sql`edge_head AS MATERIALIZED (${this.edgeOrders(w.begin, h0, false, w.outletIds)}),
      edge_tail AS MATERIALIZED (${this.edgeOrders(h1, w.end, true, w.outletIds)})`;
  }

  /**
   * The orders created in the window of the outlets `ids` (null: every outlet), per cabinet (`by` 'sn': the
   * lines keep the rent outlet too, sn and outlet_id) or per rent outlet ('outlet', with the duration buckets):
   * whole months and days from stat_order_cabinet_span / stat_order_outlet_span (both keyed by rent outlet, read
   * by the outlet index for a scope), the hours around them from stat_order_cabinet_hour, the edges from the
   * rows. Null when the window holds no whole day (then the hourly lines are as few as the spans would be).
   */
  private spanLines(w: OperationsWindow, by: 'sn' | 'outlet', ids: readonly number[] | null): SQL | null {
    const l = this.levels(w);
    if (!l) return null;
    const { h0, h1, d0, d1, m0, m1 } = l;
    const key = sql.raw(by === 'sn' ? 'sn, outlet_id' : 'outlet_id');
    const buckets = sql.raw(by === 'sn' ? '' : ', d0, d1, d2, d3, d4, d5');
    const table = sql.raw(by === 'sn' ? 'stat_order_cabinet_span' : 'stat_order_outlet_span');
    const scope = this.inScope('outlet_id', ids);
    // A window reaching the present (no order created after its end in the end's UTC month) reads that month's
    // live span row, which holds exactly the orders created in it so far, instead of its days, hours and edge
    // rows: a year by month then reads month rows only (at 10M orders the current month's day rows were 145,000
    // of the 200,000 cabinet rows a year read). Which way is decided inside the statement, on its one snapshot, so
    // an order committed meanwhile is in both the test and the rows or in neither (the spans are written by the
    // order tables' own triggers, in the order's transaction). The test is on every order (a scope's included):
    // no order at all after the end answers for the scope's too.
    // `present` is the statement's CTE `present`, the edge rows its CTEs edge_head and edge_tail (useLines: asked and
    // read once for both kinds of lines, and planned once).
    const mEnd = this.monthAfter(w.end);
    const present = sql`(SELECT p FROM present)`;
    // The live levels: whole months [lm0, mEnd), whole days [d0, lm0), hours [h0, d0), the head edge.
    const lm0 = d0.getUTCDate() === 1 ? d0 : this.monthAfter(d0);
    // The head (the hours before the first whole day, the edge rows before the first whole hour) is read either way.
    const head = sql`
      SELECT ${key}, order_count, ended_count, ended_minutes${buckets} FROM stat_order_cabinet_hour
      WHERE hour >= ${h0} AND hour < ${d0} AND ${scope}
      UNION ALL SELECT ${key}, order_count, ended_count, ended_minutes${buckets} FROM edge_head e`;
    return sql`${head}
      UNION ALL SELECT ${key}, order_count, ended_count, ended_minutes${buckets} FROM ${table}
      WHERE ((span = 'month' AND start >= ${lm0} AND start < ${mEnd}) OR (span = 'day' AND start >= ${d0} AND start < ${lm0})) AND ${scope} AND ${present}
      UNION ALL SELECT ${key}, order_count, ended_count, ended_minutes${buckets} FROM ${table}
      WHERE ((span = 'month' AND start >= ${m0} AND start < ${m1}) OR (span = 'day' AND ((start >= ${d0} AND start < ${m0}) OR (start >= ${m1} AND start < ${d1})))) AND ${scope} AND NOT (${present})
      UNION ALL SELECT ${key}, order_count, ended_count, ended_minutes${buckets} FROM stat_order_cabinet_hour
      WHERE hour >= ${d1} AND hour < ${h1} AND ${scope} AND NOT (${present})
      UNION ALL SELECT ${key}, order_count, ended_count, ended_minutes${buckets} FROM edge_tail e
      WHERE NOT (${present})`;
  }

  /**
   * The orders created in the window and how many of them finished, one line per UTC hour (an edge row
   * by its own time): whole hours from the hourly totals (every outlet: stat_order_hour_total, a few
   * rows an hour), the edges from the rows. A scope reads its outlets' spans where they fall in one period
   * (scopeCreated), the hours left from stat_order_hour by outlet.
   */
  private async createdHours(w: OperationsWindow): Promise<SQL> {
    const { h0, h1 } = this.hours(w);
    const edges = (from: Date, to: Date, toIncluded: boolean) =>
      sql`SELECT at, order_count, finished_count FROM (${this.edgeOrders(from, to, toIncluded, w.outletIds)}) e`;
    if (h0 >= h1) return edges(w.begin, w.end, true);
    if (w.outletIds !== null) {
      const spans = await this.scopeCreated(w);
      if (spans) return sql`${spans} UNION ALL ${edges(w.begin, h0, false)} UNION ALL ${edges(h1, w.end, true)}`;
    }
    const whole =
      w.outletIds === null
        ? sql`SELECT hour AS at, order_count, finished_count FROM stat_order_hour_total WHERE hour >= ${h0} AND hour < ${h1}`
        : sql`SELECT hour AS at, order_count, finished_count FROM stat_order_hour WHERE hour >= ${h0} AND hour < ${h1} AND ${this.inScope('outlet_id', w.outletIds)}`;
    return sql`${whole} UNION ALL ${edges(w.begin, h0, false)} UNION ALL ${edges(h1, w.end, true)}`;
  }

  /**
   * A scope's orders and finished of the window's whole hours [h0, h1), as lines cut into periods by `at`:
   * a whole UTC month or day whose every hour falls in one period of the zone (asked of the database's own
   * date_trunc: always in UTC, never for a day of a zone whose midnight is not a UTC one) from its outlets' row of
   * stat_order_outlet_span, at the span's start; every other hour from stat_order_hour by outlet, as before. Null
   * when the window holds no whole day. What it reads grows with days, months and outlets, not with orders,
   * wherever UTC days fall in the periods (UTC; weeks and months elsewhere, but for the days that straddle
   * a period's start).
   */
  private async scopeCreated(w: OperationsWindow): Promise<SQL | null> {
    const l = this.levels(w);
    if (!l) return null;
    const { h0, h1, d0, d1, m0, m1 } = l;
    // Every whole month [m0, m1) and every whole day [d0, d1) (those of the months too: a month that does not fit
    // is read by its days), each asked whether it is one period's: its first and last hour truncated alike
    // (date_trunc is monotonic), by the database's own date_trunc, as the lines are cut below.
    const spans: { month: boolean; start: Date; end: Date }[] = [];
    for (let m = m0; m < m1; m = this.monthAfter(m)) spans.push({ month: true, start: m, end: this.monthAfter(m) });
    for (let d = d0; d < d1; d = new Date(d.getTime() + DAY))
      spans.push({ month: false, start: d, end: new Date(d.getTime() + DAY) });
    const fits = await query<{ i: number; fit: boolean }>(
      this.db,
      sql`SELECT i, date_trunc(${w.period}, a, ${w.timeZone}) = date_trunc(${w.period}, b, ${w.timeZone}) AS fit
          FROM (VALUES ${sql.join(
            spans.map(
              (x, i) => sql`(${i}::int, ${x.start}::timestamptz, ${new Date(x.end.getTime() - HOUR)}::timestamptz)`,
            ),
            sql`, `,
          )}) v(i, a, b)`,
    );
    const fit = new Set(fits.filter((f) => f.fit).map((f) => Number(f.i)));
    const months = spans.filter((x, i) => x.month && fit.has(i));
    const dayFits = new Map(spans.flatMap((x, i) => (x.month ? [] : [[x.start.getTime(), fit.has(i)] as const])));
    const days: [Date, Date][] = [];
    const hours: [Date, Date][] = [];
    const add = (list: [Date, Date][], a: Date, b: Date) => {
      const last = list.at(-1);
      if (last && last[1].getTime() === a.getTime()) last[1] = b;
      else list.push([a, b]);
    };
    add(hours, h0, d0);
    for (let d = d0; d < d1; d = new Date(d.getTime() + DAY)) {
      if (months.some((m) => d >= m.start && d < m.end)) continue;
      const e = new Date(d.getTime() + DAY);
      if (dayFits.get(d.getTime())) add(days, d, e);
      else add(hours, d, e);
    }
    add(hours, d1, h1);
    const scope = this.inScope('outlet_id', w.outletIds);
    const ranges = (col: string, rs: [Date, Date][]) =>
      sql.join(
        rs.map(([a, b]) => sql`(${sql.raw(col)} >= ${a} AND ${sql.raw(col)} < ${b})`),
        sql` OR `,
      );
    const parts: SQL[] = [];
    if (months.length || days.length) {
      const ofMonths = months.length
        ? sql`(span = 'month' AND start IN (${sql.join(
            months.map((m) => sql`${m.start}`),
            sql`, `,
          )}))`
        : sql`false`;
      const ofDays = days.length ? sql`(span = 'day' AND (${ranges('start', days)}))` : sql`false`;
      parts.push(
        sql`SELECT start AS at, order_count, finished_count FROM stat_order_outlet_span WHERE ${scope} AND (${ofMonths} OR ${ofDays})`,
      );
    }
    const someHours = hours.filter(([a, b]) => a < b);
    if (someHours.length)
      parts.push(
        sql`SELECT hour AS at, order_count, finished_count FROM stat_order_hour WHERE ${scope} AND (${ranges('hour', someHours)})`,
      );
    return parts.length
      ? sql.join(parts, sql` UNION ALL `)
      : sql`SELECT NULL::timestamptz AS at, 0 AS order_count, 0 AS finished_count WHERE false`;
  }

  /** The returns in the window (by end, at the outlet they came back to), one line per hour: whole hours from the rollup, the edges from the rows. */
  private returned(w: OperationsWindow): SQL {
    const { h0, h1 } = this.hours(w);
    const edge = (from: Date, to: Date, toIncluded: boolean) => {
      const upTo = toIncluded ? sql`a.end_at <= ${to}` : sql`a.end_at < ${to}`;
      const where = sql`a.end_at >= ${from} AND ${upTo} AND a.return_sn IS NOT NULL AND ${this.rowsInScope('a.return_outlet_id', w.outletIds)}`;
      return sql`SELECT a.end_at AS at, 1 AS n FROM ord_order a WHERE ${where}
        UNION ALL SELECT a.end_at, 1 FROM ord_order_archive a WHERE ${where}`;
    };
    if (h0 >= h1) return edge(w.begin, w.end, true);
    const whole =
      w.outletIds === null
        ? sql`SELECT hour AS at, return_count AS n FROM stat_order_return_hour_total WHERE hour >= ${h0} AND hour < ${h1}`
        : sql`SELECT hour AS at, return_count AS n FROM stat_order_return_hour WHERE hour >= ${h0} AND hour < ${h1} AND ${this.inScope('outlet_id', w.outletIds)}`;
    return sql`${whole} UNION ALL ${edge(w.begin, h0, false)} UNION ALL ${edge(h1, w.end, true)}`;
  }

  /**
   * The lines per cabinet (sn set: its lowest rent outlet of the scope, or 0 for the whole business read from the
   * spans) and per rent outlet (sn null: with the duration buckets) of the orders created in the window: from the
   * spans (spanLines), a scope by its outlets; a window without a whole day from the hourly lines.
   */
  private useLines(w: OperationsWindow): SQL {
    const ids = w.outletIds;
    const bySn = this.spanLines(w, 'sn', ids);
    const byOutlet = this.spanLines(w, 'outlet', ids);
    if (bySn && byOutlet) {
      // The whole business sums a cabinet's lines of every outlet (it shows none); a scope keeps the lowest rent
      // outlet of the cabinet's orders in the window (where it counts when it stands nowhere in the scope now).
      const cabinets =
        ids === null
          ? sql`SELECT sn, 0 AS outlet_id, sum(order_count) n, sum(ended_count) ended, sum(ended_minutes) mins,
               NULL d0, NULL d1, NULL d2, NULL d3, NULL d4, NULL d5
        FROM (${bySn}) c GROUP BY sn HAVING sum(order_count) <> 0`
          : sql`SELECT sn, min(outlet_id) outlet_id, sum(n) n, sum(ended) ended, sum(mins) mins,
               NULL d0, NULL d1, NULL d2, NULL d3, NULL d4, NULL d5
        FROM (SELECT sn, outlet_id, sum(order_count) n, sum(ended_count) ended, sum(ended_minutes) mins
              FROM (${bySn}) c GROUP BY 1, 2 HAVING sum(order_count) <> 0) p GROUP BY sn`;
      return sql`
        WITH ${this.presentCte(w)}, ${this.edgeCtes(w)}
        ${cabinets}
        UNION ALL
        SELECT NULL, outlet_id, sum(order_count), sum(ended_count), sum(ended_minutes), sum(d0), sum(d1), sum(d2), sum(d3), sum(d4), sum(d5)
        FROM (${byOutlet}) o GROUP BY outlet_id HAVING sum(order_count) <> 0`;
    }
    return sql`
        WITH l AS (
          SELECT sn, outlet_id, sum(order_count) n, sum(ended_count) ended, sum(ended_minutes) mins,
                 sum(d0) d0, sum(d1) d1, sum(d2) d2, sum(d3) d3, sum(d4) d4, sum(d5) d5
          FROM (${this.created(w)}) c GROUP BY 1, 2 HAVING sum(order_count) <> 0
        )
        SELECT sn, min(outlet_id) outlet_id, sum(n) n, sum(ended) ended, sum(mins) mins,
               NULL d0, NULL d1, NULL d2, NULL d3, NULL d4, NULL d5
        FROM l GROUP BY sn
        UNION ALL
        SELECT NULL, outlet_id, sum(n), sum(ended), sum(mins), sum(d0), sum(d1), sum(d2), sum(d3), sum(d4), sum(d5)
        FROM l GROUP BY outlet_id`;
  }

  /**
   * Orders per period, durations, per-cabinet and per-outlet use and returns by hour of a window. The
   * cabinets' and outlets' lines are summed here (one line per cabinet and per outlet, not per pair of
   * them: a cabinet moved between outlets would otherwise make a line per outlet it stood at).
   */
  async figures(w: OperationsWindow): Promise<OperationsFigures> {
    const tz = w.timeZone;
    const [periods, lines, hours] = await Promise.all([
      this.createdHours(w).then((created) =>
        query<{ start: string | Date; n: Num; fin: Num }>(
          this.db,
          sql`
        SELECT date_trunc(${w.period}, at, ${tz}) AS start, sum(n) n, sum(fin) fin
        FROM (SELECT at, sum(order_count) n, sum(finished_count) fin FROM (${created}) c GROUP BY 1) h
        GROUP BY 1 HAVING sum(n) <> 0 ORDER BY 1`,
        ),
      ),
      // Without JIT: its estimate counts both ways of a span read (only one reads rows) and passed jit_above_cost at
      // 10M orders, where compiling cost 150-250 ms of a call that runs in 40 (bench:stats, Asia/Shanghai, 30 days).
      this.db.transaction(async (tx) => {
        await tx.execute(sql`set local jit = off`);
        return query<Line>(tx, this.useLines(w));
      }),
      query<{ h: Num; n: Num }>(
        this.db,
        sql`
        SELECT extract(hour FROM (at AT TIME ZONE ${tz}))::int h, sum(n) n FROM (${this.returned(w)}) r GROUP BY 1`,
      ),
    ]);
    const durations = [0, 0, 0, 0, 0, 0];
    const ended = { count: 0, minutes: 0 };
    const outlets = lines.filter((l) => l.sn === null);
    for (const o of outlets) {
      ended.count += num(o.ended);
      ended.minutes += num(o.mins);
      [o.d0, o.d1, o.d2, o.d3, o.d4, o.d5].forEach((v, i) => (durations[i]! += num(v)));
    }
    const returnsByHour = Array.from({ length: 24 }, () => 0);
    for (const h of hours) returnsByHour[num(h.h)]! += num(h.n);
    const use = (l: (typeof lines)[number]) => ({
      orderCount: num(l.n),
      endedCount: num(l.ended),
      rentedMinutes: num(l.mins),
    });
    return {
      periods: periods.map((p) => ({ start: new Date(p.start), created: num(p.n), finished: num(p.fin) })),
      ended,
      durations,
      cabinets: lines
        .filter((l) => l.sn !== null)
        .map((l) => ({ sn: l.sn!, outletId: num(l.outlet_id), ...use(l) }))
        .sort((a, b) => (a.sn < b.sn ? -1 : a.sn > b.sn ? 1 : 0)),
      outlets: outlets.map((o) => ({ outletId: num(o.outlet_id), ...use(o) })).sort((a, b) => a.outletId - b.outletId),
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
    const where = sql`a.created_at >= ${w.begin} AND a.created_at <= ${w.end} AND ${this.rowsInScope('a.outlet_id', w.outletIds)}`;
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
