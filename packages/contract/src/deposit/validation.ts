import type { Translations } from '../platform/lang.js';

const T = (zh_CN: string, zh_TW: string, en_US: string): Translations => ({ zh_CN, zh_TW, en_US });

/** Messages of the deposit rules' fields, merged into the validation messages. */
export const depositRuleMessages = {
  // spec 5: deposit-free order count not above deposit order count.
  'rule.depositFreeNotAbove': T(
    '免押金订单数不能大于押金订单数',
    '免押金訂單數不能大於押金訂單數',
    'cannot be above the deposit order count',
  ),
  'rule.wholeFrom0': T('必须是不小于 0 的整数', '必須是不小於 0 的整數', 'must be a whole number ≥ 0'),
  'rule.rejectReason': T('驳回时必须填写原因', '駁回時必須填寫原因', 'is required to reject'),
} satisfies Record<string, Translations>;
