import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { api, PERMS, type TeamItem } from '@cbo/contract';
import { button, fails, fakeServer, renderView, setupI18n, setViewportWidth } from '@/test/list-page';
import { changeLanguage } from '@/shared/i18n';
import { installErrorHandling } from '@/shared/errors';
import { setFeedback, type Feedback } from '@/shared/feedback';
import TeamsView from './teams';

const LIST = api.teamQueryPage.path;
const BUTTONS = api.menuGetButton.path;
const DELETE = api.teamDelete.path;

const team: TeamItem = {
  id: 7,
  name: 'Pudong Direct',
  regionId: 2,
  regionName: 'Shanghai',
  leaderId: 1,
  leaderName: 'Admin',
  ratio: 10,
  members: [{ id: 1, name: 'Admin' }],
  simulated: false,
  createTime: '2026-11-20T08:00:00Z',
};

beforeAll(async () => {
  await setupI18n('en_US');
});
let toasts: string[] = [];
let off = () => {};
beforeEach(async () => {
  setViewportWidth(1440);
  await changeLanguage('en_US');
  toasts = [];
  const record = (c: unknown) =>
    void toasts.push(typeof c === 'string' ? c : String((c as { content?: unknown }).content));
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
  off = installErrorHandling();
});
afterEach(() => {
  off();
  setFeedback(null);
});

describe('team management: deleting a team', () => {
  it('says in the confirmation what a delete needs, and shows the refusal naming the balance after it', async () => {
    const msg = "The team's operator account holds 3.00; it can be deleted once that is settled";
    const server = fakeServer({
      [LIST]: { list: [team], total: 1 },
      [BUTTONS]: [PERMS.teamDelete],
      [api.regionOptions.path]: [],
      [DELETE]: fails(100415, msg),
    });
    renderView(<TeamsView />, { path: '/network/teams' });
    expect(await screen.findByText('Pudong Direct')).toBeTruthy();
    fireEvent.click(await waitFor(() => button(/^Delete$/)));
    expect((await screen.findAllByText('Delete team Pudong Direct?')).length).toBeGreaterThan(0);
    expect(
      screen.getAllByText(/whose operator account is zero and has no withdrawal waiting for review or payout/).length,
    ).toBeGreaterThan(0);
    expect(server.to(DELETE)).toHaveLength(0);
    fireEvent.click(button(/^OK$/));
    await waitFor(() => expect(server.to(DELETE)).toHaveLength(1));
    expect(server.to(DELETE)[0]!.query.get('id')).toBe('7');
    await waitFor(() => expect(toasts).toContain(msg));
    // Refused: not said to be deleted, and the list is not asked again.
    expect(toasts).toEqual([msg]);
    expect(server.to(LIST)).toHaveLength(1);
  });

  it('shows the refusal naming the open withdrawals in the language of the console', async () => {
    await changeLanguage('zh_CN');
    const msg = '该团队有 1 笔提现（共 3.00）待审核或待打款，无法删除';
    const server = fakeServer({
      [LIST]: { list: [team], total: 1 },
      [BUTTONS]: [PERMS.teamDelete],
      [api.regionOptions.path]: [],
      [DELETE]: fails(100416, msg),
    });
    renderView(<TeamsView />, { path: '/network/teams' });
    expect(await screen.findByText('Pudong Direct')).toBeTruthy();
    fireEvent.click(await waitFor(() => button(/^删除$/)));
    expect((await screen.findAllByText('确定删除团队 Pudong Direct？')).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/运营商账户余额为零/).length).toBeGreaterThan(0);
    fireEvent.click(button(/^(确定|确 定|OK)$/));
    await waitFor(() => expect(server.to(DELETE)).toHaveLength(1));
    await waitFor(() => expect(toasts).toContain(msg));
  });
});
