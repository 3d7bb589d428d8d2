import { z } from 'zod';
import { idQuery, pageQuery } from '../platform/envelope.js';
import { id, MEMBER_LEVELS, netStatus, netStatusFilter, sortOrder, USER_CLIENT_TYPES } from './shared.js';

/** Members: the end users of the rental apps. They come from the apps; staff read and freeze them. */

export const MEMBER_SORTS = ['createTime'] as const;
export const memberFilter = z.object({
  /** Part of the mobile or the nickname. */
  keyword: z.string().trim().max(32).optional(),
  terminal: z.enum(USER_CLIENT_TYPES).optional(),
  level: z.enum(MEMBER_LEVELS).optional(),
  status: netStatusFilter,
});
export type MemberFilter = z.infer<typeof memberFilter>;
export const memberQuery = pageQuery
  .extend(memberFilter.shape)
  .extend({ orderBy: z.enum(MEMBER_SORTS).optional(), order: sortOrder });
export type MemberQuery = z.infer<typeof memberQuery>;

export const memberItem = z.object({
  id: z.number().int(),
  areaCode: z.string(),
  mobile: z.string(),
  nickname: z.string(),
  terminal: z.enum(USER_CLIENT_TYPES),
  level: z.enum(MEMBER_LEVELS),
  /** Balance and deposit come from the ledger, orders from the order list: 0 until they hold anything. */
  balance: z.number().int(),
  deposit: z.number().int(),
  orderCount: z.number().int(),
  status: netStatus,
  freezeReason: z.string().nullable(),
  simulated: z.boolean(),
  createTime: z.string(),
});
export type MemberItem = z.infer<typeof memberItem>;

/** The reason a member is frozen: 1-32 characters (the console's form checks the same rule). */
export const memberFreezeReason = z
  .string({ error: 'rule.freezeReason' })
  .trim()
  .min(1, { error: 'rule.freezeReason' })
  .max(32, { error: 'rule.freezeReason' });
/** Freezing needs a reason of 1-32 characters; unfreezing takes none. */
export const memberStatusRequest = z
  .object({ id, status: netStatus, reason: z.string().trim().max(32).optional() })
  .refine((v) => v.status === 0 || memberFreezeReason.safeParse(v.reason).success, {
    error: 'rule.freezeReason',
    path: ['reason'],
  });
export type MemberStatusRequest = z.infer<typeof memberStatusRequest>;
/** PUT updateLevel: a member's level (A, B or C; its benefit: MEMBER_LEVEL_DISCOUNT while the membership function is activated). */
export const memberLevelRequest = z.object({ id, level: z.enum(MEMBER_LEVELS) });
export type MemberLevelRequest = z.infer<typeof memberLevelRequest>;

/**
 * GET member/detail: one customer in one place (the header of the customer screen): the profile,
 * the money the ledger holds for them, their orders (live and archived), the last sign-in and the
 * last freeze. The tabs below it read the existing lists filtered by userId.
 */
export const memberDetailQuery = idQuery;
/** A customer's id in a query string: a whole number from 1. */
const userId = idQuery.shape.id;
export const memberDetail = memberItem.extend({
  /** Set when the canonical-phone migration found this phone to be an older customer's (that id): this one is kept for staff to settle. */
  duplicateOf: z.number().int().nullable(),
  /** The last successful sign-in in the user app (null: never). */
  lastSignInTime: z.string().nullable(),
  /** The last freeze or unfreeze: who (the staff member's name then), when, why. Null: never changed. */
  lastFreeze: z
    .object({ status: netStatus, reason: z.string().nullable(), operatorName: z.string().nullable(), time: z.string() })
    .nullable(),
});
export type MemberDetail = z.infer<typeof memberDetail>;

/** GET member/signIns: a customer's sign-ins in the user app (their sessions), newest first. */
export const memberSignInQuery = pageQuery.extend({ userId });
export type MemberSignInQuery = z.infer<typeof memberSignInQuery>;
export const memberSignInItem = z.object({
  id: z.number().int(),
  terminal: z.string(),
  ip: z.string().nullable(),
  createTime: z.string(),
  lastSeenTime: z.string(),
  expireTime: z.string(),
  /** When the customer signed out (null: not signed out; past expireTime the session has simply expired). */
  signOutTime: z.string().nullable(),
});
export type MemberSignInItem = z.infer<typeof memberSignInItem>;

/** GET member/freezes: every freeze and unfreeze of a customer, newest first (kept since the customer screen came). */
export const memberFreezeQuery = pageQuery.extend({ userId });
export type MemberFreezeQuery = z.infer<typeof memberFreezeQuery>;
export const memberFreezeItem = z.object({
  id: z.number().int(),
  /** 1: frozen, 0: unfrozen. */
  status: netStatus,
  reason: z.string().nullable(),
  operatorId: z.number().int().nullable(),
  /** The staff member's name when they did it. */
  operatorName: z.string().nullable(),
  createTime: z.string(),
});
export type MemberFreezeItem = z.infer<typeof memberFreezeItem>;
