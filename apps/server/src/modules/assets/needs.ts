import type { DeviceType } from '@cbo/contract';
import type { DeviceRowRemover } from './asset-removal.js';
import type { Outlets } from '../outlet/ports.js';

/**
 * What the assets module needs of modules built after it (fleet, accessories, network, outlet):
 * declared as its late needs and bound in app.ts's bind phase (src/wiring/assets.ts builds them).
 */
export interface AssetsLate {
  /** Names of outlets by id (the outlet module): the records and assets name their outlet. */
  outletNames: Outlets['namesOf'];
  /**
   * The fleet's registration of cabinets: a cabinet put in stock becomes a fleet cabinet in the
   * put-in's transaction (docs/decisions/assets-and-accessories.md, "One way in"); answers the SNs registered.
   */
  registerCabinets(sns: string[], by: number | null): Promise<string[]>;
  /** The delete of each kind of device's working row, by the module that keeps it (fleet, accessories). */
  removers: Record<DeviceType, DeviceRowRemover>;
  /** Names of the regions of area management by id (the network module): a warehouse's area is one. */
  regionNames(ids: number[]): Promise<Map<number, string>>;
}
