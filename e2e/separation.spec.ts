import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from './helpers';

/**
 * Order separation as finance staff meet it: the screen is reached by its route (hidden from the
 * sidebar); a rule created for the demo cabinets separates an order of the simulated customers
 * (npm start with SIMULATOR on) when it settles; the order shows in the rule's separated orders and
 * in the platform fund flow with the rule's code; restoring it gives the shares back once.
 */
const RUN = Date.now().toString(36).slice(-5);

interface Api {
  request: APIRequestContext;
  headers: Record<string, string>;
}
async function api(page: Page): Promise<Api> {
  const token = (await page.context().cookies()).find((c) => c.name === 'Authorization')?.value;
  if (!token) throw new Error('not signed in');
  return { request: page.request, headers: { Authorization: decodeURIComponent(token), ClientType: 'MANAGE_PC', 'Accept-Language': 'en_US' } };
}
async function get<T>(a: Api, path: string, params: Record<string, string | number>): Promise<T> {
  const res = (await (await a.request.get(path, { headers: a.headers, params })).json()) as { code: number; msg: string; data: T };
  expect(res.code, `${path}: ${res.msg}`).toBe(0);
  return res.data;
}

interface SeparatedOrder {
  id: number;
  orderNo: string;
  amount: number;
  status: string;
  restoredAmount: number;
}

test('a rule for the demo cabinets separates an order; it shows in the rule and the platform fund flow; restore gives it back', async ({ page }) => {
  // The simulated customers keep a power bank 200-480 s, so the first settled order comes a few minutes after the start.
  test.setTimeout(900_000);
  await signIn(page, { lang: 'en_US', redirect: '/order/separation' });
  await expect(page.getByRole('heading', { name: 'Order separation rules' })).toBeVisible();
  // Hidden from the sidebar, reached by its route.
  await expect(page.locator('.ant-menu').getByText('Order separation', { exact: true })).toHaveCount(0);

  const a = await api(page);
  const cabinets = await get<{ list: { sn: string }[] }>(a, '/device/api/v1/cabinet/queryPage', { pageNum: 1, pageSize: 20, bound: 'true' });
  const sns = cabinets.list.map((c) => c.sn);
  expect(sns.length).toBeGreaterThan(0);

  await page.getByRole('button', { name: /^(plus )?New rule$/ }).click();
  const form = page.getByRole('dialog').filter({ hasText: 'New separation rule' });
  await form.getByLabel('Name').fill(`Demo ${RUN}`);
  // Without devices the form says so on the field and sends nothing.
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.locator('.ant-form-item-explain-error').first()).toBeVisible();
  const devices = form.getByTestId('separation-devices');
  await devices.click();
  await page.keyboard.insertText(`${sns.join(',')},`);
  await page.keyboard.press('Escape');
  await expect(devices.locator('.ant-select-selection-item')).toHaveCount(sns.length);
  await form.getByLabel('Start amount').fill('0');
  await form.getByLabel('Cap amount').fill('1000');
  await form.getByRole('button', { name: 'Save' }).click();
  const row = page.locator('.ant-table-row').filter({ hasText: `Demo ${RUN}` });
  await expect(row).toBeVisible();
  await expect(row.getByText('Running')).toBeVisible();
  const code = (await row.locator('td').first().innerText()).trim();
  expect(code).toMatch(/^SR\d{14}$/);

  // An order of a demo cabinet settles and is separated.
  let separated: SeparatedOrder | undefined;
  await expect
    .poll(
      async () => {
        const p = await get<{ list: SeparatedOrder[] }>(a, '/order/api/v1/separationOrder/queryPage', { pageNum: 1, pageSize: 10, ruleCode: code });
        separated = p.list[0];
        return Boolean(separated);
      },
      { timeout: 780_000, intervals: [10_000] },
    )
    .toBe(true);
  const order = separated!;
  expect(order.amount).toBeGreaterThan(0);

  // The rule's details list it.
  await page.reload();
  await row.getByRole('button', { name: code }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: `Demo ${RUN} · ${code}` });
  const orders = drawer.getByTestId('separated-orders');
  const orderRow = orders.locator('.ant-table-row').filter({ hasText: order.orderNo });
  await expect(orderRow).toBeVisible();
  await expect(orderRow.getByText('Separated', { exact: true })).toBeVisible();
  await expect(orderRow).toContainText((order.amount / 100).toFixed(2));
  await drawer.getByRole('button', { name: 'Close' }).click();

  // The platform fund flow shows the movement with the rule that caused it.
  await page.goto('/finance/platformFlow');
  const filters = page.getByRole('form', { name: /filters/i });
  await filters.getByLabel('Order number', { exact: true }).fill(order.orderNo);
  await filters.getByRole('button', { name: /search/i }).click();
  const flowRow = page.locator('.ant-table-row').filter({ hasText: `Partner shares separated by rule ${code}` });
  await expect(flowRow).toHaveCount(1);
  await expect(flowRow).toContainText((order.amount / 100).toFixed(2));

  // Restore it: confirmed, once.
  await page.goto('/order/separation');
  await row.getByRole('button', { name: code }).click();
  await orderRow.getByRole('button', { name: 'Restore' }).click();
  await page.locator('.ant-modal-confirm').filter({ hasText: `Restore order ${order.orderNo}?` }).getByRole('button', { name: 'OK' }).click();
  await expect(orderRow.getByText('Restored', { exact: true })).toBeVisible();
  await expect(orderRow.getByRole('button', { name: 'Restore' })).toHaveCount(0);
  const after = await get<{ list: SeparatedOrder[] }>(a, '/order/api/v1/separationOrder/queryPage', { pageNum: 1, pageSize: 10, orderNo: order.orderNo });
  expect(after.list[0]).toMatchObject({ status: 'restored', restoredAmount: order.amount });
  const trial = await get<{ totalDebit: number; totalCredit: number }>(a, '/order/api/v1/ledger/trialBalance', {});
  expect(trial.totalDebit).toBe(trial.totalCredit);
  await drawer.getByRole('button', { name: 'Close' }).click();

  // Pause it (confirmed); it says Paused.
  await row.getByRole('button', { name: 'Pause' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
  await expect(row.getByText('Paused')).toBeVisible();
});
