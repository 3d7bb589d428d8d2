import { yuan } from '../../modules/order/providers/alipay-support.js';
import {
  chinaTime,
  type Freeze,
  type FreezeOperation,
  type Refund,
  type Trade,
  type Transfer,
} from './alipay-emulator-types.js';

/**
 * The fields of the notifications the emulator sends (AlipayEmulator.notify signs and posts them).
 * The trade status sync notification of a trade (after a refund: with the refund's fields). */
export function tradeNotice(t: Trade, refund?: Refund): Record<string, string> {
  return {
    notify_type: 'trade_status_sync',
    trade_no: t.tradeNo,
    out_trade_no: t.outTradeNo,
    buyer_id: t.buyerId,
    trade_status: t.status,
    total_amount: yuan(t.paid),
    receipt_amount: yuan(t.paid),
    buyer_pay_amount: yuan(t.paid),
    subject: t.subject,
    gmt_create: chinaTime(t.createdAt),
    ...(t.paidAt ? { gmt_payment: chinaTime(t.paidAt) } : {}),
    ...(refund
      ? { out_biz_no: refund.outRequestNo, refund_fee: yuan(t.refunded), gmt_refund: chinaTime(refund.at) + '.000' }
      : {}),
  };
}

/** The fund authorization notification of an operation on a freeze. */
export function freezeNotice(f: Freeze, op: FreezeOperation): Record<string, string> {
  return {
    notify_type: op.type === 'FREEZE' ? 'fund_auth_freeze' : 'fund_auth_unfreeze',
    auth_no: f.authNo,
    out_order_no: f.outOrderNo,
    operation_id: op.operationId,
    out_request_no: op.outRequestNo,
    operation_type: op.type,
    amount: yuan(op.amount),
    status: op.status,
    rest_amount: yuan(f.rest),
    total_freeze_amount: yuan(f.amount),
    total_pay_amount: yuan(f.paid),
    payer_user_id: f.payerId,
    gmt_trans: chinaTime(op.at),
  };
}

/** The message service's transfer change message. */
export function transferNotice(t: Transfer): Record<string, string> {
  const biz = {
    out_biz_no: t.outBizNo,
    order_id: t.orderId,
    status: t.status,
    trans_amount: yuan(t.amount),
    pay_date: chinaTime(t.at),
    ...(t.errorCode ? { error_code: t.errorCode } : {}),
  };
  return {
    msg_method: 'alipay.fund.trans.order.changed',
    utc_timestamp: String(Date.now()),
    version: '1.1',
    biz_content: JSON.stringify(biz),
  };
}
