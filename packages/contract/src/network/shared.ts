import { z } from 'zod';
import { CLIENT_TYPES } from '../platform/clients.js';

/** Words and rules every part of the network domain shares. */

/** Account status of agents, pushers, service providers and members: 0 normal, 1 frozen. */
export const NET_STATUS = { normal: 0, frozen: 1 } as const;
export const netStatus = z.union([z.literal(0), z.literal(1)]);
export type NetStatus = z.infer<typeof netStatus>;
/** A status filter in a query string. */
export const netStatusFilter = z.coerce.number().int().min(0).max(1).optional();

export const AGENT_LEVELS = ['A', 'B', 'C'] as const;
export type AgentLevel = (typeof AGENT_LEVELS)[number];
/** The level a parent must have: A has none, B's parent is an A, C's parent is a B. */
export const PARENT_LEVEL: Record<AgentLevel, AgentLevel | null> = { A: null, B: 'A', C: 'B' };

export const MEMBER_LEVELS = ['A', 'B', 'C'] as const;
/**
 * What each member level takes off a rental's fee at the settle while the membership extended
 * function is activated, in percent of what is owed after the voucher and the coupon (A the
 * highest level, C the level every new member starts at). docs/decisions/orders-and-payments.md, "Member levels".
 */
export const MEMBER_LEVEL_DISCOUNT = { A: 10, B: 5, C: 0 } as const satisfies Record<
  (typeof MEMBER_LEVELS)[number],
  number
>;
export type MemberLevel = (typeof MEMBER_LEVELS)[number];

export const PUSHER_PERMISSIONS = ['intermediate', 'advanced'] as const;
export type PusherPermission = (typeof PUSHER_PERMISSIONS)[number];

export const COOPERATION_TYPES = ['agent', 'store'] as const;
export type CooperationType = (typeof COOPERATION_TYPES)[number];
export const COOPERATION_STATUSES = ['unprocessed', 'processing', 'processed'] as const;
export type CooperationStatus = (typeof COOPERATION_STATUSES)[number];

/** Terminals of the agent app (agents, ground pushers and service providers sign in there). */
export const AGENT_CLIENT_TYPES = CLIENT_TYPES.filter((c) => c.startsWith('AGENT_')) as [
  'AGENT_IOS',
  'AGENT_ANDROID',
  'AGENT_WECHAT',
  'AGENT_ALIPAY',
];
export type AgentClientType = (typeof AGENT_CLIENT_TYPES)[number];
/** Terminals of the user app (where members come from). */
export const USER_CLIENT_TYPES = CLIENT_TYPES.filter((c) => c.startsWith('USER_')) as [
  'USER_IOS',
  'USER_ANDROID',
  'USER_WECHAT',
  'USER_ALIPAY',
];
export type UserClientType = (typeof USER_CLIENT_TYPES)[number];

/** Kinds of app account (they share one sign-in, the agent app's). */
/** The partner app's account kinds: agents, pushers, providers; an outlet's manager (its outlet's account) and an operator (a direct-sales team's account) withdraw from it too. */
export const APP_ACCOUNT_KINDS = ['agent', 'groundPromoter', 'serviceProvider', 'outlet', 'operator'] as const;
export type AppAccountKind = (typeof APP_ACCOUNT_KINDS)[number];

export const sortOrder = z.enum(['ascend', 'descend']).optional();
export const id = z.number().int().positive();
export const idParam = z.coerce.number().int().positive();

/** Money in cents: 0 to 9,999,999.99 in currency units. */
export const NET_MONEY_MAX = 999_999_999;
/** The minimum withdrawal is 0 to 9999999 whole currency units (cents, a multiple of 100). */
export const NET_MIN_WITHDRAWAL_MAX = 9_999_999 * 100;
export const minWithdrawal = z
  .number()
  .int({ error: 'rule.netMinWithdrawal' })
  .min(0, { error: 'rule.netMinWithdrawal' })
  .max(NET_MIN_WITHDRAWAL_MAX, { error: 'rule.netMinWithdrawal' })
  .refine((v) => v % 100 === 0, { error: 'rule.netWholeAmount' });

/** Names of people and places in the network: 1-18 characters. */
export const personName = z.string().trim().min(1).max(18);
/** Region and team names: 1-16 characters. */
export const regionName = z.string().trim().min(1).max(16);
/** App passwords: 6-18 characters without spaces. */
export const appPassword = z.string().regex(/^\S{6,18}$/, { error: 'rule.appPassword' });
/** Why an account was frozen: 1-32 characters. */
export const freezeReason = z.string().trim().min(1).max(32);
export const remark = z.string().trim().max(32);
/** Images the server stored (`/files/…`) or an absolute http(s) address. */
export const imageUrl = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(/^(https?:\/\/|\/)\S+$/, { error: 'rule.url' });
/** Optional text that may also be sent empty. */
export const optionalText = (s: z.ZodString) => z.union([s, z.literal('')]).optional();

/** A staff account or network record named in a row: its id and display name. */
export const named = z.object({ id: z.number().int(), name: z.string() });
export type Named = z.infer<typeof named>;

/** `{ id }`: what a saveOrUpdate answers. */
export const savedId = z.object({ id: z.number().int() });

/** Freeze (1) or unfreeze (0) an account; a reason may be kept with a freeze. */
export const statusRequest = z.object({ id, status: netStatus, reason: optionalText(freezeReason) });
export type StatusRequest = z.infer<typeof statusRequest>;
