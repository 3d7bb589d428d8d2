import { describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { api } from '@cbo/contract';
import { oneEngine, useServer } from '../../test/helper.js';

// The document and the route table are the code's, not the engine's: one engine (docs/decisions/tests-and-ci.md).
describe.each(oneEngine)('OpenAPI and the route table (%s)', (engine) => {
  const s = useServer(engine);

  it('every contract call is served at its exact path with an x-permission', async () => {
    const doc = (await s.current.inject({ url: '/openapi.json' })).json();
    for (const def of Object.values(api)) {
      const op = doc.paths[def.path]?.[def.method.toLowerCase()];
      expect(op, `${def.method} ${def.path}`).toBeTruthy();
      const expected = typeof def.access === 'string' ? def.access : def.access.permission;
      expect(op['x-permission']).toBe(expected);
    }
  });

  it('the OpenAPI document is valid, every $ref resolves, and each operation is named after its call', async () => {
    const doc = (await s.current.inject({ url: '/openapi.json' })).json();
    const result = await new Validator().validate(doc);
    expect(result.errors ?? [], 'OpenAPI validation errors').toEqual([]);
    expect(result.valid).toBe(true);

    const ids: string[] = [];
    for (const [path, ops] of Object.entries<Record<string, { operationId?: string; security?: unknown }>>(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const name = op.operationId;
        expect(name, `${method} ${path} has an operationId`).toBeTruthy();
        const def = api[name as keyof typeof api];
        expect(def, `${name} is a contract call`).toBeTruthy();
        expect(`${def.method} ${def.path}`).toBe(`${method.toUpperCase()} ${path}`);
        // Public calls need no token; every other one declares the token scheme.
        expect(op.security, name).toEqual(def.access === 'public' ? undefined : [{ token: [] }]);
        ids.push(name!);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(Object.keys(api).sort());
    expect(doc.components.securitySchemes.token).toBeTruthy();
  });

  it('serves a readable reference page', async () => {
    const r = await s.current.inject({ url: '/reference/' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/html/);
  });

  it('answers unknown API paths with the not-found code, not an HTML page', async () => {
    const r = await s.current.inject({ url: '/user/api/v1/nothing-here', headers: { 'accept-language': 'en_US' } });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ code: 100004, msg: 'Not found' });
  });

  it('public parameters: brand, logo and footer are seeded; private or unknown keys are not found', async () => {
    const q = (t: string, k: string) =>
      s.current.inject({ url: `/user/api/open/v1/auth/findValueByKey?paramType=${t}&paramKey=${k}` });
    expect((await q('basis', 'brandName')).json().data.paramValue).toBeTruthy();
    expect((await q('basis', 'navLogo')).json().data.paramValue).toBe('/logo.svg');
    expect((await q('basis', 'footerMessage')).json().code).toBe(0);
    expect((await q('basis', 'nope')).json().code).toBe(100004);
    expect((await s.current.inject({ url: '/user/api/open/v1/auth/findValueByKey?paramType=basis' })).json().code).toBe(
      100001,
    );
  });
});
