import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, oneEngine, useServer } from '../../test/helper.js';

/**
 * Walks every route the server registered (read from its own OpenAPI document, so a route added
 * tomorrow is walked too) and sends a lone UTF-16 surrogate in every string field of its body and
 * in every query parameter, signed in as the super administrator (and, for app calls, as an agent
 * and as a customer), so the input decides. No answer may be a 5xx: PostgreSQL refuses a lone
 * surrogate in jsonb and a driver silently changes it in text, so it must be refused before.
 */
type Json = Record<string, unknown>;
type Path = (string | number)[];
const BAD = ['x\ud800y', '\udc00', 'a\udfff\ud800'];

interface Operation {
  method: string;
  path: string;
  id: string;
  access: string;
  body: Json | null;
  query: { name: string; schema: Json }[];
}

describe.each(oneEngine)('lone surrogates on every registered route (%s)', (engine) => {
  const s = useServer(engine);
  let doc: { paths: Record<string, Record<string, Json>>; components?: { schemas?: Record<string, Json> } };
  const tokens: Record<string, string> = {};

  const resolve = (schema: Json | undefined): Json => {
    let x = schema ?? {};
    for (let i = 0; typeof x.$ref === 'string' && i < 10; i++)
      x = doc.components?.schemas?.[(x.$ref as string).split('/').pop()!] ?? {};
    return x;
  };
  const optionsOf = (x: Json) => ((x.anyOf ?? x.oneOf ?? x.allOf) as Json[] | undefined)?.map(resolve);

  /** A value of the schema's shape (not necessarily valid: the point is to carry the bad string in). */
  function sample(schema: Json | undefined, depth = 0): unknown {
    const x = resolve(schema);
    if (depth > 6) return null;
    const opts = optionsOf(x);
    if (opts) return sample(opts.find((o) => o.type !== 'null') ?? opts[0], depth + 1);
    if (Array.isArray(x.enum)) return x.enum[0];
    if ('const' in x) return x.const;
    const type = Array.isArray(x.type) ? (x.type as string[]).find((t) => t !== 'null') : x.type;
    switch (type) {
      case 'object': {
        const out: Json = {};
        for (const [k, v] of Object.entries((x.properties ?? {}) as Record<string, Json>))
          out[k] = sample(v, depth + 1);
        return out;
      }
      case 'array':
        return [sample(x.items as Json, depth + 1)];
      case 'string':
        return 'abc';
      case 'integer':
      case 'number':
        return 1;
      case 'boolean':
        return false;
      default:
        return null;
    }
  }

  /** Paths of every string inside the schema (an array's element as index 0). */
  function strings(schema: Json | undefined, path: Path = [], out: Path[] = [], depth = 0): Path[] {
    const x = resolve(schema);
    if (depth > 6) return out;
    const opts = optionsOf(x);
    if (opts) for (const o of opts) strings(o, path, out, depth + 1);
    const types = Array.isArray(x.type) ? (x.type as string[]) : [x.type];
    if (types.includes('string') && !out.some((p) => p.join('.') === path.join('.'))) out.push(path);
    if (types.includes('object'))
      for (const [k, v] of Object.entries((x.properties ?? {}) as Record<string, Json>))
        strings(v, [...path, k], out, depth + 1);
    if (types.includes('array')) strings(x.items as Json, [...path, 0], out, depth + 1);
    return out;
  }

  function setAt(root: unknown, path: Path, value: unknown): unknown {
    if (!path.length) return value;
    const [head, ...rest] = path;
    const obj = (
      root && typeof root === 'object' ? structuredClone(root) : typeof head === 'number' ? [] : {}
    ) as Record<string | number, unknown>;
    obj[head!] = setAt(obj[head!], rest, value);
    return obj;
  }

  function operations(): Operation[] {
    const out: Operation[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (!/^(get|post|put|delete|patch)$/.test(method)) continue;
        const content = ((op.requestBody as Json | undefined)?.content ?? {}) as Record<string, { schema?: Json }>;
        out.push({
          method: method.toUpperCase(),
          path,
          id: String(op.operationId),
          access: String(op['x-permission'] ?? ''),
          body: content['application/json']?.schema ?? null,
          query: ((op.parameters ?? []) as { in: string; name: string; schema: Json }[]).filter(
            (p) => p.in === 'query',
          ),
        });
      }
    }
    return out;
  }

  beforeAll(async () => {
    doc = s.current.server.app.swagger() as unknown as typeof doc;
    tokens.admin = await s.current.login();
    const agent = { areaCode: '86', mobile: '13800007777', password: 'secret12' };
    await s.current.server.services.network.agents.save({
      ...agent,
      name: 'Fuzz agent',
      level: 'A',
      ratio: 50,
      minWithdrawal: 0,
      withdrawalFeeRate: 0,
    });
    tokens.agent = (
      await s.current.inject({
        method: 'POST',
        url: '/user/api/app/v1/auth',
        payload: { ...agent, clientType: 'AGENT_IOS' },
      })
    ).json().data.token;
    const mobile = `137${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
    await s.current.inject({
      method: 'POST',
      url: '/user/api/app/v1/auth/sendCode',
      payload: { areaCode: '86', mobile },
    });
    tokens.customer = (
      await s.current.inject({
        method: 'POST',
        url: '/user/api/app/v1/auth',
        payload: { areaCode: '86', mobile, code: s.current.sms.lastCode(mobile)!, clientType: 'USER_IOS' },
      })
    ).json().data.token;
  });

  it("finds the routes in the server's own document", () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(250);
    expect(ops.some((o) => o.path === '/user/api/v1/region/export' && o.body)).toBe(true);
    expect(ops.some((o) => o.path === '/user/api/v1/withdrawal/audit')).toBe(true);
  });

  it('answers every route without a 5xx, the reproductions with 100001', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const op of operations()) {
      const who = op.access === 'app' ? ['agent', 'customer'] : op.access === 'public' ? ['none'] : ['admin'];
      for (const w of who) {
        const headers =
          w === 'none'
            ? {}
            : w === 'admin'
              ? auth(tokens.admin!)
              : { authorization: tokens[w]!, 'accept-language': 'en_US' };
        const send = async (what: string, body: unknown, query = '') => {
          sent++;
          const res = await s.current.inject({
            method: op.method as 'GET',
            url: op.path + query,
            headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            payload: body === undefined ? undefined : JSON.stringify(body),
          });
          if (res.statusCode >= 500)
            failures.push(`${op.method} ${op.path} as ${w}, ${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          return res;
        };
        const base = op.body ? sample(op.body) : undefined;
        if (op.body) {
          for (const path of strings(op.body)) {
            for (const bad of BAD)
              await send(`${JSON.stringify(bad)} in ${path.join('.') || 'body'}`, setAt(base, path, bad));
          }
          // Loosely typed parts: an unknown key and value.
          await send('an unknown key', { ...(base && typeof base === 'object' ? base : {}), ['k\ud800']: 'v\udc00' });
        }
        for (const q of op.query) {
          // A query string carries UTF-8: the nearest thing to a lone surrogate is its (invalid) encoding, and the character itself.
          for (const raw of ['%ED%A0%80', 'x%ED%B0%80y', encodeURIComponent('x\ufffdy')])
            await send(`${raw} in ?${q.name}`, base, `?${q.name}=${raw}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(500);

    // The reproductions of the issue, named.
    const token = tokens.admin!;
    const exp = await s.current.inject({
      method: 'POST',
      url: '/user/api/v1/region/export',
      headers: { ...auth(token), 'content-type': 'application/json' },
      payload: '{"name":"\\ud800"}',
    });
    expect(exp.json()).toMatchObject({ code: 100001, msg: expect.stringContaining('lone UTF-16 surrogate') });
    const audit = await s.current.inject({
      method: 'PUT',
      url: '/user/api/v1/withdrawal/audit',
      headers: { ...auth(token), 'content-type': 'application/json' },
      payload: '{"id":1,"approve":false,"reason":"x\\ud800y"}',
    });
    expect(audit.statusCode).toBeLessThan(500);
    expect(audit.json().code).toBe(100001);
  }, 600_000);
});
