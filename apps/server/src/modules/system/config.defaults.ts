import type {
  AddressConfig,
  BasisConfig,
  OperationConfig,
  OtherConfig,
  PayConfig,
  RangeConfig,
  WithdrawalSetting,
} from '@cbo/contract';
import { SMS_CONFIG_DEFAULTS } from '@cbo/contract';

/*
 * The configuration's groups and their values on a fresh install, and how a value is stored
 * (config.service.ts reads and writes them).
 */

/** A checked code buys a ticket good for sensitive changes for this long (docs/decisions/system-configuration.md). */
export const CONFIG_TICKET_SECONDS = 600;

export const WITHDRAWAL_DEFAULT: WithdrawalSetting = {
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
export type GroupValue<G extends ConfigGroup> = (typeof CONFIG_DEFAULTS)[G];

/** Parameters findValueByKey never answers: the code mobile is personal data. */
export const UNREADABLE_TYPES: readonly string[] = ['security'];

/** Strings are stored as they are (findValueByKey answers them raw); anything else as JSON. */
export function encode(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}
export function decode(raw: string | null, fallback: unknown): unknown {
  if (typeof fallback === 'string') return raw ?? fallback;
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw);
  } catch {
    return fallback;
  }
}
