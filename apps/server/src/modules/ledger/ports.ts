/**
 * The ledger's edge: the types other modules name in their needs (type-only imports; lint allows
 * `import type` of a module's ports.ts and nothing else of it). The values behind them are the
 * ledger module's services, handed over by src/wiring/.
 */
import type { LedgerService } from './ledger.service.js';

export type { Account, EntryInput, PartnerMoney, PayableChange, Posting } from './ledger.books.js';
export type { OutletFigures, RangeSum, TimeRangeKey } from './ledger.stats.js';

/** The double-entry ledger as a whole (ledger.service.ts): posting, balances and reads. */
export type Ledger = LedgerService;

/** Posting movements (in the caller's transaction, balanced, once per key). */
export type LedgerPosting = Pick<LedgerService, 'post'>;

/** What a partner's or a customer's money is made of in the books (their payables, receivables, shares). */
export type LedgerMoneyReads = Pick<LedgerService, 'owedTo' | 'owedBy' | 'sharesEarned' | 'partnerMoney' | 'statement'>;
