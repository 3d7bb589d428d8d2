import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../platform/http/routes.js';
import type { SeparationServices } from './index.js';

/** Thin routes: each validates through the contract and calls one service method; staff changes are operation-logged. */
export function separationRoutes(app: FastifyInstance, s: SeparationServices): void {
  registerCall(app, 'separationRuleDetail', ({ query }) => s.rules.detail(query.id), { audit: false });
  registerCall(app, 'separationRuleSave', ({ body, principal }) => s.rules.save(body, principal.userName));
  registerCall(app, 'separationRuleEditStatus', ({ body, principal }) => s.rules.editStatus(body, principal.userName));
  registerCall(app, 'separationRuleDelete', ({ query }) => s.rules.remove(query.id));
  registerCall(app, 'separationOrderRestore', ({ body, principal }) => s.orders.restore(body.id, principal.userName));
}
