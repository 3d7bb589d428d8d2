import type { FastifyInstance } from 'fastify';
import { AVATAR_MAX_BYTES, IMAGE_MAX_BYTES } from '@cbo/contract';
import { registerCall } from '../../platform/http/routes.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Platform } from '../../platform/module.js';
import type { IdentityServices } from './index.js';

/**
 * Thin routes: each validates through the contract and calls one service method. The login log
 * and personnel lists with their exports, and the role list, are declared in index.ts (the list kit).
 */
export function identityRoutes(app: FastifyInstance, s: IdentityServices, deps: Platform): void {
  registerCall(app, 'login', ({ body, req }) => s.login.login(body, req));
  registerCall(app, 'logout', async ({ principal }) => {
    await s.sessions.end(principal.sessionId, 100021);
    return null;
  });
  registerCall(app, 'userInfo', ({ principal }) => s.userInfo(principal));
  registerCall(app, 'userPreviousLogin', ({ principal }) => s.previousLogin(principal));

  registerCall(app, 'menuListByUser', ({ principal }) => s.access.menuTree(principal));
  registerCall(app, 'menuGetButton', ({ principal, query }) => s.access.buttons(principal, query.path));
  registerCall(app, 'menuPathStatus', ({ principal, query }) => s.access.pathStatus(principal, query.path));
  registerCall(app, 'menuDashboard', ({ principal, query }) => s.access.dashboard(principal, query.path));

  registerCall(app, 'manageInfo', ({ principal, query }) => s.manage.info(principal, query.manageId));
  registerCall(app, 'manageUpdate', ({ principal, body }) => s.manage.update(principal, body));
  registerCall(app, 'manageCreate', ({ principal, body }) => s.manage.create(principal, body));
  registerCall(app, 'manageStatus', async ({ principal, body }) => {
    await s.manage.setStatus(principal, body.manageId, body.status);
    return null;
  });
  registerCall(app, 'manageResetPassword', async ({ principal, body }) => {
    await s.manage.resetPassword(principal, body.manageId, body.password);
    return null;
  });
  registerCall(app, 'manageLoginLocks', ({ query }) => s.manage.loginLocks(query.manageId));
  registerCall(app, 'manageUnlockLogin', async ({ principal, body }) => ({
    lifted: await s.manage.unlockLogin(principal, body.manageId),
  }));

  registerCall(app, 'orgTree', () => s.orgs.tree());
  registerCall(app, 'orgSave', ({ body }) => s.orgs.save(body));
  registerCall(app, 'orgDelete', async ({ query }) => {
    await s.orgs.remove(query.id);
    return null;
  });

  registerCall(app, 'roleOptions', () => s.roles.options());
  registerCall(app, 'roleDetail', ({ query }) => s.roles.detail(query.id));
  registerCall(app, 'roleSave', ({ principal, body }) => s.roles.save(principal, body));
  registerCall(app, 'roleDelete', async ({ principal, query }) => {
    await s.roles.remove(principal, query.id);
    return null;
  });

  registerCall(app, 'menuListAll', () => s.access.fullTree());
  registerCall(app, 'menuRecursions', ({ query }) => s.menus.tree(query.name));
  registerCall(app, 'menuSave', ({ principal, body }) => s.menus.save(principal, body));
  registerCall(app, 'menuInfo', ({ query }) => s.menus.info(query.id, query.parentId));
  registerCall(app, 'menuDelete', async ({ principal, query }) => {
    await s.menus.remove(principal, query.id);
    return null;
  });
  registerCall(app, 'menuNames', () => s.menus.names());
  registerCall(app, 'menuBoundUrls', ({ query, req }) => s.menus.boundRoutes(query.id, req.lang));
  registerCall(app, 'menuUrlList', ({ query, req }) => s.menus.searchRoutes(query.nameOrPath, req.lang));
  registerCall(app, 'menuBindUrls', async ({ principal, body }) => {
    await s.menus.bind(principal, body.menuId, body.apiIds);
    return null;
  });
  registerCall(app, 'menuAllUrls', ({ req }) => s.menus.allRoutes(req.lang));
  registerCall(app, 'menuUploadIcon', async ({ principal, req }) => {
    const { url } = await deps.uploads.acceptImage(req, principal.accountId, {
      kind: 'icon',
      maxBytes: IMAGE_MAX_BYTES,
      // A menu icon is exactly 64x64, measured on the decoded pixels.
      check: (image) => {
        if (image.width !== 64 || image.height !== 64) throw new AppError('MENU_ICON_SIZE');
      },
    });
    return { url };
  });
  registerCall(app, 'apiQueryPage', ({ query, req }) => s.menus.routePage(query, req.lang));
  registerCall(app, 'managePassword', async ({ principal, body }) => {
    await s.profile.changePassword(principal, body.oldPassword, body.newPassword);
    return null;
  });
  registerCall(app, 'manageAvatar', async ({ principal, req }) => {
    const { url } = await deps.uploads.acceptImage(req, principal.accountId, {
      kind: 'avatar',
      maxBytes: AVATAR_MAX_BYTES,
    });
    await s.profile.setAvatar(principal, url);
    return { url };
  });
  registerCall(app, 'manageSendCode', ({ principal }) => s.profile.sendCurrentMobileCode(principal));
  registerCall(app, 'manageCheckCode', ({ principal, body }) => s.profile.checkCurrentMobileCode(principal, body.code));
  registerCall(app, 'manageNewMobileCode', ({ principal, body }) =>
    s.profile.sendNewMobileCode(principal, body.areaCode, body.mobile),
  );
  registerCall(app, 'manageUpdateMobile', ({ principal, body }) => s.profile.updateMobile(principal, body));
}
