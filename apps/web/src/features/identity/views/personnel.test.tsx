import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { api, type ManageItem, type MenuEntry } from '@cbo/contract';
import { button, fails, fakeServer, queryButton, renderView, setupI18n, setViewportWidth } from '@/test/list-page';
import { changeLanguage } from '@/shared/i18n';
import { installErrorHandling } from '@/shared/errors';
import { setFeedback, type Feedback } from '@/shared/feedback';
import PersonnelView from './personnel';
import { MenuTreeField } from '../components/menu-tree-field';

const LIST = api.manageList.path;
const BUTTONS = api.menuGetButton.path;
const STATUS = api.manageStatus.path;
const CREATE = api.manageCreate.path;

const row = (over: Partial<ManageItem>): ManageItem => ({
  manageId: 2,
  userName: 'clerk',
  nickName: 'Clerk',
  areaCode: '86',
  mobile: '13800000000',
  email: null,
  img: null,
  idCard: null,
  address: null,
  note: null,
  status: 0,
  roles: [{ id: 3, name: 'role.operations' }],
  orgId: 5,
  orgName: 'North',
  loginCount: 3,
  lastLoginTime: null,
  createTime: '2026-01-01T00:00:00Z',
  ...over,
});
const common = {
  [api.orgTree.path]: [{ id: 5, parentId: 0, name: 'North', orderNum: 0, accountCount: 1, children: [] }],
  [api.roleOptions.path]: [{ id: 3, name: 'role.operations', isSuper: false }],
};

beforeAll(async () => {
  await setupI18n('en_US');
});
beforeEach(async () => {
  setViewportWidth(1440);
  await changeLanguage('en_US');
});

