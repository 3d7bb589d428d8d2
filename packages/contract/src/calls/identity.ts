import { z } from 'zod';
import { call, none } from '../call.js';
import { pageResult } from '../envelope.js';
import * as auth from '../auth.js';
import * as menu from '../menu.js';
import * as sys from '../system.js';
import * as profile from '../profile.js';

/** Permission codes of the identity module (`area:resource:action`); button menus carry them. */
export const identityPerms = {
  loginLogQuery: 'sys:loginLog:query',
  loginLogExport: 'sys:loginLog:export',
} as const;

/** Accounts, sessions, roles, menus and the login log. */
export const identityCalls = {
  login: call({ method: 'POST', path: '/user/api/open/v1/auth', access: 'public', module: 'identity',
    summary: 'Sign in with a user name, or area code and mobile, and a password', body: auth.loginRequest, data: auth.loginResponse }),
  logout: call({ method: 'POST', path: '/user/api/v1/auth/logout', access: 'authenticated', module: 'identity',
    summary: 'End the current session', data: none }),
  userInfo: call({ method: 'GET', path: '/user/api/v1/sys/user/info', access: 'authenticated', module: 'identity',
    summary: 'The signed-in account, its roles and last sign-in', data: auth.userInfo }),
  menuListByUser: call({ method: 'GET', path: '/user/api/v1/sys/menu/listByUser', access: 'authenticated', module: 'identity',
    summary: "The signed-in account's menu tree (directories and menus; buttons are left out)", data: z.array(menu.menuEntry) }),
  menuGetButton: call({ method: 'GET', path: '/user/api/v1/sys/menu/getButton', access: 'authenticated', module: 'identity',
    summary: 'Permission codes of the buttons the account may use on the screen at path', query: menu.buttonQuery, data: menu.buttonList }),
  menuDashboard: call({ method: 'GET', path: '/user/api/v1/sys/menu/dashbord', access: 'authenticated', module: 'identity',
    summary: 'The dashboard widgets the account may see at path', query: menu.dashboardQuery, data: menu.dashboardConfig }),
  manageInfo: call({ method: 'GET', path: '/user/api/v1/sys/manage/info', access: 'authenticated', module: 'identity',
    summary: 'An admin account (the personal center reads its own)', query: profile.manageInfoQuery, data: profile.manageInfo }),
  manageUpdate: call({ method: 'PUT', path: '/user/api/v1/sys/manage/updateSysManage', access: 'authenticated', module: 'identity',
    summary: 'Update an admin account profile (own account from the personal center)', body: profile.updateProfileRequest, data: profile.manageInfo }),
  managePassword: call({ method: 'PUT', path: '/user/api/v1/sys/manage/updatePassword', access: 'authenticated', module: 'identity',
    summary: 'Change own password; other sessions of the account end', body: profile.updatePasswordRequest, data: none }),
  manageAvatar: call({ method: 'POST', path: '/user/api/v1/sys/manage/uploadAvatar', access: 'authenticated', module: 'identity',
    summary: 'Upload own avatar (PNG, JPEG, GIF or WebP by content, up to 5 MB)', data: profile.avatarUploaded, multipart: true }),
  manageSendCode: call({ method: 'POST', path: '/user/api/v1/sys/manage/sendCode', access: 'authenticated', module: 'identity',
    summary: "Send a 6-digit code to the account's current mobile", data: profile.codeSent }),
  manageCheckCode: call({ method: 'POST', path: '/user/api/v1/sys/manage/checkCode', access: 'authenticated', module: 'identity',
    summary: 'Check the code from sendCode; answers a ticket for updateMobile', body: profile.checkCodeRequest, data: profile.checkCodeResponse }),
  manageNewMobileCode: call({ method: 'POST', path: '/user/api/v1/sys/manage/updateMobileSendCode', access: 'authenticated', module: 'identity',
    summary: 'Send a 6-digit code to the new mobile', body: profile.newMobileRequest, data: profile.codeSent }),
  manageUpdateMobile: call({ method: 'POST', path: '/user/api/v1/sys/manage/updateMobile', access: 'authenticated', module: 'identity',
    summary: 'Change own mobile with the code sent to it', body: profile.updateMobileRequest, data: profile.manageInfo }),
  loginLogQueryPage: call({ method: 'GET', path: '/user/api/v1/sys/loginLog/queryPage', access: { permission: identityPerms.loginLogQuery }, module: 'identity',
    summary: 'Sign-in attempts, filtered and paged', query: sys.loginLogQuery, data: pageResult(sys.loginLogItem) }),
  loginLogExport: call({ method: 'POST', path: '/user/api/v1/sys/loginLog/export', access: { permission: identityPerms.loginLogExport }, module: 'identity',
    summary: 'Export sign-in attempts to the export centre', body: sys.loginLogFilter, data: sys.exportStarted }),
} as const;
