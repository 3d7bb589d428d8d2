import type { OrderPaymentsBook, PaymentOp, Payments } from '../order/ports.js';
import type { PayoutsBook } from '../payout/ports.js';
import type { VouchersBook } from '../voucher/ports.js';

/**
 * What the reconciliation uses of other modules; its wiring file (src/wiring/) builds them (it never imports their
 * files): each configured payment company's statement of a day, and what the books recorded
 * (the order module's payments book and the withdrawals' payout book, read-only).
 */
export interface ReconcileNeeds {
  /**
   * The statement of a day (YYYY-MM-DD in the company's time zone) of each payment company, or of
   * one (`provider`). A list: today the sandbox; the router will list every configured company.
   */
  statements: Payments['statements'];
  /** The companies that can be reconciled (configured now). */
  providers(): string[] | Promise<string[]>;
  /** What the books hold of every request whose outcome (or, pending, whose request) falls in [from, to). */
  books: OrderPaymentsBook['lines'];
}

// The payment company's words (the order module's payments): a statement, its lines, the books' lines.
export type { BookLine, CompanyStatement, StatementLine } from '../order/ports.js';
export type ReconcileOp = PaymentOp;

/** The books the reconciliation reads (read-only): each in its module, joined by the reconciliation (books.ts). */
export interface ReconcileBooks {
  /** The order module's payments, each naming its company. */
  payments: OrderPaymentsBook['lines'];
  /** The withdrawals' payouts. */
  payouts: PayoutsBook['lines'];
  /** The voucher purchases and their refunds. */
  vouchers: VouchersBook['lines'];
  /** The company the payment route table names for each key (the order module's). */
  providersOf: OrderPaymentsBook['providersOf'];
}

/** What the reconciliation is built from (src/wiring/reconcile.ts): ReconcileNeeds with the books apart. */
export type ReconcileModuleNeeds = Omit<ReconcileNeeds, 'books'> & { books: ReconcileBooks };
