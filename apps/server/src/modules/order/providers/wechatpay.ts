import crypto from 'node:crypto';
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
import {
  MAX_SKEW_SECONDS,
  WECHATPAY_BASE_URL,
  authorization,
  checkWechatSignature,
  decryptResource,
  encryptSensitive,
  nonceStr,
  rsaSign,
  type EncryptedResource,
  type WechatPayMerchant,
} from './wechatpay-crypto.js';
import {
  parseFundFlowBill,
  parseTradeBill,
  payoutFailure,
  refundOutcome,
  tradeOutcome,
  transferOutcome,
} from './wechatpay-wire.js';

export { checkWechatPayMerchant, type WechatPayMerchant } from './wechatpay-crypto.js';

/** Adapter options that are not merchant settings (the defaults suit production). */
export interface WechatPayOptions {
  /** Milliseconds before a request is abandoned (its outcome is then unknown: the sweep queries). */
  timeoutMs?: number;
  /** The transfer scene applied for in the merchant platform (商家转账 → 转账场景); 1005: 佣金报酬. */
  transferSceneId?: string;
  /** The scene's report fields (转账场景报备信息), as WeChat Pay asks them for the scene. */
  transferSceneReport?: { info_type: string; info_content: string }[];
  /** The account merchant transfers are paid from (BASIC, or OPERATION when the operating account is on). */
  transferAccount?: 'BASIC' | 'OPERATION';
  /** For tests: the HTTP client (a tampering one) and the clock (ms). */
  fetch?: typeof fetch;
  now?: () => number;
}

/** An answer WeChat Pay gave with an error code (4xx/5xx), or a request that did not get a verified answer. */
export class WechatPayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`wechatpay: ${status} ${code}: ${message}`);
    this.name = 'WechatPayError';
  }
}

interface Answer {
  status: number;
  data: Record<string, unknown> | null;
}
type Json = Record<string, unknown>;

/** Errors that say the request was not carried out at all: the outcome is final (failed), not unknown. */
const REFUSED = new Set(['PARAM_ERROR', 'INVALID_REQUEST', 'NOT_ENOUGH', 'NO_AUTH', 'QUOTA_EXCEED', 'ORDER_CLOSED']);
const NOT_FOUND = new Set(['ORDER_NOT_EXIST', 'RESOURCE_NOT_EXISTS', 'NOT_FOUND']);

/**
 * WeChat Pay API v3 for a direct merchant: JSAPI / mini program payments, domestic refunds, merchant
 * transfers (商家转账, the user confirms the receipt) for payouts, trade bills for statements. Every
 * request is signed with the merchant key; every answer and notification must carry a signature of
 * the WeChat Pay public key before a byte of it is read. Keys are the router's short numbers and are
 * sent as they are (out_trade_no, out_refund_no, out_bill_no). docs/decisions/wechatpay.md.
 */
export class WechatPayProvider implements PaymentProvider {
  readonly name = 'wechatpay';
  readonly sandbox = false;
  readonly shortKeys = true;
  readonly currency = 'CNY';
  private readonly merchantKey: crypto.KeyObject;
  private readonly platform: { id: string; key: crypto.KeyObject };
  private readonly base: URL;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;
  private handler: ((n: SignedNotification) => Promise<void>) | null = null;

  constructor(
    private readonly m: WechatPayMerchant,
    private readonly opts: WechatPayOptions = {},
  ) {
    this.merchantKey = crypto.createPrivateKey(m.merchantPrivateKey);
    this.platform = { id: m.platformPublicKeyId, key: crypto.createPublicKey(m.platformPublicKey) };
    this.base = new URL(m.baseUrl ?? WECHATPAY_BASE_URL);
    this.fetch = opts.fetch ?? fetch;
    this.now = opts.now ?? Date.now;
  }

