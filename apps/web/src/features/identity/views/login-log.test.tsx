import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { api, type LoginLogItem } from '@cbo/contract';
import { button, fakeServer, queryButton, renderView, setupI18n, setViewportWidth } from '@/test/list-page';
import { changeLanguage } from '@/shared/i18n';
import LoginLogView from './login-log';

const LIST = api.loginLogQueryPage.path;
const BUTTONS = api.menuGetButton.path;
const EXPORT = api.loginLogExport.path;

const rows: LoginLogItem[] = [
  {
    id: 1,
    userName: 'admin',
    accountType: 'admin',
    terminal: 'MANAGE_PC',
    result: 'success',
    failReason: null,
    ip: '10.0.0.1',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
    createTime: '2025-03-01T08:00:00Z',
  },
  {
    id: 2,
    userName: 'ops',
    accountType: 'agent',
    terminal: 'AGENT_IOS',
    result: 'fail',
    failReason: 'wrong password',
    ip: '10.0.0.2',
    userAgent: null,
    createTime: '2025-03-02T08:00:00Z',
  },
];

beforeAll(async () => {
  await setupI18n('en_US');
});
beforeEach(async () => {
  setViewportWidth(1440);
  await changeLanguage('en_US');
});

describe('login log screen', () => {
  it('shows coded values in words, failures with their reason, and times in the viewer zone', async () => {
    fakeServer({ [LIST]: { list: rows, total: 2 }, [BUTTONS]: [] });
    renderView(<LoginLogView />);
    expect(await screen.findByText('Back office (PC)')).toBeTruthy();
    expect(screen.getByText('Agent iOS app')).toBeTruthy();
    expect(screen.getAllByText('Administrator').length).toBeGreaterThan(0);
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByText('Wrong password')).toBeTruthy();
    expect(screen.getByText(new Date('2025-03-01T08:00:00Z').toLocaleString('sv-SE').slice(0, 19))).toBeTruthy();
  });

  it('offers no sort the server would ignore, and Export only with sys:loginLog:export', async () => {
    const server = fakeServer({
      [LIST]: { list: rows, total: 2 },
      [BUTTONS]: ['sys:loginLog:export'],
      [EXPORT]: { exportId: 3, fileName: 'login-log.xlsx' },
    });
    renderView(<LoginLogView />);
    await screen.findByText('Agent iOS app');
    expect(server.last(LIST)!.query.has('orderBy')).toBe(false);
    expect(document.querySelector('.ant-table-column-has-sorters')).toBeNull();

    await waitFor(() => button(/export/i));
    fireEvent.click(button(/export/i));
    await waitFor(() => expect(server.to(EXPORT)).toHaveLength(1));
    expect(server.to(EXPORT)[0]!.body).toEqual({});
  });

  it('has no Export without the permission', async () => {
    const server = fakeServer({ [LIST]: { list: rows, total: 2 }, [BUTTONS]: [] });
    renderView(<LoginLogView />);
    await screen.findByText('Agent iOS app');
    await waitFor(() => expect(server.to(BUTTONS)).toHaveLength(1));
    expect(queryButton(/export/i)).toBeNull();
  });

  it('switches its words with the language', async () => {
    fakeServer({ [LIST]: { list: rows, total: 2 }, [BUTTONS]: [] });
    renderView(<LoginLogView />);
    await screen.findByText('Agent iOS app');
    await changeLanguage('zh_CN');
    expect(await screen.findByText('代理商 iOS')).toBeTruthy();
    expect(screen.getByText('密码错误')).toBeTruthy();
  });
});
