import { useMemo } from 'react';
import { z } from 'zod';
import { useLocation } from 'react-router';
import { App } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { FeedbackBridge } from '@/shared/feedback-bridge';
import { queryClient } from '@/shared/query-client';
import { useSession } from '@/shared/session';
import { buildAppRoutes, NOT_FOUND_PATH } from './menu-routes';
import { AppLayout } from './layout/layout';
import { NotFoundPage } from './not-found';

// Already set through the global before zod loaded (shared/zod-jitless.ts); stated here the
// documented way as well.
z.config({ jitless: true });

/**
 * Everything behind the login (loaded as its own chunk, so /login stays small): the query cache,
 * the routes generated from the account's menu and roles inside the layout, and /404.
 */
export default function Shell() {
  return (
    <App className="app-root" message={{ maxCount: 3 }} notification={{ placement: 'bottomLeft', maxCount: 3 }}>
      <FeedbackBridge />
      <QueryClientProvider client={queryClient}>
        <SignedIn />
      </QueryClientProvider>
    </App>
  );
}

function SignedIn() {
  const { pathname } = useLocation();
  const { menus, roles } = useSession();
  const routes = useMemo(() => buildAppRoutes(menus, roles), [menus, roles]);
  if (pathname === NOT_FOUND_PATH) return <NotFoundPage />;
  return <AppLayout routes={routes} />;
}
