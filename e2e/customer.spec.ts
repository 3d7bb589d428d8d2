import { expect, test, type Page } from '@playwright/test';
import { api, appCustomer, call, menuPath, signIn } from './helpers';

/**
 * "Where is my deposit?" answered from one screen: a customer of the app rents with a deposit from
 * a demo cabinet; staff open that customer from the user list and from the order, and see the
 * deposit held (in the header and in the Deposits tab) and the order (Orders tab), in English and
 * Chinese, on a wide screen (1440 px) and a narrow one (800 px).
 */

type Lang = 'en_US' | 'zh_CN';
const WORDS = {
  en_US: {
    deposits: 'Deposits',
    orders: 'Orders',
    held: 'Held',
    depositHeld: 'Deposit held',
    signIns: 'Sign-ins',
    flow: 'Balance movements',
  },
  zh_CN: {
    deposits: '押金',
    orders: '订单',
    held: '押金中',
    depositHeld: '押金余额',
    signIns: '登录记录',
    flow: '余额变动',
  },
} as const;

let rental: { mobile: string; orderNo: string; userId: number } | null = null;

/** One customer with a deposit held, rented once for every flow of this file. */
async function customerWithDeposit(page: Page): Promise<{ mobile: string; orderNo: string; userId: number }> {
  if (rental) return rental;
  const a = await api(page);
  const app = await appCustomer(page.request);
  const cabinets = await call<{ list: { sn: string }[] }>(a, 'GET', '/device/api/v1/cabinet/queryPage', {
    pageNum: 1,
    pageSize: 50,
  });
  const quotes = await Promise.all(
    cabinets.list.map((c) =>
      call<{ sn: string; available: number; online: boolean }>(app, 'GET', '/order/api/app/v1/order/quote', {
        sn: c.sn,
      }).catch(() => null),
    ),
  );
  const from = quotes.filter((q) => q && q.online && q.available > 0).sort((x, y) => y!.available - x!.available)[0];
  expect(from, 'a demo cabinet online with a charged power bank').toBeTruthy();
  const { orderNo } = await call<{ orderNo: string }>(app, 'POST', '/order/api/app/v1/order/rent', {
    sn: from!.sn,
    payMode: 'deposit',
    idempotencyKey: `e2e-customer-${Date.now()}`,
  });
  // The deposit order is written when the payment company confirms the charge.
  let userId = 0;
  await expect
    .poll(
      async () => {
        const d = await call<{ list: { userId: number; state: string }[] }>(
          a,
          'POST',
          '/order/api/v1/depositOrder/queryPage',
          { pageNum: 1, pageSize: 10, orderNo },
        );
        userId = d.list[0]?.userId ?? 0;
        return d.list[0]?.state;
      },
      { timeout: 30_000 },
    )
    .toBe('held');
  rental = { mobile: app.mobile, orderNo, userId };
  return rental;
}

/** The customer screen shows this customer: their phone, the deposit held, the order, and the deposit in its tab. */
async function seesCustomer(page: Page, lang: Lang, r: { mobile: string; orderNo: string }) {
  const w = WORDS[lang];
  await expect(page).toHaveURL(/\/member\/detail\?id=\d+/);
  const header = page.locator('.customer-page > .ant-card').first();
  await expect(header).toContainText(r.mobile);
  await expect(page.getByTestId('customer-title')).toHaveText(r.mobile.slice(-4));
  const deposit = header.locator('.ant-descriptions-item').filter({ hasText: w.depositHeld });
  await expect(deposit).toContainText(/[1-9]/);
  const tabs = page.locator('.customer-tabs');
  await expect(tabs.getByRole('tab', { name: w.orders, exact: true })).toBeVisible();
  await expect(tabs.getByRole('tabpanel').locator('.ant-table-row').filter({ hasText: r.orderNo })).toHaveCount(1);
  await tabs.getByRole('tab', { name: w.deposits, exact: true }).click();
  const depositRow = tabs.getByRole('tabpanel').locator('.ant-table-row').filter({ hasText: r.orderNo });
  await expect(depositRow).toHaveCount(1);
  await expect(depositRow).toContainText(w.held);
  await page.screenshot({
    path: `/tmp/e2e-customer/deposits-${lang}-${page.viewportSize()!.width}.png`,
    fullPage: true,
  });
  await tabs.getByRole('tab', { name: w.signIns, exact: true }).click();
  await expect(tabs.getByRole('tabpanel').locator('.ant-table-row')).not.toHaveCount(0);
  await tabs.getByRole('tab', { name: w.flow, exact: true }).click();
  await expect(tabs.getByRole('tabpanel').locator('.ant-table-row')).not.toHaveCount(0);
  // Nothing spills out of the window sideways: the tables scroll inside their cards.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(1);
}

for (const lang of ['en_US', 'zh_CN'] as const) {
  for (const width of [1440, 800]) {
    test(`a customer opened from the user list and from their order (${lang}, ${width} px)`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, { lang });
      const a = await api(page);
      const r = await customerWithDeposit(page);
      const members = await menuPath(a, 'network/members');
      const orders = await menuPath(a, 'order/orders');

      // From the user list: the customer's phone is a link to them.
      await page.goto(`${members}?keyword=${r.mobile}`);
      const row = page.locator('.ant-table-row').filter({ hasText: r.mobile });
      await expect(row).toHaveCount(1);
      await row.locator('a.customer-link').click();
      await seesCustomer(page, lang, r);
      await page.screenshot({ path: `/tmp/e2e-customer/customer-${lang}-${width}.png`, fullPage: true });

      // From the order: its customer is a link in the orders list.
      await page.goto(`${orders}?orderNo=${r.orderNo}`);
      const orderRow = page.locator('.ant-table-row').filter({ hasText: r.orderNo });
      await expect(orderRow).toHaveCount(1);
      await orderRow.locator(`a.customer-link[data-customer="${r.userId}"]`).click();
      await seesCustomer(page, lang, r);
    });
  }
}

test('the user fund flow names the customer by phone, not "User deposits held #id", and opens them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, { lang: 'en_US' });
  const a = await api(page);
  const r = await customerWithDeposit(page);
  await page.goto(`${await menuPath(a, 'ledger/user-flow')}?orderNo=${r.orderNo}`);
  const link = page.getByRole('link', { name: `User deposits held · +86 ${r.mobile}`, exact: true });
  await expect(link).toHaveCount(1);
  await expect(page.locator('.ant-table-row').filter({ hasText: /#\d+/ })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/e2e-customer/user-flow-en_US-1440.png', fullPage: true });
  await link.click();
  await seesCustomer(page, 'en_US', r);
});

test('an unknown customer and a missing id say so in words, not a blank screen', async ({ page }) => {
  await signIn(page, { lang: 'en_US' });
  await page.goto('/member/detail?id=99999999');
  await expect(page.getByText('This customer does not exist')).toBeVisible();
  await page.goto('/member/detail');
  await expect(page.getByText(/No customer chosen/)).toBeVisible();
});
