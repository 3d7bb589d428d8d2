import { useMemo } from 'react';
import { Tag } from 'antd';
import { labels, labelOf, type PayoutState } from '@cbo/contract';
import { useLang } from '@/shared/form';

type G = typeof labels.payout;

/** The withdrawal domain's words in the console's language (the contract's labels: one home for console and server). */
export function usePayoutWords() {
  const lang = useLang();
  return useMemo(
    () => ({
      state: (v: keyof G['payoutState']) => labelOf(labels.payout.payoutState, v, lang),
      method: (v: keyof G['payoutMethod']) => labelOf(labels.payout.payoutMethod, v, lang),
      party: (v: keyof G['payoutParty']) => labelOf(labels.payout.payoutParty, v, lang),
      failure: (v: keyof G['failureReason']) => labelOf(labels.payout.failureReason, v, lang),
    }),
    [lang],
  );
}

/** Tag colours: waiting gold, approved blue, with the company purple, success green, failed red, rejected grey. */
const STATE_COLOR: Record<PayoutState, string> = {
  initiated: 'gold',
  approved: 'blue',
  paying: 'purple',
  success: 'success',
  failed: 'error',
  rejected: 'default',
};

export function PayoutStateTag({ state }: { state: PayoutState }) {
  const w = usePayoutWords();
  return (
    <Tag color={STATE_COLOR[state]} style={{ marginInlineEnd: 0 }}>
      {w.state(state)}
    </Tag>
  );
}
