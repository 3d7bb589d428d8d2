import { describe, expect, it } from 'vitest';
import { MENU_TYPE, type MenuEntry } from '@cbo/contract';
import { affixRoutes, buildAppRoutes, findRouteTrail, RANGE_PATH, resolveScreen, sidebarRoutes } from './menu-routes';
import { toRouteObjects } from './route-objects';

const entry = (
  id: number,
  parentId: number,
  path: string,
  url: string | null,
  children: MenuEntry[] = [],
): MenuEntry => ({
  id,
  parentId,
  path,
  url,
  name: `menu.${id}`,
  type: url ? MENU_TYPE.menu : MENU_TYPE.directory,
  hidden: false,
  roles: null,
  icon: null,
  orderNum: id,
  perms: null,
  children,
});

describe('range settings route (/setRnge, hidden, fixed)', () => {
  it('exists, hidden from the sidebar, for an account that may open the system configuration', () => {
    const routes = buildAppRoutes(
      [entry(1, 0, '/system', null, [entry(2, 1, '/system/config', 'system/config')])],
      null,
    );
    expect(findRouteTrail(routes, RANGE_PATH)?.at(-1)).toMatchObject({
      url: 'system/set-range',
      hidden: true,
      name: 'sysConfig.range.title',
    });
    expect(resolveScreen(routes, RANGE_PATH).type).toBe('screen');
  });

  it('sits under system management / system configuration in the breadcrumb, is a fixed tab, and stays out of the sidebar', () => {
    const routes = buildAppRoutes(
      [entry(1, 0, '/system', null, [entry(2, 1, '/system/config', 'system/config')])],
      null,
    );
    expect(findRouteTrail(routes, RANGE_PATH)?.map((r) => r.path)).toEqual(['/system', '/system/config', RANGE_PATH]);
    expect(affixRoutes(routes).map((r) => r.path)).toEqual(['/dashboard', RANGE_PATH]);
    const config = sidebarRoutes(routes).find((r) => r.path === '/system')!.children[0]!;
    expect(config).toMatchObject({ path: '/system/config', children: [] });
    // The router still answers /setRnge at the top level (and /system/config where it was).
    const objects = toRouteObjects(routes);
    expect(objects.some((o) => o.path === RANGE_PATH)).toBe(true);
    expect(resolveScreen(routes, '/system/config').type).toBe('screen');
  });

  it('does not exist for an account without the system configuration', () => {
    const routes = buildAppRoutes(
      [entry(1, 0, '/system', null, [entry(3, 1, '/system/loginLog', 'system/login-log')])],
      null,
    );
    expect(findRouteTrail(routes, RANGE_PATH)).toBeNull();
    expect(resolveScreen(routes, RANGE_PATH).type).not.toBe('screen');
  });
});
