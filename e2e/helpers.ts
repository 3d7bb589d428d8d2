import { expect, type Page } from '@playwright/test';

export const ADMIN = { userName: 'admin', password: 'admin123' };

/** Signs in through the login screen, as a person does, and waits for the layout. */
export async function signIn(page: Page, opts: { redirect?: string; lang?: 'zh_CN' | 'zh_TW' | 'en_US' } = {}): Promise<void> {
  if (opts.lang) {
    await page.addInitScript((lang) => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', lang);
    }, opts.lang);
  }
  await page.goto(opts.redirect ? `/login?redirect=${encodeURIComponent(opts.redirect)}` : '/login');
  await page.locator('input[autocomplete="username"]').fill(ADMIN.userName);
  await page.locator('input[type="password"]').fill(ADMIN.password);
  await page.locator('button[type="submit"]').click();
  await expect(page.locator('.app-tags')).toBeVisible();
}
