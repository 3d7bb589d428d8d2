import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

export const ADMIN = { userName: 'admin', password: 'admin123' };

type Lang = 'zh_CN' | 'zh_TW' | 'en_US';

/** Signs in through the login screen, as a person does, and waits for the layout. */
export async function signIn(page: Page, opts: { redirect?: string; lang?: Lang } = {}): Promise<void> {
  if (opts.lang) {
    await page.addInitScript((lang) => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', lang);
    }, opts.lang);
  }
  await page.goto(opts.redirect ? `/login?redirect=${encodeURIComponent(opts.redirect)}` : '/login');
  await page.locator('input[autocomplete="username"]').fill(ADMIN.userName);
  await page.locator('input[type="password"]').fill(ADMIN.password);
  await page.locator('button[type="submit"]').click();
  await expect(page.locator('.app-tags')).toBeVisible();
}

/**
 * Calls made the way the console makes them: a page's request context (its cookies) and the
 * headers the console sends. A spec seeds and checks through the same calls as the screens.
 */
export interface Api {
  request: APIRequestContext;
  headers: Record<string, string>;
}

/**
 * The session signed in on `page` (its token read from the Authorization cookie the sign-in set),
 * as the console (ClientType MANAGE_PC) in `lang` (en_US unless told), with the viewer's time zone
 * when a call reads days (X-Time-Zone).
 */
export async function api(page: Page, opts: { lang?: Lang; timeZone?: string } = {}): Promise<Api> {
  const token = (await page.context().cookies()).find((c) => c.name === 'Authorization')?.value;
  if (!token) throw new Error('not signed in');
  const headers: Record<string, string> = {
    Authorization: decodeURIComponent(token),
    ClientType: 'MANAGE_PC',
    'Accept-Language': opts.lang ?? 'en_US',
  };
  if (opts.timeZone) headers['X-Time-Zone'] = opts.timeZone;
  return { request: page.request, headers };
}

/**
 * One call, answering the envelope's data; a non-zero code fails the test naming the call and the
 * server's message. GET and DELETE send `data` as the query (undefined values left out), the others
 * as the JSON body.
 */
export async function call<T>(
  a: Api,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: object,
): Promise<T> {
  const inQuery = method === 'GET' || method === 'DELETE';
  const params =
    inQuery && data
      ? Object.fromEntries(Object.entries(data).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])))
      : undefined;
  const res = await a.request.fetch(path, { method, headers: a.headers, params, data: inQuery ? undefined : data });
  const text = await res.text();
  let body: { code: number; msg: string; data: T };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new Error(`${method} ${path}: HTTP ${res.status()} answered ${text.slice(0, 200)}`);
  }
  expect(body.code, `${method} ${path}: ${body.msg}`).toBe(0);
  return body.data;
}

interface MenuNode {
  path: string;
  url: string | null;
  children?: MenuNode[];
}

/** The address of the screen whose menu opens view `url` (`order/refunds`), read from the account's menu as the sidebar is. */
export async function menuPath(a: Api, url: string): Promise<string> {
  const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
  const m = flatten(await call<MenuNode[]>(a, 'GET', '/user/api/v1/sys/menu/listByUser')).find((e) => e.url === url);
  if (!m) throw new Error(`no menu opens ${url}`);
  return m.path;
}

/**
 * The orders list's count and paid sum of the orders rented at some outlets in a window (every page).
 * The list's outlet filter also matches an order returned there, while statistics count an order at
 * the outlet it was rented from: so the rows are kept by their rent outlet, each once.
 */
export async function rentedAt(
  a: Api,
  outletIds: number[],
  w: { beginTime: string; endTime: string },
): Promise<{ orderCount: number; paidAmount: number }> {
  const seen = new Map<string, number>();
  const ids = new Set(outletIds);
  for (const outletId of outletIds) {
    for (let pageNum = 1; ; pageNum++) {
      const page = await call<{
        list: { orderNo: string; rentOutletId: number | null; paidAmount: number }[];
        total: number;
      }>(a, 'POST', '/order/api/v1/order/queryPage', { pageNum, pageSize: 100, outletId, ...w });
      for (const o of page.list)
        if (o.rentOutletId !== null && ids.has(o.rentOutletId)) seen.set(o.orderNo, o.paidAmount);
      if (pageNum * 100 >= page.total) break;
    }
  }
  return { orderCount: seen.size, paidAmount: [...seen.values()].reduce((s, v) => s + v, 0) };
}

/**
 * Confirms the open confirmation dialog (antd Modal.confirm; `hasText` picks one) with its primary
 * button and waits until it has closed. A click that lands while the dialog is still animating in is
 * now and then lost on a busy machine; the click is repeated until the dialog closes (a dialog busy
 * with its request shows a loading button, which ignores clicks, so nothing is sent twice).
 */
