/** The outlet domain: outlets, their billing rules, the devices bound to them, the map. */
export * from './outlet.js';
export * from './permissions.js';
export * from './calls.js';
export * from './errors.js';
export * from './labels.js';
export * from './coords.js';
