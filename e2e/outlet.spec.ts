import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/**
 * Outlets against the real server: the demo network npm start makes beside its six simulated
 * cabinets (SIMULATOR=6: ten outlets around Shanghai, the cabinets bound to the first six), an
 * outlet made in the console for one of its agents, a simulated cabinet moved to it, and the
 * outlet found on the map. The machine has no network: the map says so and keeps its points.
 */
const NAME = 'Pudong Airport T2';
const SN = 'SIMU000000000006';
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/outlet-web-${name}.png`, fullPage: true });

test.describe('outlets', () => {
  test('create an outlet for an agent, bind a simulated cabinet, find it on the map', async ({ page }) => {
    await signIn(page, { lang: 'en_US', redirect: '/outlet/list' });
    await expect(page.getByRole('heading', { name: 'Outlets' })).toBeVisible();
    // The demo network is there, each record tagged.
    await expect(page.getByTestId('simulated-tag').first()).toBeVisible();
    await shot(page, 'outlets-en-1440');

    // A new outlet for the demo's B agent (it holds 50 %).
    await page.getByRole('button', { name: 'Add outlet' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: 'Add outlet' });
    await drawer.getByLabel('Outlet name', { exact: true }).fill(NAME);
    await drawer.getByLabel('Address', { exact: true }).fill('Pudong International Airport T2');
    await drawer.getByLabel('Latitude', { exact: true }).fill('31.1443');
    await drawer.getByLabel('Longitude', { exact: true }).fill('121.8083');
    await drawer.getByLabel('Agent', { exact: true }).click();
    await page.locator('.ant-select-item-option', { hasText: 'Bund Charging' }).click();
    // Above the agent's ratio: the form says so before the server would.
    await drawer.getByLabel('Profit-share ratio (%)', { exact: true }).fill('60');
    await drawer.getByLabel('Hidden ratio (%)', { exact: true }).fill('60');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(drawer.locator('.ant-form-item-explain-error', { hasText: "cannot be above the agent's 50%" })).toBeVisible();
    await drawer.getByLabel('Profit-share ratio (%)', { exact: true }).fill('30');
    await drawer.getByLabel('Hidden ratio (%)', { exact: true }).fill('35');
    await expect(drawer.locator('.ant-form-item-explain-error')).toHaveCount(0);
    await shot(page, 'outlet-form-en-1440');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('.ant-message')).toContainText('Outlet saved');
    const row = page.locator('tr', { hasText: NAME });
    await expect(row).toContainText('Bund Charging');
    await expect(row).toContainText('30 / 35');

    // The sixth cabinet stands in the demo's sixth outlet: unbind it there…
    await page.locator('tr', { hasText: 'Tianzifang Bistro' }).getByRole('button', { name: 'Devices' }).click();
    const devices = page.getByRole('dialog').filter({ hasText: 'Devices of Tianzifang Bistro' });
    await devices.locator('tr', { hasText: SN }).getByRole('button', { name: 'Unbind' }).click();
    const why = page.getByRole('dialog').filter({ hasText: `Unbind ${SN} from this outlet?` });
    await why.getByLabel('Reason (required, kept in the removal record)').fill('Moved to a new outlet');
    await why.getByRole('button', { name: 'Unbind' }).click();
    await expect(page.locator('.ant-message')).toContainText(`Device ${SN} unbound`);
    await expect(devices.locator('tr', { hasText: SN })).toHaveCount(0);
    await devices.getByRole('button', { name: 'Close' }).click();

    // …and bind it to the new outlet, picked among the unbound devices.
    await row.getByRole('button', { name: 'Devices' }).click();
    const mine = page.getByRole('dialog').filter({ hasText: `Devices of ${NAME}` });
    await mine.getByTestId('bind-device-select').click();
    await page.keyboard.type('0006');
    await page.locator('.ant-select-item-option', { hasText: SN }).click();
    await mine.getByRole('button', { name: 'Bind' }).click();
    await expect(page.locator('.ant-message')).toContainText(`Device ${SN} bound`);
    await expect(mine.locator('tr', { hasText: SN })).toBeVisible();
    await shot(page, 'outlet-devices-en-1440');
    await mine.getByRole('button', { name: 'Close' }).click();
    await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();

    // On the map: eleven outlets, ours alone by the airport, its popup with its devices.
    await page.goto('/outlet/map');
    await expect(page.getByTestId('map-count')).toHaveText(/^11 outlets on the map: \d+ agents' \(listed under Outlets\) and \d+ direct-sales/);
    await expect(page.getByTestId('map-notice')).toContainText('OpenStreetMap');
    const pin = page.locator(`.outlet-pin[title="${NAME}"]`);
    await expect(pin).toBeVisible();
    await pin.click();
    const popup = page.locator('.leaflet-popup-content');
    await expect(popup).toContainText(NAME);
    await expect(popup).toContainText('In service');
    await expect(popup).toContainText('Devices: 1');
    await shot(page, 'map-en-1440');

    // Filtered by status: suspended outlets only (none yet).
    await page.getByTestId('map-status').click();
    await page.locator('.ant-select-item-option', { hasText: 'Suspended' }).click();
    await expect(page.getByTestId('map-count')).toHaveText(/^0 outlets on the map: 0 agents'/);
  });

  test('the outlet screens in Chinese, and at 800 px', async ({ page }) => {
    await signIn(page, { lang: 'zh_CN', redirect: '/outlet/list' });
    await expect(page.getByRole('heading', { name: '网点列表' })).toBeVisible();
    await expect(page.getByTestId('simulated-tag').first()).toHaveText('模拟');
    await shot(page, 'outlets-zh-1440');
    await page.goto('/outlet/map');
    await expect(page.getByTestId('map-notice')).toContainText('高德地图未配置密钥');
    await expect(page.locator('.outlet-pin, .outlet-cluster').first()).toBeVisible();
    await shot(page, 'map-zh-1440');
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto('/operation/directOutlet');
    await expect(page.getByRole('heading', { name: '直营网点' })).toBeVisible();
    await expect(page.locator('tr', { hasText: 'Lujiazui Tower' })).toBeVisible();
    await page.getByRole('button', { name: '新增直营网点' }).click();
    await expect(page.getByRole('dialog').filter({ hasText: '新增直营网点' }).getByLabel('团队')).toBeVisible();
    await shot(page, 'direct-form-zh-800');
  });
});
