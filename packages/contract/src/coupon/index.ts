/** The coupon domain: coupons given away, platform sends, code batches, and the customers' coupons. */
export * from './coupon.js';
export * from './permissions.js';
export * from './calls.js';
export * from './errors.js';
export * from './labels.js';
export * from './validation.js';
