import type { FastifyInstance } from 'fastify';
import { BILLING_FILE_MAX_BYTES, IMAGE_MAX_BYTES } from '@cbo/contract';
import { readSingleFile } from '../../platform/files/uploads.js';
import { ANSWERED, AnswerWithError, registerCall, type Principal } from '../../platform/http/routes.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Platform } from '../../platform/module.js';
import { billingTemplate, importBilling } from './billing-import.js';
import type { AccessoriesServices } from './index.js';

const actor = (p: Principal) => ({ id: p.accountId, name: p.userName });
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Thin routes; the cable, charger and ticket lists with their exports are declared in index.ts (the list kit). */
export function accessoriesRoutes(app: FastifyInstance, s: AccessoriesServices, { uploads, db }: Platform): void {
  registerCall(app, 'cableAdd', ({ principal, body }) => s.cables.add(body, actor(principal)));
  registerCall(app, 'cableUpdate', ({ body }) => s.cables.update(body));
  registerCall(app, 'cableDelete', ({ query }) => s.deleteDevice(s.cableBinding, query.deviceId));
  registerCall(app, 'bluetoothDelete', ({ query }) => s.deleteDevice(s.chargerBinding, query.deviceId));
  registerCall(app, 'cableIssueCode', ({ principal, body }) =>
    s.cables.issue(body.deviceId, body.hours, actor(principal)),
  );
  registerCall(app, 'cableReissueCode', ({ principal, body }) => s.cables.reissue(body.deviceId, actor(principal)));
  registerCall(app, 'cableCodeQueryPage', ({ query }) => s.cables.codes(query.cableId, query.pageNum, query.pageSize));

  registerCall(app, 'bluetoothAdd', ({ principal, body, req }) => s.chargers.add(body, actor(principal), req.lang));
  registerCall(app, 'bluetoothUpdate', ({ body, req }) => s.chargers.update(body, req.lang));
  registerCall(app, 'bluetoothLimits', () => s.chargers.limits());

  registerCall(app, 'billingTemplate', async ({ reply, req }) => {
    const file = await billingTemplate(req.lang);
    // Answered here (a file, not the envelope); the wrapper sends nothing more.
    reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename="billing-template.xlsx"`)
      .header('cache-control', 'private, no-store')
      .send(file);
    return ANSWERED;
  });
  registerCall(app, 'billingImport', async ({ req }) => {
    let bytes: Buffer;
    try {
      bytes = await readSingleFile(req, BILLING_FILE_MAX_BYTES);
    } catch (e) {
      // A missing or empty file is the billing file's own message; too large is a wrong size.
      if (e instanceof AppError && e.errorName === 'FILE_MISSING') throw new AppError('ACC_PRICE_FILE_EMPTY');
      if (e instanceof AppError && e.errorName === 'FILE_TOO_LARGE') throw new AppError('ACC_PRICE_FILE_UNREADABLE');
      throw e;
    }
    const report = await importBilling(db, s.chargers, bytes, req.lang);
    if (!report.failures.length) return report;
    // Part failed: what was applied stays; the answer is a refusal carrying the report, which the screen shows.
    return new AnswerWithError('REJECTED', report, {
      name: 'ACC_BILLING_PARTIAL',
      params: { successes: report.successes, failed: report.failures.length },
    });
  });

  registerCall(app, 'repairAdd', ({ principal, body }) => s.repairs.create(body, actor(principal)));
  registerCall(app, 'repairProcess', ({ principal, body }) => s.repairs.process(body, actor(principal)));
  registerCall(app, 'repairProblemTypes', () => s.repairs.problemTypes());
  registerCall(app, 'repairUploadPicture', async ({ principal, req }) => ({
    url: (await uploads.acceptImage(req, principal.accountId, { kind: 'image', maxBytes: IMAGE_MAX_BYTES })).url,
  }));
}
