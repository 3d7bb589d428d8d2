#!/usr/bin/env node
// `npm run lint`: the type-aware ESLint rules (eslint.config.mjs) and Prettier's check, side by side.
// ESLint is one thread and builds a TypeScript program for every project it lints: one process over the
// whole tree was 164 s of CPU on one core while the other idled (docs/decisions/tests-and-ci.md, "The
// test run's time"). It now runs as two processes over disjoint halves of the tree, split where the
// TypeScript projects split (the server, simulator and contract; the console and the root's e2e, bench
// and configs), so neither builds the other's program, and Prettier beside them. Each one's output is
// printed whole when it ends; exits non-zero if any fails. Arguments are passed to both ESLint halves
// (`npm run lint -- --fix`).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bin = (p) => path.join(root, 'node_modules', p);
const extra = process.argv.slice(2);

/** The first half by folder; the second half is the rest of the tree (so together they are `eslint .`). */
const firstHalf = ['apps/server', 'apps/simulator', 'packages/contract'];
const jobs = [
  {
    name: 'eslint (server, simulator, contract)',
    args: [bin('eslint/bin/eslint.js'), '--max-warnings', '0', ...extra, ...firstHalf],
  },
  {
    name: 'eslint (console, e2e, bench, configs)',
    args: [
      bin('eslint/bin/eslint.js'),
      '--max-warnings',
      '0',
      ...extra,
      ...firstHalf.flatMap((p) => ['--ignore-pattern', `${p}/**`]),
      '.',
    ],
  },
  {
    name: 'prettier --check',
    args: [bin('prettier/bin/prettier.cjs'), '--check', '**/*.{ts,tsx,mts,mjs,cjs,js,json,css}', '--log-level', 'warn'],
  },
];

const results = await Promise.all(
  jobs.map(
    (job) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn(process.execPath, job.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (out += d));
        child.on('close', (code) => {
          const secs = ((Date.now() - started) / 1000).toFixed(1);
          console.log(`${job.name}: ${code === 0 ? 'ok' : 'FAILED'} (${secs} s)`);
          if (out) process.stdout.write(out);
          resolve(code);
        });
      }),
  ),
);
process.exit(results.some((code) => code !== 0) ? 1 : 0);
