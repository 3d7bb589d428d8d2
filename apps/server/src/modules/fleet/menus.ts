import type { MenuSeed } from '../identity/menu-seed.js';

/** The fleet module's menus (Device management group, spec 2). */
export const fleetMenus: MenuSeed[] = [];
