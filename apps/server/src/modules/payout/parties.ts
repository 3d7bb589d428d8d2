import type { PayoutParty } from '@cbo/contract';
import type { Principal } from '../../platform/http/routes.js';
import type { PartyFacts, PayoutPartners } from './needs.js';

/** The party kind behind each kind of partner app account (the principal's account type). */
const partyOfAccount: Record<string, PayoutParty> = {
  agent: 'agent',
  serviceProvider: 'serviceProvider',
  groundPromoter: 'pusher',
  outlet: 'outlet',
  operator: 'operator',
};

/**
 * Who withdraws, and by which rules (the withdrawal module's rule, made of the network's partners
 * and the outlets' agents): a party's name and own minimum and fee rate (agents carry their own),
 * and for an outlet whose withdrawal settings apply: an agent's outlet's or a direct-sales outlet's.
 */
export function payoutParties(partners: PayoutPartners): {
  party(kind: PayoutParty, id: number): Promise<PartyFacts | null>;
  partyOf(p: Principal): Promise<PartyFacts | null>;
} {
  const party = async (kind: PayoutParty, id: number): Promise<PartyFacts | null> => {
    const p = await partners.partner(kind, id);
    if (!p) return null;
    const settingKind =
      kind === 'outlet' ? ((await partners.outletAgent(id)) ? 'agentOutlet' : 'directOutlet') : undefined;
    return {
      kind,
      id,
      name: p.name,
      simulated: p.simulated,
      minWithdrawal: p.minWithdrawal,
      feePercent: p.withdrawalFeeRate,
      settingKind,
    };
  };
  return {
    party,
    /** The agent, service provider, pusher, outlet or operator behind a partner app account; null for anyone else. */
    partyOf: async (p) => {
      const kind = Object.hasOwn(partyOfAccount, p.accountType) ? partyOfAccount[p.accountType] : undefined;
      const me = kind ? await partners.me(p).catch(() => null) : null;
      return kind && me ? party(kind, me.id) : null;
    },
  };
}
