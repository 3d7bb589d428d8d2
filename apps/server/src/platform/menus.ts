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

/**
 * First-level groups that hold the screens of more than one module (Operation management holds
 * the assets' screens, the network's regions and teams and the outlet module's direct-sales
 * outlets; Feedback holds repair tickets and cooperation applications). They are declared once
 * here and seeded before every module's menus, so no module owns another module's parent and
 * each module still lists only its own screens.
 */
export const SHARED_MENU_GROUPS: readonly MenuSeed[] = [
  {
    code: 'operation',
    parent: null,
    name: 'menu.operation',
    path: '/operation',
    url: null,
    icon: 'ToolOutlined',
    type: 0,
    order: 20,
    roles: ['operations', 'customer_service'],
  },
  {
    code: 'feedback',
    parent: null,
    name: 'menu.feedback',
    path: '/feedback',
    url: null,
    icon: 'MessageOutlined',
    type: 0,
    order: 80,
    roles: ['operations', 'customer_service'],
  },
];
