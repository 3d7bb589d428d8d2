export { zodRule, useZodRule } from './zod-rule';
export { maxRangeRule, exceedsMaxRange, disabledBeyondRange, type PickedRange } from './date-range';
export { useCountdown } from './use-countdown';
export { useLang, toLang } from './lang';
export { submitWithFieldErrors, fieldOfError, ERROR_FIELDS } from './field-errors';
