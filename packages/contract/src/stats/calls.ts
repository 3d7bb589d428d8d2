import { call } from '../platform/call.js';
import { exportStarted } from '../platform/exports.js';
import * as s from './stats.js';
import { statsPerms } from './permissions.js';

const P = statsPerms;
const m = 'stats';

/** Statistics: the dashboard's business figures and action list, the financial data and its export. */
export const statsCalls = {
  statsActions: call({ method: 'GET', path: '/order/api/v1/stats/actions', access: { permission: P.statsActions }, module: m,
    summary: 'Things that need action now (offline cabinets, faulty cabinets, untreated repair tickets, deposit refunds awaiting audit...), each only for an account that may read the list it links to', data: s.statsActions }),
  statsBusiness: call({ method: 'GET', path: '/order/api/v1/stats/business', access: { permission: P.statsBusiness }, module: m,
    summary: 'Statistics: new customers and active cabinets of a window, beside the order figures', query: s.statsBusinessQuery, data: s.statsBusiness }),
  statsFinance: call({ method: 'GET', path: '/order/api/v1/stats/finance', access: { permission: P.statsFinance }, module: m,
    summary: 'Financial data: income, refunds, net, shares per account kind, taxes and fees per day, week or month, summed from the ledger', query: s.statsFinanceQuery, data: s.statsFinance }),
  statsFinanceExport: call({ method: 'POST', path: '/order/api/v1/stats/finance/export', access: { permission: P.statsFinanceExport }, module: m,
    summary: 'Export the financial data (one row per period) to the export centre', body: s.statsFinanceQuery, data: exportStarted }),
} as const;
