import { describe, expect, it } from 'vitest';
import { auth, engines, useServer } from './helper.js';

/**
 * Rules of "only one with this name" and "only while in use", sent 50 times at once: exactly one
 * request wins, the others get the rule's own code, never a 500.
 */
describe.each(engines)('unique names and one-time changes under concurrency (%s)', (engine) => {
  const s = useServer(engine);
  const burst = async (token: string, method: 'POST' | 'DELETE', url: string, payload?: (i: number) => object) =>
    Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const r = await s.current.inject({
          method,
          url,
          headers: auth(token),
          ...(payload ? { payload: payload(i) } : {}),
        });
        expect(r.statusCode).toBeLessThan(500);
        return r.json().code as number;
      }),
    );
  const tally = (codes: number[]) =>
    codes.reduce<Record<number, number>>((m, c) => ({ ...m, [c]: (m[c] ?? 0) + 1 }), {});

  it('50 new accounts with one user name (any case): one is created, 49 get 100101', async () => {
    const token = await s.current.login();
    const codes = await burst(token, 'POST', '/user/api/v1/sys/manage', (i) => ({
      userName: i % 2 ? 'Twin' : 'twin',
      nickName: 'T',
      password: 'twin1234',
      roleIds: [1],
    }));
    expect(tally(codes)).toEqual({ 0: 1, 100101: 49 });
  });

  it('50 departments with one name under one parent: one is created, 49 get 100120', async () => {
    const token = await s.current.login();
    const codes = await burst(token, 'POST', '/user/api/v1/sys/org/saveOrUpdate', () => ({
      parentId: 0,
      name: 'Same',
    }));
    expect(tally(codes)).toEqual({ 0: 1, 100120: 49 });
  });

  it('50 problem types with one name: one is created; 50 deletes of it: one succeeds', async () => {
    const token = await s.current.login();
    const created = await burst(token, 'POST', '/user/api/v1/problemType/saveOrUpdate', (i) => ({
      name: i % 2 ? 'JAM' : 'jam',
      sort: 1,
      remark: '',
    }));
    expect(tally(created)).toEqual({ 0: 1, 100204: 49 });
    const list = (
      await s.current.inject({ url: '/user/api/v1/problemType/queryPage?pageNum=1&pageSize=10', headers: auth(token) })
    ).json().data.list;
    const id = list.find((p: { name: string }) => p.name.toLowerCase() === 'jam').id as number;
    const deleted = await burst(token, 'DELETE', `/user/api/v1/problemType/delete?id=${id}`);
    expect(tally(deleted)).toEqual({ 0: 1, 100205: 49 });
  });
});
