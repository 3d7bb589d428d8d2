import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { api } from '@cbo/contract';
import { fakeServer, renderView, setupI18n, setViewportWidth } from '@/test/list-page';
import CabinetsView from './views/cabinets';
import CommandsView from './views/commands';

const BUTTONS = api.menuGetButton.path;

beforeAll(async () => {
  await setupI18n('en_US');
});
beforeEach(() => setViewportWidth(1440));

/** The lists the dashboard links to search with the filters in their address, and show them. */
describe('filters from the address', () => {
  it('the cabinet list searches the connection and condition it was opened with', async () => {
    const server = fakeServer({ [api.cabinetQueryPage.path]: { list: [], total: 0 }, [BUTTONS]: [] });
    renderView(<CabinetsView />, { path: '/device/cabinet?connection=neverConnected&condition=weakSignal&sn=' });
    await waitFor(() => expect(server.last(api.cabinetQueryPage.path)).toBeTruthy());
    const q = server.last(api.cabinetQueryPage.path)!.query;
    expect(q.get('connection')).toBe('neverConnected');
    expect(q.get('condition')).toBe('weakSignal');
    expect(q.has('sn')).toBe(false);
    // The form shows what shaped the list.
    expect(await screen.findByText('Never connected')).toBeTruthy();
    expect(screen.getByText('Weak signal')).toBeTruthy();
  });

  it("ignores a value that is not one of a filter's options", async () => {
    const server = fakeServer({ [api.cabinetQueryPage.path]: { list: [], total: 0 }, [BUTTONS]: [] });
    renderView(<CabinetsView />, { path: '/device/cabinet?connection=sometimes' });
    await waitFor(() => expect(server.last(api.cabinetQueryPage.path)).toBeTruthy());
    expect(server.last(api.cabinetQueryPage.path)!.query.has('connection')).toBe(false);
  });

  it('the command list searches the state and the exact window, beyond the first row of its form', async () => {
    const server = fakeServer({ [api.commandQueryPage.path]: { list: [], total: 0 }, [BUTTONS]: [] });
    const beginTime = '2025-03-01T10:00:00.000Z';
    const endTime = '2025-03-02T10:00:00.000Z';
    renderView(<CommandsView />, { path: `/device/command?state=failed&beginTime=${beginTime}&endTime=${endTime}` });
    await waitFor(() => expect(server.last(api.commandQueryPage.path)).toBeTruthy());
    const q = server.last(api.commandQueryPage.path)!.query;
    expect({ state: q.get('state'), beginTime: q.get('beginTime'), endTime: q.get('endTime') }).toEqual({
      state: 'failed',
      beginTime,
      endTime,
    });
  });
});
