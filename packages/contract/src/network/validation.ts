import type { Translations } from '../platform/lang.js';

const T = (zh_CN: string, zh_TW: string, en_US: string): Translations => ({ zh_CN, zh_TW, en_US });

/** Messages of the network rules, merged into the validation messages. */
export const networkRuleMessages = {
  'rule.passwordOrCode': T(
    '请输入密码或验证码（二选一）',
    '請輸入密碼或驗證碼（二擇一）',
    'give a password or a code, one of them',
  ),
  'rule.appPassword': T(
    '密码为 6-18 位字符，不能包含空格',
    '密碼為 6-18 位字元，不能包含空格',
    'must be 6-18 characters without spaces',
  ),
  'rule.freezeReason': T(
    '冻结用户需填写原因（1-32 个字符）',
    '凍結使用者需填寫原因（1-32 個字元）',
    'freezing a user needs a reason of 1-32 characters',
  ),
  'rule.netMinWithdrawal': T(
    '最低提现金额为 0 到 9999999',
    '最低提現金額為 0 到 9999999',
    'the minimum withdrawal must be from 0 to 9999999',
  ),
  'rule.netWholeAmount': T(
    '最低提现金额须为整数金额',
    '最低提現金額須為整數金額',
    'the minimum withdrawal must be a whole amount',
  ),
} satisfies Record<string, Translations>;
