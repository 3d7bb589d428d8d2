import { call } from '../platform/call.js';
import { exportStarted } from '../platform/exports.js';
import { z } from 'zod';
import * as s from './stats.js';
import * as report from './report.js';
import { statsPerms } from './permissions.js';
import { statsOperationsCalls } from './operations.js';

const P = statsPerms;
const m = 'stats';

/** Statistics: the dashboard's business figures and action list, the financial data and its export. */
export const statsCalls = {
  statsActions: call({
    method: 'GET',
    path: '/order/api/v1/stats/actions',
    access: { permission: P.statsActions },
    module: m,
    summary:
      'Things that need action now (offline cabinets, faulty cabinets, untreated repair tickets, deposit refunds awaiting audit...), each only for an account that may read the list it links to',
    data: s.statsActions,
  }),
  statsBusiness: call({
    method: 'GET',
    path: '/order/api/v1/stats/business',
    access: { permission: P.statsBusiness },
    module: m,
    summary: 'Statistics: new customers and active cabinets of a window, beside the order figures',
    query: s.statsBusinessQuery,
    data: s.statsBusiness,
  }),
  statsFinance: call({
    method: 'GET',
    path: '/order/api/v1/stats/finance',
    access: { permission: P.statsFinance },
    module: m,
    summary:
      'Financial data: income, refunds, net, shares per account kind, taxes and fees per day, week or month, summed from the ledger',
    query: s.statsFinanceQuery,
    data: s.statsFinance,
  }),
  statsFinanceExport: call({
    method: 'POST',
    path: '/order/api/v1/stats/finance/export',
    access: { permission: P.statsFinanceExport },
    module: m,
    summary: 'Export the financial data (one row per period) to the export centre',
    body: s.statsFinanceQuery,
    data: exportStarted,
  }),
  statsReport: call({
    method: 'GET',
    path: '/order/api/v1/stats/report',
    access: { permission: P.statsReport },
    module: m,
    summary:
      'Operation report: headline figures against the previous period, the daily trend, the top outlets and the money of a window, for the whole business, a region, an agent or an outlet',
    query: report.statsReportQuery,
    data: report.statsReport,
  }),
  statsReportExport: call({
    method: 'GET',
    path: '/order/api/v1/stats/report/xlsx',
    access: { permission: P.statsReportExport },
    module: m,
    summary: 'The operation report as an xlsx workbook (a sheet per section), named in the caller language',
    query: report.statsReportQuery,
    data: z.any(),
    download: true,
  }),
  ...statsOperationsCalls,
  statsFinanceBreakdownExport: call({
    method: 'POST',
    path: '/order/api/v1/stats/finance/breakdown/export',
    access: { permission: P.statsFinanceExport },
    module: m,
    summary:
      'Export the financial data per outlet, agent or region of a window (`by`, default outlet) to the export centre',
    body: s.statsFinanceQuery,
    data: exportStarted,
  }),
} as const;
