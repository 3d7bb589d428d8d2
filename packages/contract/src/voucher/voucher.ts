import { z } from 'zod';
import { pageQuery, timeRange } from '../platform/envelope.js';

/**
 * Vouchers: prepaid rental passes sold in the customers' app (not coupons, which are given away).
 * A voucher covers up to its free minutes of the fee of each rental, for a number of rentals
 * (uses), within a number of days of the purchase. A voucher order is one customer's purchase;
 * it keeps a copy of the voucher's terms, so a later edit changes the next sale and not this one.
 * Money is in integer cents.
 */

/** Where a voucher may be used: everywhere, at the outlets under one agent (any level below it too), or at one outlet. */
export const VOUCHER_SCOPES = ['platform', 'agent', 'outlet'] as const;
export type VoucherScope = (typeof VOUCHER_SCOPES)[number];
export const VOUCHER_STATUSES = ['onSale', 'offSale'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];
/**
 * A purchase: paid (uses left, valid), used up, expired (the validity passed with uses left),
 * refunding (the unused part is being given back through the payment company), refunded, or
 * refund failed (with the company's reason; staff may try again).
 */
/** `paying`: the charge is asked, its outcome not known yet; `payFailed`: the payment company refused it (nothing was sold). */
export const VOUCHER_ORDER_STATUSES = [
  'paying',
  'payFailed',
  'paid',
  'usedUp',
  'expired',
  'refunding',
  'refunded',
  'refundFailed',
] as const;
export type VoucherOrderStatus = (typeof VOUCHER_ORDER_STATUSES)[number];

const cents = z.number().int({ error: 'rule.moneyCents' });
const whole = z.number().int({ error: 'notInteger' });
const id = z.coerce.number().int({ error: 'rule.wholeFrom1' }).min(1, { error: 'rule.wholeFrom1' });

/** POST add and update: the voucher's terms. The scope's agent or outlet is required unless the scope is the platform. */
export const voucherFields = z.object({
  name: z.string().trim().min(1).max(16),
  /** What the customer pays for the pass, above 0. */
  price: cents.min(1).max(10_000_000),
  /** Minutes of each rental's fee the pass covers. */
  freeMinutes: whole.min(1).max(10_080),
  /** How many rentals it covers. */
  uses: whole.min(1).max(1000),
  /** Days it stays valid after the purchase. */
  validDays: whole.min(1).max(3650),
  /** How many may be sold in all. */
  stock: whole.min(0).max(10_000_000),
  scopeType: z.enum(VOUCHER_SCOPES),
  /** The agent's or the outlet's id; ignored for the platform scope. */
  scopeId: id.nullable().optional(),
  status: z.enum(VOUCHER_STATUSES).default('onSale'),
});
const scoped = <T extends { scopeType: VoucherScope; scopeId?: number | null }>(v: T) =>
  v.scopeType === 'platform' || Boolean(v.scopeId);
export const voucherAddRequest = voucherFields.refine(scoped, { error: 'rule.voucherScope', path: ['scopeId'] });
export type VoucherAddRequest = z.infer<typeof voucherAddRequest>;
export const voucherUpdateRequest = voucherFields
  .extend({ id })
  .refine(scoped, { error: 'rule.voucherScope', path: ['scopeId'] });
export type VoucherUpdateRequest = z.infer<typeof voucherUpdateRequest>;

export const voucherItem = z.object({
  id: z.number().int(),
  name: z.string(),
  price: cents,
  freeMinutes: z.number().int(),
  uses: z.number().int(),
  validDays: z.number().int(),
  stock: z.number().int(),
  sold: z.number().int(),
  scopeType: z.enum(VOUCHER_SCOPES),
  scopeId: z.number().int().nullable(),
  /** The scope's agent or outlet name (null for the platform). */
  scopeName: z.string().nullable(),
  status: z.enum(VOUCHER_STATUSES),
  createTime: z.string(),
});
export type VoucherItem = z.infer<typeof voucherItem>;

