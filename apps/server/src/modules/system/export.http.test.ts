import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { auth, engines, useServer, type TestServer } from '../../test/helper.js';
import { accountWithMenus } from '../../test/accounts.js';

async function waitFor<T>(fn: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function exportEntry(t: TestServer, token: string, id: number) {
  const list = (
    await t.inject({ url: '/user/api/v1/exportExcelLog/list?pageNum=1&pageSize=10', headers: auth(token) })
  ).json().data;
  return list.list.find((e: { id: number }) => e.id === id);
}

describe.each(engines)('export centre (%s)', (engine) => {
  const s = useServer(engine, {}, { workers: true });

  it('exports the login log to xlsx in the background, reaching 100% with a link only its owner can use', async () => {
    const token = await s.current.login();
    const started = await s.current.inject({
      method: 'POST',
      url: '/user/api/v1/sys/loginLog/export',
      headers: { ...auth(token, 'zh_CN'), 'x-time-zone': 'Asia/Shanghai' },
      payload: { result: 'success' },
    });
    expect(started.json().code).toBe(0);
    const { exportId, fileName } = started.json().data;
    expect(fileName).toMatch(/^登录日志_\d{8}_\d{6}\.xlsx$/);
    const done = await waitFor(async () => {
      const e = await exportEntry(s.current, token, exportId);
      return e?.status === 'done' ? e : undefined;
    });
    expect(done).toMatchObject({
      exportSpeed: '100%',
      fileName,
      fileUrl: `/user/api/v1/exportExcelLog/download?id=${exportId}`,
    });

    // the link works with the Authorization cookie, as a plain <a href> in the console sends it
    const file = await s.current.inject({ url: done.fileUrl, cookies: { Authorization: token } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(1).value).toBe('账号');
    expect(ws.rowCount).toBeGreaterThan(1);
    expect(ws.getRow(2).getCell(1).value).toBe('admin');
    expect(String(ws.getRow(2).getCell(8).value)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    await accountWithMenus(s.current.database.db, 'snoop', 'snoop123', ['dashboard']);
    const snoop = await s.current.login('snoop', 'snoop123');
    expect((await s.current.inject({ url: done.fileUrl, headers: auth(snoop) })).json().code).toBe(100004);
    expect((await s.current.inject({ url: done.fileUrl })).json().code).toBe(100020);
    const theirs = (await s.current.inject({ url: '/user/api/v1/exportExcelLog/list', headers: auth(snoop) })).json()
      .data;
    expect(theirs.total).toBe(0);
  });

  it('refuses an export with nothing to export or over 20,000 rows', async () => {
    const token = await s.current.login();
    const none = await s.current.inject({
      method: 'POST',
      url: '/user/api/v1/sys/loginLog/export',
      headers: auth(token),
      payload: { userName: 'no-such-account' },
    });
    expect(none.json()).toMatchObject({ code: 100071, msg: 'No data to export' });
    await s.current.database.db.execute(sql`
      insert into sys_login_log (user_name, account_type, terminal, result, ip)
      select 'bulk' || g, 'admin', 'MANAGE_PC', 'fail', '10.8.0.1' from generate_series(1, 20001) g`);
    const many = await s.current.inject({
      method: 'POST',
      url: '/user/api/v1/sys/loginLog/export',
      headers: auth(token),
      payload: { ip: '10.8.0.1' },
    });
    expect(many.json().code).toBe(100070);
    expect(many.json().msg).toContain('20000');
    const bad = await s.current.inject({
      method: 'POST',
      url: '/user/api/v1/sys/loginLog/export',
      headers: auth(token),
      payload: { result: 'maybe' },
    });
    expect(bad.json().code).toBe(100001);
  });

  it('a job interrupted by a dead process is resumed; one interrupted three times ends failed with a reason', async () => {
    const token = await s.current.login();
    const me = (await s.current.inject({ url: '/user/api/v1/sys/user/info', headers: auth(token) })).json().data.userId;
    const db = s.current.database.db;
    const rows = await db.execute(sql`
      insert into sys_export_log (account_id, kind, params, lang, file_name, status, progress, attempts, heartbeat_at)
      values (${me}, 'loginLog', '{"filter":{"userName":"admin"},"timeZone":"UTC"}', 'en_US', 'resumed.xlsx', 'running', 40, 1, now() - interval '10 minutes'),
             (${me}, 'loginLog', '{"filter":{},"timeZone":"UTC"}', 'en_US', 'dead.xlsx', 'running', 40, 3, now() - interval '10 minutes')
      returning id`);
    const [resumed, dead] = (rows as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
    await s.current.server.services.exports.recover();
    const failed = await exportEntry(s.current, token, dead!);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe('interrupted');
    expect(failed.fileUrl).toBeNull();
    // poke the worker the way a new job would
    await s.current.database.notify('cbo_jobs', 'x');
    const ok = await waitFor(async () => {
      const e = await exportEntry(s.current, token, resumed!);
      return e?.status === 'done' ? e : undefined;
    });
    expect(ok.exportSpeed).toBe('100%');
  });
});

describe.each(engines)('export centre limit under concurrency (%s)', (engine) => {
  // No workers: queued exports stay queued, so the limit is what decides.
  const s = useServer(engine);

  it('50 exports started at once by one account: exactly 3 are queued, the rest refused with 100073', async () => {
    const token = await s.current.login();
    const answers = await Promise.all(
      Array.from(
        { length: 50 },
        async () =>
          (
            await s.current.inject({
              method: 'POST',
              url: '/user/api/v1/sys/loginLog/export',
              headers: auth(token),
              payload: {},
            })
          ).json().code as number,
      ),
    );
    expect(answers.filter((c) => c === 0)).toHaveLength(3);
    expect(answers.filter((c) => c !== 0).every((c) => c === 100073)).toBe(true);
    const rows = await s.current.database.db.execute(sql`select count(*)::int as n from sys_export_log`);
    expect(Number((rows as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(3);
  });
});
