import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { api, type MenuEntry, type UserInfo } from '@cbo/contract';
import { endSession, loadSession } from '@/shared/session';
import { fakeServer, renderView, setupI18n, setViewportWidth } from '@/test/list-page';
import DashboardView from '../views/index';
import { dailySeries, periodWindow, todayWindow } from './order-widgets';

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
  { ...screenMenu('/order', ''), url: null, type: 0, children: [screenMenu('/order/list', 'order/orders')] },
];

beforeAll(async () => {
  await setupI18n('en_US');
});
beforeEach(() => {
  setViewportWidth(1440);
  endSession();
});

describe('order statistics on the dashboard', () => {
  it("adds the hourly points up into the viewer's days, today last, empty days at 0, older points left out", () => {
    const now = dayjs('2025-03-10T15:20:00');
    const at = (d: string) => dayjs(d).toISOString();
    const series = dailySeries(
      [
        { hour: at('2025-03-10T00:00:00'), orderCount: 2, paidAmount: 300, refundAmount: 0 },
        { hour: at('2025-03-10T14:00:00'), orderCount: 1, paidAmount: 150, refundAmount: 150 },
        { hour: at('2025-03-08T23:00:00'), orderCount: 4, paidAmount: 600, refundAmount: 0 },
        { hour: at('2025-03-01T10:00:00'), orderCount: 9, paidAmount: 900, refundAmount: 0 },
      ],
      3,
      now,
    );
    expect(series).toEqual([
      { day: '2025-03-08', orderCount: 4, paidAmount: 600, refundAmount: 0 },
      { day: '2025-03-09', orderCount: 0, paidAmount: 0, refundAmount: 0 },
      { day: '2025-03-10', orderCount: 3, paidAmount: 450, refundAmount: 150 },
    ]);
    expect(todayWindow(now)).toEqual({
      beginTime: dayjs('2025-03-10T00:00:00').toISOString(),
      endTime: now.toISOString(),
    });
    expect(periodWindow(7, now).beginTime).toBe(dayjs('2025-03-04T00:00:00').toISOString());
  });

  it("shows today's figures linked to the orders they sum, the trend, the ranking; switching the period asks for 30 days", async () => {
    const server = fakeServer({
      [api.menuDashboard.path]: {
        path: '/dashboard',
        widgets: ['orderFigures', 'orderNow', 'orderTrend', 'outletRanking', 'agentRanking'],
      },
      [api.menuListByUser.path]: menus,
      [api.userInfo.path]: me,
      [api.orderStatsOverview.path]: (c: { query: URLSearchParams }) => ({
        data: {
          beginTime: c.query.get('beginTime'),
          endTime: c.query.get('endTime'),
          orderCount: 12,
          paidAmount: 4550,
          refundAmount: 300,
          finishedCount: 9,
          rentalMinutes: 600,
        },
      }),
      [api.orderStatsTrend.path]: {
        points: [{ hour: dayjs().startOf('hour').toISOString(), orderCount: 3, paidAmount: 450, refundAmount: 0 }],
      },
      [api.orderStatsNow.path]: { using: 5, refunding: 0, refundFailed: 2 },
      [api.orderStatsAgentRanking.path]: {
        list: [{ agentId: 4, agentName: 'East Agency', orderCount: 9, paidAmount: 2500 }],
      },
      [api.orderStatsOutletRanking.path]: {
        list: [
          { outletId: 7, outletName: 'Central Station', orderCount: 8, paidAmount: 2400 },
          { outletId: 3, outletName: null, orderCount: 1, paidAmount: 100 },
        ],
      },
    });
    await loadSession();
    renderView(<DashboardView />, { path: '/dashboard' });
    const orders = await screen.findByTestId('stat-order-orders');
    expect(orders.textContent).toBe('12');
    const link = new URL(orders.closest('a')!.getAttribute('href')!, 'http://x');
    expect(link.pathname).toBe('/order/list');
    const asked = server
      .to(api.orderStatsOverview.path)
      .find((c) => c.query.get('beginTime') === link.searchParams.get('beginTime'))!;
    expect(asked).toBeTruthy();
    expect(dayjs(link.searchParams.get('beginTime')).format('HH:mm')).toBe('00:00');
    expect(screen.getByText('9 finished')).toBeTruthy();
    const using = await screen.findByTestId('stat-order-now-using');
    expect(using.textContent).toBe('5');
    expect(using.closest('a')!.getAttribute('href')).toBe('/order/list?status=using');
    expect(screen.getByTestId('stat-order-now-refundFailed').closest('a')!.getAttribute('href')).toBe(
      '/order/list?status=refundFailed',
    );
    expect((await screen.findByTestId('stat-order-refunds')).textContent).toMatch(/3\.00/);
    expect(await screen.findByRole('img', { name: 'Orders and paid, last 7 days' }, { timeout: 5000 })).toBeTruthy();
    const rows = await screen.findAllByTestId('outlet-ranking-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Central Station');
    expect(rows[1]!.textContent).toContain('#3');
    expect((await screen.findAllByTestId('agent-ranking-row'))[0]!.textContent).toContain('East Agency');

    fireEvent.click(screen.getByText('30 days'));
    await waitFor(() =>
      expect(
        server.to(api.orderStatsTrend.path).some((c) => dayjs().diff(dayjs(c.query.get('beginTime')), 'day') === 29),
      ).toBe(true),
    );
    expect(await screen.findByRole('img', { name: 'Orders and paid, last 30 days' })).toBeTruthy();
  });
});