export const voucherFilter = z.object({
  name: z.string().trim().max(16).optional(),
  status: z.enum(VOUCHER_STATUSES).optional(),
  scopeType: z.enum(VOUCHER_SCOPES).optional(),
});
export const voucherQuery = pageQuery.extend(voucherFilter.shape);
export type VoucherQuery = z.infer<typeof voucherQuery>;

/** POST voucherOrder/queryPage, execle and getVoucherOrderAmount: the time filter is the purchase time (at most 30 days). */
export const voucherOrderFilter = timeRange.extend({
  voucherOrderNo: z.string().trim().max(32).optional(),
  /** Part of the customer's mobile. */
  mobile: z.string().trim().max(20).optional(),
  userId: z.coerce.number().int().min(1).optional(),
  voucherId: z.coerce.number().int().min(1).optional(),
  status: z.enum(VOUCHER_ORDER_STATUSES).optional(),
});
export type VoucherOrderFilter = z.infer<typeof voucherOrderFilter>;
export const voucherOrderQuery = pageQuery.extend(voucherOrderFilter.shape);
export type VoucherOrderQuery = z.infer<typeof voucherOrderQuery>;

export const voucherOrderItem = z.object({
  id: z.number().int(),
  voucherOrderNo: z.string(),
  userId: z.number().int(),
  userMobile: z.string(),
  voucherId: z.number().int(),
  voucherName: z.string(),
  /** What was paid. */
  price: cents,
  freeMinutes: z.number().int(),
  uses: z.number().int(),
  usesLeft: z.number().int(),
  /** The value of the uses made (price / uses per use, the last use takes the remainder). */
  usedValue: cents,
  /** What was given back (the unused part), once refunded. */
  refundAmount: cents,
  validUntil: z.string(),
  status: z.enum(VOUCHER_ORDER_STATUSES),
  payReference: z.string().nullable(),
  refundReference: z.string().nullable(),
  refundReason: z.string().nullable(),
  /** The payment company's reason of a failed refund. */
  failReason: z.string().nullable(),
  createTime: z.string(),
  refundTime: z.string().nullable(),
  simulated: z.boolean(),
});
export type VoucherOrderItem = z.infer<typeof voucherOrderItem>;

/** POST voucherOrder/refund: gives back the unused part once. */
export const voucherRefundRequest = z.object({
  voucherOrderNo: z.string().trim().min(1).max(32),
  reason: z.string().trim().min(1).max(64),
});
export type VoucherRefundRequest = z.infer<typeof voucherRefundRequest>;

/** POST getVoucherOrderAmount: the totals of the list's filter; each is the sum over its rows. */
export const voucherOrderAmount = z.object({
  count: z.number().int(),
  paidAmount: cents,
  refundAmount: cents,
  usedValue: cents,
});
export type VoucherOrderAmount = z.infer<typeof voucherOrderAmount>;

// ------------------------------------------------------------------ the customers' app

/** GET voucher/list?sn=: the vouchers on sale that hold at this cabinet's outlet. */
export const appVouchersQuery = z.object({ sn: z.string().trim().min(1).max(32) });
export const appVoucherItem = z.object({
  id: z.number().int(),
  name: z.string(),
  price: cents,
  freeMinutes: z.number().int(),
  uses: z.number().int(),
  validDays: z.number().int(),
  scopeType: z.enum(VOUCHER_SCOPES),
  /** How many are left for sale. */
  left: z.number().int(),
});
export type AppVoucherItem = z.infer<typeof appVoucherItem>;
/** POST voucher/buy: the key makes a retried tap one purchase and one charge. */
export const appVoucherBuyRequest = z.object({
  voucherId: id,
  idempotencyKey: z
    .string()
    .trim()
    .min(8)
    .max(64)
    .regex(/^[\w-]+$/, { error: 'rule.idempotencyKey' })
    .optional(),
});
export const myVoucherOrderItem = voucherOrderItem.pick({
  voucherOrderNo: true,
  voucherName: true,
  price: true,
  freeMinutes: true,
  uses: true,
  usesLeft: true,
  validUntil: true,
  status: true,
  refundAmount: true,
  createTime: true,
});
export type MyVoucherOrderItem = z.infer<typeof myVoucherOrderItem>;
export const myVoucherOrdersQuery = pageQuery;
