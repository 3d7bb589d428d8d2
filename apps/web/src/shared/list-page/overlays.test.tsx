import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { api, updateProfileRequest } from '@cbo/contract';
import { useZodRule } from '@/shared/form';
import { request } from '@/shared/request';
import { DetailDrawer } from './detail-drawer';
import { FormDrawer } from './form-drawer';
import { callKey } from './call-key';
import { button, fails, fakeServer, renderView, setupI18n, setViewportWidth } from './testing';

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
