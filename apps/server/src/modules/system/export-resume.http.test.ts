import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPostgres, query, type Db } from '../../platform/db/database.js';
import { engines, useServer } from '../../test/helper.js';

/** One export row, as a worker left it when its process died a moment ago (fresh heartbeat). */
async function runningJob(db: Db, claimedBy: string): Promise<number> {
  const [row] = await query<{ id: number }>(
    db,
    sql`
    insert into sys_export_log (account_id, kind, params, lang, file_name, status, progress, attempts, claimed_by, heartbeat_at)
    select id, 'loginLog', '{"filter":{},"timeZone":"UTC"}', 'en_US', 'cut-short.xlsx', 'running', 40, 1, ${claimedBy}, now()
      from sys_account where user_name = 'admin'
    returning id`,
  );
  return Number(row!.id);
}

async function job(db: Db, id: number) {
  const [row] = await query<{ status: string; claimed_by: string | null; attempts: number }>(
    db,
    sql`select status, claimed_by, attempts from sys_export_log where id = ${id}`,
  );
  return row!;
}

describe.each(engines)('export resumed after a restart (%s)', (engine) => {
  const s = useServer(engine, {}, { workers: false });

  it('a starting worker takes back at once the export of a worker that is gone, heartbeat fresh or not', async () => {
    await s.current.login(); // a login-log row to export
    const db = s.current.database.db;
    const id = await runningJob(db, 'w12345');
    const exports = s.current.server.services.exports;
    await exports.recover();
    // no worker of this server has started yet; the row's own worker is gone
    expect((await job(db, id)).status).toBe('pending');
    await db.execute(
      sql`update sys_export_log set status = 'running', claimed_by = 'w12345', heartbeat_at = now() where id = ${id}`,
    );
    await exports.startWorker();
    // once started, the job is released at once (no minute of waiting for the heartbeat to age)
    // and the new worker's loop claims it
    expect((await job(db, id)).claimed_by).not.toBe('w12345');
    const end = Date.now() + 15_000;
    while ((await job(db, id)).claimed_by === null && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    const taken = await job(db, id);
    expect(taken.claimed_by).toMatch(/^w\d+$/);
    expect(taken.attempts).toBe(2);
    while ((await job(db, id)).status !== 'done' && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    expect((await job(db, id)).status).toBe('done');
    await exports.stopWorker();
  });

  it.runIf(engine === 'postgres')(
    'an export whose worker lives in another process is left alone until that process is gone',
    async () => {
      const db = s.current.database.db;
      // another server process on the same database, with its worker marked alive
      const other = await openPostgres(s.current.config.DATABASE_URL!, { max: 1 });
      await other.markAlive(727_002, 424242);
      const id = await runningJob(db, 'w424242');
      await s.current.server.services.exports.recover();
      expect(await job(db, id)).toMatchObject({ status: 'running', claimed_by: 'w424242' });
      await other.close();
      // the server ends the closed connection's backend (and its lock) a moment after the client leaves
      const held = async () =>
        (
          await query<{ n: number }>(
            db,
            sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and objid::bigint = 424242`,
          )
        )[0]!.n;
      for (let i = 0; i < 100 && (await held()) > 0; i++) await new Promise((r) => setTimeout(r, 50));
      await s.current.server.services.exports.recover();
      expect((await job(db, id)).status).toBe('pending');
    },
  );
});
