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

/** What is wrong with a merchant's settings (empty: usable), in words for the settings screen's validation. */
export function checkAlipayMerchant(m: Partial<AlipayMerchant>): string[] {
  const problems: string[] = [];
  if (!m.appId || !/^\d{16}$/.test(m.appId.trim())) problems.push('appId: 16 digits, as the open platform shows it');
  if (!m.appPrivateKey) problems.push('appPrivateKey: missing');
  else {
    try {
      const key = readPrivateKey(m.appPrivateKey);
      if (key.asymmetricKeyType !== 'rsa') problems.push('appPrivateKey: not an RSA key');
      else if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048)
        problems.push('appPrivateKey: RSA2 needs 2048 bits');
    } catch {
      problems.push('appPrivateKey: not a private key (PEM or base64 PKCS#8/PKCS#1)');
    }
  }
  if (!m.alipayPublicKey) problems.push('alipayPublicKey: missing');
  else {
    try {
      if (readPublicKey(m.alipayPublicKey).asymmetricKeyType !== 'rsa')
        problems.push('alipayPublicKey: not an RSA key');
    } catch {
      problems.push('alipayPublicKey: not a public key (PEM or base64)');
    }
  }
  for (const [field, url] of [
    ['notifyUrl', m.notifyUrl],
    ['gateway', m.gateway],
  ] as const) {
    if (field === 'gateway' && !url) continue;
    let ok = false;
    try {
      const u = new URL(url ?? '');
      ok = (u.protocol === 'https:' || u.protocol === 'http:') && !u.search && !u.hash;
    } catch {
      ok = false;
    }
    if (!ok) problems.push(`${field}: a full http(s) URL without query`);
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
