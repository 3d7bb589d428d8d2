import { z } from 'zod';
import { statsScope } from '../platform/envelope.js';
import { tr } from '../platform/labels.js';
import type { Translations } from '../platform/lang.js';
import { dateTime } from '../platform/rules.js';
import { statsFinanceRow } from './stats.js';

/**
 * Statistics → Operation report (issue 16): one period's report of the whole business, a region,
 * an agent or an outlet, that an operator sends on. One call answers all of it, so the screen, the
 * xlsx and the print show the same numbers.
 *
 * GET stats/report: the window (both ends; at most 366 days, start not after end), the scope (at
 * most one of region, agent, outlet: statsScope) and the viewer's time zone (its days cut the daily
 * trend; the X-Time-Zone header's when absent).
 */
export const statsReportQuery = statsScope.extend({
  beginTime: dateTime,
  endTime: dateTime,
  timeZone: z.string().trim().min(1).max(64).optional(),
});
export type StatsReportQuery = z.infer<typeof statsReportQuery>;

/** The headline figures, in the order the report shows them. */
export const STATS_REPORT_FIGURES = [
  'orderCount',
  'paidAmount',
  'refundAmount',
  'netAmount',
  'finishedCount',
  'avgRentalMinutes',
] as const;
export type StatsReportFigure = (typeof STATS_REPORT_FIGURES)[number];
/** Figures that are money (cents). */
export const STATS_REPORT_MONEY: readonly StatsReportFigure[] = ['paidAmount', 'refundAmount', 'netAmount'];

/**
 * One headline figure of the window and of the previous period of equal length (ending just before
 * the window starts). orderCount, paidAmount, refundAmount: the orders created in the period (the
 * orders list's count and sums); netAmount: paid less refunded; finishedCount: those of them that
 * are finished now; avgRentalMinutes: the operational data's average rental, the minutes from rent to return of
 * the power-bank rentals among them that ended (one decimal; cable packages and Bluetooth sessions are no rentals held).
 * `change`: (current − previous) / previous in percent, one decimal; null when previous is 0.
 */
export const statsReportHeadline = z.object({
  key: z.enum(STATS_REPORT_FIGURES),
  current: z.number(),
  previous: z.number(),
  change: z.number().nullable(),
});
export type StatsReportHeadline = z.infer<typeof statsReportHeadline>;

/** One day of the viewer's zone: the orders created in it (the first and last day only their part inside the window). */
export const statsReportDay = z.object({
  day: z.string(),
  orderCount: z.number().int(),
  paidAmount: z.number().int(),
  refundAmount: z.number().int(),
});
export type StatsReportDay = z.infer<typeof statsReportDay>;

/** An outlet of the scope among the ten whose orders paid the most; `share` its part of the scope's paid amount in percent (one decimal). */
export const statsReportOutlet = z.object({
  outletId: z.number().int(),
  outletName: z.string().nullable(),
  orderCount: z.number().int(),
  paidAmount: z.number().int(),
  share: z.number(),
});
export type StatsReportOutlet = z.infer<typeof statsReportOutlet>;

export const STATS_REPORT_SCOPES = ['all', 'region', 'agent', 'outlet'] as const;
export type StatsReportScopeKind = (typeof STATS_REPORT_SCOPES)[number];

export const statsReport = z.object({
  scope: z.object({
    kind: z.enum(STATS_REPORT_SCOPES),
    id: z.number().int().nullable(),
    name: z.string().nullable(),
    /** How many outlets the scope has now (null: the whole business). */
    outlets: z.number().int().nullable(),
  }),
  beginTime: z.string(),
  endTime: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  previous: z.object({ beginTime: z.string(), endTime: z.string() }),
  headline: z.array(statsReportHeadline),
  daily: z.array(statsReportDay),
  topOutlets: z.array(statsReportOutlet),
  /**
   * The money of the window (the financial data's total for the same scope): income, refunds,
   * net, the shares per account kind, the platform, taxes, fees. Null while the financial data
   * cannot be read by this scope (the whole business always can).
   */
  money: statsFinanceRow.nullable(),
});
export type StatsReport = z.infer<typeof statsReport>;

/** Words of the operation report that the screen, the print and the workbook share. */
export const statsReportLabels = {
  title: tr('运营报告', '營運報告', 'Operation report'),
  wholeBusiness: tr('全部业务', '全部業務', 'Whole business'),
  scope: {
    all: tr('全部业务', '全部業務', 'Whole business'),
    region: tr('区域', '區域', 'Region'),
    agent: tr('代理商', '代理商', 'Agent'),
    outlet: tr('网点', '網點', 'Outlet'),
  } satisfies Record<StatsReportScopeKind, Translations>,
  figure: {
    orderCount: tr('订单数', '訂單數', 'Orders'),
    paidAmount: tr('实付金额', '實付金額', 'Paid amount'),
    refundAmount: tr('退款金额', '退款金額', 'Refunds'),
    netAmount: tr('净额', '淨額', 'Net'),
    finishedCount: tr('已完成订单', '已完成訂單', 'Finished orders'),
    avgRentalMinutes: tr(
      '充电宝平均租借时长（分钟）',
      '行動電源平均租借時長（分鐘）',
      'Average power-bank rental (minutes)',
    ),
  } satisfies Record<StatsReportFigure, Translations>,
  section: {
    headline: tr('核心指标', '核心指標', 'Headline figures'),
    daily: tr('每日趋势', '每日趨勢', 'Daily trend'),
    outlets: tr('网点排行', '網點排行', 'Top outlets'),
    money: tr('资金', '資金', 'Money'),
  },
  column: {
    figure: tr('指标', '指標', 'Figure'),
    current: tr('本期', '本期', 'This period'),
    previous: tr('上期', '上期', 'Previous period'),
    change: tr('变化', '變化', 'Change'),
    day: tr('日期', '日期', 'Day'),
    rank: tr('排名', '排名', 'Rank'),
    outlet: tr('网点', '網點', 'Outlet'),
    share: tr('占比', '佔比', 'Share'),
    amount: tr('金额', '金額', 'Amount'),
  },
  period: tr('统计期间', '統計期間', 'Period'),
  previousPeriod: tr('对比期间', '對比期間', 'Compared with'),
  timeZone: tr('时区', '時區', 'Time zone'),
  currency: tr('币种', '幣種', 'Currency'),
  generated: tr('生成时间', '產生時間', 'Generated'),
  moneyUnscoped: tr(
    '资金数据暂不能按此范围统计',
    '資金數據暫不能按此範圍統計',
    'The money of this scope is not available yet',
  ),
  /** The downloaded file's name (without the extension). */
  fileName: tr('运营报告', '營運報告', 'operation-report'),
};
