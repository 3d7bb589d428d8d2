import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { freshPostgres } from '../../test/helper.js';
import { HOT, PER_CONNECTION, prepareFrequent, sessionUrl } from './prepared.js';

/**
 * Frequent statements prepared once a connection (prepared.ts), on a real PostgreSQL: PGlite has no pool and sends
 * nothing by node-postgres.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('frequent statements prepared once a connection', () => {
  let pool: pg.Pool;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await freshPostgres();
    drop = fresh.drop;
    // One connection, so every statement below meets the same session.
    pool = new pg.Pool({ connectionString: sessionUrl(fresh.url), max: 1 });
    prepareFrequent(pool);
  });
  afterAll(async () => {
    await pool.end();
    await drop();
  });

  const preparedTexts = async () =>
    (await pool.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
      (r) => r.statement,
    );

  it('keeps options the URL gives beside the plan mode', () => {
    const u = new URL(
      sessionUrl('postgres://u:p%40ss@db:5432/x?options=-c%20statement_timeout%3D5000&sslmode=disable'),
    );
    expect(u.searchParams.get('options')).toBe('-c statement_timeout=5000 -c plan_cache_mode=force_custom_plan');
    expect(u.searchParams.get('sslmode')).toBe('disable');
    expect(u.password).toBe('p%40ss');
  });

  it('plans every execution for its values, and names a statement with parameters once it is frequent', async () => {
    const { rows } = await pool.query<{ plan_cache_mode: string }>('show plan_cache_mode');
    expect(rows[0]!.plan_cache_mode).toBe('force_custom_plan');
    const text = 'select $1::int + 1 as n /* prepared.test frequent */';
    for (let i = 1; i < HOT; i++) {
      expect((await pool.query({ text }, [i])).rows[0].n).toBe(i + 1);
      expect(await preparedTexts()).not.toContain(text);
    }
    for (let i = 0; i < 3; i++) expect((await pool.query({ text }, [10])).rows[0].n).toBe(11);
    expect((await preparedTexts()).filter((s) => s === text)).toHaveLength(1);
    // Without parameters (a text that may hold several statements) it is never named.
    const plain = 'select 1 as one /* prepared.test plain */';
    for (let i = 0; i < HOT + 2; i++) await pool.query({ text: plain });
    expect(await preparedTexts()).not.toContain(plain);
  });

  it('a prepared statement whose table gained a column (another process migrated) fails once, then runs unnamed', async () => {
    await pool.query('create table prepared_probe (id int primary key, a int)');
    await pool.query('insert into prepared_probe values (1, 10)');
    const text = 'select * from prepared_probe where id = $1 /* prepared.test upgrade */';
    for (let i = 0; i < HOT + 1; i++) expect((await pool.query({ text }, [1])).rows[0]).toEqual({ id: 1, a: 10 });
    expect(await preparedTexts()).toContain(text);
    await pool.query('alter table prepared_probe add column b int default 7');
    await expect(pool.query({ text }, [1])).rejects.toMatchObject({ code: '0A000' });
    expect((await pool.query({ text }, [1])).rows[0]).toEqual({ id: 1, a: 10, b: 7 });
  });

  it(`a connection holds at most ${PER_CONNECTION} named statements; the rest still run, unnamed`, async () => {
    for (let k = 0; k < PER_CONNECTION + 20; k++) {
      const text = `select $1::int * ${k} as n /* prepared.test cap */`;
      for (let i = 0; i < HOT; i++) expect((await pool.query({ text }, [2])).rows[0].n).toBe(2 * k);
    }
    const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    expect(rows[0]!.n).toBe(PER_CONNECTION);
  });
});
