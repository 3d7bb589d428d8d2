import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Button } from 'antd';
import { api } from '@cbo/contract';
import { request } from '@/shared/request';
import { callKey } from './call-key';
import { useRowAction } from './row-action';
import { button, fails, fakeServer, renderView, setupI18n, setViewportWidth } from '@/test/list-page';

const STATUS = api.manageStatus.path;
const row = { manageId: 7, userName: 'ada' };

function FreezeButton({ ask = true }: { ask?: boolean }) {
  const freeze = useRowAction<typeof row>({
    confirm: ask ? (r) => ({ title: `Freeze ${r.userName}?`, okText: 'Freeze now', danger: true }) : undefined,
    call: (r) => request('manageStatus', { body: { manageId: r.manageId, status: 1 } }),
    success: (_res, r) => `${r.userName} frozen`,
    invalidates: ['manageList'],
  });
  return <Button onClick={() => freeze.run(row)}>Freeze</Button>;
}

beforeAll(async () => {
  await setupI18n('en_US');
});
beforeEach(() => setViewportWidth(1440));

function seedList(queryClient: ReturnType<typeof renderView>['queryClient']) {
  queryClient.setQueryData(callKey('manageList', { pageNum: 1 }), { list: [], total: 0 });
  return () => queryClient.getQueryState(callKey('manageList', { pageNum: 1 }))!.isInvalidated;
}

describe('useRowAction', () => {
  it('asks first, then makes the call, says so and marks the list stale', async () => {
    const server = fakeServer({ [STATUS]: null });
    const { queryClient } = renderView(<FreezeButton />);
    const stale = seedList(queryClient);

    fireEvent.click(button(/^freeze$/i));
    expect((await screen.findAllByText('Freeze ada?')).length).toBeGreaterThan(0);
    expect(server.to(STATUS)).toHaveLength(0);

    fireEvent.click(button(/freeze now/i));
    expect(await screen.findByText('ada frozen')).toBeTruthy();
    expect(server.to(STATUS)[0]!.body).toEqual({ manageId: 7, status: 1 });
    expect(stale()).toBe(true);
  });

  it('makes no call when the confirm is cancelled', async () => {
    const server = fakeServer({ [STATUS]: null });
    const { queryClient } = renderView(<FreezeButton />);
    const stale = seedList(queryClient);

    fireEvent.click(button(/^freeze$/i));
    await screen.findAllByText('Freeze ada?');
    fireEvent.click(button(/cancel/i));
    await new Promise((r) => setTimeout(r, 100));
    expect(server.to(STATUS)).toHaveLength(0);
    expect(stale()).toBe(false);
  });

  it('says nothing and refreshes nothing when the call is refused', async () => {
    const server = fakeServer({ [STATUS]: fails(100008, 'The data has changed; refresh and try again') });
    const { queryClient } = renderView(<FreezeButton />);
    const stale = seedList(queryClient);

    fireEvent.click(button(/^freeze$/i));
    await screen.findAllByText('Freeze ada?');
    fireEvent.click(button(/freeze now/i));
    await waitFor(() => expect(server.to(STATUS)).toHaveLength(1));
    await waitFor(() => expect(button(/freeze now/i).className).not.toContain('loading'));
    expect(screen.queryByText('ada frozen')).toBeNull();
    expect(stale()).toBe(false);
  });

  it('runs at once when nothing needs confirming', async () => {
    const server = fakeServer({ [STATUS]: null });
    renderView(<FreezeButton ask={false} />);
    fireEvent.click(button(/^freeze$/i));
    expect(await screen.findByText('ada frozen')).toBeTruthy();
    expect(server.to(STATUS)).toHaveLength(1);
  });
});
