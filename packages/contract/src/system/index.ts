/** The system domain: public parameters, global configuration, extended functions, device scenes, problem types, the operation log. */
export * from './params.js';
export * from './config.js';
export * from './extensions.js';
export * from './adverts.js';
export * from './merchant.js';
export * from './permissions.js';
export * from './calls.js';
export * from './errors.js';
export * from './labels.js';
