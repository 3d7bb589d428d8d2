import { expect, test } from '@playwright/test';
import { api, confirmOk, menuPath, signIn } from './helpers';

/**
 * Deposits as staff meet them: the simulated customers rent with a deposit, so deposit orders
 * arrive on their own (held while the power bank is out, returned after). Staff see them with
 * the figures above the list, then create a deposit rule in its drawer and disable it.
 */

test('deposit orders of the simulated customers arrive with their figures; a rule is created and disabled', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signIn(page, { lang: 'en_US' });
  const a = await api(page);
  const deposits = await menuPath(a, 'deposit/deposits');
  const rules = await menuPath(a, 'deposit/rules');

  // The first simulated rentals hold their deposits within a minute or two of the start.
  await expect
    .poll(
      async () => {
        const res = (await (
          await a.request.post('/order/api/v1/depositOrder/queryPage', {
            headers: a.headers,
            data: { pageNum: 1, pageSize: 10 },
          })
        ).json()) as { data: { total: number } };
        return res.data.total;
      },
      { timeout: 240_000, intervals: [5_000] },
    )
    .toBeGreaterThan(0);
  await page.goto(deposits);
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await expect(page.locator('.ant-table-row').first()).toContainText(/Held|Returned/);
  await expect(page.getByText('Held now')).toBeVisible();
  await expect(page.getByText('Deposit / deposit-free rentals')).toBeVisible();

  await page.goto(rules);
  await page.getByRole('button', { name: /Add rule/ }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: 'Add a deposit rule' });
  await drawer.getByLabel('Name').fill('e2e platform rule');
  await drawer.getByLabel('Deposit order count').fill('3');
  await drawer.getByLabel('Deposit-free order count').fill('4');
  await expect(drawer.getByText('cannot be above the deposit order count')).toBeVisible();
  await drawer.getByLabel('Deposit-free order count').fill('1');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.ant-message').getByText('Saved')).toBeVisible();
  const row = page.locator('.ant-table-row').filter({ hasText: 'e2e platform rule' });
  await expect(row).toContainText('Enabled');
  await row.getByRole('button', { name: 'Disable' }).click();
  await confirmOk(page);
  await expect(row).toContainText('Disabled');
  await row.getByRole('button', { name: 'Enable' }).click();
  await expect(row).toContainText('Enabled');
});
