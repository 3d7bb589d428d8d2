import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMAGE_MAX_BYTES } from '@cbo/contract';
import { ANSWERED, registerCall } from '../../platform/http/routes.js';
import type { Platform } from '../../platform/module.js';
import type { SystemServices } from './index.js';

/**
 * Thin routes: each validates through the contract and calls one service method. The problem
 * type and operation log lists with their exports, and the extension list, are declared in index.ts
 * (the list kit).
 */
export function systemRoutes(app: FastifyInstance, s: SystemServices, { exports, uploads }: Platform): void {
  registerCall(app, 'appPlatformInfo', () => s.config.appInfo());
  registerCall(app, 'findValueByKey', ({ query }) => s.params.publicValue(query.paramType, query.paramKey));
  registerCall(app, 'exportLogList', ({ principal, query }) =>
    exports.list(principal.accountId, query.pageNum, query.pageSize),
  );
  registerCall(app, 'exportDownload', async ({ principal, query, reply }) => {
    const file = await exports.fileFor(principal.accountId, query.id);
    const ascii = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header(
        'content-disposition',
        `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      )
      .header('cache-control', 'private, no-store')
      .send(fs.createReadStream(file.path));
    return ANSWERED;
  });

  const { config, extensions, scenes, problemTypes } = s;

  registerCall(app, 'configBasis', () => config.read('basis'));
  registerCall(app, 'configPay', () => config.read('pay'));
  registerCall(app, 'configOperation', () => config.read('operation'));
  registerCall(app, 'configSys', () => config.sys());
  registerCall(app, 'configOther', () => config.read('other'));
  registerCall(app, 'configSms', () => config.read('sms'));
  registerCall(app, 'configDevicePayList', () => config.devicePayList());
  registerCall(app, 'configDevicePayByIndex', ({ query }) => config.devicePayByIndex(query.index));
  registerCall(app, 'configValueByKey', ({ query }) => config.valueByKey(query.paramType, query.paramKey));
  registerCall(app, 'configBannerList', () => config.bannerList());
  registerCall(app, 'configRange', () => config.read('range'));
  registerCall(app, 'configSave', ({ body }) => config.save(body));
  registerCall(app, 'configMerchant', () => s.merchant.settings());
  registerCall(app, 'configSaveMerchant', ({ principal, body }) => s.merchant.save(principal, body));
  registerCall(app, 'configSavePay', ({ principal, body }) => config.savePay(principal, body.ticket, body.values));
  registerCall(app, 'configUpdateDevicePay', ({ principal, body }) =>
    config.updateDevicePay(principal, body.ticket, body.id, body.values),
  );
  registerCall(app, 'configUpdateBanner', ({ body }) => config.updateBanner(body.id, body));
  registerCall(app, 'configUpdateAddress', ({ body }) => config.saveAddress(body));
  registerCall(app, 'configSysSendCode', ({ principal, body }) => config.sendSysMobileCode(principal, body));
  registerCall(app, 'configAddDevicePay', ({ principal, body }) =>
    config.addDevicePay(principal, body.ticket, body.values),
  );
  registerCall(app, 'configAddBanner', ({ body }) => config.addBanner(body));
  registerCall(app, 'configSendCode', ({ principal }) => config.sendCode(principal));
  registerCall(app, 'configCheckCode', ({ principal, body }) => config.checkCode(principal, body.code));
  registerCall(app, 'configSysCheckCode', ({ principal, body }) => config.setSysMobile(principal, body));
  registerCall(app, 'configDelete', ({ principal, query }) =>
    config.delete(principal, query.kind, query.id, query.ticket),
  );
  // configUpdateStoreUrl is answered by the outlet module: the template applies to every outlet.
  registerCall(app, 'configSaveRange', ({ body }) => config.saveRange(body));
  // Logo and banners (the configuration screen) and scene pictures (the scene screen): one reader, each call its screen's permission.
  const image = async (req: FastifyRequest, accountId: number) => ({
    url: (await uploads.acceptImage(req, accountId, { kind: 'image', maxBytes: IMAGE_MAX_BYTES })).url,
  });
  registerCall(app, 'configUploadImage', ({ principal, req }) => image(req, principal.accountId));
  registerCall(app, 'sceneUploadImage', ({ principal, req }) => image(req, principal.accountId));

  registerCall(app, 'extensionEditStatus', ({ principal, body }) => extensions.editStatus(principal, body));

  registerCall(app, 'sceneList', () => scenes.list());
  registerCall(app, 'sceneDetail', ({ query }) => scenes.detail(query.deviceType));
  registerCall(app, 'sceneUpdate', ({ body }) => scenes.update(body));
  // Refused while Advertising is closed: the guard's gate (EXTENSION_GATES) answers EXTENSION_CLOSED before this runs.
  registerCall(app, 'appAdverts', () => scenes.appAdverts());

  registerCall(app, 'problemTypeSave', ({ body }) => problemTypes.save(body));
  registerCall(app, 'problemTypeDelete', ({ query }) => problemTypes.delete(query.id));
}
