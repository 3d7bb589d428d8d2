import type { PaymentOutcome } from '../payments.js';
import { cents, payoutFailure } from './alipay-support.js';

/**
 * An Alipay notification's verified parameters → the outcome it reports, or null when it reports
 * nothing the engine asked for. Alipay sends three kinds to the notify_url of a request:
 * - trade status sync (notify_type trade_status_sync): a payment's status; after a refund the same
 *   notification again with out_biz_no (the refund's out_request_no), refund_fee (the trade's total
 *   refunded so far) and gmt_refund;
 * - fund authorization (notify_type fund_auth_freeze / fund_auth_unfreeze): an operation on a freeze;
 * - messages of the message service (msg_method, biz_content JSON), here the transfer's change
 *   alipay.fund.trans.order.changed.
 * A refund's own amount is not in its notification (refund_fee is cumulative): `refundOf` asks
 * Alipay for it (alipay.trade.fastpay.refund.query).
 */
export async function outcomeOfNotification(
  p: Record<string, string>,
  refundOf: (tradeNo: string, outRequestNo: string) => Promise<PaymentOutcome | null>,
): Promise<PaymentOutcome | null> {
  if (p.msg_method) return p.msg_method === 'alipay.fund.trans.order.changed' ? transferChanged(p.biz_content) : null;
  switch (p.notify_type) {
    case 'trade_status_sync':
      if (p.out_biz_no && p.gmt_refund && p.trade_no) return refundOf(p.trade_no, p.out_biz_no);
      return tradeOutcome(p.out_trade_no, p.trade_no, p.trade_status, p.total_amount, 'charge', !!p.gmt_payment);
    case 'fund_auth_freeze':
    case 'fund_auth_unfreeze':
      if (!p.out_request_no || !p.auth_no) return null;
      return {
        key: p.out_request_no,
        op: p.notify_type === 'fund_auth_freeze' ? 'freeze' : 'unfreeze',
        status: p.status === 'SUCCESS' ? 'succeeded' : p.status === 'CLOSED' ? 'failed' : 'pending',
        amount: cents(p.amount),
        reference: p.auth_no,
        ...(p.status === 'CLOSED' ? { failure: 'closed' } : {}),
      };
    default:
      return null;
  }
}

/**
 * A trade's status (notification or alipay.trade.query) → an outcome of a charge or a capture. A trade
 * that was paid and then refunded in full is TRADE_CLOSED too: `paid` (gmt_payment, send_pay_date)
 * tells it from one closed unpaid, and its charge stays succeeded (the refunds are their own requests).
 */
export function tradeOutcome(
  key: string | undefined,
  tradeNo: string | undefined,
  status: string | undefined,
  amount: string | undefined,
  op: 'charge' | 'capture',
  paid: boolean,
): PaymentOutcome | null {
  if (!key || !status) return null;
  const base = { key, op, amount: cents(amount), reference: tradeNo ?? '' };
  switch (status) {
    case 'TRADE_SUCCESS':
    case 'TRADE_FINISHED':
      return { ...base, status: 'succeeded' };
    case 'WAIT_BUYER_PAY':
      return { ...base, status: 'pending' };
    case 'TRADE_CLOSED':
      return paid ? { ...base, status: 'succeeded' } : { ...base, status: 'failed', failure: 'closed' };
    default:
      return null;
  }
}

/** A transfer's status (alipay.fund.trans.common.query or its change message) → a payout outcome. */
export function transferOutcome(t: Record<string, unknown>): PaymentOutcome | null {
  const key = String(t.out_biz_no ?? '');
  const status = String(t.status ?? '');
  if (!key || !status) return null;
  const base = {
    key,
    op: 'payout' as const,
    amount: cents(String(t.trans_amount ?? '0')),
    reference: String(t.order_id ?? ''),
  };
  if (status === 'SUCCESS') return { ...base, status: 'succeeded' };
  // REFUND: the bank card sent the money back after a success; the partner did not get it.
  if (status === 'FAIL' || status === 'REFUND' || status === 'CLOSED') {
    return { ...base, status: 'failed', failure: payoutFailure(String(t.error_code ?? t.fail_reason ?? '')) };
  }
  return { ...base, status: 'pending' };
}

function transferChanged(bizContent: string | undefined): PaymentOutcome | null {
  try {
    return transferOutcome(JSON.parse(bizContent ?? '') as Record<string, unknown>);
  } catch {
    return null;
  }
}
