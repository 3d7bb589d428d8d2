import type crypto from 'node:crypto';
import { AlipaySdk } from 'alipay-sdk';
import type {
  AuthorizeRequest,
  CaptureRequest,
  ChargeRequest,
  NotifyReply,
  PaymentOp,
  PaymentOutcome,
  PaymentProvider,
  PayoutRequest,
  RefundRequest,
  ReleaseAuthorizationRequest,
  SignedNotification,
  StatementLine,
} from '../payments.js';
import { parseBillZip } from './alipay-bill.js';
import { outcomeOfNotification, tradeOutcome, transferOutcome } from './alipay-notify.js';
import {
  AlipayError,
  ALIPAY_GATEWAY,
  checkAlipayMerchant,
  chinaTime,
  type AlipayMerchant,
  type Answer,
} from './alipay-merchant.js';
import { cents, payoutFailure, readPrivateKey, readPublicKey, verifiedNotification, yuan } from './alipay-support.js';

export {
  AlipayError,
  ALIPAY_GATEWAY,
  checkAlipayMerchant,
  type AlipayMerchant,
  type AlipayMerchantProblem,
  type AlipayMerchantProblemCode,
} from './alipay-merchant.js';

/**
 * Alipay (open platform, public key mode, RSA2) as a payment company. Requests are signed and answers
 * verified by the official SDK (`alipay-sdk`, validateSign on every call: an answer whose sign does
 * not verify throws and is never read); notifications are verified here. Keys are the router's short
 * numbers, used as out_trade_no / out_request_no / out_biz_no / out_order_no. See
 * docs/decisions/alipay.md.
 */
export class AlipayProvider implements PaymentProvider {
  readonly name = 'alipay';
  readonly sandbox = false;
  readonly currency = 'CNY';
  readonly shortKeys = true;
  private readonly sdk: AlipaySdk;
  private readonly alipayKey: crypto.KeyObject;
  private handler: ((n: SignedNotification) => Promise<void>) | null = null;

  constructor(private readonly merchant: AlipayMerchant) {
    const problems = checkAlipayMerchant(merchant);
    if (problems.length) {
      throw new Error(`alipay: the merchant settings are not usable: ${problems.map((p) => p.message).join('; ')}`);
    }
    this.alipayKey = readPublicKey(merchant.alipayPublicKey);
    this.sdk = new AlipaySdk({
      appId: merchant.appId.trim(),
      privateKey: readPrivateKey(merchant.appPrivateKey).export({ type: 'pkcs8', format: 'pem' }).toString(),
      keyType: 'PKCS8',
      alipayPublicKey: this.alipayKey.export({ type: 'spki', format: 'pem' }).toString(),
      gateway: merchant.gateway || ALIPAY_GATEWAY,
      camelcase: false,
      timeout: 10_000,
    });
  }

  async charge(req: ChargeRequest): Promise<PaymentOutcome> {
    if (req.deferred) {
      // A credit deduction has no Alipay counterpart here: deposit-free rentals freeze instead.
      return {
        key: req.key,
        op: 'charge',
        status: 'failed',
        amount: req.amount,
        reference: '',
        failure: 'unsupported',
      };
    }
    const known = await this.queryTrade(req.key, 'charge');
    if (known && known.status !== 'pending') return known;
    if (known) return { ...known, payParams: this.chargeParams(req, known.reference) };
    if (req.payerId) {
      // Mini program: the trade is created here for the buyer; my.tradePay({ tradeNO }) opens it.
      const r = await this.call('alipay.trade.create', {
        out_trade_no: req.key,
        total_amount: yuan(req.amount),
        subject: req.description.slice(0, 256),
        product_code: 'JSAPI_PAY',
        ...(/^2088\d{12}$/.test(req.payerId) ? { buyer_id: req.payerId } : { buyer_open_id: req.payerId }),
      });
      if (!this.isSuccess(r)) return this.failed(req.key, 'charge', req.amount, r);
      const tradeNo = String(r.trade_no);
      return {
        key: req.key,
        op: 'charge',
        status: 'pending',
        amount: req.amount,
        reference: tradeNo,
        payParams: { tradeNO: tradeNo },
      };
    }
    return {
      key: req.key,
      op: 'charge',
      status: 'pending',
      amount: req.amount,
      reference: '',
      payParams: this.chargeParams(req, ''),
    };
  }

