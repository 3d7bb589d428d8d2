import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AlipayEmulator,
  alipayMerchantFor,
  chinaTime,
  makeAlipayKeys,
  type AlipayKeys,
} from '../../../test/emulators/alipay-emulator.js';
import { providerNo, type PaymentOutcome } from '../payments.js';
import { AlipayProvider, checkAlipayMerchant } from './alipay.js';
import { cents, yuan } from './alipay-support.js';

/** The adapter against the local Alipay gateway; notifications arrive at a local notify_url and go through verify. */
let keys: AlipayKeys;
let em: AlipayEmulator;
let alipay: AlipayProvider;
let notifyServer: http.Server;
let notifyUrl: string;
/** What verify made of each notification received (null: refused). */
let received: (PaymentOutcome | null)[] = [];

let seq = 0;
const key = () => providerNo(`alipay-test-${Date.now()}-${++seq}`);
const today = () => chinaTime(new Date()).slice(0, 10);

beforeAll(async () => {
  keys = makeAlipayKeys();
  em = await new AlipayEmulator({ appPublicKey: keys.appPublicKey, alipayPrivateKey: keys.alipayPrivateKey }).start();
  notifyServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      void Promise.resolve(
        alipay.verify({ payload: Buffer.concat(chunks).toString('utf8'), signature: '', headers, provider: 'alipay' }),
      ).then((outcome) => {
        received.push(outcome);
        const reply = alipay.notifyReply(outcome !== null);
        res.writeHead(reply.status, { 'content-type': reply.contentType }).end(reply.body);
      });
    });
  });
  await new Promise<void>((r) => notifyServer.listen(0, '127.0.0.1', r));
  notifyUrl = `http://127.0.0.1:${(notifyServer.address() as AddressInfo).port}/pay/notify/alipay`;
  alipay = new AlipayProvider(alipayMerchantFor(em, keys, notifyUrl));
});

afterAll(async () => {
  await em?.close();
  await new Promise<void>((r) => (notifyServer ? notifyServer.close(() => r()) : r()));
});

beforeEach(() => {
  received = [];
});

/** A customer pays a charge in the app: the order string is opened in the wallet, then paid. */
async function chargeAndPay(amount: number, paid?: number) {
  const k = key();
  const first = await alipay.charge({ key: k, amount, userId: 1, description: 'Power bank rental' });
  expect(first).toMatchObject({ key: k, op: 'charge', status: 'pending' });
  em.openOrder(first.payParams!.orderStr!);
  await em.pay(k, paid === undefined ? {} : { amount: paid });
  return k;
}

