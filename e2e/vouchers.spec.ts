import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/**
 * Vouchers as operations staff meet them: create a prepaid rental pass, find it in the list, put
 * it off sale after the confirmation; the voucher orders screen answers its totals.
 */
const RUN = Date.now().toString(36).slice(-5);
const row = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });

test('creates a voucher, sees it in the list and puts it off sale', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, { lang: 'en_US', redirect: '/order/vouchers' });
  await expect(page.getByRole('heading', { name: 'Vouchers' })).toBeVisible();

  await page.getByRole('button', { name: /^(plus )?Add voucher$/ }).click();
  const form = page.getByRole('dialog').filter({ hasText: 'Add a voucher' });
  await form.getByLabel('Name').fill(`Pass ${RUN}`);
  await form.getByRole('button', { name: 'Save' }).click();
  // The price is required: the form says so on the field and sends nothing.
  await expect(form.locator('.ant-form-item-explain-error')).toHaveCount(1);
  await expect(row(page, `Pass ${RUN}`)).toHaveCount(0);
  await form.getByLabel('Price').fill('19.9');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, `Pass ${RUN}`)).toBeVisible();
  await expect(row(page, `Pass ${RUN}`).getByText('On sale')).toBeVisible();
  await expect(row(page, `Pass ${RUN}`).getByText(/19\.90/)).toBeVisible();

  await row(page, `Pass ${RUN}`).getByRole('button', { name: 'Off sale' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `Take Pass ${RUN} off sale?` });
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(row(page, `Pass ${RUN}`).getByText('Off sale', { exact: true }).first()).toBeVisible();
  await expect(row(page, `Pass ${RUN}`).getByRole('button', { name: 'On sale' })).toBeVisible();

  await page.goto('/order/voucherOrders');
  await expect(page.getByText('Value used').first()).toBeVisible();
});