  /** What the app hands to the wallet for a charge: the trade number (mini program) or the signed order string (app). */
  private chargeParams(req: ChargeRequest, tradeNo: string): Record<string, string> {
    if (req.payerId && tradeNo) return { tradeNO: tradeNo };
    return {
      orderStr: this.orderString('alipay.trade.app.pay', {
        out_trade_no: req.key,
        total_amount: yuan(req.amount),
        subject: req.description.slice(0, 256),
        product_code: 'QUICK_MSECURITY_PAY',
      }),
    };
  }

  async refund(req: RefundRequest): Promise<PaymentOutcome> {
    const r = await this.call('alipay.trade.refund', {
      trade_no: req.chargeReference,
      refund_amount: yuan(req.amount),
      out_request_no: req.key,
    });
    if (!this.isSuccess(r)) return this.failed(req.key, 'refund', req.amount, r, req.chargeReference);
    // fund_change is N when the refund was made by an earlier request with this number: the query says.
    const q = await this.refundOf(req.chargeReference, req.key);
    return q ?? { key: req.key, op: 'refund', status: 'pending', amount: req.amount, reference: req.chargeReference };
  }

  /** One refund as Alipay holds it (alipay.trade.fastpay.refund.query); null when it has none. */
  private async refundOf(tradeNo: string, outRequestNo: string): Promise<PaymentOutcome | null> {
    const r = await this.call('alipay.trade.fastpay.refund.query', {
      trade_no: tradeNo,
      out_request_no: outRequestNo,
      query_options: ['gmt_refund_pay'],
    });
    if (this.notFound(r) || (this.isSuccess(r) && !r.refund_amount)) return null;
    if (!this.isSuccess(r)) throw this.error('alipay.trade.fastpay.refund.query', r);
    const done = r.refund_status === undefined || r.refund_status === 'REFUND_SUCCESS';
    return {
      key: outRequestNo,
      op: 'refund',
      status: done ? 'succeeded' : 'pending',
      amount: cents(String(r.refund_amount)),
      reference: String(r.trade_no ?? tradeNo),
    };
  }

  async payout(req: PayoutRequest): Promise<PaymentOutcome> {
    const payee = req.payee.trim();
    const r = await this.call('alipay.fund.trans.uni.transfer', {
      out_biz_no: req.key,
      trans_amount: yuan(req.amount),
      product_code: 'TRANS_ACCOUNT_NO_PWD',
      biz_scene: 'DIRECT_TRANSFER',
      order_title: 'Withdrawal',
      payee_info: {
        identity: payee,
        identity_type: /^2088\d{12}$/.test(payee) ? 'ALIPAY_USER_ID' : 'ALIPAY_LOGON_ID',
        ...(req.payeeName ? { name: req.payeeName } : {}),
      },
    });
    if (this.isSuccess(r)) {
      return (
        transferOutcome({ ...r, out_biz_no: req.key, trans_amount: yuan(req.amount) }) ?? this.unreadable('transfer', r)
      );
    }
    if (this.isBusinessFailure(r) && !this.isUnknown(r)) {
      const failure = payoutFailure(r.sub_code);
      return { key: req.key, op: 'payout', status: 'failed', amount: req.amount, reference: '', failure };
    }
    throw this.error('alipay.fund.trans.uni.transfer', r);
  }

  async authorize(req: AuthorizeRequest): Promise<PaymentOutcome> {
    const known = await this.queryFreeze(req.key);
    if (known && known.status !== 'pending') return known;
    const orderStr = this.orderString('alipay.fund.auth.order.app.freeze', {
      out_order_no: req.key,
      out_request_no: req.key,
      order_title: req.description.slice(0, 100),
      amount: yuan(req.amount),
      product_code: 'PREAUTH_PAY',
    });
    return {
      key: req.key,
      op: 'freeze',
      status: 'pending',
      amount: req.amount,
      reference: known?.reference ?? '',
      payParams: { orderStr },
    };
  }

