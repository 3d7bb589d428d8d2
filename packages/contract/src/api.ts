import { z } from 'zod';
import type { RouteAccess } from './permissions.js';
import { PERMS } from './permissions.js';
import { pageResult } from './envelope.js';
import * as auth from './auth.js';
import * as menu from './menu.js';
import * as sys from './system.js';
import * as profile from './profile.js';

/**
 * Every call of the product, written once: method, exact path (spec 7), who may call it, and the
 * schemas of its input and its `data`. The server registers its handlers against these, OpenAPI
 * is generated from them, and the console's request client takes its paths and types from them.
 */
export interface CallDef<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  access: RouteAccess;
  summary: string;
  module: string;
  query?: Q;
  body?: B;
  /** Schema of `data`; multipart and file downloads declare z.any(). */
  data: R;
  /** Multipart upload (the body is not JSON). */
  multipart?: boolean;
  /** A file download: the token may also come from the Authorization cookie. */
  download?: boolean;
}

function call<Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined, R extends z.ZodType = z.ZodType>(
  d: CallDef<Q, B, R>,
): CallDef<Q, B, R> {
  return d;
}

const none = z.null();

export const api = {
  login: call({ method: 'POST', path: '/user/api/open/v1/auth', access: 'public', module: 'identity',
    summary: 'Sign in with a user name, or area code and mobile, and a password', body: auth.loginRequest, data: auth.loginResponse }),
  logout: call({ method: 'POST', path: '/user/api/v1/auth/logout', access: 'authenticated', module: 'identity',
    summary: 'End the current session', data: none }),
  userInfo: call({ method: 'GET', path: '/user/api/v1/sys/user/info', access: 'authenticated', module: 'identity',
    summary: 'The signed-in account, its roles and last sign-in', data: auth.userInfo }),
  findValueByKey: call({ method: 'GET', path: '/user/api/open/v1/auth/findValueByKey', access: 'public', module: 'system',
    summary: 'A public system parameter (brand name, logo, footer message)', query: sys.paramQuery, data: sys.paramValue }),

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

  exportLogList: call({ method: 'GET', path: '/user/api/v1/exportExcelLog/list', access: 'authenticated', module: 'system',
    summary: "The signed-in account's exports, newest first", query: sys.exportLogQuery, data: pageResult(sys.exportLogItem) }),
  exportDownload: call({ method: 'GET', path: '/user/api/v1/exportExcelLog/download', access: 'authenticated', module: 'system',
    summary: 'Download a finished export (only by the account that made it)', query: sys.exportDownloadQuery, data: z.any(), download: true }),

  loginLogQueryPage: call({ method: 'GET', path: '/user/api/v1/sys/loginLog/queryPage', access: { permission: PERMS.loginLogQuery }, module: 'identity',
    summary: 'Sign-in attempts, filtered and paged', query: sys.loginLogQuery, data: pageResult(sys.loginLogItem) }),
  loginLogExport: call({ method: 'POST', path: '/user/api/v1/sys/loginLog/export', access: { permission: PERMS.loginLogExport }, module: 'identity',
    summary: 'Export sign-in attempts to the export centre', body: sys.loginLogFilter, data: sys.exportStarted }),
} as const;

export type Api = typeof api;
export type CallName = keyof Api;
/** The input side of an optional schema: undefined where the call has none. */
export type SchemaIn<T> = [NonNullable<T>] extends [never] ? undefined : NonNullable<T> extends z.ZodType ? z.input<NonNullable<T>> : undefined;
/** The parsed side of an optional schema: what a handler receives. */
export type SchemaOut<T> = [NonNullable<T>] extends [never] ? undefined : NonNullable<T> extends z.ZodType ? z.output<NonNullable<T>> : undefined;
export type CallData<K extends CallName> = z.output<Api[K]['data']>;
export type CallQuery<K extends CallName> = SchemaIn<Api[K]['query']>;
export type CallBody<K extends CallName> = SchemaIn<Api[K]['body']>;
export type CallQueryParsed<K extends CallName> = SchemaOut<Api[K]['query']>;
export type CallBodyParsed<K extends CallName> = SchemaOut<Api[K]['body']>;
