import { z } from 'zod';
import { pageQuery, timeRange } from '../platform/envelope.js';
import { ACCOUNT_TYPES, CLIENT_TYPES } from '../platform/clients.js';

/** The login log: one row per sign-in attempt, successful or not. */
export const LOGIN_RESULTS = ['success', 'fail'] as const;
/** Why a sign-in failed, as the login log stores it; the console translates each. */
export const LOGIN_FAIL_REASONS = ['unknown account', 'wrong password', 'locked', 'slowed', 'frozen'] as const;
export type LoginFailReason = (typeof LOGIN_FAIL_REASONS)[number];
export const loginLogFilter = timeRange.extend({
  userName: z.string().trim().max(64).optional(),
  accountType: z.enum(ACCOUNT_TYPES).optional(),
  terminal: z.enum(CLIENT_TYPES).optional(),
  result: z.enum(LOGIN_RESULTS).optional(),
  ip: z.string().trim().max(64).optional(),
});
export const loginLogQuery = pageQuery.extend(loginLogFilter.shape);
export type LoginLogQuery = z.infer<typeof loginLogQuery>;
export type LoginLogFilter = z.infer<typeof loginLogFilter>;
export const loginLogItem = z.object({
  id: z.number().int(),
  userName: z.string(),
  accountType: z.string(),
  terminal: z.string(),
  result: z.enum(LOGIN_RESULTS),
  failReason: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createTime: z.string(),
});
export type LoginLogItem = z.infer<typeof loginLogItem>;
