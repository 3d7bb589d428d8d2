/** Order separation: rules that divert matching orders' partner shares to the platform, and their restores. */
export * from './separation.js';
export * from './permissions.js';
export * from './calls.js';
export * from './errors.js';
export * from './labels.js';
export * from './validation.js';
