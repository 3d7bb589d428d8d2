import { describe, expect, it } from 'vitest';
import { DRIFT_WINDOW, RING_SIZE } from '@cbo/contract';
import { CableDevice, codeAt, newSecret } from './offline-code.js';

const SECRET = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

describe('offline codes', () => {
  it('are 8 digits, the same for the same secret, position and duration, and differ otherwise', () => {
    const a = codeAt(SECRET, 0, 1);
    expect(a).toMatch(/^\d{8}$/);
    expect(codeAt(SECRET, 0, 1)).toBe(a);
    // A fixed vector: firmware built from docs/offline-codes.md must produce the same digits.
    expect([codeAt(SECRET, 0, 1), codeAt(SECRET, 1, 3), codeAt(SECRET, 999, 24)]).toEqual([
      '69754088',
      '56902013',
      '25569216',
    ]);
    // The ring wraps: position RING_SIZE is position 0 again.
    expect(codeAt(SECRET, RING_SIZE + 1, 3)).toBe('56902013');
    const all = new Set<string>();
    for (let p = 0; p < 200; p++) for (const h of [1, 3, 12, 24]) all.add(codeAt(SECRET, p, h));
    expect(all.size).toBe(800);
    expect(codeAt(newSecret(), 0, 1)).not.toBe(a);
  });

  it('the device accepts the next code, then refuses it again (no reuse)', () => {
    const d = new CableDevice(SECRET, [1, 3, 12]);
    expect(d.enter(codeAt(SECRET, 0, 3))).toEqual({ position: 0, hours: 3 });
    expect(d.enter(codeAt(SECRET, 0, 3))).toBeNull();
    expect(d.enter(codeAt(SECRET, 1, 12))).toEqual({ position: 1, hours: 12 });
    // A code of a duration the device has no tier for is not one of its codes.
    expect(d.enter(codeAt(SECRET, 2, 24))).toBeNull();
  });

  it('accepts drift: codes issued but never typed are skipped, up to the window', () => {
    const d = new CableDevice(SECRET, [1, 3]);
    // Positions 0..DRIFT_WINDOW-2 were issued and lost; the next one is still in the window.
    expect(d.enter(codeAt(SECRET, DRIFT_WINDOW - 1, 1))).toEqual({ position: DRIFT_WINDOW - 1, hours: 1 });
    // An older code that was skipped is now behind the device: refused.
    expect(d.enter(codeAt(SECRET, 2, 1))).toBeNull();
    // One position past the window is refused; the device stays where it was.
    expect(d.enter(codeAt(SECRET, DRIFT_WINDOW - 1 + DRIFT_WINDOW + 1, 1))).toBeNull();
    expect(d.last).toBe(DRIFT_WINDOW - 1);
    expect(d.enter(codeAt(SECRET, DRIFT_WINDOW - 1 + DRIFT_WINDOW, 3))).toEqual({
      position: 2 * DRIFT_WINDOW - 1,
      hours: 3,
    });
  });

  it('a wrong secret or a random code does not unlock', () => {
    const d = new CableDevice(SECRET, [1, 3, 12, 24]);
    expect(d.enter(codeAt(newSecret(), 0, 1))).toBeNull();
    expect(d.enter('12345678')).toBeNull();
    expect(d.last).toBe(-1);
  });
});
