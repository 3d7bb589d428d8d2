import type { StatsNeeds } from '../modules/stats/index.js';
import { statsWindow } from '../modules/order/index.js';
import type { Built } from './built.js';

export const statsNeeds = ({
  ledger,
  order,
  network,
  identity,
  outlet,
  fleet,
  accessories,
  deposit,
  payout,
  system,
}: Pick<
  Built,
  'ledger' | 'order' | 'network' | 'identity' | 'outlet' | 'fleet' | 'accessories' | 'deposit' | 'payout' | 'system'
>): StatsNeeds => ({
  ledger: ledger.ledger,
  orders: { window: (q) => statsWindow(q), activeCabinets: (q) => order.stats.activeCabinets(q) },
  members: network.members,
  access: identity.access,
  places: {
    scope: (q) => outlet.scope.resolve(q),
    placesOf: (ids) => outlet.outlets.placesOf(ids),
    names: (kind, ids) => (kind === 'outlet' ? outlet.outlets.namesOf(ids) : network.forOutlets.names(kind, ids)),
  },
  // The dashboard's action list: each module counts what needs action in its own rows, with the filter of the list it links to.
  actions: [...fleet.actions, ...accessories.actions, ...deposit.actions, ...order.actions, ...payout.actions],
  operations: {
    orders: order.operations,
    outlets: outlet.scope,
    fleet: fleet.operations,
    repairs: accessories.repairStats,
  },
  compactions: [() => order.stats.compact(), () => ledger.ledger.compactRollup()],
  orderFigures: order.stats,
  currency: async () => (await system.config.read('basis')).currency,
});
