import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { auth, engines, useServer } from '../../test/helper.js';

/** Everything the server logs, one parsed JSON object a line. */
class Captured extends Writable {
  lines: Record<string, unknown>[] = [];
  raw = '';
  override _write(chunk: Buffer, _enc: string, done: () => void) {
    this.raw += chunk.toString();
    for (const l of chunk.toString().split('\n'))
      if (l.trim()) this.lines.push(JSON.parse(l) as Record<string, unknown>);
    done();
  }
}

describe.each(engines)('request ids (%s)', (engine) => {
  const log = new Captured();
  const s = useServer(engine, { SMS_PROVIDER: 'log' }, { logger: { level: 'info', stream: log }, sms: 'configured' });

  it('a sane x-request-id is kept: in the answer, on every log line of the request (a service line too), in the operation log entry', async () => {
    const token = await s.current.login();
    const me = (await s.current.inject({ url: '/user/api/v1/sys/user/info', headers: auth(token) })).json().data;
    const id = 'complaint-42.a:b_c';
    const res = await s.current.inject({
      method: 'PUT',
      url: '/user/api/v1/sys/manage/updateSysManage',
      headers: { ...auth(token), 'x-request-id': id },
      payload: { manageId: me.userId, nickName: 'Ops' },
    });
    expect(res.json().code).toBe(0);
    expect(res.headers['x-request-id']).toBe(id);
    // Fastify's own lines (incoming request, request completed) carry it.
    const mine = log.lines.filter((l) => l.reqId === id);
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    // The entry keeps it, and the list call answers it.
    const page = (
      await s.current.inject({
        url: '/user/api/v1/sys/operationLog/queryPage?pageNum=1&pageSize=5',
        headers: auth(token),
      })
    ).json().data;
    const entry = page.list.find(
      (e: { call: string; path: string }) =>
        e.call === 'manageUpdate' || e.path === '/user/api/v1/sys/manage/updateSysManage',
    );
    expect(entry).toMatchObject({ requestId: id, resultCode: 0 });

    // A line a service writes through the server's logger while handling the request: the text it sends.
    const sms = await s.current.inject({
      method: 'POST',
      url: '/user/api/app/v1/auth/sendCode',
      headers: { 'x-request-id': 'sms-1' },
      payload: { areaCode: '86', mobile: '13800138000' },
    });
    expect(sms.json().code, sms.body).toBe(0);
    const text = log.lines.find((l) => typeof l.msg === 'string' && l.msg.startsWith('SMS: '));
    expect(text).toMatchObject({ reqId: 'sms-1' });
    // No line holds the key twice (a request's own logger has it already): each line is valid JSON with one value.
    expect(log.lines.filter((l) => l.reqId === 'sms-1').length).toBeGreaterThanOrEqual(3);
    expect(log.raw.split('\n').filter((l) => l.split('"reqId"').length > 2)).toEqual([]);
  });

  it('an id that is not sane is replaced by a new one; without one each request gets its own', async () => {
    const odd = await s.current.inject({ url: '/healthz', headers: { 'x-request-id': 'two words' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const long = await s.current.inject({ url: '/healthz', headers: { 'x-request-id': 'a'.repeat(65) } });
    expect(long.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const [a, b] = await Promise.all([s.current.inject({ url: '/healthz' }), s.current.inject({ url: '/healthz' })]);
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    // A refused call answers its id too.
    const refused = await s.current.inject({
      url: '/user/api/v1/sys/user/info',
      headers: { 'x-request-id': 'refused-1' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-request-id']).toBe('refused-1');
  });
});
