import { describe, expect, it } from 'vitest';
import type { VoucherItem } from '@cbo/contract';
import { canRefund, formToRequest, toggleRequest, totalsFilter, unusedValue, voucherToForm } from './voucher-rules';

const FUTURE = new Date(Date.now() + 86_400_000).toISOString();
const PAST = new Date(Date.now() - 1000).toISOString();
const order = {
  status: 'paid' as const,
  usesLeft: 2,
  validUntil: FUTURE,
  payReference: 'SBX1',
  price: 1000,
  usedValue: 333,
  refundAmount: 0,
};
const voucher: VoucherItem = {
  id: 7,
  name: 'Pass',
  price: 1990,
  freeMinutes: 60,
  uses: 5,
  validDays: 30,
  stock: 10,
  sold: 2,
  scopeType: 'outlet',
  scopeId: 3,
  scopeName: 'O',
  status: 'onSale',
  createTime: PAST,
};

describe('voucher rules', () => {
  it('refunds only a paid or failed pass with uses left, still valid', () => {
    expect(canRefund(order)).toBe(true);
    expect(canRefund({ ...order, status: 'refundFailed' })).toBe(true);
    expect(canRefund({ ...order, status: 'refunding' })).toBe(false);
    expect(canRefund({ ...order, status: 'usedUp', usesLeft: 0 })).toBe(false);
    expect(canRefund({ ...order, usesLeft: 0 })).toBe(false);
    expect(canRefund({ ...order, validUntil: PAST })).toBe(false);
    expect(canRefund({ ...order, payReference: null })).toBe(false);
  });

  it('gives back the price less the value used, nothing once refunded or expired', () => {
    expect(unusedValue(order)).toBe(667);
    expect(unusedValue({ ...order, status: 'refunded', refundAmount: 667 })).toBe(0);
    expect(unusedValue({ ...order, status: 'expired' })).toBe(0);
  });

  it('sends the price in smallest units and no scope target for the platform', () => {
    const form = voucherToForm(voucher, 'CNY');
    expect(form).toMatchObject({ price: 19.9, scopeType: 'outlet', scopeId: 3 });
    expect(formToRequest({ ...(form as Required<typeof form>), name: ' Pass ' }, 'CNY')).toMatchObject({
      name: 'Pass',
      price: 1990,
      scopeId: 3,
    });
    expect(formToRequest({ ...(form as Required<typeof form>), scopeType: 'platform' }, 'CNY').scopeId).toBeNull();
    expect(formToRequest({ ...(form as Required<typeof form>), price: 120 }, 'JPY').price).toBe(120);
    expect(voucherToForm(undefined, 'CNY')).toMatchObject({ scopeType: 'platform', status: 'onSale' });
  });

  it('toggles the sale and keeps every other term', () => {
    expect(toggleRequest(voucher)).toEqual({
      id: 7,
      name: 'Pass',
      price: 1990,
      freeMinutes: 60,
      uses: 5,
      validDays: 30,
      stock: 10,
      scopeType: 'outlet',
      scopeId: 3,
      status: 'offSale',
    });
    expect(toggleRequest({ ...voucher, status: 'offSale' }).status).toBe('onSale');
  });

  it('asks the totals for the list filter without its paging', () => {
    expect(
      totalsFilter({
        pageNum: 2,
        pageSize: 20,
        status: 'paid',
        mobile: '',
        beginTime: '2026-01-01 00:00:00',
        orderBy: 'x',
      }),
    ).toEqual({ status: 'paid', beginTime: '2026-01-01 00:00:00' });
  });
});
