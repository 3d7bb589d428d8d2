import { joinMenuPath, MENU_TYPE, menuPathMatches, SPECIAL_MENU_NAMES, type MenuEntry } from '@cbo/contract';

/**
 * The server's menu tree turned into the console's route tree. Pure functions: the
 * router, sidebar, breadcrumb, tabs and page title all read the result.
 */
export interface AppRoute {
  /** Absolute path ('/system/loginLog'), or the address of an external link. */
  path: string;
  /** Title: an i18n key such as 'menu.loginLog', or plain text when no translation exists. */
  name: string;
  /** View url 'feature/view'; null for a plain container (a directory). */
  url: string | null;
  icon: string | null;
  /** Not shown in the sidebar; still reachable by address. */
  hidden: boolean;
  roles: string[] | null;
  /** Opens outside the console (http, https, mailto, tel). */
  external: boolean;
  /** A tab that cannot be closed (the dashboard). */
  affix?: boolean;
  children: AppRoute[];
}

export const DASHBOARD_PATH = '/dashboard';
export const PROFILE_PATH = '/my/my';
/** range settings, a fixed route hidden from the sidebar, opened as a tab of its own. */
export const RANGE_PATH = '/setRnge';
/** The range settings belong to the system configuration: an account that may open it gets them. */
const RANGE_OWNER_URL = 'system/config';

/** a link is external when it begins with http, https, mailto or tel. */
export function isExternal(path: string): boolean {
  return /^(https?:|mailto:|tel:)/i.test(path);
}

/** Views named like vue-element-admin's layout components are containers, not screens. */
const CONTAINER_URLS = new Set(['layout', 'parentview', 'routeview']);

function normaliseUrl(url: string | null): string | null {
  const u =
    url
      ?.trim()
      .replace(/^\/+/, '')
      .replace(/\.tsx$/, '') ?? '';
  return u && !CONTAINER_URLS.has(u.toLowerCase()) ? u : null;
}

/** Joins a menu's path to its parent's route (the contract's rule, shared with the server). */
export const joinPath = joinMenuPath;

/**
 * MenuEntry tree → route tree: buttons (type 2) skipped, children nested with absolute paths,
 * siblings in orderNum order, the order-separation entry hidden from the sidebar.
 */
export function menuToRoutes(entries: readonly MenuEntry[], parentPath = ''): AppRoute[] {
  return [...entries]
    .filter((e) => e.type !== MENU_TYPE.button)
    .sort((a, b) => a.orderNum - b.orderNum || a.id - b.id)
    .map((e): AppRoute => {
      const external = isExternal(e.path.trim());
      const path = external ? e.path.trim() : joinPath(parentPath, e.path);
      return {
        path,
        name: e.name,
        url: external ? null : normaliseUrl(e.url),
        icon: e.icon,
        hidden: e.hidden || e.name === SPECIAL_MENU_NAMES.orderSeparation,
        roles: e.roles,
        external,
        children: external ? [] : menuToRoutes(e.children ?? [], path),
      };
    });
}

/**
 * a route with no role list (null or empty) is open to all; otherwise one of the user's
 * roles must be in it. A null role list on the user's side allows every route.
 */
export function hasRoutePermission(userRoles: readonly string[] | null, route: Pick<AppRoute, 'roles'>): boolean {
  if (userRoles === null) return true;
  if (!route.roles || route.roles.length === 0) return true;
  return route.roles.some((r) => userRoles.includes(r));
}

/**
 * Keeps the routes the roles allow. A directory whose children were all filtered out is dropped
 * too: it would be an empty group in the sidebar leading nowhere.
 */
export function filterRoutesByRoles(routes: readonly AppRoute[], userRoles: readonly string[] | null): AppRoute[] {
  const out: AppRoute[] = [];
  for (const r of routes) {
    if (!hasRoutePermission(userRoles, r)) continue;
    const children = filterRoutesByRoles(r.children, userRoles);
    if (!r.url && !r.external && r.children.length > 0 && children.length === 0) continue;
    out.push({ ...r, children });
  }
  return out;
}

function containsPath(routes: readonly AppRoute[], path: string): boolean {
  return routes.some((r) => r.path === path || containsPath(r.children, path));
}

function containsUrl(routes: readonly AppRoute[], url: string): boolean {
  return routes.some((r) => r.url === url || containsUrl(r.children, url));
}

/**
 * The whole route tree of a signed-in account: the permitted menu routes plus the fixed routes.
 * The dashboard is fixed (and the unclosable first tab); the menu's own dashboard
 * entry, when it has one, keeps its place and name. The personal center is reached from the
 * avatar menu only.
 */
