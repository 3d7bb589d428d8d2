import type { Db } from '../../platform/db/database.js';
import type { Ledger } from '../ledger/ports.js';
import type { Regions } from '../network/ports.js';

/**
 * What order separation uses of other modules; its wiring file (src/wiring/) builds them (it never imports their
 * files): which cabinets the fleet knows, the ledger (a movement posted once per key in the
 * caller's transaction; what an order's accounts of some kinds hold), and where a restored share
 * may go (the network's `regions.standingPayables`: a deleted team's part to the platform).
 */
export interface SeparationNeeds {
  /**
   * Whether the Order separation extended function is open (the system module), read in the
   * share's transaction: while it is closed no share is separated.
   */
  open(tx: Db): Promise<boolean>;
  /** The SNs of these that are cabinets the fleet knows. */
  knownCabinets(sns: string[]): Promise<Set<string>>;
  /** The books (the ledger module's, in its own types): posting, an order's credits, partner payables' locks and keeping them whole. */
  ledger: Pick<Ledger, 'post' | 'orderCredits' | 'lockPayables' | 'keepPayablesWhole'>;
  /** Where a restored share may go (the network's `regions.standingPayables`). */
  standingPayables: Regions['standingPayables'];
}
