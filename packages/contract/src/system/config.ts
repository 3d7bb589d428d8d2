// Long for a reason: the schema of every configuration group and its fields, each written once beside its labels.
import { z } from 'zod';
import { withPhone } from '../platform/phone.js';
import { pageQuery, timeRange } from '../platform/envelope.js';
import { ACCOUNT_TYPES, CLIENT_TYPES } from '../platform/clients.js';
import * as r from '../platform/rules.js';

/**
 * System configuration: the configurable values in groups, device payment configs, user banners,
 * extended functions, device scenes, problem types, range settings and the operation log. Money
 * is an integer count of the smallest currency unit (cents); the console enters it with two
 * decimals. Percentages are integers 0-100.
 */

/** Money in cents: 0 to 9,999,999.99 in currency units. */
export const MONEY_MAX = 999_999_999;
export const money = z
  .number()
  .int({ error: 'rule.money' })
  .min(0, { error: 'rule.money' })
  .max(MONEY_MAX, { error: 'rule.money' });
/** A money amount that may not be zero (the cable package amounts). */
export const moneyPositive = money.min(1, { error: 'rule.moneyNotZero' });
/** The minimum withdrawal is 0 to 9999999 currency units, so up to 999,999,900 cents. */
export const MIN_WITHDRAWAL_MAX = 9_999_999 * 100;
const link = z.union([
  z
    .string()
    .trim()
    .max(255)
    .regex(/^(https?:\/\/|\/)\S*$/, { error: 'rule.url' }),
  z.literal(''),
]);
/** Images the server stored (`/files/images/…`) or an absolute http(s) address. */
const imageUrl = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(/^(https?:\/\/|\/)\S+$/, { error: 'rule.url' });

// ---------------------------------------------------------------- basis (findByBasis, PUT root)

export const MAP_TYPES = ['gaode', 'tencent', 'google'] as const;
export const CURRENCIES = ['CNY', 'TWD', 'HKD', 'USD', 'EUR', 'THB', 'JPY', 'NPR'] as const;
/** Brand, logo and footer are public (findValueByKey); the rest is read by signed-in staff. */
export const basisConfig = z.object({
  brandName: z.string().trim().min(1).max(32),
  navLogo: imageUrl,
  footerMessage: z.string().trim().max(64),
  mapType: z.enum(MAP_TYPES),
  /** Key of the map provider's JavaScript API; empty when the provider needs none. */
  mapKey: z.string().trim().max(128),
  currency: z.enum(CURRENCIES),
});
export type BasisConfig = z.infer<typeof basisConfig>;

// --------------------------------------------------------- operation (findByOperation, PUT root)

/** Charging-cable package: prepaid, first three hours, 12-hour maximum; none may be zero. */
export const cablePackage = z
  .object({ prepaid: moneyPositive, firstThreeHours: moneyPositive, maxTwelveHours: moneyPositive })
  .refine((p) => p.firstThreeHours <= p.maxTwelveHours, { error: 'rule.cableFirstThree', path: ['firstThreeHours'] });

export const operationConfig = z
  .object({
    /** Minutes free at the start of every rental. */
    freeMinutes: z.number().int().min(0).max(1440),
    /** Bounds an outlet's own free time must stay within. */
    minFreeMinutes: z.number().int().min(0).max(1440),
    maxFreeMinutes: z.number().int().min(0).max(1440),
    /** Power banks one user may rent at once. */
    maxPowerBanksPerRental: z.number().int().min(1).max(10),
    /** How many days back operators (direct-sales staff) can see orders. */
    operatorOrderVisibleDays: z.number().int().min(1).max(365),
    cablePackage,
  })
  .refine((c) => c.minFreeMinutes <= c.maxFreeMinutes, { error: 'rule.minNotAboveMax', path: ['minFreeMinutes'] })
  .refine((c) => c.freeMinutes >= c.minFreeMinutes && c.freeMinutes <= c.maxFreeMinutes, {
    error: 'rule.freeMinutesWithin',
    path: ['freeMinutes'],
  });
export type OperationConfig = z.infer<typeof operationConfig>;

// ---------------------------------------------------------------- other (findByOther, PUT root)

