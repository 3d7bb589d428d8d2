import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/http/routes.js';
import type { OutletServices } from './index.js';

/** Thin routes: each validates through the contract and calls one service method (the list and its export are in index.ts). */
export function outletRoutes(app: FastifyInstance, s: OutletServices): void {
  registerCall(app, 'outletSaveOrUpdate', ({ principal, body }) => s.outlets.save(body, { by: principal.accountId }));
  registerCall(app, 'outletSuspend', ({ body }) => s.outlets.suspend(body.id, body.reason));
  registerCall(app, 'outletResume', ({ body }) => s.outlets.resume(body.id));
  registerCall(app, 'outletDelete', ({ body }) => s.outlets.delete(body.id));
  registerCall(app, 'outletBindDevice', ({ body }) => s.outlets.bind(body));
  registerCall(app, 'outletUnbindDevice', ({ body }) => s.outlets.unbind(body.sn, body.deviceType));
  registerCall(app, 'outletDevices', ({ query }) => s.outlets.devicesOf(query.outletId));
  registerCall(app, 'outletUnboundDevices', ({ query }) => s.outlets.unboundDevices(query.keyword));
  registerCall(app, 'outletOwnerOptions', ({ query }) => s.outlets.ownerOptions(query.keyword));
  registerCall(app, 'outletMapPoints', ({ query }) => s.outlets.mapPoints(query));
  // The outlet page template applies to every outlet: saved in the settings and written into each outlet.
  registerCall(app, 'configUpdateStoreUrl', ({ body }) => s.outlets.applyStoreUrl(body.storeUrl));
}
