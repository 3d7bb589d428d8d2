import type { Config, ProblemTypes } from '../system/ports.js';
import type { AssetRemovals, Models } from '../assets/ports.js';
import type { Outlets } from '../outlet/ports.js';

/** Device kinds a cable or charger model is of (the assets module's words). */
export type AccessoryKind = 'cable' | 'bluetoothCharger';

/** What the accessories module uses of other modules; its wiring file (src/wiring/) builds them (never imported). */
export interface AccessoriesNeeds {
  /** The assets module's models: every cable and charger has one. */
  models: Pick<Models, 'usable' | 'names'>;
  /** The system module's settings: the Bluetooth limits (pay) and the package amount range (range). */
  settings: Pick<Config, 'values'>;
  /**
   * The assets module's delete of a device's asset row (refused, with its own error, while the
   * asset is in an outlet, an agent's or held by a dispatch); 'absent' when it has none.
   */
  forgetAsset?: AssetRemovals['forget'];
  /** The system module's problem types. */
  problemTypes: Pick<ProblemTypes, 'rows'>;
}

/** Who made a change: an account id and its user name. */
export interface Actor {
  id: number | null;
  name: string | null;
}

/**
 * Takes a device out of business: the outlet module unbinds it and the assets write its removal,
 * in one transaction (the one path by which a device leaves an outlet). Refuses (an AppError) a
 * device bound to no outlet or unknown. The outlet module is built after this one: a late need.
 */
export type DeviceRemoval = (
  deviceId: string,
  reason: string,
  by: { id: number | null; name: string },
) => Promise<unknown>;

/** What the accessories module needs of modules built after it (the outlet module), bound in app.ts's bind phase. */
export interface AccessoriesLate {
  /** Names of outlets by id (missing ids left out): the lists name a device's outlet. */
  outletNames: Outlets['namesOf'];
  /** The one path by which a device leaves its outlet (a repair ticket taking it out of business). */
  removal: DeviceRemoval;
}
