import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/**
 * The fleet screens against the real server, its embedded broker and the six simulated cabinets
 * the e2e server starts (SIMULATOR=6, MQTT_PORT=0): they connect over MQTT like hardware does.
 */
const SIMULATED = Array.from({ length: 6 }, (_, i) => `SIMU${String(i + 1).padStart(12, '0')}`);
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/fleet-web-${name}.png`, fullPage: true });

/** Client-side, as the menu does: the server answers a reload of /device/* as an API path (see the report). */
async function goClientSide(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The simulated cabinets connect a moment after the server listens: refresh until all are online. */
async function waitForFleetOnline(page: Page): Promise<void> {
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    for (const sn of SIMULATED) {
      const row = page.locator('tr', { has: page.getByRole('button', { name: sn, exact: true }) });
      await expect(row.locator('[data-online="true"]')).toBeVisible({ timeout: 1000 });
    }
  }).toPass({ timeout: 45_000, intervals: [1000, 2000] });
}

test.describe('device fleet', () => {
  test('the cabinet list shows the simulated cabinets online, and a cabinet shows its slots', async ({ page }) => {
    // The simulated ones: cabinets put in stock by other flows are registered too and would come first.
    await signIn(page, { lang: 'en_US', redirect: '/device/cabinet?sn=SIMU' });
    await expect(page.getByRole('heading', { name: 'Cabinets' })).toBeVisible();
    await waitForFleetOnline(page);
    // Signal and slots come from the cabinets' own register, heartbeat and inventory messages.
    const first = page.locator('tr', { has: page.getByRole('button', { name: SIMULATED[0], exact: true }) });
    await expect(first.getByRole('cell', { name: /^\d{1,2} \/ \d{1,2}$/ })).toBeVisible();
    // The demo network npm start makes binds the simulated cabinets, the first to its first outlet.
    await expect(first.getByText('Bund River Café')).toBeVisible();
    await shot(page, 'cabinets-1440');

    await page.getByRole('button', { name: SIMULATED[0], exact: true }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: `Cabinet ${SIMULATED[0]}` });
    await expect(drawer).toBeVisible();
    const slots = drawer.getByRole('list', { name: 'Slots' }).getByRole('listitem');
    await expect(slots.first()).toBeVisible();
    const count = await slots.count();
    expect(count).toBeGreaterThan(0);
    await expect(drawer.getByTestId('slot-summary')).toContainText(`Slots: ${count}`);
    // A slot with a power bank names it; the credentials stay hidden until asked for.
    await expect(slots.filter({ hasText: /[A-Z]{4}\d{13}/ }).first()).toBeVisible();
    await expect(drawer.getByTestId('cabinet-secret')).toHaveCount(0);
    await drawer.getByRole('button', { name: 'Show MQTT credentials' }).click();
    await expect(drawer.getByTestId('cabinet-secret')).toHaveText(/^\S{32}$/);
    await shot(page, 'cabinet-detail-1440');
  });

  test("the developer tool's restart gets its acknowledgement on screen", async ({ page }) => {
    await signIn(page, { lang: 'en_US', redirect: '/device/devTool' });
    const sn = SIMULATED[1]!;
    const picker = page.getByTestId('cabinet-picker');
    await expect(async () => {
      await picker.click();
      await page.keyboard.type(sn.slice(-4));
      await page.locator('.ant-select-item-option', { hasText: sn }).click({ timeout: 2000 });
    }).toPass({ timeout: 45_000 });
    await expect(page.locator('[data-online="true"]').first()).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Send' }).click();
    // A restart is a physical action: confirmed first.
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm).toContainText(`Restart: cabinet ${sn}?`);
    await confirm.getByRole('button', { name: 'Send' }).click();

    const reply = page.getByTestId('command-reply');
    await expect(reply.locator('[data-step="acknowledged"][data-done="true"]')).toBeVisible({ timeout: 30_000 });
    await expect(reply.locator('[data-step="succeeded"]')).toBeVisible({ timeout: 30_000 });
    await expect(reply.locator('[data-state="succeeded"]')).toBeVisible();
    await shot(page, 'dev-tool-1440');
  });

  test('batch storage shows a partial-failure report', async ({ page }) => {
    await signIn(page, { lang: 'en_US', redirect: '/device/batchStorage' });
    await page.getByRole('button', { name: 'Batch stock-in' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: 'Cabinet SNs' });
    // The form checks the contract's rule before anything is sent.
    await drawer.getByRole('textbox').fill('TEST000000000901\nTEST12');
    await drawer.getByRole('button', { name: 'Stock in' }).click();
    await expect(drawer.getByText(/TEST12: .*non-standard device code/i)).toBeVisible();

    await drawer.getByRole('textbox').fill(`TEST000000000901\n${SIMULATED[0]}\nTEST000000000902\nTEST000000000901`);
    await drawer.getByRole('button', { name: 'Stock in' }).click();
    const report = page.getByTestId('storage-report');
    await expect(report).toBeVisible();
    await expect(report).toContainText('Partly done: 2 stocked in, 2 failed');
    await expect(report.locator('.ant-statistic', { hasText: 'Total' })).toContainText('4');
    await expect(report.getByRole('row', { name: new RegExp(SIMULATED[0]!) })).toContainText('Already in stock');
    await expect(report.getByRole('row', { name: /TEST000000000901/ })).toContainText('Repeated in this batch');
    // No error toast: the screen shows the report itself.
    await expect(page.locator('.ant-message-error')).toHaveCount(0);
    await shot(page, 'batch-storage-1440');
  });

  test('a forced eject is confirmed, then its command is watched to the end and recorded', async ({ page }) => {
    await signIn(page, { lang: 'en_US', redirect: '/device/forcedEject' });
    await page.getByRole('button', { name: 'Forced eject' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: 'Reason' });
    const sn = SIMULATED[3]!;
    await expect(async () => {
      await drawer.getByTestId('cabinet-picker').click();
      await page.keyboard.type(sn.slice(-4));
      await page.locator('.ant-select-item-option', { hasText: sn }).click({ timeout: 2000 });
    }).toPass({ timeout: 45_000 });
    const occupied = drawer
      .getByRole('listitem')
      .filter({ hasText: /PSIM\d{13}/ })
      .first();
    const powerBankId = (await occupied.getAttribute('aria-label'))!.split(', ')[1]!;
    await occupied.click();
    await drawer.getByRole('textbox').fill('Stuck after a failed rental');
    await drawer.getByRole('button', { name: 'Forced eject' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm).toContainText(powerBankId);
    await confirm.getByRole('button', { name: 'Forced eject' }).click();
    const progress = page.getByTestId('eject-progress');
    await expect(progress.locator('[data-step="succeeded"]')).toBeVisible({ timeout: 30_000 });
    await shot(page, 'forced-eject-1440');
    await page.getByRole('dialog').filter({ has: progress }).getByRole('button', { name: 'Close' }).click();
    const row = page.locator('tr', { hasText: powerBankId });
    await expect(row).toContainText('Not returned');
    await expect(row).toContainText('Ejected');
  });

  test("a firmware upgrade shows each cabinet's progress live to the end", async ({ page }) => {
    await signIn(page, { lang: 'en_US', redirect: '/device/firmware' });
    await page.getByRole('button', { name: 'Upgrade firmware' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: 'File URL' });
    await drawer.getByLabel('Version').fill('2.4.0');
    await drawer.getByLabel('File URL').fill('https://firmware.example.com/cb-2.4.0.bin');
    // Found by code, as an operator would among many cabinets (other flows put some in stock).
    await drawer.getByPlaceholder('Cabinet SN').fill('SIMU');
    await drawer.getByPlaceholder('Cabinet SN').press('Enter');
    for (const sn of [SIMULATED[4]!, SIMULATED[5]!])
      await drawer.locator('tr', { hasText: sn }).getByRole('checkbox').check();
    await expect(drawer.getByTestId('firmware-selected')).toContainText('2 chosen');
    await drawer.getByRole('button', { name: 'Upgrade firmware' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm).toContainText('Upgrade 2 cabinets to 2.4.0?');
    await confirm.getByRole('button', { name: 'Upgrade firmware' }).click();
    const batch = page.getByTestId('firmware-batch');
    await expect(batch).toBeVisible();
    // The simulated download reports 20 % steps; the bars move without a refresh.
    await expect(batch.locator('[data-state="acknowledged"]').first()).toBeVisible({ timeout: 15_000 });
    await shot(page, 'firmware-progress-1440');
    await expect(batch.locator('[data-state="succeeded"]')).toHaveCount(2, { timeout: 30_000 });
    await expect(batch).toContainText('2 total · 0 running · 2 succeeded · 0 failed');
  });

  test('the power bank list and the device log show what the cabinets reported', async ({ page }) => {
    await signIn(page, { lang: 'en_US', redirect: '/device/powerBank' });
    await expect(page.locator('tr', { hasText: SIMULATED[0] }).first()).toContainText(/PSIM\d{13}/, {
      timeout: 30_000,
    });
    await shot(page, 'power-banks-1440');
    await goClientSide(page, '/device/deviceLog');
    // The power bank screen stays alive in its tab: act only once the device log's own filters show.
    const filters = page
      .getByRole('form', { name: 'Filters' })
      .filter({ has: page.getByText('Event', { exact: true }) });
    await filters.getByRole('textbox', { name: /Cabinet SN/ }).fill(SIMULATED[0]!);
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(
      page
        .locator('tr', { hasText: SIMULATED[0] })
        .filter({ hasText: 'Online' })
        .filter({ hasText: 'Registered' })
        .first(),
    ).toBeVisible();
    await shot(page, 'device-log-1440');
  });

  test('the fleet screens are usable on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Only the simulated cabinets: earlier flows stock others in, which would push these past page 1.
    await signIn(page, { lang: 'en_US', redirect: '/device/cabinet?sn=SIMU' });
    await waitForFleetOnline(page);
    await page.getByRole('button', { name: SIMULATED[2], exact: true }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: `Cabinet ${SIMULATED[2]}` });
    await expect(drawer.getByRole('list', { name: 'Slots' }).getByRole('listitem').first()).toBeVisible();
    await shot(page, 'cabinet-detail-390');
    await goClientSide(page, '/device/devTool');
    await expect(page.getByTestId('command-reply')).toBeVisible();
    await shot(page, 'dev-tool-390');
    await goClientSide(page, '/device/forcedEject');
    await expect(page.getByRole('button', { name: 'Forced eject' })).toBeVisible();
    await shot(page, 'forced-eject-390');
    await goClientSide(page, '/device/firmware');
    await expect(page.getByRole('button', { name: 'Upgrade firmware' })).toBeVisible();
    await page.getByRole('button', { name: 'Upgrade firmware' }).click();
    await expect(
      page.getByRole('dialog').filter({ hasText: 'File URL' }).locator('tr', { hasText: SIMULATED[0] }),
    ).toBeVisible();
    await shot(page, 'firmware-390');
  });
});
