import crypto from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  ALIPAY_DEFAULT_GATEWAY,
  fieldLabel,
  label,
  LANGS,
  MERCHANT_FIELDS,
  MERCHANT_OPTIONAL_FIELDS,
  MERCHANT_PROVIDERS,
  MERCHANT_SECRETS,
  merchantNotifyUrl,
  WECHATPAY_DEFAULT_BASE_URL,
  type MerchantFieldName,
  type MerchantProvider,
  type MerchantSecretName,
  type MerchantSettings,
  type SaveMerchantRequest,
  type SecretState,
  type Translations,
} from '@cbo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import { nameAuditTarget } from '../../platform/audit/target.js';
import { SecretBox, SecretBoxError } from '../../platform/crypto/secret-box.js';
import { sysMerchantAccount, sysParam } from './tables.js';

type Row = typeof sysMerchantAccount.$inferSelect;

/** A company's merchant account as the server uses it: plain fields (defaults applied) and its secrets opened. */
export interface MerchantAccount<P extends MerchantProvider = MerchantProvider> {
  enabled: boolean;
  fields: Record<MerchantFieldName<P>, string>;
  /** Each secret that is set, opened; one not set is absent. */
  secrets: Partial<Record<MerchantSecretName<P>, string>>;
  /** Goes up with every change of this account or of the notification base address. */
  version: number;
}

/** The ticket check of sensitive changes (ConfigService.requireTicket). */
export interface TicketCheck {
  requireTicket(p: Principal, ticket: string | undefined): Promise<void>;
}

/** Where the notification base address is kept: a plain system parameter (sys_param). */
const NOTIFY = { paramType: 'merchant', paramKey: 'notifyBaseUrl' } as const;
const DEFAULTS: Partial<Record<string, string>> = {
  baseUrl: WECHATPAY_DEFAULT_BASE_URL,
  gateway: ALIPAY_DEFAULT_GATEWAY,
};
const PRIVATE_KEYS: readonly string[] = ['merchantPrivateKey', 'appPrivateKey'];
const PUBLIC_KEYS: readonly string[] = ['platformPublicKey', 'alipayPublicKey'];

/** The associated data a secret is sealed with: a value moved to another company or field does not open. */
const contextOf = (provider: string, name: string) => `merchant:${provider}:${name}`;

/**
 * Merchant accounts of WeChat Pay and Alipay (docs/decisions/merchant-accounts.md). Secrets are
 * sealed with the SecretBox before they reach the database and leave this service only through
 * `merchantAccount` (for the server's adapters); the console reads `{ set, updateTime }`.
 */
