import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SandboxProvider } from './payments.js';

/**
 * The sandbox payment company's statement under a crowd: every charge's line is written once, in the order the
 * charges were answered, and a charge waits for a write that holds its line, not for one write per line before it.
 */
describe('sandbox statement', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbo-sbx-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes every line of 300 charges at once, once each, one header, in a few writes; each charge finds its own line', async () => {
    const sandbox = new SandboxProvider({ statementDir: dir, duplicateRate: 0 });
    const appends = vi.spyOn(fs.promises, 'appendFile');
    const keys = Array.from({ length: 300 }, (_, i) => `rent:${i}`);
    const outcomes = await Promise.all(
      keys.map(async (key) => {
        const out = await sandbox.charge({ key, amount: 100, userId: 1, description: 'rent' });
        // Answered only once its line is on the statement.
        const day = new Date().toISOString().slice(0, 10);
        const lines = await sandbox.statement(day);
        expect(lines.some((l) => l.key === key && l.reference === out.reference)).toBe(true);
        return out;
      }),
    );
    expect(outcomes.every((o) => o.status === 'succeeded')).toBe(true);
    const files = fs.readdirSync(dir);
    const text = files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).join('');
    const rows = text.split('\n').filter((l) => l.trim() !== '');
    expect(rows.filter((r) => r.startsWith('key,')).length).toBe(files.length);
    const written = rows.filter((r) => !r.startsWith('key,')).map((r) => r.split(',')[0]);
    expect(written.sort()).toEqual([...keys].sort());
    // Lines queued while a write runs go together in the next one (one write a line made the 300th charge wait
    // for 299 writes).
    expect(appends.mock.calls.length).toBeLessThan(30);
    appends.mockRestore();
  });
});
