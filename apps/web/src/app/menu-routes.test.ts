import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '@cbo/contract';
import {
  buildAppRoutes,
  filterRoutesByRoles,
  findRouteTrail,
  hasRoutePermission,
  menuToRoutes,
  resolveScreen,
  sidebarRoutes,
  type AppRoute,
} from './menu-routes';
import { menuEntry } from '@/test/fixtures';

/** A menu entry of these tests: a name is always given. */
const entry = (p: Partial<MenuEntry> & Pick<MenuEntry, 'path' | 'name'>): MenuEntry => menuEntry(p);

const menus: MenuEntry[] = [
  entry({
    path: '/system',
    name: 'menu.system',
    type: 0,
    orderNum: 9,
    icon: 'system',
    children: [
      entry({
        path: '/system/loginLog',
        name: 'menu.loginLog',
        url: 'system/login-log',
        orderNum: 2,
        roles: ['admin'],
        children: [entry({ path: '', name: 'query', type: 2, perms: 'sys:loginLog:query' })],
      }),
      entry({ path: 'operLog', name: 'menu.operationLog', url: 'system/oper-log', orderNum: 1 }),
    ],
  }),
  entry({ path: '/dashboard', name: 'menu.dashboard', url: 'dashboard/index', orderNum: 1, icon: 'dashboard' }),
  entry({ path: '/order/separation', name: 'menu.orderSeparation', url: 'order/separation', orderNum: 5 }),
  entry({ path: 'https://docs.example.com', name: 'Docs', orderNum: 10 }),
];

const paths = (rs: AppRoute[]): unknown => rs.map((r) => (r.children.length ? [r.path, paths(r.children)] : r.path));

describe('menuToRoutes', () => {
  const routes = menuToRoutes(menus);

  it('nests children with absolute paths, in orderNum order, skipping buttons', () => {
    expect(paths(routes)).toEqual([
      '/dashboard',
      '/order/separation',
      ['/system', ['/system/operLog', '/system/loginLog']],
      'https://docs.example.com',
    ]);
    const loginLog = routes[2]!.children[1]!;
    expect(loginLog).toMatchObject({ url: 'system/login-log', name: 'menu.loginLog', roles: ['admin'], children: [] });
  });

  it('gives entries without a url a plain container', () => {
    expect(routes[2]).toMatchObject({ path: '/system', url: null });
  });

  it('hides the order-separation entry from the sidebar but keeps its route', () => {
    expect(routes[1]).toMatchObject({ path: '/order/separation', hidden: true });
    expect(paths(sidebarRoutes(routes))).not.toContain('/order/separation');
  });

  it('leaves out of the sidebar a directory whose screens are all hidden (finance holds Users only for the customer screen), keeps its route', () => {
    const users = menuToRoutes([
      entry({
        path: '/member',
        name: 'menu.user',
        type: 0,
        children: [entry({ path: '/member/detail', name: 'menu.customer', url: 'network/customer', hidden: true })],
      }),
      entry({ path: '/empty', name: 'menu.empty', type: 0 }),
    ]);
    expect(paths(sidebarRoutes(users))).toEqual(['/empty']);
    expect(resolveScreen(users, '/member/detail')).toMatchObject({ type: 'screen' });
  });

  it('marks http/https/mailto/tel paths as external links', () => {
    expect(routes[3]).toMatchObject({ external: true, url: null });
  });

  it('treats a vue-element-admin "Layout" url as a container', () => {
    expect(menuToRoutes([entry({ path: '/x', name: 'x', url: 'Layout' })])[0]!.url).toBeNull();
  });
});

describe('role filtering', () => {
  it('opens a route with no role list to all', () => {
    expect(hasRoutePermission(['user'], { roles: null })).toBe(true);
    expect(hasRoutePermission(['user'], { roles: [] })).toBe(true);
  });

  it('needs one matching role otherwise', () => {
    expect(hasRoutePermission(['user', 'admin'], { roles: ['admin'] })).toBe(true);
    expect(hasRoutePermission(['user'], { roles: ['admin', 'editor'] })).toBe(false);
  });

  it('lets a null role list on the user side see everything', () => {
    expect(hasRoutePermission(null, { roles: ['admin'] })).toBe(true);
  });

  it('drops routes the roles do not allow, and directories left empty', () => {
    const tree = menuToRoutes([
      entry({
        path: '/secret',
        name: 's',
        type: 0,
        children: [entry({ path: '/secret/a', name: 'a', url: 'x/a', roles: ['root'] })],
      }),
      ...menus,
    ]);
    const forUser = filterRoutesByRoles(tree, ['user']);
    expect(paths(forUser)).toEqual([
      '/dashboard',
      '/order/separation',
      ['/system', ['/system/operLog']],
      'https://docs.example.com',
    ]);
    const forAdmin = filterRoutesByRoles(tree, ['admin']);
    expect(findRouteTrail(forAdmin, '/system/loginLog')?.map((r) => r.path)).toEqual(['/system', '/system/loginLog']);
    expect(findRouteTrail(forAdmin, '/secret/a')).toBeNull();
  });
});

describe('buildAppRoutes', () => {
  it('keeps the menu dashboard (fixed tab) and adds the hidden personal center', () => {
    const routes = buildAppRoutes(menus, ['user']);
    const dash = findRouteTrail(routes, '/dashboard')!;
    expect(dash).toHaveLength(1);
    expect(dash[0]).toMatchObject({ name: 'menu.dashboard', affix: true });
    expect(routes.filter((r) => r.path === '/dashboard')).toHaveLength(1);
    expect(findRouteTrail(routes, '/my/my')?.at(-1)).toMatchObject({
      url: 'profile/my',
      name: 'menu.my',
      hidden: true,
    });
  });

  it('adds the fixed dashboard when the menu has none (or failed to load)', () => {
    const routes = buildAppRoutes([], ['user']);
    expect(findRouteTrail(routes, '/dashboard')?.at(-1)).toMatchObject({
      url: 'dashboard/index',
      name: 'menu.dashboard',
      affix: true,
    });
  });
});

describe('resolveScreen', () => {
  const routes = buildAppRoutes(menus, ['admin']);

  it('redirects / to the dashboard', () => {
    expect(resolveScreen(routes, '/')).toEqual({ type: 'redirect', to: '/dashboard' });
  });

  it('finds a screen with its trail for the breadcrumb', () => {
    const r = resolveScreen(routes, '/system/loginLog');
    expect(r.type === 'screen' && r.trail.map((x) => x.name)).toEqual(['menu.system', 'menu.loginLog']);
  });

  it('sends a bare directory to its first screen', () => {
    expect(resolveScreen(routes, '/system')).toEqual({ type: 'redirect', to: '/system/operLog' });
  });

  it('leaves paths the account has no route for to the layout (403 or 404)', () => {
    // Not among the account's routes: the layout asks the server whether it exists (403) or not (404).
    expect(resolveScreen(routes, '/nope')).toEqual({ type: 'unknown' });
    expect(resolveScreen(buildAppRoutes(menus, ['user']), '/system/loginLog')).toEqual({ type: 'unknown' });
  });

  it('drops a trailing slash so a screen has one address', () => {
    expect(resolveScreen(routes, '/system/loginLog/')).toEqual({ type: 'redirect', to: '/system/loginLog' });
  });

  it('matches :param segments', () => {
    const withParam = menuToRoutes([
      entry({ path: '/order/detail/:id', name: 'd', url: 'order/detail', hidden: true }),
    ]);
    expect(resolveScreen(withParam, '/order/detail/42').type).toBe('screen');
  });
});
