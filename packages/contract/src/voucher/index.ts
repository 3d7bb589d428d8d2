/** The voucher domain: prepaid rental passes, their purchases, and the customers' app calls. */
export * from './voucher.js';
export * from './permissions.js';
export * from './calls.js';
export * from './errors.js';
export * from './labels.js';
export * from './validation.js';
