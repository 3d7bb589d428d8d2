import type { MENU_TYPE } from '@cbo/contract';

/** The seeded roles besides the super role (the identity module seeds them). */
export type SeededRole = 'finance' | 'operations' | 'customer_service';

/**
 * A menu a module seeds. Each module lists its own in menus.ts and names them in its descriptor
 * (a menu exists only when its screen works); app.ts gathers every module's menus, in module
 * order, and hands them to every module's seed: the identity module stores them, parents before
 * children.
 */
export interface MenuSeed {
  /** Stable identity across starts, `group.screen[.button]`. */
  code: string;
  /** Code of the parent menu; null for a first-level entry. */
  parent: string | null;
  /** An i18n key, `menu.<key>`, translated by the console. */
  name: string;
  path: string;
  /** View url, 'feature/view'; null for directories and buttons. */
  url: string | null;
  icon: string | null;
  type: (typeof MENU_TYPE)[keyof typeof MENU_TYPE];
  order: number;
  /** Permission code; the menu is bound to every route declaring it. */
  perms?: string;
  hidden?: boolean;
  /** Seeded roles (besides the super role) that hold this menu when it is first created. */
  roles?: readonly SeededRole[];
}
