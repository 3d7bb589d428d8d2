import type { AssetsLate } from '../modules/assets/needs.js';
import type { Built } from './built.js';

/** The assets are built before the modules that keep the devices' rows and the places they name. */
export const assetsLate = ({
  fleet,
  accessories,
  network,
  outlet,
}: Pick<Built, 'fleet' | 'accessories' | 'network' | 'outlet'>): AssetsLate => ({
  outletNames: (ids) => outlet.outlets.namesOf(ids),
  registerCabinets: (sns, by) => fleet.registerCabinets(sns, by),
  removers: {
    cabinet: (sn) => fleet.removal.deleteCabinet(sn),
    powerBank: (id) => fleet.removal.deletePowerBank(id),
    cable: (id) => accessories.cableBinding.delete(id),
    bluetoothCharger: (id) => accessories.chargerBinding.delete(id),
  },
  regionNames: (ids) => network.forOutlets.names('region', ids),
});
