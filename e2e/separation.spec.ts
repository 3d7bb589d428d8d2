import { expect, test } from '@playwright/test';
import { api, appCustomer, call, confirmOk, signIn } from './helpers';

/**
 * Order separation as finance staff meet it: the screen is reached by its route (hidden from the
 * sidebar); a rule created for the demo cabinets (npm start with SIMULATOR on) separates the partner
 * shares of an order when it settles (a customer's rental that pays from its first minute, ended
 * by customer service); the order shows in the rule's separated orders and in the platform fund flow
 * with the rule's code; restoring it gives the shares back once.
 */
const RUN = Date.now().toString(36).slice(-5);

type Ref = { id: number; name: string | null } | null;
/** An outlet as the outlet list answers it (what its save needs). */
interface OutletItem {
  id: number;
  region: Ref;
  agent: Ref;
  team: Ref;
  serviceProvider: Ref;
  pusher: Ref;
  billing: {
    freeMinutes: number;
    pricePerPeriod: number;
    periodMinutes: number;
    dailyCap: number;
    totalCap: number;
    deposit: number;
  };
  [field: string]: unknown;
}

interface SeparatedOrder {
  id: number;
  orderNo: string;
  amount: number;
  status: string;
  restoredAmount: number;
}

test('a rule for the demo cabinets separates an order; it shows in the rule and the platform fund flow; restore gives it back', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, { lang: 'en_US', redirect: '/order/separation' });
  await expect(page.getByRole('heading', { name: 'Order separation rules' })).toBeVisible();
  // Hidden from the sidebar, reached by its route.
  await expect(page.locator('.ant-menu').getByText('Order separation', { exact: true })).toHaveCount(0);

  const a = await api(page);
  const cabinets = await call<{ list: { sn: string }[] }>(a, 'GET', '/device/api/v1/cabinet/queryPage', {
    pageNum: 1,
    pageSize: 20,
    bound: 'true',
  });
  const sns = cabinets.list.map((c) => c.sn);
  expect(sns.length).toBeGreaterThan(0);

  await page.getByRole('button', { name: /^(plus )?New rule$/ }).click();
  const form = page.getByRole('dialog').filter({ hasText: 'New separation rule' });
  await form.getByLabel('Name').fill(`Demo ${RUN}`);
  // Without devices the form says so on the field and sends nothing.
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.locator('.ant-form-item-explain-error').first()).toBeVisible();
  const devices = form.getByTestId('separation-devices');
  // Pasted as a list, as from a spreadsheet; typed into the select's search once it has the focus.
  await devices.click();
  await expect(devices.locator('input')).toBeFocused();
  await page.keyboard.insertText(`${sns.join(',')},`);
  // On to the next field (Escape would close the dialog itself when the select shows no list).
  await form.getByLabel('Start amount').click();
  await expect(devices.locator('.ant-select-selection-item')).toHaveCount(sns.length);
  await form.getByLabel('Start amount').fill('0');
  await form.getByLabel('Cap amount').fill('1000');
  await form.getByRole('button', { name: 'Save' }).click();
  const row = page.locator('.ant-table-row').filter({ hasText: `Demo ${RUN}` });
  await expect(row).toBeVisible();
  await expect(row.getByText('Running')).toBeVisible();
  const code = (await row.locator('td').first().innerText()).trim();
  expect(code).toMatch(/^SR\d{14}$/);

  // A customer rents from the demo cabinet with the most charged power banks, at a moment its
  // outlet and the platform give no free minutes (the billing is copied into the order at rent;
  // both are put back right after), so the rental pays from its first minute; customer service then ends the order as
  // returned at the counter: it settles, and the rule separates its partner shares.
  const app = await appCustomer(page.request);
  const quotes = await Promise.all(
    sns.map((sn) =>
      call<{ sn: string; outletId: number; available: number; online: boolean }>(
        app,
        'GET',
        '/order/api/app/v1/order/quote',
        { sn },
      ),
    ),
  );
  const from = quotes.filter((q) => q.online && q.available > 0).sort((x, y) => y.available - x.available)[0];
  expect(from, 'a demo cabinet online with a charged power bank').toBeTruthy();
  const outlets = await call<{ list: OutletItem[] }>(a, 'GET', '/device/api/v1/outlet/queryPage', {
    pageNum: 1,
    pageSize: 100,
  });
  const outlet = outlets.list.find((o) => o.id === from!.outletId)!;
  const saveBilling = (billing: OutletItem['billing']) =>
    call(a, 'POST', '/device/api/v1/outlet/saveOrUpdate', {
      ...outlet,
      region: undefined,
      agent: undefined,
      team: undefined,
      serviceProvider: undefined,
      pusher: undefined,
      regionId: outlet.region?.id ?? null,
      agentId: outlet.agent?.id ?? null,
      teamId: outlet.team?.id ?? null,
      serviceProviderId: outlet.serviceProvider?.id ?? null,
      pusherId: outlet.pusher?.id ?? null,
      billing,
    });
  // A rental's free time is the outlet's, within the platform's floor (Operation settings).
  const operation = await call<Record<string, unknown>>(a, 'GET', '/user/api/v1/global/config/findByOperation');
  const saveOperation = (values: Record<string, unknown>) =>
    call(a, 'PUT', '/user/api/v1/global/config/', { paramType: 'operation', values });
  await saveOperation({ ...operation, freeMinutes: 0, minFreeMinutes: 0 });
  await saveBilling({ ...outlet.billing, freeMinutes: 0 });
  let rent: { orderNo: string };
  try {
    rent = await call<{ orderNo: string }>(app, 'POST', '/order/api/app/v1/order/rent', {
      sn: from!.sn,
      payMode: 'deposit',
      idempotencyKey: `e2e-sep-${RUN}`,
    });
  } finally {
    await saveBilling(outlet.billing);
    await saveOperation(operation);
  }
  const billing = (
    await call<{ billing: { freeMinutes: number } }>(a, 'GET', '/order/api/v1/order/detail', { orderNo: rent.orderNo })
  ).billing;
  expect(billing.freeMinutes, 'the rental copied the billing without free minutes').toBe(0);
  await expect
    .poll(
      async () =>
        (await call<{ status: string }>(app, 'GET', '/order/api/app/v1/order/detail', { orderNo: rent.orderNo }))
          .status,
      { timeout: 30_000 },
    )
    .toBe('using');
  await call(a, 'POST', '/order/api/v1/order/endOrder', {
    orderNo: rent.orderNo,
    endTime: new Date().toISOString(),
    reason: 'e2e: returned at the counter',
  });
  let separated: SeparatedOrder | undefined;
  await expect
    .poll(
      async () => {
        const p = await call<{ list: SeparatedOrder[] }>(a, 'GET', '/order/api/v1/separationOrder/queryPage', {
          pageNum: 1,
          pageSize: 10,
          ruleCode: code,
          orderNo: rent.orderNo,
        });
        separated = p.list[0];
        return Boolean(separated);
      },
      { timeout: 30_000 },
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
  await confirmOk(page, `Restore order ${order.orderNo}?`);
  await expect(orderRow.getByText('Restored', { exact: true })).toBeVisible();
  await expect(orderRow.getByRole('button', { name: 'Restore' })).toHaveCount(0);
  const after = await call<{ list: SeparatedOrder[] }>(a, 'GET', '/order/api/v1/separationOrder/queryPage', {
    pageNum: 1,
    pageSize: 10,
    orderNo: order.orderNo,
  });
  expect(after.list[0]).toMatchObject({ status: 'restored', restoredAmount: order.amount });
  const trial = await call<{ totalDebit: number; totalCredit: number }>(
    a,
    'GET',
    '/order/api/v1/ledger/trialBalance',
    {},
  );
  expect(trial.totalDebit).toBe(trial.totalCredit);
  await drawer.getByRole('button', { name: 'Close' }).click();

  // Pause it (confirmed); it says Paused.
  await row.getByRole('button', { name: 'Pause' }).click();
  await confirmOk(page);
  await expect(row.getByText('Paused')).toBeVisible();
});
