#!/usr/bin/env node
// `npm run typecheck`: tsc over every project (the contract, the server, the simulator, the console,
// and the root's e2e/bench/config), as many at once as the machine has cores (at least two). Each
// tsc is one thread, so one after the other left a core idle (docs/decisions/tests-and-ci.md, "The
// test run's time"). Each project's output is printed whole when it ends; exits non-zero if any fails.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
// Longest first, so the short ones fill in beside it.
const projects = ['apps/server', 'apps/web', 'tsconfig.json', 'packages/contract', 'apps/simulator'];
const parallel = Number(process.env.TYPECHECK_PARALLEL) || Math.max(2, os.availableParallelism());

let failed = 0;
const queue = [...projects];
async function worker() {
  for (let p = queue.shift(); p; p = queue.shift()) {
    const started = Date.now();
    const { code, out } = await new Promise((resolve) => {
      const child = spawn(process.execPath, [tsc, '-p', p], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('close', (code) => resolve({ code, out }));
    });
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`tsc -p ${p}: ${code === 0 ? 'ok' : 'FAILED'} (${secs} s)`);
    if (out) process.stdout.write(out);
    if (code !== 0) failed++;
  }
}
await Promise.all(Array.from({ length: Math.min(parallel, projects.length) }, worker));
process.exit(failed ? 1 : 0);
