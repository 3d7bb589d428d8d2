/**
 * Every table, for drizzle-kit (migrations). Each module and each platform service owns its
 * tables; nothing under platform/ imports this file.
 */
export * from './modules/identity/tables.js';
export * from './modules/system/tables.js';
export * from './modules/fleet/tables.js';
export * from './modules/accessories/tables.js';
export * from './modules/assets/tables.js';
export * from './modules/network/tables.js';
export * from './modules/outlet/tables.js';
export * from './modules/ledger/tables.js';
export * from './modules/order/tables.js';
export * from './modules/stats/tables.js';
export * from './modules/deposit/tables.js';
export * from './modules/voucher/tables.js';
export * from './modules/payout/tables.js';
export * from './modules/coupon/tables.js';
export * from './modules/separation/tables.js';
export * from './modules/reconcile/tables.js';
export * from './platform/files/tables.js';
export * from './platform/exports/tables.js';
export * from './platform/audit/tables.js';
export * from './platform/rate-limit/tables.js';
