import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { api, type UserInfo } from '@cbo/contract';
import { fails, fakeServer, renderView, setupI18n, setViewportWidth } from '@/test/list-page';
import DashboardView from './index';

const me: UserInfo = {
  userId: 1, userName: 'admin', nickName: 'Ada Admin', img: null, roles: ['admin'], roleNames: ['Super administrator'],
  authCode: null, areaCode: '86', mobile: '13800000000', lastLoginTime: '2025-03-01T08:00:00Z', lastLoginIp: '203.0.113.9',
};
const signIn = { id: 1, userName: 'admin', accountType: 'admin', terminal: 'MANAGE_PC', result: 'success', failReason: null, ip: '203.0.113.9', userAgent: null, createTime: '2025-03-01T08:00:00Z' };

beforeAll(async () => {
  await setupI18n('en_US');
});
beforeEach(() => setViewportWidth(1440));

describe('dashboard', () => {
  it('shows the account widget with its own recent sign-ins', async () => {
    const server = fakeServer({
      [api.menuDashboard.path]: { path: '/dashboard', widgets: ['account', 'recentLogins'] },
      [api.userInfo.path]: me,
      [api.loginLogQueryPage.path]: { list: [signIn, { ...signIn, id: 2, userName: 'admin2' }], total: 2 },
    });
    renderView(<DashboardView />, { path: '/dashboard' });
    expect(await screen.findByText('Ada Admin')).toBeTruthy();
    expect(screen.getByText('Super administrator')).toBeTruthy();
    expect(screen.getAllByText('203.0.113.9').length).toBeGreaterThan(0);
    expect(await screen.findByText('Recent sign-ins')).toBeTruthy();
    await waitFor(() => expect(document.querySelectorAll('.ant-table-tbody tr.ant-table-row')).toHaveLength(1));
    const q = server.last(api.loginLogQueryPage.path)!.query;
    expect(q.get('userName')).toBe('admin');
    expect(q.get('pageSize')).toBe('5');
    expect(server.last(api.menuDashboard.path)!.query.get('path')).toBe('/dashboard');
  });

  it('leaves the recent sign-ins out, and does not ask, without the recentLogins widget', async () => {
    const server = fakeServer({
      [api.menuDashboard.path]: { path: '/dashboard', widgets: ['account'] },
      [api.userInfo.path]: me,
      [api.loginLogQueryPage.path]: fails(100003, 'You do not have permission to do this'),
    });
    renderView(<DashboardView />, { path: '/dashboard' });
    expect(await screen.findByText('Ada Admin')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Recent sign-ins')).toBeNull();
    expect(server.to(api.loginLogQueryPage.path)).toHaveLength(0);
  });

  it('shows nothing invented when no widget is granted', async () => {
    fakeServer({ [api.menuDashboard.path]: { path: '/dashboard', widgets: [] }, [api.userInfo.path]: me });
    renderView(<DashboardView />, { path: '/dashboard' });
    expect(await screen.findByText('Nothing to show yet')).toBeTruthy();
    expect(screen.queryByText('Ada Admin')).toBeNull();
  });
});
