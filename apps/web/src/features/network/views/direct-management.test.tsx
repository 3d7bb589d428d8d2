import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { api, type DirectTeam, type MenuEntry } from '@cbo/contract';
import { endSession, loadSession } from '@/shared/session';
import { fakeServer, renderView, setupI18n, setViewportWidth } from '@/test/list-page';
import { menuEntry, userInfo } from '@/test/fixtures';
import DirectManagementView from './direct-management';

const me = userInfo();
const screenMenu = (id: number, path: string, url: string): MenuEntry =>
  menuEntry({ id, parentId: 1, path, url, name: url });
const team = (over: Partial<DirectTeam>): DirectTeam => ({
  id: 7,
  name: 'Pudong Direct',
  regionName: 'Shanghai',
  leaderName: 'Li Lei',
  ratio: 10,
  members: [
    { id: 5, name: 'Li Lei' },
    { id: 6, name: 'Han Meimei' },
  ],
  outlets: 2,
  owed: 12345,
  role: 'leader',
  ...over,
});

beforeAll(async () => {
  await setupI18n('en_US');
});
beforeEach(() => {
  setViewportWidth(1440);
  endSession();
});

describe('direct management', () => {
  it('shows each team the account runs, how it stands to it, its outlets linked where the account may open them, and what the books owe', async () => {
    fakeServer({
      [api.menuListByUser.path]: [
        {
          ...screenMenu(1, '/operation', ''),
          url: null,
          type: 0,
          children: [screenMenu(2, '/operation/directOutlet', 'outlet/direct-outlets')],
        },
      ],
      [api.userInfo.path]: me,
      [api.teamDirect.path]: [
        team({}),
        team({ id: 8, name: 'Jing An Direct', role: 'member', outlets: 0, owed: -500 }),
      ],
    });
    await loadSession();
    renderView(<DirectManagementView />, { path: '/direct' });
    const led = (await screen.findByText('Pudong Direct')).closest('[data-team]')!;
    expect(led.textContent).toContain('You lead it');
    expect(led.textContent).toContain('Han Meimei');
    expect(led.textContent).toContain('123.45');
    expect(led.querySelector('a[href="/operation/directOutlet"]')?.textContent).toBe('2');
    // The teams screen is not among this account's menus: no link to it.
    expect(led.textContent).not.toContain('Team management');
    const joined = screen.getByText('Jing An Direct').closest('[data-team]')!;
    expect(joined.textContent).toContain('You are a member');
    expect(joined.querySelector('.ant-typography-danger')?.textContent).toContain('5.00');
  });

  it('says so when the account runs no team', async () => {
    fakeServer({ [api.menuListByUser.path]: [], [api.userInfo.path]: me, [api.teamDirect.path]: [] });
    await loadSession();
    renderView(<DirectManagementView />, { path: '/direct' });
    expect(await screen.findByText('You lead or belong to no direct-sales team.')).toBeTruthy();
  });
});
