import { call } from '../platform/call.js';
import { pageResult } from '../platform/envelope.js';
import { exportStarted } from '../platform/exports.js';
import * as l from './ledger.js';
import { ledgerPerms } from './permissions.js';

const P = ledgerPerms;
const m = 'ledger';

/** The books: the trial balance, the three fund flows, the payment provider's notifications. */
export const ledgerCalls = {
  ledgerTrialBalance: call({
    method: 'GET',
    path: '/order/api/v1/ledger/trialBalance',
    access: { permission: P.trialBalance },
    module: m,
    summary: 'Debit and credit totals per account: the check that the books balance',
    data: l.trialBalance,
  }),
  ledgerAccounts: call({
    method: 'GET',
    path: '/order/api/v1/ledger/accounts',
    access: { permission: P.trialBalance },
    module: m,
    summary: 'Ledger accounts with their balances (sums of their entries)',
    query: l.ledgerAccountsQuery,
    data: pageResult(l.ledgerAccountItem),
  }),
  ledgerPaymentProvider: call({
    method: 'GET',
    path: '/order/api/v1/ledger/paymentProvider',
    access: 'authenticated',
    module: m,
    summary: 'The payment provider in use (the sandbox says it is one)',
    data: l.paymentProviderInfo,
  }),
  fundFlowPlatform: call({
    method: 'POST',
    path: '/order/api/v1/fundFlow/platform/queryPage',
    access: { permission: P.flowPlatform },
    module: m,
    summary: "Platform fund flow: entries of the platform's accounts (clearing, revenue, fees, taxes, refunds)",
    body: l.fundFlowQuery,
    data: pageResult(l.fundFlowItem),
  }),
  fundFlowUser: call({
    method: 'POST',
    path: '/order/api/v1/fundFlow/user/queryPage',
    access: { permission: P.flowUser },
    module: m,
    summary: "User fund flow: entries of customers' balances and deposits",
    body: l.fundFlowQuery,
    data: pageResult(l.fundFlowItem),
  }),
  fundFlowAccount: call({
    method: 'POST',
    path: '/order/api/v1/fundFlow/account/queryPage',
    access: { permission: P.flowAccount },
    module: m,
    summary: 'Account fund flow: entries of the payables of agents, outlets, service providers and pushers',
    body: l.fundFlowQuery,
    data: pageResult(l.fundFlowItem),
  }),
  fundFlowPlatformExport: call({
    method: 'POST',
    path: '/order/api/v1/fundFlow/platform/export',
    access: { permission: P.flowExport },
    module: m,
    summary: 'Export the platform fund flow',
    body: l.fundFlowFilter,
    data: exportStarted,
  }),
  fundFlowUserExport: call({
    method: 'POST',
    path: '/order/api/v1/fundFlow/user/export',
    access: { permission: P.flowExport },
    module: m,
    summary: 'Export the user fund flow',
    body: l.fundFlowFilter,
    data: exportStarted,
  }),
  fundFlowAccountExport: call({
    method: 'POST',
    path: '/order/api/v1/fundFlow/account/export',
    access: { permission: P.flowExport },
    module: m,
    summary: 'Export the account fund flow',
    body: l.fundFlowFilter,
    data: exportStarted,
  }),
  paymentNotify: call({
    method: 'POST',
    path: '/order/api/open/v1/payment/notify',
    access: 'public',
    module: m,
    summary:
      "A payment provider's signed notification (charge, refund, payout); a duplicate is accepted and moves nothing",
    body: l.paymentNotifyRequest,
    data: l.paymentNotifyResult,
  }),
} as const;