  async captureAuthorization(req: CaptureRequest): Promise<PaymentOutcome> {
    const r = await this.call('alipay.trade.pay', {
      out_trade_no: req.key,
      total_amount: yuan(req.amount),
      subject: req.description.slice(0, 256),
      product_code: 'PREAUTH_PAY',
      auth_no: req.authReference,
      auth_confirm_mode: 'COMPLETE',
    });
    if (this.isSuccess(r) || r.sub_code === 'ACQ.TRADE_HAS_SUCCESS' || r.code === '10003') {
      // 10003: the payment is under way; a repeated request answers TRADE_HAS_SUCCESS: the query says.
      const q = await this.queryTrade(req.key, 'capture');
      if (q) return q;
      if (this.isSuccess(r))
        return tradeOutcome(req.key, String(r.trade_no), 'TRADE_SUCCESS', String(r.total_amount), 'capture', true)!;
    }
    return this.failed(req.key, 'capture', req.amount, r);
  }

  async releaseAuthorization(req: ReleaseAuthorizationRequest): Promise<PaymentOutcome> {
    const r = await this.call('alipay.fund.auth.order.unfreeze', {
      auth_no: req.authReference,
      out_request_no: req.key,
      amount: yuan(req.amount),
      remark: 'Rental ended',
    });
    if (!this.isSuccess(r)) return this.failed(req.key, 'unfreeze', req.amount, r, req.authReference);
    return this.authOutcome(req.key, 'unfreeze', r);
  }

  /**
   * A request's outcome by its key. Alipay finds refunds by their trade and an unfreeze by its
   * authorization: for those `reference` (the charge's trade_no, the authorization's auth_no) is
   * needed, the interface's `query(key, op)` does not carry it (see docs/decisions/alipay.md).
   */
  async query(key: string, op: PaymentOp = 'charge', reference?: string): Promise<PaymentOutcome | null> {
    switch (op) {
      case 'charge':
      case 'capture':
        return this.queryTrade(key, op);
      case 'refund':
        if (!reference) throw new Error('alipay: a refund is found by its charge; query it with the charge reference');
        return this.refundOf(reference, key);
      case 'payout': {
        const r = await this.call('alipay.fund.trans.common.query', {
          out_biz_no: key,
          product_code: 'TRANS_ACCOUNT_NO_PWD',
          biz_scene: 'DIRECT_TRANSFER',
        });
        if (this.notFound(r)) return null;
        if (!this.isSuccess(r)) throw this.error('alipay.fund.trans.common.query', r);
        return transferOutcome({ ...r, out_biz_no: key });
      }
      case 'freeze':
        return this.queryFreeze(key);
      case 'unfreeze': {
        if (!reference) throw new Error('alipay: an unfreeze is found by its authorization; query it with auth_no');
        const r = await this.call('alipay.fund.auth.operation.detail.query', {
          auth_no: reference,
          out_request_no: key,
        });
        if (this.notFound(r)) return null;
        if (!this.isSuccess(r)) throw this.error('alipay.fund.auth.operation.detail.query', r);
        return this.authOutcome(key, 'unfreeze', r);
      }
    }
  }

  private async queryTrade(key: string, op: 'charge' | 'capture'): Promise<PaymentOutcome | null> {
    const r = await this.call('alipay.trade.query', { out_trade_no: key });
    if (this.notFound(r)) return null;
    if (!this.isSuccess(r)) throw this.error('alipay.trade.query', r);
    const [tradeNo, status] = [String(r.trade_no ?? ''), String(r.trade_status ?? '')];
    return tradeOutcome(key, tradeNo, status, String(r.total_amount), op, !!r.send_pay_date);
  }

  private async queryFreeze(key: string): Promise<PaymentOutcome | null> {
    const r = await this.call('alipay.fund.auth.operation.detail.query', { out_order_no: key, out_request_no: key });
    if (this.notFound(r)) return null;
    if (!this.isSuccess(r)) throw this.error('alipay.fund.auth.operation.detail.query', r);
    return this.authOutcome(key, 'freeze', r);
  }

