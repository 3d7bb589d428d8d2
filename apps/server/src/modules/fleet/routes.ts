import type { FastifyInstance } from 'fastify';
import { AnswerWithError, registerCall, type Principal } from '../../platform/http/routes.js';
import type { FleetServices } from './index.js';

const actor = (p: Principal) => ({ id: p.accountId, name: p.userName });
/** A device action is recorded and committed before it is sent, so it cannot share the request's transaction. */
const DEVICE_ACTION = { transaction: false };

/**
 * Thin routes: each validates through the contract and calls one service method. The lists (cabinets,
 * power banks and forced ejects with their exports; commands, firmware batches and the device log)
 * are declared in index.ts (the list kit).
 */
export function fleetRoutes(app: FastifyInstance, s: FleetServices): void {
  registerCall(app, 'cabinetDetail', ({ query }) => s.cabinets.detail(query.sn));
  registerCall(app, 'cabinetSecret', ({ query }) => s.cabinets.secret(query.sn));
  registerCall(app, 'cabinetBatchStorage', async ({ principal, body, req }) => {
    const report = await s.stockIn(body as never, { lang: req.lang, by: principal.accountId });
    if (!report.failed.length) return report;
    // Part failed: what was stocked in stays; the answer is a refusal carrying the report, which the screen shows.
    return new AnswerWithError('REJECTED', report, {
      name: 'BATCH_PARTIAL',
      params: { succeeded: report.succeeded, failed: report.failed.length },
    });
  });

  registerCall(app, 'cabinetQrLabels', ({ query }) => s.qr.labels(query.sns));
  registerCall(app, 'appScan', ({ query }) => s.qr.scan(query.code));
  registerCall(app, 'cabinetDelete', ({ query }) => s.deleteCabinet(query.sn));
  registerCall(app, 'powerBankDelete', ({ query }) => s.deletePowerBank(query.powerBankId));

  registerCall(
    app,
    'forcedEjectEject',
    ({ principal, body }) => s.commands.forcedEject(body, actor(principal)),
    DEVICE_ACTION,
  );

  registerCall(
    app,
    'firmwareUpgrade',
    ({ principal, body }) => s.commands.upgrade(body, actor(principal)),
    DEVICE_ACTION,
  );
  registerCall(app, 'firmwareDetail', ({ query }) => s.commands.firmwareDetail(query.id));

  registerCall(app, 'commandSend', ({ principal, body }) => s.commands.send(body, actor(principal)), DEVICE_ACTION);
  registerCall(app, 'commandDetail', ({ query }) => s.commands.detail(query.id));

  registerCall(app, 'fleetOverview', ({ principal }) => s.overview.overview(principal));
}
