import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from './helpers';

/**
 * The e2e server runs with SMS_PROVIDER=file: every text goes to DATA_DIR/sms.log (a development
 * setting, README), so a code is read the way a developer reads it, with no test-only endpoint.
 */
const SMS_LOG = path.join(process.env.E2E_DATA_DIR ?? '', 'sms.log');

interface Sms {
  time: string;
  mobile: string;
  text: string;
}
function smsTo(mobile: string): Sms[] {
  if (!fs.existsSync(SMS_LOG)) return [];
  return fs
    .readFileSync(SMS_LOG, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Sms)
    .filter((s) => s.mobile === mobile);
}
function lastCode(mobile: string): string {
  const code = smsTo(mobile).at(-1)?.text.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no code sent to ${mobile}`);
  return code;
}

async function api(page: Page): Promise<{ request: APIRequestContext; headers: Record<string, string> }> {
  const token = (await page.context().cookies()).find((c) => c.name === 'Authorization')?.value;
  if (!token) throw new Error('not signed in');
  return { request: page.request, headers: { Authorization: decodeURIComponent(token), ClientType: 'MANAGE_PC', 'Accept-Language': 'en_US' } };
}

/** The admin needs a mobile for codes; give it one through the personal center's calls. */
async function ensureMobile(page: Page): Promise<string> {
  const { request, headers } = await api(page);
  const info = (await (await request.get('/user/api/v1/sys/user/info', { headers })).json()).data;
  if (info.mobile) return info.mobile as string;
  const mobile = '13700000042';
  const sent = await (await request.post('/user/api/v1/sys/manage/updateMobileSendCode', { headers, data: { areaCode: '86', mobile } })).json();
  expect(sent.code).toBe(0);
  const done = await (await request.post('/user/api/v1/sys/manage/updateMobile', { headers, data: { areaCode: '86', mobile, code: lastCode(mobile) } })).json();
  expect(done.code).toBe(0);
  return mobile;
}

/** One code a minute per number (the server's rate limit): wait out a recent send. */
async function waitForResend(mobile: string): Promise<void> {
  const last = smsTo(mobile).at(-1);
  if (!last) return;
  const wait = new Date(last.time).getTime() + 61_000 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

test('brand name follows into the sidebar and title; a pay change asks for the SMS code; range settings open as their own tab', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, { redirect: '/system/config', lang: 'en_US' });
  await expect(page.getByRole('tab', { name: 'Basic' })).toBeVisible();
  const mobile = await ensureMobile(page);

  // basis: the brand name changes the sidebar and the page title at once
  const brand = page.getByLabel('Brand name');
  await expect(brand).toHaveValue(/.+/);
  await brand.fill('');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.locator('.ant-form-item-explain-error').first()).toContainText('is required');
  await brand.fill('VoltBox');
  await page.getByLabel('Sidebar footer message').fill('© VoltBox Ltd');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.locator('.ant-message-success')).toContainText('Saved');
  await expect(page.locator('.app-sidebar-logo h1')).toHaveText('VoltBox');
  await expect(page).toHaveTitle(/^VoltBox - /);
  await expect(page.getByText('© VoltBox Ltd')).toBeVisible();
  await page.screenshot({ path: '/tmp/system-config-basis-1440.png', fullPage: true });

  // operation: a cross-field rule of the contract shows in the form before any call
  await page.getByRole('tab', { name: 'Operation' }).click();
  await page.getByLabel('First three hours').fill('50');
  await page.getByLabel('12-hour maximum').fill('20');
  await page.getByRole('tabpanel', { name: 'Operation' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('the first-three-hours amount cannot be above the 12-hour maximum')).toBeVisible();
  await page.getByLabel('First three hours').fill('3');
  await page.getByRole('tabpanel', { name: 'Operation' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.ant-message-success').last()).toContainText('Saved');

  // pay: sensitive, so the code dialog opens; a wrong code is refused, the right one saves
  await page.getByRole('tab', { name: 'Pay and withdrawal' }).click();
  const pay = page.getByRole('tabpanel', { name: 'Pay and withdrawal' });
  await pay.getByLabel('Tax fee').fill('6');
  await waitForResend(mobile);
  await pay.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'SMS verification' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog).toContainText(/A code was sent to \d{3}\*{4}\d{4}/);
  await dialog.getByLabel('Verification code').fill(lastCode(mobile) === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  // Said under the code field (a refusal about a field stays with the field).
  await expect(dialog.locator('.ant-form-item-explain-error')).toContainText('verification code is wrong');
  await dialog.getByLabel('Verification code').fill(lastCode(mobile));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.ant-message-success').last()).toContainText('Saved');
  await page.reload();
  await page.getByRole('tab', { name: 'Pay and withdrawal' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Pay and withdrawal' }).getByLabel('Tax fee')).toHaveValue('6');

  // the server refuses the same save made directly without a ticket
  const { request, headers } = await api(page);
  const values = (await (await request.get('/user/api/v1/global/config/selectPayMessage', { headers })).json()).data;
  const direct = await (await request.put('/user/api/v1/global/config/updateIsNull', { headers, data: { ticket: 'forged', values } })).json();
  expect(direct.code).toBe(100201);

  // range settings: a fixed route with its own tab
  await page.getByRole('button', { name: 'Range settings' }).click();
  await expect(page).toHaveURL(/\/setRnge$/);
  await expect(page.locator('.app-tags')).toContainText('Range settings');
  await expect(page.getByText('Hourly price', { exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/system-config-range-1440.png', fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/system/config');
  await expect(page.getByLabel('Brand name')).toHaveValue('VoltBox');
  await page.screenshot({ path: '/tmp/system-config-basis-390.png', fullPage: true });
});

test('problem types: create, refuse a duplicate, delete after confirming; the operation log shows the changes', async ({ page }) => {
  await signIn(page, { redirect: '/system/problemTypes', lang: 'en_US' });
  await page.getByRole('button', { name: 'New problem type' }).click();
  // Create and edit forms open in a drawer (FormDrawer), as on every screen.
  const modal = page.locator('.ant-drawer').filter({ hasText: 'New problem type' });
  await modal.getByLabel('Name').fill('Slot jammed');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('cell', { name: 'Slot jammed' })).toBeVisible();
  await page.getByRole('button', { name: 'New problem type' }).click();
  await modal.getByLabel('Name').fill('slot JAMMED');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.locator('.ant-form-item-explain-error')).toContainText('already exists');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();
  await page.getByRole('row', { name: /Slot jammed/ }).getByRole('button', { name: 'Delete' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
  await expect(page.locator('.ant-message-success').last()).toContainText('Deleted');
  await expect(page.getByRole('row', { name: /Slot jammed/ })).toContainText('Deleted');

  await page.goto('/system/operationLog');
  await expect(page.getByRole('cell', { name: 'Delete problem type', exact: true }).first()).toBeVisible();
  await page.getByRole('row', { name: /Save problem type/ }).filter({ hasText: 'Failed' }).first().getByRole('button', { name: 'Details' }).click();
  const drawer = page.getByRole('dialog', { name: 'Operation details' });
  await expect(drawer).toContainText('POST /user/api/v1/problemType/saveOrUpdate');
  await expect(drawer).toContainText('100204');
  await page.screenshot({ path: '/tmp/system-config-oplog-1440.png', fullPage: true });
});
