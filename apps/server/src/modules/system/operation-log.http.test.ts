import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { desc } from 'drizzle-orm';
import { auth, engines, useServer } from '../../test/helper.js';
import { sysOperationLog } from '../../platform/audit/tables.js';

describe.each(engines)('operation log (%s)', (engine) => {
  const s = useServer(engine);

  it('records every change made by staff with who, what, target, result and address; reads are not recorded', async () => {
    const token = await s.current.login();
    const me = (await s.current.inject({ url: '/user/api/v1/sys/user/info', headers: auth(token) })).json().data;
    const ok = await s.current.inject({
      method: 'PUT',
      url: '/user/api/v1/sys/manage/updateSysManage',
      headers: auth(token),
      payload: { manageId: me.userId, nickName: 'Ops' },
      remoteAddress: '10.7.0.1',
    });
    expect(ok.json().code).toBe(0);
    const bad = await s.current.inject({
      method: 'PUT',
      url: '/user/api/v1/sys/manage/updatePassword',
      headers: auth(token),
      payload: { oldPassword: 'wrong', newPassword: 'valid123' },
    });
    expect(bad.json().code).toBe(100033);
    const rows = await s.current.database.db.select().from(sysOperationLog).orderBy(desc(sysOperationLog.id));
    expect(rows[0]).toMatchObject({
      userName: 'admin',
      accountType: 'admin',
      terminal: 'MANAGE_PC',
      method: 'PUT',
      path: '/user/api/v1/sys/manage/updatePassword',
      resultCode: 100033,
    });
    expect(rows[1]).toMatchObject({
      path: '/user/api/v1/sys/manage/updateSysManage',
      target: String(me.userId),
      resultCode: 0,
      ip: '10.7.0.1',
    });
    expect(rows.some((r) => r.method === 'GET')).toBe(false);
  });
});

/**
 * The operation log reads in the viewer's language: its action is the call's action in the three
 * languages, its target the name the target had when the change was made (kept after a delete),
 * and an export writes every enumerated value in the reader's language.
 */
describe.each(engines)('operation log words (%s)', (engine) => {
  const s = useServer(engine, {}, { workers: true });

  it('names the action in the viewer language and the target by its name, also after the target is deleted', async () => {
    const token = await s.current.login();
    const req = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, lang = 'en_US') =>
      (
        await s.current.inject({ method, url, headers: { ...auth(token, lang), 'x-time-zone': 'UTC' }, payload })
      ).json();
    const roles = (await req('GET', '/user/api/v1/sys/role/list')).data as { id: number; name: string }[];
    const ops = roles.find((r) => r.name === 'role.operations')!.id;
    const created = await req('POST', '/user/api/v1/sys/manage', {
      userName: 'clerk7',
      nickName: 'Clerk',
      password: 'clerk123',
      roleIds: [ops],
    });
    expect(created.code).toBe(0);
    const manageId = created.data.manageId as number;
    expect((await req('PUT', '/user/api/v1/sys/manage/updateSysManageStatus', { manageId, status: 1 })).code).toBe(0);
    const role = (
      await req('POST', '/user/api/v1/sys/role/saveOrUpdate', { name: 'Temp role', weight: 1, menuIds: [] })
    ).data.id as number;
    expect((await req('DELETE', `/user/api/v1/sys/role/delete?id=${role}`)).code).toBe(0);

    const page = async (behaviour: string) =>
      (
        await req(
          'GET',
          `/user/api/v1/sys/operationLog/queryPage?pageNum=1&pageSize=10&behaviour=${encodeURIComponent(behaviour)}`,
        )
      ).data.list as Record<string, unknown>[];
    // Found by the action in Chinese; the entry names the call and the account by its user name.
    const frozen = await page('冻结');
    expect(frozen[0]).toMatchObject({
      call: 'manageStatus',
      target: String(manageId),
      targetName: 'clerk7',
      resultCode: 0,
    });
    expect((await page('Freeze or unfreeze account'))[0]).toMatchObject({ call: 'manageStatus' });
    // The deleted role is still named.
    expect((await page('删除角色'))[0]).toMatchObject({
      call: 'roleDelete',
      target: String(role),
      targetName: 'Temp role',
    });
    expect((await page('新增账号'))[0]).toMatchObject({ call: 'manageCreate', targetName: 'clerk7' });

    // The export: the action, target, kinds and outcome in the reader's language.
    const started = await req('POST', '/user/api/v1/sys/operationLog/export', { behaviour: '冻结' }, 'zh_CN');
    expect(started.code).toBe(0);
    let fileUrl: string | null = null;
    for (let i = 0; i < 300 && !fileUrl; i++) {
      const l = (await req('GET', '/user/api/v1/exportExcelLog/list?pageNum=1&pageSize=10')).data.list.find(
        (e: { id: number }) => e.id === started.data.exportId,
      );
      if (l?.status === 'done') fileUrl = l.fileUrl;
      else await new Promise((r) => setTimeout(r, 50));
    }
    expect(fileUrl).not.toBeNull();
    const file = await s.current.inject({ url: fileUrl!, headers: auth(token) });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    const cell = (header: string) => ws.getRow(2).getCell(headers.indexOf(header) + 1).value;
    expect(cell('行为')).toBe('冻结/解冻账号');
    expect(cell('对象')).toBe('clerk7');
    expect(cell('账号类型')).toBe('管理员');
    expect(cell('终端')).toBe('管理后台（PC）');
    expect(cell('结果')).toBe('成功');
  });

  it('the login log export writes account kind, terminal, result and failure reason in the reader language', async () => {
    await s.current.inject({
      method: 'POST',
      url: '/user/api/open/v1/auth',
      payload: { userName: 'admin', password: 'wrong-pass1', clientType: 'MANAGE_PC' },
    });
    const token = await s.current.login();
    const headers = { ...auth(token, 'zh_TW'), 'x-time-zone': 'UTC' };
    const started = (
      await s.current.inject({ method: 'POST', url: '/user/api/v1/sys/loginLog/export', headers, payload: {} })
    ).json();
    expect(started.code).toBe(0);
    let fileUrl: string | null = null;
    for (let i = 0; i < 300 && !fileUrl; i++) {
      const l = (await s.current.inject({ url: '/user/api/v1/exportExcelLog/list?pageNum=1&pageSize=10', headers }))
        .json()
        .data.list.find((e: { id: number }) => e.id === started.data.exportId);
      if (l?.status === 'done') fileUrl = l.fileUrl;
      else await new Promise((r) => setTimeout(r, 50));
    }
    const file = await s.current.inject({ url: fileUrl!, headers });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const headers1 = (ws.getRow(1).values as unknown[]).slice(1);
    const column = (header: string) => ws.getColumn(headers1.indexOf(header) + 1).values.slice(2);
    expect(column('帳號類型')).toContain('管理員');
    expect(column('終端')).toContain('管理後台（PC）');
    expect(column('結果')).toEqual(expect.arrayContaining(['成功', '失敗']));
    expect(column('失敗原因')).toContain('密碼錯誤');
    // No stored key in the enumerated columns (the user name column may hold "admin").
    const enumerated = ['帳號類型', '終端', '結果', '失敗原因'].flatMap(column);
    for (const raw of ['admin', 'MANAGE_PC', 'success', 'fail', 'wrong password'])
      expect(enumerated).not.toContain(raw);
  });
});
