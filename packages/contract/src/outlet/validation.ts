import type { Translations } from '../platform/lang.js';

const T = (zh_CN: string, zh_TW: string, en_US: string): Translations => ({ zh_CN, zh_TW, en_US });

/** Messages of the outlet rules (ratios, billing), merged into the validation messages. */
export const outletRuleMessages = {
  'rule.moneyCents': T('金额必须是以分为单位的整数', '金額必須是以分為單位的整數', 'must be a whole amount in cents'),
  'rule.priceAboveZero': T('每周期价格必须大于 0', '每週期價格必須大於 0', 'must be above 0'),
  'rule.priceAboveDailyCap': T(
    '日封顶不能低于每周期价格',
    '日封頂不能低於每週期價格',
    'cannot be below the price per period',
  ),
  'rule.dailyCapAboveTotalCap': T(
    '总封顶（买断价）不能低于日封顶',
    '總封頂（買斷價）不能低於日封頂',
    'cannot be below the daily cap',
  ),
  'rule.dailyCapAboveDeposit': T('日封顶不能超过押金', '日封頂不能超過押金', 'cannot exceed the deposit'),
  'rule.outletOwner': T(
    '请选择代理商，或直营网点的团队（只能选一个）',
    '請選擇代理商，或直營網點的團隊（只能選一個）',
    'choose an agent, or for a direct-sales outlet a team (one of them)',
  ),
  'rule.hiddenRatio': T(
    '隐藏比例不能低于实际分成比例',
    '隱藏比例不能低於實際分成比例',
    'cannot be below the actual ratio',
  ),
  'rule.serviceProviderRatio': T(
    '设置服务商比例前请选择服务商',
    '設定服務商比例前請選擇服務商',
    'choose a service provider to give it a ratio',
  ),
  'rule.serviceHours': T('营业时间格式为 HH:mm-HH:mm', '營業時間格式為 HH:mm-HH:mm', 'must look like 09:00-22:00'),
} satisfies Record<string, Translations>;
