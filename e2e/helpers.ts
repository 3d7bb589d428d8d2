import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';

export const ADMIN = { userName: 'admin', password: 'admin123' };

type Lang = 'zh_CN' | 'zh_TW' | 'en_US';

/**
 * Where global-setup.ts keeps the admin's session (its Authorization cookie) for the run: every
 * test's own context starts with it (`use.storageState` in playwright.config.ts), so a flow opens
 * the console signed in instead of typing the login form again. The login form itself is proven
 * by auth.spec.ts and the sign-in of each other role (signInByForm).
 */
export const ADMIN_STATE = path.join(process.env.E2E_DATA_DIR ?? '', 'admin-state.json');

/**
 * A context without the run's admin session: for the login screen's own flows, and for the contexts a
 * flow opens for another account (browser.newContext takes the config's `use` options, the admin's
 * session among them).
 */
export const SIGNED_OUT = { cookies: [], origins: [] };

/**
 * Opens the console as the admin (the run's session, see ADMIN_STATE) at `redirect` (the
 * dashboard unless told), in `lang` unless the page chose one already, and waits for the layout.
 */
export async function signIn(page: Page, opts: { redirect?: string; lang?: Lang } = {}): Promise<void> {
  if (opts.lang) {
    await page.addInitScript((lang) => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', lang);
    }, opts.lang);
  }
  await page.goto(opts.redirect ?? '/');
  await expect(page.locator('.app-tags')).toBeVisible();
}

/** Signs `who` in through the login screen, as a person does, and waits for the layout. */
export async function signInByForm(
  page: Page,
  who: { userName: string; password: string } = ADMIN,
  redirect?: string,
): Promise<void> {
  // A context of a test starts with the admin's session (use.storageState): typed in, it is the form's.
  await page.context().clearCookies();
  await page.goto(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login');
  await page.locator('input[autocomplete="username"]').fill(who.userName);
  await page.locator('input[type="password"]').fill(who.password);
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

/**
 * Clicks "Send code" in an SMS verification dialog and waits for the text to reach `mobile`. The
 * server sends one code a minute per number while the last one is still unused (a code typed in
 * does not hold the number back): a send refused for that is asked again every few seconds until
 * it goes, so a flow waits only after a code that was left unused (a failed flow's), never on a clock.
 */
export async function sendCode(dialog: Locator, mobile: string): Promise<void> {
  const before = smsTo(mobile).length;
  await expect(async () => {
    if (smsTo(mobile).length === before)
      await dialog.getByRole('button', { name: 'Send code' }).click({ timeout: 2_000 });
    await expect.poll(() => smsTo(mobile).length, { timeout: 3_000 }).toBeGreaterThan(before);
  }).toPass({ timeout: 90_000, intervals: [5_000] });
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

/** A mobile no flow has used: flows run two at a time, so the clock alone could give two of them the same. */
export function freshMobile(): string {
  return `139${String(Date.now() % 10_000).padStart(4, '0')}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
}

/**
 * A new customer of the app (USER_IOS), signed in with the code texted to a fresh mobile: its
 * calls through `call`, as the app makes them.
 */
export async function appCustomer(request: APIRequestContext, lang: Lang = 'en_US'): Promise<Api & { mobile: string }> {
  const mobile = freshMobile();
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
 * A staff account with the given roles, made through the console's call. One that a first attempt of
 * the same flow made already (a retry: same name, same password, same roles) is taken as it is.
 */
export async function staffAccount(
  a: Api,
  who: { userName: string; password: string },
  roleIds: number[],
  nickName = who.userName,
): Promise<void> {
  const res = await a.request.post('/user/api/v1/sys/manage', {
    headers: a.headers,
    data: { ...who, nickName, roleIds },
  });
  const body = (await res.json()) as { code: number; msg: string };
  // 100101: the user name is taken (by this flow's first attempt).
  expect([0, 100101], `POST /user/api/v1/sys/manage: ${body.msg}`).toContain(body.code);
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
  await staffAccount(a, who, [roles.find((r) => r.name === role)!.id]);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: SIGNED_OUT });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('language', 'en_US'));
  await signInByForm(page, who);
  return { page, close: () => context.close() };
}

/**
 * Another staff account with a seeded role (role.finance, role.operations), made through the
 * console's call and signed in through the API (no page): the calls of a second person, since
 * nobody approves what they applied for (issue 31).
 */
export async function staffWithRole(a: Api, who: { userName: string; password: string }, role: string): Promise<Api> {
  const roles = await call<{ id: number; name: string }[]>(a, 'GET', '/user/api/v1/sys/role/list');
  await staffAccount(a, who, [roles.find((r) => r.name === role)!.id]);
  const open = { request: a.request, headers: { ClientType: 'MANAGE_PC', 'Accept-Language': 'en_US' } };
  const { token } = await call<{ token: string }>(open, 'POST', '/user/api/open/v1/auth', who);
  return { request: a.request, headers: { ...a.headers, Authorization: token } };
}
