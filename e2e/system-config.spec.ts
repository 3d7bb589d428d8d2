import { expect, test } from '@playwright/test';
import { api, call, confirmOk, ensureMobile, lastCode, signIn, sendCode } from './helpers';

/**
 * The e2e server runs with SMS_PROVIDER=file: every text goes to DATA_DIR/sms.log (a development
 * setting, README), so a code is read the way a developer reads it, with no test-only endpoint.
 */
test('brand name follows into the sidebar and title; a pay change asks for the SMS code; range settings are a tab of the configuration and a route of their own', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, { redirect: '/system/config', lang: 'en_US' });
  await expect(page.getByRole('tab', { name: 'Basic' })).toBeVisible();
  const mobile = await ensureMobile(await api(page));

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
  await pay.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'SMS verification' });
  await expect(dialog).toBeVisible();
  await sendCode(dialog, mobile);
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
  const direct = await (
    await request.put('/user/api/v1/global/config/updateIsNull', { headers, data: { ticket: 'forged', values } })
  ).json();
  expect(direct.code).toBe(100201);

  // range settings: a tab beside the values they bound, and a fixed route with its own tab
  await page.getByRole('tab', { name: 'Range settings' }).click();
  await expect(
    page.getByRole('tabpanel', { name: 'Range settings' }).getByText('Hourly price', { exact: true }),
  ).toBeVisible();
  await page.goto('/setRnge');
  await expect(page.locator('.app-tags')).toContainText('Range settings');
  await expect(page.getByText('Hourly price', { exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/system-config-range-1440.png', fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/system/config');
  await expect(page.getByLabel('Brand name')).toHaveValue('VoltBox');
  await page.screenshot({ path: '/tmp/system-config-basis-390.png', fullPage: true });
});

test('problem types: create, refuse a duplicate, delete after confirming; the operation log shows the changes', async ({
  page,
}) => {
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
  await page
    .getByRole('row', { name: /Slot jammed/ })
    .getByRole('button', { name: 'Delete' })
    .click();
  await confirmOk(page);
  await expect(page.locator('.ant-message-success').last()).toContainText('Deleted');
  await expect(page.getByRole('row', { name: /Slot jammed/ })).toContainText('Deleted');

  await page.goto('/system/operationLog');
  await expect(page.getByRole('cell', { name: 'Delete problem type', exact: true }).first()).toBeVisible();
  await page
    .getByRole('row', { name: /Save problem type/ })
    .filter({ hasText: 'Failed' })
    .first()
    .getByRole('button', { name: 'Details' })
    .click();
  const drawer = page.getByRole('dialog', { name: 'Operation details' });
  await expect(drawer).toContainText('POST /user/api/v1/problemType/saveOrUpdate');
  await expect(drawer).toContainText('100204');
  // The request's id, the one its server log lines carry (issue 29): from a complaint to the log.
  await expect(drawer).toContainText('Request ID');
  await expect(drawer.locator('code').filter({ hasText: /^[0-9a-f-]{36}$/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // Every change names what it changed (issue 31): the deleted type by its name, a settings save by
  // its group, in the reader's language.
  const a = await api(page);
  const basis = await call<object>(a, 'GET', '/user/api/v1/global/config/findByBasis');
  await call(a, 'PUT', '/user/api/v1/global/config/', { paramType: 'basis', values: basis });
  await page.reload();
  await expect(page.getByRole('row', { name: /Delete problem type/ }).first()).toContainText('Slot jammed');
  await expect(page.getByRole('row', { name: /Save settings/ }).first()).toContainText('Basic settings');
  await page.screenshot({ path: '/tmp/system-config-oplog-1440.png', fullPage: true });
  await page.evaluate(() => localStorage.setItem('language', 'zh_CN'));
  await page.reload();
  await expect(page.getByRole('row', { name: /保存系统配置/ }).first()).toContainText('基础设置');
  await page.setViewportSize({ width: 800, height: 900 });
  await expect(page.getByRole('row', { name: /保存系统配置/ }).first()).toContainText('基础设置');
  await page.screenshot({ path: '/tmp/system-config-oplog-zh-800.png', fullPage: true });
  await page.evaluate(() => localStorage.setItem('language', 'en_US'));
});
