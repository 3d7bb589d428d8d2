import type { ReconcileModuleNeeds } from '../modules/reconcile/index.js';
import type { Built } from './built.js';

/** Each payment company's statement of a day against the books (joined by the reconciliation: reconcile/books.ts). */
export const reconcileNeeds = ({
  order,
  payout,
  voucher,
}: Pick<Built, 'order' | 'payout' | 'voucher'>): ReconcileModuleNeeds => ({
  providers: () => order.provider.statementProviders(),
  // Each company's statement by its own days (the sandbox's files: UTC; WeChat Pay, Alipay: Beijing time).
  statements: (day, provider) => order.provider.statements(day, provider),
  books: {
    payments: (from, to) => order.book.lines(from, to),
    payouts: (from, to) => payout.book.lines(from, to),
    vouchers: (from, to) => voucher.book.lines(from, to),
    providersOf: (keys) => order.book.providersOf(keys),
  },
});
