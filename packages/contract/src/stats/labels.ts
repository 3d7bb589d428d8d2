import { tr } from '../platform/labels.js';
import type { Translations } from '../platform/lang.js';
import type { statsCalls } from './calls.js';
import { statsOperationsActions, statsOperationsExports, statsOperationsLabels } from './operations.js';
import type { StatsFinanceFigure, StatsFinanceScope, StatsPeriod } from './stats.js';

/** Words of the statistics domain that both the console and the server show. */
export const statsLabels = {
  operations: statsOperationsLabels,
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
    operatorShare: tr('运营商分润', '營運商分潤', 'Operator shares'),
    pusherShare: tr('地推分润', '地推分潤', 'Pusher shares'),
    platform: tr('平台收入', '平台收入', 'Platform revenue'),
    taxes: tr('税费', '稅費', 'Taxes'),
    fees: tr('手续费', '手續費', 'Fees'),
  } satisfies Record<StatsFinanceFigure, Translations>,
  /** A scope or breakdown kind of the financial data. */
  scope: {
    region: tr('区域', '區域', 'Region'),
    agent: tr('代理商', '代理商', 'Agent'),
    outlet: tr('网点', '網點', 'Outlet'),
  } satisfies Record<StatsFinanceScope, Translations>,
  /** The breakdown row of money tied to no outlet, agent or region (id 0). */
  none: {
    region: tr('无区域', '無區域', 'No region'),
    agent: tr('无代理商', '無代理商', 'No agent'),
    outlet: tr('无网点', '無網點', 'No outlet'),
  } satisfies Record<StatsFinanceScope, Translations>,
};

/** The financial data's breakdown export: one row per outlet, agent or region of the window. */
const statsBreakdownExports = {
  statsFinanceBreakdownExport: {
    title: tr('财务数据（分项）', '財務數據（分項）', 'Financial data breakdown'),
    columns: {
      id: tr('编号', '編號', 'ID'),
      name: tr('名称', '名稱', 'Name'),
      income: statsLabels.figure.income,
      refunds: statsLabels.figure.refunds,
      net: statsLabels.figure.net,
      agentShare: statsLabels.figure.agentShare,
      outletShare: statsLabels.figure.outletShare,
      providerShare: statsLabels.figure.providerShare,
      operatorShare: statsLabels.figure.operatorShare,
      pusherShare: statsLabels.figure.pusherShare,
      platform: statsLabels.figure.platform,
      taxes: statsLabels.figure.taxes,
      fees: statsLabels.figure.fees,
    },
  },
} as const;

/** The financial data's exports: one row per period, and one per outlet, agent or region (above). */
export const statsExports = {
  ...statsOperationsExports,
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
      operatorShare: statsLabels.figure.operatorShare,
      pusherShare: statsLabels.figure.pusherShare,
      platform: statsLabels.figure.platform,
      taxes: statsLabels.figure.taxes,
      fees: statsLabels.figure.fees,
    },
  },
  ...statsBreakdownExports,
} as const;

/** What each call of the statistics domain is called in the operation log. */
export const statsActionLabels = {
  ...statsOperationsActions,
  statsFinanceExport: tr('导出财务数据', '匯出財務數據', 'Export financial data'),
  statsFinanceBreakdownExport: tr('导出财务数据分项', '匯出財務數據分項', 'Export the financial data breakdown'),
} as const satisfies Partial<Record<keyof typeof statsCalls, Translations>>;

/** What each call of the stats domain that changes nothing is named (interfaces screen); a change is named by its action above. */
export const statsReads = {
  statsActions: tr('待办事项', '待辦事項', 'Things to do'),
  statsBusiness: tr('业务统计', '業務統計', 'Business statistics'),
  statsFinance: tr('财务数据', '財務數據', 'Financial data'),
  statsReport: tr('运营报告', '營運報告', 'Operation report'),
  statsReportExport: tr('下载运营报告', '下載營運報告', 'Download operation report'),
  statsOperational: tr('运营数据', '營運數據', 'Operational data'),
} as const satisfies { [K in keyof typeof statsCalls]?: Translations };
