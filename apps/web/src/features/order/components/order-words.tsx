import { useMemo } from 'react';
import { Tag } from 'antd';
import { labels, labelOf, type OrderAuthState, type OrderStatus, type RefundStatus } from '@cbo/contract';
import { useLang } from '@/shared/form';
import { STATUS_COLOR } from './order-rules';

type G = typeof labels.order;

/** The order domain's words in the console's language (the contract's labels: one home for console and server). */
export function useOrderWords() {
  const lang = useLang();
  return useMemo(
    () => ({
      status: (v: keyof G['orderStatus']) => labelOf(labels.order.orderStatus, v, lang),
      paymentKind: (v: keyof G['paymentKind']) => labelOf(labels.order.paymentKind, v, lang),
      deviceType: (v: keyof G['deviceType']) => labelOf(labels.order.deviceType, v, lang),
      payMode: (v: keyof G['payMode']) => labelOf(labels.order.payMode, v, lang),
      event: (v: keyof G['orderEvent']) => labelOf(labels.order.orderEvent, v, lang),
      party: (v: keyof G['shareParty']) => labelOf(labels.order.shareParty, v, lang),
      refundStatus: (v: keyof G['refundStatus']) => labelOf(labels.order.refundStatus, v, lang),
      refundType: (v: keyof G['refundType']) => labelOf(labels.order.refundType, v, lang),
      refundReason: (v: keyof G['refundReason']) => labelOf(labels.order.refundReason, v, lang),
      source: (v: keyof G['orderSource']) => labelOf(labels.order.orderSource, v, lang),
      consumption: (v: keyof G['consumptionStatus']) => labelOf(labels.order.consumptionStatus, v, lang),
      channel: (v: keyof G['payChannel']) => labelOf(labels.order.payChannel, v, lang),
      userType: (v: keyof G['userType']) => labelOf(labels.order.userType, v, lang),
      authState: (v: keyof G['authState']) => labelOf(labels.order.authState, v, lang),
      simulated: labels.network.simulated.yes[lang],
    }),
    [lang],
  );
}

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const w = useOrderWords();
  return <Tag color={STATUS_COLOR[status]}>{w.status(status)}</Tag>;
}

const REFUND_COLOR: Record<RefundStatus, string> = {
  initiated: 'processing',
  approved: 'blue',
  rejected: 'default',
  refunding: 'purple',
  complete: 'success',
  failed: 'error',
};

export function RefundStatusTag({ status }: { status: RefundStatus }) {
  const w = useOrderWords();
  return <Tag color={REFUND_COLOR[status]}>{w.refundStatus(status)}</Tag>;
}

const AUTH_COLOR: Record<OrderAuthState, string> = {
  authorized: 'processing',
  paid: 'success',
  released: 'default',
  failed: 'error',
};

/** A deposit-free order's authorization: frozen, paid from (rest released), released, or refused by the payment company. */
export function AuthStateTag({ state }: { state: OrderAuthState }) {
  const w = useOrderWords();
  return <Tag color={AUTH_COLOR[state]}>{w.authState(state)}</Tag>;
}

/** The mark of an order made by a simulated customer. */
export function SimulatedTag({ simulated }: { simulated: boolean }) {
  const w = useOrderWords();
  return simulated ? <Tag color="purple">{w.simulated}</Tag> : null;
}
