import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, type DepositItem, type DepositStatistics } from '@cbo/contract';
import { button, fakeServer, queryButton, renderView, setupI18n, setViewportWidth } from '@/test/list-page';
import { changeLanguage } from '@/shared/i18n';
import DepositsView from './deposits';
import DepositRulesView from './rules';

const LIST = api.depositQueryPage.path;
const STATS = api.depositStatistics.path;
const BUTTONS = api.menuGetButton.path;
const ASK = api.depositRefundApply.path;
const AUDIT = api.depositAudit.path;
const RULES = api.depositRuleList.path;
const SAVE = api.depositRuleSave.path;

const failed: DepositItem = {
  id: 4,
  depositNo: 'D20261126000001',
  orderNo: 'R20261126000001',
  userId: 7,
  userMobile: '86-13800000007',
  outletId: 2,
  outletName: 'Central Station',
  state: 'refundFailed',
  channel: 'provider',
  amount: 9900,
  feeTaken: 450,
  refundFee: 0,
  returnedAmount: 0,
  payReference: 'SBX-1',
  refundReference: null,
  remark: 'payerAccountAbnormal',
  applicant: null,
  auditor: null,
  createTime: '2026-11-26T08:00:00Z',
  finishTime: null,
  simulated: false,
};
const held: DepositItem = {
  ...failed,
  id: 5,
  depositNo: 'D20261126000002',
  orderNo: 'R20261126000002',
  state: 'held',
  remark: null,
};
const pending: DepositItem = {
  ...failed,
  id: 6,
  depositNo: 'D20261126000003',
  orderNo: 'R20261126000003',
  state: 'pendingAudit',
};
const stats: DepositStatistics = {
  held: { count: 1, amount: 9900 },
  returned: { count: 0, amount: 0 },
  refundFees: 0,
  feesTaken: 1350,
  pendingAudit: { count: 1, amount: 9450 },
  refunded: { count: 0, amount: 0 },
  failed: { count: 1, amount: 9450 },
  depositOrders: 3,
  depositFreeOrders: 2,
};

beforeAll(async () => {
  await setupI18n('en_US');
});
beforeEach(async () => {
  setViewportWidth(1440);
  await changeLanguage('en_US');
});

describe('deposit orders screen', () => {
  it('shows the figures of the filter above the list, the states in words, and no refund button without its permission', async () => {
    const server = fakeServer({ [LIST]: { list: [failed, held], total: 2 }, [STATS]: stats, [BUTTONS]: [] });
    renderView(<DepositsView />, { path: '/order/deposits' });
    expect(await screen.findByText('Refund failed')).toBeTruthy();
    expect(screen.getAllByText('Held').length).toBeGreaterThan(0);
    expect(await screen.findByText('Deposit / deposit-free rentals')).toBeTruthy();
    expect(screen.getByText('3 / 2')).toBeTruthy();
    expect(server.to(STATS)[0]!.body).toEqual({});
    expect(queryButton(/^Refund$/)).toBeNull();
  });

  it('asks for the refund of a failed deposit with a reason (none offered for a deposit still held), then audits a pending one after confirming', async () => {
    const server = fakeServer({
      [LIST]: { list: [failed, held, pending], total: 3 },
      [STATS]: stats,
      [BUTTONS]: ['order:deposit:refund', 'order:deposit:audit'],
      [ASK]: { ...failed, state: 'pendingAudit', applicant: 'admin' },
      [AUDIT]: { ...pending, state: 'refunding', auditor: 'admin' },
    });
    renderView(<DepositsView />, { path: '/order/deposits' });
    await waitFor(() => button(/^Refund$/));
    // One row asks (the failed one), one audits (the pending one); the held one offers nothing.
    expect(screen.getAllByRole('button', { name: /^Refund$/ })).toHaveLength(1);
    fireEvent.click(button(/^Refund$/));
    fireEvent.click(await screen.findByRole('button', { name: /^Save$/ }));
    await screen.findAllByText(/Reason.*required|is required/);
    expect(server.to(ASK)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'return failed' } });
    fireEvent.click(button(/^Save$/));
    await waitFor(() => expect(server.to(ASK)).toHaveLength(1));
    expect(server.to(ASK)[0]!.query.get('id')).toBe('4');
    expect(server.to(ASK)[0]!.body).toEqual({ reason: 'return failed' });

    await waitFor(() => button(/^Audit$/));
    fireEvent.click(button(/^Audit$/));
    await screen.findByText('Approve and refund');
    fireEvent.click(button(/^Save$/));
    expect(
      (await screen.findAllByText(/Refund .*94\.50 to the customer through the payment company\?/)).length,
    ).toBeGreaterThan(0);
    fireEvent.click(button(/^OK$/));
    await waitFor(() => expect(server.to(AUDIT)).toHaveLength(1));
    expect(server.to(AUDIT)[0]!.query.get('id')).toBe('6');
    expect(server.to(AUDIT)[0]!.body).toEqual({ approve: true });
  });
});

describe('deposit rules screen', () => {
  it('refuses a deposit-free count above the deposit count on the field before sending, then saves', async () => {
    const server = fakeServer({
      [RULES]: { list: [], total: 0 },
      [BUTTONS]: ['order:depositRule:edit', 'order:depositRule:status'],
      [SAVE]: {
        id: 1,
        name: 'Everyone',
        scope: 'platform',
        agentId: null,
        outletId: null,
        scopeName: null,
        depositOrderCount: 3,
        depositFreeOrderCount: 2,
        status: 'enabled',
        creator: 'admin',
        createTime: '2026-11-26T08:00:00Z',
        updateTime: '2026-11-26T08:00:00Z',
      },
    });
    renderView(<DepositRulesView />, { path: '/order/deposit-rules' });
    fireEvent.click(await screen.findByRole('button', { name: /Add rule/ }, { timeout: 8000 }));
    const drawer = within(await screen.findByRole('dialog'));
    fireEvent.change(await drawer.findByLabelText('Name'), { target: { value: 'Everyone' } });
    fireEvent.change(drawer.getByLabelText('Deposit order count'), { target: { value: '3' } });
    fireEvent.change(drawer.getByLabelText('Deposit-free order count'), { target: { value: '4' } });
    expect(await screen.findByText('cannot be above the deposit order count')).toBeTruthy();
    fireEvent.click(button(/^Save$/));
    await new Promise((r) => setTimeout(r, 50));
    expect(server.to(SAVE)).toHaveLength(0);
    fireEvent.change(drawer.getByLabelText('Deposit-free order count'), { target: { value: '2' } });
    expect(await screen.findByText(/Every 3 finished deposit orders earn 2 deposit-free rentals/)).toBeTruthy();
    fireEvent.click(button(/^Save$/));
    await waitFor(() => expect(server.to(SAVE)).toHaveLength(1));
    expect(server.to(SAVE)[0]!.body).toMatchObject({
      name: 'Everyone',
      scope: 'platform',
      depositOrderCount: 3,
      depositFreeOrderCount: 2,
      status: 'enabled',
      agentId: null,
      outletId: null,
    });
  });
});
