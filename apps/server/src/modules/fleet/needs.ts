import type { PermissionCheck } from '../identity/ports.js';
import type { OrderReads } from '../order/ports.js';
import type { RentalListener } from './rental-port.js';
import type { AssetRemovals, Stock } from '../assets/ports.js';
import type { Outlets } from '../outlet/ports.js';

/**
 * What fleet uses of modules built before it: the identity module's permission check (the overview
 * leaves out what an account may not see), the device assets (told of cabinets stocked in; their
 * delete of an asset row) and the system configuration's QR code address. src/wiring/fleet.ts builds it.
 */
export interface FleetNeeds {
  access: PermissionCheck;
  /** The assets learn of cabinets stocked in by batch storage, in the same transaction. */
  cabinetsStocked: Stock['cabinetsStocked'];
  /** The assets' delete of a device's asset row (refused with its own error); 'absent' when there is none. */
  forgetAsset: AssetRemovals['forget'];
  /** The QR code address of the system configuration (labels and scans are built from it). */
  qrBase(): Promise<string>;
}

/** What fleet needs of modules built after it (outlet, order), bound in app.ts's bind phase. */
export interface FleetLate {
  /** Names of outlets by id (the outlet module): the cabinet list names each cabinet's outlet. */
  outletNames: Outlets['namesOf'];
  /** Each power bank's leases (rentals ended, minutes from rent to return), from the orders. */
  leases: OrderReads['leases'];
  /** The rental engine (order module): told each rental eject's outcome and each power bank that comes back. */
  rentalEvents: RentalListener;
}
