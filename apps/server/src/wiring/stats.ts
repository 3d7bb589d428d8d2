import type { StatsNeeds } from '../modules/stats/index.js';
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
  orders: {
    sums: (begin, end, outletIds, by) => order.facts.sums(begin, end, outletIds, by),
    outletNames: (ids) => order.facts.outletNames(ids),
    activeCabinets: (begin, end) => order.facts.activeCabinets(begin, end),
    count: (f) => order.queries.count(f),
  },
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
  compactions: [() => order.facts.compact(), () => ledger.ledger.compactRollup()],
  currency: async () => (await system.config.read('basis')).currency,
});
