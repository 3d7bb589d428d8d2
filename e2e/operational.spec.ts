import { expect, test, type Page } from '@playwright/test';
import { api, call, rentedAt, signIn } from './helpers';

/**
 * Statistics → Operational data against the real server and its simulated customers (SIMULATOR=6
 * rents in the demo outlets): after the first orders the figures are not zero and equal the orders
 * list of the same window; grain and scope switch; the charts draw; a phone stacks the blocks.
 */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/ops/operational-${name}.png`, fullPage: true });

/** The parts of the stats/operational answer the test reads. */
interface Operational {
  total: { created: number };
  list: { created: number }[];
  outlets: { outletId: number; outletName: string; orderCount: number }[];
  cabinets: { orderCount: number }[];
  scope: { kind: string; id: number | null };
}

/** The screen's default window: the last 30 days of the viewer (Asia/Shanghai here), whole days. */
function defaultWindow() {
  const DAY = 86_400_000;
  const shanghaiMidnight = Math.floor((Date.now() + 8 * 3_600_000) / DAY) * DAY - 8 * 3_600_000;
  return {
    beginTime: new Date(shanghaiMidnight - 29 * DAY).toISOString(),
    endTime: new Date(shanghaiMidnight + DAY - 1).toISOString(),
  };
}

test.describe('operational data', () => {
  test('figures equal the orders list of the window; grain and scope switch; charts draw; a phone stacks them', async ({
    page,
  }) => {
    test.setTimeout(420_000);
    await signIn(page, { lang: 'en_US' });
    const a = await api(page, { timeZone: 'Asia/Shanghai' });
    const window = defaultWindow();
    const operational = (scope: { outletId?: number } = {}) =>
      call<Operational>(a, 'GET', '/order/api/v1/stats/operational', {
        ...window,
        timeZone: 'Asia/Shanghai',
        ...scope,
      });
    // The simulated customers rent in the demo outlets: wait for the first orders on the screen.
    await expect(async () => {
      await page.goto('/statistics/operational');
      // Answered first (a loaded server may take a while), then not zero; a zero opens the screen again.
      await expect(page.getByTestId('operational-total-created')).toHaveText(/^\d+$/, { timeout: 30_000 });
      await expect(page.getByTestId('operational-total-created')).toHaveText(/^[1-9]\d*$/, { timeout: 1_000 });
    }).toPass({ timeout: 240_000, intervals: [3000, 5000] });

    // The screen's count, the call's and the orders list's for the same window are one number (orders keep coming: read again if one arrived in between).
    await expect(async () => {
      const listed = (
        await call<{ total: number }>(a, 'POST', '/order/api/v1/order/queryPage', {
          pageNum: 1,
          pageSize: 10,
          ...window,
        })
      ).total;
      const answer = await operational();
      await page.reload();
      await expect(page.getByTestId('operational-total-created')).toHaveText(/^[1-9]\d*$/);
      const shown = Number(await page.getByTestId('operational-total-created').textContent());
      expect([answer.total.created, shown]).toEqual([listed, listed]);
      // The outlets' and cabinets' orders add up to it, the periods too.
      const sum = (xs: { orderCount?: number; created?: number }[], k: 'orderCount' | 'created') =>
        xs.reduce((s, x) => s + (x[k] ?? 0), 0);
      expect([
        sum(answer.outlets, 'orderCount'),
        sum(answer.cabinets, 'orderCount'),
        sum(answer.list, 'created'),
      ]).toEqual([listed, listed, listed]);
    }).toPass({ timeout: 60_000, intervals: [1000, 2000] });

    // The cards and the charts are there.
    await expect(page.getByTestId('operational-card-created')).toContainText(/[1-9]/);
    for (const name of [
      'Orders per period',
      'Rental duration',
      'Returns by hour of day',
      'New and returning customers',
      'Device faults per period',
    ]) {
      await expect(page.getByRole('img', { name }).locator('canvas')).toBeVisible();
    }
    // The cabinets' table lists the demo's cabinets, the busiest first, then idle first.
    await page.getByRole('tab', { name: 'Cabinets' }).click();
    const firstCabinetOrders = () =>
      page
        .getByTestId('operational-cabinets')
        .locator('.ant-table-tbody tr.ant-table-row')
        .first()
        .locator('td')
        .nth(2)
        .textContent();
    const busiest = Number((await firstCabinetOrders())!.replace(/,/g, ''));
    expect(busiest).toBeGreaterThan(0);
    await page.getByTestId('operational-sort').getByText('Idle first').click();
    await expect(async () =>
      expect(Number((await firstCabinetOrders())!.replace(/,/g, ''))).toBeLessThanOrEqual(busiest),
    ).toPass();
    await page.getByTestId('operational-sort').getByText('Busiest first').click();

    // Grain: by day there are 30 periods; by month one or two; the chart redraws.
    const rows = () => page.locator('[data-testid="operational-table"] .ant-table-tbody tr.ant-table-row').count();
    await expect(async () => expect(await rows()).toBe(30)).toPass();
    const canvas = page.getByRole('img', { name: 'Orders per period' }).locator('canvas');
    const before = await canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL());
    await page.getByTestId('operational-period').getByText('By month').click();
    await expect(async () => expect(await rows()).toBeLessThanOrEqual(2)).toPass();
    await expect.poll(() => canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL())).not.toBe(before);
    await page.getByTestId('operational-period').getByText('By week').click();
    await expect(async () => expect(await rows()).toBeGreaterThanOrEqual(5)).toPass();

    // Scope: one outlet that has orders (the busiest) — the screen's count is that outlet's in the list.
    const all = await operational();
    const outlet = all.outlets.find((o) => o.outletId !== 0 && o.orderCount > 0)!;
    await page.getByTestId('operational-scope-kind').getByText('Outlet', { exact: true }).click();
    await page.getByTestId('operational-scope-pick').locator('.ant-select').click();
    await page.keyboard.type(outlet.outletName.slice(0, 6));
    await page.locator('.ant-select-dropdown:visible').getByText(outlet.outletName, { exact: true }).click();
    await expect(async () => {
      const listed = (await rentedAt(a, [outlet.outletId], window)).orderCount;
      const answer = await operational({ outletId: outlet.outletId });
      expect(answer.total.created).toBe(listed);
      expect(answer.scope).toMatchObject({ kind: 'outlet', id: outlet.outletId });
      expect(answer.total.created).toBeLessThanOrEqual(all.total.created);
    }).toPass({ timeout: 30_000, intervals: [1000, 2000] });
    await expect(page.getByTestId('operational-total-created')).toHaveText(/^[1-9]\d*$/);
    await expect(page.getByTestId('operational-card-newUsers')).toContainText('For the whole business only');
    await page.getByTestId('operational-scope-kind').getByText('Whole business', { exact: true }).click();
    await expect(page.getByTestId('operational-scope-pick')).toHaveCount(0);
    await page.getByTestId('operational-period').getByText('By day').click();

    // The looks at 1440 px, then a phone: the cards and the charts stack.
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.getByRole('img', { name: 'Returns by hour of day' }).locator('canvas')).toBeVisible();
    await shot(page, '1440');
    await page.setViewportSize({ width: 390, height: 844 });
    // The layout settles after the resize: the charts one above the other, the cards inside the screen.
    await expect(async () => {
      const a = await page.getByTestId('operational-chart-orders').boundingBox();
      const b = await page.getByTestId('operational-chart-durations').boundingBox();
      expect(b!.y).toBeGreaterThanOrEqual(a!.y + a!.height);
      expect(Math.abs(b!.x - a!.x)).toBeLessThan(20);
      const c1 = await page.getByTestId('operational-card-created').boundingBox();
      expect(c1!.x + c1!.width).toBeLessThanOrEqual(390);
    }).toPass({ timeout: 10_000 });
    await shot(page, '390');
  });
});
