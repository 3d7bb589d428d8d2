import { sql } from 'drizzle-orm';
import { query, type Db } from '../db/database.js';

/** One limit: at most `max` requests per key in each window of `seconds`. */
export interface RateLimit {
  /** Names the counter (`couponRedeem:customer`); at most 48 characters. */
  scope: string;
  max: number;
  seconds: number;
}

/** What a refused request learns: how long until its key's window starts again. */
export interface RateRefusal {
  scope: string;
  retryAfterSeconds: number;
}

/**
 * Rate limits a module applies to a call anyone may repeat (a coupon code guessed, an application
 * sent): per key and fixed window, counted by one conditional upsert on `sys_rate_limit`, the
 * mechanism of the upload quota. The statement that counts is the one that decides, so 50
 * requests arriving together pass `max` exactly and the rest are refused; a refused request is
 * not counted. Counters are written outside the caller's transaction (a request refused later
 * for another reason still counted: a guess is a guess), with the clock tests may set.
 */
export class RateLimits {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * Counts one request against each limit, in order, and answers the first refusal (nothing
   * after it is counted), or null when every limit let it through.
   */
  async take(limits: { limit: RateLimit; key: string }[]): Promise<RateRefusal | null> {
    for (const { limit, key } of limits) {
      const refused = await this.takeOne(limit, key);
      if (refused) return refused;
    }
    return null;
  }

  private async takeOne(limit: RateLimit, key: string): Promise<RateRefusal | null> {
    const now = this.clock().getTime();
    const span = limit.seconds * 1000;
    const start = new Date(Math.floor(now / span) * span);
    const counted = await query<{ count: number }>(
      this.db,
      sql`
      insert into sys_rate_limit as r (scope, key, window_start, count)
      values (${limit.scope}, ${key.slice(0, 64)}, ${start.toISOString()}::timestamptz, 1)
      on conflict (scope, key) do update
         set count = case when r.window_start = excluded.window_start then r.count + 1 else 1 end,
             window_start = excluded.window_start
       where r.window_start <> excluded.window_start or r.count < ${limit.max}
      returning count`,
    );
    if (counted.length > 0) return null;
    return { scope: limit.scope, retryAfterSeconds: Math.max(1, Math.ceil((start.getTime() + span - now) / 1000)) };
  }

  /** Forgets the counters of windows that ended a while ago, a thousand rows a statement (the hourly sweep in app.ts). */
  async sweep(olderThanSeconds = 86_400): Promise<number> {
    let removed = 0;
    for (let round = 0; round < 100; round++) {
      const rows = await query<{ key: string }>(
        this.db,
        sql`
        delete from sys_rate_limit where ctid in (
          select ctid from sys_rate_limit where window_start < now() - make_interval(secs => ${olderThanSeconds}) limit 1000)
        returning key`,
      );
      removed += rows.length;
      if (rows.length < 1000) break;
    }
    return removed;
  }
}
