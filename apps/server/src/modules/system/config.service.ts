import { and, eq } from 'drizzle-orm';
import type {
  AddressConfig,
  AppPlatformInfo,
  BannerItem,
  DevicePayItem,
  PayConfig,
  RangeConfig,
  SaveConfigRequest,
  SysConfig,
  Translations,
  BrokerEndpoint,
} from '@cbo/contract';
import { fieldLabel, saveConfigRequest, tr } from '@cbo/contract';
import type { bannerInput, devicePayInput, Labels } from '@cbo/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import { sysDevicePay, sysParam } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

import { yuan } from '../../platform/money.js';
import {
  CONFIG_DEFAULTS,
  CONFIG_TICKET_SECONDS,
  decode,
  encode,
  UNREADABLE_TYPES,
  type ConfigGroup,
  type GroupValue,
} from './config.defaults.js';
import { ConfigLists } from './config.lists.js';
import { checkOperation, checkPay, lockRanges } from './config.ranges.js';

export { CONFIG_DEFAULTS, CONFIG_TICKET_SECONDS, type ConfigGroup } from './config.defaults.js';

/*
 * The configuration is one entry (routes, index.ts, other modules through app.ts) over parts:
 *   config.defaults.ts  the groups, their values on a fresh install, how a value is stored
 *   config.ranges.ts    the range settings as they bound values, and their lock
 *   config.lists.ts     device payment configs and banners (their own tables)
 *   config.service.ts   this façade: the groups' values, codes and tickets for sensitive changes, ranges
 */

/** The code-issuing machinery of the identity module (VerifyCodeService), as this module needs it. */
export interface CodeIssuer {
  accountMobile(accountId: number): Promise<{ areaCode: string; mobile: string } | null>;
  send(
    accountId: number,
    purpose: string,
    to: { areaCode: string; mobile: string },
  ): Promise<{ maskedMobile: string; expireSeconds: number; resendSeconds: number }>;
  consume(accountId: number, purpose: string, to: { areaCode: string; mobile: string }, code: string): Promise<void>;
  issueTicket(
    accountId: number,
    purpose: string,
    to: { areaCode: string; mobile: string },
    ttlSeconds: number,
  ): Promise<string>;
  hasTicket(accountId: number, purpose: string, ticket: string | undefined): Promise<boolean>;
}

const CODE_PURPOSE = 'configCode';
const TICKET_PURPOSE = 'ticketConfig';
const SYS_MOBILE_PURPOSE = 'sysMobile';

type DevicePayValues = z.infer<typeof devicePayInput>;
type BannerValues = z.infer<typeof bannerInput>;

/**
 * The global configuration. Groups of values live in sys_param (paramType = group,
 * one row per key); device payment configs and banners have their own tables. Sensitive changes
 * (pay settings, device payment configs, the code mobile, extended function activation) need a
 * ticket from a checked SMS code.
 */
export class ConfigService {
  private readonly lists: ConfigLists;

  constructor(
    private readonly db: Db,
    private readonly codes: CodeIssuer,
    private readonly broker: BrokerLookup = { endpoint: () => null },
  ) {
    this.lists = new ConfigLists(db, this);
  }

  /** Every value of every group on a fresh install; an operator's value is never overwritten. */
  async seedDefaults(): Promise<void> {
    for (const [group, values] of Object.entries(CONFIG_DEFAULTS)) {
      for (const [key, value] of Object.entries(values)) {
        const isPublic = group === 'basis' && ['brandName', 'navLogo', 'footerMessage'].includes(key);
        await this.db
          .insert(sysParam)
          .values({ paramType: group, paramKey: key, paramValue: encode(value), isPublic, remark: null })
          .onConflictDoNothing();
      }
    }
  }

  async read<G extends ConfigGroup>(group: G, db: Db = this.db): Promise<GroupValue<G>> {
    const rows = await db
      .select({ k: sysParam.paramKey, v: sysParam.paramValue })
      .from(sysParam)
      .where(eq(sysParam.paramType, group));
    return groupValue(group, new Map(rows.map((r) => [r.k, r.v])));
  }

  /** A group's values from its stored rows (key to stored text): each value missing is its default. */
  valuesOf<G extends ConfigGroup>(group: G, stored: Map<string, string | null>): GroupValue<G> {
    return groupValue(group, stored);
  }

  private async write(db: Db, group: ConfigGroup, values: Record<string, unknown>): Promise<void> {
    for (const [key, value] of Object.entries(values)) {
      await db
        .insert(sysParam)
        .values({ paramType: group, paramKey: key, paramValue: encode(value) })
        .onConflictDoUpdate({
          target: [sysParam.paramType, sysParam.paramKey],
          set: { paramValue: encode(value), updatedAt: new Date() },
        });
    }
  }

