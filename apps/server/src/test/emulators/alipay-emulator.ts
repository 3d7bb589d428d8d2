import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  cents,
  readPrivateKey,
  readPublicKey,
  rsa2Sign,
  rsa2Verify,
  signContent,
} from '../../modules/order/providers/alipay-support.js';
import { billZip, type BillRow } from './alipay-emulator-bill.js';
import { alipayMethods, type Answer } from './alipay-emulator-methods.js';
import { freezeNotice, tradeNotice, transferNotice } from './alipay-emulator-notices.js';
import {
  chinaTime,
  type Freeze,
  type FreezeOperation,
  type Refund,
  type SentNotification,
  type Trade,
  type Transfer,
} from './alipay-emulator-types.js';

export * from './alipay-emulator-types.js';

/**
 * A local Alipay open platform gateway, written from Alipay's public documentation: it checks each
 * request's RSA2 signature with the application's public key (a bad one answers 40002
 * isv.invalid-signature), answers `{"<method>_response": {...}, "sign": "..."}` signed with Alipay's
 * key, keeps trades, refunds, freezes and transfers, posts signed notifications to the notify_url a
 * request gave, and serves the day's trade bill zip. Tests drive the customer's side (open the order
 * string in the wallet, pay, confirm a freeze) and plant faults.
 */
export class AlipayEmulator {
  readonly appId: string;
  readonly pid = '2088' + String(crypto.randomInt(1e11, 1e12));
  readonly trades = new Map<string, Trade>();
  readonly refunds: Refund[] = [];
  readonly freezes = new Map<string, Freeze>();
  readonly transfers = new Map<string, Transfer>();
  /** Service fee per ten thousand (0.6%: 60). */
  feeRate = 60;
  private readonly appKey: crypto.KeyObject;
  private readonly alipayKey: crypto.KeyObject;
  private readonly server = http.createServer((req, res) => void this.handle(req, res));
  private readonly sent: SentNotification[] = [];
  private readonly transferFailures: string[] = [];
  private readonly billTokens = new Map<string, string>();
  private seq = 0;
  private readonly inflight = new Set<Promise<void>>();
  /** Milliseconds between a request's answer and its notification. */
  notifyDelayMs = 0;
  private drop = 0;
  private duplicate = 0;
  private forge = 0;
  private badSign = 0;

