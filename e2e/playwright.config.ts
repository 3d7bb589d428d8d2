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
const chromium =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));

export const E2E_ADMIN = { userName: 'admin', password: 'admin123' };

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  // 120 s: beside the unit tests on two cores a screen of many shots took over 60 s (network, dashboard in CI).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json']],
  outputDir: path.join(os.tmpdir(), 'cbo-e2e-results'),
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
