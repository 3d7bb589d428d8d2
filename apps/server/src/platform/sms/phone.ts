import { canonicalPhone, isPhone, type Phone } from '@cbo/contract';
import { AppError } from '../http/app-error.js';

/**
 * A phone's canonical form at a service's entrance (docs/decisions/customers.md, "One phone, one
 * customer"). Calls over HTTP arrive canonical already (the contract's withPhone); this covers the
 * services' other callers (the demo, imports, tests), so nothing is stored or looked up under a
 * split of its own. A pair that is no phone is refused with MOBILE_FORMAT. `simulated`: the demo's
 * +999 is taken (the server's own simulated customers only).
 */
export function requirePhone(areaCode: string, mobile: string, opts: { simulated?: boolean } = {}): Phone {
  const p = canonicalPhone(areaCode, mobile, opts);
  if (!isPhone(p)) throw new AppError('MOBILE_FORMAT');
  return p;
}

/** The canonical form when there is one, else the pair as typed (a look-up that simply finds nothing). */
export function phoneOrAsTyped(areaCode: string, mobile: string): Phone {
  const p = canonicalPhone(areaCode, mobile);
  return isPhone(p) ? p : { areaCode: areaCode.trim().replace(/^\+/, ''), mobile: mobile.trim() };
}
