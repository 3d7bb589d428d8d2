import { describe, expect, it } from 'vitest';
import type { OrderBilling } from '@cbo/contract';
import { billedMinutes, bluetoothBilling, cablePackagePrice, percentOf, rentalFee } from './billing.js';

/** The billing models of the field, each as data, with the fee they give for a time used. */
const bigOperator: OrderBilling = {
  freeMinutes: 3,
  pricePerPeriod: 150,
  periodMinutes: 30,
  dailyCap: 3000,
  totalCap: 9900,
  deposit: 9900,
  buyOutDays: 7,
};
const hourFree: OrderBilling = {
  freeMinutes: 60,
  pricePerPeriod: 100,
  periodMinutes: 60,
  dailyCap: 1000,
  totalCap: 3000,
  deposit: 3000,
  buyOutDays: 5,
};
const european: OrderBilling = {
  freeMinutes: 0,
  pricePerPeriod: 100,
  periodMinutes: 30,
  dailyCap: 600,
  totalCap: 3000,
  deposit: 3000,
  buyOutDays: 5,
};
const noDailyLimit: OrderBilling = {
  freeMinutes: 0,
  pricePerPeriod: 200,
  periodMinutes: 60,
  dailyCap: 99_999_999,
  totalCap: 99_999_999,
  deposit: 99_999_999,
  buyOutDays: 0,
};
const oneDayBuyOut: OrderBilling = {
  freeMinutes: 5,
  pricePerPeriod: 300,
  periodMinutes: 60,
  dailyCap: 2000,
  totalCap: 6990,
  deposit: 6990,
  buyOutDays: 1,
};

describe('rentalFee', () => {
  it.each([
    // rule, minutes, fee, kind
    ['big operator: within the free minutes', bigOperator, 3, 0, 'normal'],
    ['big operator: 1 minute past free is one period', bigOperator, 4, 150, 'normal'],
    ['big operator: 33 minutes is one period (free not charged)', bigOperator, 33, 150, 'normal'],
    ['big operator: 34 minutes starts a second period', bigOperator, 34, 300, 'normal'],
    ['big operator: 10 hours hit the daily cap', bigOperator, 603, 3000, 'normal'],
    ['big operator: 1 day and 1 hour', bigOperator, 3 + 1440 + 60, 3000 + 300, 'normal'],
    ['big operator: 3 days and a bit stays under the total cap', bigOperator, 3 + 3 * 1440 + 10, 9150, 'normal'],
    ['big operator: 4 days reaches the total cap', bigOperator, 3 + 4 * 1440, 9900, 'normal'],
    ['big operator: 7 days is bought out', bigOperator, 7 * 1440, 9900, 'timeout'],
    ['one hour free: 59 minutes', hourFree, 59, 0, 'normal'],
    ['one hour free: 61 minutes', hourFree, 61, 100, 'normal'],
    ['one hour free: 2 days', hourFree, 2 * 1440, 2000, 'normal'],
    ['one hour free: 4 days hits the total cap', hourFree, 4 * 1440, 3000, 'normal'],
    ['european: 0 minutes', european, 0, 0, 'normal'],
    ['european: 1 minute is a period', european, 1, 100, 'normal'],
    ['european: 3 hours is capped at 6 a day', european, 180, 600, 'normal'],
    ['no daily limit, no buy-out: 50 hours', noDailyLimit, 50 * 60, 10000, 'normal'],
    ['no daily limit, no buy-out: a month', noDailyLimit, 30 * 1440, 30 * 24 * 200, 'normal'],
    ['one-day buy-out: 23 hours', oneDayBuyOut, 23 * 60, 2000, 'normal'],
    ['one-day buy-out: 24 hours', oneDayBuyOut, 1440, 6990, 'timeout'],
  ] as const)('%s', (_name, rule, minutes, amount, kind) => {
    expect(rentalFee(rule, minutes)).toEqual({ amount, paymentKind: kind });
  });

  it('never goes above the total cap or below 0, and never falls as time grows', () => {
    for (const rule of [bigOperator, hourFree, european, oneDayBuyOut]) {
      let last = 0;
      for (let m = 0; m < 9 * 1440; m += 7) {
        const { amount } = rentalFee(rule, m);
        expect(amount).toBeGreaterThanOrEqual(last);
        expect(amount).toBeLessThanOrEqual(rule.totalCap);
        last = amount;
      }
    }
  });
});

describe('billedMinutes and percentOf', () => {
  it('counts started minutes less the suspension', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    expect(billedMinutes(start, new Date('2026-01-01T00:30:01Z'), 0)).toBe(31);
    expect(billedMinutes(start, new Date('2026-01-01T00:30:00Z'), 10)).toBe(20);
    expect(billedMinutes(start, new Date('2026-01-01T00:05:00Z'), 60)).toBe(0);
  });
  it('rounds a percentage to whole cents', () => {
    expect(percentOf(150, 6)).toBe(9);
    expect(percentOf(999, 50)).toBe(500);
  });
});

describe('cablePackagePrice', () => {
  const settings = { prepaid: 1000, firstThreeHours: 300, maxTwelveHours: 800 };
  it.each([
    // tier amount, hours, price
    ['a cheap short tier keeps its amount', 200, 1, 200],
    ['a three-hour tier above the first-three-hours amount is capped', 500, 3, 300],
    ['a four-hour tier is capped by the 12-hour maximum only', 500, 4, 500],
    ['a twelve-hour tier above the maximum is capped', 1200, 12, 800],
    ['a day tier is capped by the prepaid amount', 1500, 24, 1000],
    ['a day tier below the prepaid amount keeps its amount', 900, 24, 900],
  ])('%s', (_name, amount, hours, price) => {
    expect(cablePackagePrice(amount, hours, settings)).toBe(price);
  });
  it('never above the prepaid amount, even where a higher ceiling is set for the hours', () => {
    expect(cablePackagePrice(900, 12, { prepaid: 500, firstThreeHours: 300, maxTwelveHours: 800 })).toBe(500);
  });
});

describe('bluetoothBilling', () => {
  it('bills by the hour at the charger price within the platform limits, at most the prepayment, with no buy-out', () => {
    const rule = bluetoothBilling(
      { hourlyPrice: 150, dailyCap: 2000 },
      { bluetoothHourlyLimit: 100, bluetoothDailyCap: 1000 },
      2000,
    );
    expect(rule).toEqual({
      freeMinutes: 0,
      pricePerPeriod: 100,
      periodMinutes: 60,
      dailyCap: 1000,
      totalCap: 2000,
      deposit: 2000,
      buyOutDays: 0,
    });
    expect(rentalFee(rule, 1)).toEqual({ amount: 100, paymentKind: 'normal' });
    expect(rentalFee(rule, 61)).toEqual({ amount: 200, paymentKind: 'normal' });
    expect(rentalFee(rule, 20 * 60)).toEqual({ amount: 1000, paymentKind: 'normal' });
    // Two days and more: two daily caps, never above the prepayment, never "bought out".
    expect(rentalFee(rule, 2 * 1440 + 60)).toEqual({ amount: 2000, paymentKind: 'normal' });
    expect(rentalFee(rule, 30 * 1440)).toEqual({ amount: 2000, paymentKind: 'normal' });
  });
});