  async charge(req: ChargeRequest): Promise<PaymentOutcome> {
    const failed = (failure: string) => this.failed(req.key, 'charge', req.amount, failure);
    // A credit deduction (pay after use) is WeChat Pay Score, a separate product: not offered.
    if (req.deferred) return failed('unsupported');
    const known = await this.queryTrade(req.key);
    if (known && known.status !== 'pending') return known;
    if (!req.payerId) return failed('payerIdMissing');
    // Asked again while unpaid: the same prepay request answers the same prepay_id (valid 2 hours).
    const a = await this.call('POST', '/v3/pay/transactions/jsapi', {
      appid: this.m.appId,
      mchid: this.m.mchId,
      description: clip(req.description, 127) || 'rental',
      out_trade_no: req.key,
      notify_url: this.m.notifyUrl,
      amount: { total: req.amount, currency: 'CNY' },
      payer: { openid: req.payerId },
    });
    if (a.status === 200 && typeof a.data?.prepay_id === 'string') {
      // No transaction number before the customer pays: the reference comes with the outcome.
      const payParams = this.payParams(a.data.prepay_id);
      return { key: req.key, op: 'charge', status: 'pending', amount: req.amount, reference: '', payParams };
    }
    const code = String(a.data?.code ?? '');
    // Paid or closed between our query and the prepay: the trade says which.
    if (code === 'ORDERPAID' || code === 'ORDER_CLOSED') return (await this.queryTrade(req.key)) ?? failed(code);
    if (a.status < 500 && REFUSED.has(code)) return failed(code);
    throw this.error(a);
  }

  /** What wx.requestPayment / JSAPI getBrandWCPayRequest needs, paySign over appId\ntimeStamp\nnonceStr\npackage\n. */
  private payParams(prepayId: string): Record<string, string> {
    const timeStamp = String(Math.floor(this.now() / 1000));
    const nonce = nonceStr();
    const pkg = `prepay_id=${prepayId}`;
    const paySign = rsaSign(this.merchantKey, `${this.m.appId}\n${timeStamp}\n${nonce}\n${pkg}\n`);
    return { appId: this.m.appId, timeStamp, nonceStr: nonce, package: pkg, signType: 'RSA', paySign };
  }

  async refund(req: RefundRequest): Promise<PaymentOutcome> {
    let total = req.chargeAmount;
    if (total === undefined) {
      const t = await this.call(
        'GET',
        `/v3/pay/transactions/id/${enc(req.chargeReference)}?mchid=${enc(this.m.mchId)}`,
      );
      if (t.status !== 200) {
        // A charge WeChat Pay does not know can never be refunded: a final answer, not a retry.
        if (NOT_FOUND.has(String(t.data?.code))) return this.failed(req.key, 'refund', req.amount, 'ORDER_NOT_EXIST');
        throw this.error(t);
      }
      total = Number((t.data?.amount as Json | undefined)?.total);
    }
    const a = await this.call('POST', '/v3/refund/domestic/refunds', {
      transaction_id: req.chargeReference,
      out_refund_no: req.key,
      notify_url: this.m.notifyUrl,
      amount: { refund: req.amount, total, currency: 'CNY' },
    });
    if (a.status === 200 && a.data) return refundOutcome(a.data);
    const code = String(a.data?.code ?? '');
    if (a.status < 500 && (REFUSED.has(code) || NOT_FOUND.has(code)) && code !== 'NOT_ENOUGH') {
      return this.failed(req.key, 'refund', req.amount, code);
    }
    // NOT_ENOUGH (the merchant balance cannot cover it yet), SYSTEM_ERROR, …: retried under the same number.
    throw this.error(a);
  }

  async payout(req: PayoutRequest): Promise<PaymentOutcome> {
    const known = await this.queryTransfer(req.key);
    if (known) return known;
    const body: Json = {
      appid: this.m.appId,
      out_bill_no: req.key,
      transfer_scene_id: this.opts.transferSceneId ?? '1005',
      openid: req.payee,
      transfer_amount: req.amount,
      transfer_remark: 'withdrawal',
      notify_url: this.m.notifyUrl,
      user_recv_perception: '劳务报酬',
      transfer_scene_report_infos: this.opts.transferSceneReport ?? [
        { info_type: '岗位类型', info_content: '合作伙伴' },
        { info_type: '报酬说明', info_content: '分成提现' },
      ],
    };
    // WeChat Pay checks the name when it is given; it is refused below 0.30 yuan, required from 2,000 yuan.
    if (req.payeeName && req.amount >= 30) body.user_name = encryptSensitive(this.platform.key, req.payeeName);
    const a = await this.call('POST', '/v3/fund-app/mch-transfer/transfer-bills', body);
    if (a.status === 200 && a.data) return transferOutcome(a.data, this.m, req.amount);
    const code = String(a.data?.code ?? '');
    if (a.status < 500 && REFUSED.has(code)) {
      return this.failed(req.key, 'payout', req.amount, payoutFailure(code));
    }
    throw this.error(a);
  }

