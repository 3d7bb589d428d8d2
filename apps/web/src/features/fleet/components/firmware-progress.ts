import type { CommandState, FirmwareBatchDetail, FirmwareBatchItem } from '@cbo/contract';

type Counts = Pick<FirmwareBatchItem, 'total' | 'succeeded' | 'failed' | 'running'>;
type Row = Pick<FirmwareBatchDetail['items'][number], 'state' | 'percent'>;

const FINISHED: readonly CommandState[] = ['succeeded', 'failed', 'expired'];

/** How far one cabinet's upgrade is, as its row shows it: its download percent, 100 once it succeeded. */
export function rowPercent(row: Row): number {
  return row.state === 'succeeded' ? 100 : clamp(row.percent ?? 0);
}

/**
 * How far a batch is, the one computation behind every bar of it: a finished cabinet (succeeded,
 * failed or expired) counts whole, a running one by the percent its row shows; `succeeded` is
 * the share that succeeded (the green part). Without rows (the batch list) only the counts are
 * known and running cabinets count as not started.
 */
export function batchProgress(counts: Counts, rows?: readonly Row[]): { percent: number; succeeded: number } {
  if (rows && rows.length > 0) {
    const sum = rows.reduce((s, r) => s + (FINISHED.includes(r.state) ? 100 : rowPercent(r)), 0);
    const ok = rows.filter((r) => r.state === 'succeeded').length;
    return { percent: Math.floor(sum / rows.length), succeeded: Math.floor((ok / rows.length) * 100) };
  }
  if (!counts.total) return { percent: 0, succeeded: 0 };
  return {
    percent: Math.floor(((counts.succeeded + counts.failed) / counts.total) * 100),
    succeeded: Math.floor((counts.succeeded / counts.total) * 100),
  };
}

function clamp(p: number): number {
  return Math.max(0, Math.min(100, Math.round(p)));
}

/** The chosen cabinets known to be offline (their upgrade fails at once), from the rows seen. */
export function offlineChosen(chosen: readonly string[], onlineBySn: ReadonlyMap<string, boolean>): string[] {
  return chosen.filter((sn) => onlineBySn.get(sn) === false);
}
