/** The deposit domain: deposit orders and their refunds, deposit rules, the rules' ignore list. */
export * from './deposit.js';
export * from './permissions.js';
export * from './calls.js';
export * from './errors.js';
export * from './labels.js';
