import type { Translations } from '../platform/lang.js';

const T = (zh_CN: string, zh_TW: string, en_US: string): Translations => ({ zh_CN, zh_TW, en_US });

/** Messages of the reconciliation's fields, merged into the validation messages. */
export const reconcileMessages = {
  'rule.reconcileProvider': T(
    '支付渠道名称格式不正确',
    '支付渠道名稱格式不正確',
    'must be a payment company name (letters, digits, - and _)',
  ),
} satisfies Record<string, Translations>;
