import { describe, expect, it } from 'vitest';
import { batchProgress, offlineChosen, rowPercent } from './firmware-progress';

const counts = (rows: { state: 'pending' | 'sent' | 'acknowledged' | 'succeeded' | 'failed' | 'expired' }[]) => ({
  total: rows.length,
  succeeded: rows.filter((r) => r.state === 'succeeded').length,
  failed: rows.filter((r) => r.state === 'failed' || r.state === 'expired').length,
  running: rows.filter((r) => !['succeeded', 'failed', 'expired'].includes(r.state)).length,
});

describe('firmware batch progress', () => {
  it('the overall bar moves with the rows: two cabinets at 40 % make 40 %, not 0 %', () => {
    const rows = [
      { state: 'acknowledged' as const, percent: 40 },
      { state: 'acknowledged' as const, percent: 40 },
    ];
    expect(rows.map(rowPercent)).toEqual([40, 40]);
    expect(batchProgress(counts(rows), rows)).toEqual({ percent: 40, succeeded: 0 });
  });

  it('finished cabinets count whole, succeeded ones are the green share', () => {
    const rows = [
      { state: 'succeeded' as const, percent: 90 },
      { state: 'failed' as const, percent: 10 },
      { state: 'sent' as const, percent: null },
      { state: 'acknowledged' as const, percent: 60 },
    ];
    expect(rows.map(rowPercent)).toEqual([100, 10, 0, 60]);
    expect(batchProgress(counts(rows), rows)).toEqual({ percent: 65, succeeded: 25 });
  });

  it('without rows (the batch list) the counts decide; an empty batch is 0', () => {
    expect(batchProgress({ total: 4, succeeded: 1, failed: 1, running: 2 })).toEqual({ percent: 50, succeeded: 25 });
    expect(batchProgress({ total: 0, succeeded: 0, failed: 0, running: 0 })).toEqual({ percent: 0, succeeded: 0 });
  });

  it('names the chosen cabinets known to be offline', () => {
    expect(
      offlineChosen(
        ['A', 'B', 'C'],
        new Map([
          ['A', true],
          ['B', false],
        ]),
      ),
    ).toEqual(['B']);
  });
});
