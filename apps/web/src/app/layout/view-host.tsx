import { Activity, Suspense, useMemo } from 'react';
import { useLocation, useRoutes, type Location, type RouteObject } from 'react-router';
import { ErrorBoundary } from '@/shared/error-boundary';
import { TopProgress } from '@/shared/top-progress';
import type { ViewCache } from './view-cache';

/**
 * Renders every screen kept alive (tab bar): the active one visible, the others inside
 * hidden <Activity> boundaries, which keep their state but pause their effects. Each screen is
 * matched against its own address, so useLocation/useParams inside a hidden screen still see
 * the address it was opened with.
 */
export function ViewHost({
  routes,
  cache,
  activePath,
}: {
  routes: RouteObject[];
  cache: ViewCache;
  activePath: string;
}) {
  const location = useLocation();
  return (
    <>
      {cache.views.map((v) => {
        const active = v.path === activePath;
        return (
          <Activity key={`${v.path}#${v.refresh}`} mode={active ? 'visible' : 'hidden'}>
            <div className="app-view">
              <ErrorBoundary>
                <Suspense fallback={<TopProgress />}>
                  <RoutedView
                    routes={routes}
                    location={active ? location : undefined}
                    pathname={v.path}
                    search={v.search}
                  />
                </Suspense>
              </ErrorBoundary>
            </div>
          </Activity>
        );
      })}
    </>
  );
}

function RoutedView({
  routes,
  location,
  pathname,
  search,
}: {
  routes: RouteObject[];
  location?: Location;
  pathname: string;
  search: string;
}) {
  // A stable stand-in address for a hidden screen, so it is not re-rendered on every navigation.
  const kept = useMemo<Partial<Location>>(
    () => ({ pathname, search, hash: '', state: null, key: `kept:${pathname}` }),
    [pathname, search],
  );
  return useRoutes(routes, location ?? kept);
}
