/** The accessories domain: charging cables with offline codes, Bluetooth chargers, device billing by Excel, repair tickets. */
export * from './rules.js';
export * from './cable.js';
export * from './repair.js';
export * from './permissions.js';
export * from './calls.js';
export * from './errors.js';
export * from './labels.js';
