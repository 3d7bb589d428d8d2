import { z } from 'zod';
import { pageQuery } from '../platform/envelope.js';
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
export const memberQuery = pageQuery.extend(memberFilter.shape).extend({ orderBy: z.enum(MEMBER_SORTS).optional(), order: sortOrder });
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
export const memberFreezeReason = z.string({ error: 'rule.freezeReason' }).trim().min(1, { error: 'rule.freezeReason' }).max(32, { error: 'rule.freezeReason' });
/** Freezing needs a reason of 1-32 characters; unfreezing takes none. */
export const memberStatusRequest = z
  .object({ id, status: netStatus, reason: z.string().trim().max(32).optional() })
  .refine((v) => v.status === 0 || memberFreezeReason.safeParse(v.reason).success, { error: 'rule.freezeReason', path: ['reason'] });
export type MemberStatusRequest = z.infer<typeof memberStatusRequest>;
/** PUT updateLevel: a member's level (A, B or C; its benefit: MEMBER_LEVEL_DISCOUNT while the membership function is activated). */
export const memberLevelRequest = z.object({ id, level: z.enum(MEMBER_LEVELS) });
export type MemberLevelRequest = z.infer<typeof memberLevelRequest>;
