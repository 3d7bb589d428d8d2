import { describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { call } from '@cbo/contract';
import { installGuard, registerCall } from './routes.js';

/**
 * "A route without a declared permission fails the build": the contract's CallDef requires
 * `access`, registerCall takes only contract call names, and a route added to the API paths any
 * other way stops the server from starting.
 */
describe('every API route declares its access', () => {
  it('does not compile a call without access, nor register a name outside the contract', () => {
    // Type-level proof: `npm run typecheck` fails if either line below stops being an error.
    // @ts-expect-error access is required on every call
    const noAccess = call({ method: 'GET', path: '/user/api/v1/x', summary: 'x', module: 'x', data: z.null() });
    const register = (app: FastifyInstance) =>
      // @ts-expect-error only calls written in the contract can be registered
      registerCall(app, 'notInTheContract', async () => null);
    expect(noAccess).toBeDefined();
    expect(register).toBeTypeOf('function');
  });

  it('refuses at start a route under the API paths that is not a contract call', async () => {
    const app = Fastify();
    installGuard(
      app,
      { authenticate: async () => { throw new Error('unused'); }, authorize: async () => false },
      { record: async () => {}, begin: async () => 0, finish: async () => {} },
      {} as never,
    );
    expect(() => app.get('/user/api/v1/sneaky', async () => ({ ok: true }))).toThrow(/not a contract call/);
    expect(() => app.route({ method: 'POST', url: '/device/api/v1/sneaky', handler: async () => null })).toThrow(/not a contract call/);
    // Outside the API paths (health, static files) routes are free.
    expect(() => app.get('/healthz2', async () => ({ ok: true }))).not.toThrow();
    await app.close();
  });
});
