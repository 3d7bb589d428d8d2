import { def, type ErrorDef } from '../platform/error-def.js';

/** Errors of the reconciliation: codes 1015xx. */
export const reconcileErrors = {
  RECONCILE_RUNNING: def(
    101501,
    'That day of that company is being reconciled now; ask again when it is done.',
    '该日对账正在进行中，请稍后再试',
    '該日對帳正在進行中，請稍後再試',
    'This day is being reconciled now; try again when it is done',
  ),
  RECONCILE_PROVIDER_UNKNOWN: def(
    101502,
    'No payment company of this name is configured.',
    '支付渠道不存在：{provider}',
    '支付渠道不存在：{provider}',
    'Unknown payment company: {provider}',
  ),
  RECONCILE_DAY_FUTURE: def(
    101503,
    'A day is reconciled once it has begun (its statement is complete the day after).',
    '不能对未来的日期对账',
    '不能對未來的日期對帳',
    'A day in the future cannot be reconciled',
  ),
  RECONCILE_LINE_NOT_FOUND: def(
    101504,
    'No reconciliation line has this id.',
    '对账明细不存在',
    '對帳明細不存在',
    'Reconciliation line not found',
  ),
  RECONCILE_LINE_MATCHED: def(
    101505,
    'A matched line is no difference; there is nothing to explain.',
    '已匹配的明细无需说明',
    '已匹配的明細無需說明',
    'A matched line needs no explanation',
  ),
  RECONCILE_LINE_EXPLAINED: def(
    101506,
    'The difference was explained already (by whom and why is on the line).',
    '该差异已说明',
    '該差異已說明',
    'This difference was explained already',
  ),
  RECONCILE_RUN_NOT_FOUND: def(
    101507,
    'No reconciled day has this id.',
    '对账记录不存在',
    '對帳記錄不存在',
    'Reconciled day not found',
  ),
} as const satisfies Record<string, ErrorDef>;
