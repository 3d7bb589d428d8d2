import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/**
 * Words, not keys and ids; fleet screens that say what happened. What a person sees: a seeded role
 * named and found in the console's language, the operation log's action in that language with the
 * target's name, a cabinet's server address and connection state, the broker really listening.
 */
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/w11c-${name}.png`, fullPage: true });

test('a seeded role reads and is found in Chinese; the operation log names the action and the role in Chinese', async ({
  page,
}) => {
  await signIn(page, { redirect: '/system/roles', lang: 'zh_CN' });
  await page.getByLabel('角色名称').fill('财务');
  await page.getByRole('button', { name: '查询' }).click();
  const row = page.getByRole('row', { name: /财务/ });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('cell', { name: 'role.finance' })).toHaveCount(0);
  await row.getByRole('button', { name: '编辑' }).click();
  const drawer = page.getByRole('dialog');
  // The form shows the name and remark as the list does, never the stored key.
  await expect(drawer.getByLabel('角色名称')).toHaveValue('财务');
  await expect(drawer.getByLabel('备注')).toHaveValue('资金：资金流水、退款、提现、财务统计');
  await shot(page, 'role-form-zh');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('row', { name: /财务/ })).toHaveCount(1);

  await page.goto('/system/operationLog');
  const entry = page.getByRole('row', { name: /保存角色/ }).first();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('财务');
  await expect(page.getByText('Create or update a role and its menus')).toHaveCount(0);
  await shot(page, 'operation-log-zh');
});

test('cabinets show the address they came through, never-connected apart from offline, and the configuration names the broker', async ({
  page,
}) => {
  // Online ones: cabinets put in stock by other flows (registered, never connected) come first otherwise.
  await signIn(page, { redirect: '/device/cabinet?connection=online', lang: 'en_US' });
  // The server column starts hidden at 1440 px (column settings); shown the way a person's choice is kept.
  await page.evaluate(() => localStorage.setItem('listTable:cabinetQueryPage', JSON.stringify({ shown: ['server'] })));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Cabinets' })).toBeVisible();
  // The simulated cabinets connect a moment after start: each shows the endpoint it registered through.
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.locator('[data-server="connection"]').first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 45_000, intervals: [1000, 2000] });
  await expect(page.locator('[data-server="connection"]').first()).toHaveText(/^[\d.]+:\d+$/);
  await expect(page.locator('[data-connection="online"]').first()).toBeVisible();
  await shot(page, 'cabinets-1440');
  await page.setViewportSize({ width: 800, height: 900 });
  await shot(page, 'cabinets-800');
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.goto('/system/config');
  await page.getByRole('tab', { name: 'System', exact: true }).click();
  const note = page.locator('[data-broker]');
  await expect(note).toContainText('The device broker listens on');
  await shot(page, 'config-broker');
});
