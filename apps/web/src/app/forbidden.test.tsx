import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { api } from '@cbo/contract';
import { fakeServer, renderView, setupI18n } from '@/test/list-page';
import { ForbiddenOrMissing } from './forbidden';

beforeAll(async () => {
  await setupI18n('en_US');
});

function At({ path }: { path: string }) {
  return (
    <Routes>
      <Route path="/404" element={<p>the not-found screen</p>} />
      <Route path="*" element={<ForbiddenOrMissing pathname={path} />} />
    </Routes>
  );
}

describe('an address the account has no route for', () => {
  it('is "no permission" (403) with a way back when the route exists but is not granted', async () => {
    const server = fakeServer({ [api.menuPathStatus.path]: { exists: true, granted: false } });
    renderView(<At path="/system/loginLog" />, { path: '/system/loginLog' });
    expect(await screen.findByText('Your account does not have permission to open this page.')).toBeTruthy();
    expect(screen.getByText('403')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to home' })).toBeTruthy();
    expect(server.last(api.menuPathStatus.path)?.query.get('path')).toBe('/system/loginLog');
  });

  it('is "not found" (/404) when no such route exists', async () => {
    fakeServer({ [api.menuPathStatus.path]: { exists: false, granted: false } });
    renderView(<At path="/nowhere" />, { path: '/nowhere' });
    expect(await screen.findByText('the not-found screen')).toBeTruthy();
    expect(screen.queryByText('403')).toBeNull();
  });

  it('is "not found" when the server cannot be asked', async () => {
    fakeServer({});
    renderView(<At path="/nowhere" />, { path: '/nowhere' });
    await waitFor(() => expect(screen.getByText('the not-found screen')).toBeTruthy());
  });
});
