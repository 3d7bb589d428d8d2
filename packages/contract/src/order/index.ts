/** The order domain: orders, staff actions on them, refunds, and the customers' app calls. */
export * from './order.js';
export * from './app.js';
export * from './permissions.js';
export * from './calls.js';
export * from './errors.js';
export * from './labels.js';
