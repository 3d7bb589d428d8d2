import { interpolate, type Lang, type Translations } from './platform/lang.js';
import type { ErrorDef } from './platform/error-def.js';
import { platformErrors } from './platform/errors.js';
import { identityErrors } from './identity/errors.js';
import { systemErrors } from './system/errors.js';
import { fleetErrors } from './fleet/errors.js';
import { assetsErrors } from './assets/errors.js';
import { accessoriesErrors } from './accessories/errors.js';
import { networkErrors } from './network/errors.js';
import { outletErrors } from './outlet/errors.js';
import { orderErrors } from './order/errors.js';
import { ledgerErrors } from './ledger/errors.js';
import { depositErrors } from './deposit/errors.js';
import { payoutErrors } from './payout/errors.js';
import { voucherErrors } from './voucher/errors.js';
import { statsErrors } from './stats/errors.js';
import { couponErrors } from './coupon/errors.js';
import { separationErrors } from './separation/errors.js';
import { reconcileErrors } from './reconcile/errors.js';

export type { ErrorDef } from './platform/error-def.js';

/**
 * The error catalogue. Every answer carries a code; 0 is success. Each code has a documented
 * meaning and a message in the three languages; the server answers in the language of
 * Accept-Language and the console shows `msg` as it comes.
 *
 * Code ranges: 1000xx platform (platform/errors.ts, plus the sign-in and verification-code codes
 * of identity, kept as first given), 1001xx identity, 1002xx system, 1003xx fleet, 1004xx network, 1005xx assets,
 * 1006xx outlet, 1007xx order, 1008xx ledger and payments, 1009xx deposits, 1010xx vouchers, 1011xx withdrawals, 1012xx coupons, 1013xx order separation, 1015xx reconciliation, 1031xx accessories, 1014xx statistics, each in <domain>/errors.ts. A test fails on a code used twice.
 */
export const Errors = {
  ...platformErrors,
  ...identityErrors,
  ...systemErrors,
  ...fleetErrors,
  ...assetsErrors,
  ...accessoriesErrors,
  ...networkErrors,
  ...outletErrors,
  ...orderErrors,
  ...ledgerErrors,
  ...depositErrors,
  ...voucherErrors,
  ...statsErrors,
  ...payoutErrors,
  ...couponErrors,
  ...separationErrors,
  ...reconcileErrors,
} as const;

export type ErrorName = keyof typeof Errors;

export { platformErrors, SESSION_END_CODES } from './platform/errors.js';

// Built on first use, so code that imports this module for something else does not carry it.
let byCode: Map<number, ErrorDef> | undefined;

export function errorMessage(name: ErrorName, lang: Lang, params?: Record<string, unknown>): string {
  // A value given in every language (a field's label) is read in the caller's.
  const inLang =
    params && Object.fromEntries(Object.entries(params).map(([k, v]) => [k, isTranslations(v) ? v[lang] : v]));
  return interpolate(Errors[name].msg[lang], inLang);
}

export function errorByCode(code: number): ErrorDef | undefined {
  byCode ??= new Map<number, ErrorDef>(Object.values(Errors).map((e) => [e.code, e]));
  return byCode.get(code);
}

function isTranslations(v: unknown): v is Translations {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as Translations).zh_CN === 'string' &&
    typeof (v as Translations).en_US === 'string'
  );
}