export const otherConfig = z.object({
  servicePhone: z.union([
    z
      .string()
      .trim()
      .regex(/^[+\d][\d\s-]{0,19}$/, { error: 'rule.phone' }),
    z.literal(''),
  ]),
  serviceHours: z.string().trim().max(32),
  userAgreementUrl: link,
  privacyPolicyUrl: link,
  appDownloadUrl: link,
});
export type OtherConfig = z.infer<typeof otherConfig>;

/**
 * What the customer app shows of the platform, before and after sign-in (its login screen links the
 * agreement and the privacy policy; its help page the service phone and hours): the brand and
 * currency of the basic settings and the "other" settings. Empty strings: not set.
 */
export const appPlatformInfo = z.object({
  brandName: z.string(),
  currency: z.string(),
  servicePhone: z.string(),
  serviceHours: z.string(),
  userAgreementUrl: z.string(),
  privacyPolicyUrl: z.string(),
  appDownloadUrl: z.string(),
});
export type AppPlatformInfo = z.infer<typeof appPlatformInfo>;

// ------------------------------------------------------------------- sms (findBySms, PUT root)

/**
 * Budgets of the texts that cost money (verification codes; docs/decisions/customers.md, "One phone, one
 * customer"). Each is decided by an atomic counter in the database, so requests arriving at once
 * get exactly the budget. The per-number cooldown (one code a minute while it is unused) stays.
 */
export const smsConfig = z
  .object({
    /** Codes to one phone (its canonical form) in 24 hours. */
    numberPerDay: z.number().int().min(1).max(100),
    /** Codes asked from one client address in a minute and in an hour. */
    addressPerMinute: z.number().int().min(1).max(1000),
    addressPerHour: z.number().int().min(1).max(10_000),
    /** Codes sent in an hour in all: past it, no text goes out until the hour ends. */
    overallPerHour: z.number().int().min(1).max(1_000_000),
  })
  .refine((c) => c.addressPerMinute <= c.addressPerHour, {
    error: 'rule.smsMinuteNotAboveHour',
    path: ['addressPerMinute'],
  });
export type SmsConfig = z.infer<typeof smsConfig>;
/** On a fresh install: a person needs a few codes a day; a shared address (an office, a mobile carrier's NAT) a few a minute. */
export const SMS_CONFIG_DEFAULTS: SmsConfig = {
  numberPerDay: 10,
  addressPerMinute: 5,
  addressPerHour: 20,
  overallPerHour: 1000,
};

/** PUT /user/api/v1/global/config/ (root): saves one non-sensitive group, named by paramType. */
export const saveConfigRequest = z.discriminatedUnion('paramType', [
  z.object({ paramType: z.literal('basis'), values: basisConfig }),
  z.object({ paramType: z.literal('operation'), values: operationConfig }),
  z.object({ paramType: z.literal('other'), values: otherConfig }),
  z.object({ paramType: z.literal('sms'), values: smsConfig }),
]);
export type SaveConfigRequest = z.infer<typeof saveConfigRequest>;

// ------------------------------------------------------------ pay (selectPayMessage, updateIsNull)

export const WITHDRAW_ACCOUNT_KINDS = ['operator', 'serviceProvider', 'agentOutlet', 'directOutlet', 'agent'] as const;
export type WithdrawAccountKind = (typeof WITHDRAW_ACCOUNT_KINDS)[number];
/** Ways money can be withdrawn. */
export const WITHDRAW_METHODS = ['wechat', 'alipay', 'line', 'tap'] as const;
export const WITHDRAW_CYCLES = ['daily', 'weekly', 'monthly'] as const;

/** Withdrawal settings of one account kind. autoLimit null: every application is reviewed. */
export const withdrawalSetting = z
  .object({
    methods: z.array(z.enum(WITHDRAW_METHODS)).min(1).max(WITHDRAW_METHODS.length),
    dailyCount: z.number().int().min(1).max(99),
    singleCap: moneyPositive,
    autoLimit: money.nullable(),
    minAmount: money.max(MIN_WITHDRAWAL_MAX, { error: 'rule.minWithdrawalMax' }),
    feePercent: r.percent,
    /** Earnings are settled (withdrawable) this many days after the order (T+N). */
    settlementDays: z.number().int().min(0).max(90),
    withdrawalCycle: z.enum(WITHDRAW_CYCLES),
  })
  .refine((w) => w.minAmount <= w.singleCap, { error: 'rule.minWithdrawal', path: ['minAmount'] })
  .refine((w) => w.autoLimit === null || w.autoLimit <= w.singleCap, { error: 'rule.autoLimit', path: ['autoLimit'] });
