#!/usr/bin/env node
// `npm start`: builds the console when its sources are newer than the build, then runs the
// server (console, API, live channel) in this process's terminal. Settings: see README.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const web = path.join(root, 'apps/web');
const dist = path.join(web, 'dist/index.html');

function newest(p) {
  const st = fs.statSync(p, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  let m = st.mtimeMs;
  for (const e of fs.readdirSync(p)) if (e !== 'node_modules' && e !== 'dist') m = Math.max(m, newest(path.join(p, e)));
  return m;
}

export function consoleIsStale() {
  const built = fs.statSync(dist, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = Math.max(
    newest(path.join(web, 'src')),
    newest(path.join(web, 'index.html')),
    newest(path.join(web, 'public')),
    newest(path.join(web, 'vite.config.ts')),
    newest(path.join(root, 'packages/contract/src')),
  );
  return sources > built;
}

export function buildConsole() {
  console.log('Building the console (apps/web)...');
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: web, stdio: 'inherit' },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.env.SKIP_WEB_BUILD !== '1' && consoleIsStale()) buildConsole();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    stdio: 'inherit',
    cwd: root,
  });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}
