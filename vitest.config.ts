import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const WEB_ALONE = ['apps/web/src/shared/i18n.test.ts', 'apps/web/src/shared/request.test.ts'];

/** The console's tests in jsdom. */
function web(name: string, test: { include: string[]; exclude?: string[]; isolate?: boolean }) {
  return {
    plugins: [react()],
    resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
    test: {
      name,
      environment: 'jsdom' as const,
      setupFiles: ['apps/web/src/test/setup.ts'],
      // jsdom renders antd slowly on a busy 2-core machine (the deposit screen's refund flow took
      // 17 s alone and over 45 s beside the server tests and the browser flows; 57 s alone and over 90 s
      // beside them once the deposit screen's customer links came); a hung test still fails, later.
      testTimeout: 180_000,
      ...test,
    },
  };
}

/** One Vitest run, four projects: the contract, the simulator (against a real broker), the server (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set) and the console (jsdom). Browser flows live in e2e/ (Playwright). */
export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker, which leaves a core idle while a test waits on
    // PostgreSQL, the broker or a timer; two keep both busy (VITEST_MAX_WORKERS overrides).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, os.availableParallelism() - 1),
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          // 60 s: the crowd tests (100 parallel redemptions, applications, charger starts) take 5-15 s
          // on a quiet machine and over 30 s beside the browser flows on two busy cores.
          testTimeout: 60_000,
          // VITEST_HOOK_TIMEOUT (ms): longer for a machine that is busy with other work.
          hookTimeout: Number(process.env.VITEST_HOOK_TIMEOUT) || 60_000,
          pool: 'forks',
          // A worker keeps the modules it loaded from one file to the next: every file builds its own
          // server and database, and nothing module-level carries a test's state, so re-importing the
          // whole server per file (about 5 minutes of a CI run) buys nothing. Files still run alone.
          isolate: false,
          // One migrated embedded database per run, loaded by every test server (test/global-setup.ts).
          globalSetup: ['apps/server/src/test/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'simulator',
          include: ['apps/simulator/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      web('web', {
        include: ['apps/web/src/**/*.test.{ts,tsx}'],
        exclude: WEB_ALONE,
        // A worker keeps antd, React and the console's modules loaded from one file to the next (about half
        // the project's CPU time); what a test renders is cleaned up after it (test/setup.ts).
        isolate: false,
      }),
      // These read module-level state of their own subject (the i18n instance, the request client's
      // headers) from a fresh import: each gets a fresh module graph.
      web('web-alone', { include: WEB_ALONE }),
    ],
  },
});
