import type { AccountKind } from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';

export interface CouponMember {
  id: number;
  areaCode: string;
  mobile: string;
  status: number;
  simulated: boolean;
}

/**
 * What the coupon module uses of other modules; app.ts passes them in (it never imports their
 * files): names of a scope's agents, outlets, operators (direct-sales teams) and service providers
 * (the former operator scope), whether a cabinet exists, the customers, and the ledger.
 */
export interface CouponNeeds {
  /** The names of the scope's agents, outlets, operators (teams) or service providers that exist. */
  scopeNames(kind: 'agent' | 'outlet' | 'operator' | 'provider', ids: number[]): Promise<Map<number, string>>;
  /** Whether a cabinet with this SN is known (stocked in). */
  deviceExists(sn: string): Promise<boolean>;
  customers: {
    member(id: number): Promise<CouponMember | null>;
    /** The customers with these mobile numbers (any area code). */
    byMobiles(mobiles: string[]): Promise<CouponMember[]>;
  };
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
  };
}
