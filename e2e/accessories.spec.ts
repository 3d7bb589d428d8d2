import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, call, confirmOk, signIn } from './helpers';

/**
 * Accessories as a person does it: a charging cable added with its packages, its unlock code issued
 * from the console; a repair ticket recorded, taken into processing and finished. Screenshots in
 * English and Chinese, at 1440 and 800 px wide.
 */
const RUN = Date.now().toString().slice(-6);
const CABLE = `EECA${RUN}0000001`;
const DEVICE = `EECA${RUN}0000002`;
/** A screenshot once drawers, dialogs and messages have finished moving. */
async function shot(page: Page, name: string): Promise<void> {
  // Finite ones only: a pulsing status dot never ends.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await page.screenshot({ path: `/tmp/acc-web-${name}.png`, fullPage: true });
}
const row = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });

async function pick(page: Page, scope: Locator, field: string, option: string | RegExp): Promise<void> {
  await scope.getByLabel(field, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

/** What another screen would have set up: a cable model and a problem type (through their own calls). */
async function seed(page: Page): Promise<void> {
  const a = await api(page);
  await call(a, 'POST', '/device/api/v1/model/saveOrUpdate', {
    productName: 'Cable',
    model: `CB${RUN}`,
    deviceType: 'cable',
  });
  await call(a, 'POST', '/user/api/v1/problemType/saveOrUpdate', { name: `Plug ${RUN}`, sort: 1, remark: '' });
}

test.describe.configure({ mode: 'serial' });

test('a cable with packages gets its unlock code; a repair ticket is recorded, processed and finished', async ({
  page,
}) => {
  await signIn(page, { lang: 'en_US', redirect: '/device/cable' });
  await seed(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Charging cables' })).toBeVisible();

  // A cable: refused first by the package rule, in the rule's words.
  await page.getByRole('button', { name: 'Add cable' }).click();
  const form = page.getByRole('dialog').filter({ hasText: 'Add cable' });
  await form.getByLabel('Device ID').fill(CABLE);
  await pick(page, form, 'Model', `CB${RUN}`);
  for (const [name, hours, amount] of [
    ['3 hours', '3', '6'],
    ['12 hours', '12', '5'],
  ] as const) {
    await form.getByRole('button', { name: /Add a package/ }).click();
    await form.getByLabel('Name').last().fill(name);
    await form.getByLabel('Hours').last().fill(hours);
    await form.getByLabel('Amount').last().fill(amount);
  }
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('the first-three-hours amount cannot be above the 12-hour maximum')).toBeVisible();
  await form.getByLabel('Amount').nth(1).fill('2');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, CABLE)).toBeVisible();
  await expect(row(page, CABLE)).toContainText('3 hours · 3h · 2.00');
  await expect(row(page, CABLE)).toContainText('Not bound');
  await shot(page, 'cables-en-1440');

  // Its code for the 3-hour package, then a new one after a power cut.
  await row(page, CABLE).getByRole('button', { name: 'Unlock code' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: `Unlock code of ${CABLE}` });
  await dialog.getByText('3 hours · 3h · 2.00').click();
  await dialog.getByRole('button', { name: 'Issue code' }).click();
  await expect(dialog.getByTestId('issued-code')).toHaveText(/^\d{8}$/);
  const first = await dialog.getByTestId('issued-code').textContent();
  await expect(dialog.getByText('Codes issued (1)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Issue a new code (power lost)' }).click();
  await expect(dialog.getByText('Codes issued (2)')).toBeVisible();
  await expect(dialog.getByTestId('issued-code')).not.toHaveText(first!);
  await expect(dialog.getByText('3 h, position 1:')).toBeVisible();
  await shot(page, 'code-en-1440');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row(page, CABLE).locator('td').nth(4)).toHaveText('2');

  // A repair ticket, from untreated to finished.
  await page.goto('/feedback/repair');
  await expect(page.getByRole('heading', { name: 'Problem feedback' })).toBeVisible();
  await page.getByRole('button', { name: 'Record ticket' }).click();
  const ticket = page.getByRole('dialog').filter({ hasText: 'Record ticket' });
  await ticket.getByLabel('Device ID').fill(DEVICE);
  await pick(page, ticket, 'Problem type', `Plug ${RUN}`);
  await ticket.getByLabel('Contact person').fill('Li Lei');
  await ticket.getByLabel('Phone').fill('13800000000');
  await ticket.getByLabel('Description').fill('The plug wobbles and charging stops');
  await ticket.getByLabel('Take the device out of business').check();
  await ticket.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, DEVICE)).toContainText('Untreated');
  await expect(row(page, DEVICE)).toContainText('Out of business');
  await row(page, DEVICE).getByRole('button', { name: 'Process' }).click();
  await confirmOk(page);
  await expect(row(page, DEVICE)).toContainText('Processing');
  await expect(row(page, DEVICE)).toContainText('admin');
  await row(page, DEVICE).getByRole('button', { name: 'Finish' }).click();
  const finish = page.getByRole('dialog').filter({ hasText: 'Finish ticket' });
  await finish.getByLabel('Result').fill('Plug replaced');
  await finish.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, DEVICE)).toContainText('Finished');
  await expect(row(page, DEVICE).getByRole('button', { name: 'Finish' })).toHaveCount(0);
  await row(page, DEVICE).getByRole('button', { name: 'Details' }).click();
  await expect(page.getByRole('dialog').filter({ hasText: 'Plug replaced' })).toBeVisible();
  await shot(page, 'repair-detail-en-1440');
  await page.keyboard.press('Escape');
  await shot(page, 'repairs-en-1440');

  // 800 px wide: the same screens stay usable.
  await page.setViewportSize({ width: 800, height: 900 });
  await page.reload();
  await expect(row(page, DEVICE)).toBeVisible();
  await shot(page, 'repairs-en-800');
  await page.goto('/device/cable');
  await expect(row(page, CABLE)).toBeVisible();
  await shot(page, 'cables-en-800');
  await row(page, CABLE).getByRole('button', { name: 'Unlock code' }).click();
  await expect(page.getByRole('dialog').filter({ hasText: 'Codes issued (2)' })).toBeVisible();
  await shot(page, 'code-en-800');
});

