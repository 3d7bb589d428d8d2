import crypto from 'node:crypto';

/**
 * WeChat Pay API v3 security: request signatures, answer and notification verification, the
 * AEAD_AES_256_GCM resource of a notification, the payee name's encryption, the merchant settings'
 * check. docs/decisions/wechatpay.md says where each rule comes from.
 */

/** The merchant settings one WeChat Pay account needs (the Pay settings screen has exactly these fields). */
export interface WechatPayMerchant {
  /** 商户号. */
  mchId: string;
  /** The mini program / official account AppID bound to the merchant number. */
  appId: string;
  /** The serial number of the merchant API certificate whose private key signs our requests. */
  merchantSerialNo: string;
  /** apiclient_key.pem: the merchant API private key (PEM). */
  merchantPrivateKey: string;
  /** The APIv3 key (32 characters): decrypts notification resources. */
  apiV3Key: string;
  /** The WeChat Pay public key ID (PUB_KEY_ID_…): every answer and notification must name it. */
  platformPublicKeyId: string;
  /** The WeChat Pay public key (PEM) that signs answers and notifications. */
  platformPublicKey: string;
  /** Where WeChat Pay posts notifications (https, no query string): our /pay/notify/wechatpay route. */
  notifyUrl: string;
  /** The API host; https://api.mch.weixin.qq.com when absent (api2.… is the backup host). */
  baseUrl?: string;
}

export const WECHATPAY_BASE_URL = 'https://api.mch.weixin.qq.com';
/** A notification or answer whose timestamp is further than this from our clock is refused (WeChat: 5 minutes). */
export const MAX_SKEW_SECONDS = 300;

