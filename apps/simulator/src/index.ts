/** The simulator's public surface: virtual cabinets speaking docs/protocol.md. */
export { MODELS, modelFor, powerBankIdFor } from './hardware.js';
export { VirtualCabinet, type CabinetOptions, type CabinetState, type CabinetStats } from './cabinet.js';
export { createFleet, emptySummary, serialNumber, type Fleet, type FleetOptions, type FleetSummary } from './fleet.js';
export { cabinetSecret } from './secret.js';
export * from './protocol.js';
