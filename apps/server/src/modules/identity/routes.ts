import type { FastifyInstance } from 'fastify';
import { AVATAR_MAX_BYTES, type LoginLogFilter } from '@cbo/contract';
import { registerCall } from '../../platform/http/routes.js';
import { AppError } from '../../platform/http/app-error.js';
import { sniffImage, type FileStorage } from '../../platform/files/storage.js';
import type { ExportService } from '../system/export.service.js';
import { timeZoneOf } from '../system/export.service.js';
import type { IdentityServices } from './index.js';

/** Thin routes: each validates through the contract and calls one service method. */
export function identityRoutes(app: FastifyInstance, s: IdentityServices, deps: { files: FileStorage; exports: ExportService }): void {
  registerCall(app, 'login', ({ body, req }) => s.login.login(body, req));
  registerCall(app, 'logout', async ({ principal }) => {
    await s.sessions.end(principal.sessionId, 100021);
    return null;
  });
  registerCall(app, 'userInfo', ({ principal }) => s.userInfo(principal));

  registerCall(app, 'menuListByUser', ({ principal }) => s.access.menuTree(principal));
  registerCall(app, 'menuGetButton', ({ principal, query }) => s.access.buttons(principal, query.path));
  registerCall(app, 'menuDashboard', ({ principal, query }) => s.access.dashboard(principal, query.path));

  registerCall(app, 'manageInfo', ({ principal, query }) => s.profile.info(principal, query.manageId));
  registerCall(app, 'manageUpdate', ({ principal, body }) => s.profile.update(principal, body));
  registerCall(app, 'managePassword', async ({ principal, body }) => {
    await s.profile.changePassword(principal, body.oldPassword, body.newPassword);
    return null;
  });
  registerCall(app, 'manageAvatar', async ({ principal, req }) => {
    if (!req.isMultipart()) throw new AppError('FILE_MISSING');
    const file = await req.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
    if (!file) throw new AppError('FILE_MISSING');
    const bytes = await file.toBuffer().catch(() => {
      throw new AppError('FILE_TYPE');
    });
    if (file.file.truncated || bytes.length > AVATAR_MAX_BYTES) throw new AppError('FILE_TYPE');
    const ext = sniffImage(bytes);
    if (!ext) throw new AppError('FILE_TYPE');
    const url = await deps.files.saveAvatar(bytes, ext);
    await s.profile.setAvatar(principal, url);
    return { url };
  });
  registerCall(app, 'manageSendCode', ({ principal }) => s.profile.sendCurrentMobileCode(principal));
  registerCall(app, 'manageCheckCode', ({ principal, body }) => s.profile.checkCurrentMobileCode(principal, body.code));
  registerCall(app, 'manageNewMobileCode', ({ principal, body }) => s.profile.sendNewMobileCode(principal, body.areaCode, body.mobile));
  registerCall(app, 'manageUpdateMobile', ({ principal, body }) => s.profile.updateMobile(principal, body));

  registerCall(app, 'loginLogQueryPage', ({ query }) => s.loginLog.page(query));
  registerCall(app, 'loginLogExport', ({ principal, body, req }) =>
    deps.exports.start<LoginLogFilter>(principal.accountId, 'loginLog', body, req.lang, timeZoneOf(req.headers['x-time-zone'])),
  );
}
