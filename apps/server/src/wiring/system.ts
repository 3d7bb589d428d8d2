import type { SystemLate, SystemNeeds } from '../modules/system/index.js';
import type { Built } from './built.js';

export const systemNeeds = ({ identity }: Pick<Built, 'identity'>): SystemNeeds => ({ codes: identity.codes });

/** The fleet is built after the system module; its broker is only asked for once requests come. */
export const systemLate = ({ fleet }: Pick<Built, 'fleet'>): SystemLate => ({
  broker: { endpoint: () => fleet.gateway.endpoint() },
});
