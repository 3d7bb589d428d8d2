import { z } from 'zod';
import { pageQuery } from '../platform/envelope.js';
import { orderBilling, ORDER_STATUSES, ORDER_DEVICE_TYPES, PAY_MODES, PAYMENT_KINDS } from './order.js';

/** The customers' app: quote a cabinet, rent, my orders, my wallet. Tokens of signed-in users only. */

const sn = z.string().trim().min(1).max(32);
/** GET quote?sn=: what renting from this cabinet costs. */
export const quoteQuery = z.object({ sn });
export const quote = z.object({
  sn: z.string(),
  outletId: z.number().int(),
  outletName: z.string(),
  billing: orderBilling,
  /** The pay modes this rental offers (deposit-free needs the extended function switched on). */
  payModes: z.array(z.enum(PAY_MODES)),
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
  idempotencyKey: z.string().trim().min(8).max(64).regex(/^[\w-]+$/, { error: 'rule.idempotencyKey' }).optional(),
});
export type RentRequest = z.infer<typeof rentRequest>;
export const rentResult = z.object({
  orderNo: z.string(),
  status: z.enum(ORDER_STATUSES),
  slot: z.number().int().nullable(),
  powerBankId: z.string().nullable(),
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
  paidAmount: z.number().int(),
  refundAmount: z.number().int(),
  billedMinutes: z.number().int(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  createTime: z.string(),
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
  idempotencyKey: z.string().trim().min(8).max(64).regex(/^[\w-]+$/, { error: 'rule.idempotencyKey' }).optional(),
});
export const rechargeResult = z.object({ balance: z.number().int() });
