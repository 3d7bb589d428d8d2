import { z } from 'zod';
import { multiline } from '../platform/text-rule.js';

/**
 * Merchant accounts of the payment companies (issue 28): what System configuration → Pay settings →
 * Payment companies saves. Plain fields are read back as saved; a secret (a private key, the APIv3
 * key) is never sent back: the answer says only whether one is set and since when
 * (docs/decisions/merchant-accounts.md). Saving is a sensitive change (the SMS code ticket).
 */

export const MERCHANT_PROVIDERS = ['wechatpay', 'alipay'] as const;
export type MerchantProvider = (typeof MERCHANT_PROVIDERS)[number];

export const WECHATPAY_DEFAULT_BASE_URL = 'https://api.mch.weixin.qq.com';
export const ALIPAY_DEFAULT_GATEWAY = 'https://openapi.alipay.com/gateway.do';

/** The plain fields and the secret fields of each company, in the order the form shows them. */
export const MERCHANT_FIELDS = {
  wechatpay: ['mchId', 'appId', 'merchantSerialNo', 'platformPublicKeyId', 'platformPublicKey', 'baseUrl'],
  alipay: ['appId', 'alipayPublicKey', 'gateway'],
} as const satisfies Record<MerchantProvider, readonly string[]>;
export const MERCHANT_SECRETS = {
  wechatpay: ['merchantPrivateKey', 'apiV3Key'],
  alipay: ['appPrivateKey'],
} as const satisfies Record<MerchantProvider, readonly string[]>;
/** Fields that may stay blank when the company is enabled (their defaults apply). */
export const MERCHANT_OPTIONAL_FIELDS: readonly string[] = ['baseUrl', 'gateway'];

export type WechatpayField = (typeof MERCHANT_FIELDS.wechatpay)[number];
export type WechatpaySecret = (typeof MERCHANT_SECRETS.wechatpay)[number];
export type AlipayField = (typeof MERCHANT_FIELDS.alipay)[number];
export type AlipaySecret = (typeof MERCHANT_SECRETS.alipay)[number];
export type MerchantFieldName<P extends MerchantProvider> = (typeof MERCHANT_FIELDS)[P][number];
export type MerchantSecretName<P extends MerchantProvider> = (typeof MERCHANT_SECRETS)[P][number];

/** Blank is "not set" (optional means blank is fine; enabling checks what is required). */
const blankOr = (s: z.ZodString) => z.union([z.literal(''), s]);

/**
 * An address a payment company is called at or calls back: https; http only to this machine
 * (127.0.0.1, localhost), so tests and a developer can use local emulators. No query or fragment.
 */
export const MERCHANT_URL_PATTERN =
  /^(https:\/\/[A-Za-z0-9.-]+(:\d{1,5})?|http:\/\/(127\.0\.0\.1|localhost)(:\d{1,5})?)(\/[^\s?#]*)?$/;
const merchantUrl = z.string().trim().max(255).regex(MERCHANT_URL_PATTERN, { error: 'rule.merchantUrl' });

/**
 * A key as the companies hand it out: PEM (-----BEGIN … KEY-----) or the bare base64 body
 * (Alipay's tools give that). The server also parses it (node's crypto) before it is stored.
 */
export const PEM_OR_BASE64 =
  /^(-----BEGIN [A-Z0-9 ]+-----[A-Za-z0-9+/=\s]+-----END [A-Z0-9 ]+-----|[A-Za-z0-9+/=\s]{64,})$/;
/** Line breaks allowed: a PEM key is pasted as its lines. */
const keyText = multiline(z.string().trim().max(8192).regex(PEM_OR_BASE64, { error: 'rule.pemKey' }));

const mchId = z
  .string()
  .trim()
  .regex(/^\d{8,12}$/, { error: 'rule.mchId' });
const appId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{4,64}$/, { error: 'rule.appId' });
/** The merchant certificate's serial number: hexadecimal (40 digits as WeChat Pay shows it). */
const serialNo = z
  .string()
  .trim()
  .regex(/^[0-9A-Fa-f]{8,64}$/, { error: 'rule.serialNo' });
/** WeChat Pay's platform public key id (PUB_KEY_ID_…). */
const publicKeyId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'rule.keyId' });
/** The APIv3 key: exactly 32 characters, all single-byte (it is the AES-256 key, 32 bytes). */
export const apiV3Key = z.string().regex(/^[\x21-\x7e]{32}$/, { error: 'rule.apiV3Key' });

