import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { api, type LoginLogItem } from '@cbo/contract';
import { ListPage } from './list-page';
import type { ColumnsOf, FilterField, FilterKey, ListColumn } from './types';
import { button, fakeServer, queryButton, renderView, setupI18n, setViewportWidth } from '@/test/list-page';

const LIST = api.loginLogQueryPage.path;
const EXPORT = api.loginLogExport.path;
const BUTTONS = api.menuGetButton.path;

function row(id: number, userName: string): LoginLogItem {
  return {
    id,
    userName,
    accountType: 'admin',
    terminal: 'MANAGE_PC',
    result: 'success',
    failReason: null,
    ip: '10.0.0.1',
    userAgent: null,
    createTime: '2025-03-01T08:00:00Z',
  };
}

// No call of the contract takes a sort yet; the kit's sorting is exercised on the login log call
// with the sort types opened (the server would ignore orderBy; the fake server records it).
const columns: ListColumn<LoginLogItem, true>[] = [
  { title: 'Account', dataIndex: 'userName', key: 'userName', sortable: true },
  { title: 'Address', dataIndex: 'ip', key: 'ip' },
  { title: 'Time', dataIndex: 'createTime', key: 'createTime', sortable: 'loginTime' },
];

function screenUnderTest(
  extra: { filters?: FilterField<FilterKey<'loginLogQueryPage'>>[]; title?: (range: string | null) => string } = {},
) {
  return (
    <ListPage
      listCall="loginLogQueryPage"
      rowKey="id"
      title={extra.title ?? 'Sign-ins'}
      columns={columns as unknown as ColumnsOf<'loginLogQueryPage'>}
      filters={
        extra.filters ?? [
          { type: 'text', name: 'userName', label: 'Account' },
          { type: 'select', name: 'result', label: 'Result', options: [{ value: 'fail', label: 'Failed' }] },
          { type: 'text', name: 'ip', label: 'Address' },
        ]
      }
      defaultSort={{ orderBy: 'loginTime', order: 'descend' } as never}
      exportCall="loginLogExport"
      exportPerm="sys:loginLog:export"
    />
  );
}

function filterForm(): HTMLElement {
  return document.querySelector('form.list-page-filters') as HTMLElement;
}

beforeAll(async () => {
  await setupI18n('en_US');
});
beforeEach(() => {
  setViewportWidth(1440);
  vi.unstubAllGlobals();
});

