import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
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

  it("shows today's figures linked to the orders they sum, the trend, the ranking; all from one call; switching the period asks nothing more", async () => {
    const server = fakeServer({
      [api.menuDashboard.path]: {
        path: '/dashboard',
        widgets: ['orderFigures', 'orderNow', 'orderTrend', 'outletRanking', 'agentRanking'],
      },
      [api.menuListByUser.path]: menus,
      [api.userInfo.path]: me,
      [api.statsDashboard.path]: (c: { query: URLSearchParams }) => {
        const figures = (beginTime: string | null, orderCount: number, paidAmount: number) => ({
          beginTime,
          endTime: c.query.get('endTime'),
          orderCount,
          paidAmount,
          refundAmount: 300,
          finishedCount: 9,
          rentalMinutes: 600,
        });
        return {
          data: {
            today: figures(c.query.get('todayBeginTime'), 12, 4550),
            week: figures(c.query.get('weekBeginTime'), 40, 9900),
            trend: {
              points: [
                { hour: dayjs().startOf('hour').toISOString(), orderCount: 3, paidAmount: 450, refundAmount: 0 },
                // Twenty days ago: only in the 30 days' chart.
                { hour: dayjs().subtract(20, 'day').toISOString(), orderCount: 5, paidAmount: 500, refundAmount: 0 },
              ],
            },
            now: { using: 5, refunding: 0, refundFailed: 2 },
            agentRanking: { list: [{ agentId: 4, agentName: 'East Agency', orderCount: 9, paidAmount: 2500 }] },
            outletRanking: {
              list: [
                { outletId: 7, outletName: 'Central Station', orderCount: 8, paidAmount: 2400 },
                { outletId: 3, outletName: null, orderCount: 1, paidAmount: 100 },
              ],
            },
            business: null,
            actions: null,
          },
        };
      },
    });
    await loadSession();
    renderView(<DashboardView />, { path: '/dashboard' });
    const orders = await screen.findByTestId('stat-order-orders');
    expect(orders.textContent).toBe('12');
    const link = new URL(orders.closest('a')!.getAttribute('href')!, 'http://x');
    expect(link.pathname).toBe('/order/list');
    // One call answers every widget, its today starting where the link starts.
    expect(server.to(api.statsDashboard.path)).toHaveLength(1);
    const asked = server.to(api.statsDashboard.path)[0]!;
    expect(asked.query.get('todayBeginTime')).toBe(link.searchParams.get('beginTime'));
    expect(dayjs().diff(dayjs(asked.query.get('weekBeginTime')), 'day')).toBe(6);
    expect(dayjs().diff(dayjs(asked.query.get('monthBeginTime')), 'day')).toBe(29);
    expect((await screen.findByTestId('stat-order-periodPaid')).textContent).toMatch(/99\.00/);
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

    // The 30 days are in the answer already: switching draws them without asking again.
    fireEvent.click(screen.getByText('30 days'));
    expect(await screen.findByRole('img', { name: 'Orders and paid, last 30 days' })).toBeTruthy();
    expect(server.to(api.statsDashboard.path)).toHaveLength(1);
    for (const old of [api.orderStatsOverview, api.orderStatsTrend, api.orderStatsNow, api.orderStatsOutletRanking])
      expect(server.to(old.path)).toHaveLength(0);
  });
});
