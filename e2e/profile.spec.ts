import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { api, call, signIn, signInByForm, type Api } from './helpers';

/**
 * The personal center of an account of its own (operations role), signed in through the login
 * screen: its nickname, avatar and password are its own, so the admin's session that the other
 * flows share (global-setup.ts) is never ended by the password change (a change ends the account's
 * other sessions) and the admin's name in the top bar stays as the other flows read it.
 */
async function ownAccount(a: Api, password: string): Promise<{ userName: string; password: string }> {
  const roles = await call<{ id: number; name: string }[]>(a, 'GET', '/user/api/v1/sys/role/list');
  const who = { userName: `e2e_me_${Date.now().toString(36)}`, password };
  await call(a, 'POST', '/user/api/v1/sys/manage', {
    ...who,
    nickName: who.userName,
    roleIds: [roles.find((r) => r.name === 'role.operations')!.id],
  });
  return who;
}

// a 1x1 PNG, and a text file dressed up as one
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('the personal center edits the profile (top bar follows), refuses bad input, and uploads an avatar', async ({
  page,
}) => {
  await signIn(page);
  const who = await ownAccount(await api(page), 'me123456');
  await page.context().clearCookies();
  await signInByForm(page, who);
  // A click that lands while the dropdown is still opening is lost now and then on a busy machine: open it again.
  await expect(async () => {
    await page.getByRole('button', { name: '账号菜单' }).click();
    await page.getByRole('menuitem', { name: '个人中心' }).click({ timeout: 3_000 });
    await expect(page).toHaveURL(/\/my\/my$/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });

  const nick = page.getByLabel('昵称');
  await nick.fill('');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible();
  await page.getByLabel('邮箱').fill('not-an-email');
  await nick.fill('值班主管');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('邮箱格式不正确')).toBeVisible();
  await page.getByLabel('邮箱').fill('duty@example.com');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.locator('.ant-message-success')).toContainText('已保存');
  await expect(page.locator('.navbar-avatar')).toContainText('值班主管');

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbo-avatar-'));
  const fake = path.join(dir, 'fake.png');
  fs.writeFileSync(fake, 'not really a picture');
  const real = path.join(dir, 'me.png');
  fs.writeFileSync(real, PNG);
  const chooser = page.locator('input[type=file]');
  await chooser.setInputFiles(fake);
  await expect(page.locator('.ant-message-error')).toBeVisible();
  await chooser.setInputFiles(real);
  await expect(page.locator('.ant-message-success').last()).toContainText('头像已更新');
  await expect(page.locator('.navbar-avatar img')).toHaveAttribute('src', /\/files\/avatars\/[0-9a-f]{32}\.png$/);
});

test('changing the password checks the rule and the current password', async ({ page }) => {
  await signIn(page);
  const who = await ownAccount(await api(page), 'before123');
  await page.context().clearCookies();
  await signInByForm(page, who, '/my/my');
  await page.getByRole('tab', { name: '修改密码' }).click();
  await page.getByLabel('原密码').fill('wrong-one');
  await page.getByLabel('新密码', { exact: true }).fill('abc');
  await page.getByLabel('确认新密码').fill('abc');
  await page.getByRole('button', { name: '修改密码' }).last().click();
  await expect(page.locator('.ant-form-item-explain-error').first()).toContainText('6-18');
  await page.getByLabel('新密码', { exact: true }).fill('Newpass123');
  await page.getByLabel('确认新密码').fill('Newpass123');
  await page.getByRole('button', { name: '修改密码' }).last().click();
  await expect(page.locator('.ant-message-error')).toContainText('原密码错误');
  await page.getByLabel('原密码').fill(who.password);
  await page.getByRole('button', { name: '修改密码' }).last().click();
  await expect(page.locator('.ant-modal')).toContainText('密码已修改');
  await page.locator('.ant-modal .ant-btn-primary').click();
  // The new password is the one that signs in now.
  await page.context().clearCookies();
  await signInByForm(page, { userName: who.userName, password: 'Newpass123' });
});
