import { z } from 'zod';
import { withPhone } from '../platform/phone.js';
import { pageQuery } from '../platform/envelope.js';
import * as r from '../platform/rules.js';

/**
 * Outlets: the places cabinets stand in, who is paid a share of their orders (an agent, or for a
 * direct-sales outlet a team), their billing rule, and the devices bound to them.
 */

export const OUTLET_STATUSES = ['inService', 'suspended', 'deleted'] as const;
export type OutletStatus = (typeof OUTLET_STATUSES)[number];
/** What kind of place the outlet is. */
export const OUTLET_TYPES = ['catering', 'entertainment', 'hotel', 'retail', 'transport', 'leisure', 'other'] as const;
export type OutletType = (typeof OUTLET_TYPES)[number];
/** The reason of an install or removal record: up to 32 characters, blank is none. */
export const INSTALL_REASON_MAX = 32;
const installReason = z.string().trim().max(INSTALL_REASON_MAX).optional();

/** Devices an outlet holds; each kind of device brings its own binder (fleet: cabinets; accessories: cables, Bluetooth chargers). */
export const BINDING_DEVICE_TYPES = ['cabinet', 'cable', 'bluetooth'] as const;
export type BindingDeviceType = (typeof BINDING_DEVICE_TYPES)[number];

/** Money: a whole count of the smallest currency unit, at most 99,999,999 (999,999.99). */
const MONEY_MAX = 99_999_999;
const money = z.number().int({ error: 'rule.moneyCents' }).min(0).max(MONEY_MAX);
const id = z.number().int({ error: 'rule.wholeFrom1' }).min(1, { error: 'rule.wholeFrom1' });

/**
 * A billing rule, as data: the first minutes free, then a price per started period, at most a
 * daily cap per 24 h and at most a total cap, at which the power bank counts as bought (the
 * buy-out price). The deposit is what a deposit rental holds; a daily cap above it could not be
 * collected from it.
 */
export const billingRule = z
  .object({
    freeMinutes: z.number().int({ error: 'notInteger' }).min(0).max(1440),
    pricePerPeriod: money.min(1, { error: 'rule.priceAboveZero' }),
    periodMinutes: z.number().int({ error: 'notInteger' }).min(1).max(1440),
    dailyCap: money,
    totalCap: money,
    deposit: money,
  })
  .refine((b) => b.pricePerPeriod <= b.dailyCap, { error: 'rule.priceAboveDailyCap', path: ['dailyCap'] })
  .refine((b) => b.dailyCap <= b.totalCap, { error: 'rule.dailyCapAboveTotalCap', path: ['totalCap'] })
  .refine((b) => b.dailyCap <= b.deposit, { error: 'rule.dailyCapAboveDeposit', path: ['dailyCap'] });
export type BillingRule = z.infer<typeof billingRule>;
/** A rule's price per hour, as the range settings bound it: its period price scaled to 60 minutes, rounded up. */
export const hourlyPriceOf = (b: Pick<BillingRule, 'pricePerPeriod' | 'periodMinutes'>) =>
  Math.ceil((b.pricePerPeriod * 60) / b.periodMinutes);

/**
 * GET outsideRange: saved outlet rules the current range settings leave outside (a tightened range
 * does not change them: they bill as saved until the outlet's next edit, which must fit).
 */
