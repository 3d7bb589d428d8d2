import { describe, expect, it } from 'vitest';
import { engines, useServer } from '../../test/helper.js';
import { migrationsInBuild } from './health.js';
import { query } from '../db/database.js';

describe.each(engines)('liveness and readiness (%s)', (engine) => {
  const s = useServer(engine);

  it('/healthz answers without a token and without the database', async () => {
    const res = await s.current.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: { engine } });
  });

  it('/readyz: ready once started, with the database, the broker and every migration', async () => {
    const res = await s.current.inject({ url: '/readyz' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: { ready: true, missing: [] } });
    expect(migrationsInBuild()).toBeGreaterThan(50);
  });

  it('is neither audited nor limited: a hundred checks in a row all answer and leave no log entry', async () => {
    const token = await s.current.login();
    const before = await s.current.server.services.operationLog.count({});
    const answers = await Promise.all(Array.from({ length: 100 }, () => s.current.inject({ url: '/readyz' })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(100).fill(200));
    expect(await s.current.server.services.operationLog.count({})).toBe(before);
    expect(token).toBeTruthy();
  });

  it('says what is missing with 503: a migration the database has not applied, then a stop under way', async () => {
    const r = s.current.server.readiness;
    const db = s.current.database.db;
    const { sql } = await import('drizzle-orm');
    // One applied migration forgotten: this build expects more than the database has.
    const [kept] = await query<{ id: number; hash: string; created_at: string }>(
      db,
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning id, hash, created_at::text`,
    );
    try {
      const res = await s.current.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().data.missing).toEqual(['migrations']);
      expect(res.json().msg).toBe('not ready: migrations');
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${kept!.id}, ${kept!.hash}, ${kept!.created_at}::bigint)`,
      );
    }
    expect((await s.current.inject({ url: '/readyz' })).statusCode).toBe(200);
    r.markStopping();
    const stopping = await s.current.inject({ url: '/readyz' });
    expect(stopping.statusCode).toBe(503);
    expect(stopping.json().data.missing).toContain('stopping');
    // Still alive while it stops.
    expect((await s.current.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
