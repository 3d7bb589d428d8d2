import { expect, test, type Page } from '@playwright/test';
import { api, call, confirmOk, ensureMobile, lastCode, menuPath, signIn, waitForResend, type Api } from './helpers';

/**
 * A reviewed refund above the second-approval threshold, as finance meets it: the threshold is
 * lowered in the pay settings (an SMS code, read from DATA_DIR/sms.log as the e2e server writes
 * texts there), the admin asks for a refund of a simulated customer's order from its detail (an
 * application), approves it first in the refund records, is refused a second approval, and a
 * second account with the finance role (created here) approves it; the refund completes and the
 * order's shares shrink by the amount.
 */

const REVIEWER = { userName: 'e2e_refund_second', password: 'review123' };


interface OrderRow {
  orderNo: string;
  paidAmount: number;
  refundAmount: number;
}
interface Share {
  amount: number;
}
const sharesOf = async (a: Api, orderNo: string) => (await call<{ shares: Share[] }>(a, 'GET', `/order/api/v1/order/detail?orderNo=${orderNo}`)).shares.reduce((t, s) => t + s.amount, 0);

async function search(page: Page, orderNo: string): Promise<void> {
  const filters = page.getByRole('form', { name: /filters/i });
  await filters.getByLabel('Order number', { exact: true }).fill(orderNo);
  await filters.getByRole('button', { name: /search/i }).click();
}

test('a refund above the threshold is approved by two accounts, completes, and the shares shrink', async ({ page, browser }) => {
  test.setTimeout(840_000);
  await signIn(page, { lang: 'en_US' });
  const a = await api(page);

  // The threshold, lowered in the pay settings so the simulated orders' small fees are above it.
  const mobile = await ensureMobile(a);
  await page.goto(await menuPath(a, 'system/config'));
  await page.getByRole('tab', { name: 'Pay and withdrawal' }).click();
  const pay = page.getByRole('tabpanel', { name: 'Pay and withdrawal' });
  await pay.getByLabel('Second refund approval above').fill('0.01');
  await waitForResend(mobile);
  await pay.getByRole('button', { name: 'Save' }).click();
  const sms = page.getByRole('dialog', { name: 'SMS verification' });
  await sms.getByRole('button', { name: 'Send code' }).click();
  await expect(sms).toContainText(/A code was sent to/);
  await sms.getByLabel('Verification code').fill(lastCode(mobile));
  await sms.getByRole('button', { name: 'Verify' }).click();
  await expect(page.locator('.ant-message-success').last()).toContainText('Saved');

  // A finished order of a simulated customer with money left to refund.
  let order: OrderRow | undefined;
  await expect
    .poll(
      async () => {
        const list = await call<{ list: OrderRow[] }>(a, 'POST', '/order/api/v1/order/queryPage', { pageNum: 1, pageSize: 50, status: 'finished', simulated: true });
        // One no refund has touched (another spec refunds part of one), so its records are this test's.
        order = list.list.find((o) => o.refundAmount === 0 && o.paidAmount >= 2);
        return Boolean(order);
      },
      { timeout: 600_000, intervals: [10_000] },
    )
    .toBe(true);
  const o = order!;
  const amount = o.paidAmount - o.refundAmount;
  const sharesBefore = await sharesOf(a, o.orderNo);

  // The order's refund dialog creates an application and says so.
  await page.goto(await menuPath(a, 'order/orders'));
  await search(page, o.orderNo);
  await page.getByRole('button', { name: o.orderNo, exact: true }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: `Order ${o.orderNo}` });
  await drawer.getByRole('button', { name: 'Refund', exact: true }).click();
  const form = page.locator('.ant-modal').filter({ hasText: `Refund · ${o.orderNo}` });
  await expect(form.getByText('This creates a refund application')).toBeVisible();
  await form.getByLabel('Refund amount').fill((amount / 100).toFixed(2));
  await form.getByLabel('Reason').fill('e2e: reviewed refund');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('two different reviewers must approve');
  await confirmOk(page);
  await expect(page.locator('.ant-message').getByText('Refund application created; waiting for approval')).toBeVisible();

  // First approval by the admin, in the refund records.
  const refundsPath = await menuPath(a, 'order/refunds');
  await page.goto(refundsPath);
  await search(page, o.orderNo);
  const [asked] = (await call<{ list: { refundNo: string }[] }>(a, 'POST', '/order/api/v1/refundOrder/queryPage', { pageNum: 1, pageSize: 10, orderNo: o.orderNo, status: 'initiated' })).list;
  const row = page.locator('.ant-table-row').filter({ hasText: asked!.refundNo });
  await expect(row).toContainText('Initiated');
  await expect(row).toContainText('Two approvals needed');
  const review = async (p: Page) => {
    await p.locator('.ant-table-row').filter({ hasText: asked!.refundNo }).getByRole('button', { name: 'Review' }).click();
    const dialog = p.locator('.ant-modal').filter({ hasText: 'Review refund' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await confirmOk(p);
  };
  await review(page);
  await expect(page.locator('.ant-message').getByText('First approval recorded; waiting for a second reviewer')).toBeVisible();
  await expect(row).toContainText('Awaiting second approval');
  await page.screenshot({ path: '/tmp/refunds-second-approval-1440.png' });
  // The same account again: refused, in words.
  await review(page);
  await expect(page.locator('.ant-message')).toContainText('need another approver');
  await page.locator('.ant-modal').filter({ hasText: 'Review refund' }).getByRole('button', { name: 'Cancel' }).click();

  // A second account with the finance role approves it.
  const roles = await call<{ id: number; name: string }[]>(a, 'GET', '/user/api/v1/sys/role/list');
  await call(a, 'POST', '/user/api/v1/sys/manage', { ...REVIEWER, nickName: 'Refund reviewer', roleIds: [roles.find((r) => r.name === 'role.finance')!.id] });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const second = await context.newPage();
  await second.addInitScript(() => localStorage.setItem('language', 'en_US'));
  await second.goto('/login');
  await second.locator('input[autocomplete="username"]').fill(REVIEWER.userName);
  await second.locator('input[type="password"]').fill(REVIEWER.password);
  await second.locator('button[type="submit"]').click();
  await expect(second.locator('.app-tags')).toBeVisible();
  await second.goto(refundsPath);
  await search(second, o.orderNo);
  await review(second);
  await expect(second.locator('.ant-message').getByText('Refund approved')).toBeVisible();
  await context.close();

  // It completes; the detail shows both approvals; the shares gave back the amount.
  // The payment company answers within seconds; the screen shows it once read again.
  await expect
    .poll(async () => (await call<{ list: { status: string }[] }>(a, 'POST', '/order/api/v1/refundOrder/queryPage', { pageNum: 1, pageSize: 10, refundNo: asked!.refundNo })).list[0]?.status, { timeout: 60_000 })
    .toBe('complete');
  await page.reload();
  await search(page, o.orderNo);
  await expect(row).toContainText('Refund complete');
  await row.getByRole('button', { name: /^F/ }).click();
  const detail = page.locator('.ant-drawer').filter({ hasText: 'History' });
  await expect(detail).toContainText('Requested');
  await expect(detail.locator('.ant-timeline-item').filter({ hasText: 'Approved' })).toHaveCount(2);
  await expect(detail).toContainText(REVIEWER.userName);
  await expect(detail).toContainText('Refund complete');
  await page.screenshot({ path: '/tmp/refunds-detail-1440.png' });
  expect(await sharesOf(a, o.orderNo)).toBe(sharesBefore - amount);
});
