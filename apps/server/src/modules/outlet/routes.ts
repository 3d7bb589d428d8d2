import type { FastifyInstance } from 'fastify';
import { registerCall, type Principal } from '../../platform/http/routes.js';
import type { OutletServices } from './index.js';

const actor = (p: Principal) => ({ id: p.accountId, name: p.userName });

/** Thin routes: each validates through the contract and calls one service method (the list and its export are in index.ts). */
export function outletRoutes(app: FastifyInstance, s: OutletServices): void {
  registerCall(app, 'outletSaveOrUpdate', ({ principal, body }) => s.outlets.save(body, { by: principal.accountId }));
  registerCall(app, 'outletOutsideRange', () => s.outlets.outsideRange(), { audit: false });
  registerCall(app, 'outletSuspend', ({ body }) => s.outlets.suspend(body.id, body.reason));
  registerCall(app, 'outletResume', ({ body }) => s.outlets.resume(body.id));
  registerCall(app, 'outletDelete', ({ body }) => s.outlets.delete(body.id));
  // Binding is installing and unbinding removing: the install records name who did it.
  registerCall(app, 'outletBindDevice', ({ principal, body }) => s.outlets.bind(body, actor(principal)));
  registerCall(app, 'outletUnbindDevice', ({ principal, body }) =>
    s.outlets.unbind(body.sn, body.deviceType, actor(principal), body.reason),
  );
  registerCall(app, 'outletDevices', ({ query }) => s.outlets.devicesOf(query.outletId));
  registerCall(app, 'outletUnboundDevices', ({ query }) => s.outlets.unboundDevices(query.keyword, query.deviceType));
  registerCall(app, 'outletOwnerOptions', ({ query }) => s.outlets.ownerOptions(query.keyword));
  registerCall(app, 'outletMapPoints', ({ query }) => s.outlets.mapPoints(query));
  registerCall(app, 'outletMapSettings', () => s.geocoding.mapSettings());
  // The lookup waits on the map provider for up to seconds: no database transaction held open meanwhile.
  registerCall(app, 'outletGeocode', ({ query }) => s.geocoding.geocode(query.address), { transaction: false });
  // The outlet page template applies to every outlet: saved in the settings and written into each outlet.
  registerCall(app, 'configUpdateStoreUrl', ({ body }) => s.outlets.applyStoreUrl(body.storeUrl));
}
