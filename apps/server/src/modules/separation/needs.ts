import type { AccountKind } from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';

/**
 * What order separation uses of other modules; app.ts passes them in (it never imports their
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
  ledger: {
    post(
      p: {
        idempotencyKey: string;
        kind: string;
        orderNo?: string | null;
        memo?: string;
        entries: { account: { kind: AccountKind; partyId?: number | null }; debit?: number; credit?: number }[];
      },
      tx?: Db,
    ): Promise<boolean>;
    orderCredits(
      orderNo: string,
      kinds: AccountKind[],
      tx?: Db,
    ): Promise<Map<string, { kind: AccountKind; partyId: number | null; amount: number }>>;
    /** Locks partner payables in sorted order for the caller's transaction (a rule's restore, before its orders). */
    lockPayables(
      tx: Db,
      accounts: readonly { kind: AccountKind; partyId?: number | null }[],
      change: 'took' | 'added',
    ): Promise<unknown>;
    /**
     * A restore added to partner payables: what their partners owe is paid from it first
     * (docs/decisions/ledger-and-money.md, "What a partner owes").
     */
    keepPayablesWhole(
      tx: Db,
      accounts: readonly { kind: AccountKind; partyId?: number | null }[],
      change: 'took' | 'added',
      cause: string,
    ): Promise<unknown>;
  };
  standingPayables<T extends { kind: AccountKind; partyId: number | null; amount: number }>(
    tx: Db,
    parts: T[],
  ): Promise<T[]>;
}
