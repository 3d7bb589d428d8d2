import { call, none } from '../platform/call.js';
import { pageResult } from '../platform/envelope.js';
import { exportStarted } from '../platform/exports.js';
import * as d from './deposit.js';
import { depositPerms } from './permissions.js';

const P = depositPerms;
const m = 'deposit';

/** Spec 7's Deposits group, at its exact paths under /order/api/v1/. */
export const depositCalls = {
  depositIgnoreDel: call({
    method: 'POST',
    path: '/order/api/v1/depositOrder/orderRuleIgnoreDel',
    access: { permission: P.depositIgnoreEdit },
    module: m,
    summary: 'Remove a customer from the deposit rules ignore list',
    body: d.ignoreDelRequest,
    data: none,
  }),
  depositIgnoreAdd: call({
    method: 'POST',
    path: '/order/api/v1/depositOrder/orderRuleIgnoreAdd',
    access: { permission: P.depositIgnoreEdit },
    module: m,
    summary: 'Exempt a customer from the deposit rules (the ignore list)',
    body: d.ignoreAddRequest,
    data: d.ignoreItem,
  }),
  depositIgnoreBatch: call({
    method: 'POST',
    path: '/order/api/v1/depositOrder/orderRuleIgnoreBatch',
    access: { permission: P.depositIgnoreEdit },
    module: m,
    summary:
      'Exempt customers by phone number in a batch (up to 1000); a partial failure answers -100 with the report (skipped: not a phone, unknown, already exempt, ambiguous, repeated)',
    body: d.ignoreBatchRequest,
    data: d.ignoreBatchReport,
  }),
  depositIgnoreList: call({
    method: 'GET',
    path: '/order/api/v1/depositOrder/orderRuleIgnoreList',
    access: { permission: P.depositIgnoreQuery },
    module: m,
    summary: 'Customers exempt from the deposit rules',
    query: d.ignoreQuery,
    data: pageResult(d.ignoreItem),
  }),

  depositRuleSave: call({
    method: 'POST',
    path: '/order/api/v1/depositRule/saveOrUpdate',
    access: { permission: P.depositRuleEdit },
    module: m,
    summary: 'Create or edit a deposit rule (deposit-free order count not above deposit order count)',
    body: d.depositRuleSave,
    data: d.depositRuleItem,
  }),
  depositRuleDetail: call({
    method: 'GET',
    path: '/order/api/v1/depositRule/detail',
    access: { permission: P.depositRuleQuery },
    module: m,
    summary: 'One deposit rule',
    query: d.depositRuleDetailQuery,
    data: d.depositRuleItem,
  }),
  depositRuleList: call({
    method: 'POST',
    path: '/order/api/v1/depositRule/list',
    access: { permission: P.depositRuleQuery },
    module: m,
    summary: 'Deposit rules: who may rent deposit-free, by platform, agent or outlet',
    body: d.depositRuleQuery,
    data: pageResult(d.depositRuleItem),
  }),
  depositRuleEditStatus: call({
    method: 'GET',
    path: '/order/api/v1/depositRule/editStatus',
    access: { permission: P.depositRuleStatus },
    module: m,
    summary: 'Enable or disable a deposit rule',
    query: d.depositRuleStatusQuery,
    data: d.depositRuleItem,
  }),

  depositQueryPage: call({
    method: 'POST',
    path: '/order/api/v1/depositOrder/queryPage',
    access: { permission: P.depositQuery },
    module: m,
    summary:
      'Deposit orders filtered by number, order, state, channel, user, outlet and creation time (at most 30 days)',
    body: d.depositQuery,
    data: pageResult(d.depositItem),
  }),
  depositStatistics: call({
    method: 'POST',
    path: '/order/api/v1/depositOrder/queryDepositStatistics',
    access: { permission: P.depositQuery },
    module: m,
    summary:
      'Deposit figures over the same filter: held, returned, fees, pending audit, refunded, failed; deposit versus deposit-free rentals',
    body: d.depositFilter,
    data: d.depositStatistics,
  }),
  depositExport: call({
    method: 'POST',
    path: '/order/api/v1/depositOrder/export',
    access: { permission: P.depositExport },
    module: m,
    summary: 'Export the deposit orders to the export centre',
    body: d.depositFilter,
    data: exportStarted,
  }),
  depositAudit: call({
    method: 'PUT',
    path: '/order/api/v1/depositOrder/refundDeposit/audit',
    access: { permission: P.depositAudit },
    module: m,
    summary:
      "Approve (the refund goes to the payment company) or reject (with a reason) a deposit's refund application; id is the deposit order's",
    query: d.depositAuditQuery,
    body: d.depositAuditRequest,
    data: d.depositItem,
  }),
  depositRefundApply: call({
    method: 'POST',
    path: '/order/api/v1/depositOrder/pcRefundDepositRule/user',
    access: { permission: P.depositRefund },
    module: m,
    summary:
      'Ask for the refund of a held or failed deposit by the rule (less the deposit refund fee percent); one application at a time, audited',
    query: d.depositRefundQuery,
    body: d.depositRefundRequest,
    data: d.depositItem,
  }),
} as const;
