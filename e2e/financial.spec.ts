import { expect, test, type Page } from '@playwright/test';
import { api, call, signIn } from './helpers';

/**
 * Statistics → Financial data by region, agent and outlet, against the real server and its
 * simulated customers: once an order has settled, the breakdown's rows add up to the window's
 * total (what the server answered and what the table shows), a scope (one outlet) narrows the
 * figures to that outlet's row of the breakdown, and the breakdown goes to the export centre.
 */
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/fin/financial-${name}.png`, fullPage: true });
const FIGURES = [
  'income',
  'refunds',
  'net',
  'agentShare',
  'outletShare',
  'providerShare',
  'operatorShare',
  'pusherShare',
  'platform',
  'taxes',
  'fees',
] as const;
type Row = Record<(typeof FIGURES)[number], number> & { id: number; name: string };
type Answer = { total: Row; breakdown: Row[]; scope: { kind: string; id: number; name: string } | null };

test('financial data: a scope narrows the figures, the breakdown rows add up to the total, both export', async ({
  page,
}) => {
  test.setTimeout(720_000);
  await signIn(page, { lang: 'en_US' });
  await page.setViewportSize({ width: 1440, height: 1300 });
  // What the screen itself was answered, per breakdown: simulated orders keep settling, so a call of
  // the test's own a moment later may already hold an outlet more than the table shows.
  const answered = new Map<string, Answer>();
  page.on('response', async (r) => {
    const u = new URL(r.url());
    if (u.pathname !== '/order/api/v1/stats/finance' || r.request().method() !== 'GET') return;
    const body = (await r.json().catch(() => null)) as { code: number; data: Answer } | null;
    if (body?.code === 0) answered.set(u.searchParams.get('by') ?? '', body.data);
  });
  // A simulated customer keeps the power bank a few minutes: wait for the first settled order's income.
  await expect(async () => {
    await page.goto('/statistics/financial');
    // Answered first (a loaded server may take a while), then not zero; a zero opens the screen again.
    await expect(page.getByTestId('financial-total-income')).toHaveText(/^\d+$/, { timeout: 30_000 });
    await expect(page.getByTestId('financial-total-income')).toHaveText(/^[1-9]\d*$/, { timeout: 1_000 });
  }).toPass({ timeout: 540_000, intervals: [5000, 10000] });

  // The whole business, broken down by outlet, agent and region: the rows add up to the total, shown as a totals row.
  const a = await api(page);
  const finance = (q: Record<string, string>) =>
    call<Answer>(a, 'GET', '/order/api/v1/stats/finance', { timeZone: 'Asia/Shanghai', ...q });
  for (const [label, by, heading] of [
    ['By region', 'region', 'Region'],
    ['By agent', 'agent', 'Agent'],
    ['By outlet', 'outlet', 'Outlet'],
  ] as const) {
    await page.getByTestId('financial-by').locator('label', { hasText: label }).click();
    const table = page.getByTestId('financial-breakdown');
    await expect(table.locator('thead th').first()).toHaveText(heading);
    await expect(async () => {
      const d = answered.get(by);
      expect(d, `the screen's answer by ${by}`).toBeDefined();
      expect(d!.scope).toBeNull();
      expect(d!.breakdown.length).toBeGreaterThan(0);
      for (const f of FIGURES)
        expect([by, f, d!.breakdown.reduce((a, r) => a + r[f], 0)]).toEqual([by, f, d!.total[f]]);
      await expect(table.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(d!.breakdown.length, {
        timeout: 1_000,
      });
    }).toPass({ timeout: 10_000 });
    await expect(page.getByTestId('financial-breakdown-total').locator('[data-figure="income"]')).toHaveAttribute(
      'data-cents',
      /^[1-9]\d*$/,
    );
  }
  const whole = await finance({ by: 'outlet' });
  // Every figure is a column of both tables, the operators' (direct-sales teams') shares among them.
  for (const id of ['financial-table', 'financial-breakdown']) {
    const heads = (await page.getByTestId(id).locator('thead th').allInnerTexts())
      .map((x) => x.replace(/\s+/g, ' ').trim())
      .filter(Boolean);
    expect(heads).toHaveLength(FIGURES.length + 1);
    expect(heads).toEqual(expect.arrayContaining(['Service provider shares', 'Operator shares']));
  }
  await shot(page, '1440-whole');

  // Scope: one outlet (the busiest of the breakdown): its figures are its breakdown row.
  const busiest = whole.breakdown.find((r) => r.id > 0)!;
  await page.getByTestId('financial-scope-kind').getByText('Outlet', { exact: true }).click();
  await page.getByTestId('financial-scope-pick').locator('.ant-select').click();
  await page.getByTestId('financial-scope-pick').locator('input').fill(busiest.name);
  await page.locator('.ant-select-dropdown:visible').getByTitle(busiest.name, { exact: true }).click();
  await expect(page.getByText(`Only the orders of outlet ${busiest.name}.`)).toBeVisible();
  const s = await finance({ outletId: String(busiest.id), by: 'outlet' });
  expect(s.scope).toMatchObject({ kind: 'outlet', id: busiest.id });
  // Orders keep settling while the test runs: the outlet's income can only have grown.
  expect(s.total.income).toBeGreaterThanOrEqual(busiest.income);
  expect(s.breakdown.map((r) => r.id)).toEqual([busiest.id]);
  for (const f of FIGURES) expect(s.breakdown[0]![f]).toBe(s.total[f]);
  await expect(page.getByTestId('financial-breakdown').locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await expect(page.getByTestId('financial-total-income')).toHaveText(/^[1-9]\d*$/);
  await shot(page, '1440-outlet');

  // Both tables go to the export centre.
  await page.getByTestId('financial-breakdown-export').getByRole('button').click();
  await expect(page.getByText(/^Exporting ".+"; download it from the export list/)).toBeVisible();

  // On a phone the filters and the tables stack and stay usable.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('financial-breakdown')).toBeVisible();
  const kind = await page.getByTestId('financial-scope-kind').boundingBox();
  const picker = await page.getByTestId('financial-scope-pick').boundingBox();
  expect(kind!.x + kind!.width).toBeLessThanOrEqual(390);
  expect(picker!.x + picker!.width).toBeLessThanOrEqual(392);
  // The picker takes the whole line under the kinds.
  expect(picker!.y).toBeGreaterThanOrEqual(kind!.y + kind!.height);
  expect(picker!.width).toBeGreaterThan(300);
  await shot(page, '390');
});
