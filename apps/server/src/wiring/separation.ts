import type { SeparationNeeds } from '../modules/separation/index.js';
import type { Built } from './built.js';

export const separationNeeds = ({
  fleet,
  ledger,
  network,
  system,
}: Pick<Built, 'fleet' | 'ledger' | 'network' | 'system'>): SeparationNeeds => ({
  open: (tx) => system.extensions.isActive('orderSeparation', tx),
  knownCabinets: (sns) => fleet.outletBinding.knownCabinets(sns),
  ledger: ledger.ledger,
  standingPayables: (tx, parts) => network.regions.standingPayables(tx, parts),
});