export class MerchantAccountService {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly tickets: TicketCheck,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  ) {}

  // ------------------------------------------------------------------------- console

  async settings(): Promise<MerchantSettings> {
    const [rows, base] = await Promise.all([this.db.select().from(sysMerchantAccount), this.readNotifyBase(this.db)]);
    const byProvider = new Map(rows.map((r) => [r.provider, r]));
    const state = <P extends MerchantProvider>(provider: P) => {
      const row = byProvider.get(provider);
      const fields = Object.fromEntries(MERCHANT_FIELDS[provider].map((f) => [f, row?.fields[f] ?? ''])) as Record<
        MerchantFieldName<P>,
        string
      >;
      // Only whether each secret is set and since when: the value never leaves for the console.
      const secrets = Object.fromEntries(
        MERCHANT_SECRETS[provider].map((s): [string, SecretState] => {
          const stored = row?.secrets[s];
          return [s, { set: !!stored, updateTime: stored?.updatedAt ?? null }];
        }),
      ) as Record<MerchantSecretName<P>, SecretState>;
      return {
        enabled: row?.enabled ?? false,
        complete: missingOf(provider, row?.fields ?? {}, row?.secrets ?? {}).length === 0,
        notifyUrl: merchantNotifyUrl(base, provider),
        // A row made only to carry a version (the notification base changed) was never saved by anyone.
        updateTime: row?.updatedBy ? row.updatedAt.toISOString() : null,
        updatedBy: row?.updatedBy ?? null,
        fields,
        secrets,
      };
    };
    return {
      notifyBaseUrl: base,
      canStoreSecrets: this.box.canSeal,
      wechatpay: state('wechatpay'),
      alipay: state('alipay'),
    };
  }

  /**
   * Saves the parts sent (a company's account, the notification base). A blank secret keeps the stored
   * one, `clearSecrets` removes one. Refused as a whole, before anything is written, when a key does not
   * parse, a secret cannot be sealed, or an enabled company would lack what it needs.
   */
  async save(p: Principal, req: SaveMerchantRequest): Promise<MerchantSettings> {
    nameAuditTarget('system.settingsGroup.merchant');
    await this.tickets.requireTicket(p, req.ticket);
    const parts = MERCHANT_PROVIDERS.filter((k) => req[k] !== undefined);
    // Keys are checked before the transaction: parsing touches no row.
    for (const provider of parts) {
      const input = req[provider] as Record<string, unknown>;
      for (const [name, value] of Object.entries(input)) {
        if (typeof value !== 'string' || value === '') continue;
        if (PRIVATE_KEYS.includes(name) && !privateKeyPem(value)) throw keyError('MERCHANT_PRIVATE_KEY_INVALID', name);
        if (PUBLIC_KEYS.includes(name) && !publicKeyPem(value)) throw keyError('MERCHANT_PUBLIC_KEY_INVALID', name);
      }
      const sendsSecret = MERCHANT_SECRETS[provider].some((s) => typeof input[s] === 'string' && input[s] !== '');
      if ((sendsSecret || input.enabled === true) && !this.box.canSeal)
        throw new AppError('MERCHANT_SECRET_KEY_MISSING');
    }
    const now = new Date();
    await this.db.transaction(async (tx) => {
      // Every row locked in one order, so two saves at once queue instead of overwriting each other.
      await this.ensureRows(tx);
      const rows = await tx
        .select()
        .from(sysMerchantAccount)
        .where(inArray(sysMerchantAccount.provider, [...MERCHANT_PROVIDERS]))
        .orderBy(sysMerchantAccount.provider)
        .for('update');
      const byProvider = new Map(rows.map((r) => [r.provider as MerchantProvider, r]));
      const oldBase = await this.readNotifyBase(tx);
      const base = req.notifyBaseUrl === undefined ? oldBase : req.notifyBaseUrl.replace(/\/+$/, '');
      const next = new Map<MerchantProvider, Pick<Row, 'enabled' | 'fields' | 'secrets'>>();
      for (const provider of MERCHANT_PROVIDERS) {
        const row = byProvider.get(provider)!;
        const input = req[provider];
        next.set(provider, input ? this.merge(provider, row, input, now) : row);
      }
      for (const [provider, v] of next) {
        if (!v.enabled) continue;
        const missing = missingOf(provider, v.fields, v.secrets);
        if (missing.length)
          throw new AppError('MERCHANT_INCOMPLETE', { provider: providerLabel(provider), fields: joinLabels(missing) });
        if (!base) throw new AppError('MERCHANT_NOTIFY_URL_REQUIRED');
        // A company saved enabled must have secrets its adapter can open (a key changed without its previous one);
        // one not in this save is left to its own card.
        if (!req[provider]) continue;
        for (const [name, stored] of Object.entries(v.secrets)) {
          try {
            this.box.open(stored.sealed, contextOf(provider, name));
          } catch (e) {
            if (!(e instanceof SecretBoxError)) throw e;
            throw new AppError('MERCHANT_SECRET_UNREADABLE', { provider: providerLabel(provider) });
          }
        }
      }
      const baseChanged = base !== oldBase;
      if (baseChanged) await this.writeNotifyBase(tx, base, now);
      for (const provider of MERCHANT_PROVIDERS) {
        if (!req[provider] && !baseChanged) continue;
        const v = next.get(provider)!;
        await tx
          .update(sysMerchantAccount)
          .set({
            enabled: v.enabled,
            fields: v.fields,
            secrets: v.secrets,
            version: sql`${sysMerchantAccount.version} + 1`,
            ...(req[provider] ? { updatedAt: now, updatedBy: p.userName } : {}),
          })
          .where(eq(sysMerchantAccount.provider, provider));
      }
    });
    return this.settings();
  }

  private merge(
    provider: MerchantProvider,
    row: Row,
    input: NonNullable<SaveMerchantRequest[MerchantProvider]>,
    now: Date,
  ): Pick<Row, 'enabled' | 'fields' | 'secrets'> {
    const values = input as Record<string, unknown>;
    const fields: Record<string, string> = {};
    for (const f of MERCHANT_FIELDS[provider]) {
      const v = String(values[f] ?? '').trim();
      // Keys are kept as PEM whatever form they came in (bare base64 wrapped), so every reader gets one form.
      if (v && PUBLIC_KEYS.includes(f)) fields[f] = publicKeyPem(v)!;
      else fields[f] = f === 'baseUrl' ? v.replace(/\/+$/, '') : v;
    }
    const secrets = { ...row.secrets };
    for (const s of input.clearSecrets ?? []) delete secrets[s];
    for (const s of MERCHANT_SECRETS[provider]) {
      const v = values[s];
      if (typeof v !== 'string' || v === '') continue; // blank keeps the stored secret
      const plain = PRIVATE_KEYS.includes(s) ? privateKeyPem(v)! : v;
      secrets[s] = { sealed: this.box.seal(plain, contextOf(provider, s)), updatedAt: now.toISOString() };
    }
    return { enabled: input.enabled, fields, secrets };
  }

  // -------------------------------------------------------------------------- server

  /**
   * A company's account for its adapter: null until it was first saved. Throws
   * MERCHANT_SECRET_UNREADABLE when a stored secret does not open with the server's keys.
   */
  async merchantAccount<P extends MerchantProvider>(provider: P): Promise<MerchantAccount<P> | null> {
    const [row] = await this.db.select().from(sysMerchantAccount).where(eq(sysMerchantAccount.provider, provider));
    if (!row) return null;
    const fields = Object.fromEntries(
      MERCHANT_FIELDS[provider].map((f) => [f, row.fields[f] || DEFAULTS[f] || '']),
    ) as Record<MerchantFieldName<P>, string>;
    const secrets: Partial<Record<string, string>> = {};
    for (const s of MERCHANT_SECRETS[provider]) {
      const stored = row.secrets[s];
      if (!stored) continue;
      try {
        secrets[s] = this.box.open(stored.sealed, contextOf(provider, s));
      } catch (e) {
        if (!(e instanceof SecretBoxError)) throw e;
        this.log.warn({ provider, secret: s, reason: e.reason }, 'merchant secret does not open');
        throw new AppError('MERCHANT_SECRET_UNREADABLE', { provider: providerLabel(provider) });
      }
    }
    return { enabled: row.enabled, fields, secrets: secrets as MerchantAccount<P>['secrets'], version: row.version };
  }

  /** The public origin the companies call back (no trailing slash); null when not set. */
  async notifyBaseUrl(): Promise<string | null> {
    return (await this.readNotifyBase(this.db)) || null;
  }

  /** One number that goes up whenever any account or the notification base changes (in any process). */
  async merchantVersion(): Promise<number> {
    const [r] = await this.db
      .select({ v: sql<string>`coalesce(sum(${sysMerchantAccount.version}), 0)` })
      .from(sysMerchantAccount);
    return Number(r?.v ?? 0);
  }

  /**
   * Rotation, at start: every secret sealed with another key than MERCHANT_SECRET_KEY (the previous
   * one) is sealed again under it, in one transaction with the rows locked; run again it finds nothing
   * to do. A secret no key opens is left as it is and said in the log (its name, never a value).
   */
  async resealAll(): Promise<number> {
    if (!this.box.canSeal) return 0;
    let resealed = 0;
    await this.db.transaction(async (tx) => {
      const rows = await tx.select().from(sysMerchantAccount).orderBy(sysMerchantAccount.provider).for('update');
      for (const row of rows) {
        const secrets = { ...row.secrets };
        let changed = false;
        for (const [name, stored] of Object.entries(row.secrets)) {
          if (!this.box.needsReseal(stored.sealed)) continue;
          const context = contextOf(row.provider, name);
          try {
            secrets[name] = { ...stored, sealed: this.box.seal(this.box.open(stored.sealed, context), context) };
            changed = true;
            resealed++;
          } catch (e) {
            if (!(e instanceof SecretBoxError)) throw e;
            this.log.warn(
              { provider: row.provider, secret: name, reason: e.reason },
              'merchant secret not re-sealed: no configured key opens it (enter it again in Pay settings)',
            );
          }
        }
        // The opened values are unchanged: the version stays, adapters need no rebuild.
        if (changed)
          await tx.update(sysMerchantAccount).set({ secrets }).where(eq(sysMerchantAccount.provider, row.provider));
      }
    });
    if (resealed)
      this.log.info({ resealed, keyId: this.box.currentKeyId }, 'merchant secrets sealed under the current key');
    return resealed;
  }

  // ----------------------------------------------------------------------- storage

  private async ensureRows(tx: Db): Promise<void> {
    await tx
      .insert(sysMerchantAccount)
      .values(MERCHANT_PROVIDERS.map((provider) => ({ provider })))
      .onConflictDoNothing();
  }

  private async readNotifyBase(db: Db): Promise<string> {
    const [row] = await db
      .select({ v: sysParam.paramValue })
      .from(sysParam)
      .where(sql`${sysParam.paramType} = ${NOTIFY.paramType} and ${sysParam.paramKey} = ${NOTIFY.paramKey}`);
    return row?.v ?? '';
  }

  private async writeNotifyBase(tx: Db, value: string, now: Date): Promise<void> {
    await tx
      .insert(sysParam)
      .values({ ...NOTIFY, paramValue: value, remark: 'Public origin the payment companies call back' })
      .onConflictDoUpdate({
        target: [sysParam.paramType, sysParam.paramKey],
        set: { paramValue: value, updatedAt: now },
      });
  }
}

