import { call } from '../platform/call.js';
import { idQuery, pageResult } from '../platform/envelope.js';
import * as s from './separation.js';
import { separationPerms } from './permissions.js';

const P = separationPerms;
const m = 'separation';

/** Order separation: its rules and the orders they separated (the spec's style, under the order service). */
export const separationCalls = {
  separationRuleQueryPage: call({
    method: 'GET',
    path: '/order/api/v1/separationRule/queryPage',
    access: { permission: P.separationRuleQuery },
    module: m,
    summary: 'Separation rules filtered by code, name, type, status and device (deleted rules only when asked for)',
    query: s.separationRuleQuery,
    data: pageResult(s.separationRuleItem),
  }),
  separationRuleDetail: call({
    method: 'GET',
    path: '/order/api/v1/separationRule/detail',
    access: { permission: P.separationRuleQuery },
    module: m,
    summary: 'One separation rule with the counts of each of its devices',
    query: idQuery,
    data: s.separationRuleDetail,
  }),
  separationRuleSave: call({
    method: 'POST',
    path: '/order/api/v1/separationRule/saveOrUpdate',
    access: { permission: P.separationRuleEdit },
    module: m,
    summary: 'Create a separation rule (it starts running) or edit a running or paused one (spec 5 rules)',
    body: s.separationRuleSaveRequest,
    data: s.separationRuleItem,
  }),
  separationRuleEditStatus: call({
    method: 'POST',
    path: '/order/api/v1/separationRule/editStatus',
    access: { permission: P.separationRuleStatus },
    module: m,
    summary: 'Pause or resume a rule, or restore it: every order it separated gets its shares back, once',
    body: s.separationStatusRequest,
    data: s.separationRuleItem,
  }),
  separationRuleDelete: call({
    method: 'DELETE',
    path: '/order/api/v1/separationRule/delete',
    access: { permission: P.separationRuleDelete },
    module: m,
    summary: 'Delete a rule: it stops separating; its separated orders and their movements are kept',
    query: s.separationDeleteQuery,
    data: s.separationRuleItem,
  }),
  separationOrderQueryPage: call({
    method: 'GET',
    path: '/order/api/v1/separationOrder/queryPage',
    access: { permission: P.separationOrderQuery },
    module: m,
    summary: 'Orders separated by the rules, filtered by rule, order number, device, status and separation time',
    query: s.separationOrderQuery,
    data: pageResult(s.separationOrderItem),
  }),
  separationOrderRestore: call({
    method: 'POST',
    path: '/order/api/v1/separationOrder/restore',
    access: { permission: P.separationOrderRestore },
    module: m,
    summary: 'Restore a separated order: its shares go back to the partners, once (a ledger movement)',
    body: s.separationRestoreRequest,
    data: s.separationOrderItem,
  }),
} as const;
