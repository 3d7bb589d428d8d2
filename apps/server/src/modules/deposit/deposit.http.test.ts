import { beforeAll, describe, expect, it } from 'vitest';
import { engines, useServer } from '../../test/helper.js';
import { caller, ok } from '../../test/outlet/outlet-fixtures.js';

/**
 * Every call of the Deposits group through HTTP at its exact path: answers, refusals with their
 * codes and messages in the caller's language, bad input named by field, never a 500.
 */
describe.each(engines)('deposit calls (%s)', (engine) => {
  const s = useServer(engine);
  let token = '';
  const c = caller(s, () => token);
  let memberId = 0;

  beforeAll(async () => {
    token = await s.current.login();
    const mobile = `135${String(Date.now()).slice(-8)}`;
    await s.current.inject({
      method: 'POST',
      url: '/user/api/app/v1/auth/sendCode',
      payload: { areaCode: '86', mobile },
    });
    const code = s.current.sms.lastCode(mobile)!;
    const r = (
      await s.current.inject({
        method: 'POST',
        url: '/user/api/app/v1/auth',
        payload: { areaCode: '86', mobile, code, clientType: 'USER_IOS' },
      })
    ).json();
    expect(r.code).toBe(0);
    const page = await ok(
      c.get('/user/api/v1/sys/user/selectUserByType', { type: 'user', keyword: mobile, pageNum: 1, pageSize: 1 }),
      'member',
    );
    memberId = page.list[0].id;
  });

  it('deposit orders: the page, the statistics and the export; a range over 30 days is refused', async () => {
    const page = await ok(c.post('/order/api/v1/depositOrder/queryPage', { pageNum: 1, pageSize: 10 }), 'page');
    expect(page).toEqual({ list: [], total: 0 });
    const stats = await ok(c.post('/order/api/v1/depositOrder/queryDepositStatistics', {}), 'stats');
    expect(stats).toMatchObject({ held: { count: 0, amount: 0 }, depositOrders: 0, depositFreeOrders: 0 });
    // spec 8 "no export data": an export of nothing is refused.
    const exp = await c.post('/order/api/v1/depositOrder/export', { state: 'held' });
    expect(exp.code).toBe(100071);
    const day = 86_400_000;
    const long = await c.post(
      '/order/api/v1/depositOrder/queryPage',
      { pageNum: 1, pageSize: 10, beginTime: new Date(Date.now() - 40 * day).toISOString() },
      'en_US',
    );
    expect(long.code).toBe(100060);
    const badState = await c.post('/order/api/v1/depositOrder/queryDepositStatistics', { state: 'gone' }, 'zh_CN');
    expect(badState.code).toBe(100001);
    expect(badState.msg).toContain('state');
  });

  it('refund and audit: an unknown deposit, a bad id, a missing reason', async () => {
    const unknown = await c.post(
      '/order/api/v1/depositOrder/pcRefundDepositRule/user?id=999999',
      { reason: 'x' },
      'zh_TW',
    );
    expect(unknown).toMatchObject({ code: 100901, msg: '押金訂單不存在' });
    const badId = await c.post('/order/api/v1/depositOrder/pcRefundDepositRule/user?id=abc', { reason: 'x' });
    expect(badId.code).toBe(100001);
    const noReason = await c.post('/order/api/v1/depositOrder/pcRefundDepositRule/user?id=1', {});
    expect(noReason.code).toBe(100001);
    const audit = await c.put('/order/api/v1/depositOrder/refundDeposit/audit?id=999999', { approve: true }, 'en_US');
    expect(audit).toMatchObject({ code: 100901, msg: 'Deposit order not found' });
    const noApprove = await c.put('/order/api/v1/depositOrder/refundDeposit/audit?id=1', { reason: 'x' });
    expect(noApprove.code).toBe(100001);
  });

  it('deposit rules: create, detail, list, edit, enable and disable; M above N, a taken scope and an unknown target are refused', async () => {
    const above = await c.post(
      '/order/api/v1/depositRule/saveOrUpdate',
      { name: 'Bad', scope: 'platform', depositOrderCount: 2, depositFreeOrderCount: 3 },
      'en_US',
    );
    expect(above.code).toBe(100001);
    expect(above.msg).toContain('Deposit-free order count: cannot be above the deposit order count');
    const aboveZh = await c.post(
      '/order/api/v1/depositRule/saveOrUpdate',
      { name: 'Bad', scope: 'platform', depositOrderCount: 2, depositFreeOrderCount: 3 },
      'zh_CN',
    );
    expect(aboveZh.msg).toContain('免押金订单数不能大于押金订单数');
    const noAgent = await c.post('/order/api/v1/depositRule/saveOrUpdate', {
      name: 'Agent',
      scope: 'agent',
      depositOrderCount: 2,
      depositFreeOrderCount: 1,
    });
    expect(noAgent.code).toBe(100001);
    const ghost = await c.post('/order/api/v1/depositRule/saveOrUpdate', {
      name: 'Ghost',
      scope: 'outlet',
      outletId: 999999,
      depositOrderCount: 2,
      depositFreeOrderCount: 1,
    });
    expect(ghost.code).toBe(100907);
    const rule = await ok(
      c.post('/order/api/v1/depositRule/saveOrUpdate', {
        name: 'Platform',
        scope: 'platform',
        depositOrderCount: 3,
        depositFreeOrderCount: 1,
      }),
      'save',
    );
    expect(rule).toMatchObject({
      name: 'Platform',
      scope: 'platform',
      depositOrderCount: 3,
      depositFreeOrderCount: 1,
      status: 'enabled',
      creator: 'admin',
    });
    const taken = await c.post(
      '/order/api/v1/depositRule/saveOrUpdate',
      { name: 'Second', scope: 'platform', depositOrderCount: 3, depositFreeOrderCount: 1 },
      'zh_CN',
    );
    expect(taken).toMatchObject({ code: 100906, msg: '该范围已有押金规则' });
    expect(await ok(c.get('/order/api/v1/depositRule/detail', { id: rule.id }), 'detail')).toMatchObject({
      id: rule.id,
      name: 'Platform',
    });
    expect((await c.get('/order/api/v1/depositRule/detail', { id: 999999 })).code).toBe(100905);
    const edited = await ok(
      c.post('/order/api/v1/depositRule/saveOrUpdate', {
        id: rule.id,
        name: 'Platform 2',
        scope: 'platform',
        depositOrderCount: 4,
        depositFreeOrderCount: 4,
      }),
      'edit',
    );
    expect(edited).toMatchObject({ id: rule.id, name: 'Platform 2', depositFreeOrderCount: 4 });
    const list = await ok(
      c.post('/order/api/v1/depositRule/list', { pageNum: 1, pageSize: 10, status: 'enabled' }),
      'list',
    );
    expect(list.list.map((r: { id: number }) => r.id)).toContain(rule.id);
    expect(
      await ok(c.get('/order/api/v1/depositRule/editStatus', { id: rule.id, status: 'disabled' }), 'off'),
    ).toMatchObject({ status: 'disabled' });
    expect(
      (await ok(c.post('/order/api/v1/depositRule/list', { pageNum: 1, pageSize: 10, status: 'enabled' }), 'list'))
        .total,
    ).toBe(0);
    expect((await c.get('/order/api/v1/depositRule/editStatus', { id: rule.id, status: 'paused' })).code).toBe(100001);
    expect((await c.get('/order/api/v1/depositRule/editStatus', { id: 999999, status: 'enabled' })).code).toBe(100905);
    // The status change is a change: it is in the operation log.
    const log = await ok(c.get('/user/api/v1/sys/operationLog/queryPage', { pageNum: 1, pageSize: 50 }), 'log');
    expect(log.list.map((e: { call: string | null }) => e.call)).toContain('depositRuleEditStatus');
  });

  it('the ignore list: add a customer once, list, remove; unknown ids are refused', async () => {
    const entry = await ok(
      c.post('/order/api/v1/depositOrder/orderRuleIgnoreAdd', { userId: memberId, remark: 'staff' }),
      'add',
    );
    expect(entry).toMatchObject({ userId: memberId, remark: 'staff' });
    expect((await c.post('/order/api/v1/depositOrder/orderRuleIgnoreAdd', { userId: memberId }, 'en_US')).msg).toBe(
      'The customer is already on the ignore list',
    );
    expect((await c.post('/order/api/v1/depositOrder/orderRuleIgnoreAdd', { userId: 999999 })).code).toBe(100911);
    const page = await ok(
      c.get('/order/api/v1/depositOrder/orderRuleIgnoreList', {
        pageNum: 1,
        pageSize: 10,
        mobile: entry.userMobile.split('-')[1],
      }),
      'list',
    );
    expect(page).toMatchObject({ total: 1, list: [{ id: entry.id }] });
    await ok(c.post('/order/api/v1/depositOrder/orderRuleIgnoreDel', { id: entry.id }), 'del');
    expect((await c.post('/order/api/v1/depositOrder/orderRuleIgnoreDel', { id: entry.id }, 'zh_CN')).msg).toBe(
      '忽略名单记录不存在',
    );
    expect((await c.get('/order/api/v1/depositOrder/orderRuleIgnoreList', { pageNum: 0 })).code).toBe(100001);
  });
});
