import { expect, test } from '@playwright/test';
import { api, menuPath, signIn } from './helpers';

/**
 * Orders older than 30 days are read one user type at a time (spec 5): the server refuses the
 * archive without one, in the caller's language; the archive screen asks for it (required, with
 * why behind its question mark), starting on the customers', and reads the type picked.
 */
test('the archive of older orders asks for a user type: refused without one, read with the one picked', async ({
  page,
}) => {
  await signIn(page, { lang: 'en_US' });
  const a = await api(page);
  const refused = await (
    await a.request.fetch('/order/api/v1/order/archive/queryPage', {
      method: 'POST',
      headers: a.headers,
      data: { pageNum: 1, pageSize: 10 },
    })
  ).json();
  expect(refused).toMatchObject({ code: 100773, msg: 'Choose a user type to query orders older than 30 days' });

  // The screen starts on an older range (the 30 days before the last 30) and the customers' orders.
  const first = page.waitForRequest((r) => r.url().includes('/order/archive/queryPage'));
  await page.goto(await menuPath(a, 'order/archive'));
  expect((await first).postDataJSON()).toMatchObject({
    userType: 'customer',
    beginTime: expect.any(String),
    endTime: expect.any(String),
  });
  const filters = page.getByRole('form', { name: /filters/i });
  const item = filters.locator('.ant-form-item').filter({ has: page.locator('label[title="User type"]') });
  await expect(item.locator('.ant-form-item-required')).toBeVisible();
  await item.locator('.anticon-question-circle').hover();
  await expect(page.getByRole('tooltip')).toContainText('one user type at a time');

  // Cleared: the search does not go out, the field says what it needs.
  await item.locator('.ant-select').hover();
  await item.locator('.ant-select-clear').click();
  let sent = 0;
  page.on('request', (r) => {
    if (r.url().includes('/order/archive/queryPage')) sent++;
  });
  await filters.getByRole('button', { name: /search/i }).click();
  await expect(item).toContainText('Choose a user type');
  expect(sent).toBe(0);

  // Demo customers picked: their older orders, or the archive's empty state.
  await item.locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Demo customers').click();
  const asked = page.waitForResponse((r) => r.url().includes('/order/archive/queryPage'));
  await filters.getByRole('button', { name: /search/i }).click();
  const res = await asked;
  expect(res.request().postDataJSON()).toMatchObject({ userType: 'demo' });
  expect((await res.json()).code).toBe(0);
  await expect(
    page.locator('.ant-table-row').first().or(page.getByText('No older orders in this range')),
  ).toBeVisible();
});
