import type { TrialBalance } from '@cbo/contract';

/**
 * Whether the books balance, checked by the console rather than taken on trust: debits equal
 * credits, and the totals the server sends are the sums of its accounts.
 */
export function balanceCheck(tb: TrialBalance): {
  balanced: boolean;
  difference: number;
  totalsMatchAccounts: boolean;
} {
  const debit = tb.accounts.reduce((s, a) => s + a.debit, 0);
  const credit = tb.accounts.reduce((s, a) => s + a.credit, 0);
  const totalsMatchAccounts = debit === tb.totalDebit && credit === tb.totalCredit;
  const difference = tb.totalDebit - tb.totalCredit;
  return { balanced: totalsMatchAccounts && difference === 0, difference, totalsMatchAccounts };
}
