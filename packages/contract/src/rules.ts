/**
 * Every field rule, exported together as `rules`: the shared ones (platform/rules.ts) and each
 * domain's own.
 */
export * from './platform/rules.js';
export * from './identity/rules.js';
export * from './fleet/rules.js';