describe('ListPage', () => {
  it('renders the columns and rows, asks for the first page with the default sort, and shows the total', async () => {
    const server = fakeServer({ [LIST]: { list: [row(1, 'alice'), row(2, 'bob')], total: 42 }, [BUTTONS]: [] });
    renderView(screenUnderTest());

    expect(await screen.findByText('alice')).toBeTruthy();
    expect(screen.getByText('bob')).toBeTruthy();
    for (const title of ['Account', 'Address', 'Time']) expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    expect(screen.getByText('42 in total')).toBeTruthy();

    const first = server.last(LIST)!;
    expect(first.method).toBe('GET');
    expect(first.query.get('pageNum')).toBe('1');
    expect(first.query.get('pageSize')).toBe('10');
    expect(first.query.get('orderBy')).toBe('loginTime');
    expect(first.query.get('order')).toBe('descend');
  });

  it('hides a column from the column settings, remembers it for the screen, and a reset brings it back', async () => {
    localStorage.clear();
    fakeServer({ [LIST]: { list: [row(1, 'alice')], total: 1 }, [BUTTONS]: [] });
    const view = renderView(screenUnderTest());
    await screen.findByText('alice');
    const header = () => Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent);
    expect(header()).toContain('Address');

    fireEvent.click(button(/^columns$/i));
    const address = await screen.findByRole('checkbox', { name: 'Address' });
    fireEvent.click(address);
    await waitFor(() => expect(header()).not.toContain('Address'));
    expect(JSON.parse(localStorage.getItem('listTable:loginLogQueryPage')!)).toMatchObject({ hidden: ['ip'] });

    view.unmount();
    renderView(screenUnderTest());
    await screen.findByText('alice');
    expect(header()).not.toContain('Address');
    fireEvent.click(button(/^columns$/i));
    const popover = await waitFor(() => document.querySelector('.ant-popover:not(.ant-popover-hidden)') as HTMLElement);
    fireEvent.click(within(popover).getByText('Reset'));
    await waitFor(() => expect(header()).toContain('Address'));
    expect(localStorage.getItem('listTable:loginLogQueryPage')).toBeNull();
  });

  it('sends trimmed filters on search, leaves empty ones out and goes back to page 1', async () => {
    const server = fakeServer({ [LIST]: { list: [row(1, 'alice')], total: 30 }, [BUTTONS]: [] });
    renderView(screenUnderTest());
    await screen.findByText('alice');

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(server.last(LIST)!.query.get('pageNum')).toBe('2'));

    const form = filterForm();
    fireEvent.change(within(form).getByLabelText('Account'), { target: { value: '  alice ' } });
    fireEvent.click(button(/search/i));

    await waitFor(() => expect(server.last(LIST)!.query.get('userName')).toBe('alice'));
    const q = server.last(LIST)!.query;
    expect(q.get('pageNum')).toBe('1');
    expect(q.has('ip')).toBe(false);
    expect(q.has('result')).toBe(false);
  });

  it('reset clears the filters and asks again', async () => {
    const server = fakeServer({ [LIST]: { list: [row(1, 'alice')], total: 1 }, [BUTTONS]: [] });
    renderView(screenUnderTest());
    await screen.findByText('alice');
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '10.0.0.1' } });
    fireEvent.click(button(/search/i));
    await waitFor(() => expect(server.last(LIST)!.query.get('ip')).toBe('10.0.0.1'));

    fireEvent.click(button(/reset/i));
    await waitFor(() => expect(server.last(LIST)!.query.has('ip')).toBe(false));
    expect((screen.getByLabelText('Address') as HTMLInputElement).value).toBe('');
  });

  it('sorts on the server by the column key or its explicit orderBy', async () => {
    const server = fakeServer({ [LIST]: { list: [row(1, 'alice')], total: 1 }, [BUTTONS]: [] });
    renderView(screenUnderTest());
    await screen.findByText('alice');

    const header = [...document.querySelectorAll('th')].find((th) => th.textContent?.includes('Account'))!;
    fireEvent.click(header);
    await waitFor(() => expect(server.last(LIST)!.query.get('orderBy')).toBe('userName'));
    expect(server.last(LIST)!.query.get('order')).toBe('ascend');
  });

  it('shows the empty state when nothing matches, and not before the answer', async () => {
    fakeServer({ [LIST]: { list: [], total: 0 }, [BUTTONS]: [] });
    renderView(screenUnderTest());
    // Before the first answer the spinner stands over an empty area, not over "No data".
    expect(await screen.findByTestId('list-pending')).toBeTruthy();
    expect(document.querySelector('.ant-empty')).toBeNull();
    await waitFor(() => expect(document.querySelector('.ant-empty-description')?.textContent).toBe('No data'));
  });

  it("a heading, column or filter without words of its own takes its export sheet's, in the chosen language", async () => {
    fakeServer({ [LIST]: { list: [row(1, 'alice')], total: 1 }, [BUTTONS]: [] });
    renderView(
      <ListPage
        listCall="loginLogQueryPage"
        rowKey="id"
        columns={[
          { dataIndex: 'userName', key: 'userName' },
          { title: 'Where from', dataIndex: 'ip', key: 'ip' },
        ]}
        filters={[
          { type: 'text', name: 'userName' },
          { type: 'text', name: 'ip', label: 'Where from' },
        ]}
        exportCall="loginLogExport"
        exportPerm="sys:loginLog:export"
      />,
    );
    expect(await screen.findByText('alice')).toBeTruthy();
    // The sheet's title and its 'userName' heading (contract exportLabels.loginLogExport); words given stay.
    expect(screen.getByRole('heading', { name: 'Login log' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Account' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Where from' })).toBeTruthy();
    expect(within(filterForm()).getByLabelText('Account')).toBeTruthy();
    expect(within(filterForm()).getByLabelText('Where from')).toBeTruthy();
  });

  it('exports the current filters to the export call and says where the file will be', async () => {
    const server = fakeServer({
      [LIST]: { list: [row(1, 'alice')], total: 1 },
      [BUTTONS]: ['sys:loginLog:export'],
      [EXPORT]: { exportId: 7, fileName: 'login-log.xlsx' },
    });
    renderView(screenUnderTest());
    await screen.findByText('alice');

    fireEvent.change(within(filterForm()).getByLabelText('Account'), { target: { value: 'bob' } });
    fireEvent.click(await waitFor(() => button(/export/i)));

    await waitFor(() => expect(server.to(EXPORT)).toHaveLength(1));
    const call = server.to(EXPORT)[0]!;
    expect(call.method).toBe('POST');
    expect(call.body).toEqual({ userName: 'bob' });
    expect(await screen.findByText(/login-log\.xlsx/)).toBeTruthy();
  });

  it('hides Export from an account without the permission', async () => {
    fakeServer({ [LIST]: { list: [row(1, 'alice')], total: 1 }, [BUTTONS]: ['sys:other'] });
    renderView(screenUnderTest());
    await screen.findByText('alice');
    await waitFor(() => expect(button(/refresh/i)).toBeTruthy());
    expect(queryButton(/export/i)).toBeNull();
  });

  it('refuses a time range over 30 days in the form, in the words of the server', async () => {
    const begin = dayjs('2025-01-01T00:00:00');
    const server = fakeServer({ [LIST]: { list: [row(1, 'alice')], total: 1 }, [BUTTONS]: [] });
    renderView(
      screenUnderTest({
        filters: [
          {
            type: 'dateRange',
            name: 'range',
            label: 'Time',
            begin: 'beginTime',
            end: 'endTime',
            maxDays: 30,
            initialValue: [begin, begin.add(31, 'day')],
          },
        ],
      }),
    );
    await screen.findByText('alice');
    const before = server.to(LIST).length;

    fireEvent.click(button(/search/i));
    expect(await screen.findByText('The time range cannot exceed 30 days')).toBeTruthy();
    expect(server.to(LIST)).toHaveLength(before);
  });

  it('sends a range of days as whole days: one picked day is that day, from its start to its end', async () => {
    const day = dayjs('2025-01-07T00:00:00');
    const server = fakeServer({ [LIST]: { list: [row(1, 'alice')], total: 1 }, [BUTTONS]: [] });
    renderView(
      screenUnderTest({
        title: (range: string | null) => (range ? `Rows of ${range}` : 'Rows of the last 30 days'),
        filters: [
          {
            type: 'dateRange',
            name: 'range',
            label: 'Time',
            begin: 'beginTime',
            end: 'endTime',
            maxDays: 30,
            initialValue: [day, day],
          },
        ],
      }),
    );
    await screen.findByText('alice');
    const q = server.last(LIST)!.query;
    expect(q.get('beginTime')).toBe(day.toISOString());
    expect(q.get('endTime')).toBe(day.endOf('day').toISOString());
    // The heading names the range it shows, not the default window.
    expect(screen.getByText('Rows of 2025-01-07')).toBeTruthy();
  });

  it('a range with times is sent as picked, and the heading shows its times', async () => {
    const begin = dayjs('2025-01-01T08:30:00');
    const end = begin.add(29, 'day');
    const server = fakeServer({ [LIST]: { list: [row(1, 'alice')], total: 1 }, [BUTTONS]: [] });
    renderView(
      screenUnderTest({
        title: (range: string | null) => (range ? `Rows of ${range}` : 'Rows of the last 30 days'),
        filters: [
          {
            type: 'dateRange',
            name: 'range',
            label: 'Time',
            begin: 'beginTime',
            end: 'endTime',
            maxDays: 30,
            showTime: true,
            initialValue: [begin, end],
          },
        ],
      }),
    );
    await screen.findByText('alice');
    const q = server.last(LIST)!.query;
    expect(q.get('beginTime')).toBe(begin.toISOString());
    expect(q.get('endTime')).toBe(end.toISOString());
    expect(screen.getByText('Rows of 2025-01-01 08:30:00 – 2025-01-30 08:30:00')).toBeTruthy();
  });

  it('pins the actions on the right at a narrow width, and lets the identity column scroll when both would cover a column', async () => {
    // Account 120, Address 340, Time 110, Actions 90: 660 px. The table's card is measured (jsdom
    // lays nothing out, so every element answers the stubbed width).
    const pinnedColumns = [
      { title: 'Account', dataIndex: 'userName', key: 'userName', fixed: 'left', width: 120 },
      { title: 'Address', dataIndex: 'ip', key: 'ip', width: 340 },
      { title: 'Time', dataIndex: 'createTime', key: 'createTime', width: 110 },
      { title: 'Actions', key: 'actions', fixed: 'right', width: 90, render: () => 'Details' },
    ] as unknown as ColumnsOf<'loginLogQueryPage'>;
    const header = (title: string) =>
      screen
        .getAllByText(title)
        .map((el) => el.closest('th'))
        .find(Boolean)!;
    const pinnedAt = async (width: number) => {
      vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, width, 400));
      fakeServer({ [LIST]: { list: [row(1, 'alice')], total: 1 }, [BUTTONS]: [] });
      const view = renderView(
        <ListPage listCall="loginLogQueryPage" rowKey="id" title="Sign-ins" columns={pinnedColumns} />,
      );
      await screen.findByText('alice');
      const side = (title: string) => {
        const cls = header(title).className;
        return cls.includes('-fix-start') ? 'left' : cls.includes('-fix-end') ? 'right' : null;
      };
      const pins = { account: side('Account'), address: side('Address'), actions: side('Actions') };
      view.unmount();
      vi.restoreAllMocks();
      return pins;
    };
    setViewportWidth(800);
    // 600 px: Address is under the actions at neither end of the scroll: both pins stay.
    expect(await pinnedAt(600)).toEqual({ account: 'left', address: null, actions: 'right' });
    // 520 px: Address would lie under the actions at the start and under Account at the end.
    expect(await pinnedAt(520)).toEqual({ account: null, address: null, actions: 'right' });
  });

  it('collapses filters beyond the first row on a phone', async () => {
    setViewportWidth(390);
    fakeServer({ [LIST]: { list: [row(1, 'alice')], total: 1 }, [BUTTONS]: [] });
    renderView(screenUnderTest());
    await screen.findByText('alice');
    const form = filterForm();
    const hiddenCol = within(form).getByLabelText('Address').closest('.list-page-filter-cell') as HTMLElement;
    expect(hiddenCol.style.display).toBe('none');
    const account = within(form).getByLabelText('Account').closest('.list-page-filter-cell') as HTMLElement;
    expect(account.style.display).toBe('');
    fireEvent.click(button(/more/i));
    expect(hiddenCol.style.display).toBe('');
  });
});
