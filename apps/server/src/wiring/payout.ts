import type { PayoutModuleNeeds } from '../modules/payout/index.js';
import type { Built } from './built.js';

/** Withdrawals: the parties behind partner app accounts (whose rules apply: payout/parties.ts). */
export const payoutNeeds = ({
  ledger,
  network,
  outlet,
  system,
  order,
}: Pick<Built, 'ledger' | 'network' | 'outlet' | 'system' | 'order'>): PayoutModuleNeeds => ({
  ledger: ledger.ledger,
  partners: {
    me: (p) => network.appAccounts.me(p),
    partner: (kind, id) => network.appAccounts.partner(kind, id),
    outletAgent: async (id) => {
      const o = await outlet.outlets.forOrder(id);
      return o ? o.agentId : undefined;
    },
  },
  settings: { withdrawal: async () => (await system.config.read('pay')).withdrawal },
  payments: order.provider,
});
