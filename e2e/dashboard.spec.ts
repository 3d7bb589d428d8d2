import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/**
 * The dashboard against the real server and its six simulated cabinets (SIMULATOR=6), plus two
 * cabinets stocked in here that never connect. Each number is clicked through to its list, which
 * must show exactly that many rows: the dashboard and the lists count with the same conditions.
 */
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/dashboard-${name}.png`, fullPage: false });

async function tokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'Authorization');
  return decodeURIComponent(cookie!.value);
}

/** The total the visible list shows: its pagination's "N in total", or 0 when it shows its empty state. */
async function listTotal(page: Page): Promise<number> {
  const view = page.locator('.app-view:visible');
  await expect(view.locator('.ant-table-tbody').first()).toBeVisible();
  await expect(view.locator('.ant-spin-spinning')).toHaveCount(0);
  const total = view.locator('.ant-pagination-total-text');
  if (await total.count()) return Number(/(\d+)/.exec((await total.first().textContent()) ?? '')![1]);
  await expect(view.locator('.ant-table-placeholder')).toBeVisible();
  return 0;
}

/** Opens the dashboard afresh and answers the number a stat shows. */
async function dashboardNumber(page: Page, testId: string): Promise<number> {
  await page.goto('/dashboard');
  const stat = page.getByTestId(testId);
  await expect(stat).toHaveText(/^\d+%?$/);
  return Number((await stat.textContent())!.replace('%', ''));
}

test.describe('dashboard', () => {
  test('counts the fleet, and each number is the total of the list it opens', async ({ page }) => {
    await signIn(page, { lang: 'en_US' });
    const headers = { Authorization: await tokenOf(page), ClientType: 'MANAGE_PC', 'Accept-Language': 'en_US' };
    // Two cabinets stocked in that never connect (a number of its own, apart from offline ones):
    // the open dashboard counts them again when the live channel says so, without a reload.
    const before = await dashboardNumber(page, 'stat-neverConnected');
    const stamp = String(Date.now()).slice(-8);
    const stocked = await page.request.post('/device/api/v1/cabinet/batchStorage', { headers, data: { sns: [`DASH${stamp}0001`, `DASH${stamp}0002`] } });
    expect((await stocked.json()).code).toBe(0);
    await expect(page.getByTestId('stat-neverConnected')).toHaveText(String(before + 2));

    // The simulated cabinets connect a moment after the server starts.
    await expect(async () => expect(await dashboardNumber(page, 'stat-online')).toBeGreaterThanOrEqual(6)).toPass({ timeout: 45_000, intervals: [1000, 2000] });
    expect(await dashboardNumber(page, 'stat-neverConnected')).toBeGreaterThanOrEqual(2);

    for (const which of ['online', 'offline', 'neverConnected'] as const) {
      // A cabinet may change state between the two reads: the round trip is tried again then.
      await expect(async () => {
        const n = await dashboardNumber(page, `stat-${which}`);
        await page.getByTestId(`stat-${which}`).click();
        await expect(page).toHaveURL(new RegExp(`/device/cabinet\\?connection=${which}$`));
        await expect(page.locator('.app-view:visible').getByRole('heading', { name: 'Cabinets' })).toBeVisible();
        expect(await listTotal(page), `${which}: the list opened from the dashboard`).toBe(n);
      }).toPass({ timeout: 30_000, intervals: [500, 1000] });
    }
    // The list opened says which filter it applied.
    await expect(page.locator('.app-view:visible .list-page-filters').getByText('Never connected', { exact: true })).toBeVisible();

    // Charged power banks: the share's count opens the power bank list of exactly those.
    await expect(async () => {
      await page.goto('/dashboard');
      const count = page.getByTestId('stat-charged-count');
      const n = Number(await count.textContent());
      await count.click();
      await expect(page).toHaveURL(/\/device\/powerBank\?inCabinet=true&charged=true$/);
      expect(await listTotal(page)).toBe(n);
      // Its filters stand in the form, the one beyond the first row included.
      await expect(page.locator('.app-view:visible .list-page-filters').getByText('Charged (80% or more)', { exact: true })).toBeVisible();
    }).toPass({ timeout: 30_000, intervals: [500, 1000] });

    // The looks, at 1440 and 800 px.
    await page.setViewportSize({ width: 1440, height: 1300 });
    await page.goto('/dashboard');
    await expect(page.getByRole('img', { name: 'Cabinets online, last 24 h' })).toBeVisible();
    await expect(page.getByText('Recent device events')).toBeVisible();
    await shot(page, '1440');
    await page.setViewportSize({ width: 800, height: 2300 });
    await expect(page.getByTestId('stat-online')).toBeVisible();
    await shot(page, '800');
  });

  test('customer service is given the cabinet and power bank numbers only', async ({ page, browser }) => {
    await signIn(page, { lang: 'en_US' });
    const headers = { Authorization: await tokenOf(page), ClientType: 'MANAGE_PC', 'Accept-Language': 'en_US' };
    const roles = (await (await page.request.get('/user/api/v1/sys/role/list', { headers })).json()).data as { id: number; name: string }[];
    const service = roles.find((r) => r.name === 'role.customerService')!;
    const user = { userName: 'e2e_cs_dash', password: 'service123' };
    const created = await page.request.post('/user/api/v1/sys/manage', { headers, data: { ...user, nickName: 'Service desk', roleIds: [service.id] } });
    expect((await created.json()).code).toBe(0);

    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const cs = await context.newPage();
    await cs.addInitScript(() => localStorage.setItem('language', 'en_US'));
    await cs.goto('/login');
    await cs.locator('input[autocomplete="username"]').fill(user.userName);
    await cs.locator('input[type="password"]').fill(user.password);
    await cs.locator('button[type="submit"]').click();
    await expect(cs.getByTestId('stat-online')).toBeVisible();
    await expect(cs.getByTestId('stat-online').locator('xpath=ancestor::a')).toHaveAttribute('href', '/device/cabinet?connection=online');
    await expect(cs.getByTestId('stat-charged')).toBeVisible();
    await expect(cs.getByText('Needs attention')).toBeVisible();
    // Commands, firmware and the device log are operations' lists: their numbers are not given.
    for (const id of ['stat-commands-failed', 'stat-firmware', 'events-online']) await expect(cs.getByTestId(id)).toHaveCount(0);
    await expect(cs.getByText('Commands per hour, last 24 h')).toHaveCount(0);
    await expect(cs.getByText('Recent device events')).toHaveCount(0);
    await expect(cs.getByText('Recent sign-ins')).toHaveCount(0);
    await expect(cs.getByText('My account')).toBeVisible();
    await cs.screenshot({ path: '/tmp/dashboard-customer-service-1440.png' });
    await context.close();
  });

  test("today's orders are the total of the orders list it opens; the trend switches period; a phone stacks the figures", async ({ page }) => {
    await signIn(page);
    await expect(async () => {
      const n = await dashboardNumber(page, 'stat-order-orders');
      await page.getByTestId('stat-order-orders').click();
      await expect(page).toHaveURL(/\/order\/list\?beginTime=.+&endTime=.+/);
      expect(await listTotal(page), 'orders today: the list opened from the dashboard').toBe(n);
    }).toPass({ timeout: 30_000, intervals: [500, 1000] });
    await page.goto('/dashboard');
    // The console starts in Chinese here.
    await page.getByText(/^30 (天|days)$/).click();
    await expect(page.getByText(/近 30 天订单与实付|Orders and paid, last 30 days/)).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    const a = await page.getByTestId('stat-order-orders').boundingBox();
    const b = await page.getByTestId('stat-order-paid').boundingBox();
    expect(b!.y).toBeGreaterThan(a!.y);
    await shot(page, 'orders-phone');
  });
});
