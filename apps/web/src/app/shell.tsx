import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/shared/query-client';
import { useSession } from '@/shared/session';
import { buildAppRoutes, NOT_FOUND_PATH } from './menu-routes';
import { AppLayout } from './layout/layout';
import { NotFoundPage } from './not-found';

/**
 * Everything behind the login (loaded as its own chunk, so /login stays small): the query cache,
 * the routes generated from the account's menu and roles inside the layout, and /404.
 */
export default function Shell() {
  return (
    <QueryClientProvider client={queryClient}>
      <SignedIn />
    </QueryClientProvider>
  );
}

function SignedIn() {
  const { pathname } = useLocation();
  const { menus, roles } = useSession();
  const routes = useMemo(() => buildAppRoutes(menus, roles), [menus, roles]);
  if (pathname === NOT_FOUND_PATH) return <NotFoundPage />;
  return <AppLayout routes={routes} />;
}
