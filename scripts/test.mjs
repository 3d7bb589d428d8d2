#!/usr/bin/env node
// `npm test`: every test. Vitest (contract, server on PGlite and, with TEST_DATABASE_URL, on
// PostgreSQL, console in jsdom) and Playwright in Chromium against the built console.
// The unit half runs first (the console's build beside it), then the browser half. Side by side (TEST_TOGETHER=1) they took longer
// on the 2-core CI machine (32 min against 12.4 + 10.4 min one after the other, docs/decisions/tests-and-ci.md
// "Tests one half after the other"): both halves want the CPU, and the browser flows' server and the
// simulated customers slow down beside the unit tests' two workers. `npm test -- unit` or `-- e2e`
// runs one half. Ends with one line "N passed, N failed" counting both.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { consoleIsStale } from './start.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const out = path.join(root, '.tmp');
fs.mkdirSync(out, { recursive: true });
const only = process.argv[2]; // "unit" or "e2e" to run one half
const together = !only && process.env.TEST_TOGETHER === '1';

let passed = 0;
let failed = 0;
let skipped = 0;
let ok = true;

const vitestReport = path.join(out, 'vitest.json');
const playwrightReport = path.join(out, 'playwright.json');
const e2eLog = path.join(out, 'e2e.log');

/**
 * Builds the console when its sources changed (as `npm start` does), without blocking this process:
 * started before the unit half, the build (about 12 s of CPU, one thread) runs beside it instead of
 * in front of the browser half. Resolves true when the build is there.
 */
function buildConsoleInBackground() {
  if (!consoleIsStale()) return Promise.resolve(true);
  console.log('Building the console (apps/web)...');
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: path.join(root, 'apps/web'),
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  return new Promise((resolve) => child.on('exit', (code) => resolve(code === 0)));
}

/** Starts Playwright; with `logFile` its output goes there (the file is written by the child itself). */
function startE2e(logFile) {
  fs.rmSync(playwrightReport, { force: true });
  const fd = logFile ? fs.openSync(logFile, 'w') : 'inherit';
  const child = spawn(
    process.execPath,
    ['node_modules/@playwright/test/cli.js', 'test', '-c', 'e2e/playwright.config.ts'],
    {
      cwd: root,
      stdio: ['ignore', fd, fd],
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport, ...(logFile ? { FORCE_COLOR: '0' } : {}) },
    },
  );
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  return new Promise((resolve) => child.on('exit', (code) => resolve(code === 0)));
}

function runUnit() {
  fs.rmSync(vitestReport, { force: true });
  const r = spawnSync(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (!fs.existsSync(vitestReport)) return false;
  const report = JSON.parse(fs.readFileSync(vitestReport, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  return r.status === 0 && report.numTotalTests > 0;
}

function countE2e() {
  if (!fs.existsSync(playwrightReport)) return false;
  const s = JSON.parse(fs.readFileSync(playwrightReport, 'utf8')).stats;
  passed += s.expected + s.flaky;
  failed += s.unexpected;
  skipped += s.skipped;
  return true;
}

/** The flows need the console built: awaited before they start (false when the build failed). */
const built = only === 'unit' ? Promise.resolve(true) : buildConsoleInBackground();
async function consoleBuilt() {
  if (await built) return true;
  console.error('The console build failed: the browser flows were not run.');
  return false;
}

if (together) {
  console.log(
    `The browser flows run beside the unit tests; their output: ${path.relative(root, e2eLog)} (printed after the unit tests).`,
  );
  const e2e = (await consoleBuilt()) ? startE2e(e2eLog) : Promise.resolve(false);
  ok = runUnit() && ok;
  const e2eOk = await e2e;
  console.log('\n──────── Playwright (browser flows) ────────');
  process.stdout.write(fs.readFileSync(e2eLog, 'utf8'));
  ok = countE2e() && e2eOk && ok;
} else {
  if (only !== 'e2e') ok = runUnit() && ok;
  if (only !== 'unit') {
    const e2eOk = (await consoleBuilt()) && (await startE2e(null));
    ok = countE2e() && e2eOk && ok;
  }
}

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok && failed === 0 ? 0 : 1);
