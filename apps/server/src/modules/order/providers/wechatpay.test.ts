import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_FAILURE_REASONS } from '@cbo/contract';
import { providerNo, type PaymentOutcome, type SignedNotification } from '../payments.js';
import {
  WechatPayEmulator,
  makeWechatPayKeys,
  wechatMerchantFor,
  type WechatPayKeys,
} from '../../../test/emulators/wechatpay-emulator.js';
import { WechatPayProvider, checkWechatPayMerchant, type WechatPayMerchant } from './wechatpay.js';
import { decryptResource } from './wechatpay-crypto.js';
import { parseFundFlowBill, parseTradeBill, yuanToCents } from './wechatpay-wire.js';

/** Our notification route in small: what arrives is verified by the adapter, answered as it says. */
class NotifyReceiver {
  readonly received: { n: SignedNotification; outcome: PaymentOutcome | null; status: number }[] = [];
  url = '';
  provider: WechatPayProvider | null = null;
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
      const n: SignedNotification = { payload: Buffer.concat(chunks).toString('utf8'), signature: '', headers };
      void Promise.resolve(this.provider!.verify(n)).then((outcome) => {
        const reply = this.provider!.notifyReply(outcome !== null);
        this.received.push({ n, outcome, status: reply.status });
        res.writeHead(reply.status, { 'Content-Type': reply.contentType }).end(reply.body);
      });
    });
  });
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/pay/notify/wechatpay`;
  }
  close() {
    return new Promise<void>((r) => this.server.close(() => r()));
  }
  outcomesFor(key: string) {
    return this.received.filter((x) => x.outcome?.key === key).map((x) => x.outcome);
  }
}

const beijingDay = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
let no = 0;
const key = (what: string) => providerNo(`${what}-${process.pid}-${Date.now()}-${++no}`);

describe('WeChat Pay API v3 adapter against the emulator', () => {
  let keys: WechatPayKeys;
  let em: WechatPayEmulator;
  let merchant: WechatPayMerchant;
  let wx: WechatPayProvider;
  const rx = new NotifyReceiver();

  beforeAll(async () => {
    keys = makeWechatPayKeys();
    em = new WechatPayEmulator({
      merchantPublicKey: keys.merchant.publicKey,
      merchantSerialNo: keys.merchant.serialNo,
      platformPrivateKey: keys.platform.privateKey,
      platformPublicKeyId: keys.platform.publicKeyId,
      apiV3Key: keys.apiV3Key,
    });
    await em.start();
    await rx.start();
    merchant = wechatMerchantFor(em, keys, rx.url);
    wx = new WechatPayProvider(merchant);
    rx.provider = wx;
  });
  afterAll(async () => {
    await em.close();
    await rx.close();
  });

  /** A JSAPI charge of `amount` the customer has not paid yet. */
  async function prepay(amount: number) {
    const k = key('charge');
    const out = await wx.charge({ key: k, amount, userId: 1, description: 'Power bank rental', payerId: 'oUser1' });
    expect(out).toMatchObject({ key: k, op: 'charge', status: 'pending', amount });
    return { k, out };
  }

  it('prepays with requestPayment parameters signed by the merchant; paying notifies; asking again answers succeeded', async () => {
    const { k, out } = await prepay(1500);
    const p = out.payParams!;
    expect(p).toMatchObject({ appId: merchant.appId, signType: 'RSA', package: `prepay_id=${em.trade(k)!.prepay_id}` });
    const msg = `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`;
    expect(crypto.createVerify('RSA-SHA256').update(msg).verify(keys.merchant.publicKey, p.paySign!, 'base64')).toBe(
      true,
    );
    // Asked again before paying: pending, the same prepay_id (WeChat Pay answers the same one).
    const again = await wx.charge({
      key: k,
      amount: 1500,
      userId: 1,
      description: 'Power bank rental',
      payerId: 'oUser1',
    });
    expect(again.status).toBe('pending');
    expect(again.payParams!.package).toBe(p.package);

    await em.pay(k);
    const reference = em.trade(k)!.transaction_id;
    expect(rx.outcomesFor(k)).toEqual([{ key: k, op: 'charge', status: 'succeeded', amount: 1500, reference }]);
    expect(rx.received.at(-1)!.status).toBe(204);
    const sent = em.notifications().at(-1)!;
    expect(sent).toMatchObject({ eventType: 'TRANSACTION.SUCCESS', answer: 204 });
    // The notification really is encrypted: its body holds no order number in the clear.
    expect(sent.body).not.toContain(k);
    const after = await wx.charge({
      key: k,
      amount: 1500,
      userId: 1,
      description: 'Power bank rental',
      payerId: 'oUser1',
    });
    expect(after).toEqual({ key: k, op: 'charge', status: 'succeeded', amount: 1500, reference });
    expect(await wx.query(k, 'charge')).toEqual(after);
  });

  it('a notification sent twice gives the same outcome twice; a dropped one is found by query', async () => {
    const a = await prepay(800);
    em.duplicateNext();
    await em.pay(a.k);
    const twice = rx.outcomesFor(a.k);
    expect(twice).toHaveLength(2);
    expect(twice[0]).toEqual(twice[1]);
    expect(twice[0]).toMatchObject({ status: 'succeeded', amount: 800 });

    const b = await prepay(900);
    em.dropNextNotification();
    await em.pay(b.k);
    expect(rx.outcomesFor(b.k)).toEqual([]);
    expect(em.notifications().at(-1)).toMatchObject({ answer: 0 });
    expect(await wx.query(b.k, 'charge')).toMatchObject({ key: b.k, status: 'succeeded', amount: 900 });
    expect(await wx.query(b.k)).toMatchObject({ key: b.k, op: 'charge', status: 'succeeded' });
    expect(await wx.query(key('never'), 'charge')).toBeNull();
    expect(await wx.query(key('never'), 'refund')).toBeNull();
    expect(await wx.query(key('never'), 'payout')).toBeNull();
    expect(await wx.query(key('never'))).toBeNull();
  });

  it('refuses a forged, a stale, a tampered and a replayed-elsewhere notification before reading it', async () => {
    const { k } = await prepay(700);
    const before = rx.received.length;
    em.forgeNextNotification();
    await em.pay(k);
    expect(rx.received.slice(before)).toMatchObject([{ outcome: null, status: 400 }]);
    expect(JSON.parse(em.notifications().at(-1)!.body)).toMatchObject({ event_type: 'TRANSACTION.SUCCESS' });
    expect(em.notifications().at(-1)).toMatchObject({ forged: true, answer: 400 });

    const s = await prepay(600);
    em.staleNextNotification();
    await em.pay(s.k);
    const stale = rx.received.at(-1)!;
    expect(stale.outcome).toBeNull();
    // The same notification would verify with a clock ten minutes back: only its age refused it.
    const back = new WechatPayProvider(merchant, { now: () => Date.now() - 600_000 });
    expect(back.verify(stale.n)).toMatchObject({ key: s.k, status: 'succeeded' });

    const n = rx.received.find((x) => x.outcome !== null)!.n;
    expect(wx.verify(n)).not.toBeNull();
    const body = JSON.parse(n.payload) as { resource: { ciphertext: string } };
    const flipped = Buffer.from(body.resource.ciphertext, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    body.resource.ciphertext = flipped.toString('base64');
    expect(wx.verify({ ...n, payload: JSON.stringify(body) })).toBeNull();
    expect(wx.verify({ ...n, payload: n.payload + ' ' })).toBeNull();
    expect(wx.verify({ ...n, headers: { ...n.headers, 'wechatpay-serial': 'PUB_KEY_ID_OTHER' } })).toBeNull();
    expect(wx.verify({ ...n, headers: {} })).toBeNull();
    // Another merchant's APIv3 key cannot read it, even though the signature verifies.
    const otherKey = new WechatPayProvider({ ...merchant, apiV3Key: 'x'.repeat(32) });
    expect(otherKey.verify(n)).toBeNull();
    // Another merchant number's notification (same keys, another account) is not ours to read.
    expect(new WechatPayProvider({ ...merchant, mchId: '1900000999' }).verify(n)).toBeNull();
    expect(wx.notifyReply(false)).toMatchObject({
      status: 400,
      body: JSON.stringify({ code: 'FAIL', message: 'notification refused' }),
    });
    expect(wx.notifyReply(true).status).toBe(204);
  });

  it('throws on an answer signed with another key, and never reads it', async () => {
    em.forgeNextAnswer();
    await expect(wx.query(key('x'), 'charge')).rejects.toThrow(/ANSWER_NOT_VERIFIED/);
    const wrongId = new WechatPayProvider({ ...merchant, platformPublicKeyId: 'PUB_KEY_ID_0000' });
    await expect(wrongId.query(key('x'), 'charge')).rejects.toThrow(/serial/);
  });

  it('the emulator refuses a request signed with another merchant key, or whose body changed on the way', async () => {
    const other = makeWechatPayKeys();
    const wrong = new WechatPayProvider({ ...merchant, merchantPrivateKey: other.merchant.privateKey });
    await expect(
      wrong.charge({ key: key('c'), amount: 100, userId: 1, description: 'x', payerId: 'o' }),
    ).rejects.toThrow(/401 SIGN_ERROR/);
    const tamper: typeof fetch = (url, init) =>
      fetch(url, {
        ...init,
        body: typeof init?.body === 'string' ? init.body.replace('"total":100', '"total":1') : init?.body,
      });
    const tampered = new WechatPayProvider(merchant, { fetch: tamper });
    const k = key('c');
    await expect(tampered.charge({ key: k, amount: 100, userId: 1, description: 'x', payerId: 'o' })).rejects.toThrow(
      /401 SIGN_ERROR/,
    );
    expect(em.trade(k)).toBeUndefined();
  });

  it('reports what WeChat Pay says was paid when it differs from the order', async () => {
    const { k } = await prepay(1000);
    await em.pay(k, { amount: 999 });
    expect(rx.outcomesFor(k)[0]).toMatchObject({ status: 'succeeded', amount: 999 });
    expect(await wx.query(k, 'charge')).toMatchObject({ amount: 999 });
  });

  it('refunds part of a charge twice, each with its notification, and not more than was paid', async () => {
    const { k } = await prepay(2000);
    await em.pay(k);
    const charge = (await wx.query(k, 'charge'))!;
    const r1 = key('refund');
    const first = await wx.refund({ key: r1, amount: 500, chargeReference: charge.reference, chargeAmount: 2000 });
    expect(first).toMatchObject({ key: r1, op: 'refund', status: 'pending', amount: 500 });
    // Without the charge's amount the adapter looks it up.
    const r2 = key('refund');
    expect(await wx.refund({ key: r2, amount: 700, chargeReference: charge.reference })).toMatchObject({
      status: 'pending',
    });
    await em.idle();
    expect(rx.outcomesFor(r1)).toEqual([
      { key: r1, op: 'refund', status: 'succeeded', amount: 500, reference: first.reference },
    ]);
    expect(rx.outcomesFor(r2)).toMatchObject([{ status: 'succeeded', amount: 700 }]);
    expect(await wx.query(r1, 'refund')).toMatchObject({ status: 'succeeded', amount: 500 });
    // Asked again with the same key: the same refund, nothing more refunded.
    expect(
      await wx.refund({ key: r1, amount: 500, chargeReference: charge.reference, chargeAmount: 2000 }),
    ).toMatchObject({
      status: 'succeeded',
      reference: first.reference,
    });
    const over = await wx.refund({
      key: key('refund'),
      amount: 900,
      chargeReference: charge.reference,
      chargeAmount: 2000,
    });
    expect(over).toMatchObject({ status: 'failed', failure: 'INVALID_REQUEST' });

    // A charge WeChat Pay never saw cannot be refunded: a final failure, by lookup or by the refund call.
    const unknown = { key: key('refund'), amount: 100, chargeReference: '4200000000000000000000000000' };
    expect(await wx.refund(unknown)).toMatchObject({ status: 'failed', failure: 'ORDER_NOT_EXIST' });
    expect(await wx.refund({ ...unknown, chargeAmount: 100 })).toMatchObject({
      status: 'failed',
      failure: 'RESOURCE_NOT_EXISTS',
    });

    em.failNextRefund('ABNORMAL');
    const r3 = key('refund');
    await wx.refund({ key: r3, amount: 100, chargeReference: charge.reference, chargeAmount: 2000 });
    await em.idle();
    expect(rx.outcomesFor(r3)).toMatchObject([{ op: 'refund', status: 'failed', failure: 'ABNORMAL' }]);
  });

  it('pays out by merchant transfer: the payee confirms, and failures map to the contract reasons', async () => {
    const k = key('payout');
    const out = await wx.payout({ key: k, amount: 5000, payee: 'oPartner1', payeeName: '张三' });
    expect(out).toMatchObject({ key: k, op: 'payout', status: 'pending', amount: 5000 });
    expect(out.payParams).toMatchObject({ mchId: merchant.mchId, appId: merchant.appId });
    expect(out.payParams!.package).toBeTruthy();
    // Asked again: the same transfer, not a second one.
    expect(await wx.payout({ key: k, amount: 5000, payee: 'oPartner1', payeeName: '张三' })).toMatchObject({
      status: 'pending',
      reference: out.reference,
    });
    // The payee's name travelled encrypted with the WeChat Pay public key, and the emulator read it back.
    expect(em.transferBill(k)?.user_name).toBe('张三');
    expect(JSON.stringify(em.transferBill(k))).not.toContain(out.payParams!.package);
    await em.confirmTransfer(k);
    expect(rx.outcomesFor(k)).toEqual([
      { key: k, op: 'payout', status: 'succeeded', amount: 5000, reference: out.reference },
    ]);
    expect(await wx.query(k, 'payout')).toMatchObject({ status: 'succeeded' });

    const cases: [string, string][] = [
      ['ACCOUNT_FROZEN', 'accountFrozen'],
      ['NAME_NOT_CORRECT', 'nameMismatch'],
      ['SOMETHING_NEW', 'systemException'],
    ];
    for (const [reason, mapped] of cases) {
      em.failNextTransfer(reason);
      const f = key('payout');
      expect(await wx.payout({ key: f, amount: 300, payee: 'oPartner2' })).toMatchObject({ status: 'pending' });
      await em.idle();
      expect(rx.outcomesFor(f)).toMatchObject([{ status: 'failed', failure: mapped }]);
      expect(await wx.query(f, 'payout')).toMatchObject({ status: 'failed', failure: mapped });
      expect(PAYOUT_FAILURE_REASONS).toContain(mapped);
    }
    em.refuseNextTransfer('NOT_ENOUGH');
    expect(await wx.payout({ key: key('payout'), amount: 300, payee: 'oPartner2' })).toMatchObject({
      status: 'failed',
      failure: 'insufficientBalance',
    });
  });

  it('gives up on an answer that does not come in time (the outcome is then unknown: the sweep queries)', async () => {
    const impatient = new WechatPayProvider(merchant, { timeoutMs: 100 });
    em.delayNextAnswer(1000);
    await expect(impatient.query(key('slow'), 'charge')).rejects.toThrow(/timeout|abort/i);
  });

  it('hands a notification received over HTTP to the engine', async () => {
    const got: SignedNotification[] = [];
    const p = new WechatPayProvider(merchant);
    p.onNotify((n) => Promise.resolve(void got.push(n)));
    const n = rx.received[0]!.n;
    await p.receive(n);
    expect(got).toEqual([n]);
  });

  it('answers unsupported for credit deductions and pre-authorization', async () => {
    const k = key('d');
    expect(await wx.charge({ key: k, amount: 100, userId: 1, description: 'x', deferred: true })).toMatchObject({
      status: 'failed',
      failure: 'unsupported',
    });
    expect(em.trade(k)).toBeUndefined();
    expect(await wx.authorize({ key: k, amount: 9900, userId: 1, description: 'x' })).toMatchObject({
      op: 'freeze',
      failure: 'unsupported',
    });
    expect(await wx.captureAuthorization({ key: k, amount: 1, authReference: 'a', description: 'x' })).toMatchObject({
      failure: 'unsupported',
    });
    expect(await wx.releaseAuthorization({ key: k, amount: 1, authReference: 'a' })).toMatchObject({
      failure: 'unsupported',
    });
    expect(await wx.query(k, 'freeze')).toBeNull();
  });

  it("states the day from WeChat Pay's trade bill: payments, refunds (ours and the company's own), fees", async () => {
    const { k } = await prepay(12345);
    await em.pay(k);
    const charge = (await wx.query(k, 'charge'))!;
    const r = key('refund');
    await wx.refund({ key: r, amount: 2345, chargeReference: charge.reference, chargeAmount: 12345 });
    await em.idle();
    const platformOnly = em.refundAtCompanyOnly(k, 1000);
    const p = key('payout');
    const paidOut = await wx.payout({ key: p, amount: 4321, payee: 'oPartner3' });
    await em.confirmTransfer(p);
    const lines = await wx.statement(beijingDay());
    expect(lines.filter((l) => l.key === p)).toEqual([
      {
        key: p,
        op: 'payout',
        reference: paidOut.reference,
        amount: 4321,
        fee: 0,
        at: expect.any(String),
        status: 'succeeded',
      },
    ]);
    // Payments and refunds come from the trade bill only (the fund-flow bill lists them too).
    expect(lines.filter((l) => l.key === k)).toHaveLength(1);
    expect(lines.find((l) => l.key === k)).toMatchObject({
      op: 'charge',
      amount: 12345,
      fee: 74,
      status: 'succeeded',
      reference: charge.reference,
    });
    expect(lines.find((l) => l.key === r)).toMatchObject({ op: 'refund', amount: 2345, fee: 14, status: 'succeeded' });
    expect(lines.find((l) => l.key === platformOnly)).toMatchObject({ op: 'refund', amount: 1000, fee: 6 });
    // Every trade the emulator saw paid today is in it, each once.
    const paid = lines.filter((l) => l.op === 'charge');
    expect(new Set(paid.map((l) => l.key)).size).toBe(paid.length);
    expect(paid.length).toBeGreaterThanOrEqual(6);
    expect(lines.every((l) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/.test(l.at))).toBe(true);
    expect(await wx.statement('2001-01-01')).toEqual([]);
    await expect(wx.statement('yesterday')).rejects.toThrow(/not a day/);
    em.tamperNextBill();
    await expect(wx.statement(beijingDay())).rejects.toThrow(/hash does not match/);
    em.billsFrom('http://127.0.0.2:9');
    await expect(wx.statement(beijingDay())).rejects.toThrow(/another host/);
    em.billsFrom(null);
    expect(await wx.statement(beijingDay())).toHaveLength(lines.length);
  });

  it('parses bill amounts exactly and refuses a bill whose summary does not count its rows', () => {
    expect([yuanToCents('0.01'), yuanToCents('123.45'), yuanToCents('0.74070'), yuanToCents('-0.00500')]).toEqual([
      1, 12345, 74, -1,
    ]);
    const csv = em.bill(beijingDay());
    expect(parseTradeBill(csv).length).toBeGreaterThan(0);
    const lines = csv.trimEnd().split('\r\n');
    lines.splice(1, 1);
    expect(() => parseTradeBill(lines.join('\r\n'))).toThrow(/summary/);
    const funds = em.fundFlowBill(beijingDay());
    expect(parseFundFlowBill(funds).every((l) => l.op === 'payout')).toBe(true);
    const returned = funds.replace(/`商家转账,`支出/, '`商家转账,`收入');
    expect(parseFundFlowBill(returned).filter((l) => l.status === 'failed')).toHaveLength(1);
    expect(() => parseTradeBill(funds)).toThrow(/no column/);
  });

  it('checks merchant settings for the settings screen', () => {
    expect(
      checkWechatPayMerchant({
        ...merchant,
        notifyUrl: 'https://pay.example.com/pay/notify/wechatpay',
        baseUrl: undefined,
      }),
    ).toEqual([]);
    const problems = checkWechatPayMerchant({
      ...merchant,
      merchantPrivateKey: 'not a key',
      apiV3Key: 'short',
      platformPublicKey: crypto
        .createPublicKey(keys.merchant.privateKey)
        .export({ type: 'spki', format: 'pem' }) as string,
      notifyUrl: 'http://pay.example.com/notify?x=1',
      baseUrl: 'http://api.example.com',
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual(['merchantPrivateKey', 'apiV3Key', 'notifyUrl', 'baseUrl']);
    // http only to this machine (the emulator the tests run against).
    expect(checkWechatPayMerchant({ ...merchant, notifyUrl: 'http://127.0.0.1:8080/pay/notify/wechatpay' })).toEqual(
      [],
    );
    const same = checkWechatPayMerchant({ ...merchant, platformPublicKey: keys.merchant.publicKey });
    expect(same.some((p) => p.includes('merchant key'))).toBe(true);
    // The resource decrypts only with its associated data intact.
    const n = rx.received.find((x) => x.outcome)!.n;
    const res = (JSON.parse(n.payload) as { resource: Parameters<typeof decryptResource>[1] }).resource;
    expect(() => decryptResource(merchant.apiV3Key, res)).not.toThrow();
    expect(() => decryptResource(merchant.apiV3Key, { ...res, associated_data: 'other' })).toThrow();
  });
});
