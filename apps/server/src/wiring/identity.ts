import type { IdentityLate } from '../modules/identity/needs.js';
import type { Built } from './built.js';

/** Identity is built first: all it needs comes late (the system's menus and SMS budgets, the network's direct sales). */
export const identityLate = ({ system, network }: Pick<Built, 'system' | 'network'>): IdentityLate => ({
  openMenus: () => system.openMenus(),
  runsDirectSales: (accountId) => network.regions.isOperator(accountId),
  smsBudgets: () => system.config.read('sms'),
});
