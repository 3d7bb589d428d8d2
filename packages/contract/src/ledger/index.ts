/** The ledger domain: accounts, entries, the trial balance, fund flows, payment notifications. */
export * from './ledger.js';
export * from './permissions.js';
export * from './calls.js';
export * from './errors.js';
export * from './labels.js';
