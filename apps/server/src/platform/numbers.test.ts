import { describe, expect, it } from 'vitest';
import { timedNo } from './numbers.js';

describe('timedNo', () => {
  it('is the prefix, the UTC second and six random digits', () => {
    const no = timedNo('W', new Date(Date.UTC(2026, 0, 2, 3, 4, 5)));
    expect(no).toMatch(/^W20260102030405\d{6}$/);
  });
  it('differs between calls in the same second', () => {
    const at = new Date();
    const seen = new Set(Array.from({ length: 50 }, () => timedNo('VO', at)));
    expect(seen.size).toBeGreaterThan(45);
  });
});
