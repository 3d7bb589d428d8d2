import { and, asc, eq, sql } from 'drizzle-orm';
import type {
  AddressConfig,
  AppPlatformInfo,
  BannerItem,
  BasisConfig,
  DevicePayItem,
  OperationConfig,
  OtherConfig,
  PayConfig,
  RangeConfig,
  SaveConfigRequest,
  SysConfig,
  WithdrawalSetting,
  Translations,
  BrokerEndpoint,
} from '@cbo/contract';
import { fieldLabel, saveConfigRequest, SMS_CONFIG_DEFAULTS, tr } from '@cbo/contract';
import type { bannerInput, devicePayInput, Labels } from '@cbo/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import { sysBanner, sysDevicePay, sysParam } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

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

/**
 * Values are checked against the range settings, and ranges against the stored values, under one
 * transaction lock: a range saved at the same moment as a value can never leave that value outside.
 */
async function lockRanges(tx: Pick<Db, 'execute'>): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727102)`);
}

/** A checked code buys a ticket good for sensitive changes for this long (docs/decisions/system-configuration.md). */
export const CONFIG_TICKET_SECONDS = 600;
const CODE_PURPOSE = 'configCode';
const TICKET_PURPOSE = 'ticketConfig';
const SYS_MOBILE_PURPOSE = 'sysMobile';

const WITHDRAWAL_DEFAULT: WithdrawalSetting = {
  methods: ['wechat', 'alipay'],
  dailyCount: 3,
  singleCap: 5_000_000,
  autoLimit: null,
  minAmount: 10_000,
  feePercent: 0,
  settlementDays: 7,
  withdrawalCycle: 'daily',
};

/**
 * Values on a fresh install. Money in cents. Billing examples: 3 free minutes,
 * 1 an hour capped at 10 a day for Bluetooth chargers, a 99 deposit ceiling.
 */
export const CONFIG_DEFAULTS = {
  basis: {
    brandName: 'ChargeHub',
    navLogo: '/logo.svg',
    footerMessage: '© ChargeHub',
    mapType: 'gaode',
    mapKey: '',
    currency: 'CNY',
  } satisfies BasisConfig,
  operation: {
    freeMinutes: 3,
    minFreeMinutes: 0,
    maxFreeMinutes: 60,
    maxPowerBanksPerRental: 1,
    operatorOrderVisibleDays: 30,
    cablePackage: { prepaid: 1000, firstThreeHours: 300, maxTwelveHours: 1000 },
  } satisfies OperationConfig,
  pay: {
    bluetoothPrepayMax: 9900,
    bluetoothPrepayDefault: 2000,
    bluetoothDailyCap: 1000,
    bluetoothHourlyLimit: 100,
    depositRefundFeePercent: 0,
    taxFeePercent: 0,
    refundSecondApprovalAbove: 20000,
    withdrawal: {
      operator: WITHDRAWAL_DEFAULT,
      serviceProvider: WITHDRAWAL_DEFAULT,
      agentOutlet: WITHDRAWAL_DEFAULT,
      directOutlet: WITHDRAWAL_DEFAULT,
      agent: WITHDRAWAL_DEFAULT,
    },
  } satisfies PayConfig,
  other: {
    servicePhone: '',
    serviceHours: '',
    userAgreementUrl: '',
    privacyPolicyUrl: '',
    appDownloadUrl: '',
  } satisfies OtherConfig,
  address: { qrCodeBaseUrl: '', deviceServerHost: '', deviceServerPort: 1883 } satisfies AddressConfig,
  store: { storeUrl: '' },
  security: { codeAreaCode: '', codeMobile: '' },
  /** Text budgets (docs/decisions/customers.md, "One phone, one customer"). */
  sms: SMS_CONFIG_DEFAULTS,
  range: {
    hourlyPrice: { min: 0, max: 10_000 },
    dailyCap: { min: 0, max: 100_000 },
    deposit: { min: 0, max: 100_000 },
    cablePackageAmount: { min: 0, max: 100_000 },
  } satisfies RangeConfig,
};
export type ConfigGroup = keyof typeof CONFIG_DEFAULTS;
type GroupValue<G extends ConfigGroup> = (typeof CONFIG_DEFAULTS)[G];

/** Parameters findValueByKey never answers: the code mobile is personal data. */
const UNREADABLE_TYPES: readonly string[] = ['security'];

/** Strings are stored as they are (findValueByKey answers them raw); anything else as JSON. */
function encode(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}
function decode(raw: string | null, fallback: unknown): unknown {
  if (typeof fallback === 'string') return raw ?? fallback;
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw);
  } catch {
    return fallback;
  }
}

const cents = (v: number) => (v / 100).toFixed(2);

type DevicePayValues = z.infer<typeof devicePayInput>;
type BannerValues = z.infer<typeof bannerInput>;

/**
 * The global configuration. Groups of values live in sys_param (paramType = group,
 * one row per key); device payment configs and banners have their own tables. Sensitive changes
 * (pay settings, device payment configs, the code mobile, extended function activation) need a
 * ticket from a checked SMS code.
 */
export class ConfigService {
  constructor(
    private readonly db: Db,
    private readonly codes: CodeIssuer,
    private readonly broker: BrokerLookup = { endpoint: () => null },
  ) {}

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
    const defaults = CONFIG_DEFAULTS[group] as Record<string, unknown>;
    const rows = await db
      .select({ k: sysParam.paramKey, v: sysParam.paramValue })
      .from(sysParam)
      .where(eq(sysParam.paramType, group));
    const stored = new Map(rows.map((r) => [r.k, r.v]));
    const out: Record<string, unknown> = {};
    for (const [k, d] of Object.entries(defaults)) out[k] = stored.has(k) ? decode(stored.get(k) ?? null, d) : d;
    return out as GroupValue<G>;
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
        this.checkOperation(req.values, await this.read('range', tx));
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
      this.checkPay(values, await this.read('range', tx));
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

  private outOfRange(field: string, value: number, range: { min: number; max: number }): void {
    if (value < range.min || value > range.max)
      throw new AppError('CONFIG_OUT_OF_RANGE', {
        field: fieldLabel(field) ?? field,
        min: cents(range.min),
        max: cents(range.max),
      });
  }

  private checkOperation(v: OperationConfig, r: RangeConfig): void {
    for (const k of ['prepaid', 'firstThreeHours', 'maxTwelveHours'] as const)
      this.outOfRange(`cablePackage.${k}`, v.cablePackage[k], r.cablePackageAmount);
  }

  private checkPay(v: PayConfig, r: RangeConfig): void {
    this.outOfRange('bluetoothHourlyLimit', v.bluetoothHourlyLimit, r.hourlyPrice);
    this.outOfRange('bluetoothDailyCap', v.bluetoothDailyCap, r.dailyCap);
  }

  private checkDevicePay(v: Pick<DevicePayValues, 'payMode' | 'amount'>, r: RangeConfig): void {
    if (v.payMode === 'deposit') this.outOfRange('amount', v.amount, r.deposit);
  }

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
          throw new AppError('RANGE_EXCLUDES_CONFIG', { field: named, value: cents(value) });
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

  // ------------------------------------------------------------------- device payment configs

  async devicePayList(): Promise<DevicePayItem[]> {
    const rows = await this.db.select().from(sysDevicePay).orderBy(asc(sysDevicePay.idx));
    return rows.map(devicePayItem);
  }

  /**
   * The configuration that applies to a device of this type: the enabled one of the type with the
   * lowest index (docs/decisions/orders-and-payments.md, "Device payment configurations act"). Null when none is
   * enabled.
   */
  async devicePayFor(deviceType: DevicePayItem['deviceType']): Promise<DevicePayItem | null> {
    const [row] = await this.db
      .select()
      .from(sysDevicePay)
      .where(and(eq(sysDevicePay.deviceType, deviceType), eq(sysDevicePay.enabled, true)))
      .orderBy(asc(sysDevicePay.idx))
      .limit(1);
    return row ? devicePayItem(row) : null;
  }

  async devicePayByIndex(index: number): Promise<DevicePayItem> {
    const [row] = await this.db.select().from(sysDevicePay).where(eq(sysDevicePay.idx, index));
    if (!row) throw new AppError('NOT_FOUND');
    return devicePayItem(row);
  }

  async addDevicePay(p: Principal, ticket: string, v: DevicePayValues): Promise<DevicePayItem> {
    await this.requireTicket(p, ticket);
    return this.db.transaction(async (tx) => {
      await lockRanges(tx);
      this.checkDevicePay(v, await this.read('range', tx));
      // Serialises concurrent adds so two never take the same next index.
      await tx.execute(sql`select pg_advisory_xact_lock(727101)`);
      const [next] = await tx.select({ n: sql<number>`coalesce(max(${sysDevicePay.idx}), 0) + 1` }).from(sysDevicePay);
      const [row] = await tx
        .insert(sysDevicePay)
        .values({ ...v, idx: Number(next!.n) })
        .returning();
      nameAuditTarget(row!.name);
      return devicePayItem(row!);
    });
  }

  async updateDevicePay(p: Principal, ticket: string, id: number, v: DevicePayValues): Promise<DevicePayItem> {
    await this.requireTicket(p, ticket);
    return this.db.transaction(async (tx) => {
      await lockRanges(tx);
      this.checkDevicePay(v, await this.read('range', tx));
      const [row] = await tx
        .update(sysDevicePay)
        .set({ ...v, updatedAt: new Date() })
        .where(eq(sysDevicePay.id, id))
        .returning();
      if (!row) throw new AppError('NOT_FOUND');
      nameAuditTarget(row.name);
      return devicePayItem(row);
    });
  }

  /** DELETE delete: a device payment config (sensitive, needs the ticket) or a banner. */
  async delete(p: Principal, kind: 'devicePay' | 'banner', id: number, ticket: string | undefined): Promise<null> {
    if (kind === 'devicePay') {
      await this.requireTicket(p, ticket);
      const gone = await this.db
        .delete(sysDevicePay)
        .where(eq(sysDevicePay.id, id))
        .returning({ name: sysDevicePay.name });
      if (!gone.length) throw new AppError('NOT_FOUND');
      nameAuditTarget(gone[0]!.name);
    } else {
      const gone = await this.db.delete(sysBanner).where(eq(sysBanner.id, id)).returning({ title: sysBanner.title });
      if (!gone.length) throw new AppError('NOT_FOUND');
      nameAuditTarget(gone[0]!.title);
    }
    return null;
  }

  // -------------------------------------------------------------------------------- banners

  async bannerList(): Promise<BannerItem[]> {
    const rows = await this.db.select().from(sysBanner).orderBy(asc(sysBanner.sort), asc(sysBanner.id));
    return rows.map(bannerItem);
  }

  async addBanner(v: BannerValues): Promise<BannerItem> {
    const [row] = await this.db.insert(sysBanner).values(v).returning();
    nameAuditTarget(row!.title);
    return bannerItem(row!);
  }

  async updateBanner(id: number, v: BannerValues): Promise<BannerItem> {
    const [row] = await this.db
      .update(sysBanner)
      .set({ ...v, updatedAt: new Date() })
      .where(eq(sysBanner.id, id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    nameAuditTarget(row.title);
    return bannerItem(row);
  }

  /** For other modules (fleet, rental): the values they bill and connect by. */
  async values<G extends 'operation' | 'pay' | 'address' | 'range'>(group: G): Promise<GroupValue<G>> {
    return this.read(group);
  }
}

function devicePayItem(r: typeof sysDevicePay.$inferSelect): DevicePayItem {
  return {
    id: r.id,
    index: r.idx,
    name: r.name,
    deviceType: r.deviceType as DevicePayItem['deviceType'],
    payMode: r.payMode as DevicePayItem['payMode'],
    channels: r.channels as DevicePayItem['channels'],
    amount: Number(r.amount),
    buyoutPrice: Number(r.buyoutPrice),
    buyoutDays: r.buyoutDays,
    enabled: r.enabled,
    updateTime: r.updatedAt.toISOString(),
  };
}

function bannerItem(r: typeof sysBanner.$inferSelect): BannerItem {
  return {
    id: r.id,
    title: r.title,
    img: r.img,
    link: r.link,
    sort: r.sort,
    enabled: r.enabled,
    updateTime: r.updatedAt.toISOString(),
  };
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
