import type { AccessoriesServices } from '../modules/accessories/index.js';
import type { AssetsServices } from '../modules/assets/index.js';
import type { CouponServices } from '../modules/coupon/index.js';
import type { DepositServices } from '../modules/deposit/index.js';
import type { FleetServices } from '../modules/fleet/index.js';
import type { IdentityServices } from '../modules/identity/index.js';
import type { LedgerServices } from '../modules/ledger/index.js';
import type { NetworkServices } from '../modules/network/index.js';
import type { OrderServices } from '../modules/order/index.js';
import type { OutletServices } from '../modules/outlet/index.js';
import type { PayoutServices } from '../modules/payout/index.js';
import type { SeparationServices } from '../modules/separation/index.js';
import type { SystemServices } from '../modules/system/index.js';
import type { VoucherServices } from '../modules/voucher/index.js';

/*
 * The wiring (src/wiring/): one file per consumer module, each building that module's needs (and
 * its late needs) from the services of the modules that provide them. A wiring file holds no
 * business rule: each entry hands over a provider's method, or adapts its shape (a name out of a
 * map of names), and says which module answers. The rules live in the modules that own them.
 */

/** The services of every module that provides something to another, by module name. */
export interface Built {
  identity: IdentityServices;
  system: SystemServices;
  assets: AssetsServices;
  fleet: FleetServices;
  accessories: AccessoriesServices;
  network: NetworkServices;
  outlet: OutletServices;
  ledger: LedgerServices;
  deposit: DepositServices;
  separation: SeparationServices;
  coupon: CouponServices;
  order: OrderServices;
  voucher: VoucherServices;
  payout: PayoutServices;
}

/** The name behind one id, from a provider's names by id (null when it has none). */
export const oneName =
  <K>(names: (ids: number[]) => Promise<Map<number, K>>) =>
  async (id: number): Promise<K | null> =>
    (await names([id])).get(id) ?? null;

/** The services of built modules, by name (what the wiring functions take). */
export function built<T extends Record<string, { services: unknown }>>(
  modules: T,
): { [K in keyof T]: T[K]['services'] } {
  return Object.fromEntries(Object.entries(modules).map(([k, m]) => [k, m.services])) as {
    [K in keyof T]: T[K]['services'];
  };
}
