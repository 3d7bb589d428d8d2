import { expect, test } from '@playwright/test';
import { ADMIN, SIGNED_OUT, signInByForm } from './helpers';

// The login form itself: these flows start signed out and type it (the others open the console with
// the run's admin session, global-setup.ts).
test.use({ storageState: SIGNED_OUT });

test('a signed-out visit goes to /login with redirect, a wrong password is refused, sign-in returns to the screen', async ({
  page,
}) => {
  await page.goto('/system/loginLog');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsystem%2FloginLog$/);
  await page.locator('button[type="submit"]').click();
  await expect(page.getByRole('alert').first()).toBeVisible(); // empty fields are named

  await page.locator('input[autocomplete="username"]').fill(`  ${ADMIN.userName} `);
  await page.locator('input[type="password"]').fill('wrong-password');
  await page.locator('button[type="submit"]').click();
  await expect(page.locator('.ant-message-error')).toContainText('账号或密码错误');

  await page.locator('input[type="password"]').fill(ADMIN.password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/system\/loginLog$/);
  await expect(page).toHaveTitle('ChargeHub - 登录日志');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await expect(page.locator('.ant-breadcrumb')).toContainText('数据分析');

  // a signed-in user opening /login goes to /, which is the dashboard
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/no/such/screen');
  await expect(page).toHaveURL(/\/404$/);
});

test('log out from the avatar menu ends the session', async ({ page, context }) => {
  // A session of its own, typed in: signing out ends only that one.
  await signInByForm(page);
  const token = (await context.cookies()).find((c) => c.name === 'Authorization')?.value;
  expect(token).toBeTruthy();
  await page.getByRole('button', { name: '账号菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await expect(page).toHaveURL(/\/login/);
  expect((await context.cookies()).find((c) => c.name === 'Authorization')).toBeUndefined();
  // the old token is dead on the server too
  const res = await page.request.get('/user/api/v1/sys/user/info', { headers: { Authorization: token! } });
  expect((await res.json()).code).toBe(100021);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard/);
});
