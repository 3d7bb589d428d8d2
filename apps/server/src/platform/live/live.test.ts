import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { engines, useServer, type TestServer } from '../../test/helper.js';
import { notifyStatements } from '../db/database.js';
import { packs } from './live-hub.js';

interface Msg {
  code: number;
  msg?: string;
  data: { type: string; data: unknown } | null;
}

async function connect(
  t: TestServer,
  query: string,
): Promise<{ ws: WebSocket; next: () => Promise<Msg>; closed: Promise<number> }> {
  const address = t.server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?${query}`);
  const queue: Msg[] = [];
  const waiters: ((m: Msg) => void)[] = [];
  ws.on('message', (raw) => {
    const m = JSON.parse(raw.toString()) as Msg;
    const w = waiters.shift();
    if (w) w(m);
    else queue.push(m);
  });
  const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
  await new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  const next = () =>
    new Promise<Msg>((resolve, reject) => {
      const m = queue.shift();
      if (m) return resolve(m);
      const timer = setTimeout(() => reject(new Error('no message')), 5000);
      waiters.push((x) => {
        clearTimeout(timer);
        resolve(x);
      });
    });
  return { ws, next, closed };
}

describe('live bus packing', () => {
  it('groups messages in order under the NOTIFY limit, a too-big one alone', () => {
    const m = (n: number) => JSON.stringify({ x: 'a'.repeat(n) });
    const groups = packs([m(10), m(10), m(30), m(200), m(10)], 60);
    expect(groups.map((g) => g.map((x) => x.length))).toEqual([[18, 18], [38], [208], [18]]);
    for (const g of groups.filter((x) => x.length > 1))
      expect(Buffer.byteLength(`[${g.join(',')}]`)).toBeLessThanOrEqual(60);
    expect(packs([], 60)).toEqual([]);
  });

  it("puts a batch's NOTIFYs in few statements, in order, a repeated payload in the next one", () => {
    expect(notifyStatements('a')).toEqual([['a']]);
    expect(notifyStatements(['a', 'b', 'a', 'c', 'c'])).toEqual([['a', 'b'], ['a', 'c'], ['c']]);
    const many = Array.from({ length: 250 }, (_, i) => String(i));
    const groups = notifyStatements(many);
    expect(groups.map((g) => g.length)).toEqual([100, 100, 50]);
    expect(groups.flat()).toEqual(many);
  });
});

describe.each(engines)('live channel (%s)', (engine) => {
  const s = useServer(engine);

  it('refuses a socket without a valid token, with the code and a message', async () => {
    await s.current.server.app.listen({ port: 0, host: '127.0.0.1' });
    const c = await connect(s.current, 'clientType=MANAGE_PC');
    const m = await c.next();
    expect(m.code).toBe(100020);
    expect(await c.closed).toBe(4401);
    const forged = await connect(s.current, 'token=forged&clientType=MANAGE_PC');
    expect((await forged.next()).code).toBe(100020);
  });

  it('handshakes, answers PING with PONG, delivers messages to the account, and closes on logout', async () => {
    const token = await s.current.login();
    const c = await connect(s.current, `token=${token}&clientType=MANAGE_PC`);
    expect((await c.next()).data?.type).toBe('HAND_SHAKE_RESULT');
    c.ws.send(JSON.stringify({ type: 'PING' }));
    expect((await c.next()).data?.type).toBe('PONG');
    const info = (
      await s.current.inject({ url: '/user/api/v1/sys/user/info', headers: { authorization: token } })
    ).json().data;
    await s.current.server.services.live.publish(info.userId, 'EXPORT_RESULT', { id: 1, fileUrl: '/x' });
    expect(await c.next()).toEqual({ code: 0, data: { type: 'EXPORT_RESULT', data: { id: 1, fileUrl: '/x' } } });
    // A burst shares NOTIFYs and still arrives whole and in order.
    const live = s.current.server.services.live;
    await Promise.all(
      Array.from({ length: 300 }, (_, i) => live.publish(info.userId, 'EXPORT_RESULT', { id: i, fileUrl: `/f${i}` })),
    );
    for (let i = 0; i < 300; i++)
      expect((await c.next()).data).toEqual({ type: 'EXPORT_RESULT', data: { id: i, fileUrl: `/f${i}` } });
    // The same big message five times in one burst: five NOTIFYs of one payload, each delivered
    // (PostgreSQL delivers a payload repeated within one transaction once).
    const big = { id: 1, fileUrl: `/${'x'.repeat(5000)}` };
    await Promise.all(Array.from({ length: 5 }, () => live.publish(info.userId, 'EXPORT_RESULT', big)));
    await live.publish(info.userId, 'EXPORT_RESULT', { id: 2, fileUrl: '/after' });
    for (let i = 0; i < 5; i++) expect((await c.next()).data).toEqual({ type: 'EXPORT_RESULT', data: big });
    expect((await c.next()).data).toEqual({ type: 'EXPORT_RESULT', data: { id: 2, fileUrl: '/after' } });
    await s.current.inject({
      method: 'POST',
      url: '/user/api/v1/auth/logout',
      headers: { authorization: token },
      payload: {},
    });
    expect(await c.next()).toEqual({ code: 0, data: { type: 'SESSION_ENDED', data: { code: 100021 } } });
    expect(await c.closed).toBe(4401);
  });

  if (engine === 'postgres') {
    it('reaches a socket held by another server process on the same PostgreSQL', async () => {
      const { openPostgres } = await import('../db/database.js');
      const { buildApp } = await import('../../app.js');
      // a second server process on the first one's database
      const url = s.current.config.DATABASE_URL!;
      const db2 = await openPostgres(url, { max: 3 });
      const second = await buildApp({ config: s.current.config, database: db2, workers: false });
      try {
        await second.app.listen({ port: 0, host: '127.0.0.1' });
        const token = await s.current.login();
        const info = (
          await s.current.inject({ url: '/user/api/v1/sys/user/info', headers: { authorization: token } })
        ).json().data;
        const viaSecond = await connect({ ...s.current, server: second } as TestServer, `token=${token}`);
        expect((await viaSecond.next()).data?.type).toBe('HAND_SHAKE_RESULT');
        await s.current.server.services.live.publish(info.userId, 'EXPORT_PROGRESS', { id: 7, exportSpeed: '40%' });
        expect((await viaSecond.next()).data).toEqual({ type: 'EXPORT_PROGRESS', data: { id: 7, exportSpeed: '40%' } });
        viaSecond.ws.close();
      } finally {
        await second.close();
        await db2.close();
      }
    });
  }
});
