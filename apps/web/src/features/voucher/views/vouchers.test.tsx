import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { api, type VoucherItem, type VoucherOrderItem } from '@cbo/contract';
import { button, fakeServer, queryButton, renderView, setupI18n, setViewportWidth } from '@/test/list-page';
import { changeLanguage } from '@/shared/i18n';
import VouchersView from './vouchers';
import VoucherOrdersView from './voucher-orders';

const BUTTONS = api.menuGetButton.path;
const LISTS = api.voucherLists.path;
const UPDATE = api.voucherUpdate.path;
const ORDERS = api.voucherOrderQueryPage.path;
const AMOUNT = api.voucherOrderAmount.path;
const REFUND = api.voucherOrderRefund.path;
const PROVIDER = api.ledgerPaymentProvider.path;

const voucher: VoucherItem = {
  id: 4,
  name: 'City pass',
  price: 1990,
  freeMinutes: 60,
  uses: 5,
  validDays: 30,
  stock: 100,
  sold: 12,
  scopeType: 'platform',
  scopeId: null,
  scopeName: null,
  status: 'onSale',
  createTime: '2026-11-20T08:00:00Z',
};
const future = new Date(Date.now() + 10 * 86_400_000).toISOString();
const pass: VoucherOrderItem = {
  id: 9,
  voucherOrderNo: 'V20261125000001',
  userId: 7,
  userMobile: '86-13800000007',
  voucherId: 4,
  voucherName: 'City pass',
  price: 1000,
  freeMinutes: 60,
  uses: 3,
  usesLeft: 2,
  usedValue: 333,
  refundAmount: 0,
  validUntil: future,
  status: 'paid',
  payReference: 'SBXC1',
  refundReference: null,
  refundReason: null,
  failReason: null,
  createTime: '2026-11-25T08:00:00Z',
  refundTime: null,
  simulated: false,
};

beforeAll(async () => {
  await setupI18n('en_US');
});
beforeEach(async () => {
  setViewportWidth(1440);
  await changeLanguage('en_US');
});

describe('voucher screens', () => {
  it('puts a voucher off sale after a confirmation, sending every other term unchanged', async () => {
    const server = fakeServer({
      [LISTS]: { list: [voucher], total: 1 },
      [BUTTONS]: ['order:voucher:edit'],
      [UPDATE]: { ...voucher, status: 'offSale' },
      [PROVIDER]: { name: 'sandbox', sandbox: true, currency: 'CNY' },
    });
    renderView(<VouchersView />, { path: '/order/vouchers' });
    expect(await screen.findByText('City pass')).toBeTruthy();
    expect(screen.getByText('12 / 100')).toBeTruthy();
    fireEvent.click(await waitFor(() => button(/^Off sale$/)));
    expect((await screen.findAllByText('Take City pass off sale?')).length).toBeGreaterThan(0);
    expect(server.to(UPDATE)).toHaveLength(0);
    fireEvent.click(button(/^OK$/));
    await waitFor(() => expect(server.to(UPDATE)).toHaveLength(1));
    expect(server.to(UPDATE)[0]!.body).toEqual({
      id: 4,
      name: 'City pass',
      price: 1990,
      freeMinutes: 60,
      uses: 5,
      validDays: 30,
      stock: 100,
      scopeType: 'platform',
      scopeId: null,
      status: 'offSale',
    });
  });

  it('shows no edit action without the edit button permission', async () => {
    fakeServer({ [LISTS]: { list: [voucher], total: 1 }, [BUTTONS]: [] });
    renderView(<VouchersView />, { path: '/order/vouchers' });
    expect(await screen.findByText('City pass')).toBeTruthy();
    expect(queryButton(/^Off sale$/)).toBeNull();
    expect(queryButton(/Add voucher/)).toBeNull();
  });

  it('shows the totals of the filter and refunds the unused part with a reason after confirming', async () => {
    const server = fakeServer({
      [ORDERS]: { list: [pass], total: 1 },
      [AMOUNT]: { count: 1, paidAmount: 1000, refundAmount: 0, usedValue: 333 },
      [BUTTONS]: ['order:voucherOrder:refund'],
      [REFUND]: { ...pass, status: 'refunding' },
      [PROVIDER]: { name: 'sandbox', sandbox: true, currency: 'CNY' },
    });
    renderView(<VoucherOrdersView />, { path: '/order/voucherOrders' });
    expect(await screen.findByText(pass.voucherOrderNo)).toBeTruthy();
    await waitFor(() => expect(server.to(AMOUNT)).toHaveLength(1));
    expect(server.to(AMOUNT)[0]!.body).not.toHaveProperty('pageNum');
    fireEvent.click(await waitFor(() => button(/^Refund$/)));
    expect((await screen.findAllByText(/^(CN)?¥6\.67$/)).length).toBeGreaterThan(0);
    fireEvent.click(button(/^Save$/));
    await waitFor(() =>
      expect(screen.getByText(/Refund reason/, { selector: '.ant-form-item-explain-error' })).toBeTruthy(),
    );
    expect(server.to(REFUND)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Refund reason'), { target: { value: 'moved away' } });
    fireEvent.click(button(/^Save$/));
    expect((await screen.findAllByText(`Refund voucher order ${pass.voucherOrderNo}?`)).length).toBeGreaterThan(0);
    fireEvent.click(button(/^OK$/));
    await waitFor(() => expect(server.to(REFUND)).toHaveLength(1));
    expect(server.to(REFUND)[0]!.body).toEqual({ voucherOrderNo: pass.voucherOrderNo, reason: 'moved away' });
    expect(await screen.findByText('Refund started')).toBeTruthy();
  });
});
