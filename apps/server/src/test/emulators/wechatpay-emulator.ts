// Long for a reason: a test stand-in for WeChat Pay's whole API v3 (signatures, orders, refunds, bills, notifications), kept in one file as the real service is one.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WechatPayMerchant } from '../../modules/order/providers/wechatpay.js';

/**
 * A local WeChat Pay API v3 written from its public documentation, for tests (no internet). It checks
 * every request's WECHATPAY2-SHA256-RSA2048 signature with the merchant public key (401 SIGN_ERROR when
 * it does not verify), signs every answer and notification with the platform key it is given, and
 * encrypts notification resources with the APIv3 key (AEAD_AES_256_GCM). It keeps trades, refunds and
 * transfers with their amounts and serves the trade bill of a day from them. On purpose it shares no
 * code with the adapter: a signature rule both got wrong the same way would pass unseen.
 */
export interface WechatPayKeys {
  merchant: { publicKey: string; privateKey: string; serialNo: string };
  platform: { publicKey: string; privateKey: string; publicKeyId: string };
  apiV3Key: string;
}

export function makeWechatPayKeys(): WechatPayKeys {
  const pair = () =>
    crypto.generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
  const merchant = pair();
  const platform = pair();
  return {
    merchant: { ...merchant, serialNo: crypto.randomBytes(20).toString('hex').toUpperCase() },
    platform: { ...platform, publicKeyId: `PUB_KEY_ID_${crypto.randomBytes(12).toString('hex').toUpperCase()}` },
    apiV3Key: crypto.randomBytes(16).toString('hex'),
  };
}

export interface WechatPayEmulatorOptions {
  merchantPublicKey: string;
  merchantSerialNo: string;
  platformPrivateKey: string;
  platformPublicKeyId: string;
  apiV3Key: string;
  mchId?: string;
  appId?: string;
  /** The merchant's fee rate (0.006: 0.6 %), charged on payments and given back on refunds. */
  feeRate?: number;
}

interface Trade {
  out_trade_no: string;
  transaction_id: string;
  prepay_id: string;
  description: string;
  notify_url: string;
  openid: string;
  total: number;
  paid: number;
  state: 'NOTPAY' | 'SUCCESS' | 'REFUND' | 'CLOSED' | 'PAYERROR';
  success_time?: string;
}
interface Refund {
  out_refund_no: string;
  refund_id: string;
  trade: Trade;
  refund: number;
  status: 'PROCESSING' | 'SUCCESS' | 'CLOSED' | 'ABNORMAL';
  notify_url?: string;
  create_time: string;
  success_time?: string;
}
interface Transfer {
  out_bill_no: string;
  transfer_bill_no: string;
  openid: string;
  amount: number;
  state: 'ACCEPTED' | 'WAIT_USER_CONFIRM' | 'SUCCESS' | 'FAIL';
  fail_reason?: string;
  user_name?: string;
  notify_url?: string;
  create_time: string;
  update_time: string;
}
export interface SentNotification {
  eventType: string;
  /** The decrypted resource, for assertions. */
  resource: Record<string, unknown>;
  headers: Record<string, string>;
  body: string;
  /** How the merchant answered (0: dropped, never sent; -1: unreachable). */
  answer: number;
  forged: boolean;
}

type Json = Record<string, unknown>;
class Reply {
  constructor(
    readonly status: number,
    readonly body: Json | string | null,
    readonly signed = true,
  ) {}
}
const err = (status: number, code: string, message: string) => new Reply(status, { code, message });

/** RFC 3339 in Beijing time, as WeChat Pay writes times. */
function beijing(ms = Date.now()): string {
  return new Date(ms + 8 * 3600_000).toISOString().replace(/\.\d{3}Z$/, '+08:00');
}
const yuan = (cents: number) => (cents / 100).toFixed(2);

