/** The withdrawal domain: applications from the partner app, staff review, payouts. */
export * from './payout.js';
export * from './permissions.js';
export * from './calls.js';
export * from './errors.js';
export * from './labels.js';