export function buildAppRoutes(menus: readonly MenuEntry[], userRoles: readonly string[] | null): AppRoute[] {
  const routes = filterRoutesByRoles(menuToRoutes(menus), userRoles).map((r) => markAffix(r));
  const fixed: AppRoute[] = [];
  if (!containsPath(routes, DASHBOARD_PATH)) {
    fixed.push({
      path: DASHBOARD_PATH,
      name: 'menu.dashboard',
      url: 'dashboard/index',
      icon: 'dashboard',
      hidden: false,
      roles: null,
      external: false,
      affix: true,
      children: [],
    });
  }
  const profile: AppRoute = {
    path: '/my',
    name: '',
    url: null,
    icon: null,
    hidden: true,
    roles: null,
    external: false,
    children: [
      {
        path: PROFILE_PATH,
        name: 'menu.my',
        url: 'profile/my',
        icon: 'user',
        hidden: true,
        roles: null,
        external: false,
        children: [],
      },
    ],
  };
  // The range settings sit (hidden) under the system configuration, so their breadcrumb reads
  // system management / system configuration / range settings; their path stays /setRnge (the
  // router lifts it to the top level). A fixed tab: once opened it stays in the bar, never closed.
  const withRange =
    containsUrl(routes, RANGE_OWNER_URL) && !containsPath(routes, RANGE_PATH)
      ? addUnder(routes, RANGE_OWNER_URL, {
          path: RANGE_PATH,
          name: 'sysConfig.range.title',
          url: 'system/set-range',
          icon: null,
          hidden: true,
          roles: null,
          external: false,
          affix: true,
          children: [],
        })
      : routes;
  return [...fixed, ...withRange, ...(containsPath(routes, PROFILE_PATH) ? [] : [profile])];
}

/** The routes with `child` added to the first route whose view url is `url`. */
function addUnder(routes: readonly AppRoute[], url: string, child: AppRoute): AppRoute[] {
  let done = false;
  const walk = (list: readonly AppRoute[]): AppRoute[] =>
    list.map((r) => {
      if (done) return r;
      if (r.url === url) {
        done = true;
        return { ...r, children: [...r.children, child] };
      }
      return { ...r, children: walk(r.children) };
    });
  return walk(routes);
}

/** The fixed tabs (affix routes), in tree order: never closed (the dashboard shown from the start). */
export function affixRoutes(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((r) => [...(r.affix && r.url ? [r] : []), ...affixRoutes(r.children)]);
}

function markAffix(r: AppRoute): AppRoute {
  return {
    ...r,
    affix: r.path === DASHBOARD_PATH || r.path === RANGE_PATH || undefined,
    children: r.children.map(markAffix),
  };
}

/** ':param' matches any one segment (the contract's rule, shared with the server). */
const pathMatches = menuPathMatches;

/** The chain of routes from the top down to the one at `pathname`, or null when none is. */
export function findRouteTrail(routes: readonly AppRoute[], pathname: string): AppRoute[] | null {
  const clean = pathname.replace(/\/+$/, '') || '/';
  for (const r of routes) {
    if (r.external) continue;
    const below = findRouteTrail(r.children, clean);
    if (below) return [r, ...below];
    if (pathMatches(r.path, clean)) return [r];
  }
  return null;
}

/** The first screen inside a directory (where a bare directory address leads). */
export function firstScreen(route: AppRoute): AppRoute | null {
  // A screen with a ':param' in its path needs a value nobody can guess; it is not a landing.
  if (route.url && !route.external && !route.path.includes(':')) return route;
  for (const c of route.children) {
    if (c.hidden) continue;
    const s = firstScreen(c);
    if (s) return s;
  }
  return null;
}

/** The routes the sidebar shows: hidden ones and their subtrees left out. */
export function sidebarRoutes(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((r) => {
    if (r.hidden) return [];
    const children = sidebarRoutes(r.children);
    // A directory all of whose screens are hidden (finance holds Users only for the hidden customer
    // screen, opened from the fund flows) is no entry of the sidebar: it would open onto nothing.
    if (r.url === null && !r.external && r.children.length > 0 && children.length === 0) return [];
    return [{ ...r, children }];
  });
}

export const NOT_FOUND_PATH = '/404';

export type ScreenResolution =
  { type: 'screen'; trail: AppRoute[] } | { type: 'redirect'; to: string } | { type: 'unknown' };

/**
 * What the layout shows at `pathname`: a screen with its trail, or where to go instead
 * ('/' → the dashboard, a bare directory → its first screen, an empty directory → /404).
 * An address none of the account's routes has is 'unknown': the layout asks the server whether
 * such a route exists at all (then the account lacks permission: 403) or not (404).
 */
export function resolveScreen(routes: readonly AppRoute[], pathname: string): ScreenResolution {
  if (pathname === '/' || pathname === '') return { type: 'redirect', to: DASHBOARD_PATH };
  // One address per screen, so a screen never gets two tabs.
  if (pathname.length > 1 && pathname.endsWith('/'))
    return { type: 'redirect', to: pathname.replace(/\/+$/, '') || '/' };
  const trail = findRouteTrail(routes, pathname);
  if (!trail) return { type: 'unknown' };
  const leaf = trail.at(-1)!;
  if (leaf.url) return { type: 'screen', trail };
  const first = firstScreen(leaf);
  return { type: 'redirect', to: first ? first.path : NOT_FOUND_PATH };
}
