import { useMemo } from 'react';
import { Tag } from 'antd';
import { labels, labelOf, type DepositRuleStatus, type DepositState } from '@cbo/contract';
import { request } from '@/shared/request';
import { useLang } from '@/shared/form';
import { callKey } from '@/shared/list-page';
import { SearchSelect, type PickProps } from '@/shared/search-select';

export { UserSelect } from '@/shared/search-select';

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

/** An outlet by part of its name. */
export function OutletSelect(props: PickProps) {
  return (
    <SearchSelect
      {...props}
      queryKey={callKey('outletQueryPage')}
      search={async (keyword, signal) => {
        const page = await request('outletQueryPage', { query: { name: keyword || undefined, pageNum: 1, pageSize: 20 } }, { signal, silent: true });
        return page.list.map((o) => ({ value: o.id, label: o.name }));
      }}
    />
  );
}

/** An agent of any level by part of its name or mobile. */
export function AgentSelect(props: PickProps) {
  return (
    <SearchSelect
      {...props}
      queryKey={[...callKey('selectUserByType'), 'agent']}
      search={async (keyword, signal) => {
        const page = await request('selectUserByType', { query: { type: 'agent', keyword: keyword || undefined, pageNum: 1, pageSize: 20 } }, { signal, silent: true });
        return page.list.map((a) => ({ value: a.id, label: a.level ? `${a.name} (${a.level})` : a.name }));
      }}
    />
  );
}
