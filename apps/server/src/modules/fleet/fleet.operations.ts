import { sql, type SQL } from 'drizzle-orm';
import { query, type Db } from '../../platform/db/database.js';

type Num = string | number | null;
const inList = (column: string, values: readonly (string | number)[] | null): SQL => {
  if (values === null) return sql`true`;
  if (!values.length) return sql`false`;
  return sql`${sql.raw(column)} IN (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
};

/**
 * The fleet's side of Statistics → Operational data (issue 16): the cabinets standing in a set of
 * outlets now (idle ones included), and the device faults the fleet records as rows, per period of
 * a time zone: failed ejects (eject commands that ended failed: the cabinet refused, reported a
 * failure, or never answered) and forced ejects (staff forcing a power bank out), each by its
 * creation time. Jammed and faulty slots are a state of the slot now, not an event, so they are
 * not counted per period (the dashboard's action list shows them).
 */
export class FleetOperations {
  constructor(private readonly db: Db) {}

  /** The cabinets whose outlet is one of these (null: every cabinet, bound or not). */
  async cabinetsAt(outletIds: readonly number[] | null): Promise<{ sn: string; outletId: number | null }[]> {
    const rows = await query<{ sn: string; outlet_id: Num }>(
      this.db,
      sql`
      SELECT sn, outlet_id FROM dev_cabinet WHERE ${inList('outlet_id', outletIds)} ORDER BY sn`,
    );
    return rows.map((r) => ({ sn: r.sn, outletId: r.outlet_id === null ? null : Number(r.outlet_id) }));
  }

  /** Failed and forced ejects created in [begin, end] at these cabinets (null: all), per period start of the zone. */
  async faults(w: {
    begin: Date;
    end: Date;
    period: 'day' | 'week' | 'month';
    timeZone: string;
    sns: readonly string[] | null;
  }): Promise<{ start: Date; failedEjects: number; forcedEjects: number }[]> {
    const rows = await query<{ start: string | Date; failed: Num; forced: Num }>(
      this.db,
      sql`
      SELECT start, sum(failed) failed, sum(forced) forced FROM (
        SELECT date_trunc(${w.period}, created_at, ${w.timeZone}) start, 1 failed, 0 forced FROM dev_command
        WHERE created_at >= ${w.begin} AND created_at <= ${w.end} AND type = 'eject' AND state = 'failed' AND ${inList('sn', w.sns)}
        UNION ALL
        SELECT date_trunc(${w.period}, created_at, ${w.timeZone}), 0, 1 FROM dev_forced_eject
        WHERE created_at >= ${w.begin} AND created_at <= ${w.end} AND ${inList('sn', w.sns)}
      ) f GROUP BY 1 ORDER BY 1`,
    );
    return rows.map((r) => ({
      start: new Date(r.start),
      failedEjects: Number(r.failed ?? 0),
      forcedEjects: Number(r.forced ?? 0),
    }));
  }
}
