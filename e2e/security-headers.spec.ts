import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/**
 * The console runs under its Content-Security-Policy without one refusal or console error, keeps
 * its live channel, and refuses to be shown inside another site's frame.
 */

/** Console errors and policy violations on a page, across navigations. */
async function watch(page: Page): Promise<{ errors: string[]; violations: string[]; sockets: string[] }> {
  const seen = { errors: [] as string[], violations: [] as string[], sockets: [] as string[] };
  page.on('console', (m) => {
    if (m.type() === 'error') seen.errors.push(m.text());
  });
  page.on('pageerror', (e) => seen.errors.push(String(e)));
  page.on('websocket', (ws) => seen.sockets.push(ws.url()));
  await page.exposeFunction('reportViolation', (v: string) => seen.violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      void (window as unknown as { reportViolation: (v: string) => Promise<void> }).reportViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      );
    });
  });
  return seen;
}

test('the console under its security policy: no refusals and no console errors on several screens', async ({
  page,
}) => {
  const seen = await watch(page);
  await signIn(page, { lang: 'en_US' });
  for (const path of ['/dashboard', '/system/personnel', '/device/cabinet', '/device/deviceLog', '/system/config']) {
    await page.goto(path);
    await expect(page.locator('.app-tags')).toBeVisible();
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  }
  // a table with its rows, and a form: CSS-in-JS styles applied (a primary button is coloured)
  await page.goto('/system/personnel');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  const colour = await page
    .locator('.ant-btn-primary')
    .first()
    .evaluate((b) => getComputedStyle(b).backgroundColor);
  expect(colour).not.toBe('rgba(0, 0, 0, 0)');
  // the live channel is allowed: the console opened /ws on its own host
  expect(seen.sockets.some((u) => /^ws:\/\/127\.0\.0\.1:\d+\/ws\?/.test(u))).toBe(true);
  expect(seen.violations).toEqual([]);
  expect(seen.errors).toEqual([]);
});

test('the API reference (Swagger UI) works under the policy', async ({ page }) => {
  const seen = await watch(page);
  await page.goto('/reference');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Charging back office API');
  await expect(page.locator('.opblock').first()).toBeVisible();
  expect(seen.violations).toEqual([]);
  expect(seen.errors).toEqual([]);
});

test('another site cannot show the console in a frame', async ({ page, baseURL }) => {
  // A page on another origin (its own port) that frames the console's login screen.
  const other = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<!doctype html><p id="host">other site</p><iframe id="victim" src="${baseURL}/login" width="800" height="600"></iframe>`,
    );
  });
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
  try {
    const refusals: string[] = [];
    page.on('console', (m) => refusals.push(m.text()));
    const url = `http://localhost:${(other.address() as AddressInfo).port}/`;
    await page.goto(url);
    await expect(page.locator('#host')).toHaveText('other site');
    // Chromium says why it refused the frame
    await expect.poll(() => refusals.join('\n')).toMatch(/frame-ancestors|X-Frame-Options/);
    const frame = page.frameLocator('#victim');
    await expect(frame.locator('input[autocomplete="username"]')).toHaveCount(0);
    await expect(frame.locator('#root')).toHaveCount(0);
  } finally {
    await new Promise((r) => other.close(r));
  }
});
