import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, type RefundDetail, type RefundItem } from '@cbo/contract';
import { button, fakeServer, queryButton, renderView, setupI18n, setViewportWidth } from '@/test/list-page';
import { changeLanguage } from '@/shared/i18n';
import RefundsView from './refunds';

const LIST = api.refundOrderQueryPage.path;
const AUDIT = api.refundOrderAudit.path;
const DETAIL = api.refundOrderDetail.path;
const BUTTONS = api.menuGetButton.path;

const base: RefundItem = {
  id: 11,
  refundNo: 'F20261126000001',
  orderNo: 'R20261126000001',
  type: 'order',
  userId: 7,
  userMobile: '86-13800000007',
  amount: 25000,
  status: 'initiated',
  reasonCode: 'deviceFault',
  reason: 'battery was flat',
  providerReference: null,
  failReason: null,
  creator: 'alice',
  creatorId: 5,
  createTime: '2026-11-26T10:00:00Z',
  finishTime: null,
  approvalsNeeded: 2,
  approvals: [{ by: 'bob', time: '2026-11-26T10:05:00Z', accountId: 6 }],
  rejectedBy: null,
  rejectTime: null,
  rejectReason: null,
};
const deposit: RefundItem = { ...base, id: 3, refundNo: 'DR20261126000002', orderNo: 'R20261126000002', type: 'deposit', amount: 9900, approvalsNeeded: 1, approvals: [] };
const done: RefundItem = { ...base, id: 12, refundNo: 'F20261126000003', status: 'complete', approvalsNeeded: 1, providerReference: 'SBXR1', finishTime: '2026-11-26T10:06:00Z' };
const rows = { list: [base, deposit, done], total: 3 };

beforeAll(async () => {
  await setupI18n('en_US');
});
beforeEach(async () => {
  setViewportWidth(1440);
  await changeLanguage('en_US');
});

describe('refund records screen', () => {
  it('marks a refund waiting for its second approval, sends deposit refunds to their own screen, and offers no review without the permission', async () => {
    fakeServer({ [LIST]: rows, [BUTTONS]: [] });
    renderView(<RefundsView />, { path: '/order/refunds' });
    expect(await screen.findByText('Awaiting second approval')).toBeTruthy();
    expect(screen.getByText('In Deposit orders')).toBeTruthy();
    expect(screen.getAllByText('Refund complete').length).toBeGreaterThan(0);
    expect(queryButton(/^Review$/)).toBeNull();
  });

  it('a rejection needs its reason; the decision is sent with the refund id', async () => {
    const server = fakeServer({ [LIST]: rows, [BUTTONS]: ['order:refund:audit'], [AUDIT]: { ...base, status: 'rejected', rejectedBy: 'carol', rejectReason: 'duplicate' } });
    renderView(<RefundsView />, { path: '/order/refunds' });
    await waitFor(() => button(/^Review$/));
    // One review button: the deposit refund and the finished one offer none.
    expect(screen.getAllByRole('button', { name: /^Review$/ })).toHaveLength(1);
    fireEvent.click(button(/^Review$/));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Approved by bob/)).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('Reject'));
    const reason = await within(dialog).findByLabelText('Reject reason');
    fireEvent.click(button(/^Save$/));
    expect(await screen.findByText('Enter the reason for rejecting')).toBeTruthy();
    expect(server.to(AUDIT)).toHaveLength(0);
    fireEvent.change(reason, { target: { value: 'duplicate' } });
    fireEvent.click(button(/^Save$/));
    await waitFor(() => expect(server.to(AUDIT)).toHaveLength(1));
    expect(server.to(AUDIT)[0]!.body).toEqual({ id: 11, approve: false, reason: 'duplicate' });
    expect(await screen.findByText('Refund rejected')).toBeTruthy();
  });

  it('an approval is confirmed first, then sent', async () => {
    const server = fakeServer({ [LIST]: rows, [BUTTONS]: ['order:refund:audit'], [AUDIT]: { ...base, status: 'approved' } });
    renderView(<RefundsView />, { path: '/order/refunds' });
    await waitFor(() => button(/^Review$/));
    fireEvent.click(button(/^Review$/));
    await screen.findByRole('dialog');
    fireEvent.click(button(/^Save$/));
    expect((await screen.findAllByText(`Approve refund ${base.refundNo}?`)).length).toBeGreaterThan(0);
    expect(server.to(AUDIT)).toHaveLength(0);
    fireEvent.click(button(/^OK$/));
    await waitFor(() => expect(server.to(AUDIT)).toHaveLength(1));
    expect(server.to(AUDIT)[0]!.body).toEqual({ id: 11, approve: true });
  });

  it('the detail shows the approval history', async () => {
    const full: RefundDetail = {
      ...done,
      orderPaidAmount: 30000,
      orderRefundAmount: 25000,
      history: [
        { step: 'requested', by: 'alice', time: '2026-11-26T10:00:00Z', note: 'battery was flat' },
        { step: 'approved', by: 'bob', time: '2026-11-26T10:05:00Z', note: null },
        { step: 'sent', by: null, time: '2026-11-26T10:05:01Z', note: null },
        { step: 'complete', by: null, time: '2026-11-26T10:06:00Z', note: 'SBXR1' },
      ],
    };
    fakeServer({ [LIST]: rows, [BUTTONS]: [], [DETAIL]: full });
    renderView(<RefundsView />, { path: '/order/refunds' });
    fireEvent.click(await screen.findByText(done.refundNo));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('History');
    const steps = [...drawer.querySelectorAll('.ant-timeline-item')].map((li) => li.textContent ?? '');
    expect(steps.map((x) => x.split(' ·')[0]!.replace(/\d.*$/, '').trim())).toEqual(['Requested', 'Approved', 'Sent to the payment company', 'Refund complete']);
    expect(steps[1]).toContain('bob');
  });
});
