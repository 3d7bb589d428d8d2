import { cents, yuan } from '../../modules/order/providers/alipay-support.js';
import type { AlipayEmulator } from './alipay-emulator.js';
import { chinaTime, type FreezeOperation, type Refund, type Transfer } from './alipay-emulator-types.js';

/** The `<method>_response` object of an answer: code 10000 success, 40004 business failure, 40002 bad request. */
export type Answer = Record<string, unknown> & { code: string; msg: string };
type Method = (em: AlipayEmulator, biz: Record<string, unknown>, notifyUrl: string) => Answer | Promise<Answer>;

const ok = (fields: Record<string, unknown>): Answer => ({ code: '10000', msg: 'Success', ...fields });
const fail = (subCode: string, subMsg: string): Answer => ({
  code: '40004',
  msg: 'Business Failed',
  sub_code: subCode,
  sub_msg: subMsg,
});
const str = (v: unknown): string =>
  typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v);

function amountOf(v: unknown): number | null {
  try {
    const c = cents(str(v));
    return c > 0 ? c : null;
  } catch {
    return null;
  }
}

function tradeOf(em: AlipayEmulator, biz: Record<string, unknown>) {
  const byOut = biz.out_trade_no ? em.trades.get(str(biz.out_trade_no)) : undefined;
  return byOut ?? [...em.trades.values()].find((t) => t.tradeNo === str(biz.trade_no) && !!biz.trade_no);
}
function freezeOf(em: AlipayEmulator, biz: Record<string, unknown>) {
  const byOut = biz.out_order_no ? em.freezes.get(str(biz.out_order_no)) : undefined;
  return byOut ?? [...em.freezes.values()].find((f) => f.authNo === str(biz.auth_no) && !!biz.auth_no);
}

