import { useMemo } from 'react';
import { Tag } from 'antd';
import { labels, labelOf, type VoucherOrderStatus, type VoucherStatus } from '@cbo/contract';
import { useLang } from '@/shared/form';
import { ORDER_STATUS_COLOR } from './voucher-rules';

type G = typeof labels.voucher;

/** The voucher domain's words in the console's language (the contract's labels: one home for console and server). */
export function useVoucherWords() {
  const lang = useLang();
  return useMemo(
    () => ({
      scope: (v: keyof G['voucherScope']) => labelOf(labels.voucher.voucherScope, v, lang),
      status: (v: keyof G['voucherStatus']) => labelOf(labels.voucher.voucherStatus, v, lang),
      orderStatus: (v: keyof G['voucherOrderStatus']) => labelOf(labels.voucher.voucherOrderStatus, v, lang),
    }),
    [lang],
  );
}

export function VoucherStatusTag({ status }: { status: VoucherStatus }) {
  const w = useVoucherWords();
  return <Tag color={status === 'onSale' ? 'success' : 'default'}>{w.status(status)}</Tag>;
}

export function VoucherOrderStatusTag({ status }: { status: VoucherOrderStatus }) {
  const w = useVoucherWords();
  return <Tag color={ORDER_STATUS_COLOR[status]}>{w.orderStatus(status)}</Tag>;
}
