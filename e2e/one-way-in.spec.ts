import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, call, signIn, staffWithRole } from './helpers';

/**
 * One way for a device to enter the business, as a person does it: a cabinet put in stock (its
 * code refused first with the rule in the message) is registered with the fleet in the same step,
 * so it binds to an outlet straight away; unbinding it asks why and the removal record keeps the
 * reason; a dispatch application opens on its devices and history, and "Purchase" is no dispatch
 * reason. In English and Chinese, at 1440 and 800 px.
 */
const RUN = Date.now().toString().slice(-6);
const CAB = `OWIN${RUN}000001`;
const MOVED = [`OWMV${RUN}000001`, `OWMV${RUN}000002`];
const STORE = `Way in ${RUN}`;
const SHOP = `Way out ${RUN}`;
const OUTLET = 'Xujiahui Bookstore';
const row = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });
const shot = async (page: Page, name: string) => {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await page.screenshot({ path: `/tmp/one-way-in-web-${name}.png`, fullPage: true });
};

async function pick(page: Page, scope: Locator, field: string, option: string | RegExp): Promise<void> {
  await scope.getByLabel(field, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: option })
    .last()
    .click();
}

/** A cabinet model, two warehouses, and two cabinets dispatched from one to the other and approved. */
async function seed(page: Page): Promise<{ applicationNo: string }> {
  const a = await api(page);
  const post = <T = { id: number }>(url: string, data: object) => call<T>(a, 'POST', url, data);
  const model = await post('/device/api/v1/model/saveOrUpdate', {
    productName: 'Cabinet',
    model: `OW${RUN}`,
    deviceType: 'cabinet',
    slotCount: 12,
  });
  const from = await post('/device/api/v1/warehouse/saveOrUpdate', { name: STORE, type: 'storage' });
  const to = await post('/device/api/v1/warehouse/saveOrUpdate', { name: SHOP, type: 'business' });
  await post('/device/api/v1/stock/putIn', {
    warehouseId: from.id,
    reason: 'purchase',
    deviceType: 'cabinet',
    modelId: model.id,
    ids: MOVED,
  });
  const app = await post('/device/api/v1/dispatch/apply', {
    fromWarehouseId: from.id,
    toWarehouseId: to.id,
    reason: 'replenishment',
    remark: 'Weekend stock',
    ids: MOVED,
  });
  // Approved by an operations account: nobody approves what they applied for.
  const ops = await staffWithRole(a, { userName: `owops${RUN}`, password: 'ops12345' }, 'role.operations');
  await call(ops, 'PUT', '/device/api/v1/dispatch/audit', { id: app.id, approve: true, reason: 'Go ahead' });
  const detail = await call<{ applicationNo: string }>(a, 'GET', '/device/api/v1/dispatch/detail', { id: app.id });
  return { applicationNo: detail.applicationNo };
}

