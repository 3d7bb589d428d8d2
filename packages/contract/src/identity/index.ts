/** The identity domain: accounts, sign-in and sessions, the personal center, roles, menus, the organization, the login log. */
export * from './auth.js';
export * from './menu.js';
export * from './profile.js';
export * from './admin.js';
export * from './login-log.js';
export { AVATAR_MAX_BYTES } from './rules.js';
export * from './permissions.js';
export * from './calls.js';
export * from './errors.js';
export * from './labels.js';
