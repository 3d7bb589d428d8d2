import { z } from 'zod';
import { identityPerms } from './identity/permissions.js';
import { fleetWidgets } from './fleet/overview.js';
import { orderWidgets, statsAgentRanking, statsNow, statsOverview, statsRanking, statsTrend } from './order/order.js';
import { statsPerms } from './stats/permissions.js';
import { statsActions, statsBusiness } from './stats/stats.js';
import { call } from './platform/call.js';
import { dateTime } from './platform/rules.js';
import { tr } from './platform/labels.js';

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

/**
 * GET stats/dashboard: everything the dashboard's statistics widgets show, in one answer (a call of
 * the dashboard, which spans the order and statistics domains: so it is written here, beside the
 * widgets, not in one domain). The console sends the instants of its own zone (midnight today,
 * midnight six days ago, midnight 29 days ago) and now; each part is what its own call answers for
 * that window (`today` and `week`: stats/overview; `trend`: stats/trend of the 30 days, the console
 * keeps the last 7 or 30 of them; the rankings: stats/outletRanking and stats/agentRanking of the 7
 * days; `now`: stats/now; `business`: stats/business of today; `actions`: stats/actions). A part is
 * null when the account lacks the permission of its own call (order figures: the order list's;
 * business and actions: their dashboard buttons), so the dashboard shows only what its widgets grant.
 */
export const statsDashboardQuery = z.object({
  todayBeginTime: dateTime,
  weekBeginTime: dateTime,
  monthBeginTime: dateTime,
  endTime: dateTime,
});
export type StatsDashboardQuery = z.infer<typeof statsDashboardQuery>;
export const statsDashboard = z.object({
  today: statsOverview.nullable(),
  week: statsOverview.nullable(),
  trend: statsTrend.nullable(),
  outletRanking: statsRanking.nullable(),
  agentRanking: statsAgentRanking.nullable(),
  now: statsNow.nullable(),
  business: statsBusiness.nullable(),
  actions: statsActions.nullable(),
});
export type StatsDashboard = z.infer<typeof statsDashboard>;

/** The dashboard's own call (served by the statistics module). */
export const dashboardCalls = {
  statsDashboard: call({
    method: 'GET',
    path: '/order/api/v1/stats/dashboard',
    access: 'authenticated',
    module: 'stats',
    summary:
      "The dashboard's statistics in one answer: today's and 7 days' order figures, 30 days' trend, rankings, orders now, business figures, action list (a part is null without its call's permission)",
    query: statsDashboardQuery,
    data: statsDashboard,
  }),
};

/** What the dashboard's call is named (interfaces screen). */
export const dashboardReads = {
  statsDashboard: tr('首页统计', '首頁統計', 'Dashboard statistics'),
};