  // WeChat Pay's deposit-free equivalent (Pay Score service orders) is a separate product with its own
  // contract: deposit-free rentals stay with Alipay (docs/decisions/wechatpay.md).
  authorize(req: AuthorizeRequest): Promise<PaymentOutcome> {
    return Promise.resolve(this.failed(req.key, 'freeze', req.amount, 'unsupported'));
  }
  captureAuthorization(req: CaptureRequest): Promise<PaymentOutcome> {
    return Promise.resolve(this.failed(req.key, 'capture', req.amount, 'unsupported'));
  }
  releaseAuthorization(req: ReleaseAuthorizationRequest): Promise<PaymentOutcome> {
    return Promise.resolve(this.failed(req.key, 'unfreeze', req.amount, 'unsupported'));
  }

  async query(key: string, op?: PaymentOp): Promise<PaymentOutcome | null> {
    switch (op) {
      case 'charge':
        return this.queryTrade(key);
      case 'refund':
        return this.queryRefund(key);
      case 'payout':
        return this.queryTransfer(key);
      case undefined:
        return (await this.queryTrade(key)) ?? (await this.queryRefund(key)) ?? (await this.queryTransfer(key));
      default:
        return null; // freeze, capture, unfreeze: never sent to WeChat Pay
    }
  }

  private async queryTrade(key: string): Promise<PaymentOutcome | null> {
    const a = await this.call('GET', `/v3/pay/transactions/out-trade-no/${enc(key)}?mchid=${enc(this.m.mchId)}`);
    return a.status === 200 && a.data ? tradeOutcome(a.data) : this.notFound(a);
  }
  private async queryRefund(key: string): Promise<PaymentOutcome | null> {
    const a = await this.call('GET', `/v3/refund/domestic/refunds/${enc(key)}`);
    return a.status === 200 && a.data ? refundOutcome(a.data) : this.notFound(a);
  }
  private async queryTransfer(key: string): Promise<PaymentOutcome | null> {
    const a = await this.call('GET', `/v3/fund-app/mch-transfer/transfer-bills/out-bill-no/${enc(key)}`);
    return a.status === 200 && a.data ? transferOutcome(a.data, this.m) : this.notFound(a);
  }
  private notFound(a: Answer): null {
    if (a.status === 404 || NOT_FOUND.has(String(a.data?.code ?? ''))) return null;
    throw this.error(a);
  }

  /** A request WeChat Pay refused or was never sent: final, nothing moved. */
  private failed(key: string, op: PaymentOp, amount: number, failure: string): PaymentOutcome {
    return { key, op, status: 'failed', amount, reference: '', failure };
  }