export type WithdrawalSetting = z.infer<typeof withdrawalSetting>;

export const payConfig = z
  .object({
    bluetoothPrepayMax: moneyPositive,
    bluetoothPrepayDefault: moneyPositive,
    bluetoothDailyCap: moneyPositive,
    bluetoothHourlyLimit: moneyPositive,
    depositRefundFeePercent: r.percent,
    taxFeePercent: r.percent,
    /** Refunds above this amount (cents) need a second approver (another account than the requester and the first approver). */
    refundSecondApprovalAbove: money,
    withdrawal: z.object(
      Object.fromEntries(WITHDRAW_ACCOUNT_KINDS.map((k) => [k, withdrawalSetting])) as Record<
        WithdrawAccountKind,
        typeof withdrawalSetting
      >,
    ),
  })
  .refine((p) => p.bluetoothPrepayDefault <= p.bluetoothPrepayMax, {
    error: 'rule.prepayDefault',
    path: ['bluetoothPrepayDefault'],
  })
  .refine((p) => p.bluetoothHourlyLimit <= p.bluetoothDailyCap, {
    error: 'rule.hourlyNotAboveDaily',
    path: ['bluetoothHourlyLimit'],
  });
export type PayConfig = z.infer<typeof payConfig>;
/** PUT updateIsNull: the pay settings, with the ticket of a checked code (sensitive). */
export const savePayRequest = z.object({ ticket: z.string().min(1).max(128), values: payConfig });

// --------------------------------------------------- sys (findBySys, updateAddress, store URL, code mobile)

export const addressConfig = z.object({
  /** Prefix printed in device QR codes; scanning opens the user app at it. */
  qrCodeBaseUrl: link,
  /** Host and port cabinets are told to connect to. */
  deviceServerHost: z.union([
    z
      .string()
      .trim()
      .max(128)
      .regex(/^[A-Za-z0-9.-]+$/, { error: 'rule.host' }),
    z.literal(''),
  ]),
  deviceServerPort: z.number().int().min(1).max(65535),
});
export type AddressConfig = z.infer<typeof addressConfig>;
/** PUT /user/api/v1/store/updateAllStoreUrl: one outlet page address for every outlet; {id} is the outlet. */
export const storeUrlRequest = z.object({ storeUrl: link });
/** Where the device gateway's broker really listens (embedded) or which broker it uses (external). */
export const brokerEndpoint = z.object({ host: z.string(), port: z.number().int(), external: z.boolean() });
export type BrokerEndpoint = z.infer<typeof brokerEndpoint>;
export const sysConfig = z.object({
  address: addressConfig,
  /** The broker cabinets reach now (null before the gateway started): the screen shows it beside the saved address. */
  broker: brokerEndpoint.nullable(),
  storeUrl: z.string(),
  /** Where codes for sensitive changes go; null: the signed-in admin's own mobile. */
  codeMobile: z.string().nullable(),
});
export type SysConfig = z.infer<typeof sysConfig>;
/** PUT updateSysSendCode: a code to the new system code mobile (needs a ticket from checkCode). */
export const sysMobileSendRequest = withPhone(
  z.object({ ticket: z.string().min(1).max(128), areaCode: r.areaCode, mobile: r.mobile }),
);
/** POST updateSysCheckCode: the code sent to the new mobile; sets it. clear: back to own mobiles. */
export const sysMobileCheckRequest = z.union([
  withPhone(z.object({ ticket: z.string().min(1).max(128), areaCode: r.areaCode, mobile: r.mobile, code: r.code6 })),
  z.object({ ticket: z.string().min(1).max(128), clear: z.literal(true) }),
]);

// --------------------------------------------------------------------- codes (sendCode, checkCode)

