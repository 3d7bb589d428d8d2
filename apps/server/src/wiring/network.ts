import type { NetworkLate, NetworkNeeds } from '../modules/network/index.js';
import type { Built } from './built.js';

export const networkNeeds = ({ identity }: Pick<Built, 'identity'>): NetworkNeeds => ({
  staff: identity.staff,
  loginGuard: identity.loginGuard,
  loginLog: identity.loginLog,
  codes: identity.codes,
});

/** The outlets, the books, the withdrawals and the orders are built after the network. */
export const networkLate = ({
  outlet,
  ledger,
  payout,
  order,
}: Pick<Built, 'outlet' | 'ledger' | 'payout' | 'order'>): NetworkLate => ({
  outlets: outlet.outlets.facts,
  outletRecord: (id) => outlet.outlets.forOrder(id),
  books: ledger.ledger,
  withdrawals: { openUnderLock: (tx, party) => payout.payouts.openUnderLock(tx, party) },
  orderCounts: (ids) => order.queries.orderCounts(ids),
});
