import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AVATAR_MAX_BYTES, type Lang, type LoginLogFilter, type ManageFilter } from '@cbo/contract';
import { registerCall } from '../../platform/http/routes.js';
import { AppError } from '../../platform/http/app-error.js';
import { imageSize, sniffImage, type FileStorage } from '../../platform/files/storage.js';
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

  registerCall(app, 'manageInfo', ({ principal, query }) => s.manage.info(principal, query.manageId));
  registerCall(app, 'manageUpdate', ({ principal, body }) => s.manage.update(principal, body));
  registerCall(app, 'manageList', ({ query }) => s.manage.page(query));
  registerCall(app, 'manageCreate', ({ body }) => s.manage.create(body));
  registerCall(app, 'manageStatus', async ({ principal, body }) => {
    await s.manage.setStatus(principal, body.manageId, body.status);
    return null;
  });
  registerCall(app, 'manageResetPassword', async ({ principal, body }) => {
    await s.manage.resetPassword(principal, body.manageId, body.password);
    return null;
  });
  registerCall(app, 'manageLoginLocks', ({ query }) => s.loginGuard.locks(query.manageId));
  registerCall(app, 'manageUnlockLogin', async ({ body }) => ({ lifted: await s.loginGuard.unlock(body.manageId) }));
  registerCall(app, 'manageExport', ({ principal, body, req }) =>
    deps.exports.start<ManageFilter & { lang: Lang }>(principal.accountId, 'manage', { ...body, lang: req.lang }, req.lang, timeZoneOf(req.headers['x-time-zone'])),
  );

  registerCall(app, 'orgTree', () => s.orgs.tree());
  registerCall(app, 'orgSave', ({ body }) => s.orgs.save(body));
  registerCall(app, 'orgDelete', async ({ query }) => {
    await s.orgs.remove(query.id);
    return null;
  });

  registerCall(app, 'roleOptions', () => s.roles.options());
  registerCall(app, 'roleQueryPage', ({ query }) => s.roles.page(query));
  registerCall(app, 'roleDetail', ({ query }) => s.roles.detail(query.id));
  registerCall(app, 'roleSave', ({ principal, body }) => s.roles.save(principal, body));
  registerCall(app, 'roleDelete', async ({ query }) => {
    await s.roles.remove(query.id);
    return null;
  });

  registerCall(app, 'menuListAll', () => s.access.fullTree());
  registerCall(app, 'menuRecursions', ({ query }) => s.menus.tree(query.name));
  registerCall(app, 'menuSave', ({ body }) => s.menus.save(body));
  registerCall(app, 'menuInfo', ({ query }) => s.menus.info(query.id, query.parentId));
  registerCall(app, 'menuDelete', async ({ query }) => {
    await s.menus.remove(query.id);
    return null;
  });
  registerCall(app, 'menuNames', () => s.menus.names());
  registerCall(app, 'menuBoundUrls', ({ query }) => s.menus.boundRoutes(query.id));
  registerCall(app, 'menuUrlList', ({ query }) => s.menus.searchRoutes(query.nameOrPath));
  registerCall(app, 'menuBindUrls', async ({ body }) => {
    await s.menus.bind(body.menuId, body.apiIds);
    return null;
  });
  registerCall(app, 'menuAllUrls', () => s.menus.allRoutes());
  registerCall(app, 'menuUploadIcon', async ({ req }) => {
    const bytes = await readImage(req);
    const size = imageSize(bytes);
    if (!size || size.width !== 64 || size.height !== 64) throw new AppError('MENU_ICON_SIZE');
    return { url: await deps.files.saveAvatar(bytes, sniffImage(bytes)!) };
  });
  registerCall(app, 'apiQueryPage', ({ query }) => s.menus.routePage(query));
  registerCall(app, 'managePassword', async ({ principal, body }) => {
    await s.profile.changePassword(principal, body.oldPassword, body.newPassword);
    return null;
  });
  registerCall(app, 'manageAvatar', async ({ principal, req }) => {
    const bytes = await readImage(req);
    const url = await deps.files.saveAvatar(bytes, sniffImage(bytes)!);
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

/** One uploaded image (PNG, JPEG, GIF or WebP by content, up to 5 MB). */
async function readImage(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError('FILE_MISSING');
  const file = await req.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
  if (!file) throw new AppError('FILE_MISSING');
  const bytes = await file.toBuffer().catch(() => {
    throw new AppError('FILE_TYPE');
  });
  if (file.file.truncated || bytes.length > AVATAR_MAX_BYTES || !sniffImage(bytes)) throw new AppError('FILE_TYPE');
  return bytes;
}
