import type { OperationsNeeds } from './operations.needs.js';
import type { PermissionCheck } from '../identity/ports.js';
import type { Ledger } from '../ledger/ports.js';
import type { Members } from '../network/ports.js';
import type { OrderReads, OrderStatsFacts } from '../order/ports.js';
import type { OutletScopes, Outlets } from '../outlet/ports.js';

export type { OperationsNeeds } from './operations.needs.js';

/**
 * One thing that may need someone's action, contributed by the module that owns its rows (wired in
 * src/wiring/stats.ts): how many there are now, counted exactly as the list it links to counts them with
 * `query` as its filter, and the permission of that list (an account without it does not see the
 * item). The dashboard's action list is the providers an account may see, in their order.
 */
export interface ActionProvider {
  /** A key of the contract's `statsLabels.action` (its words in three languages). */
  key: string;
  /** The permission of the list the item links to. */
  permission: string;
  /** The list's view url (menu url): the console finds its path in the account's menu. */
  screen: string;
  /** The filter the list starts with, in its address. */
  query: Record<string, string>;
  count(): Promise<number>;
}

/** A ledger line summed per range, and one outlet's financial figures in one range (the ledger module's). */
export type { RangeSum as LedgerRangeSum, OutletFigures as LedgerOutletFigures } from '../ledger/ports.js';

/**
 * What the statistics module uses of other modules; its wiring file (src/wiring/stats.ts) builds them, so it never imports
 * their files nor reads their tables: the read ports of the order and ledger rollups (asked only
 * through the reader, reader.ts), the outlet module's scopes and places, the network module's
 * registrations, identity's permission check and the action providers.
 */
export interface StatsNeeds {
  /** Debit and credit per range, account kind and movement kind; the financial figures per range and outlet (the ledger module's). */
  ledger: Pick<Ledger, 'rangeSums' | 'outletFigures'>;
  /**
   * The outlet module's answers: a scope resolved (at most one of region, agent and outlet; its
   * name and its outlets now; refused when two are given or it does not exist), outlets' agents and
   * regions now, and the names of outlets, agents and regions (app.ts).
   */
  places: {
    /** A scope resolved, narrowed to what the statistics read of its outlets (the outlet module's `scope.resolve`). */
    scope(
      q: Parameters<OutletScopes['resolve']>[0],
    ): Promise<
      Pick<Awaited<ReturnType<OutletScopes['resolve']>>, 'kind' | 'id' | 'name'> & { outlets: { id: number }[] }
    >;
    placesOf: Outlets['placesOf'];
    names(kind: 'outlet' | 'agent' | 'region', ids: number[]): Promise<Map<number, string>>;
  };
  /**
   * The order module's read port over its statistics rollups (order.facts.ts): sums of the orders
   * created in a window (whole hours from the rollups, edge hours from the rows, in one statement),
   * grouped not at all, by UTC hour or by rent outlet; outlets' names as on their latest order; the
   * cabinets rented from; and the orders list's own count of a state. Only the reader (reader.ts) asks it.
   */
  orders: Pick<OrderStatsFacts, 'sums' | 'outletNames' | 'activeCabinets'> & Pick<OrderReads, 'count'>;
  /** The network module's customers: how many registered in a window. */
  members: Pick<Members, 'registered'>;
  /** Operational data (operations.service.ts): what the order, outlet, fleet and accessories modules answer of their own rows. */
  operations: OperationsNeeds;
  access: PermissionCheck;
  actions: ActionProvider[];
  /** The currency money is kept in (a setting). */
  currency(): Promise<string>;
  /** Housekeeping of the rollups the statistics read: folds the shards of closed hours (each owner's service does its own table). */
  compactions: (() => Promise<number>)[];
}
