import { identityPerms } from './identity/permissions.js';
import { fleetWidgets } from './fleet/overview.js';
import { orderWidgets } from './order/order.js';
import { statsPerms } from './stats/permissions.js';

/**
 * The widgets of the dashboard at /dashboard, by name, in the order the console lays them out,
 * each with the permission codes an account must hold (all of them) to be given it. menuDashboard
 * answers the names an account holds; the console keeps a component per name. A domain adds its
 * widgets here (its `<domain>Widgets`), next to the call that feeds them.
 */
export const DASHBOARD_WIDGETS = {
  ...orderWidgets,
  /** New customers and active cabinets of today (stats/business). */
  business: [statsPerms.statsBusiness],
  /** Things that need action; each item only when the account may also read the list it links to (stats/actions). */
  actions: [statsPerms.statsActions],
  ...fleetWidgets,
  /** Who is signed in and their previous sign-in: every account. */
  account: [],
  /** The account's own recent sign-ins: read from the login log. */
  recentLogins: [identityPerms.loginLogQuery],
} as const satisfies Record<string, readonly string[]>;
export type DashboardWidget = keyof typeof DASHBOARD_WIDGETS;
/** The path of the dashboard whose widgets DASHBOARD_WIDGETS lists. */
export const DASHBOARD_PATH = '/dashboard';
