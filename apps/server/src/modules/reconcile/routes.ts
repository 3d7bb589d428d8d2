import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/http/routes.js';
import type { ReconcileServices } from './index.js';

/** Thin routes: each validates through the contract and calls one service method (the lists are the kit's). */
export function reconcileRoutes(app: FastifyInstance, s: ReconcileServices): void {
  registerCall(app, 'reconcileProviders', () => s.reconcile.providers());
  registerCall(app, 'reconcileRun', ({ body, principal }) =>
    s.reconcile.runNow(body.day, body.provider, principal.userName),
  );
  registerCall(app, 'reconcileExplain', ({ body, principal }) =>
    s.reconcile.explain(body.id, body.reason, principal.userName),
  );
}
