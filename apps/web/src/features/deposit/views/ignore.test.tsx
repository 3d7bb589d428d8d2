import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { api, type IgnoreItem } from '@cbo/contract';
import { button, fakeServer, queryButton, renderView, setupI18n, setViewportWidth } from '@/test/list-page';
import { changeLanguage } from '@/shared/i18n';
import DepositIgnoreView from './ignore';

const LIST = api.depositIgnoreList.path;
const DEL = api.depositIgnoreDel.path;
const BUTTONS = api.menuGetButton.path;

const entry: IgnoreItem = {
  id: 3,
  userId: 7,
  userMobile: '86-13800000007',
  remark: 'VIP',
  creator: 'admin',
  createTime: '2026-11-26T08:00:00Z',
};

beforeAll(async () => {
  await setupI18n('en_US');
});
beforeEach(async () => {
  setViewportWidth(1440);
  await changeLanguage('en_US');
});

describe('deposit rule exemptions screen', () => {
  it('removes a customer only after confirming', async () => {
    const server = fakeServer({
      [LIST]: { list: [entry], total: 1 },
      [BUTTONS]: ['order:depositIgnore:edit'],
      [DEL]: null,
    });
    renderView(<DepositIgnoreView />, { path: '/order/deposit-ignore' });
    await screen.findByText('86-13800000007');
    await waitFor(() => button(/^Remove$/));
    fireEvent.click(button(/^Remove$/));
    expect((await screen.findAllByText('Remove 86-13800000007 from the exemptions?')).length).toBeGreaterThan(0);
    expect(server.to(DEL)).toHaveLength(0);
    fireEvent.click(button(/^OK$/));
    await waitFor(() => expect(server.to(DEL)).toHaveLength(1));
    expect(server.to(DEL)[0]!.body).toEqual({ id: 3 });
  });

  it('shows no remove or add button to a person without the permission', async () => {
    const server = fakeServer({ [LIST]: { list: [entry], total: 1 }, [BUTTONS]: [] });
    renderView(<DepositIgnoreView />, { path: '/order/deposit-ignore' });
    await screen.findByText('86-13800000007');
    // The held buttons have been answered (none) and the screen drawn after them.
    await waitFor(() => expect(server.to(BUTTONS).length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 100));
    expect(queryButton(/^Remove$/)).toBeNull();
    expect(queryButton(/Exempt a customer/)).toBeNull();
  });
});
