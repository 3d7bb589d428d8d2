import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, type RefundDetail, type RefundItem } from '@cbo/contract';
import { button, fakeServer, queryButton, renderView, setupI18n, setViewportWidth } from '@/test/list-page';
import { changeLanguage } from '@/shared/i18n';
import RefundsView from './refunds';

/** The signed-in account the screen reads (the session loads before any screen in the console). */
const who = vi.hoisted(() => ({ id: undefined as number | undefined }));
vi.mock('@/shared/session', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/shared/session')>();
  return {
    ...actual,
    useSession: () => ({ ...actual.getSession(), user: who.id === undefined ? null : { userId: who.id } }),
  };
});

const LIST = api.refundOrderQueryPage.path;
const AUDIT = api.refundOrderAudit.path;
const DETAIL = api.refundOrderDetail.path;
const BUTTONS = api.menuGetButton.path;
const STATS = api.refundOrderReasonStats.path;

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
const deposit: RefundItem = {
  ...base,
  id: 3,
  refundNo: 'DR20261126000002',
  orderNo: 'R20261126000002',
  type: 'deposit',
  amount: 9900,
  approvalsNeeded: 1,
  approvals: [],
};
const done: RefundItem = {
  ...base,
  id: 12,
  refundNo: 'F20261126000003',
  status: 'complete',
  approvalsNeeded: 1,
  providerReference: 'SBXR1',
  finishTime: '2026-11-26T10:06:00Z',
};
const rows = { list: [base, deposit, done], total: 3 };

beforeAll(async () => {
  await setupI18n('en_US');
});
beforeEach(async () => {
  setViewportWidth(1440);
  await changeLanguage('en_US');
});
afterEach(() => {
  who.id = undefined;
  vi.useRealTimers();
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
    const server = fakeServer({
      [LIST]: rows,
      [BUTTONS]: ['order:refund:audit'],
      [AUDIT]: { ...base, status: 'rejected', rejectedBy: 'carol', rejectReason: 'duplicate' },
    });
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
    const server = fakeServer({
      [LIST]: rows,
      [BUTTONS]: ['order:refund:audit'],
      [AUDIT]: { ...base, status: 'approved' },
    });
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

  it("shows each refund's reason, filters by it, and counts the refunds paid by reason above the list (en_US and zh_CN)", async () => {
    const stats = {
      beginTime: '2026-10-28T00:00:00.000Z',
      endTime: '2026-11-27T00:00:00.000Z',
      list: [
        { reasonCode: 'notEjected', count: 0, amount: 0 },
        { reasonCode: 'returnNotRecognised', count: 0, amount: 0 },
        { reasonCode: 'deviceFault', count: 2, amount: 45000 },
        { reasonCode: 'billingDispute', count: 0, amount: 0 },
        { reasonCode: 'other', count: 1, amount: 9900 },
      ],
      count: 3,
      amount: 54900,
    };
    const server = fakeServer({ [LIST]: rows, [BUTTONS]: [], [STATS]: stats });
    renderView(<RefundsView />, { path: '/order/refunds' });
    expect((await screen.findAllByText('Device fault · battery was flat')).length).toBeGreaterThan(0);
    const card = await screen.findByTestId('refund-reason-stats');
    await waitFor(() => expect(card.textContent).toContain('Refunds paid back by reason'));
    const fault = card.querySelector('[data-reason="deviceFault"]')!;
    expect(fault.textContent).toContain('Device fault');
    expect(fault.textContent).toContain('450.00');
    expect(fault.textContent).toContain('Refunds: 2');
    expect(card.querySelector('[data-reason="all"]')!.textContent).toContain('549.00');
    // The filter sends the reason; the statistics read the window picked (none here: the last 30 days).
    const filters = screen.getByRole('form', { name: /filters/i });
    fireEvent.mouseDown(within(filters).getByLabelText('Reason').closest('.ant-select')!);
    fireEvent.click(await screen.findByTitle('Device fault'));
    fireEvent.click(within(filters).getByRole('button', { name: /search/i }));
    await waitFor(() => expect(server.last(LIST)!.body).toMatchObject({ reasonCode: 'deviceFault' }));
    expect([...server.to(STATS)[0]!.query.keys()]).toEqual([]);

    await changeLanguage('zh_CN');
    await waitFor(() => expect(screen.getAllByText('设备故障 · battery was flat').length).toBeGreaterThan(0));
    await waitFor(() => expect(card.textContent).toContain('按原因统计已退款'));
    expect(card.querySelector('[data-reason="deviceFault"]')!.textContent).toContain('2 笔');
  });

  it('offers Review only to an account that may approve the row: not to its requester, not to its first approver for the second approval', async () => {
    const mine: RefundItem = {
      ...base,
      id: 21,
      refundNo: 'F20261126000021',
      approvalsNeeded: 1,
      approvals: [],
      creatorId: 9,
    };
    const firstByMe: RefundItem = {
      ...base,
      id: 22,
      refundNo: 'F20261126000022',
      creatorId: 5,
      approvals: [{ by: 'me', time: '2026-11-26T10:05:00Z', accountId: 9 }],
    };
    const others: RefundItem = {
      ...base,
      id: 23,
      refundNo: 'F20261126000023',
      approvalsNeeded: 1,
      approvals: [],
      creatorId: 5,
    };
    who.id = 9;
    fakeServer({ [LIST]: { list: [mine, firstByMe, others], total: 3 }, [BUTTONS]: ['order:refund:audit'] });
    renderView(<RefundsView />, { path: '/order/refunds' });
    await waitFor(() => button(/^Review$/));
    const rowOf = (no: string) => screen.getByText(no).closest('tr')!;
    expect(within(rowOf(others.refundNo)).queryByRole('button', { name: /^Review$/ })).toBeTruthy();
    expect(within(rowOf(mine.refundNo)).queryByRole('button', { name: /^Review$/ })).toBeNull();
    expect(within(rowOf(mine.refundNo)).getByText('Another reviewer')).toBeTruthy();
    expect(within(rowOf(firstByMe.refundNo)).queryByRole('button', { name: /^Review$/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Review$/ })).toHaveLength(1);
  });

  it('a refund on its way at the payment company: the list asks again until it is final, so the row does not stay "Payment company refunding"', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answers = 0;
    const moving: RefundItem = { ...done, status: 'refunding', finishTime: null };
    const server = fakeServer({
      [LIST]: () => ({ data: { list: [answers++ === 0 ? moving : done], total: 1 } }),
      [BUTTONS]: [],
    });
    renderView(<RefundsView />, { path: '/order/refunds' });
    expect((await screen.findAllByText('Payment company refunding')).length).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(5_100);
    await waitFor(() => expect(screen.getAllByText('Refund complete').length).toBeGreaterThan(0));
    expect(screen.queryByText('Payment company refunding')).toBeNull();
    const asked = server.to(LIST).length;
    await vi.advanceTimersByTimeAsync(15_000);
    expect(server.to(LIST)).toHaveLength(asked);
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
    expect(steps.map((x) => x.split(' ·')[0]!.replace(/\d.*$/, '').trim())).toEqual([
      'Requested',
      'Approved',
      'Sent to the payment company',
      'Refund complete',
    ]);
    expect(steps[1]).toContain('bob');
  });
});
