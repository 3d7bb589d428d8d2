import { describe, expect, it } from 'vitest';
import type { ExportLogItem } from '@cbo/contract';
import { isDownloadable, percentOf, withProgress } from './export-log';

const item = (id: number, exportSpeed: string, extra: Partial<ExportLogItem> = {}): ExportLogItem => ({
  id,
  fileName: `f${id}.xlsx`,
  createTime: '2025-03-01T08:00:00Z',
  exportSpeed,
  fileUrl: null,
  status: 'running',
  rowCount: null,
  error: null,
  ...extra,
});

describe('export log', () => {
  it('reads progress in any of the forms a server may send', () => {
    expect(percentOf('40%')).toBe(40);
    expect(percentOf('40')).toBe(40);
    expect(percentOf(99.6)).toBe(100);
    expect(percentOf('120%')).toBe(100);
    expect(percentOf('')).toBe(0);
    expect(percentOf(null)).toBe(0);
  });

  it('allows the download at 100% with a file, never for a failed export', () => {
    expect(isDownloadable(item(1, '99%', { fileUrl: '/x' }))).toBe(false);
    expect(isDownloadable(item(1, '100%', { fileUrl: '/x', status: 'done' }))).toBe(true);
    expect(isDownloadable(item(1, '100%', { fileUrl: null, status: 'done' }))).toBe(false);
    expect(isDownloadable(item(1, '100%', { fileUrl: '/x', status: 'failed' }))).toBe(false);
  });

  it('moves progress forward only, and reports exports it has not listed', () => {
    const page = { list: [item(1, '30%'), item(2, '0%', { status: 'pending' })], total: 2 };
    expect(withProgress(page, 1, '50%')!.list[0]!.exportSpeed).toBe('50%');
    expect(withProgress(page, 2, 10)!.list[1]!.status).toBe('running');
    expect(withProgress(page, 1, '20%')!.list[0]!.exportSpeed).toBe('30%');
    expect(withProgress(page, 9, '50%')).toBeUndefined();
    expect(withProgress(undefined, 1, '50%')).toBeUndefined();
  });
});
