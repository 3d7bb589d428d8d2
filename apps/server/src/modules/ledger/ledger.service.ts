import type { Db } from '../../platform/db/database.js';
import { LedgerBooks, type OrderOutlet } from './ledger.books.js';
import { LedgerReads, type PartyNames } from './ledger.reads.js';
import { LedgerRemovals } from './ledger.removals.js';
import { LedgerStats } from './ledger.stats.js';

/*
 * The ledger's one service, a façade over its four jobs, each in its own file:
 *   ledger.books.ts    posting movements, balances, partners' money and their payables' locks
 *   ledger.stats.ts    statistics reads over ranges of time (rollups + edge entries), the rollups' fold
 *   ledger.reads.ts    statements, what parties are owed/owe/earned, trial balance, accounts, fund flows
 *   ledger.removals.ts the demo's removals of whole movements
 * Why a façade and not four services: eight modules receive the ledger as one need (their wiring files pass
 * `ledger.services.ledger`), and most need both a posting and a read; one object keeps their needs
 * and the wiring unchanged, while each method below is a one-line hop to the part that does it, so
 * an editor goes from a caller to the code in two jumps and the part's name says which job it is.
 * Code that wants one job only may take the part itself (`ledger.books`, `ledger.reads`, …).
 */

/**
 * The double-entry ledger (see LedgerBooks for how a movement is posted: in the caller's
 * transaction, balanced, once per key).
 */
export class LedgerService {
  readonly books: LedgerBooks;
  readonly stats: LedgerStats;
  readonly reads: LedgerReads;
  readonly removals: LedgerRemovals;

  constructor(db: Db, partyNames: PartyNames, orderOutlet: OrderOutlet) {
    this.books = new LedgerBooks(db, orderOutlet);
    this.stats = new LedgerStats(db);
    this.reads = new LedgerReads(db, partyNames);
    this.removals = new LedgerRemovals(db);
  }

  // The books (ledger.books.ts).
  post(...a: Parameters<LedgerBooks['post']>) {
    return this.books.post(...a);
  }
  postAll(...a: Parameters<LedgerBooks['postAll']>) {
    return this.books.postAll(...a);
  }
  posted(...a: Parameters<LedgerBooks['posted']>) {
    return this.books.posted(...a);
  }
  balance(...a: Parameters<LedgerBooks['balance']>) {
    return this.books.balance(...a);
  }
  earnedSince(...a: Parameters<LedgerBooks['earnedSince']>) {
    return this.books.earnedSince(...a);
  }
  orderCredits(...a: Parameters<LedgerBooks['orderCredits']>) {
    return this.books.orderCredits(...a);
  }
  lockPayables(...a: Parameters<LedgerBooks['lockPayables']>) {
    return this.books.lockPayables(...a);
  }
  partnerMoney(...a: Parameters<LedgerBooks['partnerMoney']>) {
    return this.books.partnerMoney(...a);
  }
  keepPayablesWhole(...a: Parameters<LedgerBooks['keepPayablesWhole']>) {
    return this.books.keepPayablesWhole(...a);
  }

  // Statistics (ledger.stats.ts).
  rangeSums(...a: Parameters<LedgerStats['rangeSums']>) {
    return this.stats.rangeSums(...a);
  }
  outletFigures(...a: Parameters<LedgerStats['outletFigures']>) {
    return this.stats.outletFigures(...a);
  }
  compactRollup(...a: Parameters<LedgerStats['compactRollup']>) {
    return this.stats.compactRollup(...a);
  }

  // Reads (ledger.reads.ts).
  statement(...a: Parameters<LedgerReads['statement']>) {
    return this.reads.statement(...a);
  }
  owedTo(...a: Parameters<LedgerReads['owedTo']>) {
    return this.reads.owedTo(...a);
  }
  owedBy(...a: Parameters<LedgerReads['owedBy']>) {
    return this.reads.owedBy(...a);
  }
  sharesEarned(...a: Parameters<LedgerReads['sharesEarned']>) {
    return this.reads.sharesEarned(...a);
  }
  trialBalance(...a: Parameters<LedgerReads['trialBalance']>) {
    return this.reads.trialBalance(...a);
  }
  accounts(...a: Parameters<LedgerReads['accounts']>) {
    return this.reads.accounts(...a);
  }
  flow(...a: Parameters<LedgerReads['flow']>) {
    return this.reads.flow(...a);
  }
  flowPage(...a: Parameters<LedgerReads['flowPage']>) {
    return this.reads.flowPage(...a);
  }

  // The demo's removals (ledger.removals.ts).
  removeOrders(...a: Parameters<LedgerRemovals['removeOrders']>) {
    return this.removals.removeOrders(...a);
  }
  removeKeyPrefix(...a: Parameters<LedgerRemovals['removeKeyPrefix']>) {
    return this.removals.removeKeyPrefix(...a);
  }
  removeKeys(...a: Parameters<LedgerRemovals['removeKeys']>) {
    return this.removals.removeKeys(...a);
  }
}