/** Required fields and secrets of a company that are not set. */
function missingOf(
  provider: MerchantProvider,
  fields: Record<string, string>,
  secrets: Record<string, unknown>,
): string[] {
  return [
    ...MERCHANT_FIELDS[provider].filter((f) => !MERCHANT_OPTIONAL_FIELDS.includes(f) && !fields[f]),
    ...MERCHANT_SECRETS[provider].filter((s) => !secrets[s]),
  ];
}

function providerLabel(provider: MerchantProvider): Translations {
  return Object.fromEntries(LANGS.map((l) => [l, label('system', 'merchantProvider', provider, l)])) as Translations;
}

/** Field names in each language, joined as that language lists them. */
function joinLabels(names: string[]): Translations {
  const labels = names.map((n) => fieldLabel(n) ?? { zh_CN: n, zh_TW: n, en_US: n });
  return {
    zh_CN: labels.map((l) => l.zh_CN).join('、'),
    zh_TW: labels.map((l) => l.zh_TW).join('、'),
    en_US: labels.map((l) => l.en_US).join(', '),
  };
}

function keyError(name: 'MERCHANT_PRIVATE_KEY_INVALID' | 'MERCHANT_PUBLIC_KEY_INVALID', field: string): AppError {
  return new AppError(name, { field: fieldLabel(field) ?? field });
}

