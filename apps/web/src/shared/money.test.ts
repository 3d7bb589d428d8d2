import { describe, expect, it } from 'vitest';
import { formatMoney, minorDigits, toMinor, toUnits } from './money';

describe('money in the smallest unit, read in currency units', () => {
  it('knows how many decimals each currency has', () => {
    expect(minorDigits('CNY')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits(null)).toBe(2);
    expect(minorDigits('NOPE')).toBe(2);
  });

  it('converts both ways, rounding what is typed to a whole count', () => {
    expect(toUnits(12345, 'CNY')).toBe(123.45);
    expect(toUnits(1200, 'JPY')).toBe(1200);
    expect(toMinor(123.45, 'CNY')).toBe(12345);
    // 0.1 + 0.2 style float noise never sends a fraction of a cent
    expect(toMinor(0.29, 'CNY')).toBe(29);
    expect(toMinor(1.005, 'USD')).toBe(101);
  });

  it('shows an amount as currency in the language', () => {
    expect(formatMoney(12345, 'CNY', 'zh_CN')).toBe('¥123.45');
    expect(formatMoney(123456, 'USD', 'en_US')).toBe('$1,234.56');
    expect(formatMoney(500, 'JPY', 'en_US')).toBe('¥500');
    expect(formatMoney(120000, 'TWD', 'zh_TW')).toMatch(/\$1,200\.00$/);
  });

  it('shows a plain number until the currency is known, and a dash for no amount', () => {
    expect(formatMoney(12345, null, 'en_US')).toBe('123.45');
    expect(formatMoney(0, null, 'en_US')).toBe('0.00');
    expect(formatMoney(null, 'CNY', 'en_US')).toBe('-');
  });
});