/** The problems of a merchant's settings, for the settings screen (empty: usable). */
export function checkWechatPayMerchant(m: Partial<WechatPayMerchant>): string[] {
  const problems: string[] = [];
  if (!m.mchId || !/^\d{8,12}$/.test(m.mchId)) problems.push('mchId: 8 to 12 digits');
  if (!m.appId || !/^wx[0-9a-zA-Z]{16}$/.test(m.appId)) problems.push('appId: "wx" and 16 letters or digits');
  if (!m.merchantSerialNo || !/^[0-9A-Fa-f]{8,64}$/.test(m.merchantSerialNo)) {
    problems.push('merchantSerialNo: the API certificate serial number (hexadecimal)');
  }
  const priv = keyOf(m.merchantPrivateKey, 'private');
  if (!priv) problems.push('merchantPrivateKey: not a PEM private key');
  else if (priv.asymmetricKeyType !== 'rsa' || (priv.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) {
    problems.push('merchantPrivateKey: not an RSA key of 2048 bits or more');
  }
  if (!m.apiV3Key || Buffer.byteLength(m.apiV3Key, 'utf8') !== 32) problems.push('apiV3Key: exactly 32 bytes');
  if (!m.platformPublicKeyId || !/^PUB_KEY_ID_[0-9A-Za-z]+$/.test(m.platformPublicKeyId)) {
    problems.push('platformPublicKeyId: PUB_KEY_ID_ followed by letters and digits');
  }
  const pub = keyOf(m.platformPublicKey, 'public');
  if (!pub) problems.push('platformPublicKey: not a PEM public key');
  else if (pub.asymmetricKeyType !== 'rsa') problems.push('platformPublicKey: not an RSA key');
  if (priv && pub && m.merchantPrivateKey && m.platformPublicKey) {
    // The merchant's own public key pasted as the platform's: every answer would be refused.
    const own = crypto.createPublicKey(priv).export({ type: 'spki', format: 'der' });
    if (own.equals(pub.export({ type: 'spki', format: 'der' }))) {
      problems.push('platformPublicKey: this is the merchant key, not the WeChat Pay public key');
    }
  }
  for (const [field, url] of [
    ['notifyUrl', m.notifyUrl],
    ['baseUrl', m.baseUrl],
  ] as const) {
    if (field === 'baseUrl' && url === undefined) continue;
    let u: URL | null = null;
    try {
      u = new URL(url ?? '');
    } catch {
      u = null;
    }
    // http only on this machine (a local emulator, as the merchant settings allow it too).
    const local = u?.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
    if (!u || (u.protocol !== 'https:' && !local)) problems.push(`${field}: a full https URL`);
    else if (field === 'notifyUrl' && u.search) problems.push('notifyUrl: no query string (WeChat Pay refuses one)');
  }
  return problems;
}

function keyOf(pem: string | undefined, kind: 'private' | 'public'): crypto.KeyObject | null {
  if (!pem || !pem.includes('-----BEGIN')) return null;
  try {
    return kind === 'private' ? crypto.createPrivateKey(pem) : crypto.createPublicKey(pem);
  } catch {
    return null;
  }
}

export function nonceStr(): string {
  return crypto.randomBytes(16).toString('hex').toUpperCase();
}

/** RSA-SHA256 (PKCS#1 v1.5) of a message with a private key, base64. */
export function rsaSign(privateKey: string | crypto.KeyObject, message: string): string {
  return crypto.createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

export function rsaVerify(publicKey: string | crypto.KeyObject, message: string, signature: string): boolean {
  try {
    return crypto.createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** The Authorization header of a request: the message is METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n. */
export function authorization(
  m: Pick<WechatPayMerchant, 'mchId' | 'merchantSerialNo'>,
  privateKey: crypto.KeyObject,
  method: string,
  pathAndQuery: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
  nonce = nonceStr(),
): string {
  const signature = rsaSign(privateKey, `${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`);
  return (
    `WECHATPAY2-SHA256-RSA2048 mchid="${m.mchId}",nonce_str="${nonce}",signature="${signature}",` +
    `timestamp="${timestamp}",serial_no="${m.merchantSerialNo}"`
  );
}

export type SignatureCheck = 'ok' | 'missing' | 'serial' | 'stale' | 'signature';

/**
 * Checks an answer's or a notification's Wechatpay-* headers (names in lower case) over its raw body:
 * the message is TIMESTAMP\nNONCE\nBODY\n, signed with the WeChat Pay key named by the serial.
 */
export function checkWechatSignature(
  headers: Record<string, string | undefined>,
  body: string,
  platform: { id: string; key: crypto.KeyObject },
  nowSeconds: number,
  maxSkewSeconds: number | null,
): SignatureCheck {
  const ts = headers['wechatpay-timestamp'];
  const nonce = headers['wechatpay-nonce'];
  const signature = headers['wechatpay-signature'];
  const serial = headers['wechatpay-serial'];
  if (!ts || !nonce || !signature || !serial || !/^\d{1,12}$/.test(ts)) return 'missing';
  if (serial !== platform.id) return 'serial';
  if (maxSkewSeconds !== null && Math.abs(nowSeconds - Number(ts)) > maxSkewSeconds) return 'stale';
  return rsaVerify(platform.key, `${ts}\n${nonce}\n${body}\n`, signature) ? 'ok' : 'signature';
}

/** The encrypted resource of a notification. */
export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
  original_type?: string;
}

/** AEAD_AES_256_GCM with the APIv3 key: the ciphertext is base64 of the encrypted bytes and the 16-byte tag. */
export function decryptResource(apiV3Key: string, r: EncryptedResource): string {
  if (r.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`wechatpay: unknown algorithm ${r.algorithm}`);
  const data = Buffer.from(r.ciphertext, 'base64');
  if (data.length < 17) throw new Error('wechatpay: ciphertext too short');
  const d = crypto.createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(r.nonce, 'utf8'));
  d.setAuthTag(data.subarray(data.length - 16));
  d.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'));
  return Buffer.concat([d.update(data.subarray(0, data.length - 16)), d.final()]).toString('utf8');
}

/** A sensitive field (the payee's name) encrypted with the WeChat Pay public key (RSA-OAEP, SHA-1), base64. */
export function encryptSensitive(publicKey: crypto.KeyObject, text: string): string {
  return crypto
    .publicEncrypt(
      { key: publicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
      Buffer.from(text),
    )
    .toString('base64');
}
