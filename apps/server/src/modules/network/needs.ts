import type { PartnerStatement } from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import type { StaffDirectory as IdentityStaff, LoginGuard, LoginLog, VerifyCodes } from '../identity/ports.js';
import type { LedgerMoneyReads } from '../ledger/ports.js';
import type { OrderReads } from '../order/ports.js';
import type { OutletFacts, Outlets } from '../outlet/ports.js';
import type { Payouts } from '../payout/ports.js';

export type { OutletFacts } from '../outlet/ports.js';

/**
 * What the network module needs from modules built before it (identity: NetworkNeeds) and after
 * it (outlet, ledger, payout, order: NetworkLate, bound in app.ts's bind phase); src/wiring/network.ts
 * builds both, so that no module imports another's files.
 */

/** Staff accounts (identity): the people in charge of regions and the direct-sales operators (names, search). */
export type StaffDirectory = Pick<IdentityStaff, 'names' | 'search'>;

/** The console's sign-in lockout (identity's login guard), used by the agent app's sign-in too. */
export type LoginGuardPort = Pick<LoginGuard, 'reserve' | 'failed' | 'release'>;

/** The login log (identity): every app sign-in attempt is written there with its kind and terminal. */
export type LoginLogPort = Pick<LoginLog, 'record'>;

/** Verification codes (identity): customers sign in with one. */
export type VerifyCodePort = Pick<VerifyCodes, 'send' | 'consume'>;

export interface NetworkNeeds {
  staff: StaffDirectory;
  /** Customers sign in with a code. */
  codes: VerifyCodePort;
  loginGuard: LoginGuardPort;
  loginLog: LoginLogPort;
}

/**
 * A partner's statement from the books (the ledger's `statement`): the movements
 * of one payable account over whole days in a time zone.
 */
export type StatementSource = (
  account: {
    kind: 'agentPayable' | 'outletPayable' | 'providerPayable' | 'pusherPayable' | 'operatorPayable';
    partyId: number;
  },
  period: { beginDate: string; endDate: string; timeZone: string },
) => Promise<Omit<PartnerStatement, 'partyKind' | 'partyId' | 'partyName'>>;

/**
 * The operator's money, as a team's delete asks it (money.ts, from the ledger and the withdrawals):
 * a team is deleted only when nothing is owed either way and no withdrawal of its operator is on
 * its way, so no money is left belonging to no team.
 */
export interface OperatorMoney {
  /**
   * Takes the operator's withdrawal lock (the row every application of the party takes first) in
   * the caller's transaction, then answers the operator's withdrawals waiting for review or payout:
   * an application arriving meanwhile waits for the caller's commit and is decided after it.
   */
  openWithdrawals(tx: Db, teamId: number): Promise<{ count: number; amount: number }>;
  /**
   * What the team is owed in the books less what it owes (its `operatorPayable` less its
   * `operatorReceivable`; negative: what it owes), read in the caller's transaction.
   */
  owed(tx: Db, teamId: number): Promise<number>;
}

/**
 * What the network needs of modules built after it, bound in app.ts's bind phase (a missing one
 * fails the start: no outlet facts would let a ratio below an outlet's pass, no operator money
 * would let a team holding money be deleted).
 */
export interface NetworkLate {
  /** Facts about outlets (the outlet module). */
  outlets: OutletFacts;
  /** An outlet as its app account reads it (the outlet module): its name, whether the demo made it and its status. */
  outletRecord: Outlets['forOrder'];
  /** The books (the ledger): partners' and customers' money, partner statements. */
  books: LedgerMoneyReads;
  /** The withdrawals (payout): a party's withdrawals on their way, read under its withdrawal lock. */
  withdrawals: Pick<Payouts, 'openUnderLock'>;
  /** How many orders each customer has (the order module). */
  orderCounts: OrderReads['orderCounts'];
}
