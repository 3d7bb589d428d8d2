import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from './database.js';
import { changedFunctions, functionsIn, migratedFunctions, sourceFunctions } from './rollup-sql.js';
import { engines, useServer } from '../../test/helper.js';

/**
 * The statistics triggers' functions have one source per owner (rollup-sql.ts): a migrated
 * database runs exactly those bodies (each engine), and the migrations end with them (else
 * `npm run db:stats-sql` has not been run after a change to a source).
 */
describe('rollup SQL sources', () => {
  it('hold the five statistics trigger functions, and the latest migrations leave the same bodies', () => {
    const sources = sourceFunctions();
    expect([...sources.keys()].sort()).toEqual([
      'stat_customer_rollup',
      'stat_ledger_outlet_rollup',
      'stat_ledger_rollup',
      'stat_order_ops_rollup',
      'stat_order_rollup',
    ]);
    expect(changedFunctions(sources, migratedFunctions()).map((f) => f.name)).toEqual([]);
  });

  it('a changed body is found (the comparison is not vacuous)', () => {
    const sources = sourceFunctions();
    const f = sources.get('stat_order_rollup')!;
    const edited = functionsIn(f.statement.replace('BEGIN', 'BEGIN\n  -- edited'))[0]!;
    expect(changedFunctions(new Map([[f.name, edited]]), migratedFunctions()).map((x) => x.name)).toEqual([
      'stat_order_rollup',
    ]);
  });
});

describe.each(engines)('a migrated database runs the sources (%s)', (engine) => {
  const s = useServer(engine);

  it("each trigger function's body (prosrc) is its source's, and every statistics trigger calls one of them", async () => {
    const sources = sourceFunctions();
    const db = s.current.database.db;
    const rows = await query<{ name: string; body: string }>(
      db,
      sql`select p.proname as name, p.prosrc as body from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = current_schema() and p.proname like 'stat\\_%'`,
    );
    expect(rows.map((r) => r.name).sort()).toEqual([...sources.keys()].sort());
    for (const r of rows) expect(r.body, r.name).toBe(sources.get(r.name)!.body);
    const triggers = await query<{ fn: string }>(
      db,
      sql`select distinct p.proname as fn from pg_trigger t join pg_proc p on p.oid = t.tgfoid where not t.tgisinternal and t.tgname like 'stat\\_%'`,
    );
    expect(triggers.map((t) => t.fn).sort()).toEqual([...sources.keys()].sort());
  });
});
