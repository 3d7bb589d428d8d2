/**
 * The withdrawal module's edge: the types other modules name in their needs (type-only imports;
 * lint allows `import type` of a module's ports.ts and nothing else of it). The values behind them
 * are the withdrawal module's services, handed over by src/wiring/.
 */
import type { PayoutBook } from './payout-book.js';
import type { PayoutService } from './payout.service.js';

export type { PayoutBookLine } from './payout-book.js';

/** Withdrawals (payout.service.ts): applications, their review and payout, a party's withdrawals on their way. */
export type Payouts = PayoutService;

/** What the withdrawal books say was paid out (payout-book.ts, read-only). */
export type PayoutsBook = PayoutBook;
