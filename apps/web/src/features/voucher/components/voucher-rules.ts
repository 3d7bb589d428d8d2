import type {
  VoucherItem,
  VoucherOrderFilter,
  VoucherOrderItem,
  VoucherOrderStatus,
  VoucherStatus,
  VoucherUpdateRequest,
} from '@cbo/contract';
import { toMinor, toUnits } from '@/shared/money';

/**
 * What the voucher screens decide without asking the server: which passes may be refunded and
 * for how much, the toggle of a voucher's sale, the form's money in currency units, and the
 * filter the totals are asked for. The server decides again; these keep the console from
 * offering what it would refuse.
 */

export const ORDER_STATUS_COLOR: Record<VoucherOrderStatus, string> = {
  paying: 'gold',
  payFailed: 'default',
  paid: 'processing',
  usedUp: 'default',
  expired: 'warning',
  refunding: 'gold',
  refunded: 'success',
  refundFailed: 'error',
};

/** What a refund gives back: the price less the value of the uses made (price x uses left / uses, remainder included). */
export function unusedValue(o: Pick<VoucherOrderItem, 'price' | 'usedValue' | 'refundAmount' | 'status'>): number {
  return o.status === 'refunded' || o.status === 'expired' || o.status === 'paying' || o.status === 'payFailed'
    ? 0
    : Math.max(0, o.price - o.usedValue);
}

/** VOUCHER_ORDER_NOT_REFUNDABLE: paid (or refund failed), with uses left, still valid. */
export function canRefund(
  o: Pick<VoucherOrderItem, 'status' | 'usesLeft' | 'validUntil' | 'payReference'>,
  now = new Date(),
): boolean {
  return (
    (o.status === 'paid' || o.status === 'refundFailed') &&
    o.usesLeft > 0 &&
    new Date(o.validUntil) > now &&
    o.payReference !== null
  );
}

export function toggledStatus(s: VoucherStatus): VoucherStatus {
  return s === 'onSale' ? 'offSale' : 'onSale';
}

/** The form's values: the price in currency units as typed. */
export interface VoucherFormValues {
  name: string;
  price: number;
  freeMinutes: number;
  uses: number;
  validDays: number;
  stock: number;
  scopeType: VoucherItem['scopeType'];
  scopeId?: number | null;
  status: VoucherStatus;
}

export function voucherToForm(v: VoucherItem | undefined, currency: string | null): Partial<VoucherFormValues> {
  if (!v) return { scopeType: 'platform', status: 'onSale', uses: 1, validDays: 30, freeMinutes: 60, stock: 100 };
  return {
    name: v.name,
    price: toUnits(v.price, currency),
    freeMinutes: v.freeMinutes,
    uses: v.uses,
    validDays: v.validDays,
    stock: v.stock,
    scopeType: v.scopeType,
    scopeId: v.scopeId,
    status: v.status,
  };
}

/** The body of add (no id) or update: the price in smallest units, no scope target for the platform. */
export function formToRequest(v: VoucherFormValues, currency: string | null): Omit<VoucherUpdateRequest, 'id'> {
  return {
    name: v.name.trim(),
    price: toMinor(v.price, currency),
    freeMinutes: v.freeMinutes,
    uses: v.uses,
    validDays: v.validDays,
    stock: v.stock,
    scopeType: v.scopeType,
    scopeId: v.scopeType === 'platform' ? null : (v.scopeId ?? null),
    status: v.status,
  };
}

/** The update that puts a voucher on or off sale, every other term as it is. */
export function toggleRequest(v: VoucherItem): VoucherUpdateRequest {
  return {
    id: v.id,
    name: v.name,
    price: v.price,
    freeMinutes: v.freeMinutes,
    uses: v.uses,
    validDays: v.validDays,
    stock: v.stock,
    scopeType: v.scopeType,
    scopeId: v.scopeId,
    status: toggledStatus(v.status),
  };
}

const FILTER_KEYS = [
  'beginTime',
  'endTime',
  'voucherOrderNo',
  'mobile',
  'userId',
  'voucherId',
  'status',
] as const satisfies readonly (keyof VoucherOrderFilter)[];

/** The totals' filter: the list's input without paging, so the totals and the rows count the same orders. */
export function totalsFilter(input: Record<string, unknown>): VoucherOrderFilter {
  const out: Record<string, unknown> = {};
  for (const k of FILTER_KEYS) if (input[k] !== undefined && input[k] !== null && input[k] !== '') out[k] = input[k];
  return out as VoucherOrderFilter;
}
