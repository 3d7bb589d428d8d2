import type { Principal } from '../../platform/http/routes.js';
import type { Db } from '../../platform/db/database.js';
import type { AccountKind } from '@cbo/contract';

/**
 * What the order module uses of other modules; app.ts passes them in, so it never imports their
 * files. The fleet's renting port, outlets, customers, the agents' chain, settings and the ledger.
 */
export interface FleetForOrders {
  availability(sn: string): Promise<{ exists: boolean; online: boolean; available: number; outletId: number | null }>;
  reserveEject(tx: Db, sn: string): Promise<{ commandId: string; slot: number; powerBankId: string }>;
  dispatch(commandId: string): Promise<void>;
  whereIs(powerBankId: string): Promise<{ sn: string; slot: number | null; updatedAt: Date } | null>;
  ejectState(commandId: string): Promise<{ state: string; confirmedByInventory: boolean | null; finishedAt: Date | null } | null>;
  outletOf(sn: string): Promise<number | null | undefined>;
}

export interface OutletForOrder {
  id: number;
  name: string;
  status: string;
  simulated: boolean;
  billing: { freeMinutes: number; pricePerPeriod: number; periodMinutes: number; dailyCap: number; totalCap: number; deposit: number };
  ratio: number;
  agentId: number | null;
  teamId: number | null;
  serviceProviderId: number | null;
  serviceProviderRatio: number;
  pusherId: number | null;
}

export interface OrderSettings {
  operation(): Promise<{ freeMinutes: number; minFreeMinutes: number; maxFreeMinutes: number; maxPowerBanksPerRental: number }>;
  pay(): Promise<{ depositRefundFeePercent: number; taxFeePercent: number }>;
  currency(): Promise<string>;
  /** Whether the deposit-free extended function is switched on. */
  depositFree(): Promise<boolean>;
}

/** A ledger account: its kind and, for accounts kept per party, the party. */
export interface Account {
  kind: AccountKind;
  partyId?: number | null;
}
export interface EntryInput {
  account: Account;
  debit?: number;
  credit?: number;
}
/** One balanced movement, moved once per key (the ledger module's post). */
export interface Posting {
  idempotencyKey: string;
  kind: string;
  orderNo?: string | null;
  memo?: string;
  entries: EntryInput[];
}
/** The account code the ledger keeps: `kind` or `kind:partyId`. */
export const accountCode = (a: Account): string => (a.partyId ? `${a.kind}:${a.partyId}` : a.kind);

export interface LedgerPort {
  post(p: Posting, tx?: Db): Promise<boolean>;
  balance(a: Account, tx?: Db): Promise<number>;
  orderCredits(orderNo: string, kinds: AccountKind[], tx?: Db): Promise<Map<string, { kind: AccountKind; partyId: number | null; amount: number }>>;
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
    r: { userId: number; orderNo: string; outletId: number | null; agentIds: number[]; at: Date; fee: number; feeAfter: (freeMinutes: number) => number },
  ): Promise<{ voucherOrderNo: string; deduction: number; value: number } | null>;
}

export interface OrderNeeds {
  fleet: FleetForOrders;
  outlets: { forOrder(id: number): Promise<OutletForOrder | null> };
  customers: { member(id: number): Promise<{ id: number; areaCode: string; mobile: string; status: number; simulated: boolean } | null> };
  /** The agents from level A down to this one, with the ratio each holds. */
  agentLine(agentId: number): Promise<{ id: number; name: string; level: 'A' | 'B' | 'C'; ratio: number }[]>;
  /** Names of service providers. */
  providerName(id: number): Promise<string | null>;
  settings: OrderSettings;
  ledger: LedgerPort;
  vouchers: VouchersForOrders;
}

export type { Principal };
