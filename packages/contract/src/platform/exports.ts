import { z } from 'zod';
import { pageQuery } from './envelope.js';

/**
 * The export centre: every domain's list exports run as jobs here, and the console lists and
 * downloads them (the calls are system's exportLogList and exportDownload).
 */
export const EXPORT_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
/** Why an export failed, as a code the console translates; details stay in the server log. */
export const EXPORT_ERRORS = ['interrupted', 'serverError'] as const;
export type ExportError = (typeof EXPORT_ERRORS)[number];
/** One export of the export centre: fileName, createTime, exportSpeed ("40%"), fileUrl. */
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
