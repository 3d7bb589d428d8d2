import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { api, call, rentedAt, signIn } from './helpers';

/**
 * Statistics → Operation report against the real server and its simulated customers (orders
 * arrive on their own): open today's report of a demo agent through the screen, its figures equal
 * the orders list summed over the agent's outlets for the same days; download the workbook and
 * read the same numbers back; the print view shows the report alone with its chart, and a PDF of
 * it is one A4 page. Screenshots at 1440 and 390 px.
 */

const OUT = '/tmp/report';
const ZONE = 'Asia/Shanghai';

/** Today in the browser's zone (the config's Asia/Shanghai), as the date picker writes it. */
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
/** The instants the screen asks for that day: its first and last millisecond in the zone (UTC+8). */
const dayWindow = (d: string) => ({
  beginTime: new Date(`${d}T00:00:00.000+08:00`).toISOString(),
  endTime: new Date(`${d}T23:59:59.999+08:00`).toISOString(),
});

test("operation report: a demo agent's day equals its orders, the workbook holds the same numbers, the print view lays it alone on A4", async ({
  page,
}) => {
  test.setTimeout(480_000);
  await signIn(page, { lang: 'en_US' });
  const a = await api(page, { timeZone: ZONE });
  const day = today();
  const w = dayWindow(day);

  // A demo agent whose outlets took an order today (the simulated customers rent within minutes).
  const agents = (
    await call<{ list: { id: number; name: string }[] }>(a, 'GET', '/user/api/v1/sys/user/selectUserByType', {
      type: 'agent',
      pageNum: 1,
      pageSize: 20,
    })
  ).list;
  expect(agents.length).toBeGreaterThan(0);
  let agent: { id: number; name: string } | undefined;
  await expect
    .poll(
      async () => {
        for (const x of agents) {
          const r = await call<{ headline: { key: string; current: number }[] }>(
            a,
            'GET',
            '/order/api/v1/stats/report',
            { ...w, agentId: x.id, timeZone: ZONE },
          );
          if (r.headline.find((h) => h.key === 'orderCount')!.current > 0) {
            agent = x;
            return true;
          }
        }
        return false;
      },
      { timeout: 300_000, intervals: [5_000] },
    )
    .toBe(true);
  const outlets = (
    await call<{ list: { id: number }[] }>(a, 'GET', '/device/api/v1/outlet/queryPage', {
      agentId: agent!.id,
      pageNum: 1,
      pageSize: 100,
    })
  ).list.map((o) => o.id);
  expect(outlets.length).toBeGreaterThan(0);

  // Through the screen: today, then the agent picked by name.
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto(`/statistics/report?preset=custom&begin=${day}&end=${day}`);
  await expect(page.getByTestId('report-title')).toContainText('Operation report · Whole business');
  await page.getByTestId('report-scope').getByText('Agent', { exact: true }).click();
  await expect(page.getByText('Agent: choose which one the report is about.')).toBeVisible();
  await page.getByTestId('report-scope-pick').locator('.ant-select').click();
  await page.keyboard.type(agent!.name.slice(0, 6));
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: agent!.name })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`scope=agent&id=${agent!.id}|id=${agent!.id}.*scope=agent`));
  await expect(page.getByTestId('report-title')).toHaveText(`Operation report · Agent: ${agent!.name}`);

  // Its figures are the orders list's rows rented at the agent's outlets (orders keep arriving: a read that raced one is read again).
  let shown = { orderCount: 0, paidAmount: 0 };
  await expect(async () => {
    await page.reload();
    const value = async (k: string) => Number(await page.getByTestId(`report-value-${k}`).textContent());
    await expect(page.getByTestId('report-value-orderCount')).toHaveText(/^\d+$/);
    shown = { orderCount: await value('orderCount'), paidAmount: await value('paidAmount') };
    expect(shown).toEqual(await rentedAt(a, outlets, w));
  }).toPass({ timeout: 60_000, intervals: [1_000, 2_000] });
  expect(shown.orderCount).toBeGreaterThan(0);
  await expect(page.getByRole('img', { name: 'Daily trend' })).toBeVisible();
  await expect(page.getByTestId('report-outlets').locator('.ant-table-row').first()).toBeVisible();
  await page.screenshot({ path: `${OUT}/e2e-1440.png`, fullPage: true });

  // The workbook: named in the viewer's language, the same numbers as the screen's answer.
  const report = await call<{
    headline: { key: string; current: number }[];
    daily: { orderCount: number }[];
    topOutlets: { paidAmount: number }[];
  }>(a, 'GET', '/order/api/v1/stats/report', { ...w, agentId: agent!.id, timeZone: ZONE });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-download').click()]);
  expect(download.suggestedFilename()).toBe(`operation-report_Agent ${agent!.name}_${day}~${day}.xlsx`);
  const file = `${OUT}/e2e-report.xlsx`;
  await download.saveAs(file);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  expect(book.worksheets.map((s) => s.name)).toEqual(['Headline figures', 'Daily trend', 'Top outlets', 'Money']);
  expect(String(book.worksheets[0]!.getCell('A1').value)).toBe(`Operation report · Agent: ${agent!.name}`);
  const fig = (k: string) => report.headline.find((h) => h.key === k)!.current;
  // Orders keep arriving between the two reads: the workbook is at least the screen's figure and equals the report read just before it, or one more.
  const orders = Number(book.worksheets[0]!.getCell('B6').value);
  expect(orders).toBeGreaterThanOrEqual(shown.orderCount);
  expect(orders).toBeGreaterThanOrEqual(fig('orderCount'));
  expect(Number(book.worksheets[1]!.getCell('B6').value)).toBe(orders);
  expect(book.worksheets[0]!.getCell('B7').numFmt).toBe('#,##0.00');

  // Print: the console around the report and its controls are gone, the chart stays; the PDF is A4.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.app-sidebar')).toBeHidden();
  await expect(page.locator('.app-header')).toBeHidden();
  await expect(page.getByTestId('report-print')).toBeHidden();
  await expect(page.getByRole('img', { name: 'Daily trend' }).locator('canvas')).toBeVisible();
  const box = await page.getByRole('img', { name: 'Daily trend' }).locator('canvas').boundingBox();
  expect(box!.height).toBeGreaterThan(50);
  await page.screenshot({ path: `${OUT}/e2e-print.png`, fullPage: true });
  const pdf = await page.pdf({ path: `${OUT}/e2e-report.pdf`, format: 'A4', printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByTestId('report-print')).toBeVisible();

  // A phone: the controls and the figures stack; in Chinese.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('language', 'zh_CN'));
  await page.reload();
  await expect(page.getByTestId('report-title')).toHaveText(`运营报告 · 代理商: ${agent!.name}`);
  await expect(page.getByTestId('report-value-orderCount')).toHaveText(/^\d+$/);
  // The link's agent is named in the picker (its list was never read), which takes the phone's line.
  await expect(page.getByTestId('report-scope-pick')).toContainText(agent!.name);
  const pick = await page.getByTestId('report-scope-pick').boundingBox();
  expect(pick!.x + pick!.width).toBeLessThanOrEqual(390);
  const first = await page.getByTestId('report-figure-orderCount').boundingBox();
  const third = await page.getByTestId('report-figure-refundAmount').boundingBox();
  expect(third!.y).toBeGreaterThan(first!.y + first!.height - 1);
  await page.screenshot({ path: `${OUT}/e2e-390.png`, fullPage: true });
});

test('operation report: a period without orders says so; a scope not yet picked asks for it', async ({ page }) => {
  await signIn(page, { lang: 'en_US' });
  await page.goto('/statistics/report?preset=custom&begin=2025-01-06&end=2025-01-12');
  await expect(page.getByTestId('report-title')).toHaveText('Operation report · Whole business');
  await expect(page.getByTestId('report-value-orderCount')).toHaveText('0');
  await expect(page.getByText('No orders in this period').first()).toBeVisible();
  await page.getByTestId('report-scope').getByText('Region', { exact: true }).click();
  await expect(page.getByText('Region: choose which one the report is about.')).toBeVisible();
  await page.getByTestId('report-preset').getByText('Last month', { exact: true }).click();
  await expect(page).toHaveURL(/preset=lastMonth/);
  // An agent that does not exist (a stale link): the server's message, not an endless skeleton.
  await page.goto('/statistics/report?scope=agent&id=987654');
  await expect(page.getByTestId('report-error')).toContainText('The agent of the statistics does not exist');
});