export const configCodeSent = z.object({
  maskedMobile: z.string(),
  expireSeconds: z.number().int(),
  resendSeconds: z.number().int(),
});
export const configCheckCodeRequest = z.object({ code: r.code6 });
export const configTicket = z.object({ ticket: z.string(), expireSeconds: z.number().int() });

// ------------------------------------------------------------------------- device payment configs

export const DEVICE_KINDS = ['cabinet', 'cable', 'bluetooth'] as const;
export const DEVICE_PAY_MODES = ['deposit', 'depositFree', 'prepay'] as const;
export const PAY_CHANNELS = ['wechat', 'alipay', 'line', 'tap', 'balance'] as const;
export const devicePayInput = z
  .object({
    name: z.string().trim().min(1).max(16),
    deviceType: z.enum(DEVICE_KINDS),
    payMode: z.enum(DEVICE_PAY_MODES),
    channels: z.array(z.enum(PAY_CHANNELS)).min(1).max(PAY_CHANNELS.length),
    /** Deposit (deposit mode) or amount frozen up front (prepay mode); 0 for deposit-free. */
    amount: money,
    /** An unreturned power bank is bought at this price after buyoutDays. */
    buyoutPrice: moneyPositive,
    buyoutDays: z.number().int().min(1).max(7),
    enabled: z.boolean(),
  })
  .refine((d) => d.payMode === 'depositFree' || d.amount > 0, { error: 'rule.moneyNotZero', path: ['amount'] })
  .refine((d) => d.payMode !== 'deposit' || d.amount <= d.buyoutPrice, {
    error: 'rule.depositAboveBuyout',
    path: ['amount'],
  });
export const devicePayItem = z.object({
  id: z.number().int(),
  index: z.number().int(),
  name: z.string(),
  deviceType: z.enum(DEVICE_KINDS),
  payMode: z.enum(DEVICE_PAY_MODES),
  channels: z.array(z.enum(PAY_CHANNELS)),
  amount: z.number().int(),
  buyoutPrice: z.number().int(),
  buyoutDays: z.number().int(),
  enabled: z.boolean(),
  updateTime: z.string(),
});
export type DevicePayItem = z.infer<typeof devicePayItem>;
export const devicePayIndexQuery = z.object({ index: z.coerce.number().int().min(1).max(9999) });
export const addDevicePayRequest = z.object({ ticket: z.string().min(1).max(128), values: devicePayInput });
export const updateDevicePayRequest = z.object({
  ticket: z.string().min(1).max(128),
  id: z.number().int().positive(),
  values: devicePayInput,
});

// --------------------------------------------------------------------------------- user banners

export const bannerInput = z.object({
  title: z.string().trim().min(1).max(32),
  img: imageUrl,
  link,
  sort: z.number().int().min(0).max(9999),
  enabled: z.boolean(),
});
export const bannerItem = z.object({
  id: z.number().int(),
  title: z.string(),
  img: z.string(),
  link: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  updateTime: z.string(),
});
export type BannerItem = z.infer<typeof bannerItem>;
export const addBannerRequest = bannerInput;
export const updateBannerRequest = bannerInput.extend({ id: z.number().int().positive() });

/** DELETE /user/api/v1/global/config/delete?kind&id: a device payment config (sensitive) or a banner. */
export const CONFIG_DELETE_KINDS = ['devicePay', 'banner'] as const;
export const configDeleteQuery = z.object({
  kind: z.enum(CONFIG_DELETE_KINDS),
  id: z.coerce.number().int().positive(),
  ticket: z.string().min(1).max(128).optional(),
});

/** GET /user/api/v1/global/config/findValueByKey: one parameter a signed-in admin may read. */
export const configValueQuery = z.object({
  paramType: z.string().trim().min(1).max(32),
  paramKey: z.string().trim().min(1).max(64),
});

/** POST uploadImage: the logo, a banner or a scene picture; answers the stored address. */
export const imageUploaded = z.object({ url: z.string() });
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

// ---------------------------------------------------------------------------- range settings

/** /setRnge: bounds the billing that agents and outlets choose must stay within. */
export const moneyRange = z
  .object({ min: money, max: moneyPositive })
  .refine((x) => x.min <= x.max, { error: 'rule.minNotAboveMax', path: ['min'] });