describe('money and settings', () => {
  it('converts cents and yuan exactly', () => {
    expect(yuan(1)).toBe('0.01');
    expect(yuan(123456789)).toBe('1234567.89');
    expect(yuan(-6)).toBe('-0.06');
    expect(cents('0.29')).toBe(29);
    expect(cents('1234567.8')).toBe(123456780);
    expect(cents('-0.06\t')).toBe(-6);
    expect(() => cents('1.234')).toThrow();
    expect(() => yuan(1.5)).toThrow();
  });

  it('reads the application key as PEM or bare base64, PKCS#8 or PKCS#1', async () => {
    const der = Buffer.from(keys.appPrivateKey, 'base64');
    const key8 = crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    const pkcs1Pem = key8.export({ type: 'pkcs1', format: 'pem' }).toString();
    const pkcs1Bare = (key8.export({ type: 'pkcs1', format: 'der' }) as Buffer).toString('base64');
    for (const appPrivateKey of [pkcs1Pem, pkcs1Bare, key8.export({ type: 'pkcs8', format: 'pem' }).toString()]) {
      const other = new AlipayProvider({ ...alipayMerchantFor(em, keys, notifyUrl), appPrivateKey });
      expect(await other.query(key(), 'charge')).toBeNull();
    }
  });

  it('lists what is wrong with merchant settings', () => {
    expect(checkAlipayMerchant(alipayMerchantFor(em, keys, notifyUrl))).toEqual([]);
    const problems = checkAlipayMerchant({
      appId: 'x',
      appPrivateKey: 'not a key',
      alipayPublicKey: 'AAAA',
      notifyUrl: 'ftp://a',
      gateway: 'http://openapi.example.com/gateway.do',
    });
    expect(problems.map((p) => [p.field, p.code])).toEqual([
      ['appId', 'appIdFormat'],
      ['appPrivateKey', 'unparsableKey'],
      ['alipayPublicKey', 'unparsableKey'],
      ['notifyUrl', 'urlFormat'],
      ['gateway', 'httpOnlyLocal'],
    ]);
    const short = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    const weak = {
      ...alipayMerchantFor(em, keys, notifyUrl),
      appPrivateKey: short.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
    expect(checkAlipayMerchant(weak).map((p) => p.code)).toEqual(['keyTooShort']);
    expect(() => new AlipayProvider(weak)).toThrow(/appPrivateKey: RSA2 needs 2048 bits/);
    expect(checkAlipayMerchant({}).map((p) => p.field)).toEqual([
      'appId',
      'appPrivateKey',
      'alipayPublicKey',
      'notifyUrl',
    ]);
  });
});

describe('charges', () => {
  it('pays in the app: the notification verifies and says succeeded; asked again the key answers succeeded', async () => {
    const k = await chargeAndPay(350);
    expect(received).toHaveLength(1);
    const trade = em.trades.get(k)!;
    expect(received[0]).toEqual({ key: k, op: 'charge', status: 'succeeded', amount: 350, reference: trade.tradeNo });
    expect(em.notifications().at(-1)!.replies).toEqual(['success']);
    const again = await alipay.charge({ key: k, amount: 350, userId: 1, description: 'Power bank rental' });
    expect(again).toEqual({ key: k, op: 'charge', status: 'succeeded', amount: 350, reference: trade.tradeNo });
    expect(await alipay.query(k, 'charge')).toEqual(again);
  });

  it('a charge the customer opened but has not paid stays pending with what the wallet needs', async () => {
    const k = key();
    const first = await alipay.charge({ key: k, amount: 200, userId: 1, description: 'Rental' });
    expect(first.reference).toBe('');
    expect(await alipay.query(k, 'charge')).toBeNull();
    em.openOrder(first.payParams!.orderStr!);
    const again = await alipay.charge({ key: k, amount: 200, userId: 1, description: 'Rental' });
    expect(again).toMatchObject({ status: 'pending', amount: 200, reference: em.trades.get(k)!.tradeNo });
    expect(again.payParams!.orderStr).toContain('method=alipay.trade.app.pay');
  });

  it('a mini program charge creates the trade for the buyer and hands its number to my.tradePay', async () => {
    const k = key();
    const out = await alipay.charge({
      key: k,
      amount: 990,
      userId: 1,
      description: 'Rental',
      payerId: '2088000011112222',
    });
    expect(out).toMatchObject({ status: 'pending', payParams: { tradeNO: em.trades.get(k)!.tradeNo } });
    expect(em.trades.get(k)!.buyerId).toBe('2088000011112222');
    await em.pay(k);
    expect(received[0]).toMatchObject({ key: k, status: 'succeeded', amount: 990 });
  });

  it('a notification sent twice verifies twice to the same outcome', async () => {
    em.duplicateNext();
    const k = await chargeAndPay(120);
    expect(received).toHaveLength(2);
    expect(received[0]).toEqual(received[1]);
    expect(received[0]).toMatchObject({ key: k, status: 'succeeded' });
  });

  it('a dropped notification: the query finds the payment', async () => {
    em.dropNextNotification();
    const k = await chargeAndPay(500);
    expect(received).toHaveLength(0);
    expect(await alipay.query(k, 'charge')).toMatchObject({ key: k, status: 'succeeded', amount: 500 });
  });

  it('a forged notification (altered after signing) is refused and answered fail', async () => {
    em.forgeNextNotification();
    await chargeAndPay(500);
    expect(received).toEqual([null]);
    expect(em.notifications().at(-1)!.replies).toEqual(['fail']);
    expect(await alipay.verify({ payload: 'trade_status=TRADE_SUCCESS&out_trade_no=X', signature: '' })).toBeNull();
  });

  it('an amount that differs is reported as Alipay says', async () => {
    const k = await chargeAndPay(300, 299);
    expect(received[0]).toMatchObject({ key: k, status: 'succeeded', amount: 299 });
    expect(await alipay.query(k, 'charge')).toMatchObject({ amount: 299 });
  });

  it('a trade Alipay closed unpaid answers failed, asked again or queried', async () => {
    const k = key();
    const first = await alipay.charge({ key: k, amount: 100, userId: 1, description: 'Rental' });
    em.openOrder(first.payParams!.orderStr!);
    em.closeTrade(k);
    const again = await alipay.charge({ key: k, amount: 100, userId: 1, description: 'Rental' });
    expect(again).toMatchObject({ key: k, status: 'failed', failure: 'closed', reference: em.trades.get(k)!.tradeNo });
    expect(await alipay.query(k, 'charge')).toEqual(again);
  });

  it('the wallet pays straight from the order string; the notification reaches the engine through onNotify', async () => {
    const k = key();
    const seen: string[] = [];
    alipay.onNotify(async (n) => {
      seen.push((await alipay.verify(n))?.key ?? 'refused');
    });
    const first = await alipay.charge({ key: k, amount: 80, userId: 1, description: 'Rental' });
    await em.pay(first.payParams!.orderStr!);
    await alipay.receive({ payload: em.notifications().at(-1)!.body, signature: '', provider: 'alipay' });
    expect(seen).toEqual([k]);
  });

  it('a deferred charge is unsupported', async () => {
    const k = key();
    const out = await alipay.charge({ key: k, amount: 100, userId: 1, description: 'x', deferred: true });
    expect(out).toMatchObject({ status: 'failed', failure: 'unsupported' });
  });
});

describe('signatures', () => {
  it("an answer with a sign that is not Alipay's makes the adapter throw", async () => {
    em.badSignNextAnswer();
    await expect(alipay.query(key(), 'charge')).rejects.toThrow(/alipay alipay.trade.query: unverified/);
  });

  it('our request signed with a wrong key is refused by the gateway', async () => {
    const other = makeAlipayKeys();
    const wrong = new AlipayProvider({ ...alipayMerchantFor(em, keys, notifyUrl), appPrivateKey: other.appPrivateKey });
    await expect(wrong.query(key(), 'charge')).rejects.toThrow(/40002 isv.invalid-signature/);
    await expect(wrong.payout({ key: key(), amount: 100, payee: 'a@b.c' })).rejects.toThrow(/isv.invalid-signature/);
  });

  it('a notification signed with another key is refused', async () => {
    const other = makeAlipayKeys();
    const stranger = new AlipayProvider({
      ...alipayMerchantFor(em, keys, notifyUrl),
      alipayPublicKey: other.alipayPublicKey,
    });
    await chargeAndPay(100);
    const body = em.notifications().at(-1)!.body;
    expect(await alipay.verify({ payload: body, signature: '' })).not.toBeNull();
    expect(await stranger.verify({ payload: body, signature: '' })).toBeNull();
  });
});

describe('refunds', () => {
  it('two partial refunds of one charge, each notified with its own amount; asked again, the same refund', async () => {
    const k = await chargeAndPay(1000);
    const ref = em.trades.get(k)!.tradeNo;
    received = [];
    const [r1, r2] = [key(), key()];
    const done = (k: string, amount: number) => ({ key: k, op: 'refund', status: 'succeeded', amount, reference: ref });
    expect(await alipay.refund({ key: r1, amount: 300, chargeReference: ref })).toEqual(done(r1, 300));
    expect(await alipay.refund({ key: r2, amount: 450, chargeReference: ref })).toEqual(done(r2, 450));
    await em.flush();
    expect(received).toHaveLength(2);
    expect(received).toEqual(expect.arrayContaining([done(r1, 300), done(r2, 450)]));
    expect(await alipay.refund({ key: r1, amount: 300, chargeReference: ref })).toEqual(done(r1, 300));
    expect(em.trades.get(k)!.refunded).toBe(750);
    expect(await alipay.query(r2, 'refund', ref)).toEqual(done(r2, 450));
    expect(await alipay.query(key(), 'refund', ref)).toBeNull();
    const over = await alipay.refund({ key: key(), amount: 251, chargeReference: ref });
    expect(over).toMatchObject({ status: 'failed', failure: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL' });
    // The last refund closes the trade: its notification (TRADE_CLOSED) still reads as that refund.
    received = [];
    const r3 = key();
    expect(await alipay.refund({ key: r3, amount: 250, chargeReference: ref })).toMatchObject({ status: 'succeeded' });
    expect(em.trades.get(k)!.status).toBe('TRADE_CLOSED');
    expect(em.notifications().at(-1)!.params).toMatchObject({ trade_status: 'TRADE_CLOSED', refund_fee: '10.00' });
    await em.flush();
    expect(received).toEqual([done(r3, 250)]);
    // Refunded in full, the trade is closed; its charge still succeeded.
    const paid = { key: k, op: 'charge', status: 'succeeded', amount: 1000, reference: ref };
    expect(await alipay.query(k, 'charge')).toEqual(paid);
  });
});

describe('payouts', () => {
  it('a transfer succeeds, is notified, and the query finds it', async () => {
    const k = key();
    const out = await alipay.payout({ key: k, amount: 5000, payee: 'partner@example.com', payeeName: '张三' });
    const t = em.transfers.get(k)!;
    expect(out).toEqual({ key: k, op: 'payout', status: 'succeeded', amount: 5000, reference: t.orderId });
    await em.flush();
    expect(received).toEqual([out]);
    expect(await alipay.query(k, 'payout')).toEqual(out);
    expect(await alipay.payout({ key: k, amount: 5000, payee: 'partner@example.com' })).toEqual(out);
    expect(await alipay.query(key(), 'payout')).toBeNull();
  });

  it.each([
    ['PAYEE_NOT_EXIST', 'accountNotFound'],
    ['PAYEE_USER_INFO_ERROR', 'nameMismatch'],
    ['PAYER_BALANCE_NOT_ENOUGH', 'insufficientBalance'],
    ['PAYEE_ACCOUNT_STATUS_ERROR', 'accountFrozen'],
    ['EXCEED_LIMIT_DM_AMOUNT', 'merchantDailyQuota'],
    ['SOMETHING_NEW', 'systemException'],
  ])('a failure %s maps to %s, and so does its query', async (subCode, reason) => {
    const k = key();
    em.failNextTransfer(subCode);
    const failed = { status: 'failed', failure: reason };
    expect(await alipay.payout({ key: k, amount: 1000, payee: '2088000011112222' })).toMatchObject(failed);
    expect(await alipay.query(k, 'payout')).toMatchObject(failed);
  });
  it('SYSTEM_ERROR is not a failure: the payout throws, nothing happened, asked again it is paid', async () => {
    const k = key();
    em.failNextTransfer('SYSTEM_ERROR');
    await expect(alipay.payout({ key: k, amount: 1000, payee: 'p@example.com' })).rejects.toThrow(/SYSTEM_ERROR/);
    expect(await alipay.query(k, 'payout')).toBeNull();
    expect(await alipay.payout({ key: k, amount: 1000, payee: 'p@example.com' })).toMatchObject({
      status: 'succeeded',
    });
  });
});

describe('deposit-free: fund authorization', () => {
  async function freeze(amount: number) {
    const k = key();
    const first = await alipay.authorize({ key: k, amount, userId: 1, description: 'Deposit-free rental' });
    expect(first).toMatchObject({ key: k, op: 'freeze', status: 'pending' });
    expect(await alipay.query(k, 'freeze')).toBeNull();
    em.openOrder(first.payParams!.orderStr!);
    expect(await alipay.query(k, 'freeze')).toMatchObject({ status: 'pending' });
    await em.grantFreeze(k);
    const f = em.freezes.get(k)!;
    expect(received.at(-1)).toEqual({ key: k, op: 'freeze', status: 'succeeded', amount, reference: f.authNo });
    expect(await alipay.query(k, 'freeze')).toEqual(received.at(-1));
    expect(await alipay.authorize({ key: k, amount, userId: 1, description: 'x' })).toEqual(received.at(-1));
    return { k, authNo: f.authNo };
  }

  it('freeze → granted → capture part: paid, the rest unfrozen', async () => {
    const { k, authNo } = await freeze(9900);
    const c = key();
    const capture = { key: c, amount: 600, authReference: authNo, description: 'Rental fee' };
    const out = await alipay.captureAuthorization(capture);
    const trade = em.trades.get(c)!;
    expect(out).toEqual({ key: c, op: 'capture', status: 'succeeded', amount: 600, reference: trade.tradeNo });
    expect(em.freezes.get(k)).toMatchObject({ status: 'FINISH', rest: 0, paid: 600 });
    expect(em.freezes.get(k)!.operations.map((o) => [o.type, o.amount])).toEqual([
      ['FREEZE', 9900],
      ['PAY', 600],
      ['UNFREEZE', 9300],
    ]);
    await em.flush();
    expect(received.at(-1)).toMatchObject({ key: c, status: 'succeeded', amount: 600 });
    expect(await alipay.captureAuthorization(capture)).toEqual(out);
    expect(await alipay.query(c, 'capture')).toEqual(out);
  });

  it('freeze → release: all unfrozen, notified, queried by its authorization', async () => {
    const { k, authNo } = await freeze(9900);
    const u = key();
    const out = await alipay.releaseAuthorization({ key: u, amount: 9900, authReference: authNo });
    expect(out).toEqual({ key: u, op: 'unfreeze', status: 'succeeded', amount: 9900, reference: authNo });
    await em.flush();
    expect(received.at(-1)).toEqual(out);
    expect(em.freezes.get(k)).toMatchObject({ status: 'FINISH', rest: 0 });
    expect(await alipay.releaseAuthorization({ key: u, amount: 9900, authReference: authNo })).toEqual(out);
    expect(await alipay.query(u, 'unfreeze', authNo)).toEqual(out);
    const late = await alipay.captureAuthorization({ key: key(), amount: 1, authReference: authNo, description: 'x' });
    expect(late).toMatchObject({ status: 'failed', failure: 'ACQ.AUTH_ORDER_STATUS_ERROR' });
  });
});

describe('statement', () => {
  it("the day's bill: payments, refunds (ours and the portal's), fees, in cents", async () => {
    const a = await chargeAndPay(1000);
    const b = await chargeAndPay(333, 334);
    const ta = em.trades.get(a)!;
    const r = key();
    await alipay.refund({ key: r, amount: 400, chargeReference: ta.tradeNo });
    const portal = em.refundAtCompanyOnly(b, 100);
    const lines = await alipay.statement(today());
    const mine = lines.filter((l) => [a, b, r, portal.outRequestNo].includes(l.key));
    const at = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
    expect(mine).toEqual([
      { key: a, op: 'charge', status: 'succeeded', reference: ta.tradeNo, amount: 1000, fee: 6, at },
      { key: b, op: 'charge', status: 'succeeded', reference: em.trades.get(b)!.tradeNo, amount: 334, fee: 2, at },
      { key: r, op: 'refund', status: 'succeeded', reference: ta.tradeNo, amount: 400, fee: -2, at },
      {
        key: portal.outRequestNo,
        op: 'refund',
        status: 'succeeded',
        reference: portal.tradeNo,
        amount: 100,
        fee: -1,
        at,
      },
    ]);
    expect(lines).toHaveLength(em.billRows(today()).length);
    expect(await alipay.statement('2001-01-01')).toEqual([]);
  });
});
