import type { Translations } from '../platform/lang.js';

const T = (zh_CN: string, zh_TW: string, en_US: string): Translations => ({ zh_CN, zh_TW, en_US });

/** Messages of the order rules, merged into the validation messages. */
export const orderRuleMessages = {
  'rule.refundAboveZero': T('退款金额必须大于 0', '退款金額必須大於 0', 'must be above 0'),
  'rule.orderDeviceId': T(
    '设备编号为 4 位字母加 13 位数字',
    '設備編號為 4 位字母加 13 位數字',
    'must be 4 letters and 13 digits',
  ),
  'rule.refundReasonCode': T(
    '退款原因须为：未弹出、已归还未识别、设备故障、计费争议、其他',
    '退款原因須為：未彈出、已歸還未識別、設備故障、計費爭議、其他',
    'must be one of notEjected, returnNotRecognised, deviceFault, billingDispute, other',
  ),
  'rule.refundReasonText': T(
    '选择“其他”时须填写退款原因',
    '選擇「其他」時須填寫退款原因',
    'is required when the reason is "other"',
  ),
  'rule.idempotencyKey': T(
    '请求编号为 8-64 位字母、数字、下划线或连字符',
    '請求編號為 8-64 位字母、數字、底線或連字號',
    'must be 8-64 letters, digits, _ or -',
  ),
  'rule.payerId': T(
    '付款账户标识只能包含字母、数字、下划线或连字符（最多 64 位）',
    '付款帳戶標識只能包含字母、數字、底線或連字號（最多 64 位）',
    'must be letters, digits, _ or - (at most 64)',
  ),
} satisfies Record<string, Translations>;