test('the screens in Chinese, with the billing upload', async ({ page }) => {
  await signIn(page, { lang: 'zh_CN', redirect: '/device/cable' });
  await expect(page.getByRole('heading', { name: '充电线' })).toBeVisible();
  await expect(row(page, CABLE)).toContainText('未绑定');
  await shot(page, 'cables-zh-1440');
  await page.goto('/device/bluetooth');
  await expect(page.getByRole('heading', { name: '蓝牙充电器' })).toBeVisible();
  await page.getByRole('button', { name: '新增充电器' }).click();
  await expect(page.getByText('系统设置：预付金额最多 99.00，每日封顶最多 10.00，每小时价格最多 1.00')).toBeVisible();
  await shot(page, 'bluetooth-form-zh-1440');
  await page.goto('/device/billing');
  await expect(page.getByText('设备计费批量修改').first()).toBeVisible();
  // An empty file: the server's own message, in the chosen language.
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'empty.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.alloc(0) });
  await expect(page.getByText('设备价格文件不存在或为空')).toBeVisible();
  // A real workbook: one row names a cable (billed by package), one a device nobody added.
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Billing');
  ws.addRow(['Device ID', 'Hourly price', 'Daily cap', 'Prepayment']);
  ws.addRow([CABLE, 1, 10, 20]);
  ws.addRow([`EECB${RUN}0000009`, 1, 10, 20]);
  await page.locator('input[type="file"]').setInputFiles({
    name: 'billing.xlsx',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(await wb.xlsx.writeBuffer()),
  });
  const report = page.getByTestId('billing-report');
  await expect(report).toContainText('充电线按套餐计费');
  await expect(report).toContainText('设备不存在');
  await shot(page, 'billing-zh-1440');
  await page.goto('/feedback/repair');
  await expect(row(page, DEVICE)).toContainText('已完成');
  await shot(page, 'repairs-zh-1440');
  await page.setViewportSize({ width: 800, height: 900 });
  await page.reload();
  await expect(row(page, DEVICE)).toBeVisible();
  await shot(page, 'repairs-zh-800');
  await page.goto('/device/billing');
  await shot(page, 'billing-zh-800');
});
