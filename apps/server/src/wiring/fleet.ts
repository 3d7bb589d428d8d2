import type { FleetLate, FleetNeeds } from '../modules/fleet/index.js';
import type { Built } from './built.js';

export const fleetNeeds = ({
  identity,
  assets,
  system,
}: Pick<Built, 'identity' | 'assets' | 'system'>): FleetNeeds => ({
  access: identity.access,
  cabinetsStocked: (sns) => assets.stock.cabinetsStocked(sns),
  forgetAsset: (id) => assets.removal.forget(id),
  qrBase: async () => (await system.config.read('address')).qrCodeBaseUrl,
});

/** The outlets name the cabinets; the orders count the power banks' leases and hear the rentals' ejects and returns. */
export const fleetLate = ({ outlet, order }: Pick<Built, 'outlet' | 'order'>): FleetLate => ({
  outletNames: (ids) => outlet.outlets.namesOf(ids),
  leases: (ids) => order.queries.leases(ids),
  rentalEvents: {
    ejectOutcome: (e) => order.engine.ejectOutcome(e),
    returned: (e) => order.engine.returned(e),
  },
});
