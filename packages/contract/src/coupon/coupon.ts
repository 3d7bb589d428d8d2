import { z } from 'zod';
import { pageQuery } from '../platform/envelope.js';
import { dateTime, mobile } from '../platform/rules.js';

/**
 * Coupons (spec 3, Coupon; spec 5, coupon rules): given away, unlike vouchers, which customers buy.
 * A duration coupon covers the fee of up to its free hours of one rental, a money coupon takes an
 * amount off one rental's fee. A coupon reaches customers by a platform send (staff issue it to
 * mobiles) or by code redemption (staff generate a batch of codes; a customer redeems one in the
 * app). Each copy a customer holds is a user coupon, used once at a rental's settle.
 * Money is in integer cents; times are ISO 8601.
 */

export const COUPON_TYPES = ['duration', 'money'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];
/**
 * Where a coupon holds: everywhere, at one agent's outlets (any level below it), one outlet, one
 * device, or one operator's outlets (the spec's "operator (direct-sales team)": a team's direct
 * outlets; scopeId is the team's id).
 */
export const COUPON_SCOPES = ['platform', 'agent', 'outlet', 'device', 'operator'] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];
/**
 * The scopes a stored coupon may carry: the ones staff choose, and `provider`, what scope
 * "operator" meant before it named a team (an outlet service provider's outlets). Coupons saved
 * then were moved to it with their copies (migration coupon_scope_provider), so what customers hold
 * keeps the terms it was given with; no new coupon takes it (docs/decisions/coupons-vouchers-separation.md, "Coupons
 * and code batches").
 */
export const COUPON_STORED_SCOPES = [...COUPON_SCOPES, 'provider'] as const;
export type CouponStoredScope = (typeof COUPON_STORED_SCOPES)[number];
export const COUPON_SOURCES = ['platform', 'code'] as const;
export type CouponSource = (typeof COUPON_SOURCES)[number];
/** active: may be issued or redeemed; stopped: no more (the copies held stay valid); deleted: gone from the list (only while none is held). */
export const COUPON_STATUSES = ['active', 'stopped', 'deleted'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
/** A customer's copy: unused, used (at a rental's settle), expired (unused past the validity end; read, not stored). */
export const USER_COUPON_STATUSES = ['unused', 'used', 'expired'] as const;
export type UserCouponStatus = (typeof USER_COUPON_STATUSES)[number];
/** Spec 4: a code batch is normal, exchange completed (every code redeemed) or exchange ended (staff ended it, or the exchange deadline passed). */
export const COUPON_BATCH_STATUSES = ['normal', 'completed', 'ended'] as const;
export type CouponBatchStatus = (typeof COUPON_BATCH_STATUSES)[number];
export const COUPON_CODE_STATUSES = ['unused', 'redeemed'] as const;
export type CouponCodeStatus = (typeof COUPON_CODE_STATUSES)[number];

/** Spec 5 and 9: the limits of coupons. */
export const COUPON_LIMITS = {
  durationHours: { min: 1, max: 24 },
  /** A platform send: coupons per customer in one send. */
  perUser: { min: 1, max: 999 },
  /** A platform send: mobiles in one send. */
  mobiles: { min: 1, max: 9999 },
  /** Coupons of one coupon a customer may receive in a day (the platform's time zone). */
  dailyLimit: { min: 1, max: 99 },
  /** Codes in one batch. */
  batchQuantity: { min: 1, max: 9999 },
  total: { max: 10_000_000 },
  amount: { min: 1, max: 10_000_000 },
} as const;
/** Codes are 12 characters of this alphabet: no 0/O, 1/I/L, 2/Z, 5/S, 8/B (read aloud or copied by hand without doubt). */
export const COUPON_CODE_ALPHABET = '34679ACDEFGHJKMNPQRTUVWXY';
export const COUPON_CODE_LENGTH = 12;
/** The mobiles file of a platform send: xlsx up to 1 MB, mobiles in its first column. */
export const COUPON_MOBILES_FILE_MAX_BYTES = 1024 * 1024;

const cents = z.number().int({ error: 'rule.moneyCents' });
const whole = z.number().int({ error: 'notInteger' });
const id = z.coerce.number().int({ error: 'rule.wholeFrom1' }).min(1, { error: 'rule.wholeFrom1' });
const L = COUPON_LIMITS;

/** POST coupon/saveOrUpdate: create (no id) or edit a coupon. */
export const couponFields = z.object({
  id: id.optional(),
  name: z.string().trim().min(1).max(32),
  type: z.enum(COUPON_TYPES),
  scope: z.enum(COUPON_SCOPES),
  /** The agent's, outlet's or operator's (direct-sales team's) id; required unless the scope is the platform or a device. */
  scopeId: id.nullable().optional(),
  /** A device scope names the cabinet by its SN. */
  scopeSn: z.string().trim().max(32).nullable().optional(),
  /** Duration coupon: free hours of one rental (spec 5: 1-24). */
  durationHours: whole.min(L.durationHours.min).max(L.durationHours.max).nullable().optional(),
  /** Money coupon: the amount off one rental's fee. */
  amount: cents.min(L.amount.min).max(L.amount.max).nullable().optional(),
  /** How many may reach customers in all (sends and codes generated together). */
  total: whole.min(1).max(L.total.max),
  validFrom: dateTime,
  validTo: dateTime,
  /** Codes of this coupon may be redeemed until then (spec 5: not after the validity end); absent: until the validity end. */
  exchangeDeadline: dateTime.nullable().optional(),
  /** How it reaches customers; absent: code redemption when an exchange deadline is given, else a platform send. */
  source: z.enum(COUPON_SOURCES).optional(),
});
/** The rules between fields (spec 5), checked the same in the console's form and on the server. */
export function couponRuleIssues(
  v: z.infer<typeof couponFields>,
  now = Date.now(),
): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  if (v.type === 'duration' && !v.durationHours) out.push({ path: 'durationHours', message: 'rule.couponDuration' });
  if (v.type === 'money' && !v.amount) out.push({ path: 'amount', message: 'rule.couponAmount' });
  if (v.scope === 'device' && !v.scopeSn) out.push({ path: 'scopeSn', message: 'rule.couponScope' });
  else if (v.scope !== 'platform' && v.scope !== 'device' && !v.scopeId)
    out.push({ path: 'scopeId', message: 'rule.couponScope' });
  const from = Date.parse(v.validFrom);
  const to = Date.parse(v.validTo);
  if (to <= from) out.push({ path: 'validTo', message: 'rule.couponValidTo' });
  else if (to < now) out.push({ path: 'validTo', message: 'rule.couponValidToPast' });
  if (v.exchangeDeadline && Date.parse(v.exchangeDeadline) > to)
    out.push({ path: 'exchangeDeadline', message: 'rule.couponDeadline' });
  return out;
}
export const couponSaveRequest = couponFields.superRefine((v, ctx) => {
  for (const i of couponRuleIssues(v)) ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
});
export type CouponSaveRequest = z.infer<typeof couponSaveRequest>;

