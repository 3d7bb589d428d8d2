/** Every table of every module, for Drizzle and drizzle-kit. Modules own their tables. */
export * from './modules/identity/tables.js';
export * from './modules/system/tables.js';
export * from './modules/fleet/tables.js';
export * from './platform/files/tables.js';
