import type { DepositLate, DepositNeeds } from '../modules/deposit/index.js';
import { oneName, type Built } from './built.js';

export const depositNeeds = ({
  ledger,
  network,
  outlet,
  system,
}: Pick<Built, 'ledger' | 'network' | 'outlet' | 'system'>): DepositNeeds => ({
  ledger: ledger.ledger,
  customers: network.customers,
  agentName: oneName((ids) => network.forOutlets.names('agent', ids)),
  outletName: async (id) => (await outlet.outlets.forOrder(id))?.name ?? null,
  settings: { pay: () => system.config.read('pay') },
});

/** Deposits refunded by staff go to the payment company through the order module, which hands their outcomes back. */
export const depositLate = ({ order }: Pick<Built, 'order'>): DepositLate => ({
  payments: { requestRefund: (tx, r) => order.engine.requestDepositRefund(tx, r) },
});