export const outletsOutsideRange = z.object({
  total: z.number().int(),
  hourlyPrice: z.number().int(),
  dailyCap: z.number().int(),
  deposit: z.number().int(),
  /** The first few outlets outside, to find them. */
  sample: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type OutletsOutsideRange = z.infer<typeof outletsOutsideRange>;

const phone = z.union([r.mobile, z.literal('')]);
const areaCode = z.union([r.areaCode, z.literal('')]);
/** Service hours as HH:mm-HH:mm (past midnight allowed: 18:00-02:00), or empty. */
const serviceHours = z.union([
  z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/, { error: 'rule.serviceHours' }),
  z.literal(''),
]);
const picture = z.union([
  z
    .string()
    .trim()
    .max(255)
    .regex(/^(https?:\/\/|\/files\/)\S*$/, { error: 'rule.url' }),
  z.literal(''),
]);

/**
 * POST saveOrUpdate: creates (no id) or edits an outlet. Exactly one of agentId (an agent's
 * outlet) and teamId (a direct-sales outlet). The ratio is the outlet's share of each order,
 * at most what its agent holds; the hidden ratio is the one shown to the outlet, never below the
 * real one.
 */
export const outletSaveRequest = withPhone(
  z
    .object({
      id: id.optional(),
      name: z.string().trim().min(1).max(18),
      type: z.enum(OUTLET_TYPES),
      address: z.string().trim().min(1).max(100),
      lat: z.number().min(-90).max(90),
      lng: z.number().min(-180).max(180),
      regionId: id.nullable().optional(),
      agentId: id.nullable().optional(),
      teamId: id.nullable().optional(),
      ratio: r.percent,
      hiddenRatio: r.percent,
      costAmount: money,
      amortizationRatio: r.percent.default(0),
      serviceProviderId: id.nullable().optional(),
      serviceProviderRatio: r.percent.default(0),
      pusherId: id.nullable().optional(),
      areaCode: areaCode.default(''),
      servicePhone: phone.default(''),
      serviceHours: serviceHours.default(''),
      picture: picture.default(''),
      managerName: z.string().trim().max(20).default(''),
      managerPhone: phone.default(''),
      /**
       * The outlet's app account (it signs in to the partner app with the area code and manager phone
       * and applies for withdrawals): a password creates it, or changes it; left out, an edit keeps
       * the account (its mobile follows the manager phone).
       */
      appPassword: z
        .string()
        .refine((v) => v === '' || /^\S{6,18}$/.test(v), { error: 'rule.appPassword' })
        .optional()
        .transform((v) => v || undefined),
      remark: z.string().trim().max(32).default(''),
      billing: billingRule,
    })
    .refine((o) => Boolean(o.agentId) !== Boolean(o.teamId), { error: 'rule.outletOwner', path: ['agentId'] })
    .refine((o) => o.hiddenRatio >= o.ratio, { error: 'rule.hiddenRatio', path: ['hiddenRatio'] })
    .refine((o) => !o.serviceProviderRatio || Boolean(o.serviceProviderId), {
      error: 'rule.serviceProviderRatio',
      path: ['serviceProviderId'],
    }),
  { areaCode: 'areaCode', mobile: 'managerPhone' },
);
export type OutletSaveRequest = z.infer<typeof outletSaveRequest>;
export type OutletSaveInput = z.input<typeof outletSaveRequest>;

export const OUTLET_SORTS = ['name', 'code', 'ratio', 'devices', 'createTime'] as const;
const boolFilter = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
export const outletFilter = z.object({
  /** Part of the name or the code. */
  name: z.string().trim().max(18).optional(),
  type: z.enum(OUTLET_TYPES).optional(),
  /** Without a status, every outlet but the deleted ones. */
  status: z.enum(OUTLET_STATUSES).optional(),
  regionId: z.coerce.number().int().min(1).optional(),
  agentId: z.coerce.number().int().min(1).optional(),
  teamId: z.coerce.number().int().min(1).optional(),
  /** true: direct-sales outlets only (a team's); false: agents' outlets only. */
  direct: boolFilter.optional(),
  simulated: boolFilter.optional(),
});
export type OutletFilter = z.infer<typeof outletFilter>;
export const outletQuery = pageQuery.extend(outletFilter.shape).extend({
  orderBy: z.enum(OUTLET_SORTS).optional(),
  order: z.enum(['ascend', 'descend']).optional(),
});
export type OutletQuery = z.infer<typeof outletQuery>;

/** Someone an outlet points at, with the name shown (null when the record is gone). */
const ref = z.object({ id: z.number().int(), name: z.string().nullable() }).nullable();

export const outletItem = z.object({
  id: z.number().int(),
  /** Generated, unique: O plus six digits. */
  code: z.string(),
  name: z.string(),
  type: z.enum(OUTLET_TYPES),
  status: z.enum(OUTLET_STATUSES),
  /** Why it is suspended (empty otherwise). */
  suspendReason: z.string(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  region: ref,
  agent: ref,
  team: ref,
  direct: z.boolean(),
  ratio: z.number().int(),
  hiddenRatio: z.number().int(),
  costAmount: z.number().int(),
  amortizationRatio: z.number().int(),
  /** What its shares have paid back of the cost amount to its owner so far, in cents. */
  costRecovered: z.number().int(),
  serviceProvider: ref,
  serviceProviderRatio: z.number().int(),
  pusher: ref,
  areaCode: z.string(),
  servicePhone: z.string(),
  serviceHours: z.string(),
  picture: z.string(),
  managerName: z.string(),
  managerPhone: z.string(),
  remark: z.string(),
  billing: z.object({
    freeMinutes: z.number().int(),
    pricePerPeriod: z.number().int(),
    periodMinutes: z.number().int(),
    dailyCap: z.number().int(),
    totalCap: z.number().int(),
    deposit: z.number().int(),
  }),
  /** The outlet's page, from the store URL template ({id} replaced); empty when none is set. */
  pageUrl: z.string(),
  /** Devices bound to it, every kind together. */
  devices: z.number().int(),
  /** What its orders (rented here) paid, less refunds, in cents. */
  turnover: z.number().int(),
  /** Made by the demo network (npm start with the simulator); `npm run demo:clear` removes it. */
  simulated: z.boolean(),
  createTime: z.string(),
});
export type OutletItem = z.infer<typeof outletItem>;

export const outletIdRequest = z.object({ id });
/** Marks an outlet suspended, with the explanation staff and the apps see. */
export const outletSuspendRequest = z.object({ id, reason: z.string().trim().min(1).max(32) });

/** POST bindDevice: a device (by its code) to an outlet; deviceType, when given, must be the device's. */
export const bindDeviceRequest = z.object({
  outletId: id,
  sn: z.string().trim().min(1).max(32),
  deviceType: z.enum(BINDING_DEVICE_TYPES).optional(),
  /** Why, kept in the install record (optional). */
  reason: installReason,
});
export type BindDeviceRequest = z.infer<typeof bindDeviceRequest>;
/** POST unbindDevice: the device leaves its outlet; the removal record keeps the reason. */
/** An unbinding says why (1-32 characters): a removal record without a reason explains nothing later. */
export const unbindReason = z.string().trim().min(1).max(INSTALL_REASON_MAX);
export const unbindDeviceRequest = z.object({
  sn: z.string().trim().min(1).max(32),
  deviceType: z.enum(BINDING_DEVICE_TYPES).optional(),
  reason: unbindReason,
});
export type UnbindDeviceRequest = z.infer<typeof unbindDeviceRequest>;
export const boundDevice = z.object({
  sn: z.string(),
  deviceType: z.enum(BINDING_DEVICE_TYPES),
  outletId: z.number().int().nullable(),
});
export type BoundDevice = z.infer<typeof boundDevice>;

/** The devices of one outlet. */
export const outletDevicesQuery = z.object({
  outletId: z.coerce.number().int({ error: 'rule.wholeFrom1' }).min(1, { error: 'rule.wholeFrom1' }),
});
export const outletDeviceItem = z.object({
  sn: z.string(),
  deviceType: z.enum(BINDING_DEVICE_TYPES),
  online: z.boolean().nullable(),
  /** Power banks inside (cabinets). */
  powerBanks: z.number().int().nullable(),
  slots: z.number().int().nullable(),
});
export type OutletDeviceItem = z.infer<typeof outletDeviceItem>;
/** Unbound devices an outlet may take (the bind picker): part of the code, of one kind or any. */
export const unboundDevicesQuery = z.object({
  keyword: z.string().trim().max(32).optional(),
  deviceType: z.enum(BINDING_DEVICE_TYPES).optional(),
});

/** GET mapPoints: the outlets to place on the map, and how the map is drawn. */
export const mapPointsQuery = z.object({
  regionId: z.coerce.number().int().min(1).optional(),
  status: z.enum(['inService', 'suspended']).optional(),
});
export const mapPoint = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(OUTLET_STATUSES),
  lat: z.number(),
  lng: z.number(),
  address: z.string(),
  regionId: z.number().int().nullable(),
  devices: z.number().int(),
  turnover: z.number().int(),
  /** A direct-sales outlet (run by a team; listed under Direct-sales outlets, the others under Outlets). */
  direct: z.boolean(),
  simulated: z.boolean(),
});
export type MapPoint = z.infer<typeof mapPoint>;
export const MAP_PROVIDERS = ['gaode', 'tencent', 'google', 'osm'] as const;
export type MapProvider = (typeof MAP_PROVIDERS)[number];
/** Providers whose tiles and geocoding are in GCJ-02, China's offset datum (coords.ts); outlets are stored in WGS-84. */
export const TILE_GCJ: Record<MapProvider, boolean> = { gaode: true, tencent: true, google: false, osm: false };
export const mapPointsResult = z.object({
  /** The map type set in the basic settings. */
  mapType: z.string(),
  /** What draws the tiles: the set map type when its key is configured, else OpenStreetMap. */
  tiles: z.enum(MAP_PROVIDERS),
  points: z.array(mapPoint),
});
export type MapPointsResult = z.infer<typeof mapPointsResult>;

