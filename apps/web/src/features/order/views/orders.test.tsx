import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, type OrderDetail, type OrderItem } from '@cbo/contract';
import { button, fails, fakeServer, queryButton, renderView, setupI18n, setViewportWidth } from '@/test/list-page';
import { changeLanguage } from '@/shared/i18n';
import OrdersView from './orders';
import OrderArchiveView from './archive';

const LIST = api.orderQueryPage.path;
const ARCHIVE = api.orderArchiveQueryPage.path;
const DETAIL = api.orderDetail.path;
const BUTTONS = api.menuGetButton.path;
const PROVIDER = api.ledgerPaymentProvider.path;
const INFO = api.refundOrderRechargeOrderInfo.path;
const REFUND = api.refundOrderRefundAmount.path;

const order: OrderItem = {
  id: 1,
  orderNo: 'O202611230001',
  deviceType: 'powerBank',
  status: 'finished',
  paymentKind: 'normal',
  payMode: 'deposit',
  userId: 7,
  userMobile: '13800000007',
  deviceSn: 'CHGC123456789012',
  slot: 3,
  powerBankId: 'PBAA1234567890123',
  rentOutletId: 2,
  rentOutletName: 'Central Station',
  returnDeviceSn: 'CHGC123456789013',
  returnOutletId: 3,
  returnOutletName: 'Harbour Mall',
  depositAmount: 9900,
  originalAmount: 300,
  voucherDeduction: 0,
  couponDeduction: 0,
  memberDeduction: 0,
  generatedAmount: 300,
  paidAmount: 300,
  refundAmount: 0,
  refundPendingAmount: 0,
  billedMinutes: 65,
  suspendedMinutes: 0,
  startTime: '2026-11-23T08:00:00Z',
  endTime: '2026-11-23T09:05:00Z',
  createTime: '2026-11-23T07:59:50Z',
  payReference: 'SBX-1',
  packageName: null,
  packageHours: null,
  unlockCode: null,
  simulated: true,
  source: 'userWechat',
  consumptionStatus: 'paid',
  payChannel: 'wechat',
  payConfigId: null,
  payConfigName: null,
  authState: null,
  authAmount: 0,
  authReference: null,
};
const detail: OrderDetail = {
  ...order,
  archived: false,
  billing: {
    freeMinutes: 5,
    pricePerPeriod: 100,
    periodMinutes: 30,
    dailyCap: 2000,
    totalCap: 9900,
    deposit: 9900,
    buyOutDays: 5,
  },
  timeline: [
    { time: '2026-11-23T09:05:00Z', event: 'returned', amount: null, actor: 'CHGC123456789013', note: null },
    { time: '2026-11-23T07:59:50Z', event: 'created', amount: null, actor: null, note: null },
    { time: '2026-11-23T09:05:01Z', event: 'shared', amount: 300, actor: null, note: null },
  ],
  shares: [{ party: 'agentA', partyId: 4, name: 'North Agency', ratio: 30, amount: 90 }],
  refunds: [],
};
const info = {
  orderNo: order.orderNo,
  status: 'finished',
  payMode: 'deposit',
  userId: 7,
  userMobile: order.userMobile,
  paidAmount: 300,
  refundAmount: 0,
  refundableAmount: 300,
  refundable: true,
  secondApprovalAbove: 20000,
};

beforeAll(async () => {
  await setupI18n('en_US');
});
afterEach(() => {
  vi.useRealTimers();
});
beforeEach(async () => {
  setViewportWidth(1440);
  await changeLanguage('en_US');
});

async function openDetail() {
  fireEvent.click(await screen.findByText(order.orderNo));
  return screen.findByRole('dialog');
}

