import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/http/routes.js';
import type { PayoutServices } from './index.js';

/** Thin routes: each validates through the contract and calls one service method. */
export function payoutRoutes(app: FastifyInstance, s: PayoutServices): void {
  registerCall(app, 'payoutApply', ({ body, principal }) => s.payouts.apply(principal, body));
  registerCall(app, 'payoutBalance', ({ principal }) => s.payouts.balanceOf(principal));
  registerCall(app, 'payoutConfirmation', ({ query, principal }) => s.confirmations.of(principal, query.id));
  registerCall(app, 'payoutMine', ({ query, principal }) => s.payouts.mine(principal, query));
  registerCall(app, 'payoutDetail', ({ query }) => s.payouts.detail(query.id));
  registerCall(app, 'payoutSummary', () => s.payouts.summary());
  registerCall(app, 'payoutAudit', ({ body, principal }) => s.payouts.audit(body, principal.userName));
  registerCall(app, 'payoutBatchAudit', ({ body, principal, req }) =>
    s.payouts.batchAudit(body, principal.userName, req.lang),
  );
}
