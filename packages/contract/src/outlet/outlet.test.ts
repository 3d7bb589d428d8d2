import { describe, expect, it } from 'vitest';
import { billingRule, describeError, outletSaveRequest, outletSuspendRequest } from '../index.js';

const why = (
  r: { success: boolean; error?: Parameters<typeof describeError>[0] },
  lang: 'en_US' | 'zh_CN' = 'en_US',
) => (r.success ? null : describeError(r.error!, lang));
const RULE = { freeMinutes: 3, pricePerPeriod: 150, periodMinutes: 30, dailyCap: 3000, totalCap: 9900, deposit: 9900 };
const OUTLET = {
  name: 'A',
  type: 'catering',
  address: 'x',
  lat: 31.2,
  lng: 121.4,
  agentId: 1,
  ratio: 30,
  hiddenRatio: 30,
  costAmount: 0,
  billing: RULE,
} as const;

describe('billing rule', () => {
  it('takes whole cents with price ≤ daily cap ≤ total cap and daily cap ≤ deposit', () => {
    expect(billingRule.safeParse(RULE).success).toBe(true);
    // Equal is fine: one period can cost the whole day, the day the whole deposit.
    expect(
      billingRule.safeParse({ ...RULE, pricePerPeriod: 3000, dailyCap: 3000, totalCap: 3000, deposit: 3000 }).success,
    ).toBe(true);
  });
  it('refuses what cannot hold together, naming the field, in three languages', () => {
    expect(why(billingRule.safeParse({ ...RULE, dailyCap: 9901, totalCap: 20000 }))).toBe(
      'Daily cap: cannot exceed the deposit',
    );
    expect(why(billingRule.safeParse({ ...RULE, dailyCap: 9901, totalCap: 20000 }), 'zh_CN')).toBe(
      '每日封顶: 日封顶不能超过押金',
    );
    expect(why(billingRule.safeParse({ ...RULE, pricePerPeriod: 3001 }))).toBe(
      'Daily cap: cannot be below the price per period',
    );
    expect(why(billingRule.safeParse({ ...RULE, totalCap: 2999 }))).toBe('Total cap: cannot be below the daily cap');
    expect(why(billingRule.safeParse({ ...RULE, deposit: 12.5 }))).toBe('Deposit: must be a whole amount in cents');
    expect(why(billingRule.safeParse({ ...RULE, pricePerPeriod: 0 }))).toBe('Price per period: must be above 0');
    expect(billingRule.safeParse({ ...RULE, periodMinutes: 0 }).success).toBe(false);
    expect(billingRule.safeParse({ ...RULE, freeMinutes: -1 }).success).toBe(false);
    expect(billingRule.safeParse({ ...RULE, deposit: 100_000_000 }).success).toBe(false);
  });
});

describe('outlet', () => {
  it('belongs to an agent or a team, exactly one', () => {
    expect(outletSaveRequest.safeParse(OUTLET).success).toBe(true);
    expect(outletSaveRequest.safeParse({ ...OUTLET, agentId: null, teamId: 2 }).success).toBe(true);
    expect(why(outletSaveRequest.safeParse({ ...OUTLET, teamId: 2 }))).toMatch(
      /^agentId: choose an agent, or for a direct-sales outlet a team/,
    );
    expect(outletSaveRequest.safeParse({ ...OUTLET, agentId: null }).success).toBe(false);
  });
  it('keeps the hidden ratio between the ratio and 100, ratios whole 0-100', () => {
    expect(why(outletSaveRequest.safeParse({ ...OUTLET, hiddenRatio: 29 }))).toBe(
      'hiddenRatio: cannot be below the actual ratio',
    );
    expect(outletSaveRequest.safeParse({ ...OUTLET, hiddenRatio: 101 }).success).toBe(false);
    expect(outletSaveRequest.safeParse({ ...OUTLET, ratio: 30.5 }).success).toBe(false);
    expect(outletSaveRequest.safeParse({ ...OUTLET, costAmount: -1 }).success).toBe(false);
  });
  it('is suspended only with an explanation of 1-32 characters', () => {
    expect(outletSuspendRequest.safeParse({ id: 1, reason: 'Renovation' }).success).toBe(true);
    expect(why(outletSuspendRequest.safeParse({ id: 1, reason: '  ' }))).toBe('reason: is required');
    expect(outletSuspendRequest.safeParse({ id: 1 }).success).toBe(false);
    expect(outletSuspendRequest.safeParse({ id: 1, reason: 'x'.repeat(33) }).success).toBe(false);
  });
});
