import { expect, test, type Page } from '@playwright/test';
import { api, appCustomer, call, confirmOk, menuPath, signIn, signInFinance } from './helpers';

/**
 * A customer's balance refunded to its top-up charges (issue 15, refund type balance): a customer
 * signs in to the app (the code read from DATA_DIR/sms.log) and tops up twice (300.00 in all,
 * above the 200.00 second-approval threshold); finance opens "Refund a balance" in the refund
 * records, picks the customer, sees the refundable part and asks for all of it (held at once: the
 * balance drops to 0); a finance account approves first (the admin applied, so it may not), a second finance account approves, the parts are
 * paid back and the refund completes.
 */
const REVIEWER = { userName: 'e2e_balance_second', password: 'review123' };
const FIRST = { userName: 'e2e_balance_first', password: 'review123' };

test('a customer balance from top-ups is refunded with two approvers; the balance drops and the refund completes', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, { lang: 'en_US' });
  const a = await api(page);

  // The customer, in the app: signed in with a code, 300.00 topped up in two charges.
  const app = await appCustomer(page.request);
  const mobile = app.mobile;
  await call(app, 'POST', '/order/api/app/v1/wallet/recharge', { amount: 20000 });
  await call(app, 'POST', '/order/api/app/v1/wallet/recharge', { amount: 10000 });
  expect(
    (await call<{ balance: number; refundable: number }>(app, 'GET', '/user/api/app/v1/balance/refundable')).refundable,
  ).toBe(30000);

  // Finance asks for the refund of the whole refundable part from the refund records.
  const refundsPath = await menuPath(a, 'order/refunds');
  await page.goto(refundsPath);
  await page.getByRole('button', { name: 'Refund a balance' }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: 'Refund a customer balance' });
  await dialog.locator('.ant-select').first().click();
  await page.keyboard.type(mobile);
  await page.locator('.ant-select-item-option').filter({ hasText: mobile }).first().click();
  await expect(dialog).toContainText('Refundable (from top-ups)');
  await expect(dialog).toContainText('300.00');
  await dialog.getByLabel('Reason', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Other' }).click();
  await dialog.getByLabel('Reason text').fill('e2e: customer leaves');
  await page.screenshot({ path: '/tmp/money/balance-refund-form-1440.png' });
  await dialog.getByRole('button', { name: 'Apply for refund' }).click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('two different reviewers must approve');
  await confirmOk(page);
  await expect(page.locator('.ant-message').getByText('Balance refund asked: waiting for review')).toBeVisible();

  // Held at once: the customer cannot spend it.
  expect((await call<{ balance: number }>(app, 'GET', '/order/api/app/v1/wallet')).balance).toBe(0);
  const [asked] = (
    await call<{ list: { refundNo: string; userMobile: string; amount: number }[] }>(
      a,
      'POST',
      '/order/api/v1/refundOrder/queryPage',
      { pageNum: 1, pageSize: 20, type: 'balance', status: 'initiated' },
    )
  ).list.filter((r) => r.userMobile.endsWith(mobile));
  expect(asked!.amount).toBe(30000);

  const review = async (p: Page) => {
    await p
      .locator('.ant-table-row')
      .filter({ hasText: asked!.refundNo })
      .getByRole('button', { name: 'Review' })
      .click();
    await p.locator('.ant-modal').filter({ hasText: 'Review refund' }).getByRole('button', { name: 'Save' }).click();
    await confirmOk(p);
  };
  await page.reload();
  const row = page.locator('.ant-table-row').filter({ hasText: asked!.refundNo });
  await expect(row).toContainText('Two approvals needed');
  // The admin applied for it: not offered its review; two finance accounts approve it.
  await expect(row).toContainText('Another reviewer');
  const first = await signInFinance(browser, a, FIRST);
  await first.page.goto(refundsPath);
  await review(first.page);
  await expect(
    first.page.locator('.ant-message').getByText('First approval recorded; waiting for a second reviewer'),
  ).toBeVisible();
  await first.close();

  // The second approver, another account with the finance role.
  const second = await signInFinance(browser, a, REVIEWER);
  await second.page.goto(refundsPath);
  await review(second.page);
  await expect(second.page.locator('.ant-message').getByText('Refund approved')).toBeVisible();
  await second.close();

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
  await expect(row).toContainText('Refund complete');
  await row.getByRole('button', { name: asked!.refundNo }).click();
  const detail = page.locator('.ant-drawer').filter({ hasText: 'History' });
  await expect(detail.locator('.ant-timeline-item').filter({ hasText: 'Approved' })).toHaveCount(2);
  await expect(detail.locator('.ant-timeline-item').filter({ hasText: 'Refund complete' })).toHaveCount(2);
  await page.screenshot({ path: '/tmp/money/balance-refund-detail-1440.png' });
  expect((await call<{ balance: number }>(app, 'GET', '/order/api/app/v1/wallet')).balance).toBe(0);
  expect((await call<{ refundable: number }>(app, 'GET', '/user/api/app/v1/balance/refundable')).refundable).toBe(0);
});
