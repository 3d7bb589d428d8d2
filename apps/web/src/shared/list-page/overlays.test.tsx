import { useMemo, useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, updateProfileRequest, type LoginLogItem } from '@cbo/contract';
import { useZodRule } from '@/shared/form';
import { request } from '@/shared/request';
import { DetailDrawer } from './detail-drawer';
import { detailColumn } from './detail-column';
import { FormDrawer } from './form-drawer';
import { ListPage } from './list-page';
import { useOverlay } from './use-overlay';
import { callKey } from './call-key';
import type { ColumnsOf } from './types';
import { button, fails, fakeServer, renderView, setupI18n, setViewportWidth } from '@/test/list-page';

const UPDATE = api.manageUpdate.path;

function EditNickname({ onClosed }: { onClosed: () => void }) {
  const [open, setOpen] = useState(true);
  const rule = useZodRule();
  return (
    <FormDrawer<{ nickName: string }>
      open={open}
      title="Edit"
      // A fresh object every render must not wipe what the user typed.
      initialValues={{ nickName: 'Ada' }}
      onClose={() => {
        setOpen(false);
        onClosed();
      }}
      onSubmit={(v) => request('manageUpdate', { body: { manageId: 1, nickName: v.nickName } })}
      invalidates={['loginLogQueryPage']}
    >
      <Form.Item name="nickName" label="Nickname" rules={[rule(updateProfileRequest.shape.nickName, 'Nickname')]}>
        <Input />
      </Form.Item>
    </FormDrawer>
  );
}

beforeAll(async () => {
  await setupI18n('en_US');
});
beforeEach(() => setViewportWidth(1440));

describe('FormDrawer', () => {
  it('opens with the record, refuses what the contract refuses, saves, closes and refreshes the list', async () => {
    const server = fakeServer({ [UPDATE]: { manageId: 1 } });
    let closed = 0;
    const { queryClient } = renderView(<EditNickname onClosed={() => (closed += 1)} />);
    queryClient.setQueryData(callKey('loginLogQueryPage', { pageNum: 1 }), { list: [], total: 0 });

    const input = (await screen.findByLabelText('Nickname')) as HTMLInputElement;
    expect(input.value).toBe('Ada');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(button(/save/i));
    expect(await screen.findByText('Nickname is required')).toBeTruthy();
    expect(server.to(UPDATE)).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'Ada Lovelace' } });
    fireEvent.click(button(/save/i));
    await waitFor(() => expect(closed).toBe(1));
    expect(server.to(UPDATE)[0]!.body).toEqual({ manageId: 1, nickName: 'Ada Lovelace' });
    expect(queryClient.getQueryState(callKey('loginLogQueryPage', { pageNum: 1 }))!.isInvalidated).toBe(true);
  });

  it('stays open when the server refuses', async () => {
    fakeServer({ [UPDATE]: fails(100008, 'The data has changed; refresh and try again') });
    let closed = 0;
    renderView(<EditNickname onClosed={() => (closed += 1)} />);
    await screen.findByLabelText('Nickname');
    fireEvent.click(button(/save/i));
    await waitFor(() => expect(button(/save/i).className).not.toContain('loading'));
    await new Promise((r) => setTimeout(r, 50));
    expect(closed).toBe(0);
    expect(screen.getByLabelText('Nickname')).toBeTruthy();
  });
});

describe('DetailDrawer', () => {
  it('shows label/value pairs with "-" for empty values', async () => {
    renderView(
      <DetailDrawer
        open
        title="Sign-in"
        onClose={() => undefined}
        items={[
          { key: 'a', label: 'Account', value: 'admin' },
          { key: 'b', label: 'Address', value: null },
        ]}
      />,
    );
    expect(await screen.findByText('admin')).toBeTruthy();
    const address = screen.getByText('Address').closest('tr')!;
    expect(address.textContent).toContain('-');
  });
});

function signIn(id: number, userName: string, ip: string): LoginLogItem {
  return {
    id,
    userName,
    accountType: 'admin',
    terminal: 'MANAGE_PC',
    result: 'success',
    failReason: null,
    ip,
    userAgent: null,
    createTime: '2025-03-01T08:00:00Z',
  };
}

/** A list screen as the log screens build it: the row's Details button opens the detail drawer. */
function SignIns() {
  const { t } = useTranslation('kit');
  const detail = useOverlay<LoginLogItem>();
  const columns = useMemo<ColumnsOf<'loginLogQueryPage'>>(
    () => [{ title: 'Account', dataIndex: 'userName', key: 'userName' }, detailColumn(t, detail.show)],
    [t, detail.show],
  );
  const row = detail.record;
  return (
    <ListPage listCall="loginLogQueryPage" rowKey="id" columns={columns}>
      <DetailDrawer
        open={detail.open}
        title="Sign-in"
        onClose={detail.hide}
        items={row ? [{ key: 'ip', label: 'Address', value: row.ip }] : []}
      />
    </ListPage>
  );
}

describe('detailColumn', () => {
  it('puts a Details link, fixed on the right, on every row, and opens the detail of the row clicked', async () => {
    fakeServer({
      [api.loginLogQueryPage.path]: { list: [signIn(1, 'alice', '10.0.0.1'), signIn(2, 'bob', '10.0.0.2')], total: 2 },
      [api.menuGetButton.path]: [],
    });
    renderView(<SignIns />);
    const bob = (await screen.findByText('bob')).closest('tr')!;

    const header = [...document.querySelectorAll('th')].find((th) => th.textContent === 'Actions')!;
    expect(header.className).toContain('ant-table-cell-fix-end');
    expect(document.querySelectorAll('tbody tr.ant-table-row button.ant-btn-link')).toHaveLength(2);
    const details = within(bob).getByText('Details').closest('button')!;
    expect(details.className).toContain('ant-btn-sm');

    fireEvent.click(details);
    const drawer = (await screen.findByText('Sign-in')).closest('.ant-drawer') as HTMLElement;
    expect(drawer.textContent).toContain('10.0.0.2');
    expect(drawer.textContent).not.toContain('10.0.0.1');
  });
});
