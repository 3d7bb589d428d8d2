import { def, type ErrorDef } from '../platform/error-def.js';

/** Errors of the deposit domain (deposit orders, refunds of deposits, deposit rules, the ignore list): codes 1009xx. */
export const depositErrors = {
  DEPOSIT_NOT_FOUND: def(100901, 'No deposit order has this id.',
    '押金订单不存在', '押金訂單不存在', 'Deposit order not found'),
  DEPOSIT_IN_USE: def(100902, 'The deposit belongs to an order still open (ejecting or using): it is given back when the order ends.',
    '订单使用中，押金不能退款', '訂單使用中，押金不能退款', 'The order is still in use: its deposit cannot be refunded'),
  DEPOSIT_NOT_REFUNDABLE: def(100903, 'Only a held, failed or rejected deposit with nothing being refunded may be asked for.',
    '押金当前状态不能退款', '押金目前狀態不能退款', 'The deposit cannot be refunded in its state'),
  DEPOSIT_NOT_PENDING: def(100904, 'Auditing applies to a deposit whose refund is pending audit.',
    '押金退款不是待审核状态', '押金退款不是待審核狀態', 'The deposit refund is not pending audit'),
  DEPOSIT_RULE_NOT_FOUND: def(100905, 'No deposit rule has this id.',
    '押金规则不存在', '押金規則不存在', 'Deposit rule not found'),
  DEPOSIT_RULE_SCOPE_TAKEN: def(100906, 'One rule per scope: the platform, an agent or an outlet already has one.',
    '该范围已有押金规则', '該範圍已有押金規則', 'This scope already has a deposit rule'),
  DEPOSIT_RULE_TARGET: def(100907, 'The agent or outlet of the rule does not exist.',
    '规则适用的代理商或网点不存在', '規則適用的代理商或網點不存在', 'The agent or outlet of the rule does not exist'),
  DEPOSIT_FREE_REFUSED: def(100908, 'A deposit rule refuses deposit-free renting: the customer has not finished enough deposit orders.',
    '完成 {need} 笔押金订单后才可免押金租借（已完成 {done} 笔，免押金已用 {used}/{earned} 次）',
    '完成 {need} 筆押金訂單後才可免押金租借（已完成 {done} 筆，免押金已用 {used}/{earned} 次）',
    'Deposit-free renting needs {need} finished deposit orders (you have {done}; deposit-free used {used} of {earned})'),
  DEPOSIT_IGNORE_TAKEN: def(100909, 'The customer is already on the ignore list.',
    '该用户已在忽略名单中', '該使用者已在忽略名單中', 'The customer is already on the ignore list'),
  DEPOSIT_IGNORE_NOT_FOUND: def(100910, 'No ignore-list entry has this id.',
    '忽略名单记录不存在', '忽略名單記錄不存在', 'Ignore-list entry not found'),
  DEPOSIT_USER_NOT_FOUND: def(100911, 'No customer has this id.',
    '用户不存在', '使用者不存在', 'Customer not found'),
} as const satisfies Record<string, ErrorDef>;
