/**
 * The public entry of the contract. Its folders: platform/ (what every domain shares: languages,
 * the envelope and paging, the shape of a call, field rules, the platform's errors, labels),
 * one folder per domain (identity/, system/, fleet/) with that domain's schemas, calls,
 * permission codes, errors and labels, and at this level the catalogues that join the domains
 * (api.ts, errors.ts, permissions.ts, extensions.ts, validation.ts, rules.ts, labels.ts).
 */
export * from './platform/lang.js';
export * from './errors.js';
export * from './validation.js';
export * as rules from './rules.js';
export { MAX_RANGE_DAYS, EXPORT_MAX_ROWS, UPLOAD_IMAGE_TYPES, IMAGE_MAX_SIDE } from './platform/rules.js';
export * from './platform/envelope.js';
export * from './platform/phone.js';
export * from './platform/clients.js';
export * from './platform/exports.js';
export * from './platform/live.js';
export * from './identity/index.js';
export * from './system/index.js';
export * from './fleet/index.js';
export * from './assets/index.js';
export * from './accessories/index.js';
export * from './network/index.js';
export * from './outlet/index.js';
export * from './order/index.js';
export * from './voucher/index.js';
export * from './coupon/index.js';
export * from './separation/index.js';
export * from './reconcile/index.js';
export * from './ledger/index.js';
export * from './deposit/index.js';
export * from './stats/index.js';
export * from './payout/index.js';
export * from './permissions.js';
export * from './extensions.js';
export * from './dashboard.js';
export * from './api.js';
export * from './labels.js';
export { CONTROL_CHAR_RE, LONE_SURROGATE_RE, multiline, withTextRule } from './platform/text-rule.js';
