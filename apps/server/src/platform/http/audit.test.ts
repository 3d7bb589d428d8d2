import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Errors } from '@cbo/contract';
import { auth, engines, freshPostgres, useServer } from '../../test/helper.js';
import { sysOperationLog } from '../audit/tables.js';
import { sysProblemType } from '../../modules/system/tables.js';

const SAVE = '/user/api/v1/problemType/saveOrUpdate';

/** Problem types stored, and operation-log entries that say a save succeeded. */
async function counts(db: import('../db/database.js').Db) {
  const [types] = await db.select({ n: sql<number>`count(*)::int` }).from(sysProblemType);
  const [logged] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sysOperationLog)
    .where(and(eq(sysOperationLog.path, SAVE), eq(sysOperationLog.resultCode, 0)));
  return { types: Number(types!.n), logged: Number(logged!.n) };
}

describe.each(engines)('a change and its operation-log entry commit together (%s)', (engine) => {
  const s = useServer(engine);

  it('rolls the change back when its entry cannot be written', async () => {
    const token = await s.current.login();
    const log = s.current.server.services.operationLog;
    const before = await counts(s.current.database.db);
    const record = log.record.bind(log);
    log.record = async () => {
      throw new Error('audit store unavailable');
    };
    try {
      const res = await s.current.inject({
        method: 'POST',
        url: SAVE,
        headers: auth(token),
        payload: { name: 'Lost change', sort: 1, remark: '' },
      });
      expect(res.statusCode).toBeLessThan(600);
      expect(res.json().code).not.toBe(0);
    } finally {
      log.record = record;
    }
    expect(await counts(s.current.database.db)).toEqual(before);
  });

  it('logs refusals on their own, with the code the caller got, and stores nothing', async () => {
    const token = await s.current.login();
    const before = await counts(s.current.database.db);
    const res = await s.current.inject({
      method: 'POST',
      url: SAVE,
      headers: auth(token),
      payload: { name: '', sort: 1, remark: '' },
    });
    expect(res.json().code).toBe(Errors.VALIDATION.code);
    expect(await counts(s.current.database.db)).toEqual(before);
    const [last] = await s.current.database.db
      .select()
      .from(sysOperationLog)
      .orderBy(sql`id desc`)
      .limit(1);
    expect(last).toMatchObject({ path: SAVE, resultCode: Errors.VALIDATION.code });
  });

  it('writes an entry whatever the target holds (a NUL in the query)', async () => {
    const token = await s.current.login();
    await s.current.inject({
      method: 'POST',
      url: `${SAVE}?id=a%00b`,
      headers: auth(token),
      payload: { name: 'Nul target', sort: 2, remark: '' },
    });
    const c = await counts(s.current.database.db);
    expect(c.logged).toBe(c.types);
  });

  it('logs a device action ahead of it and closes the entry with its outcome', async () => {
    const token = await s.current.login();
    const res = await s.current.inject({
      method: 'POST',
      url: '/device/api/v1/command/send',
      headers: auth(token),
      payload: { sn: 'NOSUCHCABINET01', type: 'queryVersion', data: {} },
    });
    expect(res.json().code).not.toBe(0);
    const [last] = await s.current.database.db
      .select()
      .from(sysOperationLog)
      .orderBy(sql`id desc`)
      .limit(1);
    expect(last).toMatchObject({
      path: '/device/api/v1/command/send',
      target: 'NOSUCHCABINET01',
      resultCode: res.json().code,
    });
  });

  it('device actions sent together each get their own entry, closed with their own outcome', async () => {
    const token = await s.current.login();
    const sns = Array.from({ length: 30 }, (_, i) => `AUDC${String(i).padStart(12, '0')}`);
    // Every other cabinet is in stock (offline): its call ends otherwise than one naming an unknown cabinet,
    // so an entry closed with another call's outcome shows.
    await s.current.server.services.fleet.stockIn({ sns: sns.filter((_, i) => i % 2 === 0) });
    const [top] = await s.current.database.db
      .select({ id: sql<number>`coalesce(max(id), 0)::int` })
      .from(sysOperationLog);
    const results = await Promise.all(
      sns.map((sn) =>
        s.current.inject({
          method: 'POST',
          url: '/device/api/v1/command/send',
          headers: auth(token),
          payload: { sn, type: 'queryVersion', data: {} },
        }),
      ),
    );
    expect(new Set(results.map((r) => r.json().code)).size).toBe(2);
    const rows = await s.current.database.db
      .select()
      .from(sysOperationLog)
      .where(and(eq(sysOperationLog.path, '/device/api/v1/command/send'), sql`${sysOperationLog.id} > ${top!.id}`));
    // One entry a call, named by its cabinet, closed with the code that call answered (none left "did not finish").
    expect(rows).toHaveLength(30);
    for (const [i, sn] of sns.entries()) {
      const entry = rows.filter((r) => r.target === sn);
      expect(entry).toHaveLength(1);
      expect(entry[0]!.resultCode).toBe(results[i]!.json().code);
      expect(entry[0]!.resultCode).not.toBe(Errors.UNFINISHED.code);
    }
  });

  it('under 50 concurrent saves every stored change has exactly one success entry', async () => {
    const token = await s.current.login();
    const before = await counts(s.current.database.db);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        s.current.inject({
          method: 'POST',
          url: SAVE,
          headers: auth(token),
          payload: { name: `Crowd ${i}`, sort: i, remark: '' },
        }),
      ),
    );
    expect(results.every((r) => r.json().code === 0)).toBe(true);
    const after = await counts(s.current.database.db);
    expect(after.types - before.types).toBe(50);
    expect(after.logged - before.logged).toBe(50);
  });
});

