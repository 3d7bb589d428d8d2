import { call } from '../platform/call.js';
import { pageResult } from '../platform/envelope.js';
import { exportStarted } from '../platform/exports.js';
import { z } from 'zod';
import * as r from './reconcile.js';
import { reconcilePerms } from './permissions.js';

const P = reconcilePerms;
const m = 'reconcile';

/** The daily reconciliation of the payment companies' statements with the books. */
export const reconcileCalls = {
  reconcileDayQueryPage: call({
    method: 'GET',
    path: '/order/api/v1/reconciliation/queryPage',
    access: { permission: P.reconcileQuery },
    module: m,
    summary: "Reconciled days (one row per day and company) with each result's count and the day's totals",
    query: r.reconcileDayQuery,
    data: pageResult(r.reconcileDayItem),
  }),
  reconcileProviders: call({
    method: 'GET',
    path: '/order/api/v1/reconciliation/providers',
    access: { permission: P.reconcileQuery },
    module: m,
    summary: 'The payment companies reconciled (configured now, or with a reconciled day)',
    data: r.reconcileProviders,
  }),
  reconcileLineQueryPage: call({
    method: 'GET',
    path: '/order/api/v1/reconciliation/lines',
    access: { permission: P.reconcileQuery },
    module: m,
    summary: "One day's lines of one company, differences first, optionally one result",
    query: r.reconcileLineQuery,
    data: pageResult(r.reconcileLineItem),
  }),
  reconcileRun: call({
    method: 'POST',
    path: '/order/api/v1/reconciliation/run',
    access: { permission: P.reconcileRun },
    module: m,
    summary: 'Reconcile a day now (every company, or one): its unexplained lines are replaced, explanations kept',
    body: r.reconcileRunRequest,
    data: z.array(r.reconcileDayItem),
  }),
  reconcileExplain: call({
    method: 'POST',
    path: '/order/api/v1/reconciliation/explain',
    access: { permission: P.reconcileExplain },
    module: m,
    summary: 'Mark a difference explained, once, with a reason (the books are not changed)',
    body: r.reconcileExplainRequest,
    data: r.reconcileLineItem,
  }),
  reconcileExport: call({
    method: 'POST',
    path: '/order/api/v1/reconciliation/export',
    access: { permission: P.reconcileExport },
    module: m,
    summary: "Export a day's lines to the export centre",
    body: r.reconcileLineFilter,
    data: exportStarted,
  }),
} as const;
