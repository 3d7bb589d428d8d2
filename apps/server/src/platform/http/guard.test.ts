import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { installGuard } from './routes.js';

/**
 * A route added to the API paths any other way than as a contract call stops the server from
 * starting. That a call without `access`, or a name outside the contract, does not compile is
 * checked by the typecheck (guard.type-test.ts).
 */
describe('every API route declares its access', () => {
  it('refuses at start a route under the API paths that is not a contract call', async () => {
    const app = Fastify();
    installGuard(
      app,
      {
        authenticate: async () => {
          throw new Error('unused');
        },
        authorize: async () => false,
      },
      { record: async () => {}, begin: async () => 0, finish: async () => {} },
      {} as never,
    );
    expect(() => app.get('/user/api/v1/sneaky', async () => ({ ok: true }))).toThrow(/not a contract call/);
    expect(() => app.route({ method: 'POST', url: '/device/api/v1/sneaky', handler: async () => null })).toThrow(
      /not a contract call/,
    );
    // Outside the API paths (health, static files) routes are free.
    expect(() => app.get('/healthz2', async () => ({ ok: true }))).not.toThrow();
    await app.close();
  });
});
