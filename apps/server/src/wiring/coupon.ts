import type { CouponModuleNeeds } from '../modules/coupon/index.js';
import type { Built } from './built.js';

export const couponNeeds = ({
  fleet,
  ledger,
  network,
  outlet,
  system,
}: Pick<Built, 'fleet' | 'ledger' | 'network' | 'outlet' | 'system'>): CouponModuleNeeds => ({
  open: (tx) => system.extensions.isActive('coupons', tx),
  names: {
    outletNames: (ids) => outlet.outlets.namesOf(ids),
    partnerNames: (kind, ids) => network.forOutlets.names(kind, ids),
  },
  deviceExists: async (sn) => (await fleet.outletBinding.outletOf(sn)) !== undefined,
  customers: network.customers,
  ledger: ledger.ledger,
});
