import { describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { auth, engines, useServer } from '../../test/helper.js';
import { sysOperationLog } from '../../platform/audit/tables.js';

describe.each(engines)('operation log (%s)', (engine) => {
  const s = useServer(engine);

  it('records every change made by staff with who, what, target, result and address; reads are not recorded', async () => {
    const token = await s.current.login();
    const me = (await s.current.inject({ url: '/user/api/v1/sys/user/info', headers: auth(token) })).json().data;
    const ok = await s.current.inject({ method: 'PUT', url: '/user/api/v1/sys/manage/updateSysManage', headers: auth(token), payload: { manageId: me.userId, nickName: 'Ops' }, remoteAddress: '10.7.0.1' });
    expect(ok.json().code).toBe(0);
    const bad = await s.current.inject({ method: 'PUT', url: '/user/api/v1/sys/manage/updatePassword', headers: auth(token), payload: { oldPassword: 'wrong', newPassword: 'valid123' } });
    expect(bad.json().code).toBe(100033);
    const rows = await s.current.database.db.select().from(sysOperationLog).orderBy(desc(sysOperationLog.id));
    expect(rows[0]).toMatchObject({ userName: 'admin', accountType: 'admin', terminal: 'MANAGE_PC', method: 'PUT', path: '/user/api/v1/sys/manage/updatePassword', resultCode: 100033 });
    expect(rows[1]).toMatchObject({ path: '/user/api/v1/sys/manage/updateSysManage', target: String(me.userId), resultCode: 0, ip: '10.7.0.1' });
    expect(rows.some((r) => r.method === 'GET')).toBe(false);
  });
});
