import { z } from 'zod';
import { timeRange } from '../platform/envelope.js';
import { call } from '../platform/call.js';
import { exportStarted } from '../platform/exports.js';
import { tr } from '../platform/labels.js';
import type { Translations } from '../platform/lang.js';
import { STATS_PERIODS } from './stats.js';

/**
 * Statistics → Operational data (issue 16): orders per period, rental durations, utilisation per
 * cabinet and outlet, returns by hour of day, new and returning customers, device faults, for a
 * window and a scope (everything, or one region, agent or outlet). Each figure is a sum over the
 * rows it stands for (docs/decisions/statistics.md, "Statistics → Operational data").
 */

const count = z.number().int().min(0);
const id = z.coerce.number().int().min(1).optional();

/** The permission codes of the operational data. */
export const statsOperationsPerms = {
  /** Statistics → Operational data: read the figures. */
  statsOperational: 'order:stats:operational',
  /** Export the operational data (one row per period) to the export centre. */
  statsOperationalExport: 'order:stats:operationalExport',
} as const;

/** The rental-duration buckets (minutes from the power bank leaving to its return): < 30 min, 30-60, 1-2 h, 2-6 h, 6-24 h, >= 24 h. */
export const DURATION_BUCKETS = ['lt30m', 'lt1h', 'lt2h', 'lt6h', 'lt24h', 'ge24h'] as const;
export type DurationBucket = (typeof DURATION_BUCKETS)[number];

/**
 * GET stats/operational: the window (default the last 30 days, at most 366), cut into periods of
 * `timeZone` (the viewer's when absent), for everything or one region, agent or outlet.
 */
export const statsOperationalQuery = timeRange.extend({
  period: z.enum(STATS_PERIODS).default('day'),
  timeZone: z.string().trim().min(1).max(64).optional(),
  regionId: id,
  agentId: id,
  outletId: id,
});
export type StatsOperationalQuery = z.infer<typeof statsOperationalQuery>;

/**
 * One period's figures. created: orders created in it (the orders list's count for the same
 * creation window and outlet filter); finished: of those, the ones finished now; newUsers: customers
 * registered in it (the member list's count; null for a scope narrower than everything, or without
 * the member list's permission); returningUsers: customers with an order in it (in scope) who had
 * an order (anywhere) before it started; faults: failed ejects, forced ejects and repair tickets
 * raised in it.
 */
export const statsOperationalRow = z.object({
  start: z.string(),
  created: count,
  finished: count,
  newUsers: count.nullable(),
  returningUsers: count,
  failedEjects: count,
  forcedEjects: count,
  repairTickets: count,
});
export type StatsOperationalRow = z.infer<typeof statsOperationalRow>;

/** A cabinet's or outlet's use in the window: orders created there, and the minutes of the ones returned. */
export const statsUtilisation = z.object({
  orderCount: count,
  endedCount: count,
  rentedMinutes: count,
});
export const statsCabinetUse = statsUtilisation.extend({
  sn: z.string(),
  outletId: z.number().nullable(),
  outletName: z.string().nullable(),
});
export type StatsCabinetUse = z.infer<typeof statsCabinetUse>;
export const statsOutletUse = statsUtilisation.extend({
  outletId: z.number(),
  outletName: z.string().nullable(),
  cabinets: count,
});
export type StatsOutletUse = z.infer<typeof statsOutletUse>;

export const statsOperational = z.object({
  beginTime: z.string(),
  endTime: z.string(),
  timeZone: z.string(),
  period: z.enum(STATS_PERIODS),
  scope: z.object({
    kind: z.enum(['all', 'region', 'agent', 'outlet']),
    id: z.number().nullable(),
    name: z.string().nullable(),
  }),
  /** Every period of the window, oldest first. */
  list: z.array(statsOperationalRow),
  /** The window's sums; returningUsers counts a customer once over the whole window (had an order before its start). */
  total: statsOperationalRow,
  /** Orders created in the window that ended (returned or closed) and their rented minutes: the average is rentedMinutes / endedCount. */
  ended: z.object({ count, minutes: count, averageMinutes: z.number().min(0) }),
  durations: z.array(z.object({ bucket: z.enum(DURATION_BUCKETS), count })),
  /** Power banks returned in the window by the hour of the day (0-23, the time zone's), at the cabinet they came back to. */
  returnsByHour: z.array(count).length(24),
  /** Every outlet of the scope (those without orders too), and orders of no outlet under id 0 if any. */
  outlets: z.array(statsOutletUse),
  /** Every cabinet standing in the scope now (those without orders: idle), and cabinets with orders in the window that left it. */
  cabinets: z.array(statsCabinetUse),
});
export type StatsOperational = z.infer<typeof statsOperational>;

const P = statsOperationsPerms;
export const statsOperationsCalls = {
  statsOperational: call({
    method: 'GET',
    path: '/order/api/v1/stats/operational',
    access: { permission: P.statsOperational },
    module: 'stats',
    summary:
      'Operational data: orders, rental durations, utilisation per cabinet and outlet, returns by hour, new and returning customers, device faults',
    query: statsOperationalQuery,
    data: statsOperational,
  }),
  statsOperationalExport: call({
    method: 'POST',
    path: '/order/api/v1/stats/operational/export',
    access: { permission: P.statsOperationalExport },
    module: 'stats',
    summary: 'Export the operational data (one row per period) to the export centre',
    body: statsOperationalQuery,
    data: exportStarted,
  }),
} as const;

/** Words of the operational data (the console's and the export's). */
export const statsOperationsLabels = {
  duration: {
    lt30m: tr('30分钟内', '30分鐘內', '< 30 min'),
    lt1h: tr('30-60分钟', '30-60分鐘', '30-60 min'),
    lt2h: tr('1-2小时', '1-2小時', '1-2 h'),
    lt6h: tr('2-6小时', '2-6小時', '2-6 h'),
    lt24h: tr('6-24小时', '6-24小時', '6-24 h'),
    ge24h: tr('24小时以上', '24小時以上', '> 24 h'),
  } satisfies Record<DurationBucket, Translations>,
  figure: {
    created: tr('创建订单', '建立訂單', 'Orders created'),
    finished: tr('完成订单', '完成訂單', 'Orders finished'),
    newUsers: tr('新用户', '新用戶', 'New customers'),
    returningUsers: tr('回头客', '回頭客', 'Returning customers'),
    failedEjects: tr('弹出失败', '彈出失敗', 'Failed ejects'),
    forcedEjects: tr('强制弹出', '強制彈出', 'Forced ejects'),
    repairTickets: tr('报修工单', '報修工單', 'Repair tickets'),
  } satisfies Record<Exclude<keyof StatsOperationalRow, 'start'>, Translations>,
};

export const statsOperationsExports = {
  statsOperationalExport: {
    title: tr('运营数据', '營運數據', 'Operational data'),
    columns: {
      start: tr('时段', '時段', 'Period'),
      ...statsOperationsLabels.figure,
    },
  },
} as const;

export const statsOperationsActions = {
  statsOperationalExport: tr('导出运营数据', '匯出營運數據', 'Export operational data'),
} as const;
