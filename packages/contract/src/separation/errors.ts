import { def, type ErrorDef } from '../platform/error-def.js';

/** Errors of order separation: codes 1013xx. */
export const separationErrors = {
  SEPARATION_RULE_NOT_FOUND: def(
    101301,
    'No separation rule has this id (or it was deleted).',
    '分单规则不存在',
    '分單規則不存在',
    'Separation rule not found',
  ),
  SEPARATION_RULE_STATE: def(
    101302,
    'The rule is not in a state that allows this change (a restored or deleted rule is final).',
    '分单规则当前状态不允许此操作',
    '分單規則目前狀態不允許此操作',
    'The separation rule cannot do this in its current state',
  ),
  SEPARATION_DEVICE_UNKNOWN: def(
    101303,
    'A device of the rule is not a cabinet the fleet knows.',
    '设备不存在：{sns}',
    '設備不存在：{sns}',
    'Unknown devices: {sns}',
  ),
  SEPARATION_ORDER_NOT_FOUND: def(
    101304,
    'No separated order has this id.',
    '分单订单不存在',
    '分單訂單不存在',
    'Separated order not found',
  ),
  SEPARATION_ORDER_RESTORED: def(
    101305,
    'The order was restored already; its shares went back once.',
    '该订单已恢复',
    '該訂單已恢復',
    'This order was restored already',
  ),
  SEPARATION_NAME_TAKEN: def(
    101306,
    'Another rule that is not deleted has this name.',
    '分单规则名称已存在',
    '分單規則名稱已存在',
    'A separation rule with this name exists',
  ),
} as const satisfies Record<string, ErrorDef>;
