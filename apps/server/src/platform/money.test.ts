import { describe, expect, it } from 'vitest';
import { yuan } from './money.js';

describe('yuan', () => {
  it('writes whole cents as yuan with two decimals', () => {
    expect(yuan(0)).toBe('0.00');
    expect(yuan(5)).toBe('0.05');
    expect(yuan(1230)).toBe('12.30');
    expect(yuan(100_000_000_01)).toBe('100000000.01');
  });
  it('keeps the sign of an amount below zero, also under one yuan', () => {
    expect(yuan(-6)).toBe('-0.06');
    expect(yuan(-1005)).toBe('-10.05');
  });
  it('writes what toFixed would for every amount up to 100 yuan', () => {
    for (let c = -10_000; c <= 10_000; c++) expect(yuan(c)).toBe((c / 100).toFixed(2));
  });
  it('rounds a fraction of a cent to the nearest cent', () => {
    expect(yuan(1234.4)).toBe('12.34');
    expect(yuan(1234.6)).toBe('12.35');
  });
});
