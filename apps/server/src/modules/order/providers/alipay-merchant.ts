import { readPrivateKey, readPublicKey } from './alipay-support.js';

/** The Alipay adapter's settings (what the pay settings screen keeps and checks), its error and an answer's shape. */

/** A merchant's Alipay open platform application, as the pay settings screen keeps it. */
export interface AlipayMerchant {
  /** The application's APPID on the open platform. */
  appId: string;
  /** The application private key: PEM, or the bare base64 Alipay's key tool prints (PKCS#8 or PKCS#1). */
  appPrivateKey: string;
  /** "Alipay public key" of the application (public key mode), PEM or bare base64. */
  alipayPublicKey: string;
  /** Where Alipay posts notifications: the full public URL of /pay/notify/alipay. */
  notifyUrl: string;
  /** The open platform gateway; default the production one. */
  gateway?: string;
}

export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';

/** What can be wrong with one setting: a stable code the settings screen translates. */
export type AlipayMerchantProblemCode =
  'missing' | 'appIdFormat' | 'unparsableKey' | 'notRsa' | 'keyTooShort' | 'urlFormat' | 'httpOnlyLocal';
export interface AlipayMerchantProblem {
  field: keyof AlipayMerchant;
  code: AlipayMerchantProblemCode;
  /** The same in English, for logs and errors. */
  message: string;
}

/**
 * What is wrong with a merchant's settings (empty: usable), for the settings screen's validation:
 * APPID 16 digits, keys that node reads as RSA (the private one 2048 bits, as RSA2 needs), URLs
 * https without query (http only for 127.0.0.1/localhost, where tests run the emulator).
 */
export function checkAlipayMerchant(m: Partial<AlipayMerchant>): AlipayMerchantProblem[] {
  const problems: AlipayMerchantProblem[] = [];
  const add = (field: keyof AlipayMerchant, code: AlipayMerchantProblemCode, message: string) =>
    problems.push({ field, code, message: `${field}: ${message}` });
  if (!m.appId?.trim()) add('appId', 'missing', 'missing');
  else if (!/^\d{16}$/.test(m.appId.trim())) add('appId', 'appIdFormat', '16 digits, as the open platform shows it');
  if (!m.appPrivateKey?.trim()) add('appPrivateKey', 'missing', 'missing');
  else {
    try {
      const key = readPrivateKey(m.appPrivateKey);
      if (key.asymmetricKeyType !== 'rsa') add('appPrivateKey', 'notRsa', 'not an RSA key');
      else if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) {
        add('appPrivateKey', 'keyTooShort', 'RSA2 needs 2048 bits');
      }
    } catch {
      add('appPrivateKey', 'unparsableKey', 'not a private key (PEM or base64 PKCS#8/PKCS#1)');
    }
  }
  if (!m.alipayPublicKey?.trim()) add('alipayPublicKey', 'missing', 'missing');
  else {
    try {
      if (readPublicKey(m.alipayPublicKey).asymmetricKeyType !== 'rsa')
        add('alipayPublicKey', 'notRsa', 'not an RSA key');
    } catch {
      add('alipayPublicKey', 'unparsableKey', 'not a public key (PEM or base64)');
    }
  }
  for (const field of ['notifyUrl', 'gateway'] as const) {
    const url = m[field]?.trim();
    if (!url) {
      if (field === 'notifyUrl') add(field, 'missing', 'missing');
      continue;
    }
    let u: URL | null = null;
    try {
      u = new URL(url);
    } catch {
      u = null;
    }
    if (!u || (u.protocol !== 'https:' && u.protocol !== 'http:') || u.search || u.hash) {
      add(field, 'urlFormat', 'a full https URL without query');
    } else if (u.protocol === 'http:' && !['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname)) {
      add(field, 'httpOnlyLocal', 'https (http only for 127.0.0.1 / localhost)');
    }
  }
  return problems;
}

/** An answer Alipay gave that is neither a success nor a business failure, or one that could not be trusted. */
export class AlipayError extends Error {
  constructor(
    readonly method: string,
    readonly code: string,
    readonly subCode: string | undefined,
    message: string,
  ) {
    super(`alipay ${method}: ${code}${subCode ? ` ${subCode}` : ''} ${message}`);
    this.name = 'AlipayError';
  }
}

export type Answer = Record<string, unknown> & { code?: string; sub_code?: string; sub_msg?: string; msg?: string };

/** China Standard Time, as the open platform's `timestamp` parameter is read. */
export function chinaTime(d = new Date()): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}