export const couponItem = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(COUPON_TYPES),
  scope: z.enum(COUPON_STORED_SCOPES),
  scopeId: z.number().int().nullable(),
  scopeSn: z.string().nullable(),
  /** The scope's agent, outlet, team (operator) or service provider name, or the device's SN (null for the platform). */
  scopeName: z.string().nullable(),
  durationHours: z.number().int().nullable(),
  amount: cents.nullable(),
  total: z.number().int(),
  /** Sent to customers or put in code batches so far (never above the total). */
  allotted: z.number().int(),
  /** Copies customers hold (sent or redeemed). */
  received: z.number().int(),
  used: z.number().int(),
  /** Copies held, not used, whose validity ended. */
  expired: z.number().int(),
  /** Copies held, not used and still valid: received = used + expired + unused. */
  unused: z.number().int(),
  validFrom: z.string(),
  validTo: z.string(),
  exchangeDeadline: z.string().nullable(),
  source: z.enum(COUPON_SOURCES),
  status: z.enum(COUPON_STATUSES),
  createTime: z.string(),
});
export type CouponItem = z.infer<typeof couponItem>;

export const couponFilter = z.object({
  name: z.string().trim().max(32).optional(),
  type: z.enum(COUPON_TYPES).optional(),
  source: z.enum(COUPON_SOURCES).optional(),
  status: z.enum(['active', 'stopped'] as const).optional(),
});
export type CouponFilter = z.infer<typeof couponFilter>;
export const couponQuery = pageQuery.extend(couponFilter.shape);

/** POST coupon/editStatus: stop (no more sends or redemptions), resume, or delete (only while no customer holds one). */
export const couponStatusRequest = z.object({ id, status: z.enum(COUPON_STATUSES) });

/** POST coupon/issue: a platform send to mobiles (typed, or read from an xlsx by coupon/readMobiles). */
export const couponIssueRequest = z.object({
  couponId: id,
  mobiles: z.array(z.string().trim().max(32)).min(L.mobiles.min).max(L.mobiles.max),
  /** Coupons each customer gets (spec 5: 1-999). */
  perUser: whole.min(L.perUser.min).max(L.perUser.max),
  /** At most this many of this coupon per customer per day, this send included (spec 5: 1-99). */
  dailyLimit: whole.min(L.dailyLimit.min).max(L.dailyLimit.max),
});
export type CouponIssueRequest = z.infer<typeof couponIssueRequest>;
/** Why a mobile of a send got nothing (spec 8: the batch upload report). */
export const COUPON_SKIP_REASONS = ['badFormat', 'duplicate', 'absent', 'dailyLimit'] as const;
export type CouponSkipReason = (typeof COUPON_SKIP_REASONS)[number];
export const couponIssueReport = z.object({
  total: z.number().int(),
  successes: z.number().int(),
  failures: z.number().int(),
  /** Coupons given (successes x perUser). */
  issued: z.number().int(),
  skipped: z.array(z.object({ mobile: z.string(), reason: z.enum(COUPON_SKIP_REASONS) })),
});
export type CouponIssueReport = z.infer<typeof couponIssueReport>;
/** POST coupon/readMobiles (multipart xlsx): the mobiles of the first column, for the send form. */
export const couponMobilesFile = z.object({ mobiles: z.array(z.string()), rows: z.number().int() });

