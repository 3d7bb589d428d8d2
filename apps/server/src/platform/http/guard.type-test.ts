/**
 * Type tests, checked by `npm run typecheck` (never run): "a route without a declared permission
 * fails the build". Each line below must stay a type error; if one compiles, `@ts-expect-error`
 * itself becomes the error and the typecheck fails.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { call } from '@cbo/contract';
import { registerCall } from './routes.js';

export function typeTests(app: FastifyInstance): void {
  // @ts-expect-error access is required on every call
  call({ method: 'GET', path: '/user/api/v1/x', summary: 'x', module: 'x', data: z.null() });
  // @ts-expect-error only calls written in the contract can be registered
  registerCall(app, 'notInTheContract', async () => null);
}
