import { expect, test, type Page } from '@playwright/test';
import {
  api,
  call,
  confirmOk,
  ensureMobile,
  lastCode,
  menuPath,
  signIn,
  sendCode,
  staffAccount,
  type Api,
  SIGNED_OUT,
} from './helpers';

/**
 * A reviewed refund above the second-approval threshold, as finance meets it: the threshold is
 * lowered in the pay settings (an SMS code, read from DATA_DIR/sms.log as the e2e server writes
 * texts there), the admin applies for a refund of a simulated customer's order from its detail (an
 * application with a preset reason), is not offered its review (maker-checker: nobody approves
 * what they applied for), a first account with the finance role approves it and is then not
 * offered the second approval, a second finance account approves it; its list shows the refund
 * complete without a reload; the order's shares shrink by the amount. The admin then finds it by
 * its reason in the list and in the statistics by reason, in English and in Chinese, at 1440 and
 * 800 px.
 */

const REVIEWER = { userName: 'e2e_refund_second', password: 'review123' };
const FIRST = { userName: 'e2e_refund_first', password: 'review123' };

interface OrderRow {
  orderNo: string;
  paidAmount: number;
  refundAmount: number;
}
interface Share {
  amount: number;
}
const sharesOf = async (a: Api, orderNo: string) =>
  (await call<{ shares: Share[] }>(a, 'GET', `/order/api/v1/order/detail?orderNo=${orderNo}`)).shares.reduce(
    (t, s) => t + s.amount,
    0,
  );

async function search(page: Page, orderNo: string): Promise<void> {
  const filters = page.getByRole('form', { name: /filters/i });
  await filters.getByLabel('Order number', { exact: true }).fill(orderNo);
  await filters.getByRole('button', { name: /search/i }).click();
}

