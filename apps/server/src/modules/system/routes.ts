import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMAGE_MAX_BYTES, type OperationLogFilter, type ProblemTypeFilter } from '@cbo/contract';
import { registerCall } from '../../platform/http/routes.js';
import type { Uploads } from '../../platform/files/uploads.js';
import { timeZoneOf, type ExportService } from './export.service.js';
import type { OperationLogService } from './operation-log.service.js';
import type { ParamsService } from './params.service.js';
import type { SystemServices } from './index.js';

export function systemRoutes(
  app: FastifyInstance,
  s: { params: ParamsService; exports: ExportService; operationLog: OperationLogService; system: SystemServices; uploads: Uploads },
): void {
  registerCall(app, 'findValueByKey', ({ query }) => s.params.publicValue(query.paramType, query.paramKey));
  registerCall(app, 'exportLogList', ({ principal, query }) => s.exports.list(principal.accountId, query.pageNum, query.pageSize));
  registerCall(app, 'exportDownload', async ({ principal, query, reply }) => {
    const file = await s.exports.fileFor(principal.accountId, query.id);
    const ascii = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('cache-control', 'private, no-store')
      .send(fs.createReadStream(file.path));
  });

  const { config, extensions, scenes, problemTypes } = s.system;
  const zone = (req: FastifyRequest) => timeZoneOf(req.headers['x-time-zone']);

  registerCall(app, 'configBasis', () => config.read('basis'));
  registerCall(app, 'configPay', () => config.read('pay'));
  registerCall(app, 'configOperation', () => config.read('operation'));
  registerCall(app, 'configSys', () => config.sys());
  registerCall(app, 'configOther', () => config.read('other'));
  registerCall(app, 'configDevicePayList', () => config.devicePayList());
  registerCall(app, 'configDevicePayByIndex', ({ query }) => config.devicePayByIndex(query.index));
  registerCall(app, 'configValueByKey', ({ query }) => config.valueByKey(query.paramType, query.paramKey));
  registerCall(app, 'configBannerList', () => config.bannerList());
  registerCall(app, 'configRange', () => config.read('range'));
  registerCall(app, 'configSave', ({ body }) => config.save(body));
  registerCall(app, 'configSavePay', ({ principal, body }) => config.savePay(principal, body.ticket, body.values));
  registerCall(app, 'configUpdateDevicePay', ({ principal, body }) => config.updateDevicePay(principal, body.ticket, body.id, body.values));
  registerCall(app, 'configUpdateBanner', ({ body }) => config.updateBanner(body.id, body));
  registerCall(app, 'configUpdateAddress', ({ body }) => config.saveAddress(body));
  registerCall(app, 'configSysSendCode', ({ principal, body }) => config.sendSysMobileCode(principal, body));
  registerCall(app, 'configAddDevicePay', ({ principal, body }) => config.addDevicePay(principal, body.ticket, body.values));
  registerCall(app, 'configAddBanner', ({ body }) => config.addBanner(body));
  registerCall(app, 'configSendCode', ({ principal }) => config.sendCode(principal));
  registerCall(app, 'configCheckCode', ({ principal, body }) => config.checkCode(principal, body.code));
  registerCall(app, 'configSysCheckCode', ({ principal, body }) => config.setSysMobile(principal, body));
  registerCall(app, 'configDelete', ({ principal, query }) => config.delete(principal, query.kind, query.id, query.ticket));
  registerCall(app, 'configUpdateStoreUrl', ({ body }) => config.saveStoreUrl(body.storeUrl));
  registerCall(app, 'configSaveRange', ({ body }) => config.saveRange(body));
  // Logo and banners (the configuration screen) and scene pictures (the scene screen): one reader, each call its screen's permission.
  registerCall(app, 'configUploadImage', async ({ principal, req }) => ({
    url: (await s.uploads.acceptImage(req, principal.accountId, { kind: 'image', maxBytes: IMAGE_MAX_BYTES })).url,
  }));
  registerCall(app, 'sceneUploadImage', async ({ principal, req }) => ({
    url: (await s.uploads.acceptImage(req, principal.accountId, { kind: 'image', maxBytes: IMAGE_MAX_BYTES })).url,
  }));

  registerCall(app, 'extensionQueryPage', ({ query }) => extensions.page(query));
  registerCall(app, 'extensionEditStatus', ({ principal, body }) => extensions.editStatus(principal, body));

  registerCall(app, 'sceneList', () => scenes.list());
  registerCall(app, 'sceneDetail', ({ query }) => scenes.detail(query.deviceType));
  registerCall(app, 'sceneUpdate', ({ body }) => scenes.update(body));

  registerCall(app, 'problemTypeQueryPage', ({ query }) => problemTypes.page(query));
  registerCall(app, 'problemTypeSave', ({ body }) => problemTypes.save(body));
  registerCall(app, 'problemTypeDelete', ({ query }) => problemTypes.delete(query.id));
  registerCall(app, 'problemTypeExport', ({ principal, body, req }) =>
    s.exports.start<ProblemTypeFilter>(principal.accountId, 'problemType', body, req.lang, zone(req)),
  );

  registerCall(app, 'operationLogQueryPage', ({ query }) => s.operationLog.page(query));
  registerCall(app, 'operationLogExport', ({ principal, body, req }) =>
    s.exports.start<OperationLogFilter>(principal.accountId, 'operationLog', body, req.lang, zone(req)),
  );
}
