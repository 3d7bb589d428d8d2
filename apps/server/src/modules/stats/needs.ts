import type { AccountKind } from '@cbo/contract';
import type { OperationsNeeds } from './operations.needs.js';
import type { PermissionCheck } from '../identity/ports.js';

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

/** A ledger line summed per range (the ledger module's rangeSums). */
export interface LedgerRangeSum {
  /** The caller's name of the range. */
  key: string;
  accountKind: AccountKind;
  kind: string;
  debit: number;
  credit: number;
}

/** One outlet's financial figures in one range (the ledger module's outletFigures). */
export interface LedgerOutletFigures {
  key: string;
  outletId: number;
  income: number;
  refunds: number;
  agentShare: number;
  outletShare: number;
  providerShare: number;
  operatorShare: number;
  pusherShare: number;
  platform: number;
  taxes: number;
  fees: number;
}

/**
 * What the statistics module uses of other modules; its wiring file (src/wiring/stats.ts) builds them, so it never imports
 * their files nor reads their tables: the read ports of the order and ledger rollups (asked only
 * through the reader, reader.ts), the outlet module's scopes and places, the network module's
 * registrations, identity's permission check and the action providers.
 */
export interface StatsNeeds {
  ledger: {
    /** Debit and credit per range, account kind and movement kind of the entries on these account kinds (whole business). */
    rangeSums(
      ranges: readonly { key: string; begin: Date; end: Date; closed?: boolean }[],
      kinds: readonly AccountKind[],
    ): Promise<LedgerRangeSum[]>;
    /** The financial figures per range and outlet of the orders (0: no outlet), only of these outlets when given. */
    outletFigures(
      ranges: readonly { key: string; begin: Date; end: Date; closed?: boolean }[],
      outletIds?: readonly number[],
    ): Promise<LedgerOutletFigures[]>;
  };
  /**
   * The outlet module's answers: a scope resolved (at most one of region, agent and outlet; its
   * name and its outlets now; refused when two are given or it does not exist), outlets' agents and
   * regions now, and the names of outlets, agents and regions (app.ts).
   */
  places: {
    scope(q: { regionId?: number; agentId?: number; outletId?: number }): Promise<{
      kind: 'all' | 'region' | 'agent' | 'outlet';
      id: number | null;
      name: string | null;
      outlets: { id: number }[];
    }>;
    placesOf(ids: readonly number[]): Promise<Map<number, { agentId: number | null; regionId: number | null }>>;
    names(kind: 'outlet' | 'agent' | 'region', ids: number[]): Promise<Map<number, string>>;
  };
  /**
   * The order module's read port over its statistics rollups (order.facts.ts): sums of the orders
   * created in a window (whole hours from the rollups, edge hours from the rows, in one statement),
   * grouped not at all, by UTC hour or by rent outlet; outlets' names as on their latest order; the
   * cabinets rented from; and the orders list's own count of a state. Only the reader (reader.ts) asks it.
   */
  orders: {
    sums(
      begin: Date,
      end: Date,
      outletIds: readonly number[] | null,
      by: 'none' | 'hour' | 'outlet',
    ): Promise<
      {
        key: string | number;
        orderCount: number;
        paidAmount: number;
        refundAmount: number;
        finishedCount: number;
        rentalMinutes: number;
      }[]
    >;
    outletNames(ids: readonly number[]): Promise<Map<number, string | null>>;
    activeCabinets(begin: Date, end: Date): Promise<number>;
    count(f: { status: 'using' | 'refunding' | 'refundFailed' }): Promise<number>;
  };
  members: { registered(begin: Date, end: Date): Promise<number> };
  /** Operational data (operations.service.ts): what the order, outlet, fleet and accessories modules answer of their own rows. */
  operations: OperationsNeeds;
  access: PermissionCheck;
  actions: ActionProvider[];
  /** The currency money is kept in (a setting). */
  currency(): Promise<string>;
  /** Housekeeping of the rollups the statistics read: folds the shards of closed hours (each owner's service does its own table). */
  compactions: (() => Promise<number>)[];
}
