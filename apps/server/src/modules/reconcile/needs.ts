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
  statements(day: string, provider?: string): Promise<CompanyStatement[]>;
  /** The companies that can be reconciled (configured now). */
  providers(): string[] | Promise<string[]>;
  /** What the books hold of every request whose outcome (or, pending, whose request) falls in [from, to). */
  books(from: Date, to: Date): Promise<BookLine[]>;
}

export type ReconcileOp = 'charge' | 'refund' | 'payout' | 'freeze' | 'capture' | 'unfreeze';

export interface CompanyStatement {
  provider: string;
  /** The IANA time zone the company's days are in (the sandbox: UTC; WeChat Pay, Alipay: Asia/Shanghai). */
  timeZone: string;
  lines: StatementLine[];
}
export interface StatementLine {
  key: string;
  op: ReconcileOp;
  reference: string;
  amount: number;
  fee: number;
  at: string;
  status: 'succeeded' | 'failed';
}
export interface BookLine {
  provider: string;
  key: string;
  op: ReconcileOp;
  reference: string | null;
  amount: number;
  at: string;
  status: 'succeeded' | 'pending' | 'failed';
}

/** The books the reconciliation reads (read-only): each in its module, joined by the reconciliation (books.ts). */
export interface ReconcileBooks {
  /** The order module's payments, each naming its company. */
  payments(from: Date, to: Date): Promise<BookLine[]>;
  /** The withdrawals' payouts. */
  payouts(from: Date, to: Date): Promise<Omit<BookLine, 'provider'>[]>;
  /** The voucher purchases and their refunds. */
  vouchers(from: Date, to: Date): Promise<Omit<BookLine, 'provider'>[]>;
  /** The company the payment route table names for each key (the order module's). */
  providersOf(keys: string[]): Promise<Map<string, string>>;
}

/** What the reconciliation is built from (src/wiring/reconcile.ts): ReconcileNeeds with the books apart. */
export type ReconcileModuleNeeds = Omit<ReconcileNeeds, 'books'> & { books: ReconcileBooks };
