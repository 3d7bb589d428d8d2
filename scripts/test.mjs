#!/usr/bin/env node
// `npm test`: every test. Vitest (contract, server on PGlite and, with TEST_DATABASE_URL, on
// PostgreSQL, console in jsdom), then Playwright in Chromium against the built console.
// Ends with one line "N passed, N failed" counting both.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildConsole, consoleIsStale } from './start.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const out = path.join(root, '.tmp');
fs.mkdirSync(out, { recursive: true });
const only = process.argv[2]; // "unit" or "e2e" to run one half

let passed = 0;
let failed = 0;
let skipped = 0;
let ok = true;

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

if (only !== 'e2e') {
  const report = path.join(out, 'vitest.json');
  fs.rmSync(report, { force: true });
  ok = run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]) && ok;
  if (fs.existsSync(report)) {
    const r = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    if (r.numTotalTests === 0) ok = false;
  } else ok = false;
}

if (only !== 'unit') {
  if (consoleIsStale()) buildConsole();
  const report = path.join(out, 'playwright.json');
  fs.rmSync(report, { force: true });
  ok = run(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', '-c', 'e2e/playwright.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_NAME: report }) && ok;
  if (fs.existsSync(report)) {
    const s = JSON.parse(fs.readFileSync(report, 'utf8')).stats;
    passed += s.expected + s.flaky;
    failed += s.unexpected;
    skipped += s.skipped;
  } else ok = false;
}

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok && failed === 0 ? 0 : 1);
