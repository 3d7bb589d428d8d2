import type { AccountKind, PayoutParty, WithdrawAccountKind, WithdrawalSetting } from '@cbo/contract';
import type { Ledger } from '../ledger/ports.js';
import type { PartnerAccounts } from '../network/ports.js';
import type { PaymentOutcome, Payments } from '../order/ports.js';
import type { Principal } from '../../platform/http/routes.js';

/**
 * What the withdrawal module uses of other modules; its wiring file (src/wiring/) builds them. The ledger (the hold,
 * its release and the payout are movements; balances are sums of entries), the party behind a
 * partner app account (network), the pay settings' withdrawal rules (system), and the payment
 * company's payout and query (the order module's provider).
 */
export interface PayoutAccount {
  kind: AccountKind;
  partyId?: number | null;
}
/** A party that withdraws, as the network module knows it. Agents carry rules of their own. */
export interface PartyFacts {
  kind: PayoutParty;
  id: number;
  name: string;
  /** The agent's own minimum withdrawal (cents), 0 when none. */
  minWithdrawal: number;
  /** The agent's own withdrawal fee rate (percent), 0 when none. */
  feePercent: number;
  /** Whose withdrawal settings apply when not the kind's own (an outlet: agentOutlet or directOutlet). */
  settingKind?: WithdrawAccountKind;
  /** Made by the demo network: its earnings count as settled (its orders are minutes old) and its applications are the demo's. */
  simulated: boolean;
}

/** A payout's answer from the payment company (the order module's), as the withdrawals read it. */
export type PayoutOutcome = Pick<PaymentOutcome, 'key' | 'status' | 'reference' | 'failure'>;

export interface PayoutNeeds {
  /** The books (the ledger module's, in its own types). */
  ledger: Pick<
    Ledger,
    'post' | 'balance' | 'partnerMoney' | 'lockPayables' | 'keepPayablesWhole' | 'earnedSince' | 'removeKeys'
  >;
  /** The agent, service provider or pusher behind a partner app account; null for anyone else. */
  partyOf(p: Principal): Promise<PartyFacts | null>;
  /** A party by kind and id (the demo's partners, tests). */
  party(kind: PayoutParty, id: number): Promise<PartyFacts | null>;
  settings: { withdrawal(): Promise<Record<WithdrawAccountKind, WithdrawalSetting>> };
  /** The payment company (the order module's): payouts, their query and the payee's confirmation (a notified outcome comes through the order module's late need). */
  payments: Pick<Payments, 'payout' | 'query' | 'payeeConfirmation'>;
}

/** The partners behind app accounts (the network module) and the outlets' agents (the outlet module). */
export interface PayoutPartners {
  /** The party id behind a partner app account's principal (refuses anyone else). */
  me: PartnerAccounts['me'];
  /** A partner by kind and id: its name, whether the demo made it, and its own withdrawal minimum and fee rate. */
  partner: PartnerAccounts['partner'];
  /** An outlet's agent (null: a direct-sales outlet; undefined: no such outlet). */
  outletAgent(id: number): Promise<number | null | undefined>;
}

/**
 * What the withdrawal module is built from (src/wiring/payout.ts): PayoutNeeds less the parties,
 * which the module makes itself of `partners` (parties.ts).
 */
export type PayoutModuleNeeds = Omit<PayoutNeeds, 'partyOf' | 'party'> & { partners: PayoutPartners };
