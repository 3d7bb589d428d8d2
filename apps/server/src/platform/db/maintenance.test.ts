import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPglite, query } from './database.js';

describe('embedded database maintenance', () => {
  it('gives the planner real table sizes (PGlite runs no autovacuum)', async () => {
    const database = await openPglite(null);
    try {
      await database.db.execute(
        sql`insert into dev_setting (key, value) select 'k' || g, 'v' from generate_series(1, 2000) g`,
      );
      const size = async () =>
        (
          await query<{ n: number }>(
            database.db,
            sql`select reltuples::int as n from pg_class where relname = 'dev_setting'`,
          )
        )[0]!.n;
      expect(await size()).toBeLessThan(2000); // not analyzed since the rows came
      await database.maintain();
      expect(await size()).toBe(2000);
    } finally {
      await database.close();
    }
  });
});
