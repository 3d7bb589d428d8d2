import type { ReactNode } from 'react';
import { fleetWidgets, type DashboardWidget, type FleetOverview, type UserInfo } from '@cbo/contract';
import { AccountWidget, RecentSignIns } from './account-widget';
import { ActionsCard, BusinessStat } from './business-widgets';
import { AgentRanking, OrderFigures, OrderNow, OrderTrend, OutletRanking } from './order-widgets';
import {
  AttentionCard,
  CabinetStat,
  ChargedStat,
  CommandStat,
  CommandTrend,
  FirmwareStat,
  OnlineTrend,
  RecentEventsCard,
} from './fleet-widgets';

/**
 * Where a piece of a widget goes: the row of numbers, the row of charts, or the panels beneath
 * (`wide` panels take two thirds of a row at 1440 px).
 */
export interface Piece {
  key: string;
  area: 'stats' | 'charts' | 'panels';
  wide?: boolean;
  node: ReactNode;
}

/** What the widgets are drawn from: each is fetched only when a granted widget needs it. */
export interface WidgetData {
  /** undefined while loading. */
  overview: FleetOverview | undefined;
  user: UserInfo | undefined;
}

/**
 * Each widget the server may grant (DASHBOARD_WIDGETS), by name: its pieces. A widget name the
 * console does not know yet (a newer server) is skipped. Later widgets (business statistics) add
 * an entry here and the data they need to WidgetData.
 */
export const WIDGETS: Record<DashboardWidget, (d: WidgetData) => Piece[]> = {
  // The business first (issue 16): their figures come from one call (stats/dashboard, use-dashboard-stats.ts) they share.
  orderFigures: () => [
    { key: 'orderToday', area: 'stats', node: <OrderFigures which="orders" /> },
    { key: 'paidToday', area: 'stats', node: <OrderFigures which="paid" /> },
    { key: 'refundsToday', area: 'stats', node: <OrderFigures which="refunds" /> },
    { key: 'paidPeriod', area: 'stats', node: <OrderFigures which="periodPaid" /> },
  ],
  orderNow: () => [
    { key: 'usingNow', area: 'stats', node: <OrderNow which="using" /> },
    { key: 'refundingNow', area: 'stats', node: <OrderNow which="refunding" /> },
    { key: 'refundFailedNow', area: 'stats', node: <OrderNow which="refundFailed" /> },
  ],
  business: () => [
    { key: 'newUsers', area: 'stats', node: <BusinessStat which="newUsers" /> },
    { key: 'activeCabinets', area: 'stats', node: <BusinessStat which="activeCabinets" /> },
  ],
  actions: () => [{ key: 'actions', area: 'panels', node: <ActionsCard /> }],
  orderTrend: () => [{ key: 'orderTrend', area: 'charts', node: <OrderTrend /> }],
  outletRanking: () => [{ key: 'outletRanking', area: 'panels', node: <OutletRanking /> }],
  agentRanking: () => [{ key: 'agentRanking', area: 'panels', node: <AgentRanking /> }],
  fleetCabinets: ({ overview }) => [
    { key: 'online', area: 'stats', node: <CabinetStat overview={overview} which="online" /> },
    { key: 'offline', area: 'stats', node: <CabinetStat overview={overview} which="offline" /> },
    { key: 'neverConnected', area: 'stats', node: <CabinetStat overview={overview} which="neverConnected" /> },
    { key: 'onlineTrend', area: 'charts', node: <OnlineTrend overview={overview} /> },
    { key: 'attention', area: 'panels', node: <AttentionCard overview={overview} /> },
  ],
  fleetPowerBanks: ({ overview }) => [{ key: 'charged', area: 'stats', node: <ChargedStat overview={overview} /> }],
  fleetCommands: ({ overview }) => [
    { key: 'commands', area: 'stats', node: <CommandStat overview={overview} /> },
    { key: 'commandTrend', area: 'charts', node: <CommandTrend overview={overview} /> },
  ],
  fleetFirmware: ({ overview }) => [{ key: 'firmware', area: 'stats', node: <FirmwareStat overview={overview} /> }],
  fleetEvents: ({ overview }) => [
    { key: 'events', area: 'panels', wide: true, node: <RecentEventsCard overview={overview} /> },
  ],
  account: ({ user }) => (user ? [{ key: 'account', area: 'panels', node: <AccountWidget user={user} /> }] : []),
  recentLogins: ({ user }) =>
    user ? [{ key: 'recentLogins', area: 'panels', wide: true, node: <RecentSignIns userName={user.userName} /> }] : [],
};

/** Widgets whose numbers come from the fleet overview call (the contract's fleet widgets). */
export const FLEET_WIDGETS = Object.keys(fleetWidgets) as DashboardWidget[];

export function isKnownWidget(name: string): name is DashboardWidget {
  return Object.hasOwn(WIDGETS, name);
}