export async function confirmOk(page: Page, hasText?: string | RegExp): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm').filter(hasText ? { hasText } : {});
  await expect(dialog).toBeVisible();
  await expect(async () => {
    const ok = dialog.locator('.ant-modal-confirm-btns .ant-btn-primary');
    if (await ok.isVisible()) await ok.click({ timeout: 2_000 });
    await expect(dialog).toBeHidden({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

/** The e2e server runs with SMS_PROVIDER=file: every text it sends is a line of DATA_DIR/sms.log. */
const SMS_LOG = path.join(process.env.E2E_DATA_DIR ?? '', 'sms.log');

export interface Sms {
  time: string;
  mobile: string;
  text: string;
}

/** The texts sent to `mobile`, oldest first. */
export function smsTo(mobile: string): Sms[] {
  if (!fs.existsSync(SMS_LOG)) return [];
  return fs
    .readFileSync(SMS_LOG, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Sms)
    .filter((s) => s.mobile === mobile);
}

/** The code of the last text sent to `mobile`. */
export function lastCode(mobile: string): string {
  const code = smsTo(mobile).at(-1)?.text.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no code sent to ${mobile}`);
  return code;
}

/** One code a minute per number (the server's rate limit): waits out a recent send to `mobile`. */
export async function waitForResend(mobile: string): Promise<void> {
  const last = smsTo(mobile).at(-1);
  const wait = last ? new Date(last.time).getTime() + 61_000 - Date.now() : 0;
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

/** The mobile the e2e admin gets (global-setup.ts gives it before the first spec). */
export const ADMIN_MOBILE = '13700000042';

/**
 * The signed-in account's mobile, for settings that ask for an SMS code; an account without one
 * gets ADMIN_MOBILE through the personal center's calls (a code to the new number).
 */
export async function ensureMobile(a: Api): Promise<string> {
  const info = await call<{ mobile: string | null }>(a, 'GET', '/user/api/v1/sys/user/info');
  if (info.mobile) return info.mobile;
  await call(a, 'POST', '/user/api/v1/sys/manage/updateMobileSendCode', { areaCode: '86', mobile: ADMIN_MOBILE });
  await call(a, 'POST', '/user/api/v1/sys/manage/updateMobile', {
    areaCode: '86',
    mobile: ADMIN_MOBILE,
    code: lastCode(ADMIN_MOBILE),
  });
  return ADMIN_MOBILE;
}

/**
 * A new customer of the app (USER_IOS), signed in with the code texted to a fresh mobile: its
 * calls through `call`, as the app makes them.
 */
export async function appCustomer(request: APIRequestContext, lang: Lang = 'en_US'): Promise<Api & { mobile: string }> {
  const mobile = `139${String(Date.now()).slice(-8)}`;
  const app: Api = { request, headers: { ClientType: 'USER_IOS', 'Accept-Language': lang } };
  await call(app, 'POST', '/user/api/app/v1/auth/sendCode', { areaCode: '86', mobile });
  const { token } = await call<{ token: string }>(app, 'POST', '/user/api/app/v1/auth', {
    areaCode: '86',
    mobile,
    code: lastCode(mobile),
    clientType: 'USER_IOS',
  });
  return { request, mobile, headers: { ...app.headers, Authorization: token } };
}

/**
 * Another account with the finance role (made here through the console's call), signed in on a
 * page of its own (en_US, 1440 px): it reviews what the admin applied for, since nobody approves
 * what they applied for (issue 31).
 */
export async function signInFinance(
  browser: Browser,
  a: Api,
  who: { userName: string; password: string },
): Promise<{ page: Page; close: () => Promise<void> }> {
  return signInWithRole(browser, a, who, 'role.finance');
}

/** Another account with a seeded role (role.finance, role.operations), signed in on a page of its own (en_US, 1440 px). */
export async function signInWithRole(
  browser: Browser,
  a: Api,
  who: { userName: string; password: string },
  role: string,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const roles = await call<{ id: number; name: string }[]>(a, 'GET', '/user/api/v1/sys/role/list');
  await call(a, 'POST', '/user/api/v1/sys/manage', {
    ...who,
    nickName: who.userName,
    roleIds: [roles.find((r) => r.name === role)!.id],
  });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('language', 'en_US'));
  await page.goto('/login');
  await page.locator('input[autocomplete="username"]').fill(who.userName);
  await page.locator('input[type="password"]').fill(who.password);
  await page.locator('button[type="submit"]').click();
  await expect(page.locator('.app-tags')).toBeVisible();
  return { page, close: () => context.close() };
}

/**
 * Another staff account with a seeded role (role.finance, role.operations), made through the
 * console's call and signed in through the API (no page): the calls of a second person, since
 * nobody approves what they applied for (issue 31).
 */
export async function staffWithRole(a: Api, who: { userName: string; password: string }, role: string): Promise<Api> {
  const roles = await call<{ id: number; name: string }[]>(a, 'GET', '/user/api/v1/sys/role/list');
  await call(a, 'POST', '/user/api/v1/sys/manage', {
    ...who,
    nickName: who.userName,
    roleIds: [roles.find((r) => r.name === role)!.id],
  });
  const open = { request: a.request, headers: { ClientType: 'MANAGE_PC', 'Accept-Language': 'en_US' } };
  const { token } = await call<{ token: string }>(open, 'POST', '/user/api/open/v1/auth', who);
  return { request: a.request, headers: { ...a.headers, Authorization: token } };
}
