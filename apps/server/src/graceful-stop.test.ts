import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('graceful stop of a server process', () => {
  it('on SIGTERM: readiness fails first while requests are still served, then the port closes and the process exits 0 in time', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbo-stop-'));
    const port = 20000 + Math.floor(Math.random() * 20000);
    // The embedded database: this process's stop is what is tested, not a shared one.
    const { DATABASE_URL: _shared, MQTT_URL: _broker, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...inherited,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        MQTT_PORT: '0',
        SIMULATOR: '0',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        ADMIN_USERNAME: 'admin',
        ADMIN_PASSWORD: 'admin123',
        WEB_DIST: path.join(dataDir, 'no-web'),
        STOP_DRAIN_SECONDS: '2',
        STOP_TIMEOUT_SECONDS: '15',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.on('exit', (code) => resolve({ code, at: Date.now() })),
    );
    const origin = `http://127.0.0.1:${port}`;
    try {
      for (let i = 0; ; i++) {
        if (i > 1200 || child.exitCode !== null) throw new Error(`server did not start:\n${out}`);
        if (
          await fetch(`${origin}/readyz`).then(
            (r) => r.ok,
            () => false,
          )
        )
          break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const signalled = Date.now();
      child.kill('SIGTERM');
      // Readiness fails at once, while the process still answers (draining).
      let notReady: { status: number; body: { data: { missing: string[] } } } | null = null;
      for (let i = 0; i < 50 && !notReady; i++) {
        const r = await fetch(`${origin}/readyz`);
        if (r.status === 503)
          notReady = { status: r.status, body: (await r.json()) as { data: { missing: string[] } } };
        else await new Promise((res) => setTimeout(res, 20));
      }
      expect(notReady?.body.data.missing).toContain('stopping');
      expect(Date.now() - signalled).toBeLessThan(1500);
      expect((await fetch(`${origin}/healthz`)).status).toBe(200);
      const signIn = await fetch(`${origin}/user/api/open/v1/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'admin', password: 'admin123', clientType: 'MANAGE_PC' }),
      });
      expect(((await signIn.json()) as { code: number }).code).toBe(0);
      const { code, at } = await exited;
      expect(code, out).toBe(0);
      expect(at - signalled).toBeGreaterThanOrEqual(2000);
      expect(at - signalled).toBeLessThan(15_000);
      expect(
        await fetch(`${origin}/healthz`).then(
          () => 'answered',
          () => 'refused',
        ),
      ).toBe('refused');
      const lines = out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { msg: string });
      expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['stopping', 'stopped']));
      // The embedded database's lock file is gone: the next start is not refused.
      expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
