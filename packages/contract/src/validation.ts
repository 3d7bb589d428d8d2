import type { z } from 'zod';
import { interpolate, type Lang, type Translations } from './platform/lang.js';
import { platformRuleMessages } from './platform/validation.js';
import { identityRuleMessages } from './identity/validation.js';
import { systemRuleMessages } from './system/validation.js';
import { fleetRuleMessages } from './fleet/validation.js';
import { fieldName } from './labels.js';
import { assetsRuleMessages } from './assets/validation.js';
import { accessoriesRuleMessages } from './accessories/validation.js';
import { networkRuleMessages } from './network/validation.js';
import { outletRuleMessages } from './outlet/validation.js';
import { orderRuleMessages } from './order/validation.js';
import { depositRuleMessages } from './deposit/validation.js';
import { voucherRuleMessages } from './voucher/validation.js';
import { payoutRuleMessages } from './payout/validation.js';
import { couponRuleMessages } from './coupon/validation.js';
import { separationRuleMessages } from './separation/validation.js';
import { reconcileMessages } from './reconcile/validation.js';

/**
 * Validation messages in three languages, shared by the server (msg of code 100001) and the
 * console's forms, so a rule reads the same wherever it fails. A field rule carries a message
 * key (`rule.*`) as its zod error; built-in checks are phrased from the issue's code. The
 * messages are written beside their rules (platform/ and each domain) and joined here.
 */
export const validationMessages = {
  ...platformRuleMessages,
  ...identityRuleMessages,
  ...systemRuleMessages,
  ...fleetRuleMessages,
  ...assetsRuleMessages,
  ...accessoriesRuleMessages,
  ...networkRuleMessages,
  ...outletRuleMessages,
  ...orderRuleMessages,
  ...depositRuleMessages,
  ...voucherRuleMessages,
  ...payoutRuleMessages,
  ...couponRuleMessages,
  ...separationRuleMessages,
  ...reconcileMessages,
} satisfies Record<string, Translations>;

export type ValidationKey = keyof typeof validationMessages;

export function validationText(key: ValidationKey, lang: Lang, params?: Record<string, unknown>): string {
  return interpolate(validationMessages[key][lang], params);
}

/** Describes one zod issue in the given language, without the field name. */
export function describeIssue(issue: z.core.$ZodIssue, lang: Lang): string {
  if (issue.message && issue.message in validationMessages) {
    return validationText(issue.message as ValidationKey, lang);
  }
  switch (issue.code) {
    case 'invalid_type':
      // An integer check fails as invalid_type (expected int) on a number such as 1.5.
      if (issue.expected === 'int' && typeof issue.input === 'number' && !Number.isNaN(issue.input))
        return validationText('notInteger', lang);
      return validationText(issue.input === undefined || issue.input === null ? 'required' : 'invalidType', lang);
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? validationText('required', lang)
          : validationText('tooShort', lang, { min: issue.minimum });
      }
      if (issue.origin === 'array' || issue.origin === 'set')
        return validationText('tooFewItems', lang, { min: issue.minimum });
      return validationText('tooSmall', lang, { min: issue.minimum });
    case 'too_big':
      if (issue.origin === 'string') return validationText('tooLong', lang, { max: issue.maximum });
      if (issue.origin === 'array' || issue.origin === 'set')
        return validationText('tooManyItems', lang, { max: issue.maximum });
      return validationText('tooBig', lang, { max: issue.maximum });
    case 'invalid_union': {
      // "an email, or empty": say what the first alternative wanted, not "not allowed".
      const first = issue.errors?.[0]?.[0];
      return first ? describeIssue(first, lang) : validationText('invalidValue', lang);
    }
    case 'invalid_value':
      return validationText('invalidValue', lang);
    case 'invalid_format':
      return validationText('invalidFormat', lang);
    case 'unrecognized_keys':
      return validationText('unknownKeys', lang, { keys: issue.keys.join(', ') });
    case 'not_multiple_of':
      return validationText('notInteger', lang);
    default:
      return validationText('invalidFormat', lang);
  }
}

/** "field: reason" for the first issue, the text of error code 100001. */
export function describeError(error: z.core.$ZodError | { issues: z.core.$ZodIssue[] }, lang: Lang): string {
  const issue = error.issues[0];
  if (!issue) return validationText('invalidFormat', lang);
  // The field is named as people read it (its label in the caller's language), its key only when it has none.
  const field = issue.path.map(String).join('.');
  const reason = describeIssue(issue, lang);
  return field ? `${fieldName(field, lang)}: ${reason}` : reason;
}
