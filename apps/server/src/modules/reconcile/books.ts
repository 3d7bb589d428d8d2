import type { BookLine, ReconcileBooks } from './needs.js';

/**
 * What the books hold of every request in [from, to): the order module's payments (each names
 * its company), the withdrawals' payouts and the voucher purchases, whose company is the one the
 * payment route table names for their key (none: the sandbox). The reconciliation's rule.
 */
export function booksOf(b: ReconcileBooks): (from: Date, to: Date) => Promise<BookLine[]> {
  return async (from, to) => {
    const [payments, payouts, vouchers] = await Promise.all([
      b.payments(from, to),
      b.payouts(from, to),
      b.vouchers(from, to),
    ]);
    const others = [...payouts, ...vouchers];
    const routes = await b.providersOf(others.map((p) => p.key));
    return [...payments, ...others.map((p) => ({ ...p, provider: routes.get(p.key) ?? 'sandbox' }))];
  };
}