test('a cabinet put in stock binds at once, unbinds with a reason; a dispatch opens on its devices and history', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, { lang: 'en_US', redirect: '/operation/stock' });
  const { applicationNo } = await seed(page);
  // The warehouses just made are among the options once the screen is read again.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Stock in/out' })).toBeVisible();

  // Put a cabinet in: the form says the rule and that the fleet learns of it.
  await page.getByRole('button', { name: 'Put in' }).click();
  const putIn = page.getByRole('dialog', { name: 'Put in' });
  await pick(page, putIn, 'Warehouse', STORE);
  await pick(page, putIn, 'Device type', 'Cabinet');
  await pick(page, putIn, 'Model', `OW${RUN}`);
  await expect(putIn.getByTestId('one-way-in')).toContainText('registered with the fleet at the same time');
  await expect(putIn.getByText('A cabinet ID is 4 letters and 12 or 13 digits, e.g. ABCD000000000001')).toBeVisible();
  // A code of the wrong form is refused with its rule.
  await putIn.getByLabel('Device IDs').fill('UXCAB000001');
  await putIn.getByRole('button', { name: 'Submit' }).click();
  const report = putIn.getByTestId('movement-report');
  await expect(report).toContainText('Non-standard device code: a cabinet is 4 letters and 12 or 13 digits');
  await putIn.getByRole('button', { name: 'Continue' }).click();
  await putIn.getByLabel('Device IDs').fill(CAB);
  await putIn.getByRole('button', { name: 'Submit' }).click();
  await expect(report).toContainText('All devices moved');
  await expect(report.getByTestId('registered')).toContainText(
    'Cabinets new to the fleet registered with it, ready to bind to outlets: 1',
  );
  await shot(page, 'put-in-en-1440');
  await putIn.locator('.ant-drawer-footer').getByRole('button', { name: 'Close' }).click();

  // The batch stock-in screen says what it does and where devices really come in.
  await page.goto('/device/batchStorage');
  await page.getByRole('button', { name: 'Batch stock-in' }).click();
  const storage = page.getByRole('dialog').filter({ has: page.getByTestId('one-way-in') });
  await expect(storage.getByTestId('one-way-in')).toContainText('registers cabinets with the fleet only');
  await shot(page, 'batch-storage-en-1440');
  await storage.getByRole('link', { name: 'Go to Stock in/out' }).click();
  await expect(page).toHaveURL(/\/operation\/stock/);

  // Bound to an outlet without a detour: the cabinet is among the unbound devices.
  await page.goto('/outlet/list');
  await row(page, OUTLET).getByRole('button', { name: 'Devices', exact: true }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: `Devices of ${OUTLET}` });
  await drawer.getByTestId('bind-device-select').click();
  await page.keyboard.type(CAB.slice(-8));
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: CAB }).click();
  await drawer.getByRole('button', { name: 'Bind', exact: true }).click();
  await expect(page.locator('.ant-message')).toContainText(`Device ${CAB} bound`);
  await expect(drawer.locator('tr', { hasText: CAB })).toBeVisible();

  // Unbinding asks why; without a reason nothing is unbound.
  await drawer.locator('tr', { hasText: CAB }).getByRole('button', { name: 'Unbind' }).click();
  const why = page.getByRole('dialog').filter({ hasText: `Unbind ${CAB} from this outlet?` });
  await why.getByRole('button', { name: 'Unbind' }).click();
  await expect(why.getByText('Say why the device is unbound')).toBeVisible();
  await shot(page, 'unbind-en-1440');
  await why.getByLabel('Reason (required, kept in the removal record)').fill('Moved to the café');
  await why.getByRole('button', { name: 'Unbind' }).click();
  await expect(page.locator('.ant-message')).toContainText(`Device ${CAB} unbound`);
  await expect(drawer.locator('tr', { hasText: CAB })).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Close' }).click();
  await page.goto('/operation/installRecord');
  const filters = page.getByRole('form').filter({ has: page.getByRole('textbox', { name: /Device ID/ }) });
  await filters.getByRole('textbox', { name: /Device ID/ }).fill(CAB);
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(row(page, CAB).filter({ hasText: 'Removal' })).toContainText('Moved to the café');
  await expect(page.locator('.ant-table-row')).toHaveCount(2);

  // A dispatch: "Purchase" is not offered; an application opens on its devices and history.
  await page.goto('/operation/dispatch');
  await page.getByRole('button', { name: 'Apply for dispatch' }).click();
  const apply = page.getByRole('dialog').filter({ hasText: 'Device IDs' });
  await apply.getByLabel('Reason', { exact: true }).click();
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await expect(options.filter({ hasText: 'Replenishment' })).toBeVisible();
  await expect(options.filter({ hasText: 'Purchase' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await apply.getByRole('button', { name: 'Cancel' }).click();
  const openDetail = async (title: RegExp) => {
    await row(page, applicationNo).getByText(applicationNo).click();
    const d = page.getByRole('dialog', { name: title });
    await expect(d.getByTestId('dispatch-devices')).toContainText(MOVED[0]!);
    return d;
  };
  const details = await openDetail(/^Application DB\d+$/);
  await expect(details.getByTestId('dispatch-devices')).toContainText(MOVED[1]!);
  await expect(details.getByTestId('dispatch-devices')).toContainText(`Cabinet OW${RUN}`);
  const history = details.getByTestId('dispatch-history');
  await expect(history).toContainText('Applied');
  await expect(history).toContainText('Weekend stock');
  await expect(history).toContainText('Approved');
  await expect(history).toContainText('Go ahead');
  await expect(history).toContainText('2 devices moved to the destination warehouse');
  await shot(page, 'dispatch-detail-en-1440');
  await details.getByRole('button', { name: 'Close' }).click();

  // At 800 px: the detail takes the whole width.
  await page.setViewportSize({ width: 800, height: 900 });
  const narrow = await openDetail(/^Application DB\d+$/);
  await expect.poll(() => narrow.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(800);
  await shot(page, 'dispatch-detail-en-800');
  await narrow.getByRole('button', { name: 'Close' }).click();

  // The same in Chinese, at 1440 and 800 px.
  await page.evaluate(() => localStorage.setItem('language', 'zh_CN'));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/operation/dispatch');
  const zh = await openDetail(/^申请单 DB\d+$/);
  await expect(zh.getByTestId('dispatch-history')).toContainText('审核通过');
  await expect(zh.getByTestId('dispatch-history')).toContainText('2 台设备已调入目标仓库');
  await shot(page, 'dispatch-detail-zh-1440');
  await page.keyboard.press('Escape');
  await expect(zh).toBeHidden();
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto('/operation/stock');
  await page.getByRole('button', { name: '入库' }).click();
  const zhPutIn = page.getByRole('dialog', { name: '入库' });
  await pick(page, zhPutIn, '设备类型', '机柜');
  await expect(zhPutIn.getByTestId('one-way-in')).toContainText('同时登记到设备管理');
  await shot(page, 'put-in-zh-800');
  await page.keyboard.press('Escape');
  await page.goto('/operation/dispatch');
  const zhNarrow = await openDetail(/^申请单 DB\d+$/);
  await expect.poll(() => zhNarrow.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(800);
  await shot(page, 'dispatch-detail-zh-800');
});