  async valueByKey(paramType: string, paramKey: string): Promise<{ paramValue: string | null }> {
    if (UNREADABLE_TYPES.includes(paramType)) throw new AppError('PARAM_NOT_READABLE');
    const [row] = await this.db
      .select({ paramValue: sysParam.paramValue })
      .from(sysParam)
      .where(and(eq(sysParam.paramType, paramType), eq(sysParam.paramKey, paramKey)));
    if (!row) throw new AppError('PARAM_NOT_READABLE');
    return row;
  }

  /** PUT root: basis, operation or other; operation values must respect the range settings. */
  async save(input: SaveConfigRequest): Promise<null> {
    // Callers without HTTP (the demo, tests) get the contract's own check: a stored group always
    // reads back through its schema (a value out of range would make its read answer 500).
    const parsed = saveConfigRequest.safeParse(input);
    if (!parsed.success)
      throw new Error(
        `config.save(${input.paramType}): ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    const req = parsed.data;
    nameAuditTarget(settingsGroup(req.paramType));
    await this.db.transaction(async (tx) => {
      if (req.paramType === 'operation') {
        await lockRanges(tx);
        checkOperation(req.values, await this.read('range', tx));
      }
      await this.write(tx, req.paramType, req.values);
    });
    return null;
  }

  async savePay(p: Principal, ticket: string, values: PayConfig): Promise<null> {
    nameAuditTarget(settingsGroup('pay'));
    await this.requireTicket(p, ticket);
    await this.db.transaction(async (tx) => {
      await lockRanges(tx);
      checkPay(values, await this.read('range', tx));
      await this.write(tx, 'pay', values);
    });
    return null;
  }

  async saveAddress(values: AddressConfig): Promise<null> {
    nameAuditTarget(settingsGroup('address'));
    await this.write(this.db, 'address', values);
    return null;
  }

  async saveStoreUrl(storeUrl: string): Promise<null> {
    nameAuditTarget(settingsGroup('store'));
    await this.write(this.db, 'store', { storeUrl });
    return null;
  }

  /** The customer app's view of the platform: read at each call, so a saved setting shows at once. */
  async appInfo(): Promise<AppPlatformInfo> {
    const [basis, other] = await Promise.all([this.read('basis'), this.read('other')]);
    return { brandName: basis.brandName, currency: basis.currency, ...other };
  }

  async sys(): Promise<SysConfig> {
    const [address, store, security] = await Promise.all([
      this.read('address'),
      this.read('store'),
      this.read('security'),
    ]);
    return {
      address,
      broker: this.broker.endpoint(),
      storeUrl: store.storeUrl,
      codeMobile: security.codeMobile ? `+${security.codeAreaCode} ${mask(security.codeMobile)}` : null,
    };
  }

  // ------------------------------------------------------------------ codes and tickets

  /** Where codes for sensitive changes go: the system code mobile when set, else the caller's own. */
  private async codeTarget(p: Principal): Promise<{ areaCode: string; mobile: string }> {
    const security = await this.read('security');
    if (security.codeMobile) return { areaCode: security.codeAreaCode, mobile: security.codeMobile };
    const own = await this.codes.accountMobile(p.accountId);
    if (!own) throw new AppError('NO_MOBILE');
    return own;
  }

  async sendCode(p: Principal) {
    return this.codes.send(p.accountId, CODE_PURPOSE, await this.codeTarget(p));
  }

  async checkCode(p: Principal, code: string): Promise<{ ticket: string; expireSeconds: number }> {
    const to = await this.codeTarget(p);
    await this.codes.consume(p.accountId, CODE_PURPOSE, to, code);
    return {
      ticket: await this.codes.issueTicket(p.accountId, TICKET_PURPOSE, to, CONFIG_TICKET_SECONDS),
      expireSeconds: CONFIG_TICKET_SECONDS,
    };
  }

  /** A sensitive change: the caller must hold an open ticket from checkCode. */
  async requireTicket(p: Principal, ticket: string | undefined): Promise<void> {
    if (!(await this.codes.hasTicket(p.accountId, TICKET_PURPOSE, ticket)))
      throw new AppError('CONFIG_TICKET_REQUIRED');
  }

  async sendSysMobileCode(p: Principal, req: { ticket: string; areaCode: string; mobile: string }) {
    await this.requireTicket(p, req.ticket);
    nameAuditTarget(`+${req.areaCode.replace(/^\+/, '')} ${mask(req.mobile)}`);
    return this.codes.send(p.accountId, SYS_MOBILE_PURPOSE, {
      areaCode: req.areaCode.replace(/^\+/, ''),
      mobile: req.mobile,
    });
  }

  async setSysMobile(
    p: Principal,
    req: { ticket: string; clear: true } | { ticket: string; areaCode: string; mobile: string; code: string },
  ): Promise<SysConfig> {
    await this.requireTicket(p, req.ticket);
    nameAuditTarget(
      'clear' in req ? settingsGroup('security') : `+${req.areaCode.replace(/^\+/, '')} ${mask(req.mobile)}`,
    );
    if ('clear' in req) {
      await this.write(this.db, 'security', { codeAreaCode: '', codeMobile: '' });
    } else {
      const to = { areaCode: req.areaCode.replace(/^\+/, ''), mobile: req.mobile };
      await this.codes.consume(p.accountId, SYS_MOBILE_PURPOSE, to, req.code);
      await this.write(this.db, 'security', { codeAreaCode: to.areaCode, codeMobile: to.mobile });
    }
    return this.sys();
  }

  // ------------------------------------------------------------------------- ranges

  /** /setRnge: refused when a value already configured would fall outside the new ranges. */
  async saveRange(r: RangeConfig): Promise<null> {
    nameAuditTarget(settingsGroup('range'));
    await this.db.transaction(async (tx) => {
      await lockRanges(tx);
      // One after the other: a transaction is one connection, which runs one statement at a time.
      const operation = await this.read('operation', tx);
      const pay = await this.read('pay', tx);
      const excluded = (field: string | Translations, value: number, range: { min: number; max: number }) => {
        const named = typeof field === 'string' ? (fieldLabel(field) ?? field) : field;
        if (value < range.min || value > range.max)
          throw new AppError('RANGE_EXCLUDES_CONFIG', { field: named, value: yuan(value) });
      };
      for (const k of ['prepaid', 'firstThreeHours', 'maxTwelveHours'] as const)
        excluded(`cablePackage.${k}`, operation.cablePackage[k], r.cablePackageAmount);
      excluded('bluetoothHourlyLimit', pay.bluetoothHourlyLimit, r.hourlyPrice);
      excluded('bluetoothDailyCap', pay.bluetoothDailyCap, r.dailyCap);
      const deposits = await tx
        .select({ name: sysDevicePay.name, amount: sysDevicePay.amount })
        .from(sysDevicePay)
        .where(eq(sysDevicePay.payMode, 'deposit'));
      for (const d of deposits)
        excluded(tr(`押金（${d.name}）`, `押金（${d.name}）`, `Deposit (${d.name})`), d.amount, r.deposit);
      await this.write(tx, 'range', r);
    });
    return null;
  }

  // ------------------------------------------------------------------- device payment configs and banners (config.lists.ts)

  devicePayList(): Promise<DevicePayItem[]> {
    return this.lists.devicePayList();
  }

  /** The configuration that applies to a device of this type (ConfigLists.devicePayFor); null when none is enabled. */
  devicePayFor(deviceType: DevicePayItem['deviceType']): Promise<DevicePayItem | null> {
    return this.lists.devicePayFor(deviceType);
  }

  devicePayByIndex(index: number): Promise<DevicePayItem> {
    return this.lists.devicePayByIndex(index);
  }

  addDevicePay(p: Principal, ticket: string, v: DevicePayValues): Promise<DevicePayItem> {
    return this.lists.addDevicePay(p, ticket, v);
  }

  updateDevicePay(p: Principal, ticket: string, id: number, v: DevicePayValues): Promise<DevicePayItem> {
    return this.lists.updateDevicePay(p, ticket, id, v);
  }

  /** DELETE delete: a device payment config (sensitive, needs the ticket) or a banner. */
  delete(p: Principal, kind: 'devicePay' | 'banner', id: number, ticket: string | undefined): Promise<null> {
    return this.lists.delete(p, kind, id, ticket);
  }

  bannerList(): Promise<BannerItem[]> {
    return this.lists.bannerList();
  }

  addBanner(v: BannerValues): Promise<BannerItem> {
    return this.lists.addBanner(v);
  }

  updateBanner(id: number, v: BannerValues): Promise<BannerItem> {
    return this.lists.updateBanner(id, v);
  }

  /** For other modules (fleet, rental): the values they bill and connect by. */
  async values<G extends 'operation' | 'pay' | 'address' | 'range'>(group: G): Promise<GroupValue<G>> {
    return this.read(group);
  }
}

/** A settings group as an operation-log entry names it: the address of its label in the contract (auditTargetIn). */
function settingsGroup(group: keyof Labels['system']['settingsGroup']): string {
  return `system.settingsGroup.${group}`;
}

function mask(mobile: string): string {
  return mobile.length >= 8 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : `****${mobile.slice(-2)}`;
}

/** Where the device gateway's broker listens (the fleet module's gateway, passed in by app.ts). */
export interface BrokerLookup {
  endpoint(): BrokerEndpoint | null;
}

/** A group's values: what is stored (key to stored text), each value missing its default. */
function groupValue<G extends ConfigGroup>(group: G, stored: Map<string, string | null>): GroupValue<G> {
  const defaults = CONFIG_DEFAULTS[group] as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, d] of Object.entries(defaults)) out[k] = stored.has(k) ? decode(stored.get(k) ?? null, d) : d;
  return out as GroupValue<G>;
}
