import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, signIn, signInWithRole } from './helpers';

/**
 * Assets as a person does it: a model, a supplier and two warehouses; 20 power banks put in by an
 * ID range; 5 of them dispatched with an application; the approval moves them and the warehouses'
 * loads change. Screenshots in English and Chinese, at 1440 and 800 px wide.
 */
const RUN = Date.now().toString().slice(-6);
const STORE = `Store ${RUN}`;
const SHOP = `Shop ${RUN}`;
const id = (n: number) => `EEPB${RUN}${String(n).padStart(7, '0')}`;
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/assets-web-${name}.png`, fullPage: true });

async function pick(page: Page, scope: Locator, field: string, option: string | RegExp): Promise<void> {
  await scope.getByLabel(field, { exact: true }).click();
  // Each select's list is added to the page when first opened: the one just opened is the last.
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: option })
    .last()
    .click();
}
const row = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });
const loadOf = (page: Page, name: string) => row(page, name).locator('td').nth(6);

test('models, suppliers, warehouses, a put-in by range and an approved dispatch change the loads', async ({
  page,
  browser,
}) => {
  // One long flow through seven screens on a shared machine.
  test.setTimeout(240_000);
  await signIn(page, { lang: 'en_US', redirect: '/operation/model' });
  await expect(page.getByRole('heading', { name: 'Models' })).toBeVisible();

  // A model.
  await page.getByRole('button', { name: /^(plus )?Add$/ }).click();
  const modelForm = page.getByRole('dialog').filter({ hasText: 'Add model' });
  await modelForm.getByLabel('Product name').fill('Power bank 5000');
  await modelForm.getByLabel('Model', { exact: true }).fill(`PB${RUN}`);
  await modelForm.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, `PB${RUN}`)).toBeVisible();
  await shot(page, 'models-en-1440');

  // A supplier, refused first with the rule's own words.
  await page.goto('/operation/supplier');
  await page.getByRole('button', { name: /^(plus )?Add$/ }).click();
  const supplierForm = page.getByRole('dialog').filter({ hasText: 'Add supplier' });
  await supplierForm.getByLabel('Short name').fill('Acme');
  await supplierForm.getByLabel('Factory code').fill('A1');
  await supplierForm.getByLabel('Company').fill('Acme Devices Ltd');
  await supplierForm.getByRole('button', { name: 'Save' }).click();
  await expect(supplierForm.getByText('Factory code must be exactly 4 letters or digits')).toBeVisible();
  await supplierForm.getByLabel('Factory code').fill(RUN.slice(-4));
  await supplierForm.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, 'Acme Devices Ltd')).toBeVisible();

  // Two warehouses.
  await page.goto('/operation/warehouse');
  for (const [name, type] of [
    [STORE, 'Storage'],
    [SHOP, 'Business'],
  ] as const) {
    await page.getByRole('button', { name: /^(plus )?Add$/ }).click();
    const form = page.getByRole('dialog').filter({ hasText: 'Add warehouse' });
    await form.getByLabel('Name').fill(name);
    await pick(page, form, 'Type', type);
    await form.getByLabel('Manager').fill('Li Wei');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(row(page, name)).toBeVisible();
  }
  await expect(loadOf(page, STORE)).toHaveText('0');

  // 20 power banks put in by range.
  await page.goto('/operation/stock');
  await page.getByRole('button', { name: 'Put in' }).click();
  const putIn = page.getByRole('dialog', { name: 'Put in' });
  await pick(page, putIn, 'Warehouse', STORE);
  await pick(page, putIn, 'Model', `PB${RUN}`);
  await putIn.getByText('ID range', { exact: true }).click();
  await putIn.getByLabel('Start ID').fill(id(1));
  await putIn.getByLabel('End ID').fill(id(20));
  await expect(putIn.getByText('20 devices')).toBeVisible();
  await shot(page, 'put-in-en-1440');
  await putIn.getByRole('button', { name: 'Submit' }).click();
  const report = putIn.getByTestId('movement-report');
  await expect(report).toContainText('All devices moved');
  await expect(report.locator('.ant-statistic').nth(1)).toContainText('20');
  await putIn.locator('.ant-drawer-footer').getByRole('button', { name: 'Close' }).click();
  await expect(row(page, id(20))).toBeVisible();

  await page.goto('/operation/warehouse');
  await expect(loadOf(page, STORE)).toHaveText('20');

  // Dispatch 5 with an application, then approve it.
  await page.goto('/operation/dispatch');
  await page.getByRole('button', { name: 'Apply for dispatch' }).click();
  const apply = page.getByRole('dialog').filter({ hasText: 'Device IDs' });
  await pick(page, apply, 'From warehouse', STORE);
  await pick(page, apply, 'To warehouse', SHOP);
  await apply.getByLabel('Device IDs').fill([1, 2, 3, 4, 5].map(id).join('\n'));
  await apply.getByRole('button', { name: 'Save' }).click();
  const application = row(page, STORE).filter({ hasText: 'Pending' });
  await expect(application).toBeVisible();
  await shot(page, 'dispatch-en-1440');
  // The applicant is offered no Approve: another account of the operations role approves (maker-checker).
  await expect(application.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  const ops = await signInWithRole(
    browser,
    await api(page),
    { userName: `ops${Date.now() % 100000}`, password: 'ops12345' },
    'role.operations',
  );
  await ops.page.goto('/operation/dispatch');
  await row(ops.page, STORE).filter({ hasText: 'Pending' }).getByRole('button', { name: 'Approve' }).click();
  await ops.page
    .getByRole('dialog')
    .filter({ hasText: 'Approve application' })
    .getByRole('button', { name: 'OK' })
    .click();
  await expect(row(ops.page, STORE).filter({ hasText: 'Approved' })).toBeVisible();
  await ops.close();
  await page.reload();
  await expect(row(page, STORE).filter({ hasText: 'Approved' })).toBeVisible();
  // Its details name the devices it moved.
  await row(page, STORE)
    .getByRole('button', { name: /^DB\d+$/ })
    .or(row(page, STORE).locator('a').first())
    .first()
    .click();
  const details = page.getByRole('dialog', { name: /^Application DB\d+$/ });
  for (const n of [1, 2, 3, 4, 5]) await expect(details.getByTestId('dispatch-devices')).toContainText(id(n));
  await expect(details.getByTestId('dispatch-history')).toContainText('5 devices moved to the destination warehouse');
  await expect.poll(() => details.evaluate((el) => Math.round(el.getBoundingClientRect().right))).toBe(1440);
  await shot(page, 'dispatch-detail-en-1440');
  await details.getByRole('button', { name: 'Close' }).click();

  await page.goto('/operation/warehouse');
  await expect(loadOf(page, STORE)).toHaveText('15');
  await expect(loadOf(page, SHOP)).toHaveText('5');
  await shot(page, 'warehouses-en-1440');

  // The assets say where each device is; the movements list the dispatch.
  await page.goto('/asset');
  await expect(row(page, id(1))).toContainText(SHOP);

  // The same screens in Chinese, and at 800 px (mobile mode below 992 px).
  await page.evaluate(() => localStorage.setItem('language', 'zh_CN'));
  await page.goto('/operation/warehouse');
  await expect(page.getByRole('heading', { name: '仓库管理' })).toBeVisible();
  await expect(loadOf(page, STORE)).toHaveText('15');
  await shot(page, 'warehouses-zh-1440');
  await page.goto('/operation/dispatch');
  await expect(row(page, STORE).filter({ hasText: '已通过' })).toBeVisible();
  await shot(page, 'dispatch-zh-1440');
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto('/operation/stock');
  await expect(row(page, id(1)).first()).toBeVisible();
  await shot(page, 'stock-zh-800');
  await page.getByRole('button', { name: '入库' }).click();
  const drawer = page.getByRole('dialog', { name: '入库' });
  await expect(drawer.getByText('设备来源')).toBeVisible();
  // Below 992 px the drawer takes the whole width, once it has slid in.
  await expect.poll(() => drawer.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(800);
  await expect.poll(() => drawer.evaluate((el) => el.getBoundingClientRect().left)).toBe(0);
  await shot(page, 'put-in-zh-800');
  await page.keyboard.press('Escape');
  await page.goto('/asset');
  await expect(row(page, id(1))).toBeVisible();
  await shot(page, 'assets-zh-800');
});