/**
 * kill -9 in the middle of 300 concurrent writes: every change that committed has its entry and
 * every success entry has its change. Needs a real PostgreSQL (the embedded engine's data dies
 * with its process) and a separate server process to kill.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('operation log after kill -9 (postgres)', () => {
  it('leaves no committed change without its entry', async () => {
    const fresh = await freshPostgres();
    const pg = (await import('pg')).default;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbo-kill-'));
    const root = fileURLToPath(new URL('../../../../../', import.meta.url));
    const port = 20000 + Math.floor(Math.random() * 20000);
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: fresh.url,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        MQTT_PORT: '0',
        SIMULATOR: '0',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
        ADMIN_USERNAME: 'admin',
        ADMIN_PASSWORD: 'admin123',
        WEB_DIST: path.join(dataDir, 'no-web'),
      },
      stdio: 'ignore',
    });
    const db = new pg.Client({ connectionString: fresh.url });
    try {
      const origin = `http://127.0.0.1:${port}`;
      for (let i = 0; ; i++) {
        if (i > 600) throw new Error('server did not start');
        if (
          await fetch(`${origin}/healthz`).then(
            (r) => r.ok,
            () => false,
          )
        )
          break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const login = await (
        await fetch(`${origin}/user/api/open/v1/auth`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userName: 'admin', password: 'admin123', clientType: 'MANAGE_PC' }),
        })
      ).json();
      const headers = {
        'content-type': 'application/json',
        authorization: login.data.token as string,
        clienttype: 'MANAGE_PC',
      };
      let answered = 0;
      const writes = Array.from({ length: 300 }, (_, i) =>
        fetch(`${origin}${SAVE}`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ name: `Kill ${i}`, sort: i % 9999, remark: '' }),
        }).then(
          () => answered++,
          () => undefined,
        ),
      );
      // Kill as soon as a few have been answered, while the rest are in flight.
      while (answered < 20) await new Promise((r) => setTimeout(r, 5));
      child.kill('SIGKILL');
      await Promise.all(writes);
      await db.connect();
      const types = (await db.query(`select count(*)::int as n from sys_problem_type`)).rows[0].n as number;
      const logged = (
        await db.query(`select count(*)::int as n from sys_operation_log where path = $1 and result_code = 0`, [SAVE])
      ).rows[0].n as number;
      expect(types).toBeGreaterThanOrEqual(20);
      expect(types).toBeLessThan(300); // the kill really landed mid-way
      expect(logged).toBe(types);
    } finally {
      child.kill('SIGKILL');
      await db.end().catch(() => undefined);
      await fresh.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
