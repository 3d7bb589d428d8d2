import { useMemo } from 'react';
import { Tag } from 'antd';
import { labels, labelOf, type SeparationOrderStatus, type SeparationRuleStatus } from '@cbo/contract';
import { useLang } from '@/shared/form';

type G = typeof labels.separation;

/** Order separation's words in the console's language (the contract's labels: one home for console and server). */
export function useSeparationWords() {
  const lang = useLang();
  return useMemo(
    () => ({
      type: (v: keyof G['type']) => labelOf(labels.separation.type, v, lang),
      status: (v: keyof G['ruleStatus']) => labelOf(labels.separation.ruleStatus, v, lang),
      orderStatus: (v: keyof G['orderStatus']) => labelOf(labels.separation.orderStatus, v, lang),
      account: (kind: string) =>
        kind in labels.ledger.accountKind
          ? labelOf(labels.ledger.accountKind, kind as keyof typeof labels.ledger.accountKind, lang)
          : kind,
    }),
    [lang],
  );
}

const RULE_COLOR: Record<SeparationRuleStatus, string> = {
  running: 'processing',
  paused: 'warning',
  restored: 'default',
  deleted: 'error',
};

export function RuleStatusTag({ status }: { status: SeparationRuleStatus }) {
  const w = useSeparationWords();
  return <Tag color={RULE_COLOR[status]}>{w.status(status)}</Tag>;
}

export function SeparatedOrderTag({ status }: { status: SeparationOrderStatus }) {
  const w = useSeparationWords();
  return <Tag color={status === 'separated' ? 'orange' : 'default'}>{w.orderStatus(status)}</Tag>;
}
