import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { api, appCustomer, call, confirmOk, menuPath, signIn } from './helpers';

/**
 * Reconciliation end to end: a customer's top-up goes through the sandbox (a line on its
 * statement and in the books), and a refund is planted in the sandbox's statement file of the day
 * alone (the company says it paid back money the books never asked for). Finance staff open
 * Financial management → reconciliation, run today, see the planted difference first in the
 * day's lines, explain it (who and why shown afterwards) and export the day.
 */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`reconciliation-${name}.png`), fullPage: true });

test('a planted difference is found by a run, explained once and exported', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, { lang: 'en_US' });
  const a = await api(page);
  const today = new Date().toISOString().slice(0, 10);

  // A top-up: matched on both sides.
  const customer = await appCustomer(page.request);
  await call(customer, 'POST', '/order/api/app/v1/wallet/recharge', {
    amount: 1234,
    idempotencyKey: crypto.randomUUID(),
  });
  // A refund only at the company: a line of the sandbox's statement file (UTC day), written as the company wrote it.
  const dir = path.join(process.env.E2E_DATA_DIR!, 'sandbox-statements');
  const file = path.join(dir, `${today}.csv`);
  const key = `refund:e2e-planted:${crypto.randomBytes(4).toString('hex')}`;
  fs.mkdirSync(dir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, 'key,op,reference,amount,fee,at,status\n');
  fs.appendFileSync(file, `${key},refund,SBXE2E${Date.now()},321,0,${new Date().toISOString()},succeeded\n`);

  await page.goto(await menuPath(a, 'reconcile/reconciliation'));
  await expect(page.getByText('Reconciled days')).toBeVisible();
  await shot(page, 'list-before-1440');

  // Run now: today, every company, after the confirmation; the dialog shows its progress and closes.
  await page.getByTestId('reconcile-run').click();
  const dialog = page.locator('.ant-modal').filter({ hasText: 'Reconcile a day' });
  await expect(dialog).toBeVisible();
  const picker = dialog.getByTestId('reconcile-run-day');
  await picker.click();
  await picker.fill(today);
  await picker.press('Enter');
  await dialog.getByRole('button', { name: 'Reconcile' }).click();
  await confirmOk(page, `Reconcile ${today} now?`);
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  await expect(page.locator('.ant-message')).toContainText('Reconciled; to explain');

  // The sandbox's row of the day (a company configured by another flow has its own row).
  const row = page.locator('.ant-table-row', { hasText: today }).filter({ hasText: 'Sandbox (no real money)' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Only at the company 1');
  await expect(row).toContainText('Sandbox (no real money)');
  await shot(page, 'list-after-1440');

  // The day's lines: the differences first, the planted one among them.
  await row.getByTestId('reconcile-day').click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: `Sandbox (no real money) · ${today}` });
  await expect(drawer).toBeVisible();
  const first = drawer.locator('.ant-table-row').first();
  await expect(first).not.toContainText('Matched');
  const line = drawer.locator('.ant-table-row', { hasText: key });
  await expect(line).toContainText('Only at the company');
  await expect(line).toContainText('3.21');
  await shot(page, 'day-1440');

  // Explain it: the reason is required (2-200 characters), then who and why are shown on the line.
  await line.getByTestId('reconcile-explain').click();
  const modal = page.locator('.ant-modal').filter({ hasText: 'Explain a difference' });
  await modal.getByRole('button', { name: 'Mark explained' }).click();
  await expect(modal.locator('.ant-form-item-explain-error')).toBeVisible();
  await modal.locator('textarea').fill('Refunded by hand in the company portal; ticket 42');
  await shot(page, 'explain-1440');
  await modal.getByRole('button', { name: 'Mark explained' }).click();
  await expect(modal).toBeHidden();
  await expect(line.getByTestId('reconcile-explained')).toContainText('Refunded by hand in the company portal');
  await expect(line.getByTestId('reconcile-explained')).toContainText('admin');
  await expect(line.getByTestId('reconcile-explain')).toHaveCount(0);

  // Export: the day's lines reach the export centre; the file holds the planted line with its explanation.
  await drawer.getByRole('button', { name: /Export/ }).click();
  await expect(page.locator('.ant-message')).toContainText('Reconciliation lines');
  let entry: { status: string; fileUrl: string; fileName: string } | undefined;
  await expect
    .poll(
      async () => {
        const list = await call<{ list: { status: string; fileUrl: string; fileName: string }[] }>(
          a,
          'GET',
          '/user/api/v1/exportExcelLog/list',
          { pageNum: 1, pageSize: 10 },
        );
        entry = list.list.find((e) => e.fileName.startsWith('Reconciliation lines'));
        return entry?.status;
      },
      { timeout: 60_000 },
    )
    .toBe('done');
  const xlsx = await page.request.get(entry!.fileUrl);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await xlsx.body()) as unknown as ArrayBuffer);
  // Sheet values are sparse (row 0 and column 0 are holes).
  const rows = Array.from(wb.worksheets[0]!.getSheetValues(), (r) =>
    Array.isArray(r) ? Array.from(r.slice(1), (c) => String(c ?? '')) : [],
  );
  const planted = rows.find((r) => r.includes(key));
  expect(planted).toBeTruthy();
  expect(planted).toContain('Only at the company');
  expect(planted).toContain('Refunded by hand in the company portal; ticket 42');

  // Below 992 px: the drawer takes the screen, the list scrolls sideways inside its card.
  await page.setViewportSize({ width: 900, height: 900 });
  await shot(page, 'day-900');
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-drawer-open')).toHaveCount(0);
  await shot(page, 'list-900');
});
