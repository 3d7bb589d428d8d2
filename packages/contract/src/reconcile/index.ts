/** Reconciliation: the payment companies' daily statements matched with the books, differences explained by people. */
export * from './reconcile.js';
export * from './permissions.js';
export * from './calls.js';
export * from './errors.js';
export * from './labels.js';
export * from './validation.js';
