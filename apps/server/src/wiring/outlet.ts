import type { BindingDeviceType, DeviceType } from '@cbo/contract';
import type { OutletLate, OutletNeeds } from '../modules/outlet/needs.js';
import type { Built } from './built.js';

/** The assets' word for a kind of device an outlet binds (the outlet module says 'bluetooth'). */
const assetType = (t: BindingDeviceType): DeviceType => (t === 'bluetooth' ? 'bluetoothCharger' : t);

export const outletNeeds = ({
  network,
  fleet,
  accessories,
  assets,
  system,
}: Pick<Built, 'network' | 'fleet' | 'accessories' | 'assets' | 'system'>): OutletNeeds => ({
  network: network.forOutlets,
  devices: [fleet.outletBinding, accessories.cableBinding, accessories.chargerBinding],
  // Binding is installing, unbinding removing: the assets write the record in the binding's transaction.
  movements: {
    install: (m, by) => assets.stock.install({ ...m, deviceType: assetType(m.deviceType) }, by),
    remove: (m, by) => assets.stock.remove({ ...m, deviceType: assetType(m.deviceType) }, by),
  },
  isUnbindableDevice: (code) => fleet.outletBinding.isPowerBank(code),
  settings: {
    map: async () => {
      const { mapType, mapKey } = await system.config.read('basis');
      return { mapType, mapKey };
    },
    storeUrl: async () => (await system.config.read('store')).storeUrl,
    saveStoreUrl: (url) => system.config.saveStoreUrl(url),
    range: () => system.config.read('range'),
  },
});

export const outletLate = ({ order }: Pick<Built, 'order'>): OutletLate => ({
  turnovers: (ids) => order.queries.turnovers(ids),
});
