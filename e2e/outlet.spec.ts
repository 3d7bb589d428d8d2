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
    // The point picked on the map instead: the picker opens on the typed point, a click moves it.
    // No key is set, so the lookup by address says why it cannot; no network, so the base is blank.
    await drawer.getByTestId('outlet-pick-open').click();
    const picker = page.getByRole('dialog').filter({ hasText: "Pick the outlet's point" });
    await expect(picker.getByTestId('outlet-pick-nokey')).toContainText(
      "Locating by address uses the Gaode map's geocoding, which needs its key",
    );
    await expect(picker.getByTestId('outlet-pick-locate')).toBeDisabled();
    await expect(picker.getByTestId('outlet-pick-point')).toHaveText('Latitude 31.144300, longitude 121.808300');
    await expect(picker.locator('.outlet-pin-picked')).toBeVisible();
    const map = picker.getByTestId('outlet-pick-map');
    const box = (await map.boundingBox())!;
    // Up and to the right of the marker (the map is centred on it): north-east of the typed point.
    await map.click({ position: { x: box.width / 2 + 60, y: box.height / 2 - 40 } });
    const picked = picker.getByTestId('outlet-pick-point');
    await expect(picked).not.toHaveText('Latitude 31.144300, longitude 121.808300');
    const [, lat, lng] = /^Latitude (-?\d+\.\d{6}), longitude (-?\d+\.\d{6})$/.exec(
      (await picked.textContent()) ?? '',
    )!;
    expect(Number(lat)).toBeGreaterThan(31.1443);
    expect(Number(lat)).toBeLessThan(31.1543);
    expect(Number(lng)).toBeGreaterThan(121.8083);
    expect(Number(lng)).toBeLessThan(121.8183);
    await shot(page, 'outlet-pick-en-1440');
    await picker.getByTestId('outlet-pick-apply').click();
    await expect(picker).toBeHidden();
    await expect(drawer.getByLabel('Latitude', { exact: true })).toHaveValue(lat!);
    await expect(drawer.getByLabel('Longitude', { exact: true })).toHaveValue(lng!);
    await drawer.getByLabel('Agent', { exact: true }).click();
    await page.locator('.ant-select-item-option', { hasText: 'Bund Charging' }).click();
    // Above the agent's ratio: the form says so before the server would.
    await drawer.getByLabel('Profit-share ratio (%)', { exact: true }).fill('60');
    await drawer.getByLabel('Hidden ratio (%)', { exact: true }).fill('60');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      drawer.locator('.ant-form-item-explain-error', { hasText: "cannot be above the agent's 50%" }),
    ).toBeVisible();
    await drawer.getByLabel('Profit-share ratio (%)', { exact: true }).fill('30');
    await drawer.getByLabel('Hidden ratio (%)', { exact: true }).fill('35');
    await expect(drawer.locator('.ant-form-item-explain-error')).toHaveCount(0);
    await shot(page, 'outlet-form-en-1440');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('.ant-message')).toContainText('Outlet saved');
    const row = page.locator('tr', { hasText: NAME });
    await expect(row).toContainText('Bund Charging');
    await expect(row).toContainText('30 / 35');
    // The outlet keeps the picked point.
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog').filter({ hasText: `Edit outlet ${NAME}` });
    await expect(edit.getByLabel('Latitude', { exact: true })).toHaveValue(lat!);
    await expect(edit.getByLabel('Longitude', { exact: true })).toHaveValue(lng!);
    // What its shares paid back of its cost so far (a new outlet: nothing yet), and what the ratio does.
    await expect(edit.getByText("¥0.00 paid back so far from the outlet's shares")).toBeVisible();
    await expect(
      edit.getByText("This part of each of the outlet's shares pays the cost back to its owner"),
    ).toBeVisible();
    await edit.getByRole('button', { name: 'Cancel' }).click();

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
    await expect(page.getByTestId('map-count')).toHaveText(
      /^11 outlets on the map: \d+ agents' \(listed under Outlets\) and \d+ direct-sales/,
    );
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
    const form = page.getByRole('dialog').filter({ hasText: '新增直营网点' });
    await expect(form.getByLabel('团队')).toBeVisible();
    await shot(page, 'direct-form-zh-800');
    // The picker fills the width at 800 px; a click on the blank base picks a point.
    await form.getByTestId('outlet-pick-open').click();
    const picker = page.getByRole('dialog').filter({ hasText: '选择网点位置' });
    await expect(picker.getByTestId('outlet-pick-nokey')).toContainText('按地址定位使用高德地图的地理编码');
    await expect(picker.getByTestId('outlet-pick-point')).toHaveText('尚未选点：请点击地图。');
    await picker.getByTestId('outlet-pick-map').click();
    await expect(picker.getByTestId('outlet-pick-point')).toHaveText(/^纬度 31\.\d{6}，经度 121\.\d{6}$/);
    const width = (await picker.locator('.ant-modal-container, .ant-modal-content').first().boundingBox())!.width;
    expect(width).toBeGreaterThan(750);
    await shot(page, 'outlet-pick-zh-800');
    await picker.getByTestId('outlet-pick-apply').click();
    await expect(form.getByLabel('纬度', { exact: true })).toHaveValue(/^31\.\d{6}$/);
  });
});
