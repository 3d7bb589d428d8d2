import { z } from 'zod';
import { pageQuery, timeRange } from './envelope.js';
import { CLIENT_TYPES, ACCOUNT_TYPES } from './auth.js';

/** GET /user/api/open/v1/auth/findValueByKey (spec 7): public system parameters only. */
export const paramQuery = z.object({
  paramType: z.string().trim().min(1).max(32),
  paramKey: z.string().trim().min(1).max(64),
});
export const paramValue = z.object({ paramValue: z.string().nullable() });

/** Seeded public parameters the layout reads (spec 2, 3). */
export const PUBLIC_PARAMS = {
  brandName: { paramType: 'basis', paramKey: 'brandName' },
  navLogo: { paramType: 'basis', paramKey: 'navLogo' },
  footerMessage: { paramType: 'basis', paramKey: 'footerMessage' },
} as const;

/** Export log entry (spec 3): fileName, createTime, exportSpeed ("40%"), fileUrl. */
export const EXPORT_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
/** Why an export failed, as a code the console translates; details stay in the server log. */
export const EXPORT_ERRORS = ['interrupted', 'serverError'] as const;
export type ExportError = (typeof EXPORT_ERRORS)[number];
export const exportLogItem = z.object({
  id: z.number().int(),
  fileName: z.string(),
  createTime: z.string(),
  exportSpeed: z.string(),
  fileUrl: z.string().nullable(),
  status: z.enum(EXPORT_STATUSES),
  rowCount: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type ExportLogItem = z.infer<typeof exportLogItem>;
export const exportLogQuery = pageQuery;
export const exportDownloadQuery = z.object({ id: z.coerce.number().int().positive() });
/** What starting an export answers: the job, which then shows in the export list. */
export const exportStarted = z.object({ exportId: z.number().int(), fileName: z.string() });
export type ExportStarted = z.infer<typeof exportStarted>;

/** Login log (issue 2, 11): one row per sign-in attempt, successful or not. */
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
