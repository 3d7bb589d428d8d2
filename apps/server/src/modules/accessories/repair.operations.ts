import { sql } from 'drizzle-orm';
import { query, type Db } from '../../platform/db/database.js';

/**
 * The repair tickets of Statistics → Operational data (issue 16): tickets raised in a window per
 * period of a time zone (the repair list's count for the same creation window); for a scope
 * narrower than everything, only the tickets of the scope's cabinets (power banks, cables and
 * chargers do not stand in one outlet).
 */
export class RepairOperations {
  constructor(private readonly db: Db) {}

  async perPeriod(w: {
    begin: Date;
    end: Date;
    period: 'day' | 'week' | 'month';
    timeZone: string;
    cabinets: readonly string[] | null;
  }): Promise<{ start: Date; n: number }[]> {
    const scope =
      w.cabinets === null
        ? sql`true`
        : w.cabinets.length
          ? sql`device_type = 'cabinet' AND device_id IN (${sql.join(
              w.cabinets.map((s) => sql`${s}`),
              sql`, `,
            )})`
          : sql`false`;
    const rows = await query<{ start: string | Date; n: string | number }>(
      this.db,
      sql`
      SELECT date_trunc(${w.period}, created_at, ${w.timeZone}) start, count(*) n FROM acc_repair_ticket
      WHERE created_at >= ${w.begin} AND created_at <= ${w.end} AND ${scope} GROUP BY 1 ORDER BY 1`,
    );
    return rows.map((r) => ({ start: new Date(r.start), n: Number(r.n) }));
  }
}
