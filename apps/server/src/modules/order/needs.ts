import type { Principal } from '../../platform/http/routes.js';
import type { Db } from '../../platform/db/database.js';
import type { AccountKind } from '@cbo/contract';
import type { Account, Ledger } from '../ledger/ports.js';
import type { PaymentProvider } from './payments.js';
import type { Companies } from './payment-router.js';
import type { MerchantAccounts } from './companies.js';

/**
 * What the order module uses of other modules; its wiring file (src/wiring/) builds them, so it never imports their
 * files. The fleet's renting port, outlets, customers, the agents' chain, settings and the ledger.
 */
export interface FleetForOrders {
  availability(sn: string): Promise<{ exists: boolean; online: boolean; available: number; outletId: number | null }>;
  reserveEject(tx: Db, sn: string): Promise<{ commandId: string; slot: number; powerBankId: string }>;
  dispatch(commandId: string): Promise<void>;
  whereIs(powerBankId: string): Promise<{ sn: string; slot: number | null; updatedAt: Date } | null>;
  ejectState(
    commandId: string,
  ): Promise<{ state: string; confirmedByInventory: boolean | null; finishedAt: Date | null } | null>;
  outletOf(sn: string): Promise<number | null | undefined>;
}

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

/**
 * The accessories module's charging cables and Bluetooth chargers, as orders use them: what a device
 * is (its outlet binding, its packages or billing) and the cable's code ring. A code is issued in
 * the order's own transaction, so the order and its code commit together or not at all.
 */
export interface AccessoriesForOrders {
  cable(
    id: string,
  ): Promise<{ outletId: number | null; packages: { name: string; hours: number; amount: number }[] } | null>;
  charger(id: string): Promise<{ outletId: number | null; hourlyPrice: number; dailyCap: number } | null>;
  /** Seconds before the cable's rate limit lets another code out (0: now). */
  cableCodeWait(id: string): Promise<number>;
  /** The code of `hours` at the cable's next ring position, issued in `tx` under the cable's row lock. */
  issueCableCode(tx: Db, id: string, hours: number, issuedFor: string): Promise<{ code: string; position: number }>;
}

/**
 * The deposit module: a deposit order per deposit held, recorded and closed in the order's own
 * transactions; the deposit rules (who may rent deposit-free); refunds of deposits by staff, whose
 * payment company outcomes the engine hands back.
 */
export interface DepositsForOrders {
  held(
    tx: Db,
    h: {
      orderNo: string;
      userId: number;
      userMobile: string;
      outletId: number | null;
      outletName: string | null;
      amount: number;
      channel: 'provider' | 'balance';
      payReference: string | null;
      simulated: boolean;
    },
  ): Promise<void>;
  freeRented(
    tx: Db,
    f: { orderNo: string; userId: number; outletId: number | null; declared: number; simulated: boolean },
  ): Promise<void>;
  ended(tx: Db, e: { orderNo: string; feeTaken: number; refundFee: number; returned: number }): Promise<void>;
  released(tx: Db, orderNo: string, reference: string): Promise<void>;
  releaseFailed(tx: Db, orderNo: string, failure: string): Promise<void>;
  /** Null when this customer may rent deposit-free at this outlet, else why not. */
  depositFreeRefusal(
    userId: number,
    place: { outletId: number; agentIds: number[] },
    db?: Db,
  ): Promise<{ need: number; done: number; used: number; earned: number } | null>;
  refundOutcome(
    tx: Db,
    key: string,
    out: { status: 'succeeded' | 'failed'; reference: string; failure?: string },
  ): Promise<void>;
  /** The refund records show deposit refunds (type deposit), read here and audited in the deposit module. */
  refundRecords(f: DepositRefundFilter, offset: number, limit: number): Promise<DepositRefundRecord[]>;
  refundRecordCount(f: DepositRefundFilter): Promise<number>;
}

export interface DepositRefundFilter {
  begin?: Date;
  end?: Date;
  orderNo?: string;
  refundNo?: string;
  userId?: number;
  status?: string;
}
/** A deposit refund application in the refund states (pending audit is initiated, refunded complete). */
export interface DepositRefundRecord {
  id: number;
  refundNo: string;
  orderNo: string;
  userId: number;
  userMobile: string;
  /** What goes back to the customer (the deposit held less the deposit refund fee). */
  amount: number;
  status: 'initiated' | 'rejected' | 'refunding' | 'complete' | 'failed';
  reason: string;
  providerReference: string | null;
  failReason: string | null;
  creator: string | null;
  auditor: string | null;
  auditTime: string | null;
  auditRemark: string | null;
  createTime: string;
  finishTime: string | null;
}

/**
 * The voucher module's part in a settle: in the settle's transaction, apply the customer's best
 * valid voucher for this outlet to the fee (one use, by a conditional update) and move that
 * use's value from the voucher liability to order income. `feeAfter(free)` is the fee with the
 * first `free` billed minutes covered (the billing function, recomputed). Null when none applies.
 */
export interface VouchersForOrders {
  apply(
    tx: Db,
    r: {
      userId: number;
      orderNo: string;
      outletId: number | null;
      agentIds: number[];
      at: Date;
      fee: number;
      feeAfter: (freeMinutes: number) => number;
    },
  ): Promise<{ voucherOrderNo: string; deduction: number; value: number; freeMinutes: number } | null>;
}

/**
 * The coupon module's part in a settle, after the voucher: in the settle's transaction, use the
 * customer's best valid coupon on what is still owed (one use, by a conditional update) and post
 * its deduction as the platform's marketing expense. `owedAfter(free)` is what would be owed with
 * `free` more minutes free (after the voucher's). Null when none applies. The scopes it matches:
 * the rental's cabinet, outlet, agents, its operator (`teamId`, the direct-sales team owning the
 * outlet) and its service provider (`providerId`, for coupons of the former operator scope).
 */
export interface CouponsForOrders {
  apply(
    tx: Db,
    r: {
      userId: number;
      orderNo: string;
      sn: string | null;
      outletId: number | null;
      agentIds: number[];
      teamId: number | null;
      providerId: number | null;
      at: Date;
      owed: number;
      owedAfter: (freeMinutes: number) => number;
    },
  ): Promise<{ userCouponId: number; deduction: number } | null>;
}

/**
 * Order separation's part in a share: in the share's own transaction, right after the order's net
 * is shared, a running rule that matches the order diverts its partner shares to the platform's
 * separated account (once per order: the share is posted once, and the separation is keyed by the
 * order). Matching and the rule's caps are the separation module's.
 */
export interface SeparationForOrders {
  /** Answers the shares it diverted (none when no rule took the order). */
  shared(
    tx: Db,
    o: {
      orderNo: string;
      sn: string;
      createdAt: Date;
      amount: number;
      shares: { kind: AccountKind; partyId: number | null; amount: number }[];
    },
  ): Promise<{ kind: AccountKind; partyId: number | null }[]>;
}

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