/** The map of the outlet form: the set map type, what draws the tiles, and whether addresses can be looked up. */
export const mapSettings = z.object({
  mapType: z.string(),
  tiles: z.enum(MAP_PROVIDERS),
  /** The map type's key is set: its geocoding finds an address (the tiles are then that provider's too). */
  geocoding: z.boolean(),
});
export type MapSettings = z.infer<typeof mapSettings>;
export const geocodeQuery = z.object({ address: z.string().trim().min(1).max(100) });
/** Where the provider puts an address, in WGS-84 (as outlets are stored), and the address it understood. */
export const geocodeResult = z.object({ lat: z.number(), lng: z.number(), address: z.string() });
export type GeocodeResult = z.infer<typeof geocodeResult>;

/** Choices for the outlet form: agents, teams, regions, providers and pushers by name. */
export const ownerOptionsQuery = z.object({ keyword: z.string().trim().max(32).optional() });
export const ownerOption = z.object({ id: z.number().int(), name: z.string(), ratio: z.number().int().nullable() });
export const ownerOptions = z.object({
  agents: z.array(ownerOption),
  teams: z.array(ownerOption),
  regions: z.array(ownerOption),
  serviceProviders: z.array(ownerOption),
  pushers: z.array(ownerOption),
});
export type OwnerOptions = z.infer<typeof ownerOptions>;
