import { tr } from '../platform/labels.js';
import type { Translations } from '../platform/lang.js';
import type { statsCalls } from './calls.js';
import type { StatsFinanceFigure, StatsPeriod } from './stats.js';

/** Words of the statistics domain that both the console and the server show. */
export const statsLabels = {
  /**
   * The dashboard's action items, by the key their provider gives. Refunds awaiting approval and
   * withdrawals awaiting review are worded here already: their modules add a provider in app.ts.
   */
  action: {
    offlineCabinets: tr('离线机柜', '離線機櫃', 'Offline cabinets'),
    faultyCabinets: tr('卡仓/故障仓位的机柜', '卡倉/故障倉位的機櫃', 'Cabinets with jammed or faulty slots'),
    untreatedRepairs: tr('待处理报修工单', '待處理報修工單', 'Repair tickets not yet handled'),
    processingRepairs: tr('处理中报修工单', '處理中報修工單', 'Repair tickets in progress'),
    pendingDepositRefunds: tr('待审核押金退款', '待審核押金退款', 'Deposit refunds awaiting audit'),
    pendingRefunds: tr('待审批退款', '待審批退款', 'Refunds awaiting approval'),
    pendingWithdrawals: tr('待审核提现', '待審核提現', 'Withdrawals awaiting review'),
  } as Record<string, Translations>,
  period: {
    day: tr('按日', '按日', 'By day'),
    week: tr('按周', '按週', 'By week'),
    month: tr('按月', '按月', 'By month'),
  } satisfies Record<StatsPeriod, Translations>,
  figure: {
    income: tr('收入', '收入', 'Income'),
    refunds: tr('退款', '退款', 'Refunds'),
    net: tr('净收入', '淨收入', 'Net'),
    agentShare: tr('代理商分润', '代理商分潤', 'Agent shares'),
    outletShare: tr('网点分润', '網點分潤', 'Outlet shares'),
    providerShare: tr('服务商分润', '服務商分潤', 'Service provider shares'),
    pusherShare: tr('地推分润', '地推分潤', 'Pusher shares'),
    platform: tr('平台收入', '平台收入', 'Platform revenue'),
    taxes: tr('税费', '稅費', 'Taxes'),
    fees: tr('手续费', '手續費', 'Fees'),
  } satisfies Record<StatsFinanceFigure, Translations>,
};

/** The financial data's export: one row per period. */
export const statsExports = {
  statsFinanceExport: {
    title: tr('财务数据', '財務數據', 'Financial data'),
    columns: {
      start: tr('时段', '時段', 'Period'),
      income: statsLabels.figure.income,
      refunds: statsLabels.figure.refunds,
      net: statsLabels.figure.net,
      agentShare: statsLabels.figure.agentShare,
      outletShare: statsLabels.figure.outletShare,
      providerShare: statsLabels.figure.providerShare,
      pusherShare: statsLabels.figure.pusherShare,
      platform: statsLabels.figure.platform,
      taxes: statsLabels.figure.taxes,
      fees: statsLabels.figure.fees,
    },
  },
} as const;

/** What each call of the statistics domain is called in the operation log. */
export const statsActionLabels = {
  statsFinanceExport: tr('导出财务数据', '匯出財務數據', 'Export financial data'),
} as const satisfies Partial<Record<keyof typeof statsCalls, Translations>>;
