import type { Principal } from '../../platform/http/routes.js';
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
import type { OutletsForOrders } from '../outlet/ports.js';
import type { Payouts } from '../payout/ports.js';
import type { Config } from '../system/ports.js';
import type { DevicePayItem, OperationConfig, PayConfig } from '@cbo/contract';
import type { AgentLine, Customers, Regions } from '../network/ports.js';

export type { OutletForOrder } from '../outlet/ports.js';

export type { DepositRefundFilter, DepositRefundRecord } from '../deposit/ports.js';

/**
 * What the order module uses of other modules; its wiring file (src/wiring/) builds them, so it never imports their
 * files. The fleet's renting port, outlets, customers, the agents' chain, settings and the ledger.
 */
/** The settings the engine reads (the system module's configuration groups and extended functions). */
export interface OrderSettings {
  operation(): Promise<OperationConfig>;
  pay(): Promise<PayConfig>;
  currency(): Promise<string>;
  /** Whether the deposit-free extended function is switched on. */
  depositFree(): Promise<boolean>;
  /**
   * The pay settings and whether the membership extended function is activated (levels give their
   * benefit at the settle), by one read: what the settle asks of every return.
   */
  payAndMembership(): Promise<{ pay: PayConfig; membership: boolean }>;
  /** The device payment configuration that applies to a device of this kind (null: none enabled). */
  devicePay: Config['devicePayFor'];
}
/** A device payment configuration as the engine reads it (the contract's, of the system module). */
export type DevicePayTerms = Pick<
  DevicePayItem,
  'id' | 'name' | 'payMode' | 'channels' | 'amount' | 'buyoutPrice' | 'buyoutDays'
>;

// The ledger's edge, in the ledger's own types (ledger/ports.ts): an order's postings name their outlet.
export type { Account, EntryInput, Posting } from '../ledger/ports.js';
/** The account code the ledger keeps: `kind` or `kind:partyId`. */
export const accountCode = (a: Account): string => (a.partyId ? `${a.kind}:${a.partyId}` : a.kind);

/** What the order module does with the books: post (one movement or several in one statement), keep payables whole, read balances and an order's credits. */
export type LedgerPort = Pick<Ledger, 'post' | 'postAll' | 'keepPayablesWhole' | 'balance' | 'orderCredits'>;

export interface OrderNeeds {
  fleet: FleetForOrders;
  accessories: AccessoriesForOrders;
  /** The outlet of an order; in the settle's transaction, the recovery of its cost (docs/decisions/network-and-outlets.md, "The outlet's cost"). */
  outlets: OutletsForOrders;
  /** The customers (the network module): the member renting. */
  customers: Pick<Customers, 'member'>;
  /** Whether a staff account is an operator: it leads or belongs to a direct-sales team (network module). */
  isOperator: Regions['isOperator'];
  /** The agents from level A down to this one, with the ratio each holds. */
  agentLine: AgentLine;
  /** Names of service providers. */
  providerName(id: number): Promise<string | null>;
  /** A direct-sales team (the operator owning direct outlets): its name and share; null when gone. */
  teamShare: Regions['teamShare'];
  /**
   * Parts of money for partners, as they may be booked in the caller's transaction: a part of a
   * deleted team's operator goes to the platform's revenue; a standing team is locked against its
   * delete until the caller commits (the network's `regions.standingPayables`).
   */
  standingPayables: Regions['standingPayables'];
  settings: OrderSettings;
  ledger: LedgerPort;
  deposits: DepositsForOrders;
  vouchers: VouchersForOrders;
  coupons: CouponsForOrders;
  separation: SeparationForOrders;
}

export type { Principal };

/**
 * What the order module needs of modules built after it, bound in app.ts's bind phase: the
 * vouchers at each settle, and the withdrawals, which apply a payout's outcome that came by
 * notification (the payment company's notification reaches the order engine, like any other).
 */
export type OrderLate = Pick<OrderNeeds, 'vouchers'> & { payouts: Pick<Payouts, 'applyOutcome'> };

/**
 * What the order module is built from (src/wiring/order.ts): its needs on modules built before it,
 * and the payment companies (a sandbox tests steer, or the merchant accounts of the pay settings).
 */
export type OrderModuleNeeds = Omit<OrderNeeds, 'vouchers'> & {
  provider?: PaymentProvider;
  companies?: Companies;
  merchants?: MerchantAccounts;
};