describe('personnel screen', () => {
  it('shows only the buttons the account holds', async () => {
    fakeServer({ ...common, [LIST]: { list: [row({})], total: 1 }, [BUTTONS]: [] });
    renderView(<PersonnelView />, { path: '/system/personnel' });
    expect(await screen.findByText('clerk')).toBeTruthy();
    expect(screen.getByText('Operations')).toBeTruthy();
    expect(queryButton(/New account/)).toBeNull();
    expect(queryButton(/^Freeze$/)).toBeNull();
    expect(queryButton(/^Edit$/)).toBeNull();
  });

  it('freezes after confirming, and filters by the chosen department', async () => {
    const server = fakeServer({
      ...common,
      [LIST]: { list: [row({})], total: 1 },
      [BUTTONS]: ['sys:manage:status'],
      [STATUS]: null,
    });
    renderView(<PersonnelView />, { path: '/system/personnel' });
    fireEvent.click(await waitFor(() => button(/^Freeze$/)));
    expect((await screen.findAllByText('Freeze the account clerk?')).length).toBeGreaterThan(0);
    fireEvent.click(button(/^OK$/));
    await waitFor(() => expect(server.last(STATUS)?.body).toEqual({ manageId: 2, status: 1 }));
    fireEvent.click(screen.getAllByText('North')[0]!);
    await waitFor(() => expect(server.last(LIST)?.query.get('orgId')).toBe('5'));
  });

  it('tags an account whose sign-in is locked and lifts the lockout after confirming, with sys:manage:unlockLogin only', async () => {
    const LOCKS = api.manageLoginLocks.path;
    const UNLOCK = api.manageUnlockLogin.path;
    const locked = { manageId: 2, ip: '10.0.0.9', failures: 10, lockedUntil: '2026-01-01T00:15:00Z' };
    const server = fakeServer({
      ...common,
      [LIST]: { list: [row({}), row({ manageId: 4, userName: 'other' })], total: 2 },
      [BUTTONS]: ['sys:manage:unlockLogin'],
      [LOCKS]: [locked],
      [UNLOCK]: { lifted: 1 },
    });
    renderView(<PersonnelView />, { path: '/system/personnel' });
    expect(await screen.findByText('Sign-in locked')).toBeTruthy();
    // Only the locked account offers the action.
    // Counted over the buttons directly: a role query over antd's table is too slow for a busy machine.
    expect(
      [...document.querySelectorAll('button')].filter((b) => /Unlock sign-in/.test(b.textContent ?? '')),
    ).toHaveLength(1);
    fireEvent.click(button(/Unlock sign-in/));
    expect((await screen.findAllByText('Lift the sign-in lockout of clerk?')).length).toBeGreaterThan(0);
    fireEvent.click(button(/^OK$/));
    await waitFor(() => expect(server.last(UNLOCK)?.body).toEqual({ manageId: 2 }));
  });

  it('offers no unlock without the permission, though the tag shows', async () => {
    fakeServer({
      ...common,
      [LIST]: { list: [row({})], total: 1 },
      [BUTTONS]: [],
      [api.manageLoginLocks.path]: [{ manageId: 2, ip: null, failures: 40, lockedUntil: '2026-01-01T00:15:00Z' }],
    });
    renderView(<PersonnelView />, { path: '/system/personnel' });
    expect(await screen.findByText('Sign-in locked')).toBeTruthy();
    expect(queryButton(/Unlock sign-in/)).toBeNull();
  });

  it('checks the field rules before sending a new account', async () => {
    const server = fakeServer({
      ...common,
      [LIST]: { list: [], total: 0 },
      [BUTTONS]: ['sys:manage:add'],
      [CREATE]: { manageId: 9 },
    });
    renderView(<PersonnelView />, { path: '/system/personnel' });
    fireEvent.click(await waitFor(() => button(/New account/)));
    const drawer = await waitFor(() => document.querySelector('.ant-drawer')!);
    const input = (label: string) => within(drawer as HTMLElement).getByLabelText(label);
    fireEvent.change(input('User name'), { target: { value: 'bad name' } });
    fireEvent.change(input('Password'), { target: { value: 'abc' } });
    fireEvent.click(button(/Save/));
    expect(await screen.findByText('User name must be 1-18 letters, digits or underscores')).toBeTruthy();
    expect(screen.getByText('Password must be 6-18 letters or digits, without special characters')).toBeTruthy();
    expect(server.to(CREATE)).toHaveLength(0);
  });

  it('a taken user name is said under the user name field, not in a toast, and the drawer stays open', async () => {
    const toasts: unknown[] = [];
    const record = (c: unknown) => void toasts.push(c);
    setFeedback({
      message: {
        error: record,
        success: record,
        info: record,
        warning: record,
        loading: record,
      } as unknown as Feedback['message'],
      modal: {} as Feedback['modal'],
    });
    const off = installErrorHandling();
    try {
      const server = fakeServer({
        ...common,
        [LIST]: { list: [], total: 0 },
        [BUTTONS]: ['sys:manage:add'],
        [CREATE]: fails(100101, 'The user name is already taken'),
      });
      renderView(<PersonnelView />, { path: '/system/personnel' });
      fireEvent.click(await waitFor(() => button(/New account/)));
      const drawer = (await waitFor(() => document.querySelector('.ant-drawer')!)) as HTMLElement;
      const input = (label: string) => within(drawer).getByLabelText(label);
      fireEvent.change(input('User name'), { target: { value: 'clerk' } });
      fireEvent.change(input('Password'), { target: { value: 'abc123' } });
      fireEvent.change(input('Nickname'), { target: { value: 'Clerk' } });
      fireEvent.mouseDown(within(drawer).getByLabelText('Roles'));
      fireEvent.click(await screen.findByTitle('Operations'));
      fireEvent.click(button(/Save/));
      await waitFor(() => expect(server.to(CREATE)).toHaveLength(1));
      const item = input('User name').closest('.ant-form-item')!;
      await waitFor(() => expect(item.textContent).toContain('The user name is already taken'));
      expect(item.className).toContain('ant-form-item-has-error');
      // (Calls this fake server does not answer raise their own toasts; none says the field's words.)
      expect(JSON.stringify(toasts)).not.toContain('already taken');
      expect(document.querySelector('.ant-drawer-open')).toBeTruthy();
    } finally {
      off();
      setFeedback(null);
    }
  });
});

describe('role menu tree', () => {
  const entry = (
    id: number,
    parentId: number,
    name: string,
    type: 0 | 1 | 2,
    children: MenuEntry[] = [],
  ): MenuEntry => ({
    id,
    parentId,
    name,
    type,
    children,
    path: '',
    url: null,
    hidden: false,
    roles: null,
    icon: null,
    orderNum: 0,
    perms: null,
  });
  const menus = [entry(1, 0, 'Dir', 0, [entry(2, 1, 'Page', 1, [entry(3, 2, 'Add', 2), entry(4, 2, 'Export', 2)])])];
  function Harness({ initial, onValue }: { initial: number[]; onValue: (v: number[]) => void }) {
    const [value, setValue] = useState(initial);
    return <MenuTreeField menus={menus} value={value} onChange={(v) => (setValue(v), onValue(v))} />;
  }
  const box = (title: string) =>
    screen.getByText(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;

  it('a menu held without all its buttons is half-checked; ticking a button takes its parents', () => {
    let last: number[] = [];
    render(<Harness initial={[1, 2, 4]} onValue={(v) => (last = v)} />);
    expect(box('Page').className).toContain('indeterminate');
    expect(box('Export').className).toContain('checked');
    expect(box('Add').className).not.toContain('checked');
    fireEvent.click(box('Add'));
    expect(last).toEqual([1, 2, 3, 4]);
    expect(box('Dir').className).toContain('ant-tree-checkbox-checked');
    fireEvent.click(box('Page'));
    expect(last).toEqual([1]);
  });
});