export const rangeConfig = z.object({
  hourlyPrice: moneyRange,
  dailyCap: moneyRange,
  deposit: moneyRange,
  cablePackageAmount: moneyRange,
});
export type RangeConfig = z.infer<typeof rangeConfig>;
export const RANGE_KEYS = ['hourlyPrice', 'dailyCap', 'deposit', 'cablePackageAmount'] as const;

// --------------------------------------------------------------------------- extended functions

export const EXTENSION_STATUSES = ['activated', 'closed'] as const;
export const extensionQuery = pageQuery.extend({ status: z.enum(EXTENSION_STATUSES).optional() });
export const extensionItem = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  status: z.enum(EXTENSION_STATUSES),
  activateTime: z.string().nullable(),
  updateTime: z.string(),
});
export type ExtensionItem = z.infer<typeof extensionItem>;
/** Activation and re-activation need a ticket; closing does not. */
export const extensionStatusRequest = z.object({
  id: z.number().int().positive(),
  status: z.enum(EXTENSION_STATUSES),
  ticket: z.string().min(1).max(128).optional(),
});

// --------------------------------------------------------------------------------- device scenes

export const deviceSceneItem = z.object({
  deviceType: z.enum(DEVICE_KINDS),
  img: z.string().nullable(),
  link: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type DeviceSceneItem = z.infer<typeof deviceSceneItem>;
export const deviceSceneQuery = z.object({ deviceType: z.enum(DEVICE_KINDS) });
/** PUT /device/api/v1/device/updateImgAndAddr: the picture and link shown for a kind of device. */
export const updateSceneRequest = z.object({ deviceType: z.enum(DEVICE_KINDS), img: imageUrl, link });

// --------------------------------------------------------------------------------- problem types

export const PROBLEM_TYPE_STATUSES = ['inUse', 'deleted'] as const;
export const problemTypeFilter = z.object({
  name: z.string().trim().max(16).optional(),
  status: z.enum(PROBLEM_TYPE_STATUSES).optional(),
});
export const problemTypeQuery = pageQuery.extend(problemTypeFilter.shape);
export type ProblemTypeFilter = z.infer<typeof problemTypeFilter>;
export const problemTypeItem = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  remark: z.string(),
  status: z.enum(PROBLEM_TYPE_STATUSES),
  createTime: z.string(),
  updateTime: z.string(),
});
export type ProblemTypeItem = z.infer<typeof problemTypeItem>;
export const problemTypeSave = z.object({
  id: z.number().int().positive().optional(),
  name: z.string().trim().min(1).max(16),
  sort: z.number().int().min(0).max(9999),
  remark: z.string().trim().max(32),
});

// --------------------------------------------------------------------------------- operation log

export const OPERATION_RESULTS = ['success', 'fail'] as const;
export const operationLogFilter = timeRange.extend({
  userName: z.string().trim().max(64).optional(),
  accountType: z.enum(ACCOUNT_TYPES).optional(),
  terminal: z.enum(CLIENT_TYPES).optional(),
  result: z.enum(OPERATION_RESULTS).optional(),
  behaviour: z.string().trim().max(64).optional(),
  ip: z.string().trim().max(64).optional(),
});
export const operationLogQuery = pageQuery.extend(operationLogFilter.shape);
export type OperationLogFilter = z.infer<typeof operationLogFilter>;
export type OperationLogQuery = z.infer<typeof operationLogQuery>;
export const operationLogItem = z.object({
  id: z.number().int(),
  userName: z.string().nullable(),
  accountType: z.string(),
  terminal: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  /** The call (actionLabel names it in the viewer's language); null in entries older than it. */
  call: z.string().nullable(),
  /** The call's English summary, kept with the entry. */
  behaviour: z.string(),
  /** What the request named (an id, an SN), as sent. */
  target: z.string().nullable(),
  /** The target's name when the change was made (kept after it is renamed or deleted); null when none was found. */
  targetName: z.string().nullable(),
  resultCode: z.number().int(),
  result: z.enum(OPERATION_RESULTS),
  ip: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  /** The request's id, as in its log lines and its answer's x-request-id; null in entries older than it. */
  requestId: z.string().nullable(),
  createTime: z.string(),
});
export type OperationLogItem = z.infer<typeof operationLogItem>;
