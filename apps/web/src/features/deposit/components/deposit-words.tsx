import { useMemo } from 'react';
import { Tag } from 'antd';
import { labels, labelOf, type DepositRuleStatus, type DepositState } from '@cbo/contract';
import { useLang } from '@/shared/form';

type G = typeof labels.deposit;

/** The deposit domain's words in the console's language (the contract's labels: one home for console and server). */
export function useDepositWords() {
  const lang = useLang();
  return useMemo(
    () => ({
      state: (v: keyof G['depositState']) => labelOf(labels.deposit.depositState, v, lang),
      channel: (v: keyof G['depositChannel']) => labelOf(labels.deposit.depositChannel, v, lang),
      scope: (v: keyof G['ruleScope']) => labelOf(labels.deposit.ruleScope, v, lang),
      ruleStatus: (v: keyof G['ruleStatus']) => labelOf(labels.deposit.ruleStatus, v, lang),
      simulated: labels.network.simulated.yes[lang],
    }),
    [lang],
  );
}

/** Tag colours: held blue, returned and refunded green, waiting gold, with the company purple, trouble red, rejected grey. */
const STATE_COLOR: Record<DepositState, string> = {
  held: 'blue',
  returned: 'success',
  pendingAudit: 'gold',
  refunding: 'purple',
  refunded: 'success',
  refundFailed: 'error',
  rejected: 'default',
};

export function DepositStateTag({ state }: { state: DepositState }) {
  const w = useDepositWords();
  return <Tag color={STATE_COLOR[state]}>{w.state(state)}</Tag>;
}

export function RuleStatusTag({ status }: { status: DepositRuleStatus }) {
  const w = useDepositWords();
  return <Tag color={status === 'enabled' ? 'success' : 'default'}>{w.ruleStatus(status)}</Tag>;
}
