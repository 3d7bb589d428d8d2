import type { Principal } from '../../platform/http/routes.js';
import type { Db } from '../../platform/db/database.js';
import type { AccountKind } from '@cbo/contract';
import type { Account, Ledger } from '../ledger/ports.js';
import type { PaymentProvider } from './payments.js';
import type { Companies } from './payment-router.js';
import type { MerchantAccounts } from './companies.js';
import type { AccessoriesForOrders } from '../accessories/ports.js';
import type { CouponsForOrders } from '../coupon/ports.js';
import type { DepositsForOrders } from '../deposit/ports.js';
import type { FleetForOrders } from '../fleet/ports.js';
import type { SeparationForOrders } from '../separation/ports.js';
import type { VouchersForOrders } from '../voucher/ports.js';

export type { DepositRefundFilter, DepositRefundRecord } from '../deposit/ports.js';

/**
 * What the order module uses of other modules; its wiring file (src/wiring/) builds them, so it never imports their
 * files. The fleet's renting port, outlets, customers, the agents' chain, settings and the ledger.
 */
export interface OutletForOrder {
  id: number;
  name: string;
  status: string;
  simulated: boolean;
  billing: {
    freeMinutes: number;
    pricePerPeriod: number;
    periodMinutes: number;
    dailyCap: number;
    totalCap: number;
    deposit: number;
  };
  ratio: number;
  agentId: number | null;
  teamId: number | null;
  serviceProviderId: number | null;
  serviceProviderRatio: number;
  pusherId: number | null;
}

export interface OrderSettings {
  operation(): Promise<{
    freeMinutes: number;
    minFreeMinutes: number;
    maxFreeMinutes: number;
    maxPowerBanksPerRental: number;
    /** How many days back an operator (a direct-sales team's staff) sees orders. */
    operatorOrderVisibleDays: number;
    /** The platform's charging-cable package settings: prepaid, first three hours, 12-hour maximum. */
    cablePackage: { prepaid: number; firstThreeHours: number; maxTwelveHours: number };
  }>;
  pay(): Promise<{
    depositRefundFeePercent: number;
    taxFeePercent: number;
    /** Refunds above this amount need two approvers. */
    refundSecondApprovalAbove: number;
    bluetoothPrepayMax: number;
    bluetoothPrepayDefault: number;
    bluetoothDailyCap: number;
    bluetoothHourlyLimit: number;
  }>;
  currency(): Promise<string>;
  /** Whether the deposit-free extended function is switched on. */
  depositFree(): Promise<boolean>;
  /** Whether the membership extended function is activated (levels give their benefit at the settle). */
  membership(): Promise<boolean>;
  /** The device payment configuration that applies to a device of this kind (null: none enabled). */
  devicePay(kind: 'cabinet' | 'cable' | 'bluetooth'): Promise<DevicePayTerms | null>;
}

/** A device payment configuration as the engine reads it (system module). */
export interface DevicePayTerms {
  id: number;
  name: string;
  payMode: 'deposit' | 'depositFree' | 'prepay';
  channels: ('wechat' | 'alipay' | 'line' | 'tap' | 'balance')[];
  amount: number;
  buyoutPrice: number;
  buyoutDays: number;
}

// The ledger's edge, in the ledger's own types (ledger/ports.ts): an order's postings name their outlet.
export type { Account, EntryInput, Posting } from '../ledger/ports.js';
/** The account code the ledger keeps: `kind` or `kind:partyId`. */
export const accountCode = (a: Account): string => (a.partyId ? `${a.kind}:${a.partyId}` : a.kind);

/** What the order module does with the books: post, keep payables whole, read balances and an order's credits. */
export type LedgerPort = Pick<Ledger, 'post' | 'keepPayablesWhole' | 'balance' | 'orderCredits'>;

export interface OrderNeeds {
  fleet: FleetForOrders;
  accessories: AccessoriesForOrders;
  outlets: {
    forOrder(id: number): Promise<OutletForOrder | null>;
    /**
     * In the settle's transaction: withholds the outlet's amortization execution ratio of what it just
     * earned toward its cost amount (at most what is still owed), and names whom it pays back (the
     * outlet's agent or team). Null when nothing is withheld. docs/decisions/network-and-outlets.md, "The outlet's
     * cost".
     */
    recoverCost(
      tx: Db,
      outletId: number,
      earned: number,
    ): Promise<{ amount: number; owner: { kind: 'agent' | 'team'; id: number } } | null>;
  };
  customers: {
    member(id: number): Promise<{
      id: number;
      areaCode: string;
      mobile: string;
      status: number;
      simulated: boolean;
      level: 'A' | 'B' | 'C';
    } | null>;
  };
  /** Whether a staff account is an operator: it leads or belongs to a direct-sales team (network module). */
  isOperator(accountId: number): Promise<boolean>;
  /** The agents from level A down to this one, with the ratio each holds. */
  agentLine(agentId: number): Promise<{ id: number; name: string; level: 'A' | 'B' | 'C'; ratio: number }[]>;
  /** Names of service providers. */
  providerName(id: number): Promise<string | null>;
  /** A direct-sales team (the operator owning direct outlets): its name and share; null when gone. */
  teamShare(id: number): Promise<{ name: string; ratio: number } | null>;
  /**
   * Parts of money for partners, as they may be booked in the caller's transaction: a part of a
   * deleted team's operator goes to the platform's revenue; a standing team is locked against its
   * delete until the caller commits (the network's `regions.standingPayables`).
   */
  standingPayables<T extends { kind: AccountKind; partyId: number | null; amount: number }>(
    tx: Db,
    parts: T[],
  ): Promise<T[]>;
  settings: OrderSettings;
  ledger: LedgerPort;
  deposits: DepositsForOrders;
  vouchers: VouchersForOrders;
  coupons: CouponsForOrders;
  separation: SeparationForOrders;
}

export type { Principal };

/** What the order module needs of modules built after it (the voucher module), bound in app.ts's bind phase. */
export type OrderLate = Pick<OrderNeeds, 'vouchers'>;

/**
 * What the order module is built from (src/wiring/order.ts): its needs on modules built before it,
 * and the payment companies (a sandbox tests steer, or the merchant accounts of the pay settings).
 */
export type OrderModuleNeeds = Omit<OrderNeeds, 'vouchers'> & {
  provider?: PaymentProvider;
  companies?: Companies;
  merchants?: MerchantAccounts;
};
