import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, type CallName } from '@cbo/contract';
import { auth, engines, useServer } from '../../test/helper.js';

/**
 * Generated from the contract: every call that takes input gets broken JSON, wrong types and
 * 10,000-character strings in every field, signed in as the super administrator so the input is
 * what decides. Each must answer a non-zero code with a message, and never a 500.
 */
const calls = (Object.keys(api) as CallName[]).filter((n) => {
  const d = api[n];
  return (d.body || d.query) && !d.multipart && !d.download;
});

function fieldsOf(schema: z.ZodType | undefined): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

describe.each(engines)('bad input on every call (%s)', (engine) => {
  const s = useServer(engine);

  it.each(calls)('%s', async (name) => {
    const def = api[name];
    const token = await s.current.login();
    const send = (payload: { body?: unknown; query?: Record<string, string>; raw?: string }) =>
      s.current.inject({
        method: def.method,
        url: def.path + (payload.query ? `?${new URLSearchParams(payload.query)}` : ''),
        headers: { ...auth(token), ...(payload.raw !== undefined ? { 'content-type': 'application/json' } : {}) },
        payload: payload.raw ?? (payload.body as object | undefined),
      });
    const expectRefused = (res: Awaited<ReturnType<typeof send>>, what: string) => {
      expect(res.statusCode, `${name}: ${what}`).toBeLessThan(500);
      const body = res.json();
      expect(body.code, `${name}: ${what}`).not.toBe(0);
      expect(typeof body.msg).toBe('string');
      expect(body.msg.length).toBeGreaterThan(0);
    };

    if (def.body) {
      const fields = fieldsOf(def.body);
      expectRefused(await send({ raw: '{"broken": ' }), 'broken JSON');
      expectRefused(await send({ body: Object.fromEntries(fields.map((f) => [f, { nested: true }])) }), 'wrong types');
      expectRefused(await send({ body: Object.fromEntries(fields.map((f) => [f, 'x'.repeat(10_000)])) }), 'long strings');
      expectRefused(await send({ body: [1, 2, 3] }), 'an array instead of an object');
    }
    if (def.query) {
      const fields = fieldsOf(def.query);
      expectRefused(await send({ query: Object.fromEntries(fields.map((f) => [f, 'x'.repeat(10_000)])) }), 'long query values');
      const numeric = fields.filter((f) => f === 'pageNum' || f === 'pageSize' || f === 'id' || f === 'manageId');
      if (numeric.length) expectRefused(await send({ query: Object.fromEntries(numeric.map((f) => [f, '-1'])) }), 'negative numbers');
    }
  });
});
