/** The statistics domain: the dashboard's business figures and action list, the financial data. */
export * from './stats.js';
export * from './permissions.js';
export * from './calls.js';
export * from './errors.js';
export * from './labels.js';
export * from './report.js';
export * from './operations.js';
