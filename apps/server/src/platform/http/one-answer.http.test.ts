import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { auth, engines, useServer } from '../../test/helper.js';

/** Everything the server logs, as text. */
class Captured extends Writable {
  text = '';
  override _write(chunk: Buffer, _enc: string, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

/**
 * A handler that answers by itself (a partial report, a file download) must answer once: Fastify
 * logs "Reply was already sent" when a second answer is attempted, and that second answer is a bug.
 */
describe.each(engines)('one answer per request (%s)', (engine) => {
  const log = new Captured();
  const s = useServer(engine, {}, { logger: { level: 'trace', stream: log }, workers: true });

  it('a partial batch storage and an export download each answer once, with no warning logged', async () => {
    const token = await s.current.login();
    const post = async (url: string, payload: object) =>
      (await s.current.inject({ method: 'POST', url, payload, headers: auth(token) })).json();
    const partial = await post('/device/api/v1/cabinet/batchStorage', { sns: ['ONEA000000000001', 'BAD'] });
    expect(partial.code).toBe(-100);
    const started = await post('/user/api/v1/sys/loginLog/export', {});
    expect(started.code).toBe(0);
    let file: { id: number } | undefined;
    for (let i = 0; i < 200 && !file; i++) {
      const list = (
        await s.current.inject({ url: '/user/api/v1/exportExcelLog/list?pageNum=1&pageSize=10', headers: auth(token) })
      ).json();
      file = list.data.list.find((r: { status: string }) => r.status === 'done');
      if (!file) await new Promise((r) => setTimeout(r, 50));
    }
    expect(file).toBeDefined();
    // Over a real socket: the file is streamed, as a browser receives it.
    await s.current.server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = s.current.server.app.server.address() as { port: number };
    const dl = await fetch(`http://127.0.0.1:${port}/user/api/v1/exportExcelLog/download?id=${file!.id}`, {
      headers: auth(token),
    });
    expect(dl.status).toBe(200);
    expect(
      Buffer.from(await dl.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    expect(log.text).not.toMatch(/already sent/i);
  });
});
