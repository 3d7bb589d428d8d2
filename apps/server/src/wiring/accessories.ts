import type { AccessoriesLate, AccessoriesNeeds } from '../modules/accessories/index.js';
import type { Built } from './built.js';

export const accessoriesNeeds = ({ assets, system }: Pick<Built, 'assets' | 'system'>): AccessoriesNeeds => ({
  models: assets.models,
  settings: system.config,
  problemTypes: system.problemTypes,
  forgetAsset: (id) => assets.removal.forget(id),
});

/** A repair ticket takes its device out of business by the outlet's one removal path (unbind + removal record). */
export const accessoriesLate = ({ outlet }: Pick<Built, 'outlet'>): AccessoriesLate => ({
  outletNames: (ids) => outlet.outlets.namesOf(ids),
  removal: (sn, reason, by) => outlet.outlets.unbind(sn, undefined, by, reason),
});
