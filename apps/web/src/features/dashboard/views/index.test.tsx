import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { api, type FleetOverview, type MenuEntry, type PreviousLogin, type UserInfo } from '@cbo/contract';
import { endSession, loadSession } from '@/shared/session';
import { fails, fakeServer, renderView, setupI18n, setViewportWidth } from '@/test/list-page';
import DashboardView from './index';

// Canvas drawing is the browser's; here a chart is a box that says what it shows.
vi.mock('@/shared/chart/echart', () => ({
  default: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const me: UserInfo = {
  userId: 1,
  userName: 'admin',
  nickName: 'Ada Admin',
  img: null,
  roles: ['admin'],
  roleNames: ['Super administrator'],
  authCode: null,
  areaCode: '86',
  mobile: '13800000000',
  lastLoginTime: '2025-03-02T09:00:00Z',
  lastLoginIp: '198.51.100.7',
};
const previous: PreviousLogin = { previousLoginTime: '2025-03-01T08:00:00Z', previousLoginIp: '203.0.113.9' };
const signIn = {
  id: 1,
  userName: 'admin',
  accountType: 'admin',
  terminal: 'MANAGE_PC',
  result: 'success',
  failReason: null,
  ip: '192.0.2.1',
  userAgent: null,
  createTime: '2025-03-01T08:00:00Z',
};

const hours = Array.from({ length: 24 }, (_, i) => new Date(Date.UTC(2025, 2, 2, i)).toISOString());
const overview: FleetOverview = {
  at: '2025-03-02T23:30:00.000Z',
  since: '2025-03-01T23:30:00.000Z',
  cabinets: {
    total: 20,
    online: 17,
    offline: 2,
    neverConnected: 1,
    full: 3,
    empty: 0,
    weakSignal: 4,
    faulty: 1,
    onlineTrend: hours.map((at) => ({ at, online: 17 })),
  },
  powerBanks: { inCabinets: 120, charged: 90, chargedPercent: 75 },
  commands: {
    total: 40,
    failed: 2,
    expired: 1,
    hourly: hours.map((at) => ({ at, succeeded: 1, failed: 0, expired: 0, open: 0 })),
  },
  firmware: { running: 1 },
  events: {
    online: 5,
    offline: 2,
    refused: 9,
    recent: [
      {
        id: 7,
        sn: 'CBOX000000000001',
        kind: 'offline',
        reason: 'heartbeatTimeout',
        address: null,
        detail: null,
        actor: null,
        count: 1,
        createdAt: '2025-03-02T23:00:00Z',
      },
    ],
  },
};
const screenMenu = (path: string, url: string): MenuEntry => ({
  id: path.length,
  parentId: 1,
  path,
  url,
  name: url,
  type: 1,
  hidden: false,
  roles: null,
  icon: null,
  orderNum: 0,
  perms: null,
  children: [],
});
const menus: MenuEntry[] = [
  {
    ...screenMenu('/device', ''),
    url: null,
    type: 0,
    children: [
      screenMenu('/device/cabinet', 'fleet/cabinets'),
      screenMenu('/device/command', 'fleet/commands'),
      screenMenu('/device/deviceLog', 'fleet/device-log'),
    ],
  },
];
const ALL = [
  'fleetCabinets',
  'fleetPowerBanks',
  'fleetCommands',
  'fleetFirmware',
  'fleetEvents',
  'account',
  'recentLogins',
];

beforeAll(async () => {
  await setupI18n('en_US');
});
beforeEach(() => {
  setViewportWidth(1440);
  endSession();
});

describe('dashboard', () => {
  it('shows the fleet numbers, each linked to its list filtered to exactly those rows', async () => {
    fakeServer({
      [api.menuDashboard.path]: { path: '/dashboard', widgets: ALL },
      [api.userInfo.path]: me,
      [api.userPreviousLogin.path]: previous,
      [api.menuListByUser.path]: menus,
      [api.fleetOverview.path]: overview,
      [api.loginLogQueryPage.path]: { list: [signIn], total: 1 },
    });
    await loadSession();
    renderView(<DashboardView />, { path: '/dashboard' });
    const online = await screen.findByTestId('stat-online');
    expect(online.textContent).toBe('17');
    expect(online.closest('a')!.getAttribute('href')).toBe('/device/cabinet?connection=online');
    expect(screen.getByTestId('stat-offline').closest('a')!.getAttribute('href')).toBe(
      '/device/cabinet?connection=offline',
    );
    expect(screen.getByTestId('stat-neverConnected').closest('a')!.getAttribute('href')).toBe(
      '/device/cabinet?connection=neverConnected',
    );
    expect(screen.getByTestId('attention-full').getAttribute('href')).toBe('/device/cabinet?condition=full');
    // A number whose list the account has no screen for is shown, not linked.
    expect(screen.getByTestId('stat-charged').textContent).toBe('75%');
    expect(screen.getByTestId('stat-charged').closest('a')).toBeNull();
    const failed = new URL(
      screen.getByTestId('stat-commands-only-failed').closest('a')!.getAttribute('href')!,
      'http://x',
    );
    expect(failed.pathname).toBe('/device/command');
    expect(Object.fromEntries(failed.searchParams)).toEqual({
      state: 'failed',
      beginTime: overview.since,
      endTime: overview.at,
    });
    expect(screen.getByTestId('stat-commands-failed').textContent).toBe('3');
    expect(screen.getByTestId('events-refused').closest('a')!.getAttribute('href')).toContain(
      '/device/deviceLog?kind=refused',
    );
    expect(screen.getByText('CBOX000000000001')).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Cabinets online, last 24 h' }, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Commands per hour, last 24 h' })).toBeTruthy();
    // The account shows the sign-in before this one, not this session's.
    expect(screen.getByText('Previous sign-in')).toBeTruthy();
    expect(await screen.findByText('203.0.113.9')).toBeTruthy();
    expect(await screen.findByText('Recent sign-ins')).toBeTruthy();
  });

  it('shows only the widgets granted, and does not ask for what it may not show', async () => {
    const server = fakeServer({
      [api.menuDashboard.path]: { path: '/dashboard', widgets: ['account'] },
      [api.userInfo.path]: me,
      [api.userPreviousLogin.path]: { previousLoginTime: null, previousLoginIp: null },
      [api.fleetOverview.path]: fails(100003, 'You do not have permission to do this'),
      [api.loginLogQueryPage.path]: fails(100003, 'You do not have permission to do this'),
    });
    renderView(<DashboardView />, { path: '/dashboard' });
    expect(await screen.findByText('Ada Admin')).toBeTruthy();
    // The account card asks for the previous sign-in itself; on a first sign-in there is none.
    expect(await screen.findByText('None before this one')).toBeTruthy();
    expect(server.to(api.userPreviousLogin.path)).toHaveLength(1);
    expect(screen.queryByTestId('stat-online')).toBeNull();
    expect(screen.queryByText('Recent sign-ins')).toBeNull();
    expect(server.to(api.loginLogQueryPage.path)).toHaveLength(0);
    expect(server.to(api.fleetOverview.path)).toHaveLength(0);
    expect(server.to(api.statsDashboard.path)).toHaveLength(0);
  });

  it('says the fleet is empty instead of drawing empty charts', async () => {
    const empty: FleetOverview = {
      ...overview,
      cabinets: { ...overview.cabinets!, total: 0, online: 0, offline: 0, neverConnected: 0, full: 0, onlineTrend: [] },
      commands: { total: 0, failed: 0, expired: 0, hourly: [] },
    };
    fakeServer({
      [api.menuDashboard.path]: { path: '/dashboard', widgets: ['fleetCabinets', 'fleetCommands'] },
      [api.fleetOverview.path]: empty,
    });
    renderView(<DashboardView />, { path: '/dashboard' });
    expect((await screen.findByTestId('stat-online')).textContent).toBe('0');
    expect(screen.getAllByText('No cabinet stocked in yet').length).toBeGreaterThan(0);
    expect(screen.getByText('No command in this time')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /last 24 h/ })).toBeNull();
  });

  it('shows nothing invented when no widget is granted', async () => {
    const server = fakeServer({
      [api.menuDashboard.path]: { path: '/dashboard', widgets: [] },
      [api.userInfo.path]: me,
    });
    renderView(<DashboardView />, { path: '/dashboard' });
    expect(await screen.findByText('Nothing to show yet')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Ada Admin')).toBeNull());
    expect(server.to(api.userPreviousLogin.path)).toHaveLength(0);
  });
});
