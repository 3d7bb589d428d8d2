import { z } from 'zod';
import { pageQuery } from '../platform/envelope.js';
import {
  orderBilling,
  ORDER_PAY_CHANNELS,
  ORDER_STATUSES,
  ORDER_DEVICE_TYPES,
  PAY_MODES,
  PAYMENT_KINDS,
} from './order.js';

/** The customers' app: quote a cabinet, rent, my orders, my wallet. Tokens of signed-in users only. */

const sn = z.string().trim().min(1).max(32);
/** The caller's key of a request (8-64 letters, digits, - or _): the same request asked again is the first one. */
const idempotencyKey = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[\w-]+$/, { error: 'rule.idempotencyKey' })
  .optional();
/**
 * The customer's id at the channel's payment company (WeChat openid from the mini program's login),
 * which WeChat Pay's in-app payment needs; the company asks that account to pay, so naming another
 * one takes nothing from anyone.
 */
const payerId = z
  .string()
  .trim()
  .max(64)
  .regex(/^[\w-]*$/, { error: 'rule.payerId' })
  .optional();
/** GET quote?sn=: what renting from this cabinet costs. */
export const quoteQuery = z.object({ sn });
export const quote = z.object({
  sn: z.string(),
  outletId: z.number().int(),
  outletName: z.string(),
  billing: orderBilling,
  /** The pay modes this rental offers (deposit-free needs the extended function switched on). */
  payModes: z.array(z.enum(PAY_MODES)),
  /** The channels the device's payment configuration offers (null: no configuration applies, any). */
  channels: z.array(z.enum(ORDER_PAY_CHANNELS)).nullable(),
  /** Power banks ready to eject now. */
  available: z.number().int(),
  online: z.boolean(),
  /** How many power banks one customer may hold at once (a setting). */
  maxPerUser: z.number().int(),
  /** Power banks the customer holds now. */
  holding: z.number().int(),
  currency: z.string(),
});
export type Quote = z.infer<typeof quote>;

/**
 * POST rent: creates the order, takes the deposit (or checks the balance, or declares the
 * deposit-free amount) and sends the eject. The key makes a retried tap create one order.
 */
export const rentRequest = z.object({
  sn,
  payMode: z.enum(PAY_MODES).default('deposit'),
  /** The channel to pay through; must be one the device's payment configuration offers (default: its first). */
  channel: z.enum(ORDER_PAY_CHANNELS).optional(),
  payerId,
  idempotencyKey,
});
export type RentRequest = z.infer<typeof rentRequest>;
/**
 * What the customer's app pays with when the channel's payment company is a real one (WeChat Pay's
 * requestPayment fields, Alipay's order string): the rent or top-up is pending until it is paid; the
 * app pays, then repeats the same call with the same idempotency key.
 */
export const payInApp = z.object({ channel: z.string(), params: z.record(z.string(), z.string()) });
export type PayInApp = z.infer<typeof payInApp>;
/**
 * The rent's answer. With `payment`, no order exists yet: its number is reserved (status
 * pendingPayment), the app pays, then calls rent again with the same key to open it.
 */
export const rentResult = z.object({
  orderNo: z.string(),
  status: z.enum(ORDER_STATUSES),
  slot: z.number().int().nullable(),
  powerBankId: z.string().nullable(),
  payment: payInApp.optional(),
});
export type RentResult = z.infer<typeof rentResult>;

export const myOrdersQuery = pageQuery;
export const myOrderItem = z.object({
  orderNo: z.string(),
  deviceType: z.enum(ORDER_DEVICE_TYPES),
  status: z.enum(ORDER_STATUSES),
  paymentKind: z.enum(PAYMENT_KINDS).nullable(),
  payMode: z.enum(PAY_MODES),
  deviceSn: z.string(),
  powerBankId: z.string().nullable(),
  rentOutletName: z.string().nullable(),
  returnOutletName: z.string().nullable(),
  depositAmount: z.number().int(),
  originalAmount: z.number().int(),
  voucherDeduction: z.number().int(),
  couponDeduction: z.number().int(),
  memberDeduction: z.number().int(),
  paidAmount: z.number().int(),
  refundAmount: z.number().int(),
  billedMinutes: z.number().int(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  createTime: z.string(),
  /** A cable order's package and the unlock code to type on the cable. */
  packageName: z.string().nullable(),
  packageHours: z.number().int().nullable(),
  unlockCode: z.string().nullable(),
});
export type MyOrderItem = z.infer<typeof myOrderItem>;
export const myOrderQuery = z.object({ orderNo: z.string().trim().min(1).max(32) });

/** GET wallet: the customer's balance and deposit, sums of the ledger's entries. */
export const wallet = z.object({
  balance: z.number().int(),
  /** Deposits held for orders still open. */
  deposit: z.number().int(),
  currency: z.string(),
});
export type Wallet = z.infer<typeof wallet>;

/** POST recharge (the sandbox tops the balance up through the provider). */
export const rechargeRequest = z.object({
  amount: z.number().int({ error: 'rule.moneyCents' }).min(100).max(100_000),
  /** The channel to pay through (wechat, alipay): its company when that one is enabled, else the sandbox. */
  channel: z.enum(ORDER_PAY_CHANNELS).optional(),
  payerId,
  idempotencyKey,
});
/** With `payment`: the top-up is pending until the app pays it (the balance grows when the company says so). */
export const rechargeResult = z.object({ balance: z.number().int(), payment: payInApp.optional() });

/** GET /user/api/app/v1/balance/refundable: what of my balance may be refunded to my top-up charges. */
export const appBalanceRefundable = z.object({
  balance: z.number().int(),
  refundable: z.number().int(),
  currency: z.string(),
});
/** POST /user/api/app/v1/balance/refund: ask for a refund of my balance (without an amount: all that is refundable); staff review it. */
export const appBalanceRefundRequest = z.object({
  amount: z.number().int({ error: 'rule.moneyCents' }).min(1, { error: 'rule.refundAboveZero' }).optional(),
  reason: z.string().trim().max(64).optional(),
  idempotencyKey: z
    .string()
    .trim()
    .min(8)
    .max(64)
    .regex(/^[\w-]+$/, { error: 'rule.idempotencyKey' })
    .optional(),
});
export const appBalanceRefundResult = z.object({ refundNo: z.string(), amount: z.number().int(), status: z.string() });

// ------------------------------------------------------------ charging cables and Bluetooth chargers

/** A cable's or Bluetooth charger's ID as printed on its QR code: 4 letters and 13 digits (upper-cased). */
const accessoryId = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{4}\d{13}$/, { error: 'rule.orderDeviceId' });

