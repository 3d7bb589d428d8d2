import { chromium } from '@playwright/test';
(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  for (const lang of ['en_US', 'zh_CN']) {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await page.goto('http://127.0.0.1:18200/login');
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    await page.reload();
    await page.fill('input[autocomplete="username"]', 'admin');
    await page.fill('input[type="password"]', 'tour1234');
    await page.click('button[type="submit"]');
    await page.waitForSelector('.app-tags', { timeout: 60000 });
    const subs = page.locator('.ant-menu-submenu-title');
    const n = await subs.count();
    for (let i = 0; i < n; i++) { await subs.nth(i).click(); await page.waitForTimeout(150); }
    const cut = await page.evaluate(() => [...document.querySelectorAll('.ant-layout-sider .ant-menu-title-content')].filter((e) => (e as HTMLElement).scrollWidth > (e as HTMLElement).clientWidth + 1).map((e) => e.textContent));
    console.log(lang, n, JSON.stringify(cut));
  }
  await browser.close();
})();