/** What a secret field takes on a save: blank keeps the stored value; a value replaces it. */
const secretInput = (s: z.ZodString) => z.union([z.literal(''), s]).optional();

export const wechatpayInput = z
  .object({
    enabled: z.boolean(),
    mchId: blankOr(mchId),
    appId: blankOr(appId),
    merchantSerialNo: blankOr(serialNo),
    platformPublicKeyId: blankOr(publicKeyId),
    platformPublicKey: blankOr(keyText),
    baseUrl: blankOr(merchantUrl),
    merchantPrivateKey: secretInput(keyText),
    apiV3Key: secretInput(apiV3Key),
    /** Secrets to remove (an explicit clear; a blank input keeps). */
    clearSecrets: z.array(z.enum(MERCHANT_SECRETS.wechatpay)).max(2).optional(),
  })
  .refine((v) => !(v.clearSecrets ?? []).some((k) => v[k]), {
    error: 'rule.secretReplaceAndClear',
    path: ['clearSecrets'],
  });
export type WechatpayInput = z.infer<typeof wechatpayInput>;

export const alipayInput = z
  .object({
    enabled: z.boolean(),
    appId: blankOr(appId),
    alipayPublicKey: blankOr(keyText),
    gateway: blankOr(merchantUrl),
    appPrivateKey: secretInput(keyText),
    clearSecrets: z.array(z.enum(MERCHANT_SECRETS.alipay)).max(1).optional(),
  })
  .refine((v) => !(v.clearSecrets ?? []).some((k) => v[k]), {
    error: 'rule.secretReplaceAndClear',
    path: ['clearSecrets'],
  });
export type AlipayInput = z.infer<typeof alipayInput>;

/** The notification base alone (the form above the companies' cards). */
export const notifyBaseInput = z.object({
  /** The public origin the companies call back (…/pay/notify/<company>); blank: not set. */
  notifyBaseUrl: blankOr(merchantUrl),
});

/** PUT merchant: one part or several, with the ticket of a checked code; a part left out is unchanged. */
export const saveMerchantRequest = z
  .object({
    ticket: z.string().min(1).max(128),
    notifyBaseUrl: notifyBaseInput.shape.notifyBaseUrl.optional(),
    wechatpay: wechatpayInput.optional(),
    alipay: alipayInput.optional(),
  })
  .refine((r) => r.notifyBaseUrl !== undefined || r.wechatpay !== undefined || r.alipay !== undefined, {
    error: 'rule.merchantNothing',
    path: ['wechatpay'],
  });
export type SaveMerchantRequest = z.infer<typeof saveMerchantRequest>;

/** A stored secret as the console sees it: never its value. */
export const secretState = z.object({ set: z.boolean(), updateTime: z.string().nullable() });
export type SecretState = z.infer<typeof secretState>;

const accountState = {
  enabled: z.boolean(),
  /** Whether every required field and secret is set (the company can be enabled). */
  complete: z.boolean(),
  /** Where this company's notifications arrive (register it on its platform); null until notifyBaseUrl is set. */
  notifyUrl: z.string().nullable(),
  updateTime: z.string().nullable(),
  updatedBy: z.string().nullable(),
};

export const merchantSettings = z.object({
  notifyBaseUrl: z.string(),
  /** Whether the server has MERCHANT_SECRET_KEY: without it no secret can be saved (sandbox only). */
  canStoreSecrets: z.boolean(),
  wechatpay: z.object({
    ...accountState,
    fields: z.object({
      mchId: z.string(),
      appId: z.string(),
      merchantSerialNo: z.string(),
      platformPublicKeyId: z.string(),
      platformPublicKey: z.string(),
      baseUrl: z.string(),
    }),
    secrets: z.object({ merchantPrivateKey: secretState, apiV3Key: secretState }),
  }),
  alipay: z.object({
    ...accountState,
    fields: z.object({ appId: z.string(), alipayPublicKey: z.string(), gateway: z.string() }),
    secrets: z.object({ appPrivateKey: secretState }),
  }),
});
export type MerchantSettings = z.infer<typeof merchantSettings>;

/** The notification address of a company under a base (trailing slashes of the base ignored). */
export function merchantNotifyUrl(base: string, provider: MerchantProvider): string | null {
  const b = base.trim().replace(/\/+$/, '');
  return b ? `${b}/pay/notify/${provider}` : null;
}
