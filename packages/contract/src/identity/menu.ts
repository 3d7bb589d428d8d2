import { z } from 'zod';

/** Menu types: directory, menu, button. Buttons (2) never become routes. */
export const MENU_TYPE = { directory: 0, menu: 1, button: 2 } as const;
export type MenuType = (typeof MENU_TYPE)[keyof typeof MENU_TYPE];

export interface MenuEntry {
  id: number;
  parentId: number;
  path: string;
  url: string | null;
  name: string;
  type: MenuType;
  hidden: boolean;
  roles: string[] | null;
  icon: string | null;
  orderNum: number;
  perms: string | null;
  children: MenuEntry[];
}

// A recursive tree: its id makes it one named component of the OpenAPI document.
export const menuEntry: z.ZodType<MenuEntry> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      parentId: z.number().int(),
      path: z.string(),
      url: z.string().nullable(),
      name: z.string(),
      type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
      hidden: z.boolean(),
      roles: z.array(z.string()).nullable(),
      icon: z.string().nullable(),
      orderNum: z.number().int(),
      perms: z.string().nullable(),
      children: z.array(menuEntry),
    }),
  )
  .meta({ id: 'MenuEntry' });

/**
 * A menu's route as the console routes it: a path starting with '/' stands alone, any other is
 * joined to its parent's route; trailing slashes are dropped.
 */
export function joinMenuPath(parent: string, path: string): string {
  const p = path.trim();
  if (!p) return parent || '/';
  if (p.startsWith('/')) return p.replace(/\/+$/, '') || '/';
  const base = parent.replace(/\/+$/, '');
  return `${base}/${p.replace(/\/+$/, '')}`;
}

/** Whether a route pattern (':param' matches any one segment) matches an address's path. */
export function menuPathMatches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.split('/').filter(Boolean);
  if (a.length !== b.length) return false;
  return a.every((seg, i) => seg.startsWith(':') || seg === safeDecode(b[i]!));
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * GET pathStatus?path: whether a directory or menu has this route at all, and whether the account
 * holds it, so the console tells "you may not open this" (403) from "there is no such page" (404).
 */
export const pathStatusQuery = z.object({ path: z.string().trim().min(1).max(200) });
export const pathStatus = z.object({ exists: z.boolean(), granted: z.boolean() });
export type PathStatus = z.infer<typeof pathStatus>;

/** GET getButton?path: the permission codes of the buttons the account may use on a screen. */
export const buttonQuery = z.object({ path: z.string().trim().min(1).max(200) });
export const buttonList = z.array(z.string());

/** GET dashbord?path (the path's spelling is kept as clients call it): the widgets the account may see on a dashboard. */
export const dashboardQuery = z.object({ path: z.string().trim().min(1).max(200) });
export const dashboardConfig = z.object({ path: z.string(), widgets: z.array(z.string()) });
export type DashboardConfig = z.infer<typeof dashboardConfig>;

/** Menu names the server treats specially (order separation, direct management). */
export const SPECIAL_MENU_NAMES = {
  orderSeparation: 'menu.orderSeparation',
  directManagement: 'menu.directManagement',
} as const;
