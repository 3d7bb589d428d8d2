import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { api, call, signIn, SIGNED_OUT } from './helpers';

/**
 * Direct management (spec 2's specially handled entry): in the sidebar of the super administrator
 * and of whoever leads or belongs to a direct-sales team, leading to their teams; not in anyone
 * else's, whatever their role holds, and its address is refused to them.
 */
test('direct management is shown to who runs direct sales and leads to their teams; hidden from other staff', async ({
  page,
  browser,
}) => {
  await signIn(page, { lang: 'en_US' });
  const sidebar = page.locator('.app-sidebar-menu');
  await sidebar.getByText('Direct management', { exact: true }).click();
  await expect(page).toHaveURL(/\/direct$/);
  // The demo's direct-sales team, led by the administrator.
  const demo = page.locator('[data-team]').filter({ hasText: 'Pudong Direct' });
  await expect(demo).toBeVisible();
  await expect(demo).toContainText('Direct outlets');

  // Operations staff in no team: no entry, and the address is refused.
  const a = await api(page);
  const roles = await call<{ id: number; name: string }[]>(a, 'GET', '/user/api/v1/sys/role/list');
  const who = { userName: `dm${crypto.randomBytes(3).toString('hex')}`, password: 'pass1234' };
  const { manageId } = await call<{ manageId: number }>(a, 'POST', '/user/api/v1/sys/manage', {
    ...who,
    nickName: who.userName,
    roleIds: [roles.find((r) => r.name === 'role.operations')!.id],
  });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: SIGNED_OUT });
  try {
    const other = await context.newPage();
    await other.addInitScript(() => localStorage.setItem('language', 'en_US'));
    await other.goto('/login');
    await other.locator('input[autocomplete="username"]').fill(who.userName);
    await other.locator('input[type="password"]').fill(who.password);
    await other.locator('button[type="submit"]').click();
    const theirs = other.locator('.app-sidebar-menu');
    await expect(theirs).toContainText('Operation');
    await expect(theirs).not.toContainText('Direct management');
    await other.goto('/direct');
    await expect(other.getByText('Your account does not have permission to open this page.')).toBeVisible();

    // Made a member of a direct-sales team: the entry is there at the next start, with that team.
    const [region] = await call<{ id: number }[]>(a, 'GET', '/user/api/v1/region/options');
    const name = `DM ${crypto.randomBytes(3).toString('hex')}`;
    await call(a, 'POST', '/user/api/v1/team/saveOrUpdate', {
      name,
      regionId: region!.id,
      leaderId: manageId,
      memberIds: [manageId],
      ratio: 0,
    });
    await other.reload();
    await expect(theirs.getByText('Direct management', { exact: true })).toBeVisible();
    await theirs.getByText('Direct management', { exact: true }).click();
    const card = other.locator('[data-team]');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(name);
    await expect(card).toContainText('You lead it');
  } finally {
    await context.close();
  }
});