/** The customers' coupons (console list). */
export const userCouponFilter = z.object({
  mobile: z.string().trim().max(20).optional(),
  /** One customer's coupons (the customer screen). */
  userId: z.coerce.number().int().min(1).optional(),
  couponId: z.coerce.number().int().min(1).optional(),
  status: z.enum(USER_COUPON_STATUSES).optional(),
  source: z.enum(COUPON_SOURCES).optional(),
});
export type UserCouponFilter = z.infer<typeof userCouponFilter>;
export const userCouponQuery = pageQuery.extend(userCouponFilter.shape);
export const userCouponItem = z.object({
  id: z.number().int(),
  couponId: z.number().int(),
  couponName: z.string(),
  userId: z.number().int(),
  userMobile: z.string(),
  type: z.enum(COUPON_TYPES),
  durationHours: z.number().int().nullable(),
  amount: cents.nullable(),
  source: z.enum(COUPON_SOURCES),
  status: z.enum(USER_COUPON_STATUSES),
  validFrom: z.string(),
  validTo: z.string(),
  /** The rental it was used on, and what it took off the fee. */
  orderNo: z.string().nullable(),
  deduction: cents,
  code: z.string().nullable(),
  createTime: z.string(),
  usedTime: z.string().nullable(),
});
export type UserCouponItem = z.infer<typeof userCouponItem>;

/** Code batches. */
export const couponBatchCreateRequest = z.object({
  couponId: id,
  quantity: whole.min(L.batchQuantity.min).max(L.batchQuantity.max),
});
export const couponBatchEndRequest = z.object({ id });
export const couponBatchFilter = z.object({
  couponId: z.coerce.number().int().min(1).optional(),
  status: z.enum(COUPON_BATCH_STATUSES).optional(),
});
export type CouponBatchFilter = z.infer<typeof couponBatchFilter>;
export const couponBatchQuery = pageQuery.extend(couponBatchFilter.shape);
export const couponBatchItem = z.object({
  id: z.number().int(),
  batchNo: z.string(),
  couponId: z.number().int(),
  couponName: z.string(),
  type: z.enum(COUPON_TYPES),
  durationHours: z.number().int().nullable(),
  amount: cents.nullable(),
  quantity: z.number().int(),
  exchanged: z.number().int(),
  notExchanged: z.number().int(),
  exchangeDeadline: z.string(),
  status: z.enum(COUPON_BATCH_STATUSES),
  createdBy: z.string(),
  createTime: z.string(),
});
export type CouponBatchItem = z.infer<typeof couponBatchItem>;

/** The coupon code list (spec 2): each code, its state, who redeemed it and when. */
export const couponCodeFilter = z.object({
  batchId: z.coerce.number().int().min(1).optional(),
  code: z.string().trim().max(COUPON_CODE_LENGTH).optional(),
  status: z.enum(COUPON_CODE_STATUSES).optional(),
  mobile: z.string().trim().max(20).optional(),
});
export type CouponCodeFilter = z.infer<typeof couponCodeFilter>;
export const couponCodeQuery = pageQuery.extend(couponCodeFilter.shape);
export const couponCodeItem = z.object({
  id: z.number().int(),
  code: z.string(),
  batchId: z.number().int(),
  batchNo: z.string(),
  couponName: z.string(),
  status: z.enum(COUPON_CODE_STATUSES),
  /** The customer who redeemed it (null: not redeemed). */
  userId: z.number().int().nullable(),
  userMobile: z.string().nullable(),
  redeemTime: z.string().nullable(),
  createTime: z.string(),
});
export type CouponCodeItem = z.infer<typeof couponCodeItem>;

// ------------------------------------------------------------------ the customers' app

/** POST coupon/redeem: a code, typed by the customer (case and spaces forgiven). */
export const appCouponRedeemRequest = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .min(1, { error: 'rule.couponCode' })
        .max(COUPON_CODE_LENGTH, { error: 'rule.couponCode' })
        .regex(/^[0-9A-Z]+$/, { error: 'rule.couponCode' }),
    ),
});
export const myCouponItem = userCouponItem.pick({
  id: true,
  couponName: true,
  type: true,
  durationHours: true,
  amount: true,
  source: true,
  status: true,
  validFrom: true,
  validTo: true,
  orderNo: true,
  deduction: true,
  createTime: true,
  usedTime: true,
});
export type MyCouponItem = z.infer<typeof myCouponItem>;
export const myCouponsQuery = pageQuery.extend({ status: z.enum(USER_COUPON_STATUSES).optional() });

export { mobile as couponMobile };
