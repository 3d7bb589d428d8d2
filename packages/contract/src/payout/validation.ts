import type { Translations } from '../platform/lang.js';

const T = (zh_CN: string, zh_TW: string, en_US: string): Translations => ({ zh_CN, zh_TW, en_US });

/** Messages of the withdrawal fields, merged into the validation messages. */
export const payoutRuleMessages = {
  'rule.idempotencyKey': T(
    '须为 8-64 位字母、数字、- 或 _',
    '須為 8-64 位字母、數字、- 或 _',
    'must be 8-64 letters, digits, - or _',
  ),
} satisfies Record<string, Translations>;
