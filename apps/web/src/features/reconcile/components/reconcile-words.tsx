import { useMemo } from 'react';
import { Space, Tag, Tooltip } from 'antd';
import {
  labels,
  labelOf,
  RECONCILE_DIFFERENCES,
  type ReconcileDayItem,
  type ReconcileResult,
  type ReconcileRunState,
} from '@cbo/contract';
import { useLang } from '@/shared/form';

type G = typeof labels.reconcile;

/** The reconciliation's words in the console's language (the contract's labels: one home for console and server). */
export function useReconcileWords() {
  const lang = useLang();
  return useMemo(
    () => ({
      result: (v: keyof G['result']) => labelOf(labels.reconcile.result, v, lang),
      op: (v: keyof G['op']) => labelOf(labels.reconcile.op, v, lang),
      state: (v: keyof G['runState']) => labelOf(labels.reconcile.runState, v, lang),
      runBy: (v: string) => (v === 'schedule' ? labelOf(labels.reconcile.runBy, 'schedule', lang) : v),
    }),
    [lang],
  );
}

/** Result colours: matched green, the company alone red, the books alone orange, amounts magenta, pending gold. */
export const RESULT_COLOR: Record<ReconcileResult, string> = {
  matched: 'success',
  providerOnly: 'error',
  booksOnly: 'orange',
  amountDiffers: 'magenta',
  booksPending: 'gold',
};
/** The same colours as CSS values for the bar. */
const BAR_COLOR: Record<ReconcileResult, string> = {
  matched: '#52c41a',
  providerOnly: '#ff4d4f',
  booksOnly: '#fa8c16',
  amountDiffers: '#eb2f96',
  booksPending: '#faad14',
};
const STATE_COLOR: Record<ReconcileRunState, string> = { running: 'processing', done: 'default', failed: 'error' };

export function ResultTag({ result }: { result: ReconcileResult }) {
  const w = useReconcileWords();
  return (
    <Tag color={RESULT_COLOR[result]} style={{ marginInlineEnd: 0 }}>
      {w.result(result)}
    </Tag>
  );
}

export function RunStateTag({ state }: { state: ReconcileRunState }) {
  const w = useReconcileWords();
  return (
    <Tag color={STATE_COLOR[state]} style={{ marginInlineEnd: 0 }}>
      {w.state(state)}
    </Tag>
  );
}

/** A day's results: a thin bar of every result's share, and a tag with the count of each difference found. */
export function DayResults({ day, allClear }: { day: ReconcileDayItem; allClear: string }) {
  const w = useReconcileWords();
  const parts = (['matched', ...RECONCILE_DIFFERENCES] as const).map((r) => ({ r, n: day[r] }));
  const total = parts.reduce((a, p) => a + p.n, 0);
  const differences = parts.filter((p) => p.r !== 'matched' && p.n > 0);
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      <Tooltip title={parts.map((p) => `${w.result(p.r)} ${p.n}`).join(' · ')}>
        <div
          data-testid="reconcile-bar"
          style={{ display: 'flex', height: 6, borderRadius: 3, overflow: 'hidden', background: '#f0f0f0' }}
        >
          {total > 0 &&
            parts
              .filter((p) => p.n > 0)
              .map((p) => <div key={p.r} style={{ flex: p.n, background: BAR_COLOR[p.r], minWidth: 4 }} />)}
        </div>
      </Tooltip>
      <Space size={4} wrap>
        <Tag color="success" style={{ marginInlineEnd: 0 }}>
          {w.result('matched')} {day.matched}
        </Tag>
        {differences.length === 0
          ? day.status === 'done' && <span style={{ color: '#8c8c8c' }}>{allClear}</span>
          : differences.map((p) => (
              <Tag key={p.r} color={RESULT_COLOR[p.r]} style={{ marginInlineEnd: 0 }}>
                {w.result(p.r)} {p.n}
              </Tag>
            ))}
      </Space>
    </Space>
  );
}

/** A payment company's name in the reader's language (an unknown one as the server names it). */
export function companyName(t: (key: string, opts?: { defaultValue: string }) => string, provider: string): string {
  return t(`company.${provider}`, { defaultValue: provider });
}
