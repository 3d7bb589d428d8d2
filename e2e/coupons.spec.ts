import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { freshMobile, lastCode, signIn } from './helpers';

/**
 * Coupons as operations staff and a customer meet them: create a code-redemption coupon in the
 * console, generate a batch of codes, a customer redeems one through the app API (signed in with
 * the SMS code the e2e server writes to DATA_DIR/sms.log), and the code list shows it exchanged,
 * by whom; a second redemption of the same code is refused.
 */
const RUN = Date.now().toString(36).slice(-5);
const row = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });
/** Rows of the open tab only (the other tab's table stays in the page, hidden). */
const tabRow = (page: Page, text: string) =>
  page.getByRole('tabpanel').locator('.ant-table-row').filter({ hasText: text });

async function customer(request: APIRequestContext): Promise<{ mobile: string; headers: Record<string, string> }> {
  const mobile = freshMobile();
  expect(
    (await (await request.post('/user/api/app/v1/auth/sendCode', { data: { areaCode: '86', mobile } })).json()).code,
  ).toBe(0);
  const signed = await (
    await request.post('/user/api/app/v1/auth', {
      data: { areaCode: '86', mobile, code: lastCode(mobile), clientType: 'USER_IOS' },
    })
  ).json();
  expect(signed.code).toBe(0);
  return {
    mobile,
    headers: { authorization: signed.data.token as string, clienttype: 'USER_IOS', 'accept-language': 'en_US' },
  };
}

test('creates a code coupon and a code batch, a customer redeems a code in the app, the code list shows it exchanged', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await signIn(page, { lang: 'en_US', redirect: '/finance/coupon' });
  await expect(page.getByRole('heading', { name: 'Coupons' })).toBeVisible();

  await page.getByRole('button', { name: /^(plus )?Add coupon$/ }).click();
  const form = page.getByRole('dialog').filter({ hasText: 'Add a coupon' });
  await form.getByLabel('Name').fill(`Welcome ${RUN}`);
  await form.getByRole('radio', { name: 'Code redemption' }).check();
  await form.getByRole('button', { name: 'Save' }).click();
  // The amount off is required for a money coupon: said on the field, nothing sent.
  await expect(form.locator('.ant-form-item-explain-error')).toHaveCount(1);
  await form.getByLabel('Amount off').fill('2');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, `Welcome ${RUN}`)).toBeVisible();
  await expect(row(page, `Welcome ${RUN}`).getByText('0 / 100')).toBeVisible();

  await page.goto('/finance/couponCode');
  await page.getByRole('button', { name: /^(plus )?Generate codes$/ }).click();
  const gen = page.getByRole('dialog').filter({ hasText: 'Generate a code batch' });
  await gen.getByLabel('Coupon').click();
  await page.keyboard.type(`Welcome ${RUN}`);
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: `Welcome ${RUN}` })
    .click();
  await gen.getByLabel('Quantity').fill('3');
  await gen.getByRole('button', { name: 'Save' }).click();
  // The screen opens the new batch's codes.
  await expect(page.getByTestId('coupon-code-batch')).toBeVisible();
  const codes = page.getByRole('tabpanel').locator('.ant-table-row');
  await expect(codes).toHaveCount(3);
  const code = ((await codes.first().locator('td').first().innerText()) ?? '').trim();
  expect(code).toMatch(/^[34679ACDEFGHJKMNPQRTUVWXY]{12}$/);
  await expect(tabRow(page, code).getByText('Not exchanged')).toBeVisible();

  const who = await customer(request);
  const redeemed = await (
    await request.post('/user/api/app/v1/coupon/redeem', { headers: who.headers, data: { code } })
  ).json();
  expect(redeemed).toMatchObject({ code: 0, data: { source: 'code', status: 'unused', amount: 200 } });
  const again = await (
    await request.post('/user/api/app/v1/coupon/redeem', { headers: who.headers, data: { code } })
  ).json();
  expect(again).toMatchObject({ code: 101214, msg: 'This code has already been redeemed' });
  const mine = await (await request.get('/user/api/app/v1/coupon/mine', { headers: who.headers })).json();
  expect(mine.data.total).toBe(1);

  await page.getByRole('tabpanel').getByRole('button', { name: 'Refresh' }).click();
  await expect(tabRow(page, code).getByText('Exchanged', { exact: true })).toBeVisible();
  await expect(tabRow(page, code).getByText(`86-${who.mobile}`)).toBeVisible();
  await page.getByRole('tab', { name: 'Batches' }).click();
  await page.getByRole('tabpanel').getByRole('button', { name: 'Refresh' }).click();
  await expect(tabRow(page, `Welcome ${RUN}`).getByText('Normal')).toBeVisible();
  await expect(tabRow(page, `Welcome ${RUN}`).locator('td').filter({ hasText: /^1$/ })).toHaveCount(1); // exchanged

  // The customer's coupon is in the console's list.
  await page.goto('/finance/userCoupon');
  await expect(row(page, who.mobile).getByText('Unused')).toBeVisible();
});

test('an operator coupon names a direct-sales team, picked from the teams in the form, and the list says which', async ({
  page,
}) => {
  await signIn(page, { lang: 'en_US', redirect: '/finance/coupon' });
  await expect(page.getByRole('heading', { name: 'Coupons' })).toBeVisible();
  await page.getByRole('button', { name: /^(plus )?Add coupon$/ }).click();
  const form = page.getByRole('dialog').filter({ hasText: 'Add a coupon' });
  await form.getByLabel('Name').fill(`Team ${RUN}`);
  await form.getByLabel('Amount off').fill('1');
  await form.getByLabel('Scope').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Operator (direct-sales team)' }).click();
  // The scope's team is required, said on its field.
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.locator('.ant-form-item-explain-error').filter({ hasText: 'choose what it holds at' })).toHaveCount(
    1,
  );
  // The demo network's team (the spec's operator), not a service provider.
  await form.getByLabel('Operator (direct-sales team)', { exact: true }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Pudong Direct' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, `Team ${RUN}`)).toBeVisible();
  await expect(row(page, `Team ${RUN}`).getByText('Operator (direct-sales team) · Pudong Direct')).toBeVisible();
});