  private authOutcome(key: string, op: 'freeze' | 'unfreeze', r: Answer): PaymentOutcome {
    const status = String(r.status ?? '');
    return {
      key,
      op,
      status: status === 'SUCCESS' ? 'succeeded' : status === 'CLOSED' ? 'failed' : 'pending',
      amount: cents(String(r.amount)),
      reference: String(r.auth_no ?? ''),
      ...(status === 'CLOSED' ? { failure: 'closed' } : {}),
    };
  }

  async verify(n: SignedNotification): Promise<PaymentOutcome | null> {
    const p = verifiedNotification(n.payload, this.alipayKey);
    if (!p || p.app_id !== this.merchant.appId.trim()) return null;
    try {
      return await outcomeOfNotification(p, (tradeNo, no) => this.refundOf(tradeNo, no));
    } catch {
      return null;
    }
  }

  /** Alipay reads the body: `success` stops its retries, anything else makes it send again. */
  notifyReply(accepted: boolean): NotifyReply {
    return { status: 200, contentType: 'text/plain', body: accepted ? 'success' : 'fail' };
  }

  async statement(day: string): Promise<StatementLine[]> {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`alipay: a bill day is YYYY-MM-DD (${day})`);
    const r = await this.call('alipay.data.dataservice.bill.downloadurl.query', { bill_type: 'trade', bill_date: day });
    if (r.sub_code === 'isp.bill_not_exist') return [];
    if (!this.isSuccess(r) || typeof r.bill_download_url !== 'string') {
      throw this.error('alipay.data.dataservice.bill.downloadurl.query', r);
    }
    const res = await fetch(r.bill_download_url, { signal: AbortSignal.timeout(30_000) });
    if (!res.ok) throw new Error(`alipay: the bill download answered ${res.status}`);
    return parseBillZip(Buffer.from(await res.arrayBuffer()));
  }

  onNotify(handler: (n: SignedNotification) => Promise<void>): void {
    this.handler = handler;
  }

  /** A notification received at /pay/notify/alipay goes to the engine's handler (the router calls this). */
  async receive(n: SignedNotification): Promise<void> {
    await this.handler?.(n);
  }

  /** A signed order string (what the app hands to the Alipay wallet). */
  private orderString(method: string, biz: Record<string, unknown>): string {
    return this.sdk.sdkExecute(method, { notifyUrl: this.merchant.notifyUrl, timestamp: chinaTime(), bizContent: biz });
  }

  /** One signed gateway call; the SDK verifies the answer's sign with Alipay's public key (throws when it does not). */
  private async call(method: string, biz: Record<string, unknown>): Promise<Answer> {
    try {
      return (await this.sdk.exec(
        method,
        { notifyUrl: this.merchant.notifyUrl, timestamp: chinaTime(), bizContent: biz },
        { validateSign: true },
      )) as Answer;
    } catch (e) {
      throw new AlipayError(method, 'unverified', undefined, (e as Error).message);
    }
  }

  private isSuccess(r: Answer): boolean {
    return r.code === '10000';
  }
  /** 40004: the business failed (the request was understood and refused); other codes are errors. */
  private isBusinessFailure(r: Answer): boolean {
    return r.code === '40004';
  }
  /** SYSTEM_ERROR (ACQ.SYSTEM_ERROR): Alipay does not know yet; the request is asked again or queried, never failed. */
  private isUnknown(r: Answer): boolean {
    return /(^|\.)SYSTEM_ERROR$/.test(r.sub_code ?? '');
  }
  private notFound(r: Answer): boolean {
    return this.isBusinessFailure(r) && /NOT_EXIST|NOT_EXSIT/.test(r.sub_code ?? '');
  }
  private error(method: string, r: Answer): AlipayError {
    return new AlipayError(method, String(r.code ?? '?'), r.sub_code, String(r.sub_msg ?? r.msg ?? ''));
  }
  private failed(key: string, op: PaymentOp, amount: number, r: Answer, reference = ''): PaymentOutcome {
    if (!this.isBusinessFailure(r) || this.isUnknown(r)) throw this.error(op, r);
    return { key, op, status: 'failed', amount, reference, failure: r.sub_code ?? String(r.sub_msg ?? 'failed') };
  }
  private unreadable(what: string, r: Answer): never {
    throw new AlipayError(what, String(r.code ?? '?'), undefined, 'an answer without a status');
  }
}
