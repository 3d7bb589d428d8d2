/**
 * The fleet's edge: the types other modules name in their needs (type-only imports; lint allows
 * `import type` of a module's ports.ts and nothing else of it). The values behind them are the
 * fleet module's services, handed over by src/wiring/.
 */
import type { CabinetBinding } from './cabinet-binding.js';
import type { RentalPort } from './rental-port.js';
import type { FleetOperations } from './fleet.operations.js';

/** Renting (rental-port.ts): picking and recording ejects, their outcomes and returns. */
export type FleetRental = RentalPort;

/** Cabinets' outlets (cabinet-binding.ts): a cabinet's outlet, which cabinets the fleet knows, binding. */
export type FleetOutletBinding = CabinetBinding;

/** The fleet as the rental engine uses it: availability, ejects, where a power bank is, a cabinet's outlet. */
export type FleetForOrders = Pick<RentalPort, 'availability' | 'reserveEject' | 'dispatch' | 'whereIs' | 'ejectState'> &
  Pick<CabinetBinding, 'outletOf'>;

/** The fleet's operational data (fleet.operations.ts): cabinets of outlets, eject faults per period. */
export type FleetOperationsData = FleetOperations;