test('a refund above the threshold is approved by two accounts, completes, and the shares shrink', async ({
  page,
  browser,
}) => {
  test.setTimeout(840_000);
  await signIn(page, { lang: 'en_US' });
  const a = await api(page);

  // The threshold, lowered in the pay settings so the simulated orders' small fees are above it.
  const mobile = await ensureMobile(a);
  await page.goto(await menuPath(a, 'system/config'));
  await page.getByRole('tab', { name: 'Pay and withdrawal' }).click();
  const pay = page.getByRole('tabpanel', { name: 'Pay and withdrawal' });
  await pay.getByLabel('Second refund approval above').fill('0.01');
  await pay.getByRole('button', { name: 'Save', exact: true }).click();
  const sms = page.getByRole('dialog', { name: 'SMS verification' });
  await sendCode(sms, mobile);
  await expect(sms).toContainText(/A code was sent to/);
  await sms.getByLabel('Verification code').fill(lastCode(mobile));
  await sms.getByRole('button', { name: 'Verify' }).click();
  await expect(page.locator('.ant-message-success').last()).toContainText('Saved');

  // A finished order of a simulated customer with money left to refund.
  let order: OrderRow | undefined;
  await expect
    .poll(
      async () => {
        const list = await call<{ list: OrderRow[] }>(a, 'POST', '/order/api/v1/order/queryPage', {
          pageNum: 1,
          pageSize: 50,
          status: 'finished',
          simulated: true,
        });
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
  // A preset reason, picked; its text is optional beside it.
  await form.getByLabel('Reason', { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: 'Device fault' })
    .click();
  await form.getByLabel('Reason text').fill('e2e: reviewed refund');
  await page.screenshot({ path: '/tmp/refunds-apply-1440.png' });
  // The button says what it does.
  await form.getByRole('button', { name: 'Apply for refund' }).click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('two different reviewers must approve');
  await confirmOk(page);
  await expect(
    page.locator('.ant-message').getByText('Refund application created; waiting for approval'),
  ).toBeVisible();

  // The admin applied for it: it is not offered its review (the server would refuse it too).
  const refundsPath = await menuPath(a, 'order/refunds');
  await page.goto(refundsPath);
  await search(page, o.orderNo);
  const [asked] = (
    await call<{ list: { refundNo: string }[] }>(a, 'POST', '/order/api/v1/refundOrder/queryPage', {
      pageNum: 1,
      pageSize: 10,
      orderNo: o.orderNo,
      status: 'initiated',
    })
  ).list;
  const row = page.locator('.ant-table-row').filter({ hasText: asked!.refundNo });
  await expect(row).toContainText('Initiated');
  await expect(row).toContainText('Two approvals needed');
  await expect(row).toContainText('Device fault · e2e: reviewed refund');
  await expect(row).toContainText('Another reviewer');
  await expect(row.getByRole('button', { name: 'Review' })).toHaveCount(0);

  // Two accounts with the finance role.
  const roles = await call<{ id: number; name: string }[]>(a, 'GET', '/user/api/v1/sys/role/list');
  const finance = roles.find((r) => r.name === 'role.finance')!.id;
  await staffAccount(a, FIRST, [finance], 'First reviewer');
  await staffAccount(a, REVIEWER, [finance], 'Refund reviewer');
  const signInAs = async (who: { userName: string; password: string }) => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: SIGNED_OUT });
    const p = await context.newPage();
    await p.addInitScript(() => localStorage.setItem('language', 'en_US'));
    await p.goto('/login');
    await p.locator('input[autocomplete="username"]').fill(who.userName);
    await p.locator('input[type="password"]').fill(who.password);
    await p.locator('button[type="submit"]').click();
    await expect(p.locator('.app-tags')).toBeVisible();
    await p.goto(refundsPath);
    await search(p, o.orderNo);
    return { context, p, row: p.locator('.ant-table-row').filter({ hasText: asked!.refundNo }) };
  };
  const review = async (p: Page) => {
    await p
      .locator('.ant-table-row')
      .filter({ hasText: asked!.refundNo })
      .getByRole('button', { name: 'Review' })
      .click();
    const dialog = p.locator('.ant-modal').filter({ hasText: 'Review refund' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await confirmOk(p);
  };

  // The first approval; then the first approver is not offered the second one.
  const first = await signInAs(FIRST);
  await review(first.p);
  await expect(
    first.p.locator('.ant-message').getByText('First approval recorded; waiting for a second reviewer'),
  ).toBeVisible();
  await expect(first.row).toContainText('Awaiting second approval');
  await expect(first.row.getByRole('button', { name: 'Review' })).toHaveCount(0);
  await first.p.screenshot({ path: '/tmp/refunds-second-approval-1440.png' });
  await first.context.close();

  // The second finance account approves it; its list follows the refund to the end without a reload.
  const second = await signInAs(REVIEWER);
  await expect(second.row).toContainText('Awaiting second approval');
  await review(second.p);
  await expect(second.p.locator('.ant-message').getByText('Refund approved')).toBeVisible();
  await expect(second.row).toContainText('Refund complete', { timeout: 60_000 });
  await second.context.close();

  // It completes; the detail shows both approvals; the shares gave back the amount.
  // The payment company answers within seconds; the screen shows it once read again.
  await expect
    .poll(
      async () =>
        (
          await call<{ list: { status: string }[] }>(a, 'POST', '/order/api/v1/refundOrder/queryPage', {
            pageNum: 1,
            pageSize: 10,
            refundNo: asked!.refundNo,
          })
        ).list[0]?.status,
      { timeout: 60_000 },
    )
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
  await page.keyboard.press('Escape');

  // Found by its reason in the list, and counted in the statistics by reason (paid at its final approval).
  const stats = await call<{ list: { reasonCode: string; count: number; amount: number }[] }>(
    a,
    'GET',
    '/order/api/v1/refundOrder/reasonStats',
  );
  const fault = stats.list.find((x) => x.reasonCode === 'deviceFault')!;
  expect(fault.count).toBeGreaterThanOrEqual(1);
  expect(fault.amount).toBeGreaterThanOrEqual(amount);
  const filters = page.getByRole('form', { name: /filters|筛选条件/i });
  const byReason = async (p: Page, reason: string, label: string) => {
    // The reason filter is under "More" (the first row shows three filters).
    await filters.getByRole('button', { name: /More|展开|展 开/ }).click();
    await filters.getByLabel(label, { exact: true }).click();
    await p.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: reason }).click();
    await filters.getByRole('button', { name: /search|查询|查 询/i }).click();
  };
  await byReason(page, 'Device fault', 'Reason');
  await expect(row).toContainText('Device fault');
  const card = page.getByTestId('refund-reason-stats');
  await expect(card).toContainText('Refunds paid back by reason');
  await expect(card.locator('[data-reason="deviceFault"]')).toContainText('Device fault');
  await expect(card.locator('[data-reason="deviceFault"]')).toContainText(`Refunds: ${fault.count}`);
  await page.screenshot({ path: '/tmp/refunds-reason-en-1440.png', fullPage: true });
  await page.setViewportSize({ width: 800, height: 900 });
  await expect(card.locator('[data-reason="deviceFault"]')).toBeVisible();
  await page.screenshot({ path: '/tmp/refunds-reason-en-800.png', fullPage: true });

  // The same in Chinese.
  await page.evaluate(() => localStorage.setItem('language', 'zh_CN'));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(refundsPath);
  await filters.getByLabel('订单编号', { exact: true }).fill(o.orderNo);
  await byReason(page, '设备故障', '退款原因');
  await expect(row).toContainText('设备故障 · e2e: reviewed refund');
  await expect(row).toContainText('退款完成');
  await expect(card).toContainText('按原因统计已退款');
  await expect(card.locator('[data-reason="deviceFault"]')).toContainText('设备故障');
  await expect(card.locator('[data-reason="deviceFault"]')).toContainText(`${fault.count} 笔`);
  await page.screenshot({ path: '/tmp/refunds-reason-zh-1440.png', fullPage: true });
  await page.setViewportSize({ width: 800, height: 900 });
  await expect(row).toBeVisible();
  await page.screenshot({ path: '/tmp/refunds-reason-zh-800.png', fullPage: true });
  await page.evaluate(() => localStorage.setItem('language', 'en_US'));
});