/** GET cable/quote?deviceId=: the cable's outlet and the packages it sells, at the price a buy takes. */
export const cableQuoteQuery = z.object({ deviceId: accessoryId });
export const cablePackageOffer = z.object({
  name: z.string(),
  hours: z.number().int(),
  /** What the package costs now: the cable's tier amount, never above the platform's cable package settings. */
  amount: z.number().int(),
});
export type CablePackageOffer = z.infer<typeof cablePackageOffer>;
export const cableQuote = z.object({
  deviceId: z.string(),
  outletId: z.number().int(),
  outletName: z.string(),
  packages: z.array(cablePackageOffer),
  /** The payment companies' channels the cables' payment configuration offers (null: no configuration applies, any). */
  channels: z.array(z.enum(ORDER_PAY_CHANNELS)).nullable(),
  currency: z.string(),
});
export type CableQuote = z.infer<typeof cableQuote>;
/**
 * POST cable/buy: pays a package; the order finishes paid and answers the unlock code. The key makes a
 * retried tap one order and one code. Paid in the app (a real company): asked twice, as a rent is.
 */
export const cableBuyRequest = z.object({
  deviceId: accessoryId,
  hours: z.number().int().min(1).max(24),
  /** The channel to pay through; must be one the cables' payment configuration offers (default: its first). */
  channel: z.enum(ORDER_PAY_CHANNELS).optional(),
  payerId,
  /** Required when the channel's company is paid in the app (the buy is asked twice under it). */
  idempotencyKey,
});
export type CableBuyRequest = z.infer<typeof cableBuyRequest>;
export const cableBuyResult = z.object({
  orderNo: z.string(),
  status: z.enum(ORDER_STATUSES),
  packageName: z.string(),
  packageHours: z.number().int(),
  amount: z.number().int(),
  /** Typed on the cable, it unlocks it for the package's hours ('' while the payment is made in the app). */
  unlockCode: z.string(),
  /** As a rent's: no order yet (status pendingPayment); the app pays, then buys again with the same key. */
  payment: payInApp.optional(),
});
export type CableBuyResult = z.infer<typeof cableBuyResult>;

/** GET bluetooth/quote?deviceId=: the charger's outlet, hourly price, daily cap and the prepayment asked. */
export const bluetoothQuoteQuery = z.object({ deviceId: accessoryId });
export const bluetoothQuote = z.object({
  deviceId: z.string(),
  outletId: z.number().int(),
  outletName: z.string(),
  hourlyPrice: z.number().int(),
  dailyCap: z.number().int(),
  /**
   * The prepayment taken when none is chosen, and the most that may be chosen: the system settings',
   * or both the amount of the chargers' enabled payment configuration.
   */
  prepayDefault: z.number().int(),
  prepayMax: z.number().int(),
  /** Whether a session runs on this charger now (a charger serves one session at a time). */
  inUse: z.boolean(),
  /** The payment companies' channels the chargers' payment configuration offers (null: no configuration applies, any). */
  channels: z.array(z.enum(ORDER_PAY_CHANNELS)).nullable(),
  currency: z.string(),
});
export type BluetoothQuote = z.infer<typeof bluetoothQuote>;
/**
 * POST bluetooth/start: holds the prepayment and starts the session, billed by the hour until it is
 * stopped. Paid in the app (a real company): asked twice, as a rent is.
 */
export const bluetoothStartRequest = z.object({
  deviceId: accessoryId,
  /** Cents; the default prepayment of the settings when absent. */
  prepayment: z.number().int({ error: 'rule.moneyCents' }).min(1).optional(),
  /** The channel to pay through; must be one the chargers' payment configuration offers (default: its first). */
  channel: z.enum(ORDER_PAY_CHANNELS).optional(),
  payerId,
  /** Required when the channel's company is paid in the app (the start is asked twice under it). */
  idempotencyKey,
});
export type BluetoothStartRequest = z.infer<typeof bluetoothStartRequest>;
export const bluetoothStartResult = z.object({
  orderNo: z.string(),
  status: z.enum(ORDER_STATUSES),
  prepayment: z.number().int(),
  hourlyPrice: z.number().int(),
  dailyCap: z.number().int(),
  /** As a rent's: no session yet (status pendingPayment); the app pays, then starts again with the same key. */
  payment: payInApp.optional(),
});
export type BluetoothStartResult = z.infer<typeof bluetoothStartResult>;
/** POST bluetooth/stop: the customer ends the session; the fee is taken from the prepayment and the rest released. */
export const bluetoothStopRequest = z.object({ orderNo: z.string().trim().min(1).max(32) });