const bareBase64 = (text: string) => !text.includes('-----BEGIN');
const der = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'base64');

/**
 * An RSA private key as PKCS#8 PEM, from PEM (PKCS#8 or PKCS#1) or bare base64 (PKCS#8, else PKCS#1);
 * null when it does not parse or is not RSA (both companies sign with RSA-SHA256).
 */
export function privateKeyPem(text: string): string | null {
  const t = text.trim();
  const attempts: crypto.PrivateKeyInput[] = bareBase64(t)
    ? [
        { key: der(t), format: 'der', type: 'pkcs8' },
        { key: der(t), format: 'der', type: 'pkcs1' },
      ]
    : [{ key: t, format: 'pem' }];
  for (const input of attempts) {
    try {
      const key = crypto.createPrivateKey(input);
      if (key.asymmetricKeyType !== 'rsa') return null;
      return key.export({ format: 'pem', type: 'pkcs8' }).toString().trim();
    } catch {
      // the next form, or not a key
    }
  }
  return null;
}

/** An RSA public key as SPKI PEM, from PEM (a public key, never a private one) or bare base64 (SPKI). */
export function publicKeyPem(text: string): string | null {
  const t = text.trim();
  if (/PRIVATE KEY/.test(t)) return null; // a private key pasted here would be derived from, and leak into, a plain field
  try {
    const key = bareBase64(t)
      ? crypto.createPublicKey({ key: der(t), format: 'der', type: 'spki' })
      : crypto.createPublicKey({ key: t, format: 'pem' });
    if (key.asymmetricKeyType !== 'rsa') return null;
    return key.export({ format: 'pem', type: 'spki' }).toString().trim();
  } catch {
    return null;
  }
}
