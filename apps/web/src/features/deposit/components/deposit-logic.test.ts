import { describe, expect, it } from 'vitest';
import type { DepositStatistics } from '@cbo/contract';
import { depositActionFor, heldFor, ruleCountsProblem, statCards, statisticsFilter } from './deposit-logic';

describe('deposit screen logic', () => {
  it('offers asking for a refund only when nothing went back, and the audit only while pending', () => {
    expect(depositActionFor({ state: 'held' })).toBeNull(); // the order is still open
    expect(depositActionFor({ state: 'returned' })).toBeNull();
    expect(depositActionFor({ state: 'refundFailed' })).toBe('ask');
    expect(depositActionFor({ state: 'rejected' })).toBe('ask');
    expect(depositActionFor({ state: 'pendingAudit' })).toBe('audit');
    expect(depositActionFor({ state: 'refunding' })).toBeNull();
    expect(depositActionFor({ state: 'refunded' })).toBeNull();
  });

  it('holds the deposit less the rental fee taken from it', () => {
    expect(heldFor({ amount: 9900, feeTaken: 450 })).toBe(9450);
  });

  it('asks the statistics with the list filter, without paging or empty values', () => {
    expect(
      statisticsFilter({ pageNum: 2, pageSize: 20, state: 'held', orderNo: '', userId: undefined, outletId: 3 }),
    ).toEqual({ state: 'held', outletId: 3 });
  });

  it('puts the cards in order and flags those that need somebody', () => {
    const s: DepositStatistics = {
      held: { count: 2, amount: 19800 },
      returned: { count: 5, amount: 40000 },
      refundFees: 120,
      feesTaken: 900,
      pendingAudit: { count: 1, amount: 9450 },
      refunded: { count: 0, amount: 0 },
      failed: { count: 0, amount: 0 },
      depositOrders: 8,
      depositFreeOrders: 3,
    };
    const cards = statCards(s);
    expect(cards.map((c) => c.key)).toEqual([
      'held',
      'returned',
      'refundFees',
      'pendingAudit',
      'refunded',
      'failed',
      'rentals',
    ]);
    expect(cards.filter((c) => c.attention).map((c) => c.key)).toEqual(['pendingAudit']);
    expect(cards.at(-1)!.split).toEqual([8, 3]);
    expect(cards[0]).toMatchObject({ amount: 19800, count: 2 });
  });

  it('refuses a deposit-free count above the deposit count (spec 5) with the contract message in the language', () => {
    expect(ruleCountsProblem(3, 3, 'en_US')).toBeNull();
    expect(ruleCountsProblem(3, 0, 'en_US')).toBeNull();
    expect(ruleCountsProblem(3, 4, 'en_US')).toBe('cannot be above the deposit order count');
    expect(ruleCountsProblem(3, 4, 'zh_TW')).toBe('免押金訂單數不能大於押金訂單數');
    expect(ruleCountsProblem(null, 4, 'en_US')).toBeNull();
  });
});
