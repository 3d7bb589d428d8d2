import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { engines, freshPostgres, openTestPglite } from '../../test/helper.js';
import { openPostgres, query, type Database } from './database.js';
import { inRequestTransaction, scoped } from './request-tx.js';

describe.each(engines)('request transaction (%s)', (engine) => {
  let database: Database;
  let drop = async () => {};
  beforeAll(async () => {
    if (engine === 'postgres') {
      const pg = await freshPostgres({ template: inject('postgresTemplate') || undefined });
      drop = pg.drop;
      database = await openPostgres(pg.url);
    } else database = await openTestPglite();
    await database.db.execute(sql`create table rtx_probe (n int not null)`);
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('statements asked for at once run one after another, in order, inside the transaction, without pg deprecation warnings', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      const db = scoped(database.db);
      const seen = await inRequestTransaction(database.db, async () => {
        // A write and reads asked for together, as un-awaited side work does.
        const writes = [1, 2, 3, 4, 5].map((n) => db.execute(sql`insert into rtx_probe (n) values (${n})`));
        const txid = db.execute(sql`select txid_current() as t`);
        await Promise.all(writes);
        const rows = await query<{ n: number }>(db, sql`select n from rtx_probe order by n`);
        await txid;
        return rows;
      });
      expect(seen.map((r) => Number(r.n))).toEqual([1, 2, 3, 4, 5]);
      await new Promise((r) => setImmediate(r));
      expect(warnings.filter((w) => w.includes('already executing'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('a failed statement rolls the whole transaction back and the connection goes back to the pool unchanged', async () => {
    const db = scoped(database.db);
    await expect(
      inRequestTransaction(database.db, async () => {
        await db.execute(sql`insert into rtx_probe (n) values (99)`);
        await db.execute(sql`select * from no_such_table`);
      }),
    ).rejects.toThrow();
    const [row] = await query<{ c: number }>(database.db, sql`select count(*)::int as c from rtx_probe where n = 99`);
    expect(Number(row!.c)).toBe(0);
    // Outside a transaction, several statements at once still work on the pool.
    await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select 1`)));
  });
});
