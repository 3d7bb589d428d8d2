import { expect, test, type Page } from '@playwright/test';
import { api, call, signIn, staffAccount, SIGNED_OUT } from './helpers';

/**
 * The dashboard against the real server and its six simulated cabinets (SIMULATOR=6), plus two
 * cabinets stocked in here that never connect. Each number is clicked through to its list, which
 * must show exactly that many rows: the dashboard and the lists count with the same conditions.
 */
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/dashboard-${name}.png`, fullPage: false });

/** The total the visible list shows: its pagination's "N in total", or 0 when it shows its empty state. */
async function listTotal(page: Page): Promise<number> {
  const view = page.locator('.app-view:visible');
  await expect(view.locator('.ant-table-tbody').first()).toBeVisible();
  await expect(view.locator('.ant-spin-spinning')).toHaveCount(0);
  // Rows with their pagination, or the empty state: whichever the list draws (the pagination may come
  // a frame after the rows, so one is waited for, not counted at once).
  await expect(view.locator('.ant-pagination-total-text, .ant-table-placeholder').first()).toBeVisible();
  const total = view.locator('.ant-pagination-total-text');
  if (await total.count()) return Number(/(\d+)/.exec((await total.first().textContent()) ?? '')![1]);
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
    const a = await api(page);
    // Two cabinets stocked in that never connect (a number of its own, apart from offline ones):
    // the open dashboard counts them again when the live channel says so, without a reload.
    const before = await dashboardNumber(page, 'stat-neverConnected');
    const stamp = String(Date.now()).slice(-8);
    await call(a, 'POST', '/device/api/v1/cabinet/batchStorage', { sns: [`DASH${stamp}0001`, `DASH${stamp}0002`] });
    await expect(page.getByTestId('stat-neverConnected')).toHaveText(String(before + 2));

    // The simulated cabinets connect a moment after the server starts.
    await expect(async () => expect(await dashboardNumber(page, 'stat-online')).toBeGreaterThanOrEqual(6)).toPass({
      timeout: 45_000,
      intervals: [1000, 2000],
    });
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
    await expect(
      page.locator('.app-view:visible .list-page-filters').getByText('Never connected', { exact: true }),
    ).toBeVisible();

    // Charged power banks: the share's count opens the power bank list of exactly those.
    await expect(async () => {
      await page.goto('/dashboard');
      const count = page.getByTestId('stat-charged-count');
      const n = Number(await count.textContent());
      await count.click();
      await expect(page).toHaveURL(/\/device\/powerBank\?inCabinet=true&charged=true$/);
      expect(await listTotal(page)).toBe(n);
      // Its filters stand in the form, the one beyond the first row included.
      await expect(
        page.locator('.app-view:visible .list-page-filters').getByText('Charged (80% or more)', { exact: true }),
      ).toBeVisible();
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
    const a = await api(page);
    const roles = await call<{ id: number; name: string }[]>(a, 'GET', '/user/api/v1/sys/role/list');
    const service = roles.find((r) => r.name === 'role.customerService')!;
    const user = { userName: 'e2e_cs_dash', password: 'service123' };
    await staffAccount(a, user, [service.id], 'Service desk');

    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, storageState: SIGNED_OUT });
    const cs = await context.newPage();
    await cs.addInitScript(() => localStorage.setItem('language', 'en_US'));
    await cs.goto('/login');
    await cs.locator('input[autocomplete="username"]').fill(user.userName);
    await cs.locator('input[type="password"]').fill(user.password);
    await cs.locator('button[type="submit"]').click();
    await expect(cs.getByTestId('stat-online')).toBeVisible();
    await expect(cs.getByTestId('stat-online').locator('xpath=ancestor::a')).toHaveAttribute(
      'href',
      '/device/cabinet?connection=online',
    );
    await expect(cs.getByTestId('stat-charged')).toBeVisible();
    await expect(cs.getByText('Needs attention')).toBeVisible();
    // Commands, firmware and the device log are operations' lists: their numbers are not given.
    for (const id of ['stat-commands-failed', 'stat-firmware', 'events-online'])
      await expect(cs.getByTestId(id)).toHaveCount(0);
    await expect(cs.getByText('Commands per hour, last 24 h')).toHaveCount(0);
    await expect(cs.getByText('Recent device events')).toHaveCount(0);
    await expect(cs.getByText('Recent sign-ins')).toHaveCount(0);
    await expect(cs.getByText('My account')).toBeVisible();
    await cs.screenshot({ path: '/tmp/dashboard-customer-service-1440.png' });
    await context.close();
  });

  test("today's orders are the total of the orders list it opens; the trend switches period; a phone stacks the figures", async ({
    page,
  }) => {
    await signIn(page);
    await expect(async () => {
      const n = await dashboardNumber(page, 'stat-order-orders');
      await page.getByTestId('stat-order-orders').click();
      await expect(page).toHaveURL(/\/order\/list\?beginTime=.+&endTime=.+/);
      expect(await listTotal(page), 'orders today: the list opened from the dashboard').toBe(n);
    }).toPass({ timeout: 30_000, intervals: [500, 1000] });
    // The dashboard asks once for its statistics (stats/dashboard), and the period switch asks nothing more.
    const asked: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/order/api/v1/stats/')) asked.push(path);
    });
    await page.goto('/dashboard');
    await expect(page.getByTestId('stat-order-orders')).toHaveText(/^\d+$/);
    // The console starts in Chinese here.
    await page.getByText(/^30 (天|days)$/).click();
    await expect(page.getByText(/近 30 天订单与实付|Orders and paid, last 30 days/)).toBeVisible();
    expect([...new Set(asked)]).toEqual(['/order/api/v1/stats/dashboard']);
    await page.setViewportSize({ width: 390, height: 844 });
    const a = await page.getByTestId('stat-order-orders').boundingBox();
    const b = await page.getByTestId('stat-order-paid').boundingBox();
    expect(b!.y).toBeGreaterThan(a!.y);
    await shot(page, 'orders-phone');
  });

  test('after a few simulated minutes the business figures are not zero and match the orders list; period, theme and language redraw the charts; the financial data renders', async ({
    page,
  }) => {
    test.setTimeout(420_000);
    await signIn(page, { lang: 'zh_CN' });
    // The simulated customers rent in the demo outlets: wait for today's first orders.
    await expect(async () => expect(await dashboardNumber(page, 'stat-order-orders')).toBeGreaterThan(0)).toPass({
      timeout: 180_000,
      intervals: [3000, 5000],
    });
    await expect(async () => {
      const n = await dashboardNumber(page, 'stat-order-orders');
      await page.getByTestId('stat-order-orders').click();
      await expect(page).toHaveURL(/\/order\/list\?beginTime=.+&endTime=.+/);
      expect(await listTotal(page), 'orders today: the list opened from the dashboard').toBe(n);
    }).toPass({ timeout: 30_000, intervals: [500, 1000] });
    await page.goto('/dashboard');
    // Active cabinets: at least one cabinet rented out a power bank today; new users is a count (the demo's customers registered at start).
    await expect(page.getByTestId('stat-business-activeCabinets')).toHaveText(/^[1-9]\d*$/);
    await expect(page.getByTestId('stat-business-newUsers')).toHaveText(/^\d+$/);
    // The action list: each item's count opens its list filtered to exactly those rows.
    const card = page.getByTestId('actions-card');
    await expect(card.getByText('离线机柜')).toBeVisible();
    await expect(card.getByText('待审核押金退款')).toBeVisible();

    // The trend redraws for another period, another theme colour and another language.
    const canvas = page.getByRole('img', { name: /近 7 天订单与实付/ }).locator('canvas');
    await expect(canvas).toBeVisible();
    const pixels = () => canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL());
    const first = await pixels();
    await page.getByText(/^30 天$/).click();
    const monthCanvas = page.getByRole('img', { name: /近 30 天订单与实付/ }).locator('canvas');
    await expect(monthCanvas).toBeVisible();
    const month = await monthCanvas.evaluate((c: HTMLCanvasElement) => c.toDataURL());
    expect(month).not.toBe(first);
    await page.getByRole('button', { name: '主题色' }).click();
    await page.getByRole('menuitem', { name: /紫/ }).click();
    await expect.poll(() => monthCanvas.evaluate((c: HTMLCanvasElement) => c.toDataURL())).not.toBe(month);
    await page.evaluate(() => localStorage.setItem('language', 'en_US'));
    await page.reload();
    await expect(page.getByText('Active cabinets today')).toBeVisible();
    await expect(page.getByTestId('actions-card').getByText('Offline cabinets')).toBeVisible();
    await expect(page.getByRole('img', { name: /Orders and paid, last 7 days/ }).locator('canvas')).toBeVisible();
    await page.setViewportSize({ width: 1440, height: 1300 });
    await shot(page, 'business-1440');
    // Below 992 px the blocks stack: the trend and the action list one above the other.
    await page.setViewportSize({ width: 800, height: 2600 });
    // Measured once the layout has settled (the sidebar folds away as the width drops).
    await expect(async () => {
      const trend = await page.getByRole('img', { name: /Orders and paid, last 7 days/ }).boundingBox();
      const actions = await page.getByTestId('actions-card').boundingBox();
      expect(actions!.y).toBeGreaterThan(trend!.y + trend!.height);
      expect(Math.abs(actions!.x - trend!.x)).toBeLessThan(40);
    }).toPass({ timeout: 10_000 });
    await shot(page, 'business-800');

    // Statistics → Financial data: today's income is there (settled orders), by day, week and month.
    await page.setViewportSize({ width: 1440, height: 1100 });
    // A simulated customer keeps the power bank a few minutes: wait for the first settled order's income.
    await expect(async () => {
      await page.goto('/statistics/financial');
      // Answered first (a loaded server may take a while), then not zero; a zero opens the screen again.
      await expect(page.getByTestId('financial-total-income')).toHaveText(/^\d+$/, { timeout: 30_000 });
      await expect(page.getByTestId('financial-total-income')).toHaveText(/^[1-9]\d*$/, { timeout: 1_000 });
    }).toPass({ timeout: 180_000, intervals: [5000, 10000] });
    await expect(page.getByRole('img', { name: 'Income, refunds and net' })).toBeVisible({ timeout: 20_000 });
    const rowsByDay = await page.locator('[data-testid="financial-table"] .ant-table-tbody tr.ant-table-row').count();
    expect(rowsByDay).toBe(30);
    await page.getByTestId('financial-period').getByText('By month').click();
    await expect(async () =>
      expect(
        await page.locator('[data-testid="financial-table"] .ant-table-tbody tr.ant-table-row').count(),
      ).toBeLessThanOrEqual(2),
    ).toPass();
    await shot(page, 'financial-1440');
    await page.setViewportSize({ width: 800, height: 1400 });
    await shot(page, 'financial-800');
  });
});
