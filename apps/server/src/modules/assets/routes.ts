import type { FastifyInstance } from 'fastify';
import { STOCK_EXCEL_MAX_BYTES, type MovementReport } from '@cbo/contract';
import { AnswerWithError, registerCall, type Principal } from '../../platform/http/routes.js';
import { readSingleFile } from '../../platform/files/uploads.js';
import type { AssetsServices } from './index.js';
import { idsFromWorkbook } from './stock-excel.js';

const actor = (p: Principal) => ({ id: p.accountId, name: p.userName });

/** A movement where some devices failed answers -100 with its report; what moved stays moved. */
function answer(report: MovementReport): MovementReport | AnswerWithError<MovementReport> {
  if (!report.failures.length) return report;
  return new AnswerWithError('REJECTED', report, {
    name: 'MOVEMENT_PARTIAL',
    params: { successes: report.successes, failed: report.failures.length },
  });
}

/** Thin routes: each validates through the contract and calls one service method. Lists are in index.ts. */
export function assetsRoutes(app: FastifyInstance, s: AssetsServices): void {
  registerCall(app, 'assetDelete', ({ query }) => s.removal.deleteDevice(query.deviceId));
  registerCall(app, 'modelSave', ({ body }) => s.models.save(body));
  registerCall(app, 'modelEditStatus', ({ body }) => s.models.setStatus(body.id, body.status));
  registerCall(app, 'modelOptions', ({ query }) => s.models.options(query.deviceType));

  registerCall(app, 'supplierSave', ({ body }) => s.suppliers.save(body));
  registerCall(app, 'supplierEditStatus', ({ body }) => s.suppliers.setStatus(body.id, body.status));

  registerCall(app, 'warehouseSave', ({ body }) => s.warehouses.save(body));
  registerCall(app, 'warehouseEditStatus', ({ body }) => s.warehouses.setStatus(body.id, body.status));
  registerCall(app, 'warehouseOptions', () => s.warehouses.options());

  registerCall(app, 'stockPutIn', async ({ principal, body, req }) =>
    answer(await s.stock.putIn(body, actor(principal), req.lang)),
  );
  registerCall(app, 'stockTakeOut', async ({ principal, body, req }) =>
    answer(await s.stock.takeOut(body, actor(principal), req.lang)),
  );
  registerCall(app, 'stockPutInExcel', async ({ principal, query, req }) => {
    const ids = await idsFromWorkbook(await readSingleFile(req, STOCK_EXCEL_MAX_BYTES));
    return answer(await s.stock.putIn({ ...query, ids }, actor(principal), req.lang));
  });
  registerCall(app, 'stockTakeOutExcel', async ({ principal, query, req }) => {
    const ids = await idsFromWorkbook(await readSingleFile(req, STOCK_EXCEL_MAX_BYTES));
    return answer(await s.stock.takeOut({ ...query, ids }, actor(principal), req.lang));
  });

  registerCall(app, 'dispatchApply', ({ principal, body, req }) => s.dispatch.apply(body, actor(principal), req.lang));
  registerCall(app, 'dispatchAudit', ({ principal, body }) => s.dispatch.audit(body, actor(principal)));
  registerCall(app, 'dispatchDetail', ({ query }) => s.dispatch.detail(query.id));
}
