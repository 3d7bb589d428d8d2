import type { Translations } from '../platform/lang.js';

const T = (zh_CN: string, zh_TW: string, en_US: string): Translations => ({ zh_CN, zh_TW, en_US });

/** Messages of the voucher rules, merged into the validation messages. */
export const voucherRuleMessages = {
  'rule.voucherScope': T(
    '请选择适用的代理商或网点',
    '請選擇適用的代理商或網點',
    'choose the agent or outlet it holds at',
  ),
} satisfies Record<string, Translations>;
