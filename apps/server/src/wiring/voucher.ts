import type { VoucherModuleNeeds } from '../modules/voucher/index.js';
import type { Built } from './built.js';

export const voucherNeeds = ({
  fleet,
  outlet,
  network,
  ledger,
  order,
}: Pick<Built, 'fleet' | 'outlet' | 'network' | 'ledger' | 'order'>): VoucherModuleNeeds => ({
  names: {
    agentNames: (ids) => network.forOutlets.names('agent', ids),
    outletNames: (ids) => outlet.outlets.namesOf(ids),
  },
  places: {
    cabinetOutlet: (sn) => fleet.outletBinding.outletOf(sn),
    outlet: (id) => outlet.outlets.forOrder(id),
    agentLine: (agentId) => network.agentLine(agentId),
  },
  customers: network.customers,
  ledger: ledger.ledger,
  payments: order.provider,
});