  constructor(opts: { appPublicKey: string; alipayPrivateKey: string; appId?: string }) {
    this.appId = opts.appId ?? '2021' + String(crypto.randomInt(1e11, 1e12));
    this.appKey = readPublicKey(opts.appPublicKey);
    this.alipayKey = readPrivateKey(opts.alipayPrivateKey);
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }
  async close(): Promise<void> {
    await this.flush();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
  get base(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  get gateway(): string {
    return `${this.base}/gateway.do`;
  }

  /** Alipay's number for something new (trade_no, auth_no, order_id): date and a sequence. */
  nextNo(): string {
    return chinaTime(new Date()).replace(/\D/g, '').slice(0, 8) + '2200' + String(++this.seq).padStart(12, '0');
  }

  // ---- the customer's and the test's side -------------------------------------------------------

  /**
   * The customer's wallet opens an order string (alipay.trade.app.pay or
   * alipay.fund.auth.order.app.freeze): Alipay checks its signature and holds the trade or freeze
   * waiting for the customer. Answers our number of it.
   */
  openOrder(orderStr: string, payerId = '2088' + String(crypto.randomInt(1e11, 1e12))): string {
    const p = Object.fromEntries(new URLSearchParams(orderStr));
    if (p.app_id !== this.appId || !p.sign || !rsa2Verify(signContent(p, ['sign']), p.sign, this.appKey)) {
      throw new Error('alipay emulator: the order string does not verify (isv.invalid-signature)');
    }
    const biz = JSON.parse(p.biz_content ?? '{}') as Record<string, string>;
    if (p.method === 'alipay.trade.app.pay') {
      const known = this.trades.get(biz.out_trade_no!);
      if (known) return known.outTradeNo;
      this.trades.set(biz.out_trade_no!, this.newTrade(biz, payerId, p.notify_url ?? ''));
      return biz.out_trade_no!;
    }
    if (p.method === 'alipay.fund.auth.order.app.freeze') {
      if (this.freezes.has(biz.out_order_no!)) return biz.out_order_no!;
      const amount = cents(biz.amount);
      const op: FreezeOperation = {
        operationId: this.nextNo(),
        outRequestNo: biz.out_request_no!,
        type: 'FREEZE',
        amount,
        status: 'INIT',
        at: new Date(),
      };
      const f: Freeze = {
        authNo: this.nextNo(),
        outOrderNo: biz.out_order_no!,
        amount,
        rest: 0,
        paid: 0,
        status: 'INIT',
        payerId,
        notifyUrl: p.notify_url ?? '',
        operations: [op],
      };
      this.freezes.set(f.outOrderNo, f);
      return f.outOrderNo;
    }
    throw new Error(`alipay emulator: the wallet does not open ${p.method}`);
  }

  newTrade(biz: Record<string, string>, buyerId: string, notifyUrl: string): Trade {
    const amount = cents(biz.total_amount);
    const subject = biz.subject ?? '';
    return {
      tradeNo: this.nextNo(),
      outTradeNo: biz.out_trade_no!,
      amount,
      paid: 0,
      status: 'WAIT_BUYER_PAY',
      subject,
      buyerId,
      notifyUrl,
      createdAt: new Date(),
      refunded: 0,
    };
  }

  /** Our number, or the order string the app handed to the wallet (opened first: the customer opens it to pay). */
  private orderNo(noOrOrderStr: string): string {
    return noOrOrderStr.includes('biz_content=') ? this.openOrder(noOrOrderStr) : noOrOrderStr;
  }

  /** The customer pays a waiting trade (`amount`: what Alipay took, when a test plants a difference); Alipay notifies. */
  async pay(outTradeNoOrOrderStr: string, opts: { amount?: number } = {}): Promise<void> {
    const outTradeNo = this.orderNo(outTradeNoOrOrderStr);
    const t = this.trades.get(outTradeNo);
    if (!t || t.status !== 'WAIT_BUYER_PAY')
      throw new Error(`alipay emulator: no trade waiting for payment: ${outTradeNo}`);
    t.status = 'TRADE_SUCCESS';
    t.paid = opts.amount ?? t.amount;
    t.paidAt = new Date();
    await this.notifyTrade(t);
  }

  /** The customer never paid: Alipay closes the waiting trade when its time runs out (no notification). */
  closeTrade(outTradeNo: string): void {
    const t = this.trades.get(outTradeNo);
    if (!t || t.status !== 'WAIT_BUYER_PAY')
      throw new Error(`alipay emulator: no trade waiting for payment: ${outTradeNo}`);
    t.status = 'TRADE_CLOSED';
  }

  /** The customer confirms a freeze in the wallet: the amount is frozen, Alipay notifies fund_auth_freeze. */
  async grantFreeze(outOrderNoOrOrderStr: string): Promise<void> {
    const outOrderNo = this.orderNo(outOrderNoOrOrderStr);
    const f = this.freezes.get(outOrderNo);
    if (!f || f.status !== 'INIT') throw new Error(`alipay emulator: no freeze waiting: ${outOrderNo}`);
    const op = f.operations[0]!;
    op.status = 'SUCCESS';
    op.at = new Date();
    f.status = 'AUTHORIZED';
    f.rest = f.amount;
    await this.notifyFreeze(f, op);
  }

  /** A refund made in the merchant portal, which our system never asked for (it appears in the bill). */
  refundAtCompanyOnly(outTradeNo: string, amount: number, outRequestNo = 'PORTAL' + String(++this.seq)): Refund {
    const t = this.trades.get(outTradeNo);
    if (!t || t.status !== 'TRADE_SUCCESS' || t.refunded + amount > t.paid)
      throw new Error('alipay emulator: nothing to refund');
    const r: Refund = { tradeNo: t.tradeNo, outTradeNo, outRequestNo, amount, at: new Date() };
    t.refunded += amount;
    if (t.refunded === t.paid) t.status = 'TRADE_CLOSED';
    this.refunds.push(r);
    return r;
  }

  duplicateNext(): void {
    this.duplicate++;
  }
  dropNextNotification(): void {
    this.drop++;
  }
  /** The next notification is altered after it was signed (its amount): its sign no longer verifies. */
  forgeNextNotification(): void {
    this.forge++;
  }
  /** The next answer of the gateway carries a sign that is not Alipay's. */
  badSignNextAnswer(): void {
    this.badSign++;
  }
  /** The next transfer fails with this sub_code (PAYEE_NOT_EXIST, PAYER_BALANCE_NOT_ENOUGH, …). */
  failNextTransfer(subCode: string): void {
    this.transferFailures.push(subCode);
  }
  takeTransferFailure(): string | undefined {
    return this.transferFailures.shift();
  }
  notifications(): SentNotification[] {
    return this.sent;
  }

  /** The day's bill rows (China date): payments on the day they were paid, refunds on theirs. */
  billRows(day: string): BillRow[] {
    const on = (d: Date | undefined) => !!d && chinaTime(d).startsWith(day);
    const fee = (amount: number) => Math.round((amount * this.feeRate) / 10_000);
    const rows: BillRow[] = [];
    for (const t of this.trades.values()) {
      if (!on(t.paidAt)) continue;
      rows.push({
        kind: '交易',
        tradeNo: t.tradeNo,
        outTradeNo: t.outTradeNo,
        subject: t.subject,
        createdAt: chinaTime(t.createdAt),
        doneAt: chinaTime(t.paidAt!),
        buyer: t.buyerId,
        amount: t.paid,
        fee: fee(t.paid),
      });
    }
    for (const r of this.refunds) {
      if (!on(r.at)) continue;
      const t = this.trades.get(r.outTradeNo)!;
      rows.push({
        kind: '退款',
        tradeNo: r.tradeNo,
        outTradeNo: r.outTradeNo,
        outRequestNo: r.outRequestNo,
        subject: t.subject,
        createdAt: chinaTime(t.createdAt),
        doneAt: chinaTime(r.at),
        buyer: t.buyerId,
        amount: r.amount,
        fee: fee(r.amount),
      });
    }
    return rows;
  }

  billUrl(day: string): string {
    const token = crypto.randomBytes(8).toString('hex');
    this.billTokens.set(token, day);
    return `${this.base}/downloadFile?bizType=trade&token=${token}`;
  }

  // ---- notifications --------------------------------------------------------------------------

  async notifyTrade(t: Trade, refund?: Refund): Promise<void> {
    await this.notify(t.notifyUrl, tradeNotice(t, refund));
  }
  async notifyFreeze(f: Freeze, op: FreezeOperation): Promise<void> {
    await this.notify(f.notifyUrl, freezeNotice(f, op));
  }
  async notifyTransfer(url: string, t: Transfer): Promise<void> {
    await this.notify(url, transferNotice(t));
  }

  /**
   * Signs (every parameter but sign and sign_type) and posts a notification, unless told to drop it.
   * Like Alipay's, it is sent apart from the answer of the request that caused it (a moment later,
   * never holding that answer back); `flush()` waits for every one under way.
   */
  private notify(url: string, fields: Record<string, string>): Promise<void> {
    if (!url) return Promise.resolve();
    const params: Record<string, string> = {
      notify_time: chinaTime(new Date()),
      notify_id: crypto.randomUUID().replaceAll('-', ''),
      app_id: this.appId,
      charset: 'utf-8',
      version: '1.0',
      ...fields,
      sign_type: 'RSA2',
    };
    params.sign = rsa2Sign(signContent(params, ['sign', 'sign_type']), this.alipayKey);
    const forged = this.forge > 0 && !!this.forge--;
    if (forged) {
      // Altered after signing: the amount (a transfer message's inside its biz_content).
      for (const k of ['total_amount', 'amount'] as const) if (k in params) params[k] = '99999.00';
      params.biz_content &&= params.biz_content.replace(/"trans_amount":"[^"]*"/, '"trans_amount":"99999.00"');
    }
    const body = new URLSearchParams(params).toString();
    const dropped = this.drop > 0 && !!this.drop--;
    const record: SentNotification = { url, params, body, dropped, forged, replies: [] };
    this.sent.push(record);
    if (dropped) return Promise.resolve();
    const times = this.duplicate > 0 && this.duplicate-- ? 2 : 1;
    const delivery = (async () => {
      await new Promise((r) => setTimeout(r, this.notifyDelayMs));
      for (let i = 0; i < times; i++) {
        try {
          const res = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
            body,
          });
          record.replies.push(await res.text());
        } catch (e) {
          record.replies.push(`error: ${(e as Error).message}`);
        }
      }
    })();
    this.inflight.add(delivery);
    void delivery.finally(() => this.inflight.delete(delivery));
    return delivery;
  }

