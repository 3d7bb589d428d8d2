import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('an export of the login log reaches 100% in the export list and downloads a real xlsx', async ({ page }) => {
  await signIn(page, { redirect: '/system/loginLog' });
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await page.getByRole('button', { name: /导\s*出$/ }).click();
  await expect(page.locator('.ant-message, .ant-notification').first()).toBeVisible();

  await page.getByRole('button', { name: '导出列表', exact: true }).click();
  // The newest login-log export (the list is newest first; earlier flows may have exported other lists).
  const entry = page.locator('[data-testid^="export-"]', { hasText: '登录日志_' }).first();
  await expect(entry).toBeVisible();
  await expect(entry.locator('.ant-progress')).toContainText('100%', { timeout: 30_000 });
  const link = entry.getByRole('link', { name: /下载/ });
  await expect(link).toBeEnabled();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^登录日志_\d{8}_\d{6}\.xlsx$/);
  const file = await download.path();
  const head = fs.readFileSync(file).subarray(0, 2).toString('latin1');
  expect(head).toBe('PK'); // an xlsx is a zip
  expect(fs.statSync(file).size).toBeGreaterThan(3000);
  await page.screenshot({ path: test.info().outputPath('export-list.png') });
});
