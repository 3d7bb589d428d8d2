import type { NetworkNameKind } from '../network/ports.js';
import type { OrderReads } from '../order/ports.js';
import type { Outlets } from '../outlet/ports.js';

/** Kinds of partner the network module names (its `forOutlets.names`). */
export type NetworkPartyKind = Exclude<NetworkNameKind, 'region'>;

/**
 * What the ledger asks of the modules that own its accounts' parties (built before it): their
 * names. Which account kind is named by which party is the ledger's rule (party-names.ts).
 * src/wiring/ledger.ts builds it.
 */
export interface LedgerNeeds {
  /** Customers' phones by member id (the network module): a customer's balance and deposit are named by them. */
  memberPhones(ids: number[]): Promise<Map<number, string>>;
  /** Outlets' names by id (the outlet module). */
  outletNames: Outlets['namesOf'];
  /** Partners' names by kind and id (the network module). */
  partnerNames(kind: NetworkPartyKind, ids: number[]): Promise<Map<number, string>>;
}

/** What the ledger needs of modules built after it (the order module), bound in app.ts's bind phase. */
export interface LedgerLate {
  /**
   * The outlet of the rental order a movement names (null: none), read in the posting's
   * transaction; asked only when a posting names an order and not its outlet.
   */
  orderOutlet: OrderReads['outletOf'];
}
