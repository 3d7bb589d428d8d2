import dayjs, { type Dayjs } from 'dayjs';
import type { CouponItem, CouponSaveRequest, CouponScope, CouponSource, CouponType } from '@cbo/contract';
import { toMinor, toUnits } from '@/shared/money';

/** The coupon form's values: money in currency units, the validity as a picker's range. */
export interface CouponFormValues {
  name: string;
  type: CouponType;
  scope: CouponScope;
  scopeId?: number | null;
  scopeSn?: string | null;
  durationHours?: number | null;
  amount?: number | null;
  total: number;
  validity: [Dayjs, Dayjs];
  exchangeDeadline?: Dayjs | null;
  source: CouponSource;
}

export function couponToForm(c: CouponItem | null | undefined, currency: string | null): Partial<CouponFormValues> {
  if (!c)
    return {
      type: 'money',
      scope: 'platform',
      source: 'platform',
      total: 100,
      validity: [dayjs().startOf('minute'), dayjs().add(30, 'day').endOf('day')],
    };
  return {
    name: c.name,
    type: c.type,
    // The former operator scope (a service provider's outlets) is no longer chosen: a coupon nobody
    // holds yet opens without a scope, to be given a current one.
    scope: c.scope === 'provider' ? undefined : c.scope,
    scopeId: c.scope === 'provider' ? null : c.scopeId,
    scopeSn: c.scopeSn,
    durationHours: c.durationHours,
    amount: c.amount === null ? null : toUnits(c.amount, currency),
    total: c.total,
    validity: [dayjs(c.validFrom), dayjs(c.validTo)],
    exchangeDeadline: c.exchangeDeadline ? dayjs(c.exchangeDeadline) : null,
    source: c.source,
  };
}

/** The saveOrUpdate body: only the value and scope fields the type and scope use. */
export function formToRequest(v: CouponFormValues, currency: string | null, id?: number): CouponSaveRequest {
  return {
    ...(id ? { id } : {}),
    name: v.name,
    type: v.type,
    scope: v.scope,
    scopeId: v.scope === 'platform' || v.scope === 'device' ? null : (v.scopeId ?? null),
    scopeSn: v.scope === 'device' ? (v.scopeSn ?? null) : null,
    durationHours: v.type === 'duration' ? (v.durationHours ?? null) : null,
    amount: v.type === 'money' && v.amount !== null && v.amount !== undefined ? toMinor(v.amount, currency) : null,
    total: v.total,
    validFrom: v.validity[0].toISOString(),
    validTo: v.validity[1].toISOString(),
    exchangeDeadline: v.source === 'code' && v.exchangeDeadline ? v.exchangeDeadline.toISOString() : null,
    source: v.source,
  };
}

/** Which form field a rule of the contract's couponRuleIssues names (the form keeps the validity as one range). */
export const FORM_FIELD: Record<string, keyof CouponFormValues> = {
  durationHours: 'durationHours',
  amount: 'amount',
  scopeId: 'scopeId',
  scopeSn: 'scopeSn',
  validTo: 'validity',
  exchangeDeadline: 'exchangeDeadline',
};
