import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { auth, engines, useServer } from '../../test/helper.js';

/** Moves every live session's last use back, as if that much time had passed since. */
async function elapse(db: Db, seconds: number) {
  await db.execute(
    sql`update sys_session set last_seen_at = last_seen_at - make_interval(secs => ${seconds}) where revoked_at is null`,
  );
}

describe.each(engines)('session idle limit (%s)', (engine) => {
  const s = useServer(engine, { SESSION_IDLE_MINUTES: '1' });

  it('a session used every 50 s outlives a 1-minute idle limit; left alone for over a minute it ends', async () => {
    const token = await s.current.login();
    const info = async () =>
      (await s.current.inject({ url: '/user/api/v1/sys/user/info', headers: auth(token) })).json().code as number;
    // Four uses 50 s apart: 200 s in all, each gap inside the limit.
    for (let i = 0; i < 4; i++) {
      await elapse(s.current.database.db, 50);
      expect(await info()).toBe(0);
    }
    await elapse(s.current.database.db, 61);
    expect(await info()).toBe(100021);
  });

  it('a use shortly after the last refresh does not write it again', async () => {
    const token = await s.current.login();
    const seen = async () =>
      (
        (await s.current.database.db.execute(
          sql`select last_seen_at::text as t from sys_session where revoked_at is null order by id desc limit 1`,
        )) as unknown as { rows: { t: string }[] }
      ).rows[0]!.t;
    await elapse(s.current.database.db, 5);
    const before = await seen();
    expect((await s.current.inject({ url: '/user/api/v1/sys/user/info', headers: auth(token) })).json().code).toBe(0);
    expect(await seen()).toBe(before);
  });
});
