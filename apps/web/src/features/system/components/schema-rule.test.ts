import { describe, expect, it } from 'vitest';
import { payConfig, withdrawalSetting } from '@cbo/contract';
import { toInput } from './schema-rule';

describe('form values to contract input', () => {
  it('drops cleared controls but keeps null where null means "none"', () => {
    expect(toInput({ a: null, b: { autoLimit: null, minAmount: null }, c: [null, 1] }, ['autoLimit'])).toEqual({
      a: undefined,
      b: { autoLimit: null, minAmount: undefined },
      c: [undefined, 1],
    });
  });

  it('an empty automatic payout limit passes the contract; a cleared minimum does not', () => {
    const w = {
      methods: ['wechat'],
      dailyCount: 1,
      singleCap: 1000,
      autoLimit: null,
      minAmount: 100,
      feePercent: 0,
      settlementDays: 0,
      withdrawalCycle: 'daily',
    };
    expect(withdrawalSetting.safeParse(toInput(w, ['autoLimit'])).success).toBe(true);
    expect(withdrawalSetting.safeParse(toInput({ ...w, minAmount: null }, ['autoLimit'])).success).toBe(false);
    expect(payConfig.safeParse({}).success).toBe(false);
  });
});
