import { expect, test, type Page } from '@playwright/test';
import { api, call, signIn } from './helpers';

/**
 * Binding is installing: a charging cable bound to one of the demo network's outlets from the
 * outlet's devices drawer, its unlock code issued, its install record on the records screen naming
 * the outlet; unbinding it writes the removal. A cabinet held by a dispatch under audit is refused
 * with the assets' own message. Seeds through the calls other screens use (model, cable, warehouses).
 */
const RUN = Date.now().toString().slice(-6);
const CABLE = `INST${RUN}0000001`;
const HELD = `INSC${RUN}000001`;
const OUTLET = 'Xintiandi Lounge';
const row = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });
const shot = async (page: Page, name: string) => {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await page.screenshot({ path: `/tmp/installs-web-${name}.png`, fullPage: true });
};

async function seed(page: Page): Promise<void> {
  const a = await api(page);
  const post = <T = { id: number }>(url: string, data: object) => call<T>(a, 'POST', url, data);
  const model = await post('/device/api/v1/model/saveOrUpdate', {
    productName: 'Cable',
    model: `IN${RUN}`,
    deviceType: 'cable',
  });
  await post('/device/api/v1/cable/add', {
    deviceId: CABLE,
    modelId: model.id,
    packages: [{ name: '3 hours', hours: 3, amount: 200 }],
  });
  // A cabinet stocked in, put in a warehouse and held by a dispatch application under audit.
  const cabinetModel = await post('/device/api/v1/model/saveOrUpdate', {
    productName: 'Cabinet',
    model: `IK${RUN}`,
    deviceType: 'cabinet',
    slotCount: 12,
  });
  await post('/device/api/v1/cabinet/batchStorage', { sns: [HELD] });
  const from = await post('/device/api/v1/warehouse/saveOrUpdate', { name: `Held from ${RUN}`, type: 'storage' });
  const to = await post('/device/api/v1/warehouse/saveOrUpdate', { name: `Held to ${RUN}`, type: 'business' });
  await post('/device/api/v1/stock/putIn', {
    warehouseId: from.id,
    reason: 'purchase',
    deviceType: 'cabinet',
    modelId: cabinetModel.id,
    ids: [HELD],
  });
  await post('/device/api/v1/dispatch/apply', {
    fromWarehouseId: from.id,
    toWarehouseId: to.id,
    reason: 'replenishment',
    ids: [HELD],
  });
}

/** Filters a list screen by one text field, as a person does: type, then Search. */
async function filterBy(page: Page, field: RegExp, value: string, search: string): Promise<void> {
  const filters = page.getByRole('form').filter({ has: page.getByRole('textbox', { name: field }) });
  await filters.getByRole('textbox', { name: field }).fill(value);
  await filters.getByRole('button', { name: search }).click();
}

async function pickDevice(
  page: Page,
  drawer: ReturnType<Page['getByRole']>,
  kind: string,
  code: string,
): Promise<void> {
  await drawer.getByTestId('bind-device-kind').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: kind }).click();
  await drawer.getByTestId('bind-device-select').click();
  await page.keyboard.type(code.slice(-8));
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: code }).click();
}

test('bind a cable to an outlet, issue its code, see its install and removal records', async ({ page }) => {
  await signIn(page, { lang: 'en_US', redirect: '/outlet/list' });
  await seed(page);
  await expect(page.getByRole('heading', { name: 'Outlets' })).toBeVisible();

  // The outlet's devices: a cable, picked by kind and part of its code, bound with a reason.
  await row(page, OUTLET).getByRole('button', { name: 'Devices', exact: true }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: `Devices of ${OUTLET}` });
  await pickDevice(page, drawer, 'Charging cable', CABLE);
  await drawer.getByLabel('Reason (optional, kept in the install record)').fill('Counter by the door');
  await drawer.getByRole('button', { name: 'Bind', exact: true }).click();
  await expect(page.locator('.ant-message')).toContainText(`Device ${CABLE} bound`);
  await expect(drawer.locator('tr', { hasText: CABLE })).toContainText('Charging cable');

  // A cabinet under a dispatch audit: refused with the assets' message, nothing bound.
  await pickDevice(page, drawer, 'Cabinet', HELD);
  await drawer.getByRole('button', { name: 'Bind', exact: true }).click();
  await expect(page.locator('.ant-message')).toContainText('The device is pending audit');
  await expect(drawer.locator('tr', { hasText: HELD })).toHaveCount(0);
  await shot(page, 'drawer-en-1440');
  await drawer.getByRole('button', { name: 'Close' }).click();

  // The cable list names its outlet; its unlock code for the 3-hour package.
  await page.goto('/device/cable');
  await filterBy(page, /Device ID/, CABLE, 'Search');
  await expect(row(page, CABLE)).toContainText(OUTLET);
  await row(page, CABLE).getByRole('button', { name: 'Unlock code' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: `Unlock code of ${CABLE}` });
  await dialog.getByText('3 hours · 3h · 2.00').click();
  await dialog.getByRole('button', { name: 'Issue code' }).click();
  await expect(dialog.getByTestId('issued-code')).toHaveText(/^\d{8}$/);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The install record, naming the outlet, who and why.
  await page.goto('/operation/installRecord');
  await expect(page.getByRole('heading', { name: 'Install and removal records' })).toBeVisible();
  await filterBy(page, /Device ID/, CABLE, 'Search');
  await expect(page.locator('.ant-table-row')).toHaveCount(1);
  const install = row(page, CABLE).filter({ hasText: 'Install' });
  await expect(install).toContainText(OUTLET);
  await expect(install).toContainText('Counter by the door');
  await expect(install).toContainText('admin');
  await shot(page, 'records-en-1440');

  // Unbinding from the drawer is the removal; it appears beside the install.
  await page.goto('/outlet/list');
  await row(page, OUTLET).getByRole('button', { name: 'Devices', exact: true }).click();
  await drawer.locator('tr', { hasText: CABLE }).getByRole('button', { name: 'Unbind' }).click();
  // The reason is required: OK without one says so and unbinds nothing.
  const confirm = page.getByRole('dialog').filter({ hasText: `Unbind ${CABLE} from this outlet?` });
  await confirm.getByRole('button', { name: 'Unbind' }).click();
  await expect(confirm.getByText('Say why the device is unbound')).toBeVisible();
  await confirm.getByLabel('Reason (required, kept in the removal record)').fill('Counter closed');
  await confirm.getByRole('button', { name: 'Unbind' }).click();
  await expect(page.locator('.ant-message')).toContainText(`Device ${CABLE} unbound`);
  await drawer.getByRole('button', { name: 'Close' }).click();
  await page.goto('/operation/installRecord');
  await filterBy(page, /Device ID/, CABLE, 'Search');
  await expect(row(page, CABLE).filter({ hasText: 'Removal' })).toContainText('Counter closed');
  await expect(page.locator('.ant-table-row')).toHaveCount(2);
});

test('the records screen and the drawer in Chinese', async ({ page }) => {
  await signIn(page, { lang: 'zh_CN', redirect: '/operation/installRecord' });
  await filterBy(page, /设备编号/, CABLE, '查询');
  await expect(page.locator('.ant-table-row')).toHaveCount(2);
  await expect(row(page, CABLE).filter({ hasText: '安装' })).toContainText(OUTLET);
  await shot(page, 'records-zh-1440');
  await page.goto('/outlet/list');
  await row(page, OUTLET).getByRole('button', { name: '设备', exact: true }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: OUTLET });
  await expect(drawer.getByText('绑定即把设备安装到本网点')).toBeVisible();
  await shot(page, 'drawer-zh-1440');
});