export class WechatPayEmulator {
  readonly mchId: string;
  readonly appId: string;
  url = '';
  private readonly server = http.createServer((req, res) => void this.handle(req, res));
  private readonly trades = new Map<string, Trade>();
  private readonly refunds = new Map<string, Refund>();
  private readonly transfers = new Map<string, Transfer>();
  private readonly sent: SentNotification[] = [];
  private readonly tasks = new Set<Promise<void>>();
  private readonly bills = new Map<string, string>();
  private readonly transferFailures: string[] = [];
  private readonly transferRefusals: string[] = [];
  private readonly refundFailures: ('CLOSED' | 'ABNORMAL')[] = [];
  private duplicate = 0;
  private drop = 0;
  private stale = 0;
  private forgeNotification: string | null = null;
  private forgeAnswer: string | null = null;
  private tamperBill = false;
  private delay = 0;
  private cutNext = false;
  /** What each transfer's creation answer gave the merchant for wx.requestMerchantTransfer; no other answer carries it. */
  private readonly packages = new Map<string, string>();
  private downloadHost: string | null = null;
  private seq = 0;

  constructor(private readonly o: WechatPayEmulatorOptions) {
    this.mchId = o.mchId ?? '1900000109';
    this.appId = o.appId ?? 'wx8888888888888888';
  }

