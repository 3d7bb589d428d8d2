import type { FastifyInstance } from 'fastify';
import { errorMessage, Errors } from '@cbo/contract';
import { registerCall } from '../../platform/http/routes.js';
import type { Principal } from '../../platform/http/routes.js';
import { timeZoneOf, type ExportService } from '../system/export.service.js';
import type { FleetServices } from './index.js';

const actor = (p: Principal) => ({ id: p.accountId, name: p.userName });
/** A device action is recorded and committed before it is sent, so it cannot share the request's transaction. */
const DEVICE_ACTION = { transaction: false };

/** Thin routes: each validates through the contract and calls one service method. */
export function fleetRoutes(app: FastifyInstance, s: FleetServices, deps: { exports: ExportService }): void {
  registerCall(app, 'cabinetQueryPage', ({ query }) => s.cabinets.page(query));
  registerCall(app, 'cabinetDetail', ({ query }) => s.cabinets.detail(query.sn));
  registerCall(app, 'cabinetSecret', ({ query }) => s.cabinets.secret(query.sn));
  registerCall(app, 'cabinetExport', ({ principal, body, req }) =>
    deps.exports.start(principal.accountId, 'fleetCabinet', { ...body, lang: req.lang }, req.lang, timeZoneOf(req.headers['x-time-zone'])),
  );
  registerCall(app, 'cabinetBatchStorage', async ({ principal, body, req, reply }) => {
    const report = await s.stockIn(body as never, { lang: req.lang, by: principal.accountId });
    if (!report.failed.length) return report;
    // Part failed: -100, the screen shows the report itself (spec 8: batch partial failure report).
    reply.envelopeCode = Errors.REJECTED.code;
    const msg = errorMessage('BATCH_PARTIAL', req.lang, { succeeded: report.succeeded, failed: report.failed.length });
    return reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify({ code: Errors.REJECTED.code, msg, data: report }));
  });

  registerCall(app, 'powerBankQueryPage', ({ query }) => s.cabinets.powerBankPage(query));
  registerCall(app, 'powerBankExport', ({ principal, body, req }) =>
    deps.exports.start(principal.accountId, 'fleetPowerBank', { ...body, lang: req.lang }, req.lang, timeZoneOf(req.headers['x-time-zone'])),
  );

  registerCall(app, 'forcedEjectQueryPage', ({ query }) => s.commands.forcedEjectPage(query));
  registerCall(app, 'forcedEjectEject', ({ principal, body }) => s.commands.forcedEject(body, actor(principal)), DEVICE_ACTION);
  registerCall(app, 'forcedEjectExport', ({ principal, body, req }) =>
    deps.exports.start(principal.accountId, 'fleetForcedEject', { ...body, lang: req.lang }, req.lang, timeZoneOf(req.headers['x-time-zone'])),
  );

  registerCall(app, 'firmwareUpgrade', ({ principal, body }) => s.commands.upgrade(body, actor(principal)), DEVICE_ACTION);
  registerCall(app, 'firmwareQueryPage', ({ query }) => s.commands.firmwarePage(query));
  registerCall(app, 'firmwareDetail', ({ query }) => s.commands.firmwareDetail(query.id));

  registerCall(app, 'commandSend', ({ principal, body }) => s.commands.send(body, actor(principal)), DEVICE_ACTION);
  registerCall(app, 'commandQueryPage', ({ query }) => s.commands.page(query));
  registerCall(app, 'commandDetail', ({ query }) => s.commands.detail(query.id));

  registerCall(app, 'deviceLogQueryPage', ({ query }) => s.deviceLog.page(query));
}
