import type { Db } from '../../platform/db/database.js';
import type { Ledger } from '../ledger/ports.js';
import type { Customers } from '../network/ports.js';
import type { Outlets } from '../outlet/ports.js';

/** A customer as a coupon send matches it (the network's `customers.byMobiles`). */
export type CouponMember = Awaited<ReturnType<Customers['byMobiles']>>[number];

/**
 * What the coupon module uses of other modules; its wiring file (src/wiring/) builds them (it never imports their
 * files): names of a scope's agents, outlets, operators (direct-sales teams) and service providers
 * (the former operator scope), whether a cabinet exists, the customers, and the ledger.
 */
export interface CouponNeeds {
  /** The names of the scope's agents, outlets, operators (teams) or service providers that exist. */
  scopeNames(kind: 'agent' | 'outlet' | 'operator' | 'provider', ids: number[]): Promise<Map<number, string>>;
  /**
   * Whether the Coupons extended function is open (the system module), read in the settle's
   * transaction: while it is closed a settle applies no coupon (the customer's copies stay unused).
   */
  open(tx: Db): Promise<boolean>;
  /** Whether a cabinet with this SN is known (stocked in). */
  deviceExists(sn: string): Promise<boolean>;
  /** The customers (the network module's): a member, and the customers with these mobile numbers (any area code). */
  customers: Pick<Customers, 'member' | 'byMobiles'>;
  /** The books (the ledger module's, in its own types). */
  ledger: Pick<Ledger, 'post'>;
}

/** Names of the records a coupon's scope may name, each from the module that keeps them. */
export interface CouponScopeSources {
  /** Outlets' names (the outlet module). */
  outletNames: Outlets['namesOf'];
  /** Partners' names (the network module): agents, direct-sales teams, service providers. */
  partnerNames(kind: 'agent' | 'team' | 'serviceProvider', ids: number[]): Promise<Map<number, string>>;
}

/** What the coupon module is built from (src/wiring/coupon.ts): CouponNeeds with the scope's names apart. */
export type CouponModuleNeeds = Omit<CouponNeeds, 'scopeNames'> & { names: CouponScopeSources };
