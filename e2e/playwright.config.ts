import { defineConfig } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Browser flows in Debian's Chromium (Playwright cannot download its own here) against the real
 * server serving the built console, on a fresh embedded database per run.
 */
const port = Number(process.env.E2E_PORT ?? 18080);
// Set once in the runner and inherited by the workers, so specs can read files the server writes
// there (DATA_DIR/sms.log with SMS_PROVIDER=file).
const dataDir = (process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'cbo-e2e-')));
/**
 * Debian's headless shell (package chromium-headless-shell: the same Blink and V8 without the browser's
 * windows) when it is installed, else Debian's Chromium. The full browser in headless mode starts a
 * renderer for its own window chrome with every page: the same flows took about 30 % more CPU with it
 * (docs/decisions/tests-and-ci.md, "The browser flows' browser").
 */
const chromium =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));

export const E2E_ADMIN = { userName: 'admin', password: 'admin123' };

/** A project's spec files, by name (`orders` is e2e/orders.spec.ts). */
const specs = (names: string[]) => names.map((n) => `${n}.spec.ts`);

/**
 * Flows that change what every other flow reads: the brand (system-config; auth, console-forms and
 * layout read the seeded one), the extended functions and so the menus (extensions, orders' deposit-free
 * rental; console-scan and coupons read them), the refund threshold (refunds; orders' first refund
 * expects one reviewer), a payment company switched on for a moment (merchant-settings; every top-up or
 * rent then would go to it) and the platform's free minutes for a moment (separation). Several also send
 * SMS codes to the admin's one mobile (one unused code a minute). They run one at a time, after the flows
 * that read those settings (a project depends on the ones before it: Playwright runs them in phases),
 * and beside the LATE flows only. The rent of customer.spec runs here too: it must not meet the
 * payment company switched on, nor the simulated cabinets that fleet.spec restarts.
 */
const SETTINGS = specs([
  'extensions',
  'merchant-settings',
  'orders',
  'refunds',
  'separation',
  'system-config',
  'customer',
]);
/**
 * Flows that read none of those settings and run beside SETTINGS, in the second phase: those that want the
 * simulated business to have run a while (settled, paid orders about four minutes after the start: the
 * dashboard's and the statistics' figures), and assets and installs (stock, warehouses, a cable's install),
 * which need nothing of the kind but fill the second worker while the settings flows run one at a time
 * (without them it idled for about a minute of that phase).
 */
const LATE = specs(['dashboard', 'financial', 'operational', 'report', 'assets', 'installs']);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  // 120 s: beside the unit tests on two cores a screen of many shots took over 60 s (network, dashboard in CI).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two flows at a time on a two-core machine (each file's tests on one worker, one after the other;
  // every flow makes its own data), one shared server. E2E_WORKERS=1 runs them one by one.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  projects: [
    // First phase: every flow that neither changes platform-wide settings nor waits for settled orders.
    { name: 'flows', testIgnore: [...SETTINGS, ...LATE] },
    // Second phase: the settings flows one at a time, beside the flows that want a business that ran a while.
    { name: 'settings', testMatch: SETTINGS, dependencies: ['flows'], workers: 1 },
    { name: 'late', testMatch: LATE, dependencies: ['flows'] },
  ],
  reporter: [['list'], ['json']],
  // Per port: other runs on the same machine keep their own.
  outputDir: path.join(os.tmpdir(), `cbo-e2e-results-${port}`),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // The console switches antd's animations off for it (shared/theme.ts): no click lands on a dialog still opening.
    reducedMotion: 'reduce',
    // The admin's session, signed in once by global-setup.ts (helpers.ts ADMIN_STATE); the login
    // screen's own flows start without it (SIGNED_OUT).
    storageState: path.join(dataDir, 'admin-state.json'),
    screenshot: 'only-on-failure',
    trace: 'off',
    acceptDownloads: true,
  },
  webServer: {
    command: `node --import tsx apps/server/src/main.ts`,
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    // The server migrates a fresh database and starts its fleet first: about 15 s on a quiet machine,
    // and over 60 s beside the unit tests on a loaded one (two runs here timed out at 60 s).
    timeout: 240_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: E2E_ADMIN.userName,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      LOGIN_MAX_FAILURES: '50',
      // A free port for the embedded broker, and six simulated cabinets so the fleet screens see a living fleet.
      MQTT_PORT: '0',
      SIMULATOR: '6',
      // Four customers keeping a power bank just past the free minutes: paid, finished orders within about four minutes of the start.
      SIMULATED_CUSTOMERS: '4',
      SIMULATED_HOLD_SECONDS: '195-250',
      SMS_PROVIDER: 'file',
      // Merchant secrets can be saved (merchant-settings.spec.ts); a fixed throw-away key of 64 hex digits.
      MERCHANT_SECRET_KEY: 'e2e0'.repeat(16),
      // The flows find the demo by its English names ("Bund River Café", "Pudong Direct"); a new install's demo reads Chinese.
      DEMO_LANGUAGE: 'en_US',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
