import { call } from '../platform/call.js';
import { pageResult } from '../platform/envelope.js';
import { exportStarted } from '../platform/exports.js';
import * as w from './payout.js';
import { payoutPerms } from './permissions.js';

const P = payoutPerms;
const m = 'payout';

/** Withdrawals: the partner app's application, staff review, the payment company's payout. */
export const payoutCalls = {
  payoutApply: call({
    method: 'POST',
    path: '/user/api/app/v1/withdrawal/apply',
    access: 'app',
    module: m,
    summary:
      'Partner app: apply for a withdrawal (the amount is held at once; a repeated idempotencyKey answers the first application)',
    body: w.payoutApplyRequest,
    data: w.payoutItem,
  }),
  payoutBalance: call({
    method: 'GET',
    path: '/user/api/app/v1/withdrawal/balance',
    access: 'app',
    module: m,
    summary: "Partner app: the party's balance, what may be withdrawn now and its withdrawal rules",
    data: w.payoutBalance,
  }),
  payoutMine: call({
    method: 'GET',
    path: '/user/api/app/v1/withdrawal/mine',
    access: 'app',
    module: m,
    summary: "Partner app: the party's own withdrawals, newest first",
    query: w.payoutMineQuery,
    data: pageResult(w.payoutItem),
  }),
  payoutConfirmation: call({
    method: 'GET',
    path: '/user/api/app/v1/withdrawal/confirmation',
    access: 'app',
    module: m,
    summary:
      "Partner app: what wx.requestMerchantTransfer needs for the payee to confirm one of the party's own WeChat withdrawals while WeChat Pay waits for it",
    query: w.payoutConfirmationQuery,
    data: w.payoutConfirmation,
  }),
  payoutQueryPage: call({
    method: 'GET',
    path: '/user/api/v1/withdrawal/queryPage',
    access: { permission: P.payoutQuery },
    module: m,
    summary:
      'Withdrawals filtered by status, method, account kind, application number and application time (at most 30 days)',
    query: w.payoutQuery,
    data: pageResult(w.payoutItem),
  }),
  payoutDetail: call({
    method: 'GET',
    path: '/user/api/v1/withdrawal/detail',
    access: { permission: P.payoutQuery },
    module: m,
    summary: "One withdrawal with its state history and the party's balance",
    query: w.payoutDetailQuery,
    data: w.payoutDetail,
  }),
  payoutSummary: call({
    method: 'GET',
    path: '/user/api/v1/withdrawal/summary',
    access: { permission: P.payoutQuery },
    module: m,
    summary: 'Withdrawals waiting for review and with the payment company: counts and amounts',
    data: w.payoutSummary,
  }),
  payoutAudit: call({
    method: 'PUT',
    path: '/user/api/v1/withdrawal/audit',
    access: { permission: P.payoutAudit },
    module: m,
    summary:
      'Approve (paid out through the payment company) or reject (with a reason; the amount goes back) a withdrawal waiting for review',
    body: w.payoutAuditRequest,
    data: w.payoutItem,
  }),
  payoutBatchAudit: call({
    method: 'PUT',
    path: '/user/api/v1/withdrawal/batchAudit',
    access: { permission: P.payoutAudit },
    module: m,
    summary:
      'Approve or reject several withdrawals waiting for review: each is decided by the same conditional update as a single review; one already decided is reported, not paid twice',
    body: w.payoutBatchAuditRequest,
    data: w.payoutBatchAuditResult,
  }),
  payoutExport: call({
    method: 'POST',
    path: '/user/api/v1/withdrawal/export',
    access: { permission: P.payoutExport },
    module: m,
    summary: 'Export the withdrawals to the export centre',
    body: w.payoutFilter,
    data: exportStarted,
  }),
} as const;