/** The open platform methods the emulator answers, each as its documentation describes. */
export const alipayMethods: Record<string, Method> = {
  'alipay.trade.create': (em, biz, notifyUrl) => {
    const amount = amountOf(biz.total_amount);
    if (!biz.out_trade_no || !amount || !biz.subject) return fail('ACQ.INVALID_PARAMETER', '参数无效');
    if (!biz.buyer_id && !biz.buyer_open_id) return fail('ACQ.INVALID_PARAMETER', '买家不能为空');
    const known = em.trades.get(str(biz.out_trade_no));
    if (known) {
      if (known.status === 'TRADE_SUCCESS' || known.status === 'TRADE_FINISHED')
        return fail('ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
      if (known.status === 'TRADE_CLOSED') return fail('ACQ.TRADE_HAS_CLOSE', '交易已经关闭');
      if (known.amount !== amount) return fail('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改');
      return ok({ out_trade_no: known.outTradeNo, trade_no: known.tradeNo });
    }
    const t = em.newTrade(biz as Record<string, string>, str(biz.buyer_id ?? biz.buyer_open_id), notifyUrl);
    em.trades.set(t.outTradeNo, t);
    return ok({ out_trade_no: t.outTradeNo, trade_no: t.tradeNo });
  },

  'alipay.trade.query': (em, biz) => {
    const t = tradeOf(em, biz);
    if (!t) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
    const amount = t.status === 'WAIT_BUYER_PAY' ? t.amount : t.paid;
    return ok({
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      buyer_user_id: t.buyerId,
      trade_status: t.status,
      total_amount: yuan(amount),
      buyer_pay_amount: yuan(t.paid),
      receipt_amount: yuan(t.paid),
      ...(t.paidAt ? { send_pay_date: chinaTime(t.paidAt) } : {}),
    });
  },

  'alipay.trade.refund': (em, biz) => {
    const amount = amountOf(biz.refund_amount);
    if (!amount || !biz.out_request_no) return fail('ACQ.INVALID_PARAMETER', '参数无效');
    const t = tradeOf(em, biz);
    if (!t) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
    const no = str(biz.out_request_no);
    const known = em.refunds.find((r) => r.tradeNo === t.tradeNo && r.outRequestNo === no);
    const answer = (fundChange: 'Y' | 'N', r: Refund) =>
      ok({
        trade_no: t.tradeNo,
        out_trade_no: t.outTradeNo,
        fund_change: fundChange,
        refund_fee: yuan(t.refunded),
        gmt_refund_pay: chinaTime(r.at),
      });
    if (known) return answer('N', known);
    if (t.status !== 'TRADE_SUCCESS') return fail('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
    if (t.refunded + amount > t.paid) return fail('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
    const r: Refund = { tradeNo: t.tradeNo, outTradeNo: t.outTradeNo, outRequestNo: no, amount, at: new Date() };
    em.refunds.push(r);
    t.refunded += amount;
    if (t.refunded === t.paid) t.status = 'TRADE_CLOSED';
    void em.notifyTrade(t, r);
    return answer('Y', r);
  },

  'alipay.trade.fastpay.refund.query': (em, biz) => {
    const t = tradeOf(em, biz);
    if (!t) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
    const r = em.refunds.find((x) => x.tradeNo === t.tradeNo && x.outRequestNo === str(biz.out_request_no));
    // Documented: an unknown refund answers success without refund fields.
    if (!r) return ok({ trade_no: t.tradeNo, out_trade_no: t.outTradeNo });
    return ok({
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      out_request_no: r.outRequestNo,
      total_amount: yuan(t.paid),
      refund_amount: yuan(r.amount),
      refund_status: 'REFUND_SUCCESS',
      gmt_refund_pay: chinaTime(r.at),
    });
  },

  // Pay from a freeze (product_code PREAUTH_PAY): with auth_confirm_mode COMPLETE the rest is unfrozen.
  'alipay.trade.pay': (em, biz, notifyUrl) => {
    const amount = amountOf(biz.total_amount);
    if (!biz.out_trade_no || !amount || biz.product_code !== 'PREAUTH_PAY' || !biz.auth_no) {
      return fail('ACQ.INVALID_PARAMETER', '参数无效');
    }
    if (em.trades.has(str(biz.out_trade_no))) return fail('ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
    const f = freezeOf(em, { auth_no: biz.auth_no });
    if (!f) return fail('ACQ.AUTH_NO_ERROR', '授权号不存在');
    if (f.status !== 'AUTHORIZED') return fail('ACQ.AUTH_ORDER_STATUS_ERROR', '授权单状态不合法');
    if (amount > f.rest) return fail('ACQ.PAYMENT_AMOUNT_EXCEED_AUTH_AMOUNT', '支付金额超过授权剩余金额');
    const t = em.newTrade(biz as Record<string, string>, f.payerId, notifyUrl);
    t.status = 'TRADE_SUCCESS';
    t.paid = amount;
    t.paidAt = new Date();
    em.trades.set(t.outTradeNo, t);
    const at = new Date();
    f.operations.push({
      operationId: em.nextNo(),
      outRequestNo: t.outTradeNo,
      type: 'PAY',
      amount,
      status: 'SUCCESS',
      at,
    });
    f.paid += amount;
    f.rest -= amount;
    if (biz.auth_confirm_mode === 'COMPLETE' && f.rest > 0) {
      f.operations.push({
        operationId: em.nextNo(),
        outRequestNo: em.nextNo(),
        type: 'UNFREEZE',
        amount: f.rest,
        status: 'SUCCESS',
        at,
      });
      f.rest = 0;
    }
    if (f.rest === 0) f.status = 'FINISH';
    void em.notifyTrade(t);
    return ok({
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      total_amount: yuan(amount),
      gmt_payment: chinaTime(t.paidAt),
    });
  },

  'alipay.fund.auth.order.unfreeze': (em, biz) => {
    const amount = amountOf(biz.amount);
    if (!biz.auth_no || !biz.out_request_no || !amount || !biz.remark) return fail('INVALID_PARAMETER', '参数无效');
    const f = freezeOf(em, { auth_no: biz.auth_no });
    if (!f) return fail('AUTH_ORDER_NOT_EXIST', '授权单不存在');
    const known = f.operations.find((o) => o.type === 'UNFREEZE' && o.outRequestNo === str(biz.out_request_no));
    const answer = (o: FreezeOperation) =>
      ok({
        auth_no: f.authNo,
        out_order_no: f.outOrderNo,
        operation_id: o.operationId,
        out_request_no: o.outRequestNo,
        amount: yuan(o.amount),
        status: o.status,
        gmt_trans: chinaTime(o.at),
      });
    if (known) return answer(known);
    if (f.status !== 'AUTHORIZED') return fail('ORDER_ALREADY_FINISH', '授权单已完结');
    if (amount > f.rest) return fail('UNFREEZE_AMOUNT_EXCEED', '解冻金额超过剩余冻结金额');
    const o: FreezeOperation = {
      operationId: em.nextNo(),
      outRequestNo: str(biz.out_request_no),
      type: 'UNFREEZE',
      amount,
      status: 'SUCCESS',
      at: new Date(),
    };
    f.operations.push(o);
    f.rest -= amount;
    if (f.rest === 0) f.status = 'FINISH';
    void em.notifyFreeze(f, o);
    return answer(o);
  },

  'alipay.fund.auth.operation.detail.query': (em, biz) => {
    const f = freezeOf(em, biz);
    if (!f) return fail('AUTH_ORDER_NOT_EXIST', '授权单不存在');
    const o = f.operations.find(
      (x) => x.outRequestNo === str(biz.out_request_no) || x.operationId === str(biz.operation_id),
    );
    if (!o) return fail('AUTH_OPERATION_NOT_EXIST', '操作流水不存在');
    return ok({
      auth_no: f.authNo,
      out_order_no: f.outOrderNo,
      order_status: f.status,
      total_freeze_amount: yuan(f.amount),
      rest_amount: yuan(f.rest),
      total_pay_amount: yuan(f.paid),
      operation_id: o.operationId,
      out_request_no: o.outRequestNo,
      operation_type: o.type,
      amount: yuan(o.amount),
      status: o.status,
      gmt_trans: chinaTime(o.at),
      payer_user_id: f.payerId,
    });
  },

  'alipay.fund.trans.uni.transfer': (em, biz, notifyUrl) => {
    const amount = amountOf(biz.trans_amount);
    const payee = (biz.payee_info ?? {}) as Record<string, string>;
    if (!biz.out_biz_no || !amount || biz.product_code !== 'TRANS_ACCOUNT_NO_PWD' || !payee.identity) {
      return fail('INVALID_PARAMETER', '参数有误');
    }
    if (amount < 10) return fail('EXCEED_LIMIT_SM_MIN_AMOUNT', '单笔最低转账金额0.1元');
    const known = em.transfers.get(str(biz.out_biz_no));
    const answer = (t: Transfer) =>
      ok({
        out_biz_no: t.outBizNo,
        order_id: t.orderId,
        pay_fund_order_id: t.orderId,
        status: t.status,
        trans_date: chinaTime(t.at),
      });
    if (known?.status === 'SUCCESS') return answer(known);
    const failure = em.takeTransferFailure();
    // SYSTEM_ERROR: nothing was done (the caller asks again with the same out_biz_no).
    if (failure === 'SYSTEM_ERROR') return fail(failure, '系统繁忙');
    if (failure) {
      em.transfers.set(str(biz.out_biz_no), {
        orderId: '',
        outBizNo: str(biz.out_biz_no),
        amount,
        status: 'FAIL',
        payee: payee.identity,
        errorCode: failure,
        at: new Date(),
      });
      return fail(failure, '转账失败');
    }
    const t: Transfer = {
      orderId: em.nextNo(),
      outBizNo: str(biz.out_biz_no),
      amount,
      status: 'SUCCESS',
      payee: payee.identity,
      at: new Date(),
    };
    em.transfers.set(t.outBizNo, t);
    void em.notifyTransfer(notifyUrl, t);
    return answer(t);
  },

  'alipay.fund.trans.common.query': (em, biz) => {
    const t = em.transfers.get(str(biz.out_biz_no));
    if (!t) return fail('ORDER_NOT_EXIST', '转账订单不存在');
    return ok({
      order_id: t.orderId,
      pay_fund_order_id: t.orderId,
      out_biz_no: t.outBizNo,
      trans_amount: yuan(t.amount),
      status: t.status,
      pay_date: chinaTime(t.at),
      ...(t.errorCode ? { error_code: t.errorCode, fail_reason: '转账失败' } : {}),
    });
  },

  'alipay.data.dataservice.bill.downloadurl.query': (em, biz) => {
    const day = str(biz.bill_date);
    if (biz.bill_type !== 'trade' && biz.bill_type !== 'signcustomer')
      return fail('isv.invalid-bill-type', '账单类型不合法');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return fail('isv.invalid-bill-date', '账单日期格式不正确');
    if (em.billRows(day).length === 0) return fail('isp.bill_not_exist', '账单不存在');
    return ok({ bill_download_url: em.billUrl(day) });
  },
};
