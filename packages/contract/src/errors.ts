import { interpolate, type Lang } from './platform/lang.js';
import type { ErrorDef } from './platform/error-def.js';
import { platformErrors } from './platform/errors.js';
import { identityErrors } from './identity/errors.js';
import { systemErrors } from './system/errors.js';
import { fleetErrors } from './fleet/errors.js';
import { networkErrors } from './network/errors.js';
import { outletErrors } from './outlet/errors.js';

export type { ErrorDef } from './platform/error-def.js';

/**
 * The error catalogue. Every answer carries a code; 0 is success. Each code has a documented
 * meaning and a message in the three languages; the server answers in the language of
 * Accept-Language and the console shows `msg` as it comes.
 *
 * Code ranges: 1000xx platform (platform/errors.ts, plus the sign-in and verification-code codes
 * of identity, kept as first given), 1001xx identity, 1002xx system, 1003xx fleet, 1004xx network, 1005xx outlet, each in
 * <domain>/errors.ts. A test fails on a code used twice.
 */
export const Errors = { ...platformErrors, ...identityErrors, ...systemErrors, ...fleetErrors, ...networkErrors, ...outletErrors } as const;

export type ErrorName = keyof typeof Errors;

/** Codes that end the session: the console shows the logged-out confirm dialog. */
export const SESSION_END_CODES: readonly number[] = [100020, 100021, 100022, 100023];

const byCode = new Map<number, ErrorDef>(Object.values(Errors).map((e) => [e.code, e]));

export function errorMessage(name: ErrorName, lang: Lang, params?: Record<string, unknown>): string {
  return interpolate(Errors[name].msg[lang], params);
}

export function errorByCode(code: number): ErrorDef | undefined {
  return byCode.get(code);
}
