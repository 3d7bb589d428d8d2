import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './database.js';

describe('embedded data directory lock', () => {
  it('refuses a second owner while the first lives, with a message saying what to do', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbo-lock-'));
    // the first owner: a live process that is not this one (our parent)
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid)); // our parent is alive
    expect(() => lockDataDir(dir)).toThrow(/in use by another server process .*DATABASE_URL/s);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('takes over the lock of a process that is gone, and releases it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbo-lock-'));
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    fs.writeFileSync(path.join(dir, 'server.lock'), gone);
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