describe('orders screen', () => {
  it('lists orders with their state in words and money as currency', async () => {
    fakeServer({
      [LIST]: { list: [order], total: 1 },
      [BUTTONS]: [],
      [PROVIDER]: { name: 'sandbox', sandbox: true, currency: 'CNY' },
    });
    renderView(<OrdersView />, { path: '/order/list' });
    expect(await screen.findByText('Finished')).toBeTruthy();
    expect(await screen.findByText(/^(CN)?¥3\.00$/)).toBeTruthy();
    expect(screen.getByText('Sandbox payments (no real money)')).toBeTruthy();
  });

  it('starts on the window and state of the address, as the dashboard links to it, so the list shows exactly the orders a figure sums', async () => {
    const server = fakeServer({
      [LIST]: { list: [order], total: 1 },
      [BUTTONS]: [],
      [PROVIDER]: { name: 'sandbox', sandbox: true, currency: 'CNY' },
    });
    const beginTime = '2025-03-02T00:00:00.000Z';
    const endTime = '2025-03-02T10:30:00.000Z';
    renderView(<OrdersView />, { path: `/order/list?status=using&beginTime=${beginTime}&endTime=${endTime}` });
    expect(await screen.findByText('Finished')).toBeTruthy();
    expect(server.last(LIST)!.body).toMatchObject({ status: 'using', beginTime, endTime });
  });

  it('shows the timeline oldest first and the shares, with no action the person may not take', async () => {
    fakeServer({ [LIST]: { list: [order], total: 1 }, [DETAIL]: detail, [BUTTONS]: [] });
    renderView(<OrdersView />, { path: '/order/list' });
    const drawer = await openDetail();
    await within(drawer).findByText('Shares along the profit chain');
    const events = [...drawer.querySelectorAll('.ant-timeline-item')].map((li) => li.textContent ?? '');
    expect(events[0]).toMatch(/^Created/);
    expect(events[1]).toMatch(/^Returned/);
    expect(events[2]).toMatch(/^Shares paid/);
    expect(within(drawer).getByText('Agent A · North Agency')).toBeTruthy();
    expect(queryButton(/^Refund$/)).toBeNull();
    // A deposit order has no authorization to show.
    expect(within(drawer).queryByText('Frozen amount')).toBeNull();
  });

  it("shows a deposit-free order's authorization: its state, the amount frozen, the reference and the timeline steps; none for a deposit order", async () => {
    const free: OrderDetail = {
      ...detail,
      payMode: 'depositFree',
      authState: 'paid',
      authAmount: 9900,
      authReference: 'SBXFREEZE1',
      timeline: [
        { time: '2026-11-23T07:59:50Z', event: 'created', amount: null, actor: null, note: null },
        { time: '2026-11-23T07:59:51Z', event: 'authorized', amount: 9900, actor: null, note: 'SBXFREEZE1' },
        { time: '2026-11-23T09:05:02Z', event: 'authCaptured', amount: 300, actor: null, note: null },
        { time: '2026-11-23T09:05:03Z', event: 'authReleased', amount: 9600, actor: null, note: null },
      ],
    };
    fakeServer({ [LIST]: { list: [order], total: 1 }, [DETAIL]: free, [BUTTONS]: [] });
    renderView(<OrdersView />, { path: '/order/list' });
    const drawer = await openDetail();
    expect(await within(drawer).findByText('Paid, rest released')).toBeTruthy();
    // A label's value: its item's content (the drawer's descriptions, bordered or not).
    const valueOf = (label: string) => {
      const el = within(drawer).getByText(label);
      const th = el.closest('th');
      return (
        (th
          ? th.nextElementSibling
          : el.closest('.ant-descriptions-item')?.querySelector('.ant-descriptions-item-content')
        )?.textContent ?? ''
      );
    };
    expect(valueOf('Authorization')).toBe('Paid, rest released');
    expect(valueOf('Frozen amount')).toBe('99.00');
    expect(valueOf('Authorization reference')).toContain('SBXFREEZE1');
    const events = [...drawer.querySelectorAll('.ant-timeline-item')].map((li) => li.textContent ?? '');
    expect(events[1]).toMatch(/^Amount frozen \(pre-authorization\)99\.00/);
    expect(events[2]).toMatch(/^Fee paid from the frozen amount3\.00/);
    expect(events[3]).toMatch(/^Frozen amount released96\.00/);
  });

  it('refunds part of an order: above what is left is refused on the field, then the amount is sent in cents after confirming', async () => {
    const server = fakeServer({
      [LIST]: { list: [order], total: 1 },
      [DETAIL]: detail,
      [BUTTONS]: ['order:refund:refund'],
      [INFO]: info,
      [REFUND]: {
        id: 1,
        refundNo: 'R1',
        orderNo: order.orderNo,
        type: 'order',
        userId: 7,
        userMobile: order.userMobile,
        amount: 120,
        status: 'initiated',
        reasonCode: 'deviceFault',
        reason: 'slow eject',
        providerReference: null,
        failReason: null,
        creator: 'admin',
        creatorId: 1,
        createTime: '2026-11-23T10:00:00Z',
        finishTime: null,
        approvalsNeeded: 1,
        approvals: [],
        rejectedBy: null,
        rejectTime: null,
        rejectReason: null,
      },
    });
    renderView(<OrdersView />, { path: '/order/list' });
    await openDetail();
    await waitFor(() => button(/^Refund$/));
    fireEvent.click(button(/^Refund$/));
    const amount = await screen.findByLabelText('Refund amount');
    fireEvent.change(amount, { target: { value: '5' } });
    // A preset reason is picked; its text is optional beside it.
    fireEvent.mouseDown(screen.getByLabelText('Reason').closest('.ant-select')!);
    fireEvent.click(await screen.findByTitle('Device fault'));
    fireEvent.change(screen.getByLabelText('Reason text'), { target: { value: 'slow eject' } });
    // The button says what it does.
    fireEvent.click(button(/^Apply for refund$/));
    expect(await screen.findByText(/must be more than 0 and at most the refundable amount \(3\.00\)/)).toBeTruthy();
    expect(server.to(REFUND)).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '1.2' } });
    fireEvent.click(button(/^Apply for refund$/));
    expect((await screen.findAllByText(`Refund order ${order.orderNo}?`)).length).toBeGreaterThan(0);
    fireEvent.click(button(/^OK$/));
    await waitFor(() => expect(server.to(REFUND)).toHaveLength(1));
    // An application, sent with the form's key (a retry of this form answers the same refund).
    expect(server.to(REFUND)[0]!.body).toEqual({
      orderNo: order.orderNo,
      amount: 120,
      reasonCode: 'deviceFault',
      reason: 'slow eject',
      idempotencyKey: expect.stringMatching(/^web-[\w-]{36}$/),
    });
    expect(await screen.findByText('Refund application created; waiting for approval')).toBeTruthy();
  });

  it("keeps the server refusal of an amount on the field, in the caller's language", async () => {
    const server = fakeServer({
      [LIST]: { list: [order], total: 1 },
      [DETAIL]: detail,
      [BUTTONS]: ['order:refund:refund'],
      [INFO]: info,
      [REFUND]: fails(100705, 'The refund amount must be more than 0 and at most the refundable amount (1.00)'),
    });
    renderView(<OrdersView />, { path: '/order/list' });
    await openDetail();
    await waitFor(() => button(/^Refund$/));
    fireEvent.click(button(/^Refund$/));
    fireEvent.change(await screen.findByLabelText('Refund amount'), { target: { value: '2' } });
    fireEvent.mouseDown(screen.getByLabelText('Reason').closest('.ant-select')!);
    fireEvent.click(await screen.findByTitle('Other'));
    // "Other" needs its text.
    fireEvent.click(button(/^Apply for refund$/));
    expect(await screen.findByText(/Reason text is required when the reason is "other"/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason text'), { target: { value: 'another refund ran first' } });
    fireEvent.click(button(/^Apply for refund$/));
    await screen.findAllByText(`Refund order ${order.orderNo}?`);
    fireEvent.click(button(/^OK$/));
    await waitFor(() => expect(server.to(REFUND)).toHaveLength(1));
    const item = (await screen.findByLabelText('Refund amount')).closest('.ant-form-item')!;
    await waitFor(() => expect(item.textContent).toContain('refundable amount (1.00)'));
  });

  it('follows a using order in the open drawer (every 5 s) until it is final, then stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answers = 0;
    const server = fakeServer({
      [LIST]: { list: [{ ...order, status: 'using' }], total: 1 },
      [BUTTONS]: [],
      // Using at first; the power bank comes back before the second ask.
      [DETAIL]: () => ({ data: answers++ === 0 ? { ...detail, status: 'using' } : detail }),
    });
    renderView(<OrdersView />, { path: '/order/list' });
    const drawer = await openDetail();
    await within(drawer).findByText('Using');
    expect(server.to(DETAIL)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_100);
    await within(drawer).findByText('Finished');
    expect(server.to(DETAIL)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(server.to(DETAIL)).toHaveLength(2);
  });

  it('shows a cable order with its package and unlock code, and a Bluetooth session with its prepayment, without power-bank fields', async () => {
    const cable: OrderDetail = {
      ...detail,
      orderNo: 'R202611230002',
      deviceType: 'cable',
      payMode: 'package',
      slot: null,
      powerBankId: null,
      returnDeviceSn: null,
      returnOutletId: null,
      returnOutletName: null,
      depositAmount: 0,
      packageName: '3 hours',
      packageHours: 3,
      unlockCode: '48213377',
      billing: {
        freeMinutes: 0,
        pricePerPeriod: 300,
        periodMinutes: 180,
        dailyCap: 300,
        totalCap: 300,
        deposit: 0,
        buyOutDays: 0,
      },
      timeline: [
        { time: '2026-11-23T08:00:00Z', event: 'created', amount: null, actor: null, note: null },
        {
          time: '2026-11-23T08:00:01Z',
          event: 'codeIssued',
          amount: null,
          actor: 'CABL1234567890123',
          note: '3 hours 3 h, position 4',
        },
      ],
    };
    fakeServer({ [LIST]: { list: [{ ...order, ...cable }], total: 1 }, [DETAIL]: cable, [BUTTONS]: [] });
    const view = renderView(<OrdersView />, { path: '/order/list' });
    // The list says which kind of device the order is of.
    expect(await screen.findByText('Charging cable')).toBeTruthy();
    fireEvent.click(await screen.findByText(cable.orderNo));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('3 hours · 3 h')).toBeTruthy();
    expect(within(drawer).getByText('48213377')).toBeTruthy();
    expect(within(drawer).getByText('Unlock code issued')).toBeTruthy();
    expect(within(drawer).getByText('Package purchase')).toBeTruthy();
    expect(within(drawer).getByText('Charging cable')).toBeTruthy();
    expect(within(drawer).queryByText('Power bank')).toBeNull();
    expect(within(drawer).queryByText('Deposit')).toBeNull();
    view.unmount();

    const session: OrderDetail = {
      ...cable,
      orderNo: 'R202611230003',
      deviceType: 'bluetooth',
      payMode: 'prepayment',
      depositAmount: 2000,
      packageName: null,
      packageHours: null,
      unlockCode: null,
      billing: {
        freeMinutes: 0,
        pricePerPeriod: 100,
        periodMinutes: 60,
        dailyCap: 1000,
        totalCap: 2000,
        deposit: 2000,
        buyOutDays: 0,
      },
      timeline: [{ time: '2026-11-23T08:00:00Z', event: 'started', amount: null, actor: null, note: null }],
    };
    fakeServer({ [LIST]: { list: [{ ...order, ...session }], total: 1 }, [DETAIL]: session, [BUTTONS]: [] });
    renderView(<OrdersView />, { path: '/order/list' });
    fireEvent.click(await screen.findByText(session.orderNo));
    const second = await screen.findByRole('dialog');
    // The pay mode and the amount held both say prepayment; nothing says deposit.
    expect(await within(second).findAllByText('Prepayment')).toHaveLength(2);
    expect(within(second).queryByText('Deposit')).toBeNull();
    expect(
      within(second).getByText(/per started hour; at most \D*10\.00 a day and the prepayment \D*20\.00 in all/),
    ).toBeTruthy();
    expect(within(second).queryByText('Unlock code')).toBeNull();
  });
});

describe('orders older than 30 days', () => {
  it('reads the archive call, and an archived order offers no action even to who holds the buttons', async () => {
    const server = fakeServer({
      [ARCHIVE]: { list: [order], total: 1 },
      [DETAIL]: { ...detail, archived: true },
      [BUTTONS]: ['order:refund:refund', 'order:order:init'],
    });
    renderView(<OrderArchiveView />, { path: '/order/history' });
    const drawer = await openDetail();
    expect(await within(drawer).findByText(/Archived: this order is older than 30 days/)).toBeTruthy();
    expect(server.to(LIST)).toHaveLength(0);
    const asked = server.to(ARCHIVE)[0]!.body as { beginTime: string; endTime: string; userType?: string };
    expect(Date.parse(asked.endTime)).toBeLessThan(Date.now() - 30 * 86_400_000);
    // Spec 5: older data is read one user type at a time; the screen starts on the customers' and marks the field required.
    expect(asked.userType).toBe('customer');
    const label = document.querySelector('label[title="User type"]');
    expect(label?.classList.contains('ant-form-item-required')).toBe(true);
    expect(queryButton(/^Refund$/)).toBeNull();
  });
});
