import type { FastifyBaseLogger } from 'fastify';
import type { Companies } from './payment-router.js';
import type { PaymentProvider } from './payments.js';
import { WechatPayProvider, checkWechatPayMerchant, type WechatPayMerchant } from './providers/wechatpay.js';
import { AlipayProvider, checkAlipayMerchant, type AlipayMerchant } from './providers/alipay.js';

/** The real payment companies this product speaks to, by the name their routes and settings use. */
export const COMPANIES = ['wechatpay', 'alipay'] as const;
export type CompanyName = (typeof COMPANIES)[number];

/** A company's merchant account as the system module stores it (secrets opened for this process only). */
export interface MerchantAccount {
  enabled: boolean;
  fields: Record<string, string | undefined>;
  secrets: Record<string, string | undefined>;
}

/** What the order module reads of the merchant settings (system module; app.ts wires it). */
export interface MerchantAccounts {
  /** Changes whenever any merchant account is saved (another process's save too). */
  merchantVersion(): Promise<number>;
  /** The account with its secrets opened; null when never saved; throws when a secret cannot be opened. */
  merchantAccount(provider: CompanyName): Promise<MerchantAccount | null>;
  /** The public origin the companies call (<origin>/pay/notify/<provider>); null when not set. */
  notifyBaseUrl(): Promise<string | null>;
}

type Build = (settings: Record<string, string | undefined>) => { problems: string[]; make: () => PaymentProvider };

/** How each company's adapter is made from its settings (fields and secrets together). */
const BUILDERS: Partial<Record<CompanyName, Build>> = {
  wechatpay: (s) => {
    const m = s as unknown as WechatPayMerchant;
    return { problems: checkWechatPayMerchant(m), make: () => new WechatPayProvider(m) };
  },
  alipay: (s) => {
    const m = s as unknown as AlipayMerchant;
    return { problems: checkAlipayMerchant(m).map((p) => p.message), make: () => new AlipayProvider(m) };
  },
};

/** How often a process asks whether the merchant settings changed (another process may have saved them). */
const RECHECK_MS = 5_000;

/**
 * The companies of the merchant settings, as the payment router asks for them: each account with
 * complete, valid settings becomes an adapter (enabled when the account is switched on and the
 * notification origin is set); one whose settings do not check is left out and logged. Rebuilt
 * when the settings' version changes, asked at most every RECHECK_MS, so every process follows a
 * save within seconds.
 */
export function merchantCompanies(src: MerchantAccounts, log: FastifyBaseLogger): Companies {
  let cache: { version: number; at: number; map: Map<string, { provider: PaymentProvider; enabled: boolean }> } | null =
    null;
  let building: Promise<void> | null = null;
  const build = async () => {
    const version = await src.merchantVersion();
    if (cache && cache.version === version) {
      cache.at = Date.now();
      return;
    }
    const map = new Map<string, { provider: PaymentProvider; enabled: boolean }>();
    const base = await src.notifyBaseUrl();
    for (const name of COMPANIES) {
      const builder = BUILDERS[name];
      const account = builder
        ? await src.merchantAccount(name).catch((err: unknown) => {
            log.error({ err, provider: name }, 'a merchant account could not be read (its secrets do not open)');
            return null;
          })
        : null;
      if (!builder || !account) continue;
      const notifyUrl = base ? `${base.replace(/\/+$/, '')}/pay/notify/${name}` : '';
      const settings = { ...account.fields, ...account.secrets, notifyUrl };
      const { problems, make } = builder(settings);
      if (problems.length) {
        if (account.enabled)
          log.error({ provider: name, problems }, 'a payment company is enabled with settings that do not check');
        continue;
      }
      try {
        map.set(name, { provider: make(), enabled: account.enabled && Boolean(base) });
      } catch (err) {
        log.error({ err, provider: name }, 'a payment company could not be set up from its settings');
      }
    }
    cache = { version, at: Date.now(), map };
  };
  return async () => {
    if (!cache || Date.now() - cache.at >= RECHECK_MS) {
      building ??= build().finally(() => (building = null));
      await building;
    }
    return cache!.map;
  };
}
