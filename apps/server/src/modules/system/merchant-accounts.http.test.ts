import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auth, engines, oneEngine, useServer, type TestServer } from '../../test/helper.js';
import { codeTicket } from '../../test/system/code-ticket.js';
import { sysMerchantAccount } from './tables.js';
import { MerchantAccountService } from './merchant-accounts.js';
import { keyIdOf, SecretBox } from '../../platform/crypto/secret-box.js';

const G = '/user/api/v1/global/config';
const KEY = crypto.randomBytes(32);
const NEXT_KEY = crypto.randomBytes(32);

/** Everything the server logs, as text. */
class Captured extends Writable {
  text = '';
  override _write(chunk: Buffer, _enc: string, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

function rsa() {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privatePem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    privateBase64: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    pkcs1Pem: privateKey.export({ format: 'pem', type: 'pkcs1' }).toString(),
    publicPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    publicBase64: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}
const merchantKey = rsa();
const platformKey = rsa();
const alipayApp = rsa();
const alipayPlatform = rsa();
const API_V3_KEY = 'Zq8' + crypto.randomBytes(32).toString('hex').slice(0, 29); // 32 characters
/** A line of each private key's body: what a leak of the key would show. */
const MARKS = [API_V3_KEY, merchantKey.privatePem.split('\n')[5]!, alipayApp.privateBase64.slice(100, 160)];

function client(t: TestServer, token: string) {
  const go = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, lang = 'en_US') => {
    const res = await t.inject({ method, url, headers: auth(token, lang), ...(payload ? { payload } : {}) });
    return { ...(res.json() as { code: number; msg: string; data: any }), raw: res.body };
  };
  return {
    get: (url: string) => go('GET', url),
    put: (url: string, body: object, lang?: string) => go('PUT', url, body, lang),
    post: (url: string, body: object = {}) => go('POST', url, body),
  };
}

const ticketFor = (t: TestServer, token: string) => codeTicket(t, token);

const wechat = (over: object = {}) => ({
  enabled: false,
  mchId: '1900000109',
  appId: 'wxd678efh567hg6787',
  merchantSerialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  platformPublicKeyId: 'PUB_KEY_ID_0114232134912410000000000000',
  platformPublicKey: platformKey.publicPem,
  baseUrl: '',
  merchantPrivateKey: '',
  apiV3Key: '',
  ...over,
});

/** The stored rows and the notification base, to prove a refused save changed nothing. */
async function stored(t: TestServer) {
  const rows = await t.database.db.select().from(sysMerchantAccount).orderBy(sysMerchantAccount.provider);
  const base = await t.database.db.execute(
    sql`select param_value from sys_param where param_type = 'merchant' and param_key = 'notifyBaseUrl'`,
  );
  return JSON.stringify({ rows, base: (base as unknown as { rows: unknown[] }).rows ?? base });
}

describe.each(engines)('merchant accounts (%s)', (engine) => {
  const log = new Captured();
  const s = useServer(
    engine,
    { MERCHANT_SECRET_KEY: KEY.toString('base64') },
    { logger: { level: 'trace', stream: log } },
  );

  it('refuses bad input with clear errors, each leaving what is stored as it was', async () => {
    const token = await s.current.login();
    const c = client(s.current, token);
    const ticket = await ticketFor(s.current, token);
    const before = await stored(s.current);
    const refused = async (body: object, code: number, msg?: RegExp) => {
      const r = await c.put(`${G}/merchant`, body);
      expect(r.code, JSON.stringify(body).slice(0, 200)).toBe(code);
      if (msg) expect(r.msg).toMatch(msg);
      expect(await stored(s.current)).toBe(before);
    };
    // no ticket, a made-up ticket
    await refused({ wechatpay: wechat({ apiV3Key: API_V3_KEY }) }, 100001, /ticket/i);
    await refused({ ticket: 'made-up', wechatpay: wechat({ apiV3Key: API_V3_KEY }) }, 100201);
    // formats the contract checks (the console checks them the same way)
    await refused(
      { ticket, wechatpay: wechat({ apiV3Key: 'short' }) },
      100001,
      /APIv3 key: must be exactly 32 characters/,
    );
    await refused({ ticket, wechatpay: wechat({ mchId: '12ab' }) }, 100001, /Merchant ID: must be 8 to 12 digits/);
    await refused({ ticket, wechatpay: wechat({ baseUrl: 'http://api.example.com' }) }, 100001, /https:\/\//);
    await refused({ ticket, notifyBaseUrl: 'http://pay.example.com' }, 100001, /Notification base address/);
    await refused({ ticket, wechatpay: wechat({ merchantPrivateKey: 'not a key' }) }, 100001, /PEM/);
    // well-formed text that is no key: the server parses every key before storing it
    const junk = `-----BEGIN PRIVATE KEY-----\n${crypto.randomBytes(300).toString('base64')}\n-----END PRIVATE KEY-----`;
    await refused(
      { ticket, wechatpay: wechat({ merchantPrivateKey: junk }) },
      100211,
      /Merchant API private key is not a readable RSA private key/,
    );
    await refused({ ticket, wechatpay: wechat({ merchantPrivateKey: merchantKey.publicPem }) }, 100211);
    await refused({ ticket, wechatpay: wechat({ platformPublicKey: merchantKey.privatePem }) }, 100212);
    await refused(
      {
        ticket,
        alipay: {
          enabled: false,
          appId: '2021000000000000',
          alipayPublicKey: crypto.randomBytes(200).toString('base64'),
          gateway: '',
        },
      },
      100212,
      /Alipay public key/,
    );
    // enabling needs every required field and secret, named in the caller's language
    await refused(
      {
        ticket,
        notifyBaseUrl: 'https://pay.example.com',
        wechatpay: wechat({ enabled: true, merchantPrivateKey: merchantKey.privatePem }),
      },
      100213,
      /To enable WeChat Pay, also set: APIv3 key/,
    );
    const zh = await c.put(`${G}/merchant`, { ticket, wechatpay: wechat({ enabled: true, mchId: '' }) }, 'zh_CN');
    expect(zh.msg).toBe('启用微信支付还需要：商户号、商户 API 私钥、APIv3 密钥');
    // and the notification base the companies call back
    await refused(
      {
        ticket,
        wechatpay: wechat({ enabled: true, merchantPrivateKey: merchantKey.privatePem, apiV3Key: API_V3_KEY }),
      },
      100214,
    );
    // a secret replaced and cleared at once
    await refused({ ticket, wechatpay: wechat({ apiV3Key: API_V3_KEY, clearSecrets: ['apiV3Key'] }) }, 100001);
  });

  it('a secret round trip: saved sealed, read back only as "set", opened for the server; blank keeps, clear removes', async () => {
    const token = await s.current.login();
    const c = client(s.current, token);
    const ticket = await ticketFor(s.current, token);
    const v0 = await s.current.server.services.system.merchant.merchantVersion();
    const saved = await c.put(`${G}/merchant`, {
      ticket,
      notifyBaseUrl: 'https://pay.example.com/',
      wechatpay: wechat({ enabled: true, merchantPrivateKey: merchantKey.privatePem, apiV3Key: API_V3_KEY }),
      alipay: {
        enabled: true,
        appId: '2021000000000001',
        alipayPublicKey: alipayPlatform.publicBase64,
        gateway: 'http://127.0.0.1:18999/gateway.do',
        appPrivateKey: alipayApp.privateBase64,
      },
    });
    expect(saved.code, saved.msg).toBe(0);
    const read = await c.get(`${G}/merchant`);
    for (const answer of [saved, read]) {
      expect(answer.data).toMatchObject({
        notifyBaseUrl: 'https://pay.example.com',
        canStoreSecrets: true,
        wechatpay: {
          enabled: true,
          complete: true,
          notifyUrl: 'https://pay.example.com/pay/notify/wechatpay',
          updatedBy: 'admin',
          fields: { mchId: '1900000109', baseUrl: '' },
          secrets: { merchantPrivateKey: { set: true }, apiV3Key: { set: true } },
        },
        alipay: {
          enabled: true,
          notifyUrl: 'https://pay.example.com/pay/notify/alipay',
          secrets: { appPrivateKey: { set: true } },
        },
      });
      expect(answer.data.wechatpay.secrets.apiV3Key.updateTime).toMatch(/^\d{4}-/);
      for (const m of MARKS) expect(answer.raw).not.toContain(m);
    }
    // a bare base64 public key is kept as PEM
    expect(read.data.alipay.fields.alipayPublicKey).toContain('-----BEGIN PUBLIC KEY-----');
    // the database holds sealed values only
    const rowsText = JSON.stringify(await s.current.database.db.select().from(sysMerchantAccount));
    for (const m of MARKS) expect(rowsText).not.toContain(m);
    expect(rowsText).toContain(`v1.${keyIdOf(KEY)}.`);

    // the server's side: opened, defaults applied; the version moved
    const merchant = s.current.server.services.system.merchant;
    const wx = (await merchant.merchantAccount('wechatpay'))!;
    expect(wx.enabled).toBe(true);
    expect(wx.fields.baseUrl).toBe('https://api.mch.weixin.qq.com');
    expect(wx.secrets.apiV3Key).toBe(API_V3_KEY);
    expect(crypto.createPrivateKey(wx.secrets.merchantPrivateKey!).export({ format: 'der', type: 'pkcs8' })).toEqual(
      crypto.createPrivateKey(merchantKey.privatePem).export({ format: 'der', type: 'pkcs8' }),
    );
    const ali = (await merchant.merchantAccount('alipay'))!;
    expect(ali.fields.gateway).toBe('http://127.0.0.1:18999/gateway.do');
    expect(ali.secrets.appPrivateKey).toContain('-----BEGIN PRIVATE KEY-----');
    expect(await merchant.notifyBaseUrl()).toBe('https://pay.example.com');
    const v1 = await merchant.merchantVersion();
    expect(v1).toBeGreaterThan(v0);

    // blank keeps the stored secret; a PKCS#1 key is accepted; only the account saved moves the version
    const kept = await c.put(`${G}/merchant`, { ticket, wechatpay: wechat({ enabled: true, mchId: '1900000110' }) });
    expect(kept.code, kept.msg).toBe(0);
    expect((await merchant.merchantAccount('wechatpay'))!.secrets.apiV3Key).toBe(API_V3_KEY);
    expect(await merchant.merchantVersion()).toBe(v1 + 1);
    // clearing a secret of an enabled company is refused; disabled, it is removed
    expect(
      (await c.put(`${G}/merchant`, { ticket, wechatpay: wechat({ enabled: true, clearSecrets: ['apiV3Key'] }) })).code,
    ).toBe(100213);
    const cleared = await c.put(`${G}/merchant`, { ticket, wechatpay: wechat({ clearSecrets: ['apiV3Key'] }) });
    expect(cleared.data.wechatpay.secrets.apiV3Key).toEqual({ set: false, updateTime: null });
    expect(cleared.data.wechatpay.complete).toBe(false);
    expect((await merchant.merchantAccount('wechatpay'))!.secrets.apiV3Key).toBeUndefined();
    // the base cannot be cleared while a company is enabled
    expect((await c.put(`${G}/merchant`, { ticket, notifyBaseUrl: '' })).code).toBe(100214);
    const pkcs1 = await c.put(`${G}/merchant`, {
      ticket,
      wechatpay: wechat({ merchantPrivateKey: merchantKey.pkcs1Pem, apiV3Key: API_V3_KEY }),
    });
    expect(pkcs1.code, pkcs1.msg).toBe(0);
  });

  it('no secret reaches a log line, an operation-log row or a GET answer; the save is in the operation log', async () => {
    const token = await s.current.login();
    const c = client(s.current, token);
    const ticket = await ticketFor(s.current, token);
    // a refused save with secrets in it, and a successful one
    await c.put(`${G}/merchant`, {
      ticket,
      wechatpay: wechat({ mchId: 'x', merchantPrivateKey: merchantKey.privatePem, apiV3Key: API_V3_KEY }),
    });
    expect((await c.put(`${G}/merchant`, { ticket, wechatpay: wechat({ apiV3Key: API_V3_KEY }) })).code).toBe(0);
    const ops = await s.current.database.db.execute(sql`select * from sys_operation_log where path like '%/merchant'`);
    const opsText = JSON.stringify(ops);
    expect(opsText).toContain('system.settingsGroup.merchant');
    const logText = log.text;
    expect(logText).toContain('/user/api/v1/global/config/merchant'); // the requests were logged
    for (const m of MARKS) {
      expect(opsText).not.toContain(m);
      expect(logText).not.toContain(m);
    }
    const page = await c.get('/user/api/v1/sys/operationLog/queryPage?pageNum=1&pageSize=50');
    expect(page.code).toBe(0);
    expect(page.data.list.some((r: { call: string }) => r.call === 'configSaveMerchant')).toBe(true);
    for (const m of MARKS) expect(page.raw).not.toContain(m);
  });

  it('rotation at start: every secret sealed again under the new key, once, also when two processes start together', async () => {
    const t = s.current;
    const merchant = t.server.services.system.merchant;
    const before = await merchant.merchantAccount('alipay');
    expect(before!.secrets.appPrivateKey).toBeTruthy();
    const nullLog = { info: () => {}, warn: () => {} };
    const tickets = { requireTicket: async () => {} };
    const rotated = () => new MerchantAccountService(t.database.db, new SecretBox(NEXT_KEY, KEY), tickets, nullLog);
    const [a, b] = await Promise.all([rotated().resealAll(), rotated().resealAll()]);
    expect(a + b).toBe(3); // two WeChat Pay secrets and one Alipay secret, each once
    expect(await rotated().resealAll()).toBe(0); // idempotent
    // without the previous key everything still opens, and nothing is sealed with the old one
    const onlyNew = new MerchantAccountService(t.database.db, new SecretBox(NEXT_KEY), tickets, nullLog);
    expect((await onlyNew.merchantAccount('alipay'))!.secrets).toEqual(before!.secrets);
    const rowsText = JSON.stringify(await t.database.db.select().from(sysMerchantAccount));
    expect(rowsText).not.toContain(`v1.${keyIdOf(KEY)}.`);
    // the old key alone no longer opens them: a clear refusal, not a crash
    const oldOnly = new MerchantAccountService(t.database.db, new SecretBox(KEY), tickets, nullLog);
    await expect(oldOnly.merchantAccount('alipay')).rejects.toMatchObject({ errorName: 'MERCHANT_SECRET_UNREADABLE' });
    // nor can a company be kept enabled by a server whose key does not open its secrets
    const token = await t.login();
    const keep = await client(t, token).put(`${G}/merchant`, {
      ticket: await ticketFor(t, token),
      alipay: { enabled: true, appId: '2021000000000001', alipayPublicKey: alipayPlatform.publicPem, gateway: '' },
    });
    expect(keep.code).toBe(100215);
    expect(keep.msg).toMatch(/Alipay's stored secrets cannot be opened/);
  });
});

describe.each(oneEngine)('merchant accounts without MERCHANT_SECRET_KEY (%s)', (engine) => {
  const s = useServer(engine);

  it('starts, reads, saves plain fields, and refuses a secret or enabling with a clear message', async () => {
    const token = await s.current.login();
    const c = client(s.current, token);
    const read = await c.get(`${G}/merchant`);
    expect(read.data).toMatchObject({ canStoreSecrets: false, wechatpay: { enabled: false, complete: false } });
    const ticket = await ticketFor(s.current, token);
    const before = await stored(s.current);
    const refused = await c.put(`${G}/merchant`, { ticket, wechatpay: wechat({ apiV3Key: API_V3_KEY }) });
    expect(refused.code).toBe(100210);
    expect(refused.msg).toMatch(/Set MERCHANT_SECRET_KEY on the server/);
    expect((await c.put(`${G}/merchant`, { ticket, wechatpay: wechat({ enabled: true }) })).code).toBe(100210);
    expect(await stored(s.current)).toBe(before);
    expect((await c.put(`${G}/merchant`, { ticket, wechatpay: wechat() })).code).toBe(0);
    expect(await s.current.server.services.system.merchant.merchantAccount('wechatpay')).toMatchObject({
      enabled: false,
      secrets: {},
    });
  });
});
