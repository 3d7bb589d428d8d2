import type { LedgerLate, LedgerNeeds } from '../modules/ledger/index.js';
import type { Built } from './built.js';

/** The parties' names the ledger's accounts are named by (which account is whose: ledger/party-names.ts). */
export const ledgerNeeds = ({ network, outlet }: Pick<Built, 'network' | 'outlet'>): LedgerNeeds => ({
  memberPhones: (ids) => network.members.phones(ids),
  outletNames: (ids) => outlet.outlets.namesOf(ids),
  partnerNames: (kind, ids) => network.forOutlets.names(kind, ids),
});

/** The ledger files each movement of an order under the order's outlet (financial data per outlet, agent and region). */
export const ledgerLate = ({ order }: Pick<Built, 'order'>): LedgerLate => ({
  orderOutlet: (orderNo, tx) => order.queries.outletOf(orderNo, tx),
});
