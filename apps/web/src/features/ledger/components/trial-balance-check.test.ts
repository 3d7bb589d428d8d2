import { describe, expect, it } from 'vitest';
import { balanceCheck } from './trial-balance-check';

const acc = (code: string, debit: number, credit: number) => ({ code, name: code, debit, credit });

describe('trial balance check', () => {
  it('balances when debits equal credits and the totals are the sums', () => {
    const r = balanceCheck({
      accounts: [acc('providerClearing', 1000, 200), acc('userDeposit', 200, 1000)],
      totalDebit: 1200,
      totalCredit: 1200,
    });
    expect(r).toEqual({ balanced: true, difference: 0, totalsMatchAccounts: true });
  });

  it('says by how much the books are off', () => {
    const r = balanceCheck({ accounts: [acc('a', 1000, 0), acc('b', 0, 900)], totalDebit: 1000, totalCredit: 900 });
    expect(r.balanced).toBe(false);
    expect(r.difference).toBe(100);
  });

  it('does not trust totals that are not the sums of the accounts', () => {
    const r = balanceCheck({ accounts: [acc('a', 1000, 0), acc('b', 0, 900)], totalDebit: 900, totalCredit: 900 });
    expect(r.balanced).toBe(false);
    expect(r.totalsMatchAccounts).toBe(false);
  });

  it('balances with no entries at all', () => {
    expect(balanceCheck({ accounts: [], totalDebit: 0, totalCredit: 0 }).balanced).toBe(true);
  });
});
