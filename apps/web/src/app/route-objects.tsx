import type { RouteObject } from 'react-router';
import type { AppRoute } from './menu-routes';
import { lazyView } from './view-registry';
import { NotFoundView } from './not-found';

/** A screen by its view url; a url with no view file shows the not-found panel in the layout. */
function ViewSlot({ url }: { url: string }) {
  const View = lazyView(url);
  return View ? <View /> : <NotFoundView />;
}

function relativePath(parent: string, path: string): string | null {
  if (!parent) return path;
  const base = parent === '/' ? '/' : `${parent}/`;
  return path.startsWith(base) ? path.slice(base.length) : null;
}

/**
 * Route tree → react-router route objects. A directory is a plain container (an <Outlet/>, the
 * default when a route has no element) holding its children; a screen renders its view. A child
 * whose absolute path does not sit under its parent's path (menus are edited by hand) is lifted
 * to the top level so it still resolves.
 */
export function toRouteObjects(routes: readonly AppRoute[]): RouteObject[] {
  const top: RouteObject[] = [];
  const convert = (r: AppRoute, parentPath: string): RouteObject | null => {
    if (r.external) return null;
    const rel = relativePath(parentPath, r.path);
    if (rel === null) {
      const lifted = convert(r, '');
      if (lifted) top.push(lifted);
      return null;
    }
    const children = r.children.map((c) => convert(c, r.path)).filter((c): c is RouteObject => c !== null);
    const view = r.url ? <ViewSlot url={r.url} /> : undefined;
    if (children.length === 0) return { path: rel, element: view };
    return { path: rel, children: [...(view ? [{ index: true, element: view }] : []), ...children] };
  };
  for (const r of routes) {
    const o = convert(r, '');
    if (o) top.push(o);
  }
  return top;
}
