import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { couponRuleIssues, couponSaveRequest } from '@cbo/contract';
import { couponToForm, FORM_FIELD, formToRequest, type CouponFormValues } from './coupon-form';

const base: CouponFormValues = {
  name: 'Welcome',
  type: 'money',
  scope: 'platform',
  scopeId: 7,
  scopeSn: 'SN1',
  durationHours: 3,
  amount: 2.5,
  total: 10,
  validity: [dayjs().subtract(1, 'hour'), dayjs().add(10, 'day')],
  exchangeDeadline: dayjs().add(5, 'day'),
  source: 'platform',
};

describe('the coupon form', () => {
  it('sends only the value and scope its type and scope use, money in cents', () => {
    const body = formToRequest(base, 'CNY');
    expect(body).toMatchObject({
      amount: 250,
      durationHours: null,
      scopeId: null,
      scopeSn: null,
      exchangeDeadline: null,
      source: 'platform',
    });
    expect(couponSaveRequest.safeParse(body).success).toBe(true);
    const device = formToRequest({ ...base, type: 'duration', scope: 'device', source: 'code' }, 'CNY', 4);
    expect(device).toMatchObject({
      id: 4,
      amount: null,
      durationHours: 3,
      scopeId: null,
      scopeSn: 'SN1',
      source: 'code',
    });
    expect(device.exchangeDeadline).not.toBeNull();
  });

  it('finds the rules of spec 5 the server finds, on the form field that holds them', () => {
    const past = formToRequest({ ...base, validity: [dayjs().subtract(3, 'day'), dayjs().subtract(1, 'day')] }, 'CNY');
    expect(couponRuleIssues(past).map((i) => FORM_FIELD[i.path])).toEqual(['validity']);
    const late = formToRequest({ ...base, source: 'code', exchangeDeadline: dayjs().add(20, 'day') }, 'CNY');
    expect(couponRuleIssues(late).map((i) => [FORM_FIELD[i.path], i.message])).toEqual([
      ['exchangeDeadline', 'rule.couponDeadline'],
    ]);
    expect(couponSaveRequest.safeParse(late).success).toBe(false);
  });

  it('opens an edit with the coupon as given, money back in currency units', () => {
    const v = couponToForm(
      {
        id: 1,
        name: 'X',
        type: 'money',
        scope: 'outlet',
        scopeId: 3,
        scopeSn: null,
        scopeName: 'O',
        durationHours: null,
        amount: 199,
        total: 5,
        allotted: 1,
        received: 1,
        used: 0,
        expired: 0,
        unused: 1,
        validFrom: '2026-01-01T00:00:00.000Z',
        validTo: '2026-02-01T00:00:00.000Z',
        exchangeDeadline: null,
        source: 'platform',
        status: 'active',
        createTime: '2026-01-01T00:00:00.000Z',
      },
      'CNY',
    );
    expect(v).toMatchObject({ amount: 1.99, scope: 'outlet', scopeId: 3, exchangeDeadline: null });
    expect(v.validity![1].toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });

  it("opens a coupon of the former operator scope (a service provider's) without a scope, to be given a current one", () => {
    const v = couponToForm(
      {
        id: 2,
        name: 'Old',
        type: 'money',
        scope: 'provider',
        scopeId: 5,
        scopeSn: null,
        scopeName: 'P',
        durationHours: null,
        amount: 100,
        total: 5,
        allotted: 0,
        received: 0,
        used: 0,
        expired: 0,
        unused: 0,
        validFrom: '2026-01-01T00:00:00.000Z',
        validTo: '2026-02-01T00:00:00.000Z',
        exchangeDeadline: null,
        source: 'platform',
        status: 'active',
        createTime: '2026-01-01T00:00:00.000Z',
      },
      'CNY',
    );
    expect(v.scope).toBeUndefined();
    expect(v.scopeId).toBeNull();
    // Saved as an operator's, it names the team picked.
    expect(formToRequest({ ...base, ...v, scope: 'operator', scopeId: 9 } as CouponFormValues, 'CNY', 2)).toMatchObject(
      { scope: 'operator', scopeId: 9 },
    );
  });
});
