import crypto from 'node:crypto';
import { PAYOUT_FAILURE_REASONS, type PayoutFailureReason } from '@cbo/contract';

/**
 * What the Alipay adapter and its emulator share: yuan strings and cents, the keys as Alipay's key
 * tool issues them, and the open platform's signature of a set of parameters (RSA2: RSA-SHA256 over
 * the parameters sorted by name, `name=value` joined with `&`, empty values left out).
 */

/** Cents to Alipay's yuan string ("12.30"), exactly: integer arithmetic only. */
export function yuan(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`alipay: an amount in cents must be a whole number (${cents})`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Alipay's yuan string ("12.3", "-0.06", "12") to cents, exactly; throws on anything else. */
export function cents(amount: string | undefined | null): number {
  const m = /^([-+]?)(\d+)(?:\.(\d{0,2}))?$/.exec((amount ?? '').trim());
  if (!m) throw new Error(`alipay: not an amount in yuan: ${JSON.stringify(amount)}`);
  const value = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -value : value;
}

/** Reads a private key given as PEM or as the bare base64 Alipay's key tool prints (PKCS#8 or PKCS#1). */
export function readPrivateKey(key: string): crypto.KeyObject {
  const text = key.trim();
  if (text.includes('-----BEGIN')) return crypto.createPrivateKey(text);
  const der = Buffer.from(text.replace(/\s+/g, ''), 'base64');
  try {
    return crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

/** Reads a public key given as PEM or as the bare base64 the open platform shows (X.509 SubjectPublicKeyInfo). */
export function readPublicKey(key: string): crypto.KeyObject {
  const text = key.trim();
  if (text.includes('-----BEGIN')) return crypto.createPublicKey(text);
  const der = Buffer.from(text.replace(/\s+/g, ''), 'base64');
  return crypto.createPublicKey({ key: der, format: 'der', type: 'spki' });
}

/** The text that is signed: parameters sorted by name, `name=value` with raw (decoded) values, empty ones left out. */
export function signContent(params: Record<string, string>, without: readonly string[]): string {
  return Object.keys(params)
    .filter((k) => !without.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function rsa2Sign(content: string, key: crypto.KeyObject): string {
  return crypto.createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
}

export function rsa2Verify(content: string, signature: string, key: crypto.KeyObject): boolean {
  try {
    return crypto.createVerify('RSA-SHA256').update(content, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

/**
 * An asynchronous notification's parameters when its `sign` verifies with Alipay's public key (over
 * every parameter but `sign` and `sign_type`, as the open platform's notification verification says);
 * null otherwise. Nothing else of the body is read before.
 */
export function verifiedNotification(body: string, alipayPublicKey: crypto.KeyObject): Record<string, string> | null {
  let params: Record<string, string>;
  try {
    params = Object.fromEntries(new URLSearchParams(body));
  } catch {
    return null;
  }
  const signature = params.sign;
  if (!signature) return null;
  if (params.sign_type && params.sign_type.toUpperCase() !== 'RSA2') return null;
  return rsa2Verify(signContent(params, ['sign', 'sign_type']), signature, alipayPublicKey) ? params : null;
}

/**
 * Alipay's transfer failures (sub_code of alipay.fund.trans.uni.transfer, error_code of its query and
 * of the transfer-changed message) → spec 8's payout reasons. An unknown code is a system exception.
 */
const TRANSFER_FAILURES: Record<string, PayoutFailureReason> = {
  PAYEE_NOT_EXIST: 'accountNotFound',
  PAYEE_ACCOUNT_NOT_EXSIT: 'accountNotFound',
  PAYEE_USER_INFO_ERROR: 'nameMismatch',
  PAYEE_NOT_RELNAME_CERTIFY: 'notRealName',
  PERM_AML_NOT_REALNAME_REV: 'notRealName',
  PAYEE_CERT_INFO_ERROR: 'idCardMismatch',
  PAYEE_CERTIFY_LEVEL_LIMIT: 'realNameLimit',
  EXCEED_LIMIT_UNRN_DM_AMOUNT: 'realNameLimit',
  PAYEE_ACCOUNT_STATUS_ERROR: 'accountFrozen',
  PAYEE_ACC_OCUPIED: 'payeeAbnormal',
  PAYEE_USERINFO_STATUS_ERROR: 'payeeAbnormal',
  PAYER_BALANCE_NOT_ENOUGH: 'insufficientBalance',
  BALANCE_IS_NOT_ENOUGH: 'insufficientBalance',
  EXCEED_LIMIT_SM_AMOUNT: 'quotaExceeded',
  EXCEED_LIMIT_SM_MIN_AMOUNT: 'quotaExceeded',
  EXCEED_LIMIT_PERSONAL_SM_AMOUNT: 'quotaExceeded',
  EXCEED_LIMIT_MM_AMOUNT: 'quotaExceeded',
  PAYEE_TRUSTEESHIP_ACC_OVER_LIMIT: 'quotaExceeded',
  EXCEED_LIMIT_DM_AMOUNT: 'merchantDailyQuota',
  EXCEED_LIMIT_DM_MAX_AMOUNT: 'merchantDailyQuota',
  EXCEED_LIMIT_DC_COUNT: 'dailyCountExceeded',
  PERMIT_CHECK_PERM_IDENTITY_THEFT: 'transferRisk',
  PERMIT_CHECK_PERM_LIMITED: 'transferRisk',
  PAYER_PERMLIMIT_CHECK_FAILURE: 'transferRisk',
  PAYER_STATUS_ERROR: 'payerAbnormal',
  PAYER_USER_INFO_ERROR: 'payerAbnormal',
  PAYER_DATA_INCOMPLETE: 'payerAbnormal',
  PAYCARD_UNABLE_PAYMENT: 'payerAbnormal',
  NO_PERMISSION: 'insufficientPermission',
  PRODUCT_NOT_SIGNED: 'insufficientPermission',
  NO_ACCOUNT_AUTH_PERMISSION: 'authorizationFailed',
  AUTH_AGREEMENT_NOT_EXIST: 'authorizationFailed',
  REMARK_HAS_SENSITIVE_WORD: 'remarkFailed',
  MONEY_PAY_CLOSED: 'transferClosed',
  ORDER_CLOSED: 'transferClosed',
};

export function payoutFailure(code: string | undefined): PayoutFailureReason {
  const reason = code ? TRANSFER_FAILURES[code.replace(/^[A-Z]+\./, '')] : undefined;
  return reason && PAYOUT_FAILURE_REASONS.includes(reason) ? reason : 'systemException';
}

/** Alipay's time ("2026-11-29 10:02:03", China Standard Time) as ISO 8601 with its offset. */
export function isoFromAlipay(t: string | undefined): string {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec((t ?? '').trim());
  if (!m) throw new Error(`alipay: not a time: ${JSON.stringify(t)}`);
  return `${m[1]}T${m[2]}+08:00`;
}
