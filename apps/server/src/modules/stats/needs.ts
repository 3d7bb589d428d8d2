import type { AccountKind } from '@cbo/contract';
import type { Principal } from '../../platform/http/routes.js';

/**
 * One thing that may need someone's action, contributed by the module that owns its rows (wired in
 * app.ts): how many there are now, counted exactly as the list it links to counts them with
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

/** A ledger line summed per period (the ledger module's periodSums). */
export interface LedgerPeriodSum {
  start: Date;
  accountKind: AccountKind;
  kind: string;
  debit: number;
  credit: number;
}

/**
 * What the statistics module uses of other modules; app.ts passes them in, so it never imports
 * their files nor reads their tables: the ledger's period sums (financial data), the order
 * module's window check and active cabinets, the network module's registrations, identity's
 * permission check and the action providers.
 */
export interface StatsNeeds {
  ledger: {
    periodSums(q: { begin: Date; end: Date; period: 'day' | 'week' | 'month'; timeZone: string; kinds: readonly AccountKind[] }): Promise<LedgerPeriodSum[]>;
  };
  orders: {
    /** The window of a statistics call (default the last 30 days; refused when reversed or over 366 days). */
    window(q: { beginTime?: string; endTime?: string }): { begin: Date; end: Date };
    activeCabinets(q: { beginTime?: string; endTime?: string }): Promise<{ beginTime: string; endTime: string; count: number }>;
  };
  members: { registered(begin: Date, end: Date): Promise<number> };
  access: { holdsPermission(p: Principal, code: string): Promise<boolean> };
  actions: ActionProvider[];
  /** Housekeeping of the rollups the statistics read: folds the shards of closed hours (each owner's service does its own table). */
  compactions: (() => Promise<number>)[];
}