  /** Waits until every notification under way was delivered (and answered). */
  async flush(): Promise<void> {
    while (this.inflight.size) await Promise.all([...this.inflight]);
  }

  // ---- the gateway ----------------------------------------------------------------------------

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.base);
    if (req.method === 'GET' && url.pathname === '/downloadFile') {
      const day = this.billTokens.get(url.searchParams.get('token') ?? '');
      if (!day) return void res.writeHead(404).end();
      const zip = await billZip(this.pid, day, this.billRows(day));
      return void res.writeHead(200, { 'content-type': 'application/zip' }).end(zip);
    }
    if (req.method !== 'POST' || url.pathname !== '/gateway.do') return void res.writeHead(404).end();
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body: Record<string, string> = (req.headers['content-type'] ?? '').includes('json')
      ? (JSON.parse(raw || '{}') as Record<string, string>)
      : Object.fromEntries(new URLSearchParams(raw));
    const p: Record<string, string> = { ...Object.fromEntries(url.searchParams), ...body };
    const method = p.method ?? '';
    const answer = this.answer(method, p);
    const json = JSON.stringify(await answer);
    const key =
      this.badSign > 0 && this.badSign--
        ? crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
        : this.alipayKey;
    const text = `{"${method.replaceAll('.', '_') || 'error'}_response":${json},"sign":"${rsa2Sign(json, key)}"}`;
    res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' }).end(text);
  }

  private async answer(method: string, p: Record<string, string>): Promise<Answer> {
    const invalid = (sub: string, msg: string): Answer => ({
      code: '40002',
      msg: 'Invalid Arguments',
      sub_code: sub,
      sub_msg: msg,
    });
    if (p.app_id !== this.appId) return invalid('isv.invalid-app-id', '无效的AppID参数');
    if (p.sign_type !== 'RSA2') return invalid('isv.invalid-signature-type', '无效的签名类型');
    if (!p.sign || !rsa2Verify(signContent(p, ['sign']), p.sign, this.appKey)) {
      return invalid(
        'isv.invalid-signature',
        `验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配，网关生成的验签字符串为：${signContent(p, ['sign'])}`,
      );
    }
    const at = Date.parse((p.timestamp ?? '').replace(' ', 'T') + '+08:00');
    if (!Number.isFinite(at) || Math.abs(Date.now() - at) > 15 * 60_000)
      return invalid('isv.invalid-timestamp', '非法的时间戳参数');
    const handler = alipayMethods[method];
    if (!handler) return invalid('isv.invalid-method', '不存在的方法名');
    let biz: Record<string, unknown>;
    try {
      biz = JSON.parse(p.biz_content ?? '{}') as Record<string, unknown>;
    } catch {
      return invalid('isv.invalid-parameter', 'biz_content 不是 JSON');
    }
    return handler(this, biz, p.notify_url ?? '');
  }
}
