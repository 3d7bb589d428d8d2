import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/http/routes.js';
import type { AssetsServices } from './index.js';

/** Thin routes: each validates through the contract and calls one service method. Lists are in index.ts. */
export function assetsRoutes(app: FastifyInstance, s: AssetsServices): void {
  registerCall(app, 'modelSave', ({ body }) => s.models.save(body));
  registerCall(app, 'modelEditStatus', ({ body }) => s.models.setStatus(body.id, body.status));
  registerCall(app, 'modelOptions', ({ query }) => s.models.options(query.deviceType));
}