  verify(n: SignedNotification): PaymentOutcome | null {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(n.headers ?? {})) headers[k.toLowerCase()] = v;
    const nowS = Math.floor(this.now() / 1000);
    if (checkWechatSignature(headers, n.payload, this.platform, nowS, MAX_SKEW_SECONDS) !== 'ok') return null;
    try {
      const body = JSON.parse(n.payload) as { event_type?: string; resource?: EncryptedResource };
      if (!body.resource) return null;
      const r = JSON.parse(decryptResource(this.m.apiV3Key, body.resource)) as Json;
      const mchid = r.mchid ?? r.mch_id;
      if (mchid !== undefined && mchid !== this.m.mchId) return null;
      switch (body.event_type) {
        case 'TRANSACTION.SUCCESS': {
          const o = tradeOutcome(r);
          return o.status === 'succeeded' ? o : null;
        }
        case 'REFUND.SUCCESS':
        case 'REFUND.ABNORMAL':
        case 'REFUND.CLOSED':
          return refundOutcome(r);
        case 'MCHTRANSFER.BILL.FINISHED': {
          const o = transferOutcome(r, this.m);
          return o.status === 'pending' ? null : o;
        }
        default:
          return null;
      }
    } catch {
      return null;
    }
  }

  notifyReply(accepted: boolean): NotifyReply {
    if (accepted) return { status: 204, contentType: 'application/json', body: '' };
    return {
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'FAIL', message: 'notification refused' }),
    };
  }

  onNotify(handler: (n: SignedNotification) => Promise<void>): void {
    this.handler = handler;
  }

  /** Hands a notification received at /pay/notify/wechatpay to the engine (the route calls this). */
  async receive(n: SignedNotification): Promise<void> {
    await this.handler?.(n);
  }

  /**
   * A day's statement (Beijing time): payments and refunds with their fees from the trade bill, and
   * merchant transfers from the fund-flow bill of the account they are paid from. A day without a bill
   * (nothing moved) adds nothing.
   */
  async statement(day: string): Promise<StatementLine[]> {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`wechatpay: not a day: ${day}`);
    const trades = await this.bill(`/v3/bill/tradebill?bill_date=${day}&bill_type=ALL`);
    const account = this.opts.transferAccount ?? 'BASIC';
    const funds = await this.bill(`/v3/bill/fundflowbill?bill_date=${day}&account_type=${account}`);
    return [...(trades ? parseTradeBill(trades) : []), ...(funds ? parseFundFlowBill(funds) : [])];
  }

  /** A bill's text: the signed answer names the file and its hash, the file itself is not signed. */
  private async bill(pathAndQuery: string): Promise<string | null> {
    const a = await this.call('GET', pathAndQuery);
    if (a.status !== 200) {
      if (a.data?.code === 'NO_STATEMENT_EXIST') return null;
      throw this.error(a);
    }
    const url = new URL(String(a.data?.download_url ?? ''));
    // The signed download goes only to WeChat Pay's own host (our Authorization never leaves it).
    if (url.origin !== this.base.origin) throw new Error(`wechatpay: a bill at another host: ${url.origin}`);
    const file = await this.send('GET', url.pathname + url.search, '');
    if (file.status !== 200) throw new WechatPayError(file.status, 'DOWNLOAD', file.text.slice(0, 200));
    const hashType = String(a.data?.hash_type ?? '').toUpperCase();
    if (hashType !== 'SHA1') throw new Error(`wechatpay: unknown bill hash ${hashType}`);
    const hash = crypto.createHash('sha1').update(file.raw).digest('hex');
    if (hash !== String(a.data?.hash_value ?? '').toLowerCase())
      throw new Error('wechatpay: the bill hash does not match');
    return file.raw.toString('utf8');
  }

  /** A signed request whose answer must verify before it is read. */
  private async call(method: 'GET' | 'POST', pathAndQuery: string, body?: Json): Promise<Answer> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const res = await this.send(method, pathAndQuery, text);
    const check = checkWechatSignature(res.headers, res.text, this.platform, Math.floor(this.now() / 1000), null);
    if (check !== 'ok')
      throw new WechatPayError(res.status, 'ANSWER_NOT_VERIFIED', `the answer's ${check} check failed`);
    let data: Record<string, unknown> | null = null;
    if (res.text) {
      try {
        data = JSON.parse(res.text) as Json;
      } catch {
        throw new WechatPayError(res.status, 'ANSWER_NOT_JSON', res.text.slice(0, 200));
      }
    }
    return { status: res.status, data };
  }

  private async send(method: string, pathAndQuery: string, text: string) {
    const url = new URL(pathAndQuery, this.base);
    const signed = url.pathname + url.search;
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'User-Agent': 'cbo-wechatpay/1',
      Authorization: authorization(this.m, this.merchantKey, method, signed, text, Math.floor(this.now() / 1000)),
      // Names the key that encrypted a sensitive field (user_name); harmless elsewhere.
      'Wechatpay-Serial': this.platform.id,
    };
    if (text) headers['Content-Type'] = 'application/json';
    const res = await this.fetch(url, {
      method,
      headers,
      body: text || undefined,
      signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
    });
    const raw = Buffer.from(await res.arrayBuffer());
    const h: Record<string, string> = {};
    res.headers.forEach((v, k) => (h[k.toLowerCase()] = v));
    return { status: res.status, headers: h, raw, text: raw.toString('utf8') };
  }

  private error(a: Answer): WechatPayError {
    return new WechatPayError(a.status, String(a.data?.code ?? 'UNKNOWN'), String(a.data?.message ?? ''));
  }
}

const enc = encodeURIComponent;

/** At most `bytes` UTF-8 bytes of a text, never cutting a character (WeChat Pay counts bytes). */
function clip(text: string, bytes: number): string {
  let out = '';
  for (const ch of text) {
    if (Buffer.byteLength(out + ch, 'utf8') > bytes) break;
    out += ch;
  }
  return out;
}
