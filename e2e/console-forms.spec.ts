import { expect, test, type Page } from '@playwright/test';
import { ADMIN, SIGNED_OUT, api, call, signIn } from './helpers';

/**
 * The console as an operator finds it: forms that do not trap (a cleared optional field, a refusal
 * shown on its field, a warning before upgrading offline cabinets), the sign-in screen, and the
 * 403 page for a screen the account may not open.
 */
// A stamp per attempt: a retry makes its own role and account (names are unique).
const RUN = Date.now().toString(36).slice(-5);
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/console-forms-${name}.png`, fullPage: true });

test.describe('signed out', () => {
  test.use({ storageState: SIGNED_OUT });
  test('sign-in screen: the brand heads it, the area code starts at +86, each tab keeps its own password', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'en_US'));
    await page.goto('/login');
    // The seeded brand, fetched on the sign-in screen itself (a fresh browser has none stored).
    await expect(page.getByRole('heading', { name: 'ChargeHub' })).toBeVisible();
    await expect(page).toHaveTitle('ChargeHub - Sign in');
    await page.locator('input[type="password"]').fill('typed-for-the-user-name');
    await page.getByText('Mobile', { exact: true }).click();
    await expect(page.getByPlaceholder('Area code')).toHaveValue('86');
    await expect(page.locator('input[type="password"]')).toHaveValue('');
    await page.getByText('User name', { exact: true }).click();
    await expect(page.locator('input[type="password"]')).toHaveValue('typed-for-the-user-name');
  });
});

test('a taken user name is said under the field, and the drawer stays open', async ({ page }) => {
  await signIn(page, { lang: 'en_US', redirect: '/system/personnel' });
  await page.getByRole('button', { name: 'New account' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'New admin account' });
  await drawer.getByLabel('User name').fill(ADMIN.userName);
  await drawer.getByLabel('Nickname').fill('Second admin');
  await drawer.getByLabel('Password').fill('second123');
  await drawer.getByLabel('Roles').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await page.keyboard.press('Escape');
  await drawer.getByRole('button', { name: /Save/ }).click();
  const field = drawer.locator('.ant-form-item').filter({ has: page.getByLabel('User name') });
  await expect(field.locator('.ant-form-item-explain-error')).toContainText(/already/i);
  await expect(page.locator('.ant-message-error')).toHaveCount(0);
  await expect(drawer).toBeVisible();
  await shot(page, 'taken-user-name-1440');
});

test('firmware upgrade: a cleared SHA-256 does not block the form, and offline cabinets are warned about', async ({
  page,
}) => {
  await signIn(page, { lang: 'en_US', redirect: '/device/cabinet' });
  // A cabinet stocked in that never connected: offline.
  const offline = 'OFFL000000000001';
  await call(await api(page), 'POST', '/device/api/v1/cabinet/batchStorage', { sns: [offline] });
  await page.evaluate(() => {
    history.pushState({}, '', '/device/firmware');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.getByRole('button', { name: 'Upgrade firmware' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'File URL' });
  await drawer.getByLabel('Version').fill('2.4.1');
  await drawer.getByLabel('File URL').fill('https://firmware.example.com/cb-2.4.1.bin');
  await drawer.getByLabel('SHA-256 (optional)').fill('abc');
  await drawer.getByLabel('SHA-256 (optional)').fill('');
  await drawer.getByPlaceholder('Cabinet SN').fill(offline);
  await drawer.getByPlaceholder('Cabinet SN').press('Enter');
  const row = drawer.locator('tr', { hasText: offline });
  await expect(row.locator('[data-online="false"]')).toBeVisible();
  await row.getByRole('checkbox').check();
  await expect(drawer.getByTestId('firmware-offline-warning')).toContainText(
    `1 of the chosen cabinets are offline (${offline})`,
  );
  await shot(page, 'firmware-offline-1440');
  await drawer.getByRole('button', { name: 'Upgrade firmware' }).click();
  // The form went through: the confirm asks, and repeats the warning.
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('Upgrade 1 cabinets to 2.4.1?');
  await expect(confirm.getByTestId('firmware-confirm-offline')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await drawer.getByRole('button', { name: 'Untick offline ones' }).click();
  await expect(drawer.getByTestId('firmware-offline-warning')).toHaveCount(0);
  await expect(drawer.getByTestId('firmware-selected')).toContainText('0 chosen');
});

test('a screen the account may not open says so (403) with a way back; an unknown one is 404', async ({
  page,
  browser,
}) => {
  await signIn(page, { lang: 'en_US' });
  const a = await api(page);
  const tree = await call<{ id: number; path: string; children: unknown[] }[]>(
    a,
    'GET',
    '/user/api/v1/sys/menu/listByUserAll',
  );
  const flat = (nodes: { id: number; path: string; children: unknown[] }[]): { id: number; path: string }[] =>
    nodes.flatMap((n) => [n, ...flat(n.children as { id: number; path: string; children: unknown[] }[])]);
  const dashboard = flat(tree).find((m) => m.path === '/dashboard')!;
  const role = await call<{ id: number }>(a, 'POST', '/user/api/v1/sys/role/saveOrUpdate', {
    name: `E2E dashboard only ${RUN}`,
    weight: 1,
    menuIds: [dashboard.id],
  });
  await call(a, 'POST', '/user/api/v1/sys/manage', {
    userName: `e2e_viewer_${RUN}`,
    nickName: 'Viewer',
    password: 'viewer123',
    roleIds: [role.id],
  });

  const context = await browser.newContext({ storageState: SIGNED_OUT });
  const viewer = await context.newPage();
  await viewer.addInitScript(() => localStorage.setItem('language', 'en_US'));
  await viewer.goto('/login?redirect=%2Fsystem%2Froles');
  await viewer.locator('input[autocomplete="username"]').fill(`e2e_viewer_${RUN}`);
  await viewer.locator('input[type="password"]').fill('viewer123');
  await viewer.locator('button[type="submit"]').click();
  await expect(viewer.getByText('Your account does not have permission to open this page.')).toBeVisible();
  await expect(viewer).toHaveURL(/\/system\/roles$/);
  await expect(viewer).toHaveTitle(/No permission/);
  await shot(viewer, 'forbidden-1440');
  await viewer.setViewportSize({ width: 800, height: 900 });
  await shot(viewer, 'forbidden-800');
  await viewer.getByRole('button', { name: 'Back to home' }).click();
  await expect(viewer).toHaveURL(/\/dashboard$/);
  await viewer.goto('/no/such/screen');
  await expect(viewer).toHaveURL(/\/404$/);
  await context.close();
});

test('the range settings are a fixed tab under system management', async ({ page }) => {
  await signIn(page, { lang: 'en_US', redirect: '/setRnge' });
  const tab = page.locator('.app-tag').filter({ hasText: 'Range settings' });
  await expect(tab).toBeVisible();
  // The English menu names are the short ones (System, System settings).
  await expect(page.locator('.ant-breadcrumb')).toContainText('System');
  await expect(page.locator('.ant-breadcrumb')).toContainText('System settings');
  await shot(page, 'set-range-1440');
  // No close button on a fixed tab, and it stays after moving on to another screen.
  await expect(tab.locator('.app-tag-close')).toHaveCount(0);
  await page.locator('.app-tag').filter({ hasText: 'Data analysis' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(tab).toBeVisible();
  await expect(tab.locator('.app-tag-close')).toHaveCount(0);
});
