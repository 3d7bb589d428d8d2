import type { AccountKind } from '@cbo/contract';
import type { PartyNames } from './ledger.reads.js';
import type { LedgerNeeds, NetworkPartyKind } from './needs.js';

/** The partner whose payable (and receivable: what it owes is named like what it is owed) an account kind is. */
const partners: Record<string, NetworkPartyKind> = {
  agent: 'agent',
  provider: 'serviceProvider',
  pusher: 'pusher',
  // An operator's accounts are its direct-sales team's.
  operator: 'team',
};

/**
 * The chain's accounts are named by their parties: a customer's balance and deposit by the
 * customer's phone (the fund flows link it to the customer screen), an outlet's by the outlet,
 * an agent's, service provider's, pusher's or operator's by the partner (an operator: its team).
 */
export function partyNames(needs: LedgerNeeds): PartyNames {
  return async (kind: AccountKind, ids: number[]) => {
    if (kind === 'userBalance' || kind === 'userDeposit') return needs.memberPhones(ids);
    const of = /^(\w+?)(Payable|Receivable)$/.exec(kind)?.[1];
    if (of === 'outlet') return needs.outletNames(ids);
    return of && Object.hasOwn(partners, of) ? needs.partnerNames(partners[of]!, ids) : new Map();
  };
}
