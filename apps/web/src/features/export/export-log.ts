import { z } from 'zod';
import type { ExportLogItem, PageResult } from '@cbo/contract';

/** the export list shows 10 entries a page. */
export const EXPORT_PAGE_SIZE = 10;

/**
 * Live payloads. The contract names the message types; their data is read
 * defensively here because a message from an older or newer server must not break the top bar.
 */
export const exportProgressData = z.object({
  id: z.number(),
  exportSpeed: z.union([z.string(), z.number()]),
});
export const exportResultData = z.object({
  id: z.number(),
  fileName: z.string(),
  fileUrl: z.string().nullish(),
  error: z.string().nullish(),
});
export type ExportResultData = z.infer<typeof exportResultData>;

/** "40%", "40", 40 → 40, clamped to 0-100. */
export function percentOf(speed: string | number | null | undefined): number {
  const n = typeof speed === 'number' ? speed : Number.parseFloat(String(speed ?? '').replace('%', ''));
  if (!Number.isFinite(n)) return 0;
  return Math.min(100, Math.max(0, Math.round(n)));
}

/** the download is enabled at 100%, and only for an export that produced a file. */
export function isDownloadable(item: Pick<ExportLogItem, 'exportSpeed' | 'fileUrl' | 'status'>): boolean {
  return percentOf(item.exportSpeed) >= 100 && Boolean(item.fileUrl) && item.status !== 'failed';
}

export function isRunning(item: Pick<ExportLogItem, 'status'>): boolean {
  return item.status === 'pending' || item.status === 'running';
}

/**
 * Applies a progress message to a cached page. Answers undefined when the export is not on the
 * page (a new one), so the caller refetches instead.
 */
export function withProgress(
  page: PageResult<ExportLogItem> | undefined,
  id: number,
  speed: string | number,
): PageResult<ExportLogItem> | undefined {
  if (!page || !page.list.some((i) => i.id === id)) return undefined;
  const percent = percentOf(speed);
  return {
    ...page,
    list: page.list.map((i) =>
      // Progress never goes backwards: a late message must not undo a newer answer.
      i.id === id && percent >= percentOf(i.exportSpeed)
        ? { ...i, exportSpeed: `${percent}%`, status: i.status === 'pending' ? 'running' : i.status }
        : i,
    ),
  };
}