  async start(): Promise<string> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }
  async close(): Promise<void> {
    await this.idle();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
  /** Waits until every notification under way has been answered. */
  async idle(): Promise<void> {
    while (this.tasks.size > 0) await Promise.all([...this.tasks]);
  }

  // ---- controls for tests ----
  /** The customer pays the trade (for another amount when given): it succeeds and its notification is posted. */
  async pay(outTradeNo: string, opts: { amount?: number } = {}): Promise<void> {
    const t = this.trades.get(outTradeNo);
    if (!t || t.state !== 'NOTPAY') throw new Error(`emulator: no unpaid trade ${outTradeNo}`);
    t.state = 'SUCCESS';
    t.paid = opts.amount ?? t.total;
    t.success_time = beijing();
    await this.notify(t.notify_url, 'TRANSACTION.SUCCESS', 'transaction', '支付成功', this.tradeJson(t));
  }
  duplicateNext(): void {
    this.duplicate++;
  }
  dropNextNotification(): void {
    this.drop++;
  }
  /** The next notification is signed with another key (one the test gives, or a new one). */
  forgeNextNotification(privateKey?: string): void {
    this.forgeNotification = privateKey ?? otherKey();
  }
  /** The next notification carries a valid signature made ten minutes ago. */
  staleNextNotification(): void {
    this.stale++;
  }
  /** The next answer is signed with another key. */
  forgeNextAnswer(privateKey?: string): void {
    this.forgeAnswer = privateKey ?? otherKey();
  }
  /** The next bill file served differs from the hash its signed answer gave. */
  tamperNextBill(): void {
    this.tamperBill = true;
  }
  /** Bill download URLs name another host (a merchant must never send its signature there). */
  billsFrom(host: string | null): void {
    this.downloadHost = host;
  }
  /** The next transfer is accepted, then fails with this WeChat Pay fail_reason (and notifies). */
  failNextTransfer(reason: string): void {
    this.transferFailures.push(reason);
  }
  /** The next transfer request is refused at once with this error code (NOT_ENOUGH, NO_AUTH, QUOTA_EXCEED). */
  refuseNextTransfer(code: string): void {
    this.transferRefusals.push(code);
  }
  /** The next refund ends CLOSED or ABNORMAL instead of SUCCESS. */
  failNextRefund(status: 'CLOSED' | 'ABNORMAL'): void {
    this.refundFailures.push(status);
  }
  /** The payee confirms the receipt in WeChat (wx.requestMerchantTransfer): the transfer succeeds. */
  async confirmTransfer(outBillNo: string): Promise<void> {
    const t = this.transfers.get(outBillNo);
    if (!t || t.state !== 'WAIT_USER_CONFIRM') throw new Error(`emulator: no transfer waiting ${outBillNo}`);
    await this.finishTransfer(t, 'SUCCESS');
  }
  /** A refund made in the merchant platform, never asked through the API (no notification). */
  refundAtCompanyOnly(outTradeNo: string, amount: number, outRefundNo = `PLATFORM${++this.seq}`): string {
    const t = this.trades.get(outTradeNo);
    if (!t) throw new Error(`emulator: no trade ${outTradeNo}`);
    const now = beijing();
    this.refunds.set(outRefundNo, {
      ...{ out_refund_no: outRefundNo, refund_id: this.id('50'), trade: t, refund: amount },
      ...{ status: 'SUCCESS', create_time: now, success_time: now },
    });
    t.state = 'REFUND';
    return outRefundNo;
  }
  notifications(): SentNotification[] {
    return [...this.sent];
  }
  trade(outTradeNo: string): Readonly<Trade> | undefined {
    return this.trades.get(outTradeNo);
  }
  transferBill(outBillNo: string): Readonly<Transfer> | undefined {
    return this.transfers.get(outBillNo);
  }
  /** The package the transfer's creation answer carried (what the payee confirms with). */
  transferPackage(outBillNo: string): string | undefined {
    return this.packages.get(outBillNo);
  }
  /** The next answer leaves after this many milliseconds (a slow network). */
  delayNextAnswer(ms: number): void {
    this.delay = ms;
  }

  /** The next request is read and its connection closed without an answer (the network between us failed). */
  cutNextConnection(): void {
    this.cutNext = true;
  }

  /** The trade bill (bill_type ALL) of a day in Beijing time, from the emulator's state. */
  bill(day: string): string {
    const inDay = (t?: string) => t?.startsWith(day) === true;
    const rate = this.o.feeRate ?? 0.006;
    const fee = (cents: number) => (Math.round(cents * rate * 1000) / 100_000).toFixed(5);
    const cols = (xs: string[]) => xs.map((x) => '`' + x).join(',');
    const rows: string[] = [];
    const t0 = { paid: 0, refunded: 0, fee: 0, total: 0 };
    for (const t of this.trades.values()) {
      if (!inDay(t.success_time)) continue;
      rows.push(this.billRow(t, t.success_time!, 'SUCCESS', null, fee(t.paid), cols));
      t0.paid += t.paid;
      t0.total += t.paid;
      t0.fee += Math.round(t.paid * rate * 1000);
    }
    for (const r of this.refunds.values()) {
      const at = r.success_time ?? (r.status === 'PROCESSING' ? undefined : r.create_time);
      if (!inDay(at)) continue;
      rows.push(this.billRow(r.trade, at!, 'REFUND', r, '-' + fee(r.refund), cols));
      t0.refunded += r.refund;
      t0.fee -= Math.round(r.refund * rate * 1000);
    }
    const head = [
      '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,',
      '应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,',
      '手续费,费率,订单金额,申请退款金额,费率备注',
    ].join('');
    const sum = '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额';
    const sums = [String(rows.length), yuan(t0.paid), yuan(t0.refunded), '0.00', (t0.fee / 100_000).toFixed(5)];
    return [head, ...rows, sum, cols([...sums, yuan(t0.total), yuan(t0.refunded)])].join('\r\n') + '\r\n';
  }

  /**
   * The fund-flow bill of the basic account for a day: payments in, refunds and merchant transfers out
   * (a transfer's voucher number is the merchant's out_bill_no).
   */
  fundFlowBill(day: string): string {
    const rows: [string, string, string, string, string, number, string][] = [];
    for (const t of this.trades.values()) {
      if (t.success_time?.startsWith(day))
        rows.push([t.success_time, t.transaction_id, '交易', '交易', '收入', t.paid, t.out_trade_no]);
    }
    for (const r of this.refunds.values()) {
      if (r.success_time?.startsWith(day))
        rows.push([r.success_time, r.refund_id, '退款', '退款', '支出', r.refund, r.out_refund_no]);
    }
    for (const t of this.transfers.values()) {
      if (t.state === 'SUCCESS' && t.update_time.startsWith(day)) {
        rows.push([t.update_time, t.transfer_bill_no, '商家转账', '商家转账', '支出', t.amount, t.out_bill_no]);
      }
    }
    rows.sort((a, b) => a[0].localeCompare(b[0]));
    let balance = 1_000_000_00;
    const lines = rows.map(([at, ref, name, type, dir, cents, voucher]) => {
      balance += dir === '收入' ? cents : -cents;
      const flow = this.id('FL');
      return [
        at.slice(0, 19).replace('T', ' '),
        ref,
        flow,
        name,
        type,
        dir,
        yuan(cents),
        yuan(balance),
        'system',
        '',
        voucher,
      ]
        .map((x) => '`' + x)
        .join(',');
    });
    const income = rows.filter((r) => r[4] === '收入');
    const out = rows.filter((r) => r[4] === '支出');
    const sum = (xs: typeof rows) => yuan(xs.reduce((s, r) => s + r[5], 0));
    return (
      [
        '记账时间,微信支付业务单号,资金流水单号,业务名称,业务类型,收支类型,收支金额(元),账户结余(元),资金变更提交申请人,备注,业务凭证号',
        ...lines,
        '资金流水总笔数,收入笔数,收入金额,支出笔数,支出金额',
        [String(rows.length), String(income.length), sum(income), String(out.length), sum(out)]
          .map((x) => '`' + x)
          .join(','),
      ].join('\r\n') + '\r\n'
    );
  }

  private billRow(t: Trade, at: string, state: string, r: Refund | null, fee: string, cols: (x: string[]) => string) {
    const time = at.slice(0, 19).replace('T', ' ');
    const rate = `${((this.o.feeRate ?? 0.006) * 100).toFixed(2)}%`;
    return cols([
      ...[time, this.appId, this.mchId, '0', '', t.transaction_id, t.out_trade_no, t.openid, 'JSAPI', state, 'OTHERS'],
      ...['CNY', r ? '0.00' : yuan(t.paid), '0.00', r?.refund_id ?? '0', r?.out_refund_no ?? '0'],
      ...[yuan(r?.refund ?? 0), '0.00', r ? 'ORIGINAL' : '', r?.status ?? '', t.description, ''],
      ...[fee, rate, yuan(t.paid), yuan(r?.refund ?? 0), ''],
    ]);
  }

  // ---- HTTP ----
  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    if (this.cutNext) {
      this.cutNext = false;
      req.socket.destroy();
      return;
    }
    if (this.delay > 0) {
      const ms = this.delay;
      this.delay = 0;
      await new Promise((r) => setTimeout(r, ms));
    }
    let reply: Reply;
    try {
      const refusal = this.checkSignature(req, body);
      reply = refusal ?? this.route(req.method ?? 'GET', new URL(req.url ?? '/', this.url), body, req.headers);
    } catch (e) {
      reply = err(500, 'SYSTEM_ERROR', (e as Error).message);
    }
    const text = reply.body === null ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    const headers: Record<string, string> = { 'Request-ID': crypto.randomUUID() };
    if (typeof reply.body === 'string') headers['Content-Type'] = 'text/plain; charset=utf-8';
    else if (reply.body) headers['Content-Type'] = 'application/json';
    if (reply.signed) {
      Object.assign(headers, this.sign(text, this.forgeAnswer ?? this.o.platformPrivateKey));
      this.forgeAnswer = null;
    }
    res.writeHead(reply.status, headers).end(text);
  }

  /** 401 SIGN_ERROR unless the Authorization header is the merchant's signature over this request. */
  private checkSignature(req: http.IncomingMessage, body: string): Reply | null {
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return err(401, 'SIGN_ERROR', 'no WECHATPAY2 authorization');
    const p: Record<string, string> = {};
    for (const m of auth.slice(26).matchAll(/(\w+)="([^"]*)"/g)) p[m[1]!] = m[2]!;
    if (p.mchid !== this.mchId) return err(401, 'SIGN_ERROR', 'mchid does not match');
    if (p.serial_no !== this.o.merchantSerialNo) return err(401, 'SIGN_ERROR', 'unknown certificate serial');
    if (Math.abs(Date.now() / 1000 - Number(p.timestamp)) > 300) return err(401, 'SIGN_ERROR', 'timestamp expired');
    const message = `${req.method}\n${req.url}\n${p.timestamp}\n${p.nonce_str}\n${body}\n`;
    const ok = crypto
      .createVerify('RSA-SHA256')
      .update(message)
      .verify(this.o.merchantPublicKey, p.signature ?? '', 'base64');
    return ok ? null : err(401, 'SIGN_ERROR', 'signature does not verify');
  }

  private sign(text: string, key: string, ts = Math.floor(Date.now() / 1000)): Record<string, string> {
    const nonce = crypto.randomBytes(16).toString('hex');
    const signature = crypto.createSign('RSA-SHA256').update(`${ts}\n${nonce}\n${text}\n`).sign(key, 'base64');
    return {
      'Wechatpay-Timestamp': String(ts),
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature': signature,
      'Wechatpay-Serial': this.o.platformPublicKeyId,
    };
  }

  private route(method: string, url: URL, raw: string, headers: http.IncomingHttpHeaders): Reply {
    const path = url.pathname;
    let body: Json = {};
    if (method === 'POST') {
      try {
        body = JSON.parse(raw) as Json;
      } catch {
        return err(400, 'PARAM_ERROR', 'body is not JSON');
      }
    }
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v3/pay/transactions/jsapi') return this.prepay(body);
    if (method === 'GET' && (m = /^\/v3\/pay\/transactions\/(out-trade-no|id)\/([^/]+)$/.exec(path))) {
      if (url.searchParams.get('mchid') !== this.mchId) return err(400, 'PARAM_ERROR', 'mchid');
      const no = decodeURIComponent(m[2]!);
      const t = m[1] === 'id' ? [...this.trades.values()].find((x) => x.transaction_id === no) : this.trades.get(no);
      return t ? new Reply(200, this.tradeJson(t)) : err(404, 'ORDER_NOT_EXIST', '订单不存在');
    }
    if (method === 'POST' && path === '/v3/refund/domestic/refunds') return this.refund(body);
    if (method === 'GET' && (m = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(path))) {
      const r = this.refunds.get(decodeURIComponent(m[1]!));
      return r ? new Reply(200, this.refundJson(r)) : err(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
    }
    if (method === 'POST' && path === '/v3/fund-app/mch-transfer/transfer-bills') return this.transfer(body, headers);
    if (method === 'GET' && (m = /^\/v3\/fund-app\/mch-transfer\/transfer-bills\/out-bill-no\/([^/]+)$/.exec(path))) {
      const t = this.transfers.get(decodeURIComponent(m[1]!));
      return t ? new Reply(200, this.transferJson(t)) : err(404, 'NOT_FOUND', '记录不存在');
    }
    if (method === 'GET' && (path === '/v3/bill/tradebill' || path === '/v3/bill/fundflowbill')) {
      const day = url.searchParams.get('bill_date') ?? '';
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return err(400, 'PARAM_ERROR', 'bill_date');
      const account = url.searchParams.get('account_type') ?? 'BASIC';
      if (path === '/v3/bill/fundflowbill' && account !== 'BASIC')
        return err(400, 'NO_STATEMENT_EXIST', '账单文件不存在');
      const csv = path === '/v3/bill/tradebill' ? this.bill(day) : this.fundFlowBill(day);
      if (csv.split('\r\n').length <= 4) return err(400, 'NO_STATEMENT_EXIST', '账单文件不存在');
      const token = crypto.randomBytes(12).toString('hex');
      this.bills.set(token, this.tamperBill ? csv.replace('\r\n`', '\r\n`1') : csv);
      this.tamperBill = false;
      const hash = crypto.createHash('sha1').update(csv).digest('hex');
      return new Reply(200, {
        hash_type: 'SHA1',
        hash_value: hash,
        download_url: `${this.downloadHost ?? this.url}/v3/billdownload/file?token=${token}`,
      });
    }
    if (method === 'GET' && path === '/v3/billdownload/file') {
      const csv = this.bills.get(url.searchParams.get('token') ?? '');
      // The file answer is not signed (documented): the hash of the signed bill answer vouches for it.
      return csv ? new Reply(200, csv, false) : err(400, 'INVALID_REQUEST', 'token');
    }
    return err(404, 'NOT_FOUND', `no such API: ${method} ${path}`);
  }

  private prepay(b: Json): Reply {
    const amount = b.amount as Json | undefined;
    const payer = b.payer as Json | undefined;
    const no = String(b.out_trade_no ?? '');
    if (b.appid !== this.appId || b.mchid !== this.mchId) return err(400, 'APPID_MCHID_NOT_MATCH', 'appid/mchid');
    if (!/^[0-9A-Za-z_*|-]{6,32}$/.test(no) || typeof b.description !== 'string' || !b.description) {
      return err(400, 'PARAM_ERROR', 'out_trade_no / description');
    }
    if (!Number.isInteger(amount?.total) || Number(amount?.total) < 1 || typeof payer?.openid !== 'string') {
      return err(400, 'PARAM_ERROR', 'amount.total / payer.openid');
    }
    if (typeof b.notify_url !== 'string' || !/^https?:\/\/[^?]+$/.test(b.notify_url)) {
      return err(400, 'PARAM_ERROR', 'notify_url');
    }
    const known = this.trades.get(no);
    if (known) {
      if (known.state === 'SUCCESS' || known.state === 'REFUND') return err(400, 'ORDERPAID', '该订单已支付');
      if (known.state !== 'NOTPAY') return err(400, 'ORDER_CLOSED', '订单已关闭');
      if (known.total !== amount!.total || known.openid !== payer.openid) {
        return err(400, 'INVALID_REQUEST', '201 商户订单号重复');
      }
      return new Reply(200, { prepay_id: known.prepay_id });
    }
    const t: Trade = {
      ...{ out_trade_no: no, transaction_id: this.id('42'), prepay_id: `wx${this.id('')}`, description: b.description },
      ...{ notify_url: b.notify_url, openid: payer.openid, total: Number(amount!.total), paid: 0, state: 'NOTPAY' },
    };
    this.trades.set(no, t);
    return new Reply(200, { prepay_id: t.prepay_id });
  }

  private refund(b: Json): Reply {
    const amount = b.amount as Json | undefined;
    const no = String(b.out_refund_no ?? '');
    const known = this.refunds.get(no);
    if (known) return new Reply(200, this.refundJson(known));
    const t = b.transaction_id
      ? [...this.trades.values()].find((x) => x.transaction_id === b.transaction_id)
      : this.trades.get(String(b.out_trade_no));
    if (!t) return err(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    if (t.state !== 'SUCCESS' && t.state !== 'REFUND') return err(403, 'INVALID_REQUEST', '订单未支付');
    if (!/^[0-9A-Za-z_*|@-]{1,64}$/.test(no)) return err(400, 'PARAM_ERROR', 'out_refund_no');
    if (amount?.total !== t.paid) return err(400, 'PARAM_ERROR', '订单金额与原订单不一致');
    const refunded = [...this.refunds.values()].filter((r) => r.trade === t && r.status !== 'CLOSED');
    const left = t.paid - refunded.reduce((s, r) => s + r.refund, 0);
    if (!Number.isInteger(amount.refund) || Number(amount.refund) < 1 || Number(amount.refund) > left) {
      return err(400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
    }
    const r: Refund = {
      ...{ out_refund_no: no, refund_id: this.id('50'), trade: t, refund: Number(amount.refund) },
      ...{ status: 'PROCESSING', notify_url: b.notify_url as string | undefined, create_time: beijing() },
    };
    this.refunds.set(no, r);
    t.state = 'REFUND';
    const end = this.refundFailures.shift() ?? 'SUCCESS';
    // The bank answers a moment later; then the notification.
    this.later(async () => {
      r.status = end;
      if (end === 'SUCCESS') r.success_time = beijing();
      const event = end === 'SUCCESS' ? 'REFUND.SUCCESS' : `REFUND.${end}`;
      if (r.notify_url) await this.notify(r.notify_url, event, 'refund', '退款状态变更', this.refundNotice(r));
    });
    return new Reply(200, this.refundJson(r));
  }

  private transfer(b: Json, headers: http.IncomingHttpHeaders): Reply {
    const no = String(b.out_bill_no ?? '');
    if (b.appid !== this.appId) return err(400, 'PARAM_ERROR', 'appid');
    if (this.transfers.has(no)) return err(400, 'INVALID_REQUEST', '商户单号重复');
    if (!/^[0-9A-Za-z]{5,32}$/.test(no) || typeof b.openid !== 'string' || !b.transfer_scene_id) {
      return err(400, 'PARAM_ERROR', 'out_bill_no / openid / transfer_scene_id');
    }
    if (!Number.isInteger(b.transfer_amount) || Number(b.transfer_amount) < 10) {
      return err(400, 'PARAM_ERROR', 'transfer_amount: at least 0.10 yuan');
    }
    if (!Array.isArray(b.transfer_scene_report_infos) || typeof b.transfer_remark !== 'string') {
      return err(400, 'PARAM_ERROR', 'transfer_scene_report_infos / transfer_remark');
    }
    let userName: string | undefined;
    if (b.user_name !== undefined) {
      if (headers['wechatpay-serial'] !== this.o.platformPublicKeyId)
        return err(400, 'PARAM_ERROR', 'Wechatpay-Serial');
      try {
        userName = crypto
          .privateDecrypt(
            { key: this.o.platformPrivateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
            Buffer.from(String(b.user_name), 'base64'),
          )
          .toString('utf8');
      } catch {
        return err(400, 'PARAM_ERROR', 'user_name is not encrypted with the WeChat Pay public key');
      }
    }
    const refused = this.transferRefusals.shift();
    if (refused) return err(refused === 'NOT_ENOUGH' ? 403 : 400, refused, refused);
    const now = beijing();
    const t: Transfer = {
      ...{ out_bill_no: no, transfer_bill_no: this.id('1330'), openid: b.openid, amount: Number(b.transfer_amount) },
      ...{ state: 'WAIT_USER_CONFIRM', user_name: userName, notify_url: b.notify_url as string | undefined },
      ...{ create_time: now, update_time: now },
    };
    this.transfers.set(no, t);
    const failure = this.transferFailures.shift();
    if (failure) {
      t.state = 'ACCEPTED';
      this.later(() => this.finishTransfer(t, 'FAIL', failure));
    }
    const answer: Json = { out_bill_no: no, transfer_bill_no: t.transfer_bill_no, create_time: now, state: t.state };
    if (t.state === 'WAIT_USER_CONFIRM')
      this.packages.set(no, (answer.package_info = crypto.randomBytes(24).toString('base64')));
    return new Reply(200, answer);
  }

  private async finishTransfer(t: Transfer, state: 'SUCCESS' | 'FAIL', reason?: string): Promise<void> {
    t.state = state;
    t.fail_reason = reason;
    t.update_time = beijing();
    const r = this.transferJson(t);
    if (t.notify_url)
      await this.notify(t.notify_url, 'MCHTRANSFER.BILL.FINISHED', 'mch_payment', '商家转账单据终态通知', r);
  }

  private tradeJson(t: Trade): Json {
    return {
      ...{ appid: this.appId, mchid: this.mchId, out_trade_no: t.out_trade_no, trade_type: 'JSAPI' },
      ...{ trade_state: t.state, trade_state_desc: t.state, payer: { openid: t.openid } },
      ...(t.state === 'NOTPAY' ? {} : { transaction_id: t.transaction_id, success_time: t.success_time }),
      amount: {
        total: t.state === 'NOTPAY' ? t.total : t.paid,
        payer_total: t.paid,
        currency: 'CNY',
        payer_currency: 'CNY',
      },
    };
  }
  private refundJson(r: Refund): Json {
    return {
      ...{ refund_id: r.refund_id, out_refund_no: r.out_refund_no, transaction_id: r.trade.transaction_id },
      ...{ out_trade_no: r.trade.out_trade_no, channel: 'ORIGINAL', user_received_account: '支付用户零钱' },
      ...{ create_time: r.create_time, success_time: r.success_time, status: r.status, funds_account: 'AVAILABLE' },
      amount: { total: r.trade.paid, refund: r.refund, payer_total: r.trade.paid, payer_refund: r.refund },
    };
  }
  private refundNotice(r: Refund): Json {
    const { status, ...rest } = this.refundJson(r);
    return { ...rest, mchid: this.mchId, refund_status: status };
  }
  private transferJson(t: Transfer): Json {
    return {
      ...{ mch_id: this.mchId, out_bill_no: t.out_bill_no, transfer_bill_no: t.transfer_bill_no, appid: this.appId },
      ...{ state: t.state, transfer_amount: t.amount, transfer_remark: 'withdrawal', openid: t.openid },
      ...{ create_time: t.create_time, update_time: t.update_time },
      ...(t.fail_reason ? { fail_reason: t.fail_reason } : {}),
    };
  }

  /** Posts a signed notification whose resource is encrypted with the APIv3 key. */
  private async notify(to: string, eventType: string, type: string, summary: string, resource: Json): Promise<void> {
    const nonce = crypto.randomBytes(6).toString('hex');
    const ad = type;
    const c = crypto.createCipheriv('aes-256-gcm', Buffer.from(this.o.apiV3Key), Buffer.from(nonce));
    c.setAAD(Buffer.from(ad));
    const sealed = Buffer.concat([c.update(JSON.stringify(resource), 'utf8'), c.final(), c.getAuthTag()]);
    const body = JSON.stringify({
      ...{ id: crypto.randomUUID(), create_time: beijing(), resource_type: 'encrypt-resource', event_type: eventType },
      summary,
      resource: {
        original_type: type,
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: sealed.toString('base64'),
        associated_data: ad,
        nonce,
      },
    });
    const forged = this.forgeNotification !== null;
    const ts = Math.floor(Date.now() / 1000) - (this.stale > 0 ? 600 : 0);
    if (this.stale > 0) this.stale--;
    const headers = {
      'Content-Type': 'application/json',
      ...this.sign(body, this.forgeNotification ?? this.o.platformPrivateKey, ts),
    };
    this.forgeNotification = null;
    const times = this.drop > 0 ? 0 : this.duplicate > 0 ? 2 : 1;
    if (this.drop > 0) this.drop--;
    else if (this.duplicate > 0) this.duplicate--;
    const record = (answer: number) => this.sent.push({ eventType, resource, headers, body, answer, forged });
    if (times === 0) record(0);
    for (let i = 0; i < times; i++) {
      const answer = await fetch(to, { method: 'POST', headers, body, signal: AbortSignal.timeout(5000) }).then(
        async (r) => (await r.arrayBuffer(), r.status),
        () => -1,
      );
      record(answer);
    }
  }

  private later(fn: () => Promise<void>): void {
    const p: Promise<void> = new Promise<void>((r) => setTimeout(r, 10))
      .then(fn)
      .catch(() => undefined)
      .finally(() => this.tasks.delete(p));
    this.tasks.add(p);
  }

  private id(prefix: string): string {
    return `${prefix}${Date.now()}${String(++this.seq).padStart(6, '0')}`.slice(0, 32);
  }
}

function otherKey(): string {
  return crypto
    .generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
}

/** The merchant settings the adapter needs to talk to this emulator. */
export function wechatMerchantFor(em: WechatPayEmulator, keys: WechatPayKeys, notifyUrl: string): WechatPayMerchant {
  return {
    mchId: em.mchId,
    appId: em.appId,
    merchantSerialNo: keys.merchant.serialNo,
    merchantPrivateKey: keys.merchant.privateKey,
    apiV3Key: keys.apiV3Key,
    platformPublicKeyId: keys.platform.publicKeyId,
    platformPublicKey: keys.platform.publicKey,
    notifyUrl,
    baseUrl: em.url,
  };
}
