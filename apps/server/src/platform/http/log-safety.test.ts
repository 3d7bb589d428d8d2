import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { auth, oneEngine, useServer } from '../../test/helper.js';
import { redactUrl } from './log-safety.js';

/** Everything the server logs, as text. */
class Captured extends Writable {
  text = '';
  override _write(chunk: Buffer, _enc: string, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

describe('redactUrl', () => {
  it('replaces credential query values and keeps the rest', () => {
    expect(redactUrl('/ws?token=abc-_123&clientType=MANAGE_PC')).toBe('/ws?token=[redacted]&clientType=MANAGE_PC');
    expect(redactUrl('/ws?clientType=MANAGE_PC&TOKEN=abc#x')).toBe('/ws?clientType=MANAGE_PC&TOKEN=[redacted]#x');
    expect(redactUrl('/user/api/v1/x?pageNum=1')).toBe('/user/api/v1/x?pageNum=1');
  });
});

// What the HTTP layer writes to the log is the code's, not the engine's: one engine (docs/decisions/tests-and-ci.md).
describe.each(oneEngine)('server log (%s)', (engine) => {
  const log = new Captured();
  const s = useServer(engine, { SMS_PROVIDER: 'log' }, { logger: { level: 'trace', stream: log }, sms: 'configured' });

  it('never contains a session token: not from /ws?token=, the Authorization header or the cookie', async () => {
    const token = await s.current.login();
    await s.current.server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = s.current.server.app.server.address() as { port: number };
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${encodeURIComponent(token)}&clientType=MANAGE_PC`);
    const first = await new Promise<string>((resolve, reject) => {
      ws.on('message', (m) => resolve(m.toString()));
      ws.on('error', reject);
    });
    expect(JSON.parse(first)).toMatchObject({ code: 0, data: { type: 'HAND_SHAKE_RESULT' } });
    ws.close();
    expect(
      (
        await s.current.inject({
          url: '/user/api/v1/sys/user/info',
          headers: auth(token),
          cookies: { Authorization: token },
        })
      ).json().code,
    ).toBe(0);
    // a refused call logs the request too
    expect(
      (await s.current.inject({ url: '/user/api/v1/sys/loginLog/queryPage?pageSize=0', headers: auth(token) })).json()
        .code,
    ).toBe(100001);
    await s.current.inject({ method: 'POST', url: '/user/api/v1/auth/logout', headers: auth(token) });

    expect(log.text).toContain('/ws?token=[redacted]&clientType=MANAGE_PC');
    expect(log.text).toContain('/user/api/v1/sys/user/info');
    expect(log.text).not.toContain(token);
    expect(log.text).not.toContain(encodeURIComponent(token));
  });

  it('warns at start that verification codes are written to the log', () => {
    expect(log.text).toMatch(/"level":40,.*SMS_PROVIDER=log: verification codes are written to this log/);
  });
});
